import json

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
