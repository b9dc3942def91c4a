"""combin.stud.game.control: the game without draws, the exact control of a sampled game with draws."""

import io
from fractions import Fraction

import pytest

from combin.stud.game.control import control_value, game_key, no_draw_expected, reading_key, stored_expectations
from combin.stud.core.deck import Deck
from combin.stud.game.chunks import common_denominator, solve_chunk
from combin.stud.game.spec import RunSpec, resolve_rules
from combin.stud.reference.naive import option_values
from combin.stud.core.situation import Situation
from combin.stud.core.classes import situations
from combin.stud.nodraw.game import whole_game


def test_a_class_record_gives_the_better_of_fold_and_play_as_the_naive_walk_does():
    """X of a record (the draw engine's fold and play values) against the naive game tree."""
    deck, rules = Deck.parse("JQKA"), resolve_rules("lunar", None, ())
    _, hands, ups, weights = situations(deck)
    rows = [[*map(int, hands[i]), int(ups[i]), int(weights[i]), i] for i in range(0, len(weights), 97)]
    result = solve_chunk(RunSpec.of(deck, rules).to_json(), rows)
    scale = result["denominator"]
    assert scale == common_denominator(len(deck), rules)
    for index, hand, up, _, best, values, _ in result["classes"]:
        naive = option_values(Situation(tuple(hand), up, deck), rules, keys=[("fold", ()), ("play", ())])
        if best < 0:
            assert control_value(best, values) == values[0]
            continue
        assert Fraction(control_value(best, values), scale) == max(naive.values())


@pytest.mark.parametrize("text, reading", [("JQKA", ()), ("9TJQA", (("L10", "replace-lowest-once"),))],
                         ids=["default", "L10-lowest"])
def test_the_control_of_a_reduced_deck_is_summed_and_matches_the_records(text, reading):
    """E[X] by whole_game (the dealer counter; with the dealer's lowest card replaced too, whose
    forcing sums every dealer hand the bound keeps) against the sum of every class's X from the
    draw engine (fold and play priced in every class: a run that prices the best option alone)."""
    from combin.stud.game.chunks import records_of
    deck, rules = Deck.parse(text), resolve_rules("lunar", None, reading)
    expected = no_draw_expected(deck, rules)
    game = whole_game(rules, deck, "optimal")
    # four ranks deal no non-qualifying hand (it needs five ranks): nothing forced there
    assert expected == game.expected and (game.forced > 0) == bool(reading)
    _, hands, ups, weights = situations(deck)
    spec = RunSpec.of(deck, rules, chunk=512, price="best")
    scale, records = records_of([solve_chunk(*chunk) for chunk in spec.chunks(hands, ups, weights, range(len(weights)))])
    assert len(records) == len(weights)
    total = sum(r.weight * control_value(r.best, r.values) for r in records)
    assert Fraction(total, scale * sum(r.weight for r in records)) == expected


def test_where_an_instant_five_goes_on_the_control_adds_the_instant_fives_played_on():
    """L7=continue: E[X] is the game without draws where an instant five ends the round (the no-draw
    engine) plus, over every class whose first five has an instant pay, its X as the round goes on
    (the better of fold and play, from the naive game tree, which adds the pay to every leaf) less
    that pay -- on a deck with royal flushes, each class found here by its own pay, not by rank."""
    from combin.stud.core.rules import instant_pay
    deck = Deck.parse("TJQKA")
    rules, ends = resolve_rules("lunar", None, (("L7", "continue"),)), resolve_rules("lunar", None, ())
    _, hands, ups, weights = situations(deck)
    moved, found = Fraction(0), 0
    for hand, up, weight in zip(hands.tolist(), ups.tolist(), weights.tolist()):
        pay = instant_pay(rules, hand)
        if pay is None:
            continue
        naive = option_values(Situation(tuple(hand), up, deck), rules, keys=[("fold", ()), ("play", ())])
        moved += weight * (max(naive.values()) - pay)
        found += 1
    assert found > 0 and moved > 0               # a royal flush played on is worth more than its pay
    assert no_draw_expected(deck, rules) == whole_game(ends, deck, "optimal").expected + moved / int(weights.sum())


