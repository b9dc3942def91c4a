"""The rows every renderer shares, on a par sheet worked by hand."""

from combin.render.common import identification, line_rows, summary_rows


def test_identification_and_lines(dice_sheet):
    rows = dict(identification(dice_sheet))
    assert rows["Game cycle"] == "36" and rows["Counted over"] == "every ordered pair of faces"
    assert "Counted over" not in dict(identification(dice_sheet, method=False))
    assert [row[2] for row in line_rows(dice_sheet)][:4] == ["1", "5", "6", "24"]


def test_summary_has_exact_values(dice_sheet):
    exact = {label: value for label, _, value in summary_rows(dice_sheet)}
    assert exact["Expected return"] == "4/9" and exact["Variance"] == "2108/81"
