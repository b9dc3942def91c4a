"""The protection report layouts: text, Markdown, CSV and JSON."""

import csv
import io
import json
from fractions import Fraction

import pytest

from combin.errors import CombinError
from combin.protection.output import check_format, document, exact, json_text

INFO = [("Wager", "Sun 7"), ("Shoe", "8 decks")]
HEADERS = ["Value", "Effect"]
ROWS = [["A", "0.05%"], ["9", "-0.3%"]]


def test_text_has_the_identification_table_and_notes():
    text = document("text", "Title", INFO, HEADERS, ROWS, ["a note"],
                    extra=[("More", ["x"], [["1"]])])
    lines = text.splitlines()
    assert lines[0] == "Title" and lines[2] == "Wager  Sun 7"
    assert "-0.3%" in text and "* a note" in text and "More:" in text
    assert text.endswith("\n")


def test_markdown_tables():
    text = document("md", "Title", INFO, HEADERS, ROWS, ["a note"],
                    extra=[("More", ["x"], [["1"]])])
    assert text.startswith("# Title\n") and "| Wager" in text and "| A       | 0.05%    |" in text
    assert "## More" in text and "- a note" in text


def test_csv_uses_the_exact_rows_and_keeps_the_identification():
    text = document("csv", "", INFO, HEADERS, ROWS, ["n"], csv_rows=[["A", '="1/2000"']])
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == HEADERS and rows[1] == ["A", '="1/2000"']
    assert ["Wager", "Sun 7"] in rows and ["Note", "n"] in rows


def test_json_and_exact():
    assert json.loads(json_text({"b": 1, "a": exact(Fraction(1, 3), 4)})) == \
        {"b": 1, "a": {"exact": "1/3", "decimal": "0.3333"}}


def test_unknown_format():
    with pytest.raises(CombinError, match="unknown format"):
        check_format("pdf")
    with pytest.raises(ValueError):
        document("json", "", INFO, HEADERS, ROWS)
