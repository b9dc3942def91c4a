"""The Lunar Poker outcome space: every five-card hand, by the features the Super reads.

Its outcomes are the keys of :data:`~combin.lunar.classes.SUPER_KEY`, each
with the exact number of five-card hands (combinations from one 52-card deck)
that have it.  :func:`outcome_space` computes it in closed form (no hand
dealt) or exhaustively (every hand evaluated); the two must agree exactly.

>>> METHODS, outcome_space().cycle
(('closed-form', 'exhaustive'), 2598960)
>>> dict(outcome_space("exhaustive").items()) == dict(outcome_space().items())   # two methods
True
"""

from functools import lru_cache
from math import comb

from combin.errors import CombinError
from combin.lunar.classes import super_feature_counts
from combin.core.outcomes import OutcomeSpace

__all__ = ["outcome_space", "METHODS"]

#: How the five-card space can be computed: the default first.
METHODS = ("closed-form", "exhaustive")

METHOD = ("every five-card hand from one 52-card deck (combinations, each equally likely), "
          "by class and by the features the Super reads; counted {how}")


@lru_cache(maxsize=2)
def outcome_space(method: str = "closed-form") -> OutcomeSpace:
    """The five-card :class:`~combin.core.outcomes.OutcomeSpace`, by ``method``."""
    if method == "closed-form":
        counts, how = super_feature_counts(), "in closed form from rank patterns and suit arrangements"
    elif method == "exhaustive":
        from combin.lunar.exhaustive import super_feature_counts_exhaustive  # numpy: on demand
        counts, how = super_feature_counts_exhaustive(), "by evaluating every hand"
    else:
        raise CombinError(f"unknown method '{method}' (methods: {', '.join(METHODS)})")
    return OutcomeSpace(counts, comb(52, 5), "one 52-card deck, five-card hands",
                        METHOD.format(how=how), {"decks": 1, "cards": 52, "hand": 5}, game="lunar")