@pytest.mark.slow  # the identity above again, over a whole exact run's records (about a minute)
def test_where_an_instant_five_goes_on_the_control_is_the_records_sum(tmp_path):
    """L7=continue: E[X] (the game without draws where an instant five ends the round, plus the
    instant fives priced as the round goes on) against the sum of every class's X from the draw
    engine's run under that reading, on a deck with royal flushes."""
    from combin.stud.game.run import run_game
    deck = Deck.parse("TJQKA")
    rules, ends = resolve_rules("lunar", None, (("L7", "continue"),)), resolve_rules("lunar", None, ())
    expected = no_draw_expected(deck, rules)
    sheet, strategy = run_game(deck, rules, workers=0, store_path=tmp_path / "s.sqlite", chunk=256,
                               want_strategy=True, stream=io.StringIO())
    total = sum(r.weight * control_value(r.best, r.values) for r in strategy.records)
    weights = sum(r.weight for r in strategy.records)
    assert Fraction(total, strategy.scale * weights) == expected
    # the instant fives move it: a royal flush played on is worth more than its pay alone
    assert expected > no_draw_expected(deck, ends) == whole_game(ends, deck, "optimal").expected
    assert all(r.best >= 0 for r in strategy.records)          # no class ends at its instant pay


def test_reading_key_is_sorted_and_names_every_reading():
    rules = resolve_rules("lunar", "B", (("L8", "even-money"),))
    key = reading_key(rules)
    assert key.split(", ") == sorted(key.split(", "))
    assert "L8=even-money" in key and len(key.split(", ")) == len(rules.readings)


def test_stored_figures_name_the_full_deck_and_are_exact_fractions():
    stored = stored_expectations("combin.lunar")
    full = Deck.parse(None).text
    assert stored, "the full deck's control is shipped"
    for (deck, paytable, readings, game), value in stored.items():
        assert deck == full and paytable in ("A", "B", "C")
        assert isinstance(value, Fraction) and -1 < value < 0
        assert "draws." not in game
    default = resolve_rules("lunar", "A", ())
    assert no_draw_expected(Deck.parse(None), default) == stored[(full, "A", reading_key(default), "")]


def _shipped_rules():
    """``{key of no_draw.toml: rules}`` of the registered game under each paytable and of every
    change of the variants table (data/variants.toml) under Paytable A."""
    from combin.stud.core.rules import load_rules
    from combin.stud.game.variants import change_rules, load_changes
    deck = Deck.parse(None).text
    found = {}
    for paytable in ("A", "B", "C"):
        rules = resolve_rules("lunar", paytable, ())
        found[(deck, paytable, reading_key(rules), "")] = rules
    game = load_rules("lunar")
    for change in load_changes(game)[1]:
        rules = change_rules(game, change, "A")
        found.setdefault((deck, "A", reading_key(rules), game_key(rules)), rules)
    return found


def test_every_shipped_figure_is_the_registered_game_s_or_a_variant_row_s():
    """Each entry of no_draw.toml names a game a sample reads: the registered game under a
    paytable, or one change of the variants table (a reading switched, or a game file's settings
    that the game without draws reads); none is left over, and the rows whose change the game
    without draws never reads (the draws alone, L9 and L12: with no draw the final hand is the
    dealt one) have the registered game's figure."""
    stored = stored_expectations("combin.lunar")
    known = _shipped_rules()
    assert set(stored) <= set(known)
    default = stored[(Deck.parse(None).text, "A", reading_key(resolve_rules("lunar", "A", ())), "")]
    for reading in (("L9", "first-five"), ("L12", "one-to-five")):
        rules = resolve_rules("lunar", "A", (reading,))
        key = (Deck.parse(None).text, "A", reading_key(rules), "")
        if key in stored:
            assert stored[key] == default, reading
        # and summed on a small deck both ways
        small = Deck.parse("9TJQKA")
        assert whole_game(rules, small, "optimal").expected == \
            whole_game(resolve_rules("lunar", "A", ()), small, "optimal").expected
    # a change the game without draws reads moves it (the force fee, the 4 to 1, the Bet's pays,
    # L10's card replaced, L11's combinations)
    for key in stored:
        if key[1] == "A" and (key[3] or any(f"{name}=" in key[2] and f"{name}={value}" in key[2] for name, value in
                                            (("L10", "replace-lowest-once"), ("L11", "first-only")))):
            assert stored[key] != default, key


