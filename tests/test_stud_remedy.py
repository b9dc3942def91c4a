"""combin.stud.game.remedy and ``combin solve GAME --vary``: a fee or a Bet pay solved exactly (on JQKA).

The second methods: engine runs of their own at the whole fees either side (the re-pricing of one
run at another fee must give them exactly), the naive game tree at the solved fractional fee on
seeded classes (it reads the fee as an exact fraction), convexity along the runs, and the Bet pay's
bracket against the runs at its ends."""

import io
import random
from fractions import Fraction

import pytest

from combin.errors import CombinError
from combin.stud.core.classes import situations
from combin.stud.core.deck import Deck
from combin.stud.core.rules import build_rules, load_rules
from combin.stud.core.situation import Situation
from combin.stud.core.variant import merged_entry, parse_variant, variant_rules
from combin.stud.draw.options import option_keys
from combin.stud.game.remedy import (class_steps, exact_run, expected, fee_values, game_file_text, layout_values,
                                     newton_root, rules_at, solve_remedy)

JQKA = Deck.parse("JQKA")


def _rules(values):
    return variant_rules(parse_variant(game_file_text("lunar", values, "t"), "t.toml")).resolve()


def _fee_rules(fee):
    """The game at a whole draw fee, as :func:`solve_remedy` runs it (the same run in a store)."""
    return rules_at(load_rules("lunar"), "draws.fee", Fraction(fee))


@pytest.fixture(scope="module")
def store(tmp_path_factory, jqka_store):
    """The module's store: the JQKA game and the run at fee 1 are in it from the start (the
    suite's :func:`conftest.jqka_store`); the other runs are made here."""
    return jqka_store(tmp_path_factory.mktemp("remedy") / "store.sqlite")


@pytest.fixture(scope="module")
def fee_remedy(store):
    # a target the fee reaches on JQKA (a deck where the player wins 8.43 Antes a round at fee 1)
    return solve_remedy(load_rules("lunar"), JQKA, "draws.fee", Fraction(-5), store_path=store)


def test_newton_lands_on_a_piece_and_refuses_a_target_out_of_reach():
    v = lambda x: max((3 - x, Fraction(-1)), (1 - x / 3, Fraction(-1, 3)))
    assert newton_root(v, Fraction(0), Fraction(-1, 3), Fraction(0))[0] == 4
    with pytest.raises(CombinError, match="no longer moves"):
        newton_root(lambda x: (Fraction(2), Fraction(0)), Fraction(1), Fraction(0))
    assert layout_values(Fraction(3)) == [3] and layout_values(Fraction(7, 2)) == [3, Fraction(7, 2), 4]


def test_the_fee_is_solved_exactly_from_one_run(fee_remedy):
    r = fee_remedy
    assert r.runs == 1 and r.solved is not None and r.goal == 5
    assert 4 < r.solved < 5 and r.solved.denominator > 1
    assert r.points[-1].x == r.solved and r.points[-1].value == 5 and r.points[0].how == "run"
    assert [p.x for p in r.layout] == [4, Fraction(9, 2), 5]
    assert r.layout[0].value > 5 > r.layout[-1].value


def _repriced(store):
    base = exact_run(JQKA, _fee_rules(1), store_path=store)
    return fee_values(base, option_keys(_fee_rules(1)), Fraction(1), True)


def test_a_whole_fee_run_on_its_own_equals_the_re_priced_run(fee_remedy, store):
    """An independent run at fee 4 (the solved fee's lower end) gives exactly what one run at fee 1
    re-prices; V is convex.  Fees 2 and 5 repeat the check in make slow."""
    at = _repriced(store)
    run = expected(exact_run(JQKA, _fee_rules(4), store_path=store))
    assert at(Fraction(4))[0] == run == {p.x: p.value for p in fee_remedy.layout}[4]
    values = [at(Fraction(x, 2))[0] for x in range(0, 14)]
    assert all(values[i - 1] - 2 * values[i] + values[i + 1] >= 0 for i in range(1, 13))   # convex
    assert values[0] - values[2] == 1               # at fee 0 to 1 every class draws on JQKA


@pytest.mark.slow      # two more JQKA runs (about 30 CPU-seconds): the fee-4 check above, repeated
@pytest.mark.parametrize("fee", [2, 5])
def test_other_whole_fees_equal_the_re_priced_run(store, fee):
    assert _repriced(store)(Fraction(fee))[0] == expected(exact_run(JQKA, _fee_rules(fee), store_path=store))


