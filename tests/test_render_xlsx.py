"""Excel: a worksheet per table, numbers a spreadsheet can sum, exact text beside."""

import io
from fractions import Fraction

import openpyxl

from combin.analysis import par_sheet
from combin.documents.parsheet import document
from combin.render.document import Count, Document, Table
from combin.render.xlsx import write


def _book(sheet):
    return openpyxl.load_workbook(io.BytesIO(write(document(sheet))))


def test_numbers_are_numbers_and_exact_values_sit_beside(dice_sheet):
    book = _book(dice_sheet)
    assert book.sheetnames == ["identification", "outcomes", "summary", "volatility",
                               "hold_range"]
    rows = list(book["outcomes"].iter_rows(values_only=True))
    header = rows[0]
    assert header[:6] == ("Event", "Pays", "Net payout", "Combinations", "Probability",
                          "Probability (exact)")
    counts = [row[3] for row in rows[1:-1]]
    assert counts == [1, 5, 6, 24] and sum(counts) == rows[-1][3] == 36   # summable
    assert [Fraction(row[5]) for row in rows[1:]] == [Fraction(1, 36), Fraction(5, 36),
                                                      Fraction(1, 6), Fraction(2, 3), 1]
    assert abs(rows[1][4] - 1 / 36) < 1e-15
    info = dict(book["identification"].iter_rows(values_only=True))
    assert info["Format"] == "combin.parsheet/2" and info["Paytable source"] == '=HYPERLINK("x")'
    assert book["identification"]["B3"].data_type == "s"                # text, never a formula


def test_a_count_beyond_a_double_keeps_its_digits():
    book = _book(par_sheet("eclipse.sun7"))
    rows = list(book["outcomes"].iter_rows(values_only=True))
    assert "Combinations (exact)" not in rows[0]      # 4,998,398,275,503,360 < 2**53: exact
    assert rows[-1][3] == 4998398275503360
    big = Document("t", "T", (), (Table.of("t", "T", ["n"], [[Count(2**53 + 1)], [Count(2)]]),))
    rows = list(openpyxl.load_workbook(io.BytesIO(write(big)))["t"].iter_rows(values_only=True))
    assert rows == [("n", "n (exact)"), (float(2**53), "9007199254740993"), (2, "2")]
    summary = {row[0]: row for row in book["summary"].iter_rows(values_only=True)}
    assert book["summary"]["B3"].number_format == "0.0000%"             # house edge
    assert Fraction(summary["House edge"][2]) == Fraction(64613588827, 848912750595)


def test_the_same_document_gives_the_same_bytes(dice_sheet):
    assert write(document(dice_sheet)) == write(document(dice_sheet))
