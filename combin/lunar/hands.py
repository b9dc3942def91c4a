"""Hand-class tables: the player's best hand with five, six or seven cards, and the Bet.

:func:`hand_report` gathers, for one hand size, the exact class counts, the
dealer's qualification (five cards: ace-king or better) and, for five and six
cards, the distribution of what a winning Bet pays with the second
combination of L11; :func:`combin.documents.hands.hands_document` makes it a Document.
Counts come from the closed form (:mod:`combin.lunar.classes`,
:mod:`combin.lunar.bet`) or, on request, from the exhaustive pass.
"""

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from combin.errors import CombinError
from combin.core.interpret import value_of
from combin.lunar.bet import L11_VALUES, bet_distribution, bet_pays
from combin.core.cards import CLASS_NAMES, CLASSES
from combin.lunar.classes import class_counts
from combin.lunar.readings import L11
from combin.running.progress import StderrProgress

__all__ = ["HandReport", "hand_report", "QUALIFYING"]

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
    bet: dict[tuple[str | None, Fraction | int], int]  # (best class or None, pays) -> count
    bet_citation: str

    @property
    def total(self) -> int:
        return comb(52, self.cards)

    @property
    def how(self) -> str:
        """How the counts were found, in words."""
        return _HOW[self.method]

    def class_rows(self) -> list[tuple[str, str, int, Fraction]]:
        """``[(class name, what a winning Bet pays, combinations, probability)]``, strongest
        class first."""
        pays = bet_pays()[0]
        return [(CLASS_NAMES[name], pays[name].text if name in pays else "-", self.classes[name],
                 Fraction(self.classes[name], self.total)) for name in CLASSES]

    def bet_rows(self) -> list[tuple[Fraction | int, int, Fraction]]:
        """``[(pays, combinations, probability)]`` of a winning Bet, highest pay first."""
        by_pays: dict[Fraction | int, int] = {}
        for (_, pays), count in self.bet.items():
            by_pays[pays] = by_pays.get(pays, 0) + count
        return [(pays, count, Fraction(count, self.total)) for pays, count in
                sorted(by_pays.items(), reverse=True)]

    def reading_notes(self) -> list[str]:
        """The reading of L11 the Bet table uses, in words (one note; none without a Bet table)."""
        if self.rule is None:
            return []
        from combin.stud.core.rules import reading_notes
        return reading_notes("lunar", {"L11": self.rule})

    def qualifying(self) -> tuple[int, Fraction] | None:
        """``(hands, probability)`` of a dealer's qualifying five (ace-king or better); ``None``
        for six or seven cards."""
        if self.cards != 5:
            return None
        count = sum(self.classes[name] for name in QUALIFYING)
        return count, Fraction(count, self.total)


def hand_report(cards: object, method: str = "closed-form", rule: str | None = None) -> HandReport:
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
