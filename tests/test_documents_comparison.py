"""Sheets side by side: figures, combinations, pays, returns and risk per comparison."""

from fractions import Fraction

from combin.core.analysis import par_sheet
from combin.documents.comparison import comparison_tables, document
from combin.render.document import Count, Text


def test_columns_hold_each_sheet_exactly(dice_sheet):
    b = par_sheet("eclipse.moon8", paytable="B")
    figures, events, pays, returns, risk = comparison_tables("c", "C", [("dice", dice_sheet),
                                                                        ("moon", b)])
    assert [c.heading for c in figures.columns] == ["Figure", "dice", "moon"]
    edge = [row for row in figures.rows if row[0].value == "House edge"][0]
    assert edge[1].value == Fraction(-4, 9) and edge[2].value == b.summary.house_edge
    seven = [row for row in events.rows if row[0].value == "A seven"][0]
    assert seven[1] == Count(6) and seven[2] == Text("-")      # moon 8 has no such event
    twelve = [row for row in pays.rows if row[0].value == "A twelve"][0]
    assert twelve[1] == Text("30 to 1") and twelve[2] == Text("-")
    # by hand (conftest): a twelve is 1 way in 36 and pays 30, so it returns 30/36
    twelve = [row for row in returns.rows if row[0].value == "A twelve"][0]
    assert twelve[1].value == Fraction(30, 36)
    assert sum(row[1].value for row in returns.rows if row[1] != Text("-")) == Fraction(4, 9)
    labels = [row[0].value for row in risk.rows]
    assert labels[:3] == ["Volatility index 90%", "Volatility index 95%", "Volatility index 99%"]
    assert len(labels) == 3 + 2 * 12 and labels[3] == "Hold over 1,000 rounds, 90%, low"
    assert risk.rows[0][2].value == b.risk.volatility[0][2]


def test_a_document_of_several_comparisons(dice_sheet):
    doc = document("sensitivity", "T", [("a", "A", [("x", dice_sheet)]),
                                        ("b", "B", [("y", dice_sheet)])])
    assert [t.name for t in doc.tables] == [f"{n}{s}" for n in "ab" for s in (
        "", "_events", "_pays", "_returns", "_risk")]
    assert doc.format_tag == "combin.sensitivity/2"
