"""A par sheet's workbook that re-prices: the pays in their own cells, every figure a formula.

Worksheet ``outcomes`` holds one record per line: the pay as three cells (``X``,
``to``/``for``/``push``/``loss``, ``Y``), the net payout, probability, return
and "1 in" as formulas over them and over the combinations; ``outcomes_totals``
holds the Total row apart from the records (so summing a column never counts it
twice); ``summary`` (expected return, house edge, return to player, hit and push
frequency, variance, SD), ``volatility`` and ``hold_range`` are formulas over
``outcomes``.  Edit a pay in Excel or LibreOffice and the sheet re-prices.  Each
formula carries the exact figure of the pays as written as its cached result, and
a column ``... (exact)`` beside keeps that figure as text (``p/q``), since a
spreadsheet computes in doubles.  An exact figure that depends on the pays is a formula
too: it shows the published figure while every pay is as published (the column ``Pays as
published`` says so line by line) and ``pays edited`` once one is changed, so no stale exact
figure sits beside a re-priced one.  A count of 16 digits or more is written as
``VALUE("digits")``: a spreadsheet keeps 15 significant digits of a number when it saves
(LibreOffice does), and the digits of a formula whole.
"""

import re
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from combin.render.document import Cell, Document, Table, as_float, exact_text

__all__ = ["write_parsheet", "write_count", "pay_cells", "NOTE", "EDITED"]

_RATIO = re.compile(r"^\s*([0-9][0-9,_]*(?:\.[0-9]+)?)\s+(to|for)\s+([0-9][0-9,_]*(?:\.[0-9]+)?)\s*$")
_COUNT, _PROBABILITY, _NET = "#,##0", "0.000000000000000", "0.0000"
#: Widths (characters) that show a whole figure in its format, never "###".
_WIDE = {"count": 26, "probability": 20}
#: The text an exact figure of the published pays gives way to once a pay is edited.
EDITED = "pays edited"
#: Numbers a spreadsheet saves with every digit (it keeps 15 significant digits).
_SAVED_WHOLE = 10 ** 15


def pay_cells(printed: str, net: Any) -> tuple[float, str, float]:
    """``(X, kind, Y)`` of a printed pay: ``"19 to 20"`` -> ``(19, "to", 20)``; a push or a
    loss; any other text (a combined Super line) as its exact net ``"p to q"``.

    >>> pay_cells("19 to 20", None), pay_cells("loss", -1), pay_cells("2 for 1", 1)
    ((19.0, 'to', 20.0), (0.0, 'loss', 1.0), (2.0, 'for', 1.0))
    """
    words = " ".join(str(printed).split()).lower()
    if words in ("push", "loss"):
        return 0.0, words, 1.0
    match = _RATIO.match(words)
    if match:
        return (float(match[1].replace(",", "").replace("_", "")), match[2],
                float(match[3].replace(",", "").replace("_", "")))
    value = Fraction(net)
    if value == -1:
        return 0.0, "loss", 1.0
    return float(value.numerator), "to", float(value.denominator)


def write_count(sheet: Any, row: int, col: int, cell: Cell, fmt: Any) -> None:
    """An exact integer into a worksheet: a number, or the formula ``VALUE("digits")`` when it
    has 16 digits or more (a spreadsheet saves 15 significant digits of a number; a formula's
    text it keeps whole, and it gives the integer back at the next recalculation)."""
    number, _ = as_float(cell)
    digits = exact_text(cell) or "0"
    if abs(int(digits)) >= _SAVED_WHOLE:
        sheet.write_formula(row, col, f'VALUE("{digits}")', fmt, number)
    else:
        sheet.write_number(row, col, number, fmt)


class _Sheet:
    """One worksheet: a header row, then rows of cells written with their formats."""

    def __init__(self, book: Any, name: str, headings: Sequence[str], formats: dict[str, Any]):
        self.sheet = book.add_worksheet(name)
        self.formats = formats
        for col, heading in enumerate(headings):
            self.sheet.write_string(0, col, heading, formats["head"])
            self.sheet.set_column(col, col, max(len(heading) + 2, 12))
        self.sheet.freeze_panes(1, 0)

    def number(self, row: int, col: int, value: float, fmt: str | None = None) -> None:
        self.sheet.write_number(row, col, value, self.formats.get(fmt) if fmt else None)

    def count(self, row: int, col: int, cell: Cell) -> None:
        write_count(self.sheet, row, col, cell, self.formats["count"])

    def widths(self, fmt: str, *cols: int) -> None:
        for col in cols:
            self.sheet.set_column(col, col, _WIDE[fmt])

    def formula(self, row: int, col: int, formula: str, cached: Cell | float | str | bool,
                fmt: str | None = None) -> None:
        value = cached if isinstance(cached, (bool, float, str)) else as_float(cached)[0]
        self.sheet.write_formula(row, col, formula, self.formats.get(fmt) if fmt else None, value)

    def text(self, row: int, col: int, value: str | None) -> None:
        self.sheet.write_string(row, col, value or "")

    def published(self, row: int, col: int, condition: str, exact: str | None) -> None:
        """An exact figure of the published pays: shown while ``condition`` (the pays it rests
        on are as published) holds, else :data:`EDITED`."""
        text = (exact or "").replace('"', '""')
        self.formula(row, col, f'IF({condition},"{text}","{EDITED}")', exact or "")