def test_the_naive_tree_at_the_solved_fee_agrees_class_by_class(fee_remedy, store):
    """The naive game tree reads the fee as an exact fraction: at the solved fee, on seeded classes,
    its best option is worth what the run at fee 1 re-prices."""
    from combin.stud.reference.naive import option_values
    fee = fee_remedy.solved
    game = load_rules("lunar")
    variant = parse_variant(game_file_text("lunar", [("draws.fee", 1)], "t"), "t.toml")
    entry = merged_entry(variant)
    entry["draws"]["fee"] = fee
    from combin.registry import games
    rules = build_rules(next(g for g in games() if g.id == game.game.id), entry, variant).resolve()
    assert rules.draw_fee == fee
    base = exact_run(JQKA, _fee_rules(1), store_path=store)
    keys = option_keys(rules)
    draws = [k[0] not in ("fold", "play") for k in keys]
    records = {r.index: r for r in base.records}
    _, hands, ups, _ = situations(JQKA)
    for i in random.Random(5).sample(range(len(records)), 2):
        record = records[i]
        if record.best < 0:
            continue
        repriced = max(Fraction(v, base.scale) - (fee - 1) * d for v, d in zip(record.values, draws))
        naive = option_values(Situation(tuple(int(c) for c in hands[i]), int(ups[i]), JQKA), rules)
        assert max(naive.values()) == repriced, i


def test_a_pay_is_bracketed_between_whole_runs_with_exact_bounds(store):
    """The one-pair pay under L11=best-pair (a sixth card's second pair: no slope per class): the
    whole pays run, the bracket holds the target, the runs are convex, the bounds inside it."""
    # the target lies between the runs at 1 and 2 to 1 (8.4264 and 8.4637 per Ante): three runs, the
    # least a bracket takes (the run at 3 shows the three are not on a line)
    r = solve_remedy(load_rules("lunar"), JQKA, "bet_pays.pays.one_pair", Fraction(-211, 25), store_path=store)
    values = {p.x: p.value for p in r.points}
    assert r.runs == len(values) >= 2 and all(p.slope is None for p in r.points)
    if r.solved is None:
        low, high = r.bracket
        assert high == low + 1 and values[low] < Fraction(211, 25) < values[high]
        assert low <= r.bounds[0] <= r.bounds[1] <= high
    xs = sorted(values)
    assert all(values[a] < values[b] for a, b in zip(xs, xs[1:]))          # a higher pay, a better game
    for a, b, c in zip(xs, xs[1:], xs[2:]):
        assert (values[b] - values[a]) * (c - b) <= (values[c] - values[b]) * (b - a)     # convex
    assert values[1] == expected(exact_run(JQKA, load_rules("lunar").resolve(), store_path=store))


def test_the_slope_of_a_pay_is_read_per_class_only_where_it_is_one_per_class():
    steps = class_steps(lambda p: _rules([("bet_pays.pays.two_pair", "push" if p == 0 else f"{p} to 1")])
                        .stud.resolve(None, {"L11": "first-only"}), "two_pair")
    assert steps is not None and steps["two_pair"] == 1 and steps["one_pair"] == 0 and steps["full_house"] == 0
    assert class_steps(lambda p: _rules([("bet_pays.pays.one_pair", "push" if p == 0 else f"{p} to 1")]),
                       "one_pair") is None        # K-K-Q-Q-J-J bought: two pair and a second pair


def test_the_round_target_moves_the_goal_by_the_super_mean(fee_remedy, store):
    # on JQKA the Super returns about 35 units (five cards of four ranks): a round edge of -4000%
    r = solve_remedy(load_rules("lunar"), JQKA, "draws.fee", Fraction(-40), per="round", multiple=Fraction(1),
                     store_path=store)
    assert r.side_mean is not None and r.goal == 40 - r.side_mean and 4 < r.solved < 5
    assert r.edge(r.points[-1].value) == -40 and r.points[-1].value == r.goal


