"""Hand-class tables: the player's best hand with five, six or seven cards, and the Bet.

:func:`hand_report` gathers, for one hand size, the exact class counts, the
dealer's qualification (five cards: ace-king or better) and, for five and six
cards, the distribution of what a winning Bet pays with the second
combination of L11.  :func:`document` makes it a Document (any format of :mod:`combin.render`).  Counts come from the closed form (:mod:`combin.lunar.classes`,
:mod:`combin.lunar.bet`) or, on request, from the exhaustive pass.
"""

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from combin import __version__, display
from combin.errors import CombinError
from combin.interpret import value_of
from combin.lunar.bet import L11_VALUES, bet_distribution, bet_pays
from combin.cards import CLASS_NAMES, CLASSES
from combin.lunar.classes import class_counts
from combin.lunar.readings import L11
from combin.progress import StderrProgress

__all__ = ["HandReport", "hand_report", "document", "QUALIFYING"]

_HOW = {"closed-form": "in closed form (rank patterns and suit arrangements)",
        "exhaustive": "by evaluating every hand"}

#: The classes with which the dealer qualifies: ace-king or better.
QUALIFYING = CLASSES[:CLASSES.index("ace_king") + 1]


@dataclass(frozen=True)
class HandReport:
    cards: int
    method: str
    classes: dict[str, int]  # class id -> count
    rule: str | None       # L11 value, or None when there is no Bet table (seven cards)
    bet: dict[tuple[str | None, Fraction], int]  # (best class or None, pays) -> count
    bet_citation: str

    @property
    def total(self):
        return comb(52, self.cards)


def hand_report(cards, method="closed-form", rule=None):
    """The :class:`HandReport` for ``cards`` cards (5, 6 or 7)."""
    if cards not in (5, 6, 7):
        raise CombinError(f"--cards must be 5, 6 or 7, not {cards!r}")
    if method == "closed-form":
        classes = class_counts(cards)
    elif method == "exhaustive":
        from combin.lunar.exhaustive import class_counts_exhaustive
        classes = class_counts_exhaustive(cards, progress=StderrProgress(f"{cards}-card hands"))
    else:
        raise CombinError(f"unknown method '{method}' (methods: closed-form, exhaustive)")
    if rule is not None and rule not in L11_VALUES:
        raise CombinError(f"interpretation L11 has no value '{rule}' (values: {', '.join(L11_VALUES)})")
    rule = str(value_of(L11, rule))
    bet = bet_distribution(cards, rule) if cards in (5, 6) else {}
    return HandReport(cards, method, classes, rule if cards in (5, 6) else None, bet,
                      bet_pays()[1])


def _class_rows(report):
    pays = bet_pays()[0]
    rows = []
    for name in CLASSES:
        count = report.classes[name]
        rows.append((CLASS_NAMES[name], pays[name].text if name in pays else "-", count,
                     Fraction(count, report.total)))
    return rows


def _bet_rows(report):
    by_pays = {}
    for (_, pays), count in report.bet.items():
        by_pays[pays] = by_pays.get(pays, 0) + count
    return [(pays, count, Fraction(count, report.total)) for pays, count in
            sorted(by_pays.items(), reverse=True)]


def _qualifying(report):
    if report.cards != 5:
        return None
    count = sum(report.classes[name] for name in QUALIFYING)
    return count, Fraction(count, report.total)


def document(report):
    """The :class:`~combin.render.document.Document` of a :class:`HandReport` (tables
    ``classes`` and, with a Bet table, ``bet``)."""
    from combin.render.document import Count, Document, Number, Ratio, Table, Text
    title = f"Lunar Poker: best hand of {report.cards} cards"
    info = [("Hands", Count(report.total)),
            ("Counted", f"every {report.cards}-card hand from one 52-card deck, "
                        f"{_HOW[report.method]}; classes are the best five-card hand"),
            ("Tool", f"combin {__version__}")]
    rows = [[name, pays, Count(count), Ratio(p),
             Text("never") if not count else Number(Fraction(report.total, count), 2)]
            for name, pays, count, p in _class_rows(report)]
    rows.append(["Total", None, Count(report.total), Ratio(Fraction(1)), None])
    tables = [Table.of("classes", "Best-hand classes",
                       ["Class", ("bet_pays", "Bet pays"), "Combinations", "Probability",
                        ("one_in", "1 in")], rows)]
    notes = []
    qualifying = _qualifying(report)
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
             for pays, count, p in _bet_rows(report)]))
        notes.append(f"Bet pays per unit of Bet, first combination plus the best valid second "
                     f"one ({report.bet_citation}); a hand below ace-king cannot win against a "
                     f"qualifying dealer (0).")
        from combin.stud.core.rules import reading_notes
        notes += reading_notes("lunar", {"L11": report.rule})     # the reading in words
    return Document("hands", title, tuple(info), tuple(tables), tuple(notes))