def _by_label(table: Table) -> dict[str, tuple[Cell, ...]]:
    return {str(row[0].value): row for row in table.rows}


#: The ranges of net payout, combinations, probability and return, and the condition "every
#: pay as published".
_Ranges = tuple[str, str, str, str, str]


def _outcomes(book: Any, table: Table, formats: dict[str, Any]) -> _Ranges:
    """The records; returns the ranges of net payout, combinations, probability and return,
    and the condition that every pay is as published."""
    sheet = _Sheet(book, "outcomes", ["Event", "Pays", "Pay X", "to / for / push / loss", "Pay Y",
                                      "Net payout", "Net payout (exact)", "Combinations",
                                      "Combinations (exact)", "Probability", "Probability (exact)",
                                      "Return", "Return (exact)", "1 in", "1 in (exact)",
                                      "Pays as published"], formats)
    sheet.sheet.set_column(0, 0, 36)
    sheet.widths("count", 7, 8)
    sheet.widths("probability", 9, 10, 11, 12)
    first, last = 2, len(table.rows) + 1
    spans = tuple(f"outcomes!${c}${first}:${c}${last}" for c in "FHJLP")
    cycle = f"SUM($H${first}:$H${last})"
    for r, (event, pays, payout, combinations, probability, ret, one_in) in \
            enumerate(table.rows, start=1):
        n = r + 1
        x, kind, y = pay_cells(str(pays.value), getattr(payout, "value", 0))
        sheet.formula(r, 15, f'AND(C{n}={x!r},D{n}="{kind}",E{n}={y!r})', True)
        sheet.text(r, 0, str(event.value))
        sheet.formula(r, 1, f'IF(D{n}="loss","loss",IF(D{n}="push","push",C{n}&" "&D{n}&" "&E{n}))',
                      str(pays.value))
        sheet.number(r, 2, x)
        sheet.text(r, 3, kind)
        sheet.number(r, 4, y)
        sheet.formula(r, 5, f'IF(D{n}="loss",-1,IF(D{n}="push",0,IF(D{n}="for",C{n}/E{n}-1,C{n}/E{n})))',
                      payout, "net")
        sheet.published(r, 6, f"P{n}", exact_text(payout))
        sheet.count(r, 7, combinations)
        sheet.text(r, 8, exact_text(combinations))
        sheet.formula(r, 9, f"H{n}/{cycle}", probability, "probability")
        sheet.text(r, 10, exact_text(probability))
        sheet.formula(r, 11, f"J{n}*F{n}", ret, "probability")
        sheet.published(r, 12, f"P{n}", exact_text(ret))
        cached = str(one_in.value) if getattr(one_in, "value", None) == "never" else one_in
        sheet.formula(r, 13, f'IF(H{n}=0,"never",{cycle}/H{n})', cached, "one_in")
        sheet.text(r, 14, exact_text(one_in) if not isinstance(cached, str) else "never")
    return spans[0], spans[1], spans[2], spans[3], f"AND({spans[4]})"


def _totals(book: Any, table: Table, ranges: "_Ranges", formats: dict[str, Any]) -> None:
    _, combinations, probability, ret, published = ranges
    sheet = _Sheet(book, "outcomes_totals", ["Event", "Combinations", "Combinations (exact)",
                                             "Probability", "Return", "Return (exact)"], formats)
    sheet.widths("count", 1, 2)
    sheet.widths("probability", 3, 4, 5)
    for r, row in enumerate(table.totals, start=1):
        sheet.text(r, 0, str(row[0].value))
        sheet.formula(r, 1, f"SUM({combinations})", row[3], "count")
        sheet.text(r, 2, exact_text(row[3]))
        sheet.formula(r, 3, f"SUM({probability})", row[4], "probability")
        sheet.formula(r, 4, f"SUM({ret})", row[5], "probability")
        sheet.published(r, 5, published, exact_text(row[5]))