def test_a_shipped_variant_figure_serves_its_game_file_and_its_reading():
    """A sample of a variant row reads its control from the shipped data (no summing): the
    committed game files of the rows (tables/lunar/game/variants/ID.toml) and the readings
    switched find their entries by their settings."""
    from pathlib import Path
    from combin.stud.core.variant import read_variant, variant_rules
    root = Path(__file__).resolve().parents[1] / "tables/lunar/game/variants"
    stored = stored_expectations("combin.lunar")
    full = Deck.parse(None)
    found = 0
    for path in sorted(root.glob("*.toml")):
        rules = variant_rules(read_variant(path)).resolve("A", {})
        key = (full.text, "A", reading_key(rules), game_key(rules))
        if key in stored:
            said = []
            assert no_draw_expected(full, rules, said.append) == stored[key] and said == []
            found += 1
    assert found >= 3


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(stored_expectations("combin.lunar"), key=str),
                         ids=lambda key: f"{key[1]} {key[2]} {key[3]}".strip())
def test_stored_figures_are_the_whole_game_without_draws(key):
    """Each shipped figure recomputed: the full deck summed class by class (minutes each)."""
    rules = _shipped_rules()[key]
    assert whole_game(rules, Deck.parse(None), "optimal").expected == stored_expectations("combin.lunar")[key]


def test_the_shipped_paytables_differ_by_their_instant_pays_alone():
    """B and C are A's figure with the other instant pays: the first five's royal and straight flushes."""
    from math import comb
    from combin.stud.game.sheet import instant_contributions
    deck = Deck.parse(None)
    stored = stored_expectations("combin.lunar")
    key = reading_key(resolve_rules("lunar", "A", ()))
    first_five = {"royal_flush": 4 * 47, "straight_flush": 36 * 47}
    contributions = instant_contributions(resolve_rules("lunar", "A", ()).stud, first_five, comb(52, 5) * 47)
    for paytable in ("B", "C"):
        assert (stored[(deck.text, paytable, key, "")] - stored[(deck.text, "A", key, "")]
                == contributions[paytable] - contributions["A"])


def test_a_sample_under_other_readings_reports_its_control_from_the_first_step(tmp_path):
    """L8=even-money: the control is not shipped, so the run sums it first; the log says so on
    its first line and reports each of its steps before the first chunk is priced."""
    import io
    from combin.stud.core.deck import Deck
    from combin.stud.game.run import run_game
    from combin.stud.game.spec import resolve_rules
    stream = io.StringIO()
    run_game(Deck.parse("JQKA"), resolve_rules("lunar", None, (("L8", "even-money"),)), workers=0,
             store_path=tmp_path / "s.sqlite", sample=200, seed=1, stream=stream)
    lines = stream.getvalue().splitlines()
    control = [i for i, line in enumerate(lines) if line.startswith("game lunar sample (JQKA), the control: ")]
    first_chunk = next(i for i, line in enumerate(lines) if "phase 1 of 2" in line)
    assert control[0] == 0 and "summing it first" in lines[0]
    assert len(control) >= 4 and max(control) < first_chunk
    assert lines[control[-1]].endswith("situations: 2,424/2,424")


def test_a_game_file_that_changes_the_draws_alone_has_the_registered_games_game_without_draws():
    """The shipped figure serves a draws-only game file (the draw-fee-2 and no-exchange rows'
    samples sum no control: 5 minutes of wall time on 52 cards): on JQKA, summed both ways, the game without draws of the
    registered game and of the draws-only files are the same exact figure, and a file that changes
    the Bet's one-pair pay moves it; on 52 cards the draws-only file reads the shipped figure."""
    from combin.stud.core.variant import parse_variant, variant_rules

    def game_file(body):
        text = 'id = "v"\ntitle = "t"\ncitation = "c"\nderived_from = "lunar"\n' + body
        return variant_rules(parse_variant(text, "v.toml")).resolve("A", {})
    small = Deck.parse("JQKA")
    default = resolve_rules("lunar", "A", ())
    base = whole_game(default, small, "optimal").expected
    for body in ("[draws]\nfee = 2\n", "[draws]\nexchange = [0, 0]\n", "[draws]\nbuy = 0\n"):
        assert whole_game(game_file(body), small, "optimal").expected == base, body
    assert whole_game(game_file("[bet_pays.pays]\none_pair = \"push\"\n"), small, "optimal").expected != base
    said = []
    full = Deck.parse(None)
    assert no_draw_expected(full, game_file("[draws]\nfee = 2\n"), said.append) == \
        stored_expectations("combin.lunar")[(full.text, "A", reading_key(default), "")]
    assert said == []           # read, not summed
