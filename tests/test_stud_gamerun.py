"""combin.stud.game.run: a sampled run's estimate recomputed with the brute force and the naive walk.

A sampled class's best option, value and second moment come from the numpy brute force
(``stud_draw_oracle``: every leaf of every option), its best option without drawing from the
naive game-tree walk; neither shares code with the rank engine that priced the run."""

import io
import random
from fractions import Fraction

import pytest

from combin.stud.core.classes import situations
from combin.stud.core.deck import Deck
from combin.stud.core.situation import Situation
from combin.stud.core.values import hand_table
from combin.stud.game.spec import RunSpec, resolve_rules
from combin.stud.game.run import Throughput, run_game
from combin.stud.game.sampling import Estimate, class_strata, combined, phase_sizes, plan, spreads_of
from combin.stud.nodraw.game import whole_game
from combin.stud.reference.naive import option_values


# the brute force rather than the naive walk for the best option: the walk prices every option of a
# JQKA class in about 0.6 s, the brute force in 0.05 s (80 classes: 45 s against 4 s); the walk
# keeps the options without a draw, and test_stud_advise holds it to the engines on every option
def test_sample_estimate_equals_the_brute_force_on_the_same_draws(tmp_path):
    from stud_draw_oracle import DrawOracle
    deck, rules = Deck.parse("JQKA"), resolve_rules("lunar", None, ())
    stream = io.StringIO()
    sheet, strategy = run_game(deck, rules, workers=0, store_path=tmp_path / "s.sqlite", chunk=4,
                               sample=80, seed=4, want_strategy=True, stream=stream)
    summary = dict(sheet.sections["summary"])
    rows, hands, ups, weights = situations(deck)
    strata = class_strata(deck, rows, hands, ups)
    first, rest = phase_sizes(80, strata)
    oracle = DrawOracle(rules, deck)
    best, without, seconds = {}, {}, {}

    def price(draws):
        for i in {i for found in draws.values() for i in found} - set(best):
            hand, up = tuple(hands[i].tolist()), int(ups[i])
            _, found, leaves = oracle.situation(hand, up)
            best[i] = Fraction(sum(s for _, s, _ in found.values()), leaves)
            seconds[i] = Fraction(sum(s2 for _, _, s2 in found.values()), leaves)
            without[i] = max(option_values(Situation(hand, up, deck), rules,
                                           [("fold", ()), ("play", ())]).values())
    # phase 1 by the shares, phase 2 by Neyman's allocation from phase 1's spread of the gain
    draws, shares = plan(strata, weights.tolist(), first, 4)
    price(draws)
    later, _ = plan(strata, weights.tolist(), rest, "4:phase 2", spreads_of(draws, lambda i: best[i] - without[i]))
    price(later)
    phases = [draws, later]
    # the estimate: the exact game without draws plus the stratified mean gain of drawing
    gain = combined(phases, shares, lambda i: best[i] - without[i])
    control = whole_game(rules, deck, "optimal").expected
    naive = combined(phases, shares, best.__getitem__)
    assert summary["estimated expected result per Ante"] == control + gain.value
    assert summary["expected result of the game without draws (exact control)"] == control
    assert summary["estimated gain of drawing per Ante"] == gain.value
    assert summary["draws in phase 1 (by the strata's shares)"] == first == 40
    assert summary["draws in phase 2 (by Neyman's allocation)"] == rest == 40
    # E[X^2]: the stratified mean of each class's exact second moment, from the brute force
    second = combined(phases, shares, seconds.__getitem__).value
    assert summary["estimated second moment E[X^2] per Ante^2"] == second
    estimated = control + gain.value
    assert summary["estimated variance per Ante^2"] == second - estimated ** 2
    sd = summary["estimated SD per Ante (no interval)"]
    assert abs(Fraction(sd) ** 2 - (second - estimated ** 2)) < Fraction(1, 10 ** 30)
    assert summary["draws"] == 80
    low, high = Estimate(estimated, gain.variance, gain.draws).interval()
    assert summary["99% interval of the house edge, low"] == -high
    assert summary["99% interval of the house edge, high"] == -low
    assert summary["99% half-width without the control"] == naive.half_width()
    assert "classes/s/core" in stream.getvalue() and "core-hours" in stream.getvalue()
    # 0.25% on JQKA takes more draws than the deck has classes: the hint points at the exact run
    needed = summary["draws for a 99% half-width of 0.25%"]
    assert needed * summary["situation classes sampled (distinct)"] / summary["draws"] >= len(weights)
    assert (f"a 99% half-width of 0.25% needs about as many classes as the deck's {len(weights):,}: run the "
            "exact game instead") in stream.getvalue()
    assert {r.index for r in strategy.records} == set(best)


