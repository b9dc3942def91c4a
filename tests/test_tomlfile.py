"""Strict TOML reading: every complaint names the file and the line."""

import pytest

from combin.errors import CombinError
from combin.files.tomlfile import ID_PATTERN, EntryReader, load_toml, location


def test_load_toml_reports_the_syntax_error_line():
    with pytest.raises(CombinError, match=r"^f.toml, line 3: not a valid TOML file"):
        load_toml("a = 1\nb = 2\nc = = 3\n", "f.toml")


def test_a_duplicate_key_names_both_lines():
    with pytest.raises(CombinError, match=r"^f.toml, line 3: duplicate line: 'a' is already "
                                          r"given on line 1"):
        load_toml("a = 1\nb = 2\na = 3\n", "f.toml")


def test_an_entry_reader_names_the_line_of_the_bad_key():
    text = "[[thing]]\nid = 'x'\n\n[[thing]]\nid = 'y'\ncolour = 'red'\n"
    reader = EntryReader(text, "f.toml")
    entries = reader.entries(load_toml(text, "f.toml"), "thing")
    assert [e["id"] for e in entries] == ["x", "y"]
    with pytest.raises(CombinError, match=r"^f.toml, line 6: \[\[thing\]\] has no field 'colour'"):
        reader.unknown_fields(entries[1], "thing", 1, ("id",))


def test_location_without_a_line_is_the_file():
    assert location("f.toml", 0) == "f.toml" and location("f.toml", 4) == "f.toml, line 4"


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
    from combin.files.paytable_file import parse_paytable_file
    with pytest.raises(CombinError, match=words):
        parse_paytable_file(text, "p.toml")


@pytest.mark.parametrize("depth, refused", [(8, False), (9, True), (3000, True)])
def test_nesting_is_bounded(depth, refused):
    from combin.files.tomlfile import MAX_DEPTH, load_toml
    text = "a = " + "[" * (depth - 1) + "]" * (depth - 1) + "\n"
    if refused:
        with pytest.raises(CombinError, match=f"at most {MAX_DEPTH} levels"):
            load_toml(text, "p.toml")
    else:
        assert load_toml(text, "p.toml")["a"]
