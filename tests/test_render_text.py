"""Text par sheets: identification, lines, totals and risk, for a terminal."""

from combin.render.text import render


def test_the_lines_and_the_total(dice_sheet):
    text = render(dice_sheet)
    assert text.startswith("High | low -- par sheet\n")
    assert "Game cycle       36" in text
    assert "Total                                   36  1.000000000000   0.444444444444" in text
    assert "House edge, pushes excluded       -53.3333%" in text
