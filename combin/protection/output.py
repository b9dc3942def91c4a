"""The small tables of the game-protection commands, as text, Markdown, CSV or JSON.

A protection report is a title, a list of ``(label, value)`` identification
lines, one table and some notes.  :func:`document` lays that out in one of the
text formats; JSON reports build their own object and pass it to
:func:`json_text`.  Cells arrive as text already rounded by
:mod:`combin.display`, so every format shows the same digits; the exact
values travel in the CSV cells (as spreadsheet-safe text, like the par sheets)
and in the JSON objects as ``"p/q"`` strings.
"""

import csv
import io
import json
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from tabulate import tabulate

from combin import display
from combin.errors import CombinError
from combin.render.csvfile import safe_writer
from combin.render.markdown import table

__all__ = ["FORMATS", "document", "json_text", "exact", "check_format"]

FORMATS = ("text", "md", "csv", "json")


def check_format(fmt: str) -> str:
    """Raise a :class:`CombinError` unless ``fmt`` is one of :data:`FORMATS`."""
    if fmt not in FORMATS:
        raise CombinError(f"unknown format '{fmt}' (formats: {', '.join(FORMATS)})")
    return fmt


def exact(value: Fraction | int, places: int = 12) -> dict[str, str]:
    """``{"exact": "p/q", "decimal": "..."}`` for a JSON report."""
    return {"exact": display.rational(value), "decimal": display.decimal(value, places)}


def json_text(obj: Any) -> str:
    """A JSON document with a fixed key order and a final newline."""
    return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"


def _text_table(rows: Sequence[Sequence[Any]], headers: Sequence[Any],
                align: Sequence[str] | None) -> str:
    return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True,
                    colalign=align)


def _csv(rows: Iterable[Iterable[Any]]) -> str:
    buffer = io.StringIO()
    safe_writer(buffer).writerows(rows)
    return buffer.getvalue()


def document(fmt: str, title: str, info: Sequence[tuple[str, str]], headers: Sequence[str],
             rows: Sequence[Sequence[Any]], notes: Sequence[str] = (),
             align: Sequence[str] | None = None,
             csv_rows: Sequence[Sequence[Any]] | None = None,
             extra: Sequence[tuple[str, Sequence[str], Sequence[Sequence[Any]]]] = ()) -> str:
    """A report in ``fmt`` (text, md or csv).

    ``info`` is ``[(label, value), ...]``; ``rows`` the table's text cells;
    ``csv_rows`` (optional) replaces ``rows`` in CSV, where exact values are
    written as text formulas so a spreadsheet keeps every digit.  ``extra``
    lists further tables, ``(caption, headers, rows)``, shown after the first
    (in CSV after the identification, each under its caption).
    """
    check_format(fmt)
    if fmt == "json":
        raise ValueError("JSON reports are built by their own module")
    if fmt == "csv":
        body = [list(headers), *(csv_rows if csv_rows is not None else rows), []]
        body += [[label, value] for label, value in info]
        body += [["Note", note] for note in notes]
        for caption, extra_headers, extra_rows in extra:
            body += [[], [caption], list(extra_headers), *extra_rows]
        return _csv(body)
    if fmt == "md":
        parts = [f"# {title}", ""]
        parts += [table(info, ["Identification", ""]), ""]
        parts += [table(rows, headers, align), ""]
        for caption, extra_headers, extra_rows in extra:
            parts += [f"## {caption}", "", table(extra_rows, extra_headers), ""]
        parts += [f"- {note}" for note in notes]
        return "\n".join(parts).rstrip("\n") + "\n"
    width = max((len(label) for label, _ in info), default=0)
    parts = [title, ""]
    parts += [f"{label.ljust(width)}  {value}" for label, value in info]
    parts += ["", _text_table(rows, headers, align)]
    for caption, extra_headers, extra_rows in extra:
        parts += ["", caption + ":", _text_table(extra_rows, extra_headers, None)]
    if notes:
        parts += [""] + [f"* {note}" for note in notes]
    return "\n".join(parts) + "\n"
