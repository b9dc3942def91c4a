"""The best-hand tables of a stud game's hands as a :class:`~combin.render.document.Document`.

:func:`hands_document` lays out a hand report (the Lunar Poker ``combin hands`` report:
``cards``, ``total``, ``how``, ``rule``, ``bet_citation`` and its ``class_rows()``,
``bet_rows()``, ``qualifying()`` and, with a Bet table, ``reading_notes()``): the exact count, probability and "1 in" of every
best-hand class, the dealer's qualification with five cards, and what a winning Bet pays.
"""

from fractions import Fraction
from typing import Any

from combin.files import display
from combin.version import __version__
from combin.render.document import Count, Document, Number, Ratio, Table, Text

__all__ = ["hands_document"]


def hands_document(report: Any) -> Document:
    """The Document of a hand report (tables ``classes`` and, with a Bet table, ``bet``).

    >>> from fractions import Fraction
    >>> from types import SimpleNamespace
    >>> report = SimpleNamespace(cards=7, total=4, how="by hand", rule=None, bet_citation="",
    ...                          class_rows=lambda: [("Pair", "-", 3, Fraction(3, 4)),
    ...                                              ("High card", "-", 1, Fraction(1, 4))],
    ...                          bet_rows=lambda: [], qualifying=lambda: None)
    >>> doc = hands_document(report)
    >>> doc.title, [table.name for table in doc.tables], len(doc.tables[0].rows)  # and Total
    ('Lunar Poker: best hand of 7 cards', ['classes'], 3)
    """
    title = f"Lunar Poker: best hand of {report.cards} cards"
    info: list[tuple[str, Any]] = [("Hands", Count(report.total)),
            ("Counted", f"every {report.cards}-card hand from one 52-card deck, "
                        f"{report.how}; classes are the best five-card hand"),
            ("Tool", f"combin {__version__}")]
    rows: list[list[Any]] = [[name, pays, Count(count), Ratio(p),
             Text("never") if not count else Number(Fraction(report.total, count), 2)]
            for name, pays, count, p in report.class_rows()]
    rows.append(["Total", None, Count(report.total), Ratio(Fraction(1)), None])
    tables = [Table.of("classes", "Best-hand classes",
                       ["Class", ("bet_pays", "Bet pays"), "Combinations", "Probability",
                        ("one_in", "1 in")], rows)]
    notes: list[str] = []
    qualifying = report.qualifying()
    if qualifying:
        count, p = qualifying
        info.insert(2, ("Dealer qualifies (ace-king or better)", Count(count)))
        notes.append(f"Dealer qualifies (ace-king or better): {display.grouped(count)} of "
                     f"{display.grouped(report.total)} hands, probability {display.rational(p)}.")
    if report.rule is not None:
        info.insert(2, ("Interpretations", f"L11={report.rule}"))
        tables.append(Table.of(
            "bet", f"What a winning Bet pays (L11={report.rule})",
            [("pays", "Bet pays (to 1)"), "Combinations", "Probability"],
            [[Ratio(pays, 4) if pays else Text("0 (cannot win)"), Count(count), Ratio(p)]
             for pays, count, p in report.bet_rows()]))
        notes.append(f"Bet pays per unit of Bet, first combination plus the best valid second "
                     f"one ({report.bet_citation}); a hand below ace-king cannot win against a "
                     f"qualifying dealer (0).")
        notes += report.reading_notes()                 # the reading in words
    return Document("hands", title, tuple(info), tuple(tables), tuple(notes))
