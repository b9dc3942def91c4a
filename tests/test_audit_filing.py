"""combin.audit.filing: the bundle's pages as one printable filing that stands alone."""

import base64

from combin.audit.filing import anchor, filing_html, page_order

LAB = {"client": "Casino X", "submission": "RS-22", "prepared_by": "Lab", "date": "2026-12-03"}


def _page(body):
    return f"<!DOCTYPE html><html><head><title>t</title></head><body>{body}</body></html>"


FILES = {
    "REPORT.html": _page('<h1>Summary</h1><a href="g/REPORT.html">game</a>'),
    "g/REPORT.html": _page('<h1>Game</h1><a href="parsheets/8-decks/x.md">sheet</a>'
                           '<a href="parsheets/8-decks/x.csv">csv</a>'
                           '<a href="https://example.org/a">outside</a><img src="c.png">'),
    "g/parsheets/8-decks/x.html": _page('<h1>X -- par sheet</h1><table><tr><th>Shoe</th>'
                                        '<td>8 decks (416 cards)</td><td>' + "word " * 20 +
                                        '</td></tr></table><a href="../../REPORT.html">up</a>'),
    "g/checks.html": _page("<h1>Checks</h1>"),
    "g/c.png": b"\x89PNG-bytes",
    "g/parsheets/8-decks/x.csv": "a,b\n",
}


def test_every_page_once_in_the_reader_s_order_with_a_cover_and_contents():
    page = filing_html(FILES, LAB)
    order = [page.index(f'id="{anchor(path)}"') for path in
             ("REPORT.html", "g/REPORT.html", "g/checks.html", "g/parsheets/8-decks/x.html")]
    assert order == sorted(order)
    assert page.index("Attestation") < page.index("Contents") < order[0]
    for value in LAB.values():
        assert value in page
    assert page.count('<section class="page"') == 4     # the CSV and the PNG are not pages
    assert "Signature" in page and 'counter(page) " of " counter(pages)' in page


def test_links_work_inside_the_filing_and_none_points_nowhere():
    page = filing_html(FILES, LAB)
    assert f'<a href="#{anchor("g/REPORT.html")}">game</a>' in page
    # a .md link of a page becomes the anchor of its .html rendering; ../ resolved
    assert f'<a href="#{anchor("g/parsheets/8-decks/x.html")}">sheet</a>' in page
    assert f'<a href="#{anchor("g/REPORT.html")}">up</a>' in page
    # a file that is no page is named, not linked
    assert 'csv <span class="path">(bundle file g/parsheets/8-decks/x.csv)</span>' in page
    assert 'href="parsheets' not in page and 'href="../' not in page
    assert '<a href="https://example.org/a">outside</a>' in page
    assert f'src="data:image/png;base64,{base64.b64encode(FILES["g/c.png"]).decode()}"' in page


def test_a_short_cell_never_wraps_and_a_long_one_may():
    page = filing_html(FILES, LAB)
    assert '<td class="short">8 decks (416 cards)</td>' in page
    assert '<td>word word' in page


def test_the_order_of_a_game_folder():
    assert page_order(["b/x.html", "a/simulation.html", "a/REPORT.html", "a/method.html",
                       "README.html", "REPORT.html"]) == [
        "REPORT.html", "README.html", "a/REPORT.html", "a/method.html", "a/simulation.html",
        "b/x.html"]
