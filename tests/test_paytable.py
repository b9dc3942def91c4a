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


def _file(citation='"c"', title=None, extra=""):
    title_line = f"title = {title}\n" if title else ""
    return (f'[[paytable]]\nwager = "eclipse.moon8"\nid = "X"\n{title_line}citation = {citation}\n'
            f'{extra}[paytable.pays]\nplayer_wins_three_card_8 = "30 to 1"\n')


@pytest.mark.parametrize("text, words", [
    (_file(citation='"x\\nHouse edge 0%"'), "U\\+000A"), (_file(citation='"\\u001b[2J"'), "U\\+001B"),
    (_file(title='"a\\u202eb"'), "U\\+202E"), (_file(citation='"a\\tb"'), "U\\+0009"),
    (_file(citation='"' + "c" * 1001 + '"'), "longer than 1,000"),
])
def test_text_fields_refuse_control_characters(text, words):
    from combin.paytable_file import parse_paytable_file
    with pytest.raises(CombinError, match=words):
        parse_paytable_file(text, "p.toml")


@pytest.mark.parametrize("depth, refused", [(8, False), (9, True), (3000, True)])
def test_nesting_is_bounded(depth, refused):
    from combin.paytable import MAX_DEPTH, load_toml
    text = "a = " + "[" * (depth - 1) + "]" * (depth - 1) + "\n"
    if refused:
        with pytest.raises(CombinError, match=f"at most {MAX_DEPTH} levels"):
            load_toml(text, "p.toml")
    else:
        assert load_toml(text, "p.toml")["a"]
