"""Any :class:`~combin.render.document.Document` as JSON, without losing a digit.

Every JSON output has the same shape, described by the schemas shipped in
``combin/schemas``: a versioned ``format`` tag (``combin.KIND/2``), the tool and
its version, the title, the ``subject`` (ids and parameters for a program),
the identification as ``{key: value}``, each table as
``{"title", "columns", "rows"}`` whose rows hold the machine form of
:func:`combin.render.document.machine` (integers as decimal strings, exact
fractions as ``"p/q"`` with a ``KEY_decimal`` beside) and, apart from them,
its ``totals`` (a Total row, so that summing ``rows`` never counts it twice),
the notes and the figures.  Keys are written in a fixed order.
"""

import json
from typing import Any

from combin.version import __version__
from combin.render.document import Document, field_text, machine, slug

__all__ = ["write", "document_object", "dump"]


def dump(obj: Any) -> str:
    """JSON text with a fixed key order and a final newline."""
    return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"


def document_object(document: Document) -> dict[str, Any]:
    """The JSON-ready object of ``document``."""
    identification: dict[str, Any] = {}
    for label, c in document.identification_cells():
        key = slug(label)
        value = field_text(c)
        if key in identification:
            existing = identification[key]
            identification[key] = (existing if isinstance(existing, list) else [existing]) + [value]
        else:
            identification[key] = value
    tables: dict[str, Any] = {}
    for table in document.tables:
        layout, records = machine(table)
        headings = {c.key: c.heading for c in table.columns}
        tables[table.name] = {
            "title": table.title,
            "columns": [{"key": key, "heading": headings[key] if key in headings else
                         f"{headings[key[:-len('_decimal')]]} (decimal)"}
                        for key, _ in layout],
            "rows": records,
        }
        if table.totals:
            tables[table.name]["totals"] = machine(table, totals=True)[1]
        if table.note:
            tables[table.name]["note"] = table.note
    return {"format": document.format_tag,
            "tool": {"name": "combin", "version": __version__},
            "title": document.title,
            "subject": dict(document.subject),
            "identification": identification,
            "tables": tables,
            "notes": list(document.notes),
            "figures": [{"name": f.name, "title": f.title, "path": f.path}
                        for f in document.figures]}


def write(document: Document) -> str:
    return dump(document_object(document))
