"""Aligned tables of text cells, as tabulate lays them out, without importing tabulate.

The text and Markdown writers lay a table out as tabulate's ``simple`` and ``github``
formats do with ``disable_numparse=True`` and one alignment per column: every cell
stripped, each column as wide as its widest cell and at least its heading plus two, cells
padded left or right, every line stripped on the right.  :func:`grid` lays out the tables
whose every character is one column wide (:func:`plain`: printable ASCII, Latin-1 and the
punctuation, arrows and mathematical signs the sheets use) itself, and hands any other
table -- a wide or combining character, a control character, a line break, ragged rows --
to tabulate, so the output is tabulate's in every case (a test compares the two on random
tables).  Importing tabulate costs a command line more than it takes to enumerate a shoe.

>>> print(grid([["a", "10"], ["bc", "2"]], ["x", "n"], ["left", "right"], markdown=True))
| x   |   n |
|-----|-----|
| a   |  10 |
| bc  |   2 |
"""

from collections.abc import Sequence

__all__ = ["grid", "plain"]

#: Ranges of characters one column wide in a terminal (besides printable ASCII).
_ONE_WIDE = ((0xA1, 0xAC), (0xAE, 0xFF), (0x2010, 0x2027), (0x2030, 0x205E),
             (0x2190, 0x21FF), (0x2200, 0x22FF))


def plain(text: str) -> bool:
    """Whether every character of ``text`` is one column wide and printable.

    >>> plain("House edge: 1.2% · § 631b"), plain("tab\\there"), plain("全")
    (True, False, False)
    """
    for char in text:
        code = ord(char)
        if 0x20 <= code < 0x7F:
            continue
        if not any(low <= code <= high for low, high in _ONE_WIDE):
            return False
    return True


def grid(rows: Sequence[Sequence[str]], headers: Sequence[str],
         aligns: Sequence[str] | None = None, markdown: bool = False) -> str:
    """``rows`` under ``headers`` as aligned plain text (``markdown``: a GitHub table);
    ``aligns`` gives ``"left"`` or ``"right"`` per column (default: all left)."""
    columns = len(headers)
    align = list(aligns) if aligns is not None else ["left"] * columns
    cells = [list(row) for row in rows]
    if not (cells and columns and len(align) == columns and set(align) <= {"left", "right"}
            and all(len(row) == columns for row in cells)
            and all(isinstance(text, str) and plain(text)
                    for text in (*headers, *(c for row in cells for c in row)))):
        return _tabulated(cells, headers, aligns, markdown)
    cells = [[text.strip() for text in row] for row in cells]
    widths = [max(len(heading) + 2, *(len(row[i]) for row in cells))
              for i, heading in enumerate(headers)]

    def padded(row: Sequence[str]) -> list[str]:
        return [text.rjust(width) if side == "right" else text.ljust(width)
                for text, width, side in zip(row, widths, align)]

    if markdown:
        lines = [("|" + "|".join(f" {text} " for text in padded(row)) + "|").rstrip()
                 for row in [headers, *cells]]
        lines.insert(1, "|" + "|".join("-" * (width + 2) for width in widths) + "|")
    else:
        lines = ["  ".join(padded(row)).rstrip() for row in [headers, *cells]]
        lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


def _tabulated(rows: Sequence[Sequence[str]], headers: Sequence[str],
               aligns: Sequence[str] | None, markdown: bool) -> str:
    from tabulate import tabulate
    text: str = tabulate(rows, headers=list(headers), tablefmt="github" if markdown else "simple",
                         disable_numparse=True, colalign=aligns)
    return text
