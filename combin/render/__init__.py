"""Writers: any :class:`~combin.render.document.Document` as text, Markdown, CSV, JSON,
HTML or an Excel workbook.

One writer per format (a module each); none knows a game or a command.
:func:`render` picks one by name; :func:`emit` is what a command returns for
its ``--format``, ``--out`` and ``--table`` options.  Output contains nothing
that varies between runs, so the same document always renders to the same
bytes.
"""

from importlib import import_module
from types import ModuleType
from typing import Any

from combin.errors import CombinError
from combin.render.document import Document

__all__ = ["FORMATS", "render", "render_text", "emit", "add_format_options"]

#: Format name -> module that writes it.
FORMATS = {"text": "text", "md": "markdown", "csv": "csvfile", "json": "jsonfile",
           "html": "html", "xlsx": "xlsx"}


def _document(obj: object) -> Document:
    if not isinstance(obj, Document):
        raise TypeError(f"a writer writes a Document, not a {type(obj).__name__} "
                        "(build it with combin.documents)")
    return obj


def _module(fmt: str) -> ModuleType:
    if fmt not in FORMATS:
        raise CombinError(f"unknown format '{fmt}' (formats: {', '.join(FORMATS)})")
    return import_module(f"combin.render.{FORMATS[fmt]}")


def render(document: Document, fmt: str = "text", table: str | None = None) -> str | bytes:
    """``document`` in format ``fmt``: text, or bytes for ``xlsx``.  CSV holds one table:
    ``table``, else the first.

    >>> from combin.render.document import Count, Table
    >>> doc = Document("demo", "Demo", (), (Table.of("t", "T", ["n"], [[Count(3)]]),))
    >>> render(doc, "csv")
    'n\\n3\\n'
    """
    document = _document(document)
    if fmt == "csv":
        text: str | bytes = _module(fmt).write(document, table)
        return text
    if table is not None:
        document.table(table)
    written: str | bytes = _module(fmt).write(document)
    return written


def render_text(document: Document, fmt: str = "text", table: str | None = None) -> str:
    """:func:`render` in a text format (every format but ``xlsx``)."""
    text = render(document, fmt, table)
    if not isinstance(text, str):
        raise CombinError(f"--format {fmt} is not a text format")
    return text


def emit(document: Document, args: Any) -> str | bytes:
    """What a command returns for its output options (``args.format``, ``args.out``,
    ``args.table``): the text or bytes that the command line writes to stdout or
    ``--out``.  A CSV of several tables with ``--out`` and no ``--table`` is written
    here as a directory ``--out`` of one CSV per table, and nothing is returned."""
    document = _document(document)
    fmt, out, table = args.format, getattr(args, "out", None), getattr(args, "table", None)
    if fmt == "xlsx" and not out:
        raise CombinError("--format xlsx writes a workbook: give --out FILE.xlsx")
    if fmt == "csv" and out and table is None and len(document.tables) > 1:
        from combin.files.fileio import write_tree
        from combin.render.csvfile import files
        write_tree(out, files(document))
        return ""
    return render(document, fmt, table)


def add_format_options(parser: Any, formats: tuple[str, ...] = tuple(FORMATS),
                       tables: bool = True) -> None:
    """``--format``, ``--out`` and (``tables``) ``--table``, with their help."""
    meaning = {"csv": "csv: tidy, one table per file", "json": "json: versioned, with a schema "
               "shipped in the package", "xlsx": "xlsx: a workbook with one worksheet per table "
               "(needs --out)", "html": "html: one self-contained page"}
    parser.add_argument(
        "--format", default="text", choices=list(formats),
        help="; ".join(["output format (default: text)",
                        *(meaning[f] for f in formats if f in meaning and tables)]))
    parser.add_argument(
        "--out", metavar="FILE",
        help="write to FILE atomically (default: stdout)" + (
            ". With --format csv and several tables and no --table, FILE is a directory of one "
            "CSV per table, e.g. --format csv --out sheet-csv" if tables else ""))
    if tables:
        parser.add_argument(
            "--table", metavar="NAME",
            help="output only the table NAME (csv: the default is the first table on stdout, "
                 "every table with --out), e.g. --table summary")
