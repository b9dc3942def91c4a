"""A par sheet as CSV that a spreadsheet opens without losing a digit.

Layout: a header row, one row per line, a ``Total`` row; then an empty row and
``field,value`` rows with the identification and summary.  Spreadsheets keep
only 15 significant digits of a number and read ``1/2`` as a date, so exact
values (combinations, the cycle, fractions) are written as text formulas
``="..."``; the decimal columns are plain numbers.  The exact values are also
available unwrapped in the JSON form.

Formula injection: every CSV the package writes goes through
:func:`safe_writer` (or :func:`rows_text`), which passes each cell through
:func:`safe_cell`.  A text cell that starts (after blanks) with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return is neutralised with a leading ``'``,
so a citation such as ``=HYPERLINK(...)`` is shown, never run.  Two forms are
kept: a plain number (``-0.012345``, or a lone ``-``: a spreadsheet reads it as
a number or a dash, never as a formula) and the project's own text formula
``="..."`` holding one string constant and nothing else (no quote inside, so
nothing can be appended to it).
"""

import csv
import io
import re
from collections.abc import Iterable, Sequence
from typing import Any, TextIO

from combin import display
from combin.parsheet import ParSheet
from combin.render.common import PROBABILITY_PLACES, comparison_rows, identification, summary_rows

__all__ = ["render", "render_comparison", "as_text", "safe_cell", "safe_writer", "rows_text"]

HEADER = ["event", "pays", "payout", "combinations", "probability", "probability_decimal",
          "return", "return_decimal", "one_in"]


def as_text(value: object) -> str:
    """A spreadsheet-safe text cell: ``="value"``."""
    return f'="{value}"'


_NUMBER = re.compile(r"[+-]?[0-9][0-9,]*(?:\.[0-9]+)?%?")
_OWN_FORMULA = re.compile(r'="[^"\r\n\t]*"')
_ACTIVE = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """``value`` as a cell no spreadsheet runs as a formula (see the module docstring)."""
    if not isinstance(value, str):
        return value
    if value == "-" or _NUMBER.fullmatch(value) or _OWN_FORMULA.fullmatch(value):
        return value
    if value.lstrip(" ").startswith(_ACTIVE):
        return "'" + value
    return value


class _SafeWriter:
    def __init__(self, stream: TextIO) -> None:
        self._writer = csv.writer(stream, lineterminator="\n")

    def writerow(self, row: Iterable[Any]) -> Any:
        return self._writer.writerow([safe_cell(cell) for cell in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def safe_writer(stream: TextIO) -> _SafeWriter:
    """A ``csv.writer`` (``\\n`` line ends) whose every cell passes :func:`safe_cell`."""
    return _SafeWriter(stream)


def rows_text(rows: Iterable[Iterable[Any]]) -> str:
    """``rows`` as CSV text through :func:`safe_writer`."""
    buffer = io.StringIO()
    safe_writer(buffer).writerows(rows)
    return buffer.getvalue()


_write = rows_text


def render(sheet: ParSheet) -> str:
    rows = [HEADER]
    for line in sheet.lines:
        probability, contribution = sheet.probability(line), sheet.contribution(line)
        rows.append([line.event, line.pays, as_text(display.rational(line.payout)),
                     as_text(line.combinations), as_text(display.rational(probability)),
                     display.decimal(probability, PROBABILITY_PLACES),
                     as_text(display.rational(contribution)),
                     display.decimal(contribution, PROBABILITY_PLACES),
                     display.one_in(line.combinations, sheet.cycle)])
    s = sheet.summary
    rows.append(["Total", "", "", as_text(sheet.cycle), as_text("1"), display.decimal(1, 12),
                 as_text(display.rational(s.expected_return)),
                 display.decimal(s.expected_return, PROBABILITY_PLACES), ""])
    rows.append([])
    rows += [[label, value] for label, value in identification(sheet)]
    rows += [[label, value, as_text(exact)] for label, value, exact in summary_rows(sheet)]
    return _write(rows)


def render_comparison(title: str, columns: Sequence[tuple[str, ParSheet]]) -> str:
    return _write([[title, *(heading for heading, _ in columns)], *comparison_rows(columns)])
