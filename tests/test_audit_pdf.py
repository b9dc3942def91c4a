"""REPORT.pdf through real headless Chromium, and the error when it is missing."""

import shutil
import subprocess

import pytest

from combin.audit.pdf import chromium, print_pdf
from combin.errors import CombinError

PAGE = ("<!DOCTYPE html><html><body><h1>combin evidence bundle</h1>"
        "<table><tr><th>Verdict</th><td>61 of 61 checks passed</td></tr></table></body></html>")


@pytest.mark.skipif(shutil.which("chromium") is None, reason="chromium is not installed")
def test_chromium_prints_the_report(tmp_path):
    pdf = print_pdf(PAGE)
    assert pdf[:5] == b"%PDF-" and b"%%EOF" in pdf[-32:]
    if shutil.which("pdftotext"):  # poppler-utils: read the text back out of the page
        (tmp_path / "r.pdf").write_bytes(pdf)
        text = subprocess.run(["pdftotext", str(tmp_path / "r.pdf"), "-"], capture_output=True,
                              text=True, check=True).stdout
        assert "61 of 61 checks passed" in text


def test_a_missing_chromium_is_one_clear_error(monkeypatch):
    monkeypatch.setenv("PATH", "")
    with pytest.raises(CombinError, match="--pdf needs headless Chromium.*apt-get install chromium"):
        chromium()