def _summary(book: Any, table: Table, ranges: "_Ranges",
             formats: dict[str, Any]) -> dict[str, str]:
    """The summary as formulas; returns ``{label: cell}`` for the sheets that refer to it."""
    net, _, probability, ret, published = ranges
    rows = _by_label(table)
    cells = {label: f"summary!$B${index + 2}" for index, label in enumerate(rows)}
    ev, push = cells["Expected return"], cells["Push frequency"]
    formulas = {
        "Expected return": (f"SUM({ret})", "probability"),
        "House edge": (f"-{ev}", "percent"),
        "Return to player": (f"1+{ev}", "percent"),
        "Hit frequency": (f'SUMIF({net},">0",{probability})', "percent"),
        "Push frequency": (f'SUMIF({net},"=0",{probability})', "percent"),
        "House edge, pushes excluded": (f'IF({push}=1,"",-{ev}/(1-{push}))', "percent"),
        "Variance": (f"SUMPRODUCT({probability},{net},{net})-{ev}^2", "variance"),
        "Standard deviation": (f"SQRT({cells['Variance']})", "variance"),
    }
    sheet = _Sheet(book, "summary", ["Figure", "Value", "Value (exact, as published)"], formats)
    sheet.sheet.set_column(0, 0, 30)
    sheet.sheet.set_column(1, 1, 22)
    for r, (label, row) in enumerate(rows.items(), start=1):
        formula, fmt = formulas[label]
        sheet.text(r, 0, label)
        sheet.formula(r, 1, formula, row[1], fmt)
        value = row[1].value
        # the SD is irrational: its 40-digit decimal, not the digits a reader is shown
        sheet.published(r, 2, published,
                        str(value) if isinstance(value, Decimal) else exact_text(row[1]))
    return cells


def _risk(book: Any, volatility: Table, holds: Table, summary: dict[str, str],
          ranges: "_Ranges", formats: dict[str, Any]) -> None:
    sheet = _Sheet(book, "volatility", ["Confidence", "z", "Volatility index"], formats)
    vi = {}
    for r, (label, z, value) in enumerate(volatility.rows, start=1):
        sheet.text(r, 0, str(label.value))
        sheet.number(r, 1, as_float(z)[0])
        sheet.formula(r, 2, f"B{r + 1}*{summary['Standard deviation']}", value, "variance")
        vi[str(label.value)] = f"volatility!$C${r + 1}"
    net, combinations, _, _, _ = ranges
    edge = summary["House edge"]
    # the house holds at most the bettor's largest loss and loses at most the largest pay
    # of a line that happens (the par sheet clamps the normal range there)
    top = f'-MINIFS({net},{combinations},">0")'
    bottom = f'-MAXIFS({net},{combinations},">0")'
    sheet = _Sheet(book, "hold_range", ["Rounds", "Confidence", "Low", "High"], formats)
    for r, (rounds, label, low, high) in enumerate(holds.rows, start=1):
        sheet.number(r, 0, as_float(rounds)[0], "count")
        sheet.text(r, 1, str(label.value))
        half = f"{vi[str(label.value)]}/SQRT(A{r + 1})"
        sheet.formula(r, 2, f"MAX({bottom},{edge}-{half})", low, "percent2")
        sheet.formula(r, 3, f"MIN({top},{edge}+{half})", high, "percent2")


#: The note the identification worksheet of a re-pricing par sheet carries.
NOTE = ("Re-pricing: edit Pay X, to / for / push / loss or Pay Y on 'outcomes' and every figure "
        "(returns, totals, house edge, variance, SD, volatility, hold) is recomputed by its "
        "formula, in doubles; the '(exact)' columns keep the exact figures of the pays as "
        "published, and say 'pays edited' once a pay they rest on is changed (column 'Pays as "
        "published'). Counts of 16 digits or more are formulas VALUE(\"digits\"), so that no "
        "save rounds them to 15 significant digits.")


def write_parsheet(book: Any, document: Document, formats: dict[str, Any]) -> None:
    """Add the re-pricing worksheets of a par-sheet ``document`` to ``book``."""
    more = {"count": {"num_format": _COUNT}, "probability": {"num_format": _PROBABILITY},
            "net": {"num_format": _NET}, "one_in": {"num_format": "#,##0.00"},
            "variance": {"num_format": "0.000000"}, "percent": {"num_format": "0.0000%"},
            "percent2": {"num_format": "0.00%"}}
    for name, spec in more.items():
        formats.setdefault(name, book.add_format(spec))
    ranges = _outcomes(book, document.table("outcomes"), formats)
    _totals(book, document.table("outcomes"), ranges, formats)
    summary = _summary(book, document.table("summary"), ranges, formats)
    _risk(book, document.table("volatility"), document.table("hold_range"), summary, ranges,
          formats)
