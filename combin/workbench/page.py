"""``index.html`` of the workbench: the template, the script and the data in one file."""

import json
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

from combin.version import __version__
from combin.files.fileio import write_tree
from combin.core.paytable import Paytable
from combin.workbench.data import workbench_data

__all__ = ["page", "write_page", "PAGE_NAME"]

#: The one file the workbench writes.
PAGE_NAME = "index.html"


def _resource(name: str) -> str:
    return resources.files("combin.workbench").joinpath(name).read_text(encoding="utf-8")


def page(wager_ids: Iterable[str] | None = None, decks: Iterable[int] | None = None,
         extra: Iterable[Paytable] = ()) -> str:
    """The workbench page as text: the same bytes every time for the same code.

    >>> text = page(wager_ids=["eclipse.moon8"], decks=(8,))
    >>> text.startswith("<!DOCTYPE html>") and "172660763262976" in text
    True
    """
    data = json.dumps(workbench_data(wager_ids, decks, extra), separators=(",", ":"),
                      ensure_ascii=True)
    # JSON inside <script>: no "</" to close the element early and no "<!--" to open an HTML
    # comment that swallows the app's script -- every "<" is written \u003c (the same string)
    data = data.replace("<", "\\u003c")
    template = _resource("page.html").replace("__VERSION__", __version__)
    head, rest = template.split("__DATA__")
    before, after = rest.split("__SCRIPT__")
    return head + data + before + _resource("workbench.js").rstrip("\n") + after


def write_page(directory: str | Path, extra: Iterable[Paytable] = ()) -> Path:
    """Write ``DIRECTORY/index.html``, all or nothing (a directory holding other files is
    refused); ``extra``: a user file's paytables, offered as presets beside the built-in ones."""
    write_tree(directory, {PAGE_NAME: page(extra=extra)}, what="workbench directory")
    return Path(directory) / PAGE_NAME
