"""Excel: a worksheet per table, numbers a spreadsheet can sum, exact text beside; a par
sheet's worksheets re-price (their formulas are recalculated in test_render_xlsx_parsheet)."""

import io
from fractions import Fraction

import openpyxl

from combin.core.analysis import par_sheet
from combin.documents.parsheet import document
from combin.render.document import Count, Document, Number, Ratio, Table
from combin.render.xlsx import write


def _book(sheet, values=False):
    return openpyxl.load_workbook(io.BytesIO(write(document(sheet))), data_only=values)


def test_a_par_sheet_has_its_pays_in_cells_and_formulas_over_them(dice_sheet):
    book = _book(dice_sheet)
    assert book.sheetnames == ["identification", "outcomes", "outcomes_totals", "summary",
                               "volatility", "hold_range"]
    rows = list(book["outcomes"].iter_rows(values_only=True))
    assert rows[0][:6] == ("Event", "Pays", "Pay X", "to / for / push / loss", "Pay Y",
                           "Net payout")
    # the dice sheet pays 30 to 1, 2 to 1, push, loss (conftest): pays as numbers and words
    assert [row[2:5] for row in rows[1:]] == [(30, "to", 1), (2, "to", 1), (0, "push", 1),
                                              (0, "loss", 1)]
    assert [row[7] for row in rows[1:]] == [1, 5, 6, 24]            # no Total among the records
    assert rows[1][9] == "=H2/SUM($H$2:$H$5)" and rows[1][11] == "=J2*F2"
    summary = {row[0]: row for row in book["summary"].iter_rows(values_only=True)}
    assert summary["Expected return"][1] == "=SUM(outcomes!$L$2:$L$5)"
    assert summary["Variance"][1].startswith("=SUMPRODUCT(")
    # the exact text beside, shown while every pay is as published (column P, line by line)
    assert summary["Variance"][2] == '=IF(AND(outcomes!$P$2:$P$5),"2108/81","pays edited")'
    assert rows[1][15] == '=AND(C2=30.0,D2="to",E2=1.0)' and rows[0][15] == "Pays as published"
    assert rows[1][6] == '=IF(P2,"30","pays edited")' 
    totals = list(book["outcomes_totals"].iter_rows(values_only=True))
    assert totals[1][:2] == ("Total", "=SUM(outcomes!$H$2:$H$5)")
    assert book["outcomes"]["H2"].number_format == "#,##0"
    assert book["outcomes"]["J2"].number_format == "0.000000000000000"
    assert book["summary"]["B3"].number_format == "0.0000%"          # house edge
    info = dict(book["identification"].iter_rows(values_only=True))
    assert info["Format"] == "combin.parsheet/2" and info["Paytable source"] == '=HYPERLINK("x")'
    assert book["identification"]["B3"].data_type == "s"                # text, never a formula


def test_each_formula_caches_the_exact_figure(dice_sheet):
    book = _book(dice_sheet, values=True)
    summary = {row[0]: row[1] for row in book["summary"].iter_rows(values_only=True)}
    # by hand (conftest): expected return 4/9, variance 2108/81
    assert summary["Expected return"] == float(Fraction(4, 9))
    assert summary["Variance"] == float(Fraction(2108, 81))
    exact = {row[0]: row[2] for row in book["summary"].iter_rows(values_only=True)}
    assert Fraction(exact["Variance"]) == Fraction(2108, 81)          # cached: the exact text
    one_in = [row[13] for row in book["outcomes"].iter_rows(min_row=2, values_only=True)]
    assert one_in == [36.0, 7.2, 6.0, 1.5]                            # 36/5 kept, not rounded


def test_a_generic_table_keeps_its_digits_and_its_totals_apart():
    big = Document("t", "T", (), (Table.of("t", "T", ["n", "r"],
                                           [[Count(2**53 + 1), Number(Fraction(1, 3), 2)],
                                            [Count(2), Ratio(Fraction(1, 2))]],
                                           totals=[[Count(2**53 + 3), None]]),))
    book = openpyxl.load_workbook(io.BytesIO(write(big)))
    rows = list(book["t"].iter_rows(values_only=True))
    assert rows[0] == ("n", "n (exact)", "r", "r (exact)")
    # 16 digits or more: a formula, which a spreadsheet's save keeps whole (its cached value,
    # a double, cannot hold 2^53 + 1 exactly: the "(exact)" text beside does)
    assert rows[1][:2] == ('=VALUE("9007199254740993")', "9007199254740993")
    assert rows[1][2] == 1 / 3  # unrounded
    cached = openpyxl.load_workbook(io.BytesIO(write(big)), data_only=True)["t"]["A2"].value
    assert cached == float(2**53)
    assert book["t"]["A2"].number_format == "#,##0"
    assert list(book["t_totals"].iter_rows(values_only=True))[1][:2] == (
        '=VALUE("9007199254740995")', "9007199254740995")


def test_the_same_document_gives_the_same_bytes(dice_sheet):
    assert write(document(dice_sheet)) == write(document(dice_sheet))
    assert write(document(par_sheet("eclipse.sun7"))) == write(document(par_sheet("eclipse.sun7")))


def test_a_percentage_keeps_the_places_a_reader_is_shown():
    from combin.render.document import Percent
    doc = Document("t", "T", (), (Table.of("t", "T", ["p"], [[Percent(Fraction(1, 3), 10)],
                                                             [Percent(Fraction(1, 8))],
                                                             [Percent(Fraction(1, 2), 0)]]),))
    sheet = openpyxl.load_workbook(io.BytesIO(write(doc)))["t"]
    assert [sheet[f"A{r}"].number_format for r in (2, 3, 4)] == ["0.0000000000%", "0.0000%", "0%"]
    assert sheet["A2"].value == 1 / 3 and sheet["B2"].value == "1/3"    # the exact text beside
