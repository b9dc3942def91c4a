"""The Paytable model: pays by line, one changed pay, merging built-in and users' paytables."""

from fractions import Fraction

import pytest

from combin.errors import CombinError
from combin.core.pays import Pay
from combin.core.paytable import merge_paytables, with_pay


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


def test_provenance_never_passes_a_user_file_off_as_the_posted_table():
    from combin.core.paytable import Paytable
    from combin.core.pays import Pay
    lines = (("x", Pay.parse("2 to 1")),)
    posted = Paytable("w", "B", "Paytable B", "58 Pa. Code § 631b.11(g), Paytable B", lines)
    assert posted.provenance == posted.citation
    mine = Paytable("w", "B2", "Paytable B2", posted.citation, lines, "some/dir/b2.toml", 3,
                    "B", True)
    assert mine.provenance == ("user file b2.toml, derived from Paytable B (citation given: "
                               "58 Pa. Code § 631b.11(g), Paytable B)")
    fresh = Paytable("w", "M", "Mine", "house proposal", lines, "m.toml", 1, "", True)
    assert fresh.provenance == "user file m.toml (citation given: house proposal)"
