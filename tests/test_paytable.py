"""The Paytable model: pays by line, one changed pay, merging built-in and users' paytables."""

from fractions import Fraction

import pytest

from combin.errors import CombinError
from combin.pays import Pay
from combin.paytable import merge_paytables, with_pay


def test_with_pay_changes_one_line_only():
    from combin.baccarat import GAME
    ez = GAME.paytables[("baccarat.banker", "ez")]
    changed = with_pay(ez, "banker_wins_three_card_7", Pay.parse("1 to 2"))
    assert [e for e, _ in changed.lines] == [e for e, _ in ez.lines]
    assert changed.pay_for("banker_wins_three_card_7").net == Fraction(1, 2)
    assert changed.pay_for("banker_wins") == ez.pay_for("banker_wins")
    with pytest.raises(CombinError, match="has no line 'tie_9'"):
        with_pay(ez, "tie_9", Pay.parse("1 to 1"))


def test_merge_adds_and_replaces_by_wager_and_id():
    from combin.baccarat import GAME
    ez = GAME.paytables[("baccarat.banker", "ez")]
    changed = with_pay(ez, "banker_wins_three_card_7", Pay.parse("1 to 2"))
    merged = merge_paytables(GAME.paytables, [changed])
    assert len(merged) == len(GAME.paytables) and merged[("baccarat.banker", "ez")] is changed
    assert GAME.paytables[("baccarat.banker", "ez")] is ez
