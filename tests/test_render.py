import json

import pytest

from combin.analysis import par_sheet, sensitivity
from combin.render import FORMATS, render, render_comparison


def test_every_format_is_deterministic():
    sheet = par_sheet("eclipse.divine9", decks=6)
    again = par_sheet("eclipse.divine9", decks=6)
    for fmt in FORMATS:
        assert render(sheet, fmt) == render(again, fmt)
        assert render(sheet, fmt).endswith("\n")


def test_markdown_has_the_contract_sections():
    text = render(par_sheet("eclipse.eclipse", paytable="C"), "md")
    for heading in ("# Eclipse (C)", "## Outcomes", "## Summary", "## Risk", "## Interpretations",
                    "E1=events", "1,000,000", "Volatility index"):
        assert heading in text


def test_comparison_renders_columns_per_value():
    columns = [(v, s) for v, s in sensitivity("eclipse.eclipse", "E1", paytable="C")]
    obj = json.loads(render_comparison("t", columns, "json"))
    assert [c["heading"] for c in obj["columns"]] == ["events", "paid-rows"]
    assert "paid-rows" in render_comparison("t", columns, "text")


@pytest.mark.parametrize("cell, safe", [
    ("=1+1", "'=1+1"), ("+1+1", "'+1+1"), ("+1", "+1"), ("-2+3", "'-2+3"), ("@SUM(A1)", "'@SUM(A1)"),
    ("\t=1", "'\t=1"), ("\r=1", "'\r=1"), ("  =1", "'  =1"),
    ('="4998398275503360"', '="4998398275503360"'), ('="-1/20"', '="-1/20"'),
    ('="sqrt(variance)"', '="sqrt(variance)"'), ('="1"&HYPERLINK("x")', '\'="1"&HYPERLINK("x")'),
    ("-0.012345", "-0.012345"), ("-", "-"), ("5.0000%", "5.0000%"), ("Banker wins", "Banker wins"),
    (12, 12),
])
def test_csv_cells_are_neutralised(cell, safe):
    from combin.render.csvfile import rows_text, safe_cell
    assert safe_cell(cell) == safe
    assert rows_text([[cell]]) == rows_text([[safe]])
