"""The Paytable model and the strict reader shared by built-in data and users' files."""

from fractions import Fraction

import pytest

from combin.errors import CombinError
from combin.pays import Pay
from combin.paytable import ID_PATTERN, load_toml, with_pay


def test_load_toml_reports_the_syntax_error_line():
    with pytest.raises(CombinError, match=r"^f.toml, line 3: not a valid TOML file"):
        load_toml("a = 1\nb = 2\nc = = 3\n", "f.toml")


def test_with_pay_changes_one_line_only():
    from combin.baccarat import GAME
    ez = GAME.paytables[("baccarat.banker", "ez")]
    changed = with_pay(ez, "banker_wins_three_card_7", Pay.parse("1 to 2"))
    assert [e for e, _ in changed.lines] == [e for e, _ in ez.lines]
    assert changed.pay_for("banker_wins_three_card_7").net == Fraction(1, 2)
    assert changed.pay_for("banker_wins") == ez.pay_for("banker_wins")
    with pytest.raises(CombinError, match="has no line 'tie_9'"):
        with_pay(ez, "tie_9", Pay.parse("1 to 1"))


@pytest.mark.parametrize("pid, ok", [("A", True), ("M30", True), ("8to1", True), ("a.b-c_d+e", True),
                                     ("", False), ("-x", False), ("a b", False), ("a:b", False),
                                     ("a=b", False), ("x" * 41, False)])
def test_id_pattern(pid, ok):
    assert bool(ID_PATTERN.match(pid)) is ok
