"""Tidy CSV: one table per file, a header row, plain digits and p/q, no formulas."""

import csv
import io
from fractions import Fraction

from combin.documents.parsheet import document
from combin.render.csvfile import files, rows_text, safe_cell, write


def test_one_tidy_table_with_plain_digits_and_fractions(dice_sheet):
    rows = list(csv.DictReader(io.StringIO(write(document(dice_sheet)))))
    assert [r["combinations"] for r in rows] == ["1", "5", "6", "24"]   # by hand; no Total row
    assert [r["probability"] for r in rows] == ["1/36", "5/36", "1/6", "2/3"]
    total = list(csv.DictReader(io.StringIO(write(document(dice_sheet), "outcomes_totals"))))
    assert [(t["event"], t["combinations"], t["probability"]) for t in total] == [("Total", "36", "1")]
    assert sum(Fraction(r["return"]) for r in rows) == Fraction(4, 9) == Fraction(total[0]["return"])
    assert sum(int(r["combinations"]) for r in rows) == 36    # summing a column counts no total
    assert rows[0]["probability_decimal"] == "0.027777777778"
    assert (rows[0]["one_in"], rows[0]["one_in_decimal"]) == ("36", "36.00")
    assert (rows[1]["one_in"], rows[1]["one_in_decimal"]) == ("36/5", "7.20")
    text = write(document(dice_sheet), "summary")
    assert text.splitlines()[0] == "figure,value,value_decimal"
    assert "Variance,2108/81,26.024691" in text


def test_every_table_is_a_file_and_a_citation_formula_is_neutralised(dice_sheet):
    out = files(document(dice_sheet))
    assert sorted(out) == ["hold_range.csv", "identification.csv", "outcomes.csv",
                           "outcomes_totals.csv", "summary.csv", "volatility.csv"]
    rows = list(csv.reader(io.StringIO(out["identification.csv"])))
    assert rows[0] == ["field", "value"] and ["format", "combin.parsheet/2"] in rows
    assert ["Paytable source", "'=HYPERLINK(\"x\")"] in rows
    assert ["Game cycle", "36"] in rows
    assert all("," not in r["rounds"] for r in csv.DictReader(io.StringIO(out["hold_range.csv"])))


def test_safe_cell():
    assert safe_cell("+SUM(A1)") == "'+SUM(A1)" and safe_cell("@x") == "'@x"
    assert safe_cell(" =1+1") == "' =1+1" and safe_cell("-0.5") == "-0.5"
    assert safe_cell("-2/3") == "-2/3" and safe_cell("-") == "-" and safe_cell(7) == 7
    assert safe_cell("-x") == "'-x"
    assert rows_text([["=a", "b"]]) == "'=a,b\n"
