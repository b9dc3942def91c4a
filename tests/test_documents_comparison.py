"""Sheets side by side: a figures table and a combinations table per comparison."""

from fractions import Fraction

from combin.analysis import par_sheet
from combin.documents.comparison import comparison_tables, document
from combin.render.document import Count, Text


def test_columns_hold_each_sheet_exactly(dice_sheet):
    b = par_sheet("eclipse.moon8", paytable="B")
    figures, events = comparison_tables("c", "C", [("dice", dice_sheet), ("moon", b)])
    assert [c.heading for c in figures.columns] == ["Figure", "dice", "moon"]
    edge = [row for row in figures.rows if row[0].value == "House edge"][0]
    assert edge[1].value == Fraction(-4, 9) and edge[2].value == b.summary.house_edge
    seven = [row for row in events.rows if row[0].value == "A seven"][0]
    assert seven[1] == Count(6) and seven[2] == Text("-")      # moon 8 has no such event


def test_a_document_of_several_comparisons(dice_sheet):
    doc = document("sensitivity", "T", [("a", "A", [("x", dice_sheet)]),
                                        ("b", "B", [("y", dice_sheet)])])
    assert [t.name for t in doc.tables] == ["a", "a_events", "b", "b_events"]
    assert doc.format_tag == "combin.sensitivity/2"
