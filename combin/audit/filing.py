"""``REPORT.pdf`` as a filing: one printable HTML page made of every page of the bundle.

A lab files the PDF alone, so it must stand alone: a cover with the laboratory's fields and
an attestation and signature block, the contents, then the summary, each game's report, every
par sheet, the method, the interpretations, the checks, the simulations and the strategy
pages -- every ``.html`` page the bundle holds, in the order a reader needs them.  Links
between the bundle's pages become links inside the document (``#anchor``); a link to a file
that is not a page (CSV, JSON, a shard) names the file instead of pointing nowhere; images are
embedded.  The print style numbers every page ("page 3 of 41"), keeps a table row on one
page, repeats a table's head on each page and never wraps a short cell.

>>> page = filing_html({"REPORT.html": "<html><body><h1>Sum</h1>"
...                     '<a href="g/REPORT.html">g</a></body></html>',
...                     "g/REPORT.html": "<html><body><h1>G</h1></body></html>"},
...                    {"client": "C", "submission": "S", "prepared_by": "L", "date": "D"})
>>> 'href="#g-report"' in page and "Signature" in page and "Contents" in page
True
"""

import base64
import html
import re
from collections.abc import Mapping

from combin.version import __version__
from combin.render.html import STYLE

__all__ = ["filing_html", "page_order", "anchor"]

#: The pages of a game folder, in the order a reader needs them (others follow, sorted).
_ORDER = ("REPORT.html", "method.html", "interpretations.html", "checks.html",
          "simulation.html")

_PRINT = """
@page { size: A4; margin: 16mm 12mm 18mm 12mm;
        @bottom-center { content: "page " counter(page) " of " counter(pages);
                         font: 9pt system-ui, sans-serif; color: #555; } }
body { max-width: none; margin: 0; font-size: 10pt; }
section.page { break-before: page; }
section.cover { break-after: page; }
table { break-inside: auto; font-size: 8.5pt; }
thead { display: table-header-group; }
tr, li, figure, img { break-inside: avoid; }
h1, h2, h3 { break-after: avoid; }
td.short, th.short { white-space: nowrap; }
td.phrase, th.phrase { min-width: 10em; }
table.wide { font-size: 6.5pt; }
table.id th { white-space: nowrap; }
div.keep { break-inside: avoid; }
table.wide td, table.wide th { padding: .1em .25em; }
td, th { overflow-wrap: break-word; }
img { max-width: 100%; }
.path { font-family: monospace; font-size: 8pt; color: #444; }
.sign { width: 80%; }
.sign td { height: 2.2em; border-bottom: 1px solid #333; width: 75%; }
.sign th { text-align: left; width: 12em; }
nav ol { columns: 2; font-size: 9pt; }
"""

#: A cell of at most this many characters is never wrapped ("8 decks (416 cards)").
_SHORT = 28
#: A cell of at most this many characters (a phrase: "one 52-card deck, five-card hands") is
#: at least 10 em wide, so it wraps in two or three lines, never one word a line.
_PHRASE = 64


def anchor(path: str) -> str:
    """The anchor of a bundle page inside the filing.

    >>> anchor("baccarat/parsheets/8-decks/eclipse.eclipse-B.html")
    'baccarat-parsheets-8-decks-eclipse-eclipse-b'
    """
    stem = path[:-5] if path.endswith(".html") else path
    return re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-")


def page_order(paths: list[str]) -> list[str]:
    """The bundle's pages in the filing's order: the summary first, then each game's folder
    (its report, method, interpretations, checks, simulation, then its other pages sorted).

    >>> page_order(["g/z.html", "g/checks.html", "REPORT.html", "g/REPORT.html"])
    ['REPORT.html', 'g/REPORT.html', 'g/checks.html', 'g/z.html']
    """
    def key(path: str) -> tuple[int, str, int, str]:
        if "/" not in path:
            return (0 if path == "REPORT.html" else 1, "", 0, path)
        folder, name = path.split("/", 1)
        rank = _ORDER.index(name) if name in _ORDER else len(_ORDER)
        return (2, folder, rank, path)
    return sorted(paths, key=key)


def _body(page: str) -> str:
    found = re.search(r"<body[^>]*>(.*)</body>", page, re.S)
    return found.group(1) if found else page


