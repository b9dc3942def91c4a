"""Settlement on a hand-made outcome space: first line wins, counts partition the space."""

from fractions import Fraction

import pytest

from combin.errors import CombinError
from combin.core.outcomes import OutcomeSpace
from combin.core.pays import LOSS, Pay
from combin.core.paytable import Paytable
from combin.core.wager import Event, Wager, payout_table, settle

# One fair die thrown twice: outcome = the sum, with its number of ways out of 36.
SPACE = OutcomeSpace({total: 6 - abs(total - 7) for total in range(2, 13)}, 36, "two dice",
                     "every ordered pair of faces")
EVENTS = (Event("twelve", "A twelve", lambda total, i: total == 12),
          Event("high", "Ten or more", lambda total, i: total >= 10),
          Event("seven", "A seven", lambda total, i: total == (6 if i.get("X") == "six" else 7)))
WAGER = Wager("dice.high", "High", "dice", "none", EVENTS, "T")
TABLE = Paytable("dice.high", "T", "Test", "a test",
                 (("twelve", Pay.parse("30 to 1")), ("high", Pay.parse("2 to 1")),
                  ("seven", Pay.parse("push"))))


def test_each_outcome_is_paid_on_its_first_line_only():
    lines, loss = settle(WAGER, TABLE, SPACE, ())
    # twelve: 1 way; ten or eleven: 3 + 2 = 5 ways (the twelve went to the first line);
    # seven: 6 ways; the rest: 36 - 1 - 5 - 6 = 24 ways.
    assert [(event.id, count) for event, _, count in lines] == [("twelve", 1), ("high", 5),
                                                                 ("seven", 6)]
    assert loss == 24 and sum(count for *_, count in lines) + loss == SPACE.cycle


def test_events_read_the_interpretations_in_force():
    lines, loss = settle(WAGER, TABLE, SPACE, (("X", "six"),))
    assert [count for *_, count in lines] == [1, 5, 5] and loss == 25


def test_payout_table_agrees_with_the_settled_counts():
    payouts = payout_table(WAGER, TABLE, SPACE, ())
    assert payouts[12] == 30 and payouts[11] == 2 and payouts[7] == 0 and payouts[2] == -1
    lines, loss = settle(WAGER, TABLE, SPACE, ())
    by_lines = sum((pay.net * count for _, pay, count in lines), Fraction(0)) - loss
    assert sum(SPACE.counts[o] * p for o, p in payouts.items()) == by_lines == 30 + 10 - 24


def test_otherwise_pays_the_outcomes_no_line_pays():
    plays_on = Wager("dice.on", "On", "dice", "none", EVENTS, "T",
                     otherwise=("Plays on", Pay("plays on", Fraction(0))))
    assert payout_table(plays_on, TABLE, SPACE, ())[2] == 0
    assert payout_table(WAGER, TABLE, SPACE, ())[2] == LOSS.net


def test_a_lines_hook_replaces_the_paytable_lines():
    only_twelve = Wager("dice.h2", "H2", "dice", "none", EVENTS, "T",
                        lines=lambda table, chosen, lookup, space: table.lines[:1])
    lines, loss = settle(only_twelve, TABLE, SPACE, ())
    assert [(e.id, c) for e, _, c in lines] == [("twelve", 1)] and loss == 35


def test_an_unknown_event_is_named():
    with pytest.raises(CombinError, match="dice.high has no event 'nine'"):
        WAGER.event("nine")
    assert WAGER.event_ids == {"twelve", "high", "seven"}