def test_throughput_arithmetic():
    speed = Throughput(classes=10, situations=240, seconds=5, cores=2)
    assert speed.per_core() == (1.0, 24.0)
    assert speed.projected_core_hours(7200) == 2.0


def _exact_figures(sheet):
    summary = dict(sheet.sections["summary"])
    results = {key: (p, r) for key, _, p, r in sheet.sections["results"]}
    return summary, results


@pytest.mark.slow
def test_whole_game_moments_equal_the_brute_force_on_jqka(tmp_path):
    """Every class of JQKA (2,424): the mean, E[X^2], the variance and every result's
    probability and return equal the brute force's sums over every leaf (about a minute)."""
    from stud_draw_oracle import DrawOracle
    deck, rules = Deck.parse("JQKA"), resolve_rules("lunar", None, ())
    sheet, _ = run_game(deck, rules, workers=0, store_path=tmp_path / "s.sqlite", chunk=64,
                        stream=io.StringIO())
    summary, results = _exact_figures(sheet)
    mean, second, by_result = DrawOracle(rules, deck).whole_game()
    assert summary["expected result per Ante"] == mean
    assert summary["second moment E[X^2] per Ante^2"] == second
    assert summary["variance per Ante^2"] == second - mean ** 2
    assert results == by_result
    # the run's chunks, as its store keeps them: each a span of whole rank groups (a worker sets a
    # group up once), every class once, the order in the run's key
    import json
    import sqlite3
    from combin.stud.game.chunks import GROUPED, rank_group
    with sqlite3.connect(tmp_path / "s.sqlite") as db:
        (key, description), = [(k, json.loads(d)) for k, d in db.execute("select key, description from runs")
                               if json.loads(d).get("mode") == "exact"]
        assert description["order"] == GROUPED
        pieces = [json.loads(r)["classes"] for (r,) in db.execute("select result from chunks where run = ?", (key,))]
    owner = {}
    for n, piece in enumerate(pieces):
        for index, hand, up, *_ in piece:
            assert owner.setdefault(rank_group(hand, up), n) == n
    assert sorted(r[0] for piece in pieces for r in piece) == list(range(len(situations(deck)[3])))
    assert len(pieces) > 1 and all(len(piece) >= 64 for piece in pieces[:-1])


def test_a_long_exact_run_is_announced_with_its_projection_and_what_the_store_holds(tmp_path):
    from combin.running.store import Store
    from combin.stud.game.chunks import solve_chunk
    from combin.stud.game.spec import RunSpec, resolve_rules
    from combin.stud.game.run import announce_exact_run
    deck, rules = Deck.parse("JQKA"), resolve_rules("lunar", None, ())
    _, hands, ups, weights = situations(deck)
    chunks = RunSpec.of(deck, rules, chunk=400).chunks(hands, ups, weights, list(range(len(weights))))
    description = RunSpec.of(deck, rules, "exact", 400).to_json()
    with Store(tmp_path / "s.sqlite") as store:
        stream = io.StringIO()
        announce_exact_run(stream, deck, rules, chunks, store, description, 2)
        first, second, *_, last = stream.getvalue().splitlines()
        assert f"prices {len(weights):,} situation classes; measuring the classes of 12 of its rank groups" in first
        assert "core-hours (about" in second and "on 2 workers)" in second
        assert f"chunks already in the store: 0 of {len(chunks)}" in second
        assert "combin game lunar --sample 100000 --seed 1" in last and "--shards DIR" in last
        key = store.begin(description, len(chunks))
        store.save(key, 0, solve_chunk(*chunks[0]))
        stream = io.StringIO()
        announce_exact_run(stream, deck, rules, chunks, store, description, 1)
        assert f"chunks already in the store: 1 of {len(chunks)}" in stream.getvalue()
        assert "on 1 worker)" in stream.getvalue()


