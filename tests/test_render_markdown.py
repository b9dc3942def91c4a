"""Markdown: the contract's sections, numbers right-aligned, cells kept verbatim."""

from combin.documents.parsheet import document
from combin.render.document import Document, Table, Text
from combin.render.markdown import table, write


def test_sections_and_right_aligned_numbers(dice_sheet):
    text = write(document(dice_sheet))
    for heading in ("# High | low (T) -- par sheet", "## Outcomes", "## Summary",
                    "## Volatility index", "## Range of hold", "## Notes"):
        assert heading in text
    assert "| Expected return             | 0.444444444444 |" in text
    assert "|--------------|" in text or "-------:|" not in text  # tabulate's github style
    assert "| A twelve          | 30 to 1 |      30.0000 |              1 |" in text


def test_a_pipe_in_a_cell_is_escaped_and_links_are_kept():
    assert "a \\| b" in table([["a | b"]], ["x"])
    doc = Document("t", "T", (), (Table.of("t", "T", ["Page"], [[Text("sun 7", "sun7.html")]]),))
    assert "[sun 7](sun7.html)" in write(doc)


def test_a_table_without_rows_is_its_header_alone():
    assert table([], ["Name", "Count"], ["left", "right"]) == \
        "| Name   | Count   |\n|--------|---------|"
    doc = Document("t", "T", (), (Table.of("t", "T", ["Name", "Count"], []),))
    assert "| Name   | Count   |\n|--------|---------|" in write(doc)
