"""A par sheet as a Markdown page (GitHub-flavoured tables)."""

from collections.abc import Sequence
from typing import Any

from tabulate import tabulate

from combin.parsheet import ParSheet
from combin.render.common import (comparison_rows, identification, line_header, line_rows,
                                  risk_rows, summary_rows)

__all__ = ["render", "render_comparison", "table"]


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|")


def table(rows: Sequence[Sequence[Any]], headers: Sequence[Any],
          align: Sequence[str] | None = None) -> str:
    """A GitHub-flavoured Markdown table with every cell kept verbatim."""
    return tabulate([[_cell(c) for c in row] for row in rows], headers=[_cell(h) for h in headers],
                    tablefmt="github", disable_numparse=True, colalign=align)


def render(sheet: ParSheet) -> str:
    parts = [f"# {sheet.title} ({sheet.paytable})", ""]
    parts += [table(identification(sheet, method=False), ["Identification", ""]), "",
              f"Counted over {sheet.method}.", ""]
    parts += ["## Outcomes", "",
              table(line_rows(sheet), line_header(),
                    ("left", "left", "right", "right", "right", "right")), ""]
    parts += ["## Summary", "", table(summary_rows(sheet), ["Figure", "Value", "Exact"],
                                     ("left", "right", "left")), ""]
    volatility, holds = risk_rows(sheet)
    parts += ["## Risk", "", table(volatility, ["Confidence", "z", "Volatility index"],
                                  ("left", "right", "right")), "",
              "Range of hold, house edge ± VI/√n:", "",
              table(holds, ["Rounds", *(row[0] for row in volatility)],
                    ("right", "right", "right", "right"))]
    if sheet.interpretations:
        parts += ["", "## Interpretations", ""]
        parts += [f"- **{key}={value}**: {sheet.interpretation_titles.get(key, '')}"
                  for key, value in sheet.interpretations]
    return "\n".join(parts) + "\n"


def render_comparison(title: str, columns: Sequence[tuple[str, ParSheet]]) -> str:
    headers = ["", *(heading for heading, _ in columns)]
    return f"# {title}\n\n{table(comparison_rows(columns), headers)}\n"
