"""Tidy CSV: one table per file, a header row, plain digits and ``"p/q"`` fractions.

Each row is one record; exact fractions are ``"p/q"`` text with a decimal
column ``KEY_decimal`` beside them, so a spreadsheet can sum the decimals and a
program reads the exact value (:func:`combin.render.document.machine`).  A
table's Total row is not a record: it is its own file ``NAME_totals.csv``
(``--table outcomes_totals``), so summing a column never counts it twice.  No
thousands separators, no formulas.  A document of several tables is written as
one CSV per table (:func:`files`: ``NAME.csv``, plus ``identification.csv``),
or one table is chosen by name.

Formula injection: every cell passes :func:`safe_cell`.  A text cell that
starts (after blanks) with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return is neutralised with a leading ``'``, so a citation such as
``=HYPERLINK(...)`` is shown, never run.  Plain numbers (``-0.0123``,
``-1/20``) are kept: a spreadsheet reads them as data, never as a formula.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TextIO

from combin.render.document import field_text, machine

if TYPE_CHECKING:
    from combin.render.document import Document, Table

__all__ = ["write", "files", "safe_cell", "safe_writer", "rows_text"]

_NUMBER = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?(?:/[0-9]+)?%?")
_ACTIVE = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """``value`` as a cell no spreadsheet runs as a formula (see the module docstring)."""
    if not isinstance(value, str):
        return value
    if value == "-" or _NUMBER.fullmatch(value):
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


#: The file (``--table`` name) of a table's totals: ``outcomes`` -> ``outcomes_totals``.
TOTALS_SUFFIX = "_totals"


def _table_text(table: Table, totals: bool = False) -> str:
    layout, records = machine(table, totals)
    keys = [key for key, _ in layout]
    return rows_text([keys, *([record[k] for k in keys] for record in records)])


def _identification_text(document: Document) -> str:
    rows = [["field", "value"], ["format", document.format_tag]]
    for label, c in document.identification_cells():
        rows.append([label, field_text(c)])
    rows += [["note", note] for note in document.notes]
    return rows_text(rows)


def write(document: Document, table: str | None = None) -> str:
    """One table of ``document`` as CSV: the one named ``table``, else the first
    (``identification`` names the identification pairs)."""
    if table == "identification" or not document.tables:
        return _identification_text(document)
    if table and table.endswith(TOTALS_SUFFIX) and table not in {t.name for t in document.tables}:
        found = document.table(table[:-len(TOTALS_SUFFIX)])
        if found.totals:
            return _table_text(found, totals=True)
    return _table_text(document.table(table) if table else document.tables[0])


def files(document: Document) -> dict[str, str]:
    """``{"NAME.csv": text}``: every table (and its ``NAME_totals.csv``), and
    ``identification.csv``."""
    out = {"identification.csv": _identification_text(document)}
    for table in document.tables:
        out[f"{table.name}.csv"] = _table_text(table)
        if table.totals:
            out[f"{table.name}{TOTALS_SUFFIX}.csv"] = _table_text(table, totals=True)
    return out
