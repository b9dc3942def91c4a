"""Any :class:`~combin.render.document.Document` as a Markdown page (GitHub tables).

``# title``, the identification table, one ``## section`` per table with
numbers right-aligned, the notes as a list and the figures as images.
"""

from collections.abc import Sequence
from typing import Any

from tabulate import tabulate

from combin.render.document import Cell, Document, Table, is_numeric, shown

__all__ = ["write", "table", "grid", "escape"]


def escape(text: object) -> str:
    """Text as Markdown shows it, never as markup: raw HTML (``<`` and ``&``, which a
    renderer would run as a tag or an entity) escaped.

    >>> escape("<script>alert(1)</script> & Co")
    '&lt;script>alert(1)&lt;/script> &amp; Co'
    """
    return str(text).replace("&", "&amp;").replace("<", "&lt;")


def _cell(text: object) -> str:
    return escape(text).replace("|", "\\|")


def table(rows: Sequence[Sequence[Any]], headers: Sequence[Any],
          align: Sequence[str] | None = None) -> str:
    """A GitHub-flavoured Markdown table of text ``rows``, every cell kept verbatim."""
    return str(tabulate([[_cell(c) for c in row] for row in rows], headers=[_cell(h) for h in headers],
                    tablefmt="github", disable_numparse=True,
                    colalign=align if rows else None))   # no rows: nothing to align (tabulate 0.9
                                                         # would fail on the columns it cannot see)


def _linked(c: Cell) -> str:
    href = getattr(c, "href", None)
    return f"[{shown(c)}]({href})" if href else shown(c)


def grid(doc_table: Table) -> str:
    """One :class:`~combin.render.document.Table` as a Markdown table."""
    align = [("right" if any(is_numeric(row[i]) for row in doc_table.shown_rows) else "left")
             for i in range(len(doc_table.columns))]
    return table([[_linked(c) for c in row] for row in doc_table.shown_rows],
                 [c.heading for c in doc_table.columns], align or None)


def write(document: Document) -> str:
    parts = [f"# {escape(document.title)}", ""]
    info = [(label, shown(c)) for label, c in document.identification_cells()]
    if info:
        parts += [table(info, ["Identification", ""]), ""]
    for doc_table in document.tables:
        parts += [f"## {escape(doc_table.title)}", "",
                  *([escape(doc_table.note), ""] if doc_table.note else []),
                  grid(doc_table), ""]
    if document.notes:
        parts += ["## Notes", ""] + [f"- {escape(note)}" for note in document.notes] + [""]
    shown_figures = [f for f in document.figures if f.path]
    if shown_figures:
        parts += ["## Charts", ""]
    for figure in shown_figures:
        parts += [f"![{escape(figure.title)}]({figure.path})", ""]
    return "\n".join(parts).rstrip("\n") + "\n"
