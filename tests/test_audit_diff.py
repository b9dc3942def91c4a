"""What differs between a bundle's file and its recomputation: every difference, located."""

import json

from combin.audit.diff import MAX_REPORTED, differences


def test_every_changed_csv_cell_is_named_with_both_values():
    old = b"event,count,probability\nwin,12,1/4\nloss,36,3/4\n"
    new = b"event,count,probability\nwin,13,1/4\nloss,35,3/4\n"
    assert differences("s.csv", old, new) == [
        "s.csv, row 2, column 'count': bundle '12', recomputed '13'",
        "s.csv, row 3, column 'count': bundle '36', recomputed '35'"]


def test_a_json_value_is_named_by_its_path():
    old = json.dumps({"summary": {"edge": "0.0296"}, "lines": [{"n": 1}, {"n": 2}]}).encode()
    new = json.dumps({"summary": {"edge": "0.0297"}, "lines": [{"n": 1}, {"n": 3}]}).encode()
    assert differences("s.json", old, new) == [
        "s.json, /summary/edge: bundle '0.0296', recomputed '0.0297'",
        "s.json, /lines[1]/n: bundle '2', recomputed '3'"]


def test_a_markdown_cell_a_plain_line_and_a_missing_line():
    old = "# T\n\n| Figure | Value |\n|---|---|\n| edge | 2.96% |\n| sd | 2.4 |\n\ntext one\ngone\n"
    new = "# T\n\n| Figure | Value |\n|---|---|\n| edge | 2.97% |\n| sd | 2.4 |\n\ntext two\n"
    assert differences("s.md", old.encode(), new.encode()) == [
        "s.md, line 5, table cell (row 'edge', column 'Value'): bundle '2.96%', recomputed '2.97%'",
        "s.md, line 8: bundle 'text one', recomputed 'text two'",
        "s.md, line 9: bundle 'gone', recomputed (no such line)"]


def test_binary_files_and_long_lists():
    assert differences("c.png", b"\x89PNG\xff", b"\x89PNG\xfe") == [
        "c.png: the bytes differ (a binary file: 5 bytes in the bundle, 5 recomputed)"]
    rows = MAX_REPORTED + 5
    old = ("n\n" + "".join(f"{i}\n" for i in range(rows))).encode()
    new = ("n\n" + "".join(f"{i + 1}\n" for i in range(rows))).encode()
    found = differences("x.csv", old, new)
    assert len(found) == MAX_REPORTED + 1 and found[-1] == "x.csv: 5 more differences"
    assert differences("x.csv", old, old) == []
