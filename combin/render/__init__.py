"""Renderers: a par sheet as text, Markdown, CSV or JSON.

Every renderer reads a :class:`~combin.parsheet.ParSheet` and nothing else;
none knows a game.  :func:`render` picks one by name.  Output ends with a
newline and contains nothing that varies between runs, so the same sheet
always renders to the same bytes.
"""

from collections.abc import Sequence
from importlib import import_module
from types import ModuleType

from combin.errors import CombinError
from combin.parsheet import ParSheet

__all__ = ["FORMATS", "render", "render_comparison"]

#: Format name -> module that renders it.
FORMATS = {"text": "text", "md": "markdown", "csv": "csvfile", "json": "jsonfile"}


def _module(fmt: str) -> ModuleType:
    if fmt not in FORMATS:
        raise CombinError(f"unknown format '{fmt}' (formats: {', '.join(FORMATS)})")
    return import_module(f"combin.render.{FORMATS[fmt]}")


def render(sheet: ParSheet, fmt: str = "text") -> str:
    """``sheet`` rendered in format ``fmt``."""
    text: str = _module(fmt).render(sheet)
    return text


def render_comparison(title: str, columns: Sequence[tuple[str, ParSheet]],
                      fmt: str = "text") -> str:
    """Several sheets side by side: ``columns`` is ``[(heading, ParSheet), ...]``."""
    text: str = _module(fmt).render_comparison(title, columns)
    return text
