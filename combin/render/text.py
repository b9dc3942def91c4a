"""Any :class:`~combin.render.document.Document` as plain text for a terminal.

The title, the identification as aligned ``label  value`` lines, each table
under its title (numbers right-aligned), the notes as ``*`` items and the
figures by name.  Cells are shown by :func:`combin.render.document.shown`.
"""

from tabulate import tabulate

from combin.render.document import Document, Table, is_numeric, shown

__all__ = ["write", "grid"]


def grid(table: Table) -> str:
    """One table as aligned plain-text columns."""
    align = [("right" if any(is_numeric(row[i]) for row in table.shown_rows) else "left")
             for i in range(len(table.columns))]
    return str(tabulate([[shown(c) for c in row] for row in table.shown_rows],
                    headers=[c.heading for c in table.columns], tablefmt="simple",
                    disable_numparse=True,
                    colalign=(align or None) if table.shown_rows else None))  # no rows: nothing
                                                # to align (tabulate 0.9 fails on unseen columns)


def write(document: Document) -> str:
    info = [(label, shown(c)) for label, c in document.identification_cells()]
    width = max((len(label) for label, _ in info), default=0)
    parts = [document.title, ""]
    if info:
        parts += [f"{label.ljust(width)}  {value}" for label, value in info] + [""]
    for table in document.tables:
        parts += [f"{table.title}:", *([table.note] if table.note else []), grid(table), ""]
    if document.notes:
        parts += [f"* {note}" for note in document.notes] + [""]
    for figure in document.figures:
        parts.append(f"Figure: {figure.title}" + (f" ({figure.path})" if figure.path else ""))
    return "\n".join(parts).rstrip("\n") + "\n"
