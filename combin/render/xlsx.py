"""Any :class:`~combin.render.document.Document` as an Excel workbook (XlsxWriter).

An ``identification`` worksheet (title, format, tool, identification pairs,
notes), then one worksheet per table -- for a par sheet, worksheets that
re-price (:mod:`combin.render.xlsx_parsheet`: the pays in their own cells,
every return, total, house edge, variance and SD a formula over them).  Numbers are stored as numbers, so a
spreadsheet can sum them; percentages carry a percent number format.  A value
a double cannot hold exactly (a count above 2**53, a fraction such as 1/3) is
also written, as exact text, in a column ``HEADING (exact)`` beside its
numeric column, so no digit is lost.  The workbook's creation date is fixed,
so the same document always gives the same bytes.
"""

import datetime
import io
from typing import Any

from combin.render.document import (Cell, Count, Document, Percent, Table, as_float, field_text,
                                    is_numeric, shown)
from combin.render.xlsx_parsheet import NOTE, write_count, write_parsheet

__all__ = ["write"]

#: Excel's limit on worksheet names.
_SHEET_NAME = 31


def _sheet_name(name: str, used: set[str]) -> str:
    base = "".join(ch for ch in name if ch not in "[]:*?/\\")[:_SHEET_NAME] or "table"
    candidate, n = base, 2
    while candidate.lower() in used:
        suffix = f"-{n}"
        candidate, n = base[:_SHEET_NAME - len(suffix)] + suffix, n + 1
    used.add(candidate.lower())
    return candidate


def _numeric_value(c: Cell) -> tuple[float, bool]:
    """``(double, exact)`` of a numeric cell: its nearest double, never rounded to the digits
    a reader is shown ("1 in" and a standard deviation keep every digit a double holds)."""
    return as_float(c)


def _percent_format(book: Any, formats: dict[str, Any], places: int) -> Any:
    """The percent number format of a cell shown at ``places`` decimals, as a reader's formats
    show it (``0.0000%`` at the default 4; each format added to the book once)."""
    if places == 4:
        return formats["percent"]
    key = f"percent{places}"
    if key not in formats:
        formats[key] = book.add_format({"num_format": "0." + "0" * places + "%" if places else "0%"})
    return formats[key]


def _write_table(book: Any, sheet: Any, table: Table, formats: dict[str, Any]) -> None:
    columns = []
    for index, column in enumerate(table.columns):
        cells = [row[index] for row in table.rows]
        inexact = any(is_numeric(c) and not _numeric_value(c)[1] for c in cells)
        columns.append((index, column.heading, False))
        if inexact:
            columns.append((index, f"{column.heading} (exact)", True))
    for col, (_, heading, _) in enumerate(columns):
        sheet.write_string(0, col, heading, formats["head"])
    widths = [len(heading) for _, heading, _ in columns]
    for r, row in enumerate(table.rows, start=1):
        for col, (index, _, exact) in enumerate(columns):
            c = row[index]
            if exact:
                text = field_text(c) if is_numeric(c) else ""
                sheet.write_string(r, col, text)
            elif is_numeric(c):
                number, _ = _numeric_value(c)
                if isinstance(c, Count):
                    write_count(sheet, r, col, c, formats["count"])
                else:
                    fmt = _percent_format(book, formats, c.places) if isinstance(c, Percent) \
                        else None
                    sheet.write_number(r, col, number, fmt)
                text = shown(c)
            else:
                text = shown(c)
                sheet.write_string(r, col, text)
            widths[col] = max(widths[col], min(len(text), 60))
    for col, width in enumerate(widths):
        sheet.set_column(col, col, width + 2)
    sheet.freeze_panes(1, 0)


def write(document: Document) -> bytes:
    """The workbook's bytes."""
    import xlsxwriter
    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {"in_memory": True, "strings_to_formulas": False,
                                       "strings_to_numbers": False, "strings_to_urls": False,
                                       "use_future_functions": True})
    book.set_properties({"title": document.title, "created": datetime.datetime(2000, 1, 1)})
    formats = {"head": book.add_format({"bold": True, "bg_color": "#EEF1F4"}),
               "percent": book.add_format({"num_format": "0.0000%"}),
               "count": book.add_format({"num_format": "#,##0"})}
    used: set[str] = set()
    info = book.add_worksheet(_sheet_name("identification", used))
    rows = [("Title", document.title), ("Format", document.format_tag)]
    rows += [(label, field_text(c)) for label, c in document.identification_cells()]
    rows += [("Note", note) for note in document.notes]
    if document.kind == "parsheet":
        rows.append(("Note", NOTE))
    for r, (label, value) in enumerate(rows):
        info.write_string(r, 0, label, formats["head"])
        info.write_string(r, 1, value or "")
    info.set_column(0, 0, max(len(label) for label, _ in rows) + 2)
    info.set_column(1, 1, 80)
    if document.kind == "parsheet":
        write_parsheet(book, document, formats)   # pays in cells, every figure a formula
    else:
        for table in document.tables:
            _write_table(book, book.add_worksheet(_sheet_name(table.name, used)), table, formats)
            if table.totals:   # apart from the records, so a column's sum counts them once
                totals = Table(f"{table.name}_totals", table.title, table.columns, table.totals)
                _write_table(book, book.add_worksheet(_sheet_name(totals.name, used)), totals,
                             formats)
    book.close()
    return buffer.getvalue()
