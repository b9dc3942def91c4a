"""CSV par sheets: exact values as text formulas, and no cell a spreadsheet would run."""

import csv
import io

from combin.render.csvfile import HEADER, as_text, render, safe_cell


def test_exact_values_are_text_formulas(dice_sheet):
    rows = list(csv.reader(io.StringIO(render(dice_sheet))))
    assert rows[0] == HEADER
    combinations = {row[0]: row[3] for row in rows[1:6]}
    assert combinations == {"A twelve": '="1"', "Ten or more": '="5"', "A seven": '="6"',
                            "Any other outcome": '="24"', "Total": '="36"'}
    summary = {row[0]: row[1:] for row in rows[7:] if row}
    assert summary["Expected return"] == ["0.444444444444", '="4/9"']


def test_a_citation_that_looks_like_a_formula_is_neutralised(dice_sheet):
    rows = list(csv.reader(io.StringIO(render(dice_sheet))))
    source = [row for row in rows if row and row[0] == "Paytable source"][0]
    assert source[1] == "'=HYPERLINK(\"x\")"
    assert safe_cell("+SUM(A1)") == "'+SUM(A1)" and safe_cell("@x") == "'@x" and safe_cell("-0.5") == "-0.5" and as_text(12) == '="12"'
