"""Markdown par sheets: the contract's sections, cells kept verbatim."""

from combin.render.markdown import render, table


def test_sections_and_exact_column(dice_sheet):
    text = render(dice_sheet)
    for heading in ("# High | low (T)", "## Outcomes", "## Summary", "## Risk"):
        assert heading in text
    assert "| Expected return             | 0.444444444444 | 4/9            |" in text


def test_a_pipe_in_a_cell_is_escaped():
    assert "a \\| b" in table([["a | b"]], ["x"])