def test_the_command_refuses_a_bad_setting_in_one_line(capsys):
    from combin.cli import main
    assert main(["solve", "lunar", "--vary", "draws.bogus", "--deck", "JQKA", "--target-edge", "0%"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("combin: error: --vary takes draws.fee or bet_pays.pays.LINE") and err.count("\n") == 1
    assert main(["solve", "lunar", "--vary", "draws.fee", "--line", "x", "--target-edge", "0%"]) == 2
    assert "apply to a wager's solve" in capsys.readouterr().err


def test_a_pay_solved_through_shards_is_the_solve_in_memory(store, tmp_path):
    """The way of the full deck: each run kept in shards of its own (``--shards``), read back from
    its totals alone; the same points, bracket and bounds as the runs held in memory, and a second
    solve reads the shards without pricing a class again."""
    target = Fraction(-211, 25)
    kept = solve_remedy(load_rules("lunar"), JQKA, "bet_pays.pays.one_pair", target, store_path=store,
                        shards=str(tmp_path / "runs"))
    plain = solve_remedy(load_rules("lunar"), JQKA, "bet_pays.pays.one_pair", target, store_path=store)
    assert [(p.x, p.value, p.slope) for p in kept.points] == [(p.x, p.value, p.slope) for p in plain.points]
    assert (kept.solved, kept.bracket, kept.bounds, kept.runs) == (plain.solved, plain.bracket, plain.bounds, plain.runs)
    folders = sorted(path.name for path in (tmp_path / "runs").iterdir())
    assert folders == [f"bet_pays.pays.one_pair={int(p.x)}" for p in sorted(kept.points, key=lambda p: p.x)]
    files = {path: path.stat().st_mtime_ns for path in (tmp_path / "runs").rglob("shard-*.json.gz")}
    assert len(files) == 4 * len(folders)
    again = solve_remedy(load_rules("lunar"), JQKA, "bet_pays.pays.one_pair", target,
                         store_path=str(tmp_path / "empty.sqlite"), shards=str(tmp_path / "runs"))
    assert [(p.x, p.value) for p in again.points] == [(p.x, p.value) for p in kept.points]
    assert {path: path.stat().st_mtime_ns for path in files} == files        # read, not written again


def test_the_totals_hold_each_result_as_the_class_records_sum_it(store):
    """The pay's slope is read off a run's totals (a run in shards keeps no class records): each
    result's total is the weighted sum of the class records' numerators, and a run with forced wins
    gives no slope."""
    from combin.stud.game.remedy import pay_slope
    run = exact_run(JQKA, load_rules("lunar").resolve(), store_path=store)
    summed = {}
    for record in run.records:
        for result, entry in record.results.items():
            summed[result] = summed.get(result, 0) + record.weight * entry[0]
    assert summed == run.totals.results
    rules = load_rules("lunar").resolve()
    wins = run.totals.results["win_one_pair"]
    assert wins and pay_slope(run, rules, "one_pair", {"one_pair": 1}) == Fraction(2 * wins, run.scale * run.weight)
    import dataclasses
    forced = dataclasses.replace(run.totals, results=dict(run.totals.results, forced_won=1))
    with pytest.raises(CombinError, match="forced wins"):
        pay_slope(dataclasses.replace(run, totals=forced), rules, "one_pair", {"one_pair": 1})


@pytest.mark.parametrize("argv, message", [
    (["--vary", "bet_pays.pays.one_pair", "--shards", "/dev/null"], "--shards /dev/null: not a folder"),
    (["eclipse.moon8", "--shards", "SHARDS"], "--shards applies to a game's remedy"),
])
def test_the_command_refuses_a_bad_shards_option_before_any_work(argv, message, capsys, tmp_path):
    from combin.cli import main
    argv = [str(tmp_path / "s") if a == "SHARDS" else a for a in argv]
    head = [] if argv[0] == "eclipse.moon8" else ["lunar"]
    assert main(["solve", *head, *argv, "--deck" if head else "--target-edge", *(["JQKA", "--target-edge"] if head else []), "0%"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("combin: error: ") and err.count("\n") == 1 and message in err, err
    assert not (tmp_path / "s").exists()


def test_the_game_as_it_is_reads_the_committed_52_card_run():
    """On 52 cards a sharded remedy's run at today's pay is the committed run, read from its shards
    (its figures are the committed sheet's); rules of another run are refused, not priced."""
    from pathlib import Path
    from combin.stud.game.remedy import committed_run
    root = Path(__file__).resolve().parent.parent
    full = Deck.parse(None)
    run = committed_run(full, load_rules("lunar").resolve(), str(root / "tables/lunar/game/full"))
    assert run.records == () and run.weight == 122_151_120
    assert expected(run) == Fraction(10674790437769030387, 522827307909502596000)
    with pytest.raises(CombinError, match="another run"):
        committed_run(full, load_rules("lunar").resolve(None, {"L8": "even-money"}),
                      str(root / "tables/lunar/game/full"))


def test_a_fee_solved_through_shards_is_the_solve_in_memory(fee_remedy, store, tmp_path):
    """The draw fee with its run in shards: the classes read back through the store (checked against
    each shard's totals) re-price every fee as the records in memory do; with the store gone they
    are priced again, the same; a store whose chunks are not the shard's is refused."""
    from combin.running.store import Store
    from combin.stud.game.shards import kept_records
    kept = solve_remedy(load_rules("lunar"), JQKA, "draws.fee", Fraction(-5), store_path=store,
                        shards=str(tmp_path / "runs"))
    assert [(p.x, p.value, p.slope) for p in kept.points] == [(p.x, p.value, p.slope) for p in fee_remedy.points]
    assert (kept.solved, kept.runs) == (fee_remedy.solved, 1)
    assert [(p.x, p.value) for p in kept.layout] == [(p.x, p.value) for p in fee_remedy.layout]
    again = solve_remedy(load_rules("lunar"), JQKA, "draws.fee", Fraction(-5),
                         store_path=str(tmp_path / "fresh.sqlite"), shards=str(tmp_path / "runs"))
    assert again.solved == kept.solved
    folder = tmp_path / "runs" / "draws.fee=1"
    with Store(str(tmp_path / "fresh.sqlite")) as opened:
        assert kept_records(folder, 0, opened)[1]
        # the same shard priced under another cut of chunks: the same classes, the same totals
        assert [r.best_value for r in kept_records(folder, 1, opened, chunk=7)[1]] == \
            [r.best_value for r in kept_records(folder, 1, opened)[1]]


def test_classes_that_do_not_sum_to_the_shard_file_are_refused(fee_remedy, store, tmp_path):
    """A shard file whose totals are not what its classes sum to (its second moment moved by one, its
    own digest made again and the plan's pins dropped) is refused by name, not re-priced from."""
    import gzip
    import hashlib
    import json
    import shutil
    from combin.running.store import Store
    from combin.stud.game.shards import kept_records
    solve_remedy(load_rules("lunar"), JQKA, "draws.fee", Fraction(-5), store_path=store, shards=str(tmp_path / "runs"))
    where = tmp_path / "forged"
    shutil.copytree(tmp_path / "runs" / "draws.fee=1", where)
    path = where / "shard-002.json.gz"
    obj = json.loads(gzip.decompress(path.read_bytes()))
    obj["totals"]["second"] = str(int(obj["totals"]["second"]) + 1)
    body = {k: v for k, v in obj.items() if k != "digest"}
    obj["digest"] = hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    path.write_bytes(gzip.compress(json.dumps(obj).encode()))
    plan = json.loads((where / "plan.json").read_text())
    plan["digests"] = [None] * len(plan["digests"])
    (where / "plan.json").write_text(json.dumps(plan))
    with Store(store) as opened:
        assert kept_records(where, 1, opened)[1]            # the shards left as they were still read
        with pytest.raises(CombinError, match="shard 2: the classes priced again do not sum to its file's totals"):
            kept_records(where, 2, opened)


def test_the_committed_run_gives_the_super_s_mean_for_a_round_target():
    """The committed 52-card run keeps the Super's sums: a round target reads the Super's mean from
    them, and it is the Super's own mean on the full deck (its par sheet's count) to the integer;
    a run without the sums (shards written before they were kept) reads the par sheet's."""
    from dataclasses import replace
    from pathlib import Path
    from combin.stud.game.remedy import committed_run
    from combin.stud.game.round import side_mean, side_wager
    root = Path(__file__).resolve().parent.parent
    full = Deck.parse(None)
    rules = load_rules("lunar").resolve()
    run = committed_run(full, rules, str(root / "tables/lunar/game/full"))
    own = side_wager(rules.stud).mean(full)
    assert run.totals.side and run.side_mean == own < 0
    assert side_mean(rules, replace(run.totals, side={}, side_split=0), full) == own
    assert side_mean(rules, replace(run.totals, side={}, side_split=0)) is None


def test_the_committed_folder_is_the_registered_game_s_own_run_on_the_full_deck(monkeypatch):
    from pathlib import Path
    from combin.stud.game.remedy import committed_folder
    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    game, full = load_rules("lunar"), Deck.parse(None)
    folder = committed_folder(game, full, None, None)
    assert folder is not None and Path(folder, "plan.json").is_file()
    assert committed_folder(game, full, "A", {}) == folder
    # another deck, reading or paytable is not the committed run's game: a run of its own
    assert committed_folder(game, JQKA, None, None) is None
    assert committed_folder(game, full, None, {"L8": "even-money"}) is None
    assert committed_folder(game, full, "B", None) is None


def test_a_second_fee_solve_reads_each_shard_s_margins_from_the_store(fee_remedy, tmp_path):
    """The margins of each shard are kept in the store by the shard's pinned digest: with the classes'
    chunks gone from the store (the shard files left), a second solve reads the margins alone -- it
    reads no shard's classes back, so it prices none -- and solves the same fee."""
    import io
    from combin.running.store import Store
    store = str(tmp_path / "s.sqlite")
    first = solve_remedy(load_rules("lunar"), JQKA, "draws.fee", Fraction(-5), store_path=store,
                         shards=str(tmp_path / "runs"))
    assert first.solved == fee_remedy.solved
    folder = tmp_path / "runs" / "draws.fee=1"
    with Store(store) as opened:
        kept = [d for _, d, _, done in opened.runs() if "fee_margins_of" in d and done == 1]
        assert len(kept) == len(list(folder.glob("shard-*.json.gz"))) > 1
        opened._connection().execute("DELETE FROM chunks WHERE run IN (SELECT key FROM runs WHERE description "
                                     "NOT LIKE '%fee_margins_of%')")
        opened._connection().commit()
    said = io.StringIO()
    again = solve_remedy(load_rules("lunar"), JQKA, "draws.fee", Fraction(-5), store_path=store,
                         shards=str(tmp_path / "runs"), stream=said)
    assert (again.solved, [(p.x, p.value) for p in again.layout]) == \
        (first.solved, [(p.x, p.value) for p in first.layout])
    assert "solve: the classes of shard 0" in said.getvalue() and " chunks" not in said.getvalue(), said.getvalue()


@pytest.mark.parametrize("name, target, per", [("draw-fee-edge-0", "0", "ante"), ("draw-fee-edge-2", "1/50", "ante"),
                                               ("draw-fee-round-5", "1/20", "round")])
def test_the_committed_52_card_fee_remedies_hold_together(name, target, per):
    """The draw fee solved on the committed 52-card run (make lunar-remedies): its first step is the
    committed run at today's fee -- the full-deck sheet's exact house edge -- its solved fee gives the
    target edge exactly, the values evaluated are the convex value's (each step's slope the
    probability of drawing there, falling as the fee rises), the layout values either side bracket
    the target, and the .md is the .json rendered."""
    import json
    from pathlib import Path
    root = Path(__file__).resolve().parents[1] / "tables/lunar/game"
    sheet = json.loads((root / "remedies" / f"{name}.json").read_text())
    assert sheet["subject"]["setting"] == "draws.fee" and sheet["subject"]["per"] == per
    steps = sheet["tables"]["steps"]["rows"]
    full = json.loads((root / "full-deck.json").read_text())
    edge = next(Fraction(row["value"]) for row in full["tables"]["summary"]["rows"]
                if row["figure"] == "house edge per Ante")
    first = steps[0]
    assert Fraction(first["value"]) == 1 and first["how"] == "run"
    if per == "ante":
        assert Fraction(first["house_edge"]) == edge
    last = steps[-1]
    assert Fraction(last["house_edge"]) == Fraction(target)
    slopes = [Fraction(row["slope"]) for row in steps]
    xs = [Fraction(row["value"]) for row in steps]
    assert all(s < 0 for s in slopes) and all(a < b for a, b in zip(xs, xs[1:]))
    assert all(s1 <= s2 for (x1, s1), (x2, s2) in zip(zip(xs, slopes), zip(xs[1:], slopes[1:])))
    layout = sheet["tables"]["layout"]["rows"]
    edges = [Fraction(row["house_edge"]) for row in layout]
    assert min(edges) <= Fraction(target) <= max(edges)
    md = (root / "remedies" / f"{name}.md").read_text()
    assert last["value_decimal"][:8] in md


@pytest.mark.parametrize("name, target, per", [("one-pair-edge-0", "0", "ante"), ("one-pair-edge-2", "1/50", "ante"),
                                               ("one-pair-round-5", "1/20", "round")])
def test_the_committed_52_card_one_pair_remedies_hold_together(name, target, per):
    """The Bet's one-pair pay solved on 52 cards (make lunar-remedies): three exact runs, at today's
    1 to 1 (the committed run: the full-deck sheet's house edge), at a push and at 2 to 1 (their
    shards committed); the value rises with the pay and is convex (its chords' slopes rise); the
    target lies between the whole pays 0 and 1, and the exact bounds narrowed by convexity lie
    inside that bracket, the lower at least the chord's root; the .md shows the push's edge."""
    import json
    from pathlib import Path
    root = Path(__file__).resolve().parents[1] / "tables/lunar/game"
    sheet = json.loads((root / "remedies" / f"{name}.json").read_text())
    assert sheet["subject"]["setting"] == "bet_pays.pays.one_pair" and sheet["subject"]["per"] == per
    steps = {Fraction(row["value"]): row for row in sheet["tables"]["steps"]["rows"]}
    assert sorted(steps) == [0, 1, 2] and all(row["how"] == "run" for row in steps.values())
    full = json.loads((root / "full-deck.json").read_text())
    edge = next(Fraction(row["value"]) for row in full["tables"]["summary"]["rows"]
                if row["figure"] == "house edge per Ante")
    game = {x: Fraction(row["game_per_ante"]) for x, row in steps.items()}
    assert game[1] == -edge and game[0] < game[1] < game[2]
    assert game[1] - game[0] < game[2] - game[1]                   # convex: the chords' slopes rise
    edges = {x: Fraction(row["house_edge"]) for x, row in steps.items()}
    if per == "ante":
        assert edges == {x: -value for x, value in game.items()}
    else:
        # the round: the same Super's mean added at every pay (it does not read the Bet)
        assert len({edges[x] + game[x] for x in steps}) == 1
    goal = Fraction(target)
    assert edges[1] < goal < edges[0]
    rows = {row["figure"]: row["value"] for row in sheet["tables"]["solution"]["rows"]}
    assert rows["solved value: between the whole values"] == "0 and 1"
    low = Fraction(rows["solved value: at least (exact bound)"])
    high = Fraction(rows["solved value: at most (exact bound)"])
    # the value lies below the chord of 0 and 1: the root is at or above the chord's
    chord = (goal - edges[0]) / (edges[1] - edges[0])
    assert 0 <= chord <= low < high <= 1
    layout = {Fraction(row["value"]): Fraction(row["house_edge"]) for row in sheet["tables"]["layout"]["rows"]}
    assert layout == {0: edges[0], 1: edges[1]}
    md = (root / "remedies" / f"{name}.md").read_text()
    assert steps[Fraction(0)]["house_edge_decimal"][:8] in md


@pytest.mark.parametrize("name, argv", [("one-pair-edge-0", ["--target-edge", "0%"]),
                                        ("one-pair-round-5", ["--per", "round", "--super", "1", "--target-edge", "5%"])])
def test_the_committed_one_pair_remedy_sheets_are_what_the_solver_writes_from_the_committed_shards(
        name, argv, tmp_path):
    """The Bet's pay's runs are read back from their shards' totals (seconds, no class priced): solved
    again from the committed folders in an empty store, the sheets are the committed ones, byte for
    byte (as make lunar-remedies writes them)."""
    from pathlib import Path
    from combin.cli import main
    root = Path(__file__).resolve().parents[1] / "tables/lunar/game/remedies"
    for format in ("md", "json"):
        out = tmp_path / f"{name}.{format}"
        assert main(["solve", "lunar", "--vary", "bet_pays.pays.one_pair", *argv, "--shards", str(root),
                     "--store", str(tmp_path / "s.sqlite"), "--format", format, "--out", str(out), "-q"]) == 0
        assert out.read_bytes() == (root / f"{name}.{format}").read_bytes(), format


def test_the_draw_fee_2_row_run_on_its_own_is_the_remedys_repricing_of_the_default_run():
    """Two methods for the draw fee at 2 x Ante on 52 cards: the variants table's draw-fee-2 row is
    an exact run of its own (its 256 shards committed); the remedy re-priced every class of the
    default run at that fee (the fee is sunk once paid).  The same integers, game and round."""
    import json
    from pathlib import Path
    root = Path(__file__).resolve().parents[1] / "tables/lunar/game"
    rows = {row["change"]: row for row in json.loads((root / "variants.json").read_text())["tables"]["variants"]["rows"]}
    if "draw-fee-2" not in rows:
        pytest.fail("the variants table has no draw-fee-2 row")
    row = rows["draw-fee-2"]

    def layout(name: str) -> dict:
        found = json.loads((root / "remedies" / f"{name}.json").read_text())["tables"]["layout"]["rows"]
        return next(r for r in found if Fraction(r["value"]) == 2)
    assert Fraction(row["house_edge"]) == Fraction(layout("draw-fee-edge-0")["house_edge"])
    assert Fraction(row["round_house_edge"]) == Fraction(layout("draw-fee-round-5")["house_edge"])
