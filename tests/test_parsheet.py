"""The engine on a toy game whose figures are worked out by hand in the test."""

from fractions import Fraction

import pytest

from combin.core.outcomes import OutcomeSpace
from combin.core.parsheet import build
from combin.core.pays import Pay
from combin.core.paytable import Paytable
from combin.core.wager import Event, Wager

# Two dice, 36 equally likely ordered rolls; outcome = (die1, die2).
DICE = OutcomeSpace({(a, b): 1 for a in range(1, 7) for b in range(1, 7)}, 36, "two dice", "rolls")
EVENTS = (
    Event("double_six", "Double six", lambda o, i: o == (6, 6)),
    Event("double", "Any double", lambda o, i: o[0] == o[1]),
    Event("seven", "Total 7", lambda o, i: sum(o) == 7),
)
WAGER = Wager("toy.dice", "Dice", "toy", "none", EVENTS, "X")


def table(*lines):
    return Paytable("toy.dice", "X", "Paytable X", "test", tuple((e, Pay.parse(p)) for e, p in lines))


def test_first_matching_line_settles_and_lines_partition_the_cycle():
    sheet = build(WAGER, table(("double", "5 to 1"), ("double_six", "30 to 1"), ("seven", "push")),
                  DICE)
    counts = {line.event_id: line.combinations for line in sheet.lines}
    # "double" is listed first, so (6,6) is paid as a double: the double-six line never hits.
    assert counts == {"double": 6, "double_six": 0, "seven": 6, "other": 24}
    assert sum(counts.values()) == sheet.cycle == 36


def test_lines_are_ordered_highest_pay_first_loss_last():
    sheet = build(WAGER, table(("seven", "push"), ("double", "5 to 1"), ("double_six", "30 to 1")),
                  DICE)
    assert [l.event_id for l in sheet.lines] == ["double_six", "double", "seven", "other"]


def test_summary_matches_a_hand_computation():
    sheet = build(WAGER, table(("double_six", "30 to 1"), ("double", "5 to 1"), ("seven", "push")),
                  DICE)
    s = sheet.summary
    # 1 roll pays 30, 5 rolls pay 5, 6 push, 24 lose.
    assert s.expected_return == Fraction(30 + 25 - 24, 36)
    assert s.house_edge == -Fraction(31, 36)
    assert s.hit_frequency == Fraction(6, 36)
    assert s.push_frequency == Fraction(6, 36)
    assert s.variance == Fraction(900 + 125 + 24, 36) - Fraction(31, 36) ** 2
    assert s.edge_excluding_pushes == -Fraction(31, 36) / Fraction(30, 36)
    assert abs(float(s.sd) ** 2 - float(s.variance)) < 1e-12


def test_wager_without_pushes_has_no_resolved_edge():
    sheet = build(WAGER, table(("seven", "4 to 1")), DICE)
    assert sheet.summary.edge_excluding_pushes is None
    assert sheet.summary.expected_return == Fraction(6 * 4 - 30, 36)


def test_outcome_space_rejects_counts_that_miss_the_cycle():
    with pytest.raises(ValueError):
        OutcomeSpace({1: 2, 2: 3}, 6, "bad", "bad")
