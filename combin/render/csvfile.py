"""A par sheet as CSV that a spreadsheet opens without losing a digit.

Layout: a header row, one row per line, a ``Total`` row; then an empty row and
``field,value`` rows with the identification and summary.  Spreadsheets keep
only 15 significant digits of a number and read ``1/2`` as a date, so exact
values (combinations, the cycle, fractions) are written as text formulas
``="..."``; the decimal columns are plain numbers.  The exact values are also
available unwrapped in the JSON form.
"""

import csv
import io

from combin import display
from combin.render.common import PROBABILITY_PLACES, comparison_rows, identification, summary_rows

__all__ = ["render", "render_comparison", "as_text"]

HEADER = ["event", "pays", "payout", "combinations", "probability", "probability_decimal",
          "return", "return_decimal", "one_in"]


def as_text(value):
    """A spreadsheet-safe text cell: ``="value"``."""
    return f'="{value}"'


def _write(rows):
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerows(rows)
    return buffer.getvalue()


def render(sheet):
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


def render_comparison(title, columns):
    return _write([[title, *(heading for heading, _ in columns)], *comparison_rows(columns)])