def test_the_size_hint_names_a_sample_size_or_the_exact_run():
    from combin.stud.game.run import size_hint
    summary = {"draws for a 99% half-width of 0.25%": 1_000, "situation classes sampled (distinct)": 90,
               "draws": 100}
    stream = io.StringIO()
    size_hint(stream, summary, per_core=100.0, cores=2, classes=5_649_150)
    # 1,000 draws of which 9 in 10 are distinct classes: 900 classes at 100 a second, 0.0025 core-hours
    assert stream.getvalue() == ("game: for a 99% half-width of 0.25% use about --sample 1,000 "
                                 "(0.0 core-hours at 100.00 classes/s/core, about 0.0 hours on 2 workers here)\n")
    stream = io.StringIO()
    size_hint(stream, summary, per_core=100.0, cores=2, classes=900)
    assert stream.getvalue() == ("game: a 99% half-width of 0.25% needs about as many classes as the deck's 900: "
                                 "run the exact game instead (about 0.0 core-hours here)\n")
    stream = io.StringIO()
    size_hint(stream, {"draws for a 99% half-width of 0.25%": None}, per_core=100.0, cores=2)
    assert stream.getvalue() == ""


def test_a_round_is_counted_once_per_game_and_again_for_another_game(monkeypatch):
    """class_nets keeps its last rounds by the game's run description, not by the rules object:
    two equal rules objects share one count; another reading, or the same game on other
    classes, is counted again (and its nets differ)."""
    from combin.stud.core.rules import load_rules
    from combin.stud.game import run
    deck = Deck.parse("JQKA")
    _, hands, ups, weights = situations(deck)
    classes = [(hands[i].tolist(), int(ups[i]), int(weights[i]), 1) for i in range(0, 2400, 300)]
    counted = []

    def counting(*args, **kwargs):
        counted.append(1)
        return strategy_nets(*args, **kwargs)
    strategy_nets = run.strategy_nets
    monkeypatch.setattr(run, "strategy_nets", counting)
    monkeypatch.setattr(run, "_NETS", [])
    one, other = load_rules("lunar").resolve(), load_rules("lunar").resolve()
    assert one is not other
    first = run.class_nets(deck, one, classes)
    first["optimal"].clear()                      # what a caller does to its copy stays there
    again = run.class_nets(deck, other, classes)
    assert len(counted) == 1 and again == run.class_nets(deck, one, classes) and again["optimal"]
    even = run.class_nets(deck, resolve_rules("lunar", None, (("L8", "even-money"),)), classes)
    fewer = run.class_nets(deck, one, classes[1:])
    assert len(counted) == 3 and even != again and fewer != again


