"""The advice report of one Lunar Poker situation: every option, best first, with its results.

:func:`advice_report` runs :func:`combin.stud.draw.advise.advise` and gathers what
is printed: the identification (tool version, game, deck, situation,
paytable, interpretations in force), every option with its exact value per
unit of Ante, the best option's margin over the runner-up and the probability
of each result of the best option.  :func:`combin.documents.advice.advice_document`
makes it a Document, which every writer of :mod:`combin.render` shows.
"""

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from combin.core.cards import CLASS_NAMES, CLASSES

if TYPE_CHECKING:
    from combin.stud.core.rules import Rules
    from combin.stud.core.situation import Situation
    from combin.stud.draw.options import Option

__all__ = ["AdviceReport", "advice_report", "ordered_results", "result_name"]

_RESULT_NAMES = {
    "lose": "Player loses to a qualifying dealer",
    "push": "Push: equal hands",
    "ante_taken": "Dealer does not qualify: Ante pay taken",
    "forced_won": "Forced: dealer requalifies, player wins",
    "forced_lost": "Forced: dealer requalifies, player loses",
    "forced_push": "Forced: dealer requalifies, push",
    "forced_not_qualified": "Forced: dealer still does not qualify",
    "fold": "Fold",
    "instant": "Instant payout (the round ends)",
}
RESULT_ORDER = ([f"win_{name}" for name in CLASSES] + ["push", "lose", "ante_taken", "forced_won",
          "forced_lost", "forced_push", "forced_not_qualified", "fold", "instant"])


def result_name(key: str) -> str:
    """The printed name of a result id (``win_full_house`` -> ``Player wins with Full house``).

    >>> result_name("win_full_house"), result_name("fold")
    ('Player wins with Full house', 'Fold')
    """
    if key.startswith("win_"):
        return f"Player wins with {CLASS_NAMES[key[4:]]}"
    return _RESULT_NAMES[key]


@dataclass(frozen=True)
class AdviceReport:
    situation: "Situation"
    rules: "Rules"
    options: "list[Option]"   # best first

    @property
    def best(self) -> "Option":
        return self.options[0]

    @property
    def margin(self) -> Fraction | None:
        """How much the best option beats the runner-up by (``None`` if it stands alone)."""
        return self.options[0].ev - self.options[1].ev if len(self.options) > 1 else None


def advice_report(situation: "Situation", rules: "Rules", progress: Callable[[int, int], object] | None = None,
                  everything: bool = False) -> AdviceReport:
    """Price the options of ``situation`` (see :func:`combin.stud.draw.advise.advise`): those that
    can be the best or the runner-up exactly, the others by a bound, all exactly with ``everything``."""
    from combin.stud.draw.advise import advise
    return AdviceReport(situation, rules, advise(situation, rules, True, progress, everything))


def ordered_results(option: "Option") -> list[tuple[str, Fraction]]:
    """``[(result id, probability)]`` of an option's results, in the printed order.

    >>> from fractions import Fraction
    >>> from combin.stud.draw.options import Option
    >>> option = Option("play", (), Fraction(1), {"lose": Fraction(1, 4), "win_one_pair": Fraction(3, 4)})
    >>> [key for key, _ in ordered_results(option)]
    ['win_one_pair', 'lose']
    """
    results = option.results or {}
    return [(key, results[key]) for key in RESULT_ORDER if key in results]
