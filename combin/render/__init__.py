"""Renderers: a par sheet as text, Markdown, CSV or JSON.

Every renderer reads a :class:`~combin.parsheet.ParSheet` and nothing else;
none knows a game.  :func:`render` picks one by name.  Output ends with a
newline and contains nothing that varies between runs, so the same sheet
always renders to the same bytes.
"""

from importlib import import_module

from combin.errors import CombinError

__all__ = ["FORMATS", "render", "render_comparison"]

#: Format name -> module that renders it.
FORMATS = {"text": "text", "md": "markdown", "csv": "csvfile", "json": "jsonfile"}


def _module(fmt):
    if fmt not in FORMATS:
        raise CombinError(f"unknown format '{fmt}' (formats: {', '.join(FORMATS)})")
    return import_module(f"combin.render.{FORMATS[fmt]}")


def render(sheet, fmt="text"):
    """``sheet`` rendered in format ``fmt``."""
    return _module(fmt).render(sheet)


def render_comparison(title, columns, fmt="text"):
    """Several sheets side by side: ``columns`` is ``[(heading, ParSheet), ...]``."""
    return _module(fmt).render_comparison(title, columns)
