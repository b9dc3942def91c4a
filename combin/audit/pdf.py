"""``REPORT.pdf``: the filing printed by headless Chromium.

The PDF is rendered from :func:`combin.audit.filing.filing_html` -- every page of the
bundle in one printable page, its images embedded, so it needs nothing else -- and hashed in
the manifest like every file.  Chromium stamps a creation time into the file, so ``--verify``
checks its hash but does not re-render it: the figures it shows are those of the bundle's
pages, which are recomputed.
"""

import shutil
import subprocess
import tempfile
from pathlib import Path

from combin.errors import CombinError

__all__ = ["chromium", "print_pdf", "BROWSERS"]

#: The names headless Chromium goes by (Debian's package ``chromium`` installs the first).
BROWSERS = ("chromium", "chromium-browser", "google-chrome")


def chromium() -> str:
    """The path of a Chromium executable; a :class:`CombinError` saying how to install one."""
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    raise CombinError("--pdf needs headless Chromium, which is not installed "
                      "(on Debian: apt-get install chromium; `make audit` installs it)")


def print_pdf(html: str, timeout: int = 300) -> bytes:
    """The bytes of ``html`` printed to PDF (A4, no header or footer)."""
    browser = chromium()
    with tempfile.TemporaryDirectory(prefix="combin-pdf-") as folder:
        page, pdf = Path(folder) / "REPORT.html", Path(folder) / "REPORT.pdf"
        page.write_text(html, encoding="utf-8")
        command = [browser, "--headless", "--no-sandbox", "--disable-gpu",
                   "--no-pdf-header-footer", f"--user-data-dir={folder}/profile",
                   f"--print-to-pdf={pdf}", page.as_uri()]
        try:
            subprocess.run(command, capture_output=True, timeout=timeout, check=True)
        except subprocess.TimeoutExpired:
            raise CombinError(f"Chromium did not print the report within {timeout} s") from None
        except (OSError, subprocess.CalledProcessError) as error:
            raise CombinError(f"Chromium could not print the report ({error})") from None
        if not pdf.is_file() or pdf.read_bytes()[:5] != b"%PDF-":
            raise CombinError("Chromium wrote no PDF of the report")
        return pdf.read_bytes()