def test_the_round_is_stored_with_its_run_and_read_back_as_counted(tmp_path, monkeypatch):
    """stored_round (what run_game calls for an exact run): the round counted once is kept in the
    store as one more run of one chunk, keyed by the run it belongs to; read back it is the round
    counted, exactly, and is not counted again; a game without a side wager stores nothing; a
    damaged round is an error naming the store, as run_game reports it."""
    import sqlite3
    from combin.errors import CombinError
    from combin.running.store import Store
    from combin.stud.game import run
    deck, rules = Deck.parse("JQKA"), resolve_rules("lunar", None, ())
    _, hands, ups, weights = situations(deck)
    classes = [(hands[i].tolist(), int(ups[i]), int(weights[i]), 1 + i % 3) for i in range(0, 2400, 150)]
    description = RunSpec.of(deck, rules, chunk=32).to_json()
    path = tmp_path / "s.sqlite"
    monkeypatch.setattr(run, "_NETS", [])               # no round kept by the process
    with Store(path) as store:
        counted = run.stored_round(store, description, lambda: run.class_nets(deck, rules, classes))
        assert [(d, chunks, done) for _, d, chunks, done in store.runs()] == \
            [({"round_of": description, "format": run.ROUND_FORMAT}, 1, 1)]
        assert run.stored_round(store, {"other": 1}, lambda: None) is None
        # a round of an earlier format (each class under its canonical five's Super key alone) is
        # kept under another key: never read for this one
        old = store.begin({"round_of": description}, 1)
        store.save(old, 0, {"optimal": {}, "basic": {}})
    monkeypatch.setattr(run, "_NETS", [])
    assert counted == run.class_nets(deck, rules, classes) and set(counted) == {"optimal", "basic"}
    with Store(path) as store:
        read = run.stored_round(store, description, lambda: pytest.fail("counted again"))
        assert sorted(row[2:] for row in store.runs()) == [(1, 0), (1, 1), (1, 1)]   # the round, the old, nothing for None
    assert read == counted and all(isinstance(p, Fraction) for nets in read.values()
                                   for cell in nets.values() for p in cell.values())
    with sqlite3.connect(path) as db:                   # a round that is not one any more
        db.execute("UPDATE chunks SET result = '{\"optimal\": 1}'")
    db.close()
    with Store(path) as store, pytest.raises(CombinError, match="the store .*s.sqlite holds chunk results"):
        with run._from_store(store):
            run.stored_round(store, description, lambda: pytest.fail("counted again"))


def test_the_projection_measures_whole_rank_groups_in_the_runs_order():
    # the classes of three seeded rank groups (a five's ranks and the up rank), every one of each,
    # ordered as a run prices them: a group shares the ranks' part and the forcing sums
    from combin.stud.game.chunks import cpu_per_class, rank_group_order
    from combin.stud.game.spec import RunSpec, resolve_rules
    deck, rules = Deck.parse("TJQKA"), resolve_rules("lunar", None, ())
    _, hands, ups, weights = situations(deck)
    run, rows = RunSpec.of(deck, rules, "probe", len(weights)).chunks(hands, ups, weights, range(len(weights)))[0]

    def group(row):
        return tuple(sorted(card >> 2 for card in row[:5])), row[5] >> 2
    seconds, picked = cpu_per_class(run, rows, 3, 7)
    groups = {group(row) for row in picked}
    assert seconds > 0 and 1 <= len(groups) <= 3
    # one more seeded group is priced first, unmeasured (the process's first class loads more than
    # warm_up does): the groups measured are the seeded ones after it
    seeded = list(dict.fromkeys(group(row) for row in random.Random(7).sample(rows, 4)))
    assert groups == set(seeded[1:])
    assert sorted(map(tuple, picked)) == sorted(tuple(row) for row in rows if group(row) in groups)
    assert rank_group_order([row[:5] for row in picked], [row[5] for row in picked]) == list(range(len(picked)))


def test_the_rank_group_keys_split_and_sort_the_classes_as_the_groups_do():
    # every class of TJQKA (and a handful of 52-card ones): two classes share an integer key exactly
    # when their rank multisets and up ranks (read card by card here) are equal, and the keys sort
    # as those tuples do
    from combin.stud.game.chunks import rank_group, rank_group_keys
    for deck in (Deck.parse("TJQKA"), Deck.parse(None)):
        _, hands, ups, _ = situations(deck)
        picked = range(len(ups)) if len(ups) < 10_000 else random.Random(3).sample(range(len(ups)), 3000)
        keys = rank_group_keys([hands[i] for i in picked], [ups[i] for i in picked]).tolist()
        tuples = [(tuple(sorted(int(c) // 4 for c in hands[i])), int(ups[i]) // 4) for i in picked]
        assert [rank_group(hands[i], ups[i]) for i in picked] == tuples
        assert len(set(keys)) == len(set(tuples)) > 1
        assert sorted(range(len(keys)), key=lambda j: (keys[j], j)) == sorted(range(len(tuples)),
                                                                           key=lambda j: (tuples[j], j))
