"""A par sheet as a Document: its tables, its notes, and a range of hold kept possible."""

from decimal import Decimal
from fractions import Fraction

from combin.files import display
from combin.documents.parsheet import document, hold_bounds
from combin.core.outcomes import OutcomeSpace
from combin.core.parsheet import build
from combin.core.pays import Pay
from combin.core.paytable import Paytable
from combin.render.document import Count, Percent
from combin.core.wager import Event, Wager


def long_shot():
    """One outcome in 100,000 pays 10,000 to 1: expected return 10,001/100,000 - 1."""
    space = OutcomeSpace({"hit": 1, "miss": 99_999}, 100_000, "a lottery", "every ticket")
    wager = Wager("toy.shot", "Long shot", "toy", "none",
                  (Event("hit", "Hit", lambda s, i: s == "hit"),), "T")
    table = Paytable("toy.shot", "T", "Test", "test", (("hit", Pay.parse("10000 to 1")),))
    return build(wager, table, space)


def test_tables_and_identification(dice_sheet):
    doc = document(dice_sheet)
    assert [t.name for t in doc.tables] == ["outcomes", "summary", "volatility", "hold_range"]
    assert dict(doc.identification)["Game cycle"] == Count(36)
    assert dict(doc.subject)["cycle"] == "36"
    (total,) = doc.table("outcomes").totals
    assert [row[0].value for row in doc.table("outcomes").rows][-1] == "Any other outcome"
    assert total[3] == Count(36) and total[5].value == Fraction(4, 9)


def test_a_normal_range_within_what_is_possible_is_not_clamped(dice_sheet):
    # dice: the house holds at most 1 (the stake) and loses at most 30 per unit
    assert hold_bounds(dice_sheet) == (-30, 1)
    doc = document(dice_sheet)
    assert not any("clamped" in note for note in doc.notes)
    first = doc.table("hold_range").rows[0]          # 1,000 rounds at 90%
    edge, half = Fraction(-4, 9), Decimal("1.64485362695147271170") * display.sqrt(
        Fraction(2108, 81)) / Decimal(1000).sqrt()
    assert first[2].value.quantize(Decimal("1e-20")) == (display.to_decimal(edge) - half).quantize(
        Decimal("1e-20"))


def test_a_range_past_100_percent_is_clamped_and_explained():
    sheet = long_shot()
    assert hold_bounds(sheet) == (-10000, 1)
    # by hand: edge = 1 - 10001/100000 = 0.89999; sd = sqrt(10001^2 p (1 - p)) ~ 31.62,
    # so at 1,000 rounds the 90% range reaches 0.9 + 1.645 x 31.62 / 31.62 ~ 2.54 > 1.
    doc = document(sheet)
    rows = doc.table("hold_range").rows
    assert rows[0][3] == Percent(Decimal(1), 2)       # clamped: the house holds at most 100%
    assert all(row[3].value <= 1 and row[2].value >= -10000 for row in rows)
    assert rows[-1][3].value < 1                      # 1,000,000 rounds: a true normal range
    assert any("clamped" in note and "100.00%" in note for note in doc.notes)


def test_identification_and_exact_summary(dice_sheet):
    from combin.documents.parsheet import identification
    rows = dict(identification(dice_sheet))
    assert rows["Game cycle"] == Count(36) and rows["Counted over"] == "every ordered pair of faces"
    assert "Counted over" not in dict(identification(dice_sheet, method=False))
    summary = {row[0].value: row[1].value for row in document(dice_sheet).table("summary").rows}
    assert summary["Expected return"] == Fraction(4, 9) and summary["Variance"] == Fraction(2108, 81)


def test_a_figure_resting_on_an_open_reading_says_a_ruling_is_required(capsys):
    """Eclipse B on 8 decks: E1 moves the house edge, so the sheet says 'Ruling required' with
    both figures in words; the other figure is that of a sheet priced under the other reading
    itself.  Sun 7 reads only a fixed interpretation (E4): no ruling asked."""
    import json
    from combin.cli import main
    figures = {}
    for reading in ("events", "paid-rows"):
        assert main(["par", "eclipse.eclipse", "--paytable", "B", "--interpret",
                     f"E1={reading}", "--format", "json"]) == 0
        obj = json.loads(capsys.readouterr().out)
        figures[reading] = Fraction(next(r["value"] for r in obj["tables"]["summary"]["rows"]
                                         if r["figure"] == "House edge"))
        ruling = obj["identification"]["ruling_required"]
        other = "paid-rows" if reading == "events" else "events"
        assert [row["reading"] for row in obj["subject"]["ruling_required"]] == [other]
        assert ruling.startswith("yes: ") and f"under E1={reading} (this sheet)" in ruling
    assert figures["events"] != figures["paid-rows"]
    assert main(["par", "eclipse.eclipse", "--paytable", "B", "--format", "json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    (row,) = obj["subject"]["ruling_required"]
    assert row == {"interpretation": "E1", "reading": "paid-rows",
                   "house_edge": display.rational(figures["paid-rows"])}
    words = obj["identification"]["ruling_required"]
    assert (f"{display.percent(figures['events'])} under E1=events (this sheet), "
            f"{display.percent(figures['paid-rows'])} under E1=paid-rows") in words
    assert main(["par", "eclipse.sun7", "--paytable", "B", "--format", "json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert "ruling_required" not in obj["identification"]
    assert obj["subject"]["ruling_required"] == []
