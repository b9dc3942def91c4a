"""The Super Wager and the Ante instant payout: two methods, and hand-countable figures."""

from fractions import Fraction
from itertools import product
from math import comb

import pytest

from combin.core.analysis import par_sheet
from combin.lunar import GAME, outcome_space

SWITCHABLE = [i for i in ("L1", "L2", "L3", "L4", "L5")]


@pytest.fixture(scope="module")
def spaces():
    return outcome_space("closed-form"), outcome_space("exhaustive")


def lines(sheet):
    return {line.event_id: line.combinations for line in sheet.lines}


def test_super_is_the_same_by_both_methods_under_every_reading(spaces):
    closed, exhaustive = spaces
    values = [list(GAME.interpretations[i].values) for i in SWITCHABLE]
    for choice in product(*values):
        interpret = dict(zip(SWITCHABLE, choice))
        a = par_sheet("lunar.super", interpret=interpret, space=closed)
        b = par_sheet("lunar.super", interpret=interpret, space=exhaustive)
        assert a.lines == b.lines and a.summary == b.summary, interpret


@pytest.mark.parametrize("paytable", ["A", "B", "C"])
def test_instant_is_the_same_by_both_methods(spaces, paytable):
    a, b = (par_sheet("lunar.instant", paytable=paytable, space=s) for s in spaces)
    assert a.lines == b.lines


@pytest.mark.parametrize("paytable, royal, straight_flush", [
    ("A", 1500, 250), ("B", 1000, 300), ("C", 1000, 250)])
def test_instant_return_per_unit_of_ante(paytable, royal, straight_flush):
    sheet = par_sheet("lunar.instant", paytable=paytable)
    # 4 royal flushes and 36 other straight flushes among C(52,5) hands; the rest plays on.
    assert sheet.summary.expected_return == Fraction(4 * royal + 36 * straight_flush, comb(52, 5))
    assert lines(sheet) == {"royal_flush": 4, "straight_flush": 36, "other": comb(52, 5) - 40}


def test_super_default_lines_by_hand_count():
    counts = lines(par_sheet("lunar.super"))
    # Four of a kind 624 (13 x 48).  Five of the 12 J/Q/K minus their quads (3 ranks x 8).
    assert counts["four_of_a_kind"] == 13 * 48
    assert counts["five_pictures"] == comb(12, 5) - 3 * 8
    # Full houses 3,744 less the J/Q/K ones (3 x 4 x 2 x 6); flushes 5,108 plus the 40
    # straight and royal flushes (L5=flush); straights 10,200.
    assert counts["full_house"] == 3744 - 3 * 4 * 2 * 6
    assert counts["flush"] == 5108 + 40
    assert counts["straight"] == 10200
    # Trips 54,912 less J/Q/K trips (3 ranks x 4 suits x 4 x 4 other picture cards).
    assert counts["three_of_a_kind"] == 54912 - 3 * 4 * 4 * 4
    assert sum(counts.values()) == comb(52, 5)


def test_l1_aces_as_pictures():
    counts = lines(par_sheet("lunar.super", interpret={"L1": "jqka"}))
    # Five of the 16 J/Q/K/A less their quads (4 ranks x 12 other such cards).
    assert counts["five_pictures"] == comb(16, 5) - 4 * 12


def test_l5_strict_moves_royals_and_straight_flushes_down():
    default = lines(par_sheet("lunar.super"))
    strict = lines(par_sheet("lunar.super", interpret={"L5": "strict"}))
    assert default["flush"] - strict["flush"] == 40
    assert strict["ace_king_queen"] - default["ace_king_queen"] == 4       # the royals
    assert strict["same_colored_five"] - default["same_colored_five"] == 36  # the others
    both = lines(par_sheet("lunar.super", interpret={"L5": "strict", "L2": "not-suited"}))
    assert both["same_colored_five"] == default["same_colored_five"]      # now unpaid


def test_l3_suited_needs_a_suited_ace_king_queen():
    suited = lines(par_sheet("lunar.super", interpret={"L3": "suited"}))
    # A suited A-K-Q plus two cards (4 x C(49,2)), less the hands a higher line takes.
    assert suited["ace_king_queen"] < 4 * comb(49, 2)
    assert suited["ace_king_queen"] < lines(par_sheet("lunar.super"))["ace_king_queen"]


def test_l4_all_lines_adds_every_line_a_hand_fits(spaces):
    # Return under all-lines = sum over lines of P(event) x pay - P(no line), where each
    # event's probability is counted on its own, line by line, from the outcome space.
    closed, _ = spaces
    sheet = par_sheet("lunar.super", interpret={"L4": "all-lines"}, space=closed)
    paytable = GAME.paytables[("lunar.super", "posted")]
    events = {e.id: e for e in GAME.wagers["lunar.super"].events}
    chosen = {"L4": "all-lines"}
    total = Fraction(0)
    for event_id, pay in paytable.lines:
        hits = sum(n for key, n in closed.items() if events[event_id].holds(key, chosen))
        total += Fraction(hits, closed.cycle) * pay.net
    nothing = sum(n for key, n in closed.items()
                  if not any(e.holds(key, chosen) for e in events.values()))
    assert sheet.summary.expected_return == total - Fraction(nothing, closed.cycle)
    flush_line = [l for l in sheet.lines if l.event_id == "flush+same_colored_five"][0]
    assert flush_line.payout == 62


def test_super_sheet_says_it_serves_every_hand():
    sheet = par_sheet("lunar.super")
    assert any("dealer's hand" in note and "another player's hand" in note for note in sheet.notes)
    assert dict(sheet.interpretations)["L6"] == "first-five"