def _title(page: str, path: str) -> str:
    found = re.search(r"<h1[^>]*>(.*?)</h1>", page, re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip() if found else path


def _resolve(base: str, target: str) -> str:
    """``target`` (a relative link of the page at ``base``) as a bundle path."""
    parts = base.split("/")[:-1]
    for piece in target.split("/"):
        if piece == "..":
            parts = parts[:-1]
        elif piece not in (".", ""):
            parts.append(piece)
    return "/".join(parts)


def _links(body: str, path: str, pages: set[str], files: Mapping[str, str | bytes]) -> str:
    """The page's links and images made to work inside the filing."""
    def link(match: re.Match[str]) -> str:
        target, text = match.group(1), match.group(2)
        if re.match(r"^[a-z]+:|^#", target):
            return match.group(0)
        bundle_path = _resolve(path, target.split("#")[0])
        if bundle_path.endswith(".md"):
            bundle_path = bundle_path[:-3] + ".html"
        if bundle_path in pages:
            return f'<a href="#{anchor(bundle_path)}">{text}</a>'
        return f'{text} <span class="path">(bundle file {html.escape(bundle_path)})</span>'

    def image(match: re.Match[str]) -> str:
        target = match.group(2)
        data = files.get(_resolve(path, target))
        if target.startswith("data:") or not isinstance(data, bytes):
            return match.group(0)
        encoded = base64.b64encode(data).decode("ascii")
        return f'{match.group(1)}data:image/png;base64,{encoded}{match.group(3)}'

    body = re.sub(r'<a href="([^"]*)">(.*?)</a>', link, body, flags=re.S)
    body = re.sub(r'(<img [^>]*src=")([^"]+)(")', image, body)
    return body


def _short_cells(body: str) -> str:
    """A short cell (words or a figure of at most :data:`_SHORT` characters) never wraps; a
    phrase (up to :data:`_PHRASE`) is given room enough to wrap in a few lines; a heading of
    several words may wrap between them (else a wide table shrinks every page of the PDF).

    >>> _short_cells("<td>8 decks (416 cards)</td><td>one 52-card deck, five-card hands</td>")
    '<td class="short">8 decks (416 cards)</td><td class="phrase">one 52-card deck, five-card hands</td>'
    >>> _short_cells("<th>Win per 100 rounds</th><th>Trigger</th>")
    '<th>Win per 100 rounds</th><th class="short">Trigger</th>'
    """
    def cell(match: re.Match[str]) -> str:
        tag, attributes, content = match.group(1), match.group(2), match.group(3)
        text = html.unescape(re.sub(r"<[^>]+>", "", content))
        size = len(text)
        if size > _PHRASE or ("class=" in attributes and attributes != ' class="right"'):
            return match.group(0)
        if tag == "th" and " " in text.strip():
            return match.group(0)   # a heading of several words wraps between them: a table of
            #                         13 columns ("Win per 100 rounds") stays inside the page
        kind = "short" if size <= _SHORT else "phrase"
        if attributes:                       # words right-aligned in a column of figures
            return f'<{tag} class="right {kind}">{content}</{tag}>'
        return f'<{tag} class="{kind}">{content}</{tag}>'
    return re.sub(r"<(td|th)([^>]*)>(.*?)</\1>", cell, body, flags=re.S)


#: A table of at least this many columns is set smaller (a count simulation's 13 columns).
_WIDE = 10


def _wide_tables(body: str) -> str:
    """A table of :data:`_WIDE` columns or more is set in a smaller type, so that it fits the
    page's width (else Chromium shrinks every page of the PDF to fit it).

    >>> _wide_tables("<table><thead><tr>" + "<th>x</th>" * 10 + "</tr></thead></table>")[:20]
    '<table class="wide">'
    """
    def table(match: re.Match[str]) -> str:
        first = re.search(r"<tr>(.*?)</tr>", match.group(1), re.S)
        columns = len(re.findall(r"<t[hd][ >]", first.group(1))) if first else 0
        return f'<table class="wide">{match.group(1)}</table>' if columns >= _WIDE else match.group(0)
    return re.sub(r"<table>(.*?)</table>", table, body, flags=re.S)


#: A table of at most this many rows stays on one page with its heading and note.
_KEEP_ROWS = 30


def _keep_small_tables(body: str) -> str:
    """A heading, its note and a table of at most :data:`_KEEP_ROWS` rows are kept on one page
    (Chromium may leave a heading alone at a page's foot, its table on the next).

    >>> _keep_small_tables("<h2>T</h2><p>n</p><table><tr><td>1</td></tr></table>")
    '<div class="keep"><h2>T</h2><p>n</p><table><tr><td>1</td></tr></table></div>'
    """
    def keep(match: re.Match[str]) -> str:
        rows = match.group(0).count("<tr")
        return f'<div class="keep">{match.group(0)}</div>' if rows <= _KEEP_ROWS else match.group(0)
    return re.sub(r"<h[23][^>]*>(?:(?!<h[1-3]).)*?</h[23]>\s*(?:<p>(?:(?!</p>).)*</p>\s*)?<table[^>]*>.*?</table>",
                  keep, body, flags=re.S)


def _cover(lab: Mapping[str, str], contents: list[tuple[str, str]]) -> str:
    rows = "".join(f"<tr><th>{name}</th><td>{html.escape(lab.get(key) or 'not given')}</td></tr>"
                   for key, name in (("client", "Client"), ("submission", "Submission"),
                                     ("prepared_by", "Prepared by"), ("date", "Date")))
    sign = "".join(f"<tr><th>{name}</th><td></td></tr>"
                   for name in ("Name", "Title", "Laboratory", "Signature", "Date"))
    items = "".join(f'<li><a href="#{anchor(path)}">{html.escape(title)}</a> '
                    f'<span class="path">{html.escape(path.rsplit("/", 1)[0]) if "/" in path else ""}'
                    "</span></li>" for path, title in contents)
    return (f'<section class="cover"><h1>Evidence for a Rules Submission</h1>'
            f'<table class="id">{rows}<tr><th>Tool</th><td>combin {__version__}</td></tr>'
            "</table>"
            "<h2>Attestation</h2><p>The laboratory named above attests that the figures in "
            "this filing were computed exactly (integer counts, one exact division each) by "
            f"combin {__version__} from the regulation's rules and the readings each page "
            "states; that every figure resting on a reading the regulation leaves open is "
            "flagged 'Ruling required' with its other figure; and that the evidence bundle "
            "this filing was printed from verifies with <code>combin audit --verify</code> "
            "(its manifest holds the SHA-256 of every file).</p>"
            f'<table class="sign">{sign}</table>'
            f"<h2>Contents</h2><nav><ol>{items}</ol></nav></section>")


def _pages(files: Mapping[str, str | bytes]) -> dict[str, str]:
    """``{path of an HTML page: its HTML}``: every ``.html`` page of the bundle, and every
    Markdown page that has no HTML rendering beside it (the method, the register), rendered
    here under the ``.html`` name its links use; the bundle's index (``README.md``) aside.

    >>> sorted(_pages({"a.html": "<p>a</p>", "g/method.md": "# M", "g/x.md": "x",
    ...                "g/x.html": "<p>x</p>", "README.md": "# i"}))
    ['a.html', 'g/method.html', 'g/x.html']
    """
    from combin.audit.report import html_page, page_title
    found = {path: text for path, text in files.items()
             if path.endswith(".html") and isinstance(text, str)}
    for path, text in files.items():
        html_path = path[:-3] + ".html"
        if path.endswith(".md") and path != "README.md" and isinstance(text, str) \
                and html_path not in found:     # as the bundle's other Markdown pages are shown
            found[html_path] = html_page(text, page_title(text))
    return found


def filing_html(files: Mapping[str, str | bytes], lab: Mapping[str, str]) -> str:
    """The printable filing of a bundle's ``files`` (``{path: text or bytes}``) with the
    laboratory's fields ``lab`` (client, submission, prepared_by, date)."""
    rendered = _pages(files)
    pages = page_order(list(rendered))
    included = set(pages)
    contents, sections = [], []
    for path in pages:
        text = rendered[path]
        title = _title(text, path)
        contents.append((path, title))
        body = _keep_small_tables(_wide_tables(_short_cells(_links(_body(text), path, included, files))))
        sections.append(f'<section class="page" id="{anchor(path)}">'
                        f'<p class="path">{html.escape(path)}</p>{body}</section>')
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<title>combin: evidence for a Rules Submission</title>\n"
            f"<style>\n{STYLE}{_PRINT}</style>\n</head>\n<body>\n"
            f"{_cover(lab, contents)}\n" + "\n".join(sections) + "\n</body>\n</html>\n")
