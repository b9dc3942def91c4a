"""HTML: one self-contained page, numbers right-aligned, figures embedded, text escaped."""

import base64
import shutil
import subprocess

import pytest

from combin.documents.parsheet import document
from combin.render.document import Document, Figure, Table, Text
from combin.render.html import write

PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwAD"
                       "hgGAWjR9awAAAABJRU5ErkJggg==")


def test_a_par_sheet_page(dice_sheet):
    page = write(document(dice_sheet))
    assert page.startswith("<!DOCTYPE html>") and page.endswith("</html>\n")
    assert "<h1>High | low (T) -- par sheet</h1>" in page and "<h2>Outcomes</h2>" in page
    assert '<td class="num">36</td>' in page and "&quot;x&quot;" in page   # escaped citation
    assert "=HYPERLINK(\"x\")" not in page


def test_figures_are_data_uris_and_links_are_kept():
    doc = Document("t", "T", (("Tool", "combin"),),
                   (Table.of("t", "T", ["Page"], [[Text("sun <7>", "a.html")]]),),
                   figures=(Figure("f", "A chart", PNG, "f.png"),))
    page = write(doc)
    assert '<a href="a.html">sun &lt;7&gt;</a>' in page
    assert '<img src="data:image/png;base64,' + base64.b64encode(PNG).decode() + '"' in page


@pytest.mark.skipif(shutil.which("chromium") is None, reason="chromium is not installed")
def test_headless_chromium_draws_the_page(dice_sheet, tmp_path):
    page = tmp_path / "sheet.html"
    page.write_text(write(document(dice_sheet)), encoding="utf-8")
    shot = tmp_path / "sheet.png"
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu",
                    f"--user-data-dir={tmp_path / 'profile'}",     # its own, beside a parallel run's
                    "--window-size=1000,800", f"--screenshot={shot}", page.as_uri()],
                   capture_output=True, timeout=120, check=False)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000
