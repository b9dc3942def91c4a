"""A par sheet as plain text for a terminal."""

from collections.abc import Sequence
from typing import Any

from tabulate import tabulate

from combin.parsheet import ParSheet
from combin.render.common import (comparison_rows, identification, line_header, line_rows,
                                  risk_rows, summary_rows)

__all__ = ["render", "render_comparison"]


def _table(rows: Sequence[Sequence[Any]], headers: Sequence[Any],
           align: Sequence[str] | None = None) -> str:
    return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True,
                    colalign=align)


def render(sheet: ParSheet) -> str:
    width = max(len(label) for label, _ in identification(sheet))
    parts = [f"{sheet.title} -- par sheet", ""]
    parts += [f"{label.ljust(width)}  {value}" for label, value in identification(sheet)]
    parts += ["", _table(line_rows(sheet), line_header(),
                         ("left", "left", "right", "right", "right", "right")), ""]
    parts += [_table([row[:2] for row in summary_rows(sheet)], ["Figure", "Value"],
                     ("left", "right")), ""]
    volatility, holds = risk_rows(sheet)
    parts += [_table(volatility, ["Confidence", "z", "Volatility index"],
                     ("left", "right", "right")), ""]
    parts += ["Range of hold (house edge +- VI/sqrt(n)):",
              _table(holds, ["Rounds", *(row[0] for row in volatility)],
                     ("right", "right", "right", "right"))]
    return "\n".join(parts) + "\n"


def render_comparison(title: str, columns: Sequence[tuple[str, ParSheet]]) -> str:
    headers = ["", *(heading for heading, _ in columns)]
    return f"{title}\n\n{_table(comparison_rows(columns), headers)}\n"
