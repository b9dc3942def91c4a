"""Any :class:`~combin.render.document.Document` as one self-contained HTML page.

Headings are consistent (``h1`` title, ``h2`` per table), numbers are
right-aligned in a tabular figure font, figures are embedded as PNG data URIs
so the page needs no other file, and a cell with a link points where it says.
"""

import base64
from html import escape

from combin.render.document import Cell, Document, Figure, Table, is_numeric, shown

__all__ = ["write", "page", "table_html", "STYLE"]

STYLE = """body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:2em auto;
max-width:80em;padding:0 1em;color:#1a1a1a;line-height:1.4}
h1{font-size:1.6em;border-bottom:2px solid #345;padding-bottom:.2em}
h2{font-size:1.25em;margin-top:1.6em;color:#234}
table{border-collapse:collapse;margin:.5em 0 1em}
th,td{border:1px solid #c8cdd2;padding:.25em .6em;vertical-align:top}
th{background:#eef1f4;text-align:left}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.right{text-align:right}
td a{white-space:nowrap}
table.id th{width:14em}
figure{margin:1em 0}figure img{max-width:100%;border:1px solid #ddd}
figcaption{font-size:.9em;color:#444}
@media print{body{margin:0;padding:0;font-size:9pt;line-height:1.25}th,td{padding:.1em .4em}h1{margin:0 0 .4em}h2{margin:.7em 0 .2em}}
"""


def _cell(c: Cell, tag: str = "td", numeric_column: bool = False) -> str:
    """A cell; words in a column of figures ("not computed", "-2.79% to -1.29%") are
    right-aligned with the figures, not left under them."""
    text = escape(shown(c))
    href = getattr(c, "href", None)
    if href:
        text = f'<a href="{escape(href)}">{text}</a>'
    css = ' class="num"' if is_numeric(c) else ' class="right"' if numeric_column and text else ""
    return f"<{tag}{css}>{text}</{tag}>"


def table_html(table: Table) -> str:
    """One table as an HTML ``<table>``; numeric columns are right-aligned."""
    numeric = [any(is_numeric(row[i]) for row in table.shown_rows) for i in range(len(table.columns))]
    num = ' class="num"'
    head = "".join(f"<th{num if n else ''}>{escape(c.heading)}</th>"
                   for c, n in zip(table.columns, numeric))
    body = "\n".join("<tr>" + "".join(_cell(c, numeric_column=n) for c, n in zip(row, numeric)) + "</tr>"
                     for row in table.shown_rows)
    return f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table>"


def _figure(figure: Figure) -> str:
    if figure.png:
        source = "data:image/png;base64," + base64.b64encode(figure.png).decode("ascii")
    elif figure.path:
        source = escape(figure.path)
    else:
        return ""
    return (f'<figure><img src="{source}" alt="{escape(figure.title)}">'
            f"<figcaption>{escape(figure.title)}</figcaption></figure>")


def page(title: str, body: str) -> str:
    """A whole HTML page around ``body``."""
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{escape(title)}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n"
            f"{body}\n</body>\n</html>\n")


def body(document: Document, level: int = 1) -> str:
    """The page content of ``document`` (headings start at ``h{level}``)."""
    h, h2 = f"h{level}", f"h{level + 1}"
    parts = [f"<{h}>{escape(document.title)}</{h}>"]
    info = document.identification_cells()
    if info:
        rows = "\n".join(f"<tr><th>{escape(label)}</th>{_cell(c)}</tr>" for label, c in info)
        parts.append(f'<table class="id">\n{rows}\n</table>')
    for table in document.tables:
        parts += [f"<{h2}>{escape(table.title)}</{h2}>",
                  *([f"<p>{escape(table.note)}</p>"] if table.note else []), table_html(table)]
    if document.notes:
        parts += [f"<{h2}>Notes</{h2}>", "<ul>" + "".join(f"<li>{escape(n)}</li>"
                                                         for n in document.notes) + "</ul>"]
    if document.figures:
        parts += [f"<{h2}>Charts</{h2}>", *(_figure(f) for f in document.figures)]
    return "\n".join(p for p in parts if p)


def write(document: Document) -> str:
    return page(document.title, body(document))
