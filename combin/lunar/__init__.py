"""Lunar Poker (58 Pa. Code Chapter 671a): hand classes, the Super Wager and the Ante instant payout.

* :mod:`~combin.lunar.cards` -- the deck and the hand-class ids;
* :mod:`~combin.lunar.classes` -- class counts in closed form (no hand dealt);
* :mod:`~combin.lunar.exhaustive` -- the same counts by evaluating every hand (numpy);
* :mod:`~combin.lunar.wagers` -- the Super and the instant payout on the first five cards;
* :mod:`~combin.lunar.bet` -- what a winning Bet pays, with the second combination (L11);
* :mod:`~combin.lunar.joint` and :mod:`~combin.lunar.supers` -- several Supers at one table:
  the exact joint table of two (three) hands of one deal, and its package.

:data:`GAME` is what the rest of ``combin`` sees.  Its outcome space is every
five-card hand from one 52-card deck, counted as combinations; the closed
form computes it, and :func:`outcome_space` can compute it exhaustively too.
"""

from functools import lru_cache
from math import comb

from combin.errors import CombinError
from combin.game import Game, load_interpretations, load_paytables
from combin.lunar.wagers import WAGERS
from combin.outcomes import OutcomeSpace

__all__ = ["GAME", "outcome_space", "METHODS"]

#: How the five-card space can be computed: the default first.
METHODS = ("closed-form", "exhaustive")

METHOD = ("every five-card hand from one 52-card deck (combinations, each equally likely), "
          "by class and by the features the Super reads; counted {how}")


@lru_cache(maxsize=2)
def outcome_space(method="closed-form"):
    """The five-card :class:`~combin.outcomes.OutcomeSpace`, by ``method``."""
    if method == "closed-form":
        from combin.lunar.classes import super_feature_counts
        counts, how = super_feature_counts(), "in closed form from rank patterns and suit arrangements"
    elif method == "exhaustive":
        from combin.lunar.exhaustive import super_feature_counts_exhaustive
        counts, how = super_feature_counts_exhaustive(), "by evaluating every hand"
    else:
        raise CombinError(f"unknown method '{method}' (methods: {', '.join(METHODS)})")
    return OutcomeSpace(counts, comb(52, 5), "one 52-card deck, five-card hands",
                        METHOD.format(how=how), {"decks": 1, "cards": 52, "hand": 5}, game="lunar")


def _outcomes():
    return outcome_space()


def _extra_tables():
    from combin.lunar.hands import hand_report, render_report
    tables = []
    for cards in (5, 6, 7):
        report = hand_report(cards)
        title = (f"Best hand of {cards} cards" +
                 (", and what a winning Bet pays (L11=best-pair)" if cards < 7 else ""))
        tables.append((title, {f"hands-{cards}-cards.md": render_report(report, "md"),
                               f"hands-{cards}-cards.csv": render_report(report, "csv")}))
    from combin.lunar.supers import joint_tables      # several Supers at one table (issue 14)
    tables += joint_tables()
    return tables


GAME = Game(
    id="lunar",
    title="Lunar Poker",
    regulation="58 Pa. Code Chapter 671a",
    wagers=WAGERS,
    paytables=load_paytables(__name__, WAGERS),
    interpretations=load_interpretations(__name__),
    outcomes=_outcomes,
    table_shoes=(("1-deck", {}),),
    extra_tables=_extra_tables,
)
