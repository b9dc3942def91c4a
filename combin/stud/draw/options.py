"""The options of a Lunar Poker decision: their ids, the record of a priced option, the result ids.

An option is ``(kind, discard positions)``: fold, play, buy a sixth card, or
exchange the cards at some positions of the five (L12); :func:`option_keys`
lists those the rules allow in the one fixed order every table, sheet and
strategy file reads.
"""

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

__all__ = ["Option", "option_keys", "RESULTS"]

#: Result ids of the best option's distribution, in print order (win ids follow).
RESULTS = ("lose", "push", "ante_taken", "forced_won", "forced_lost", "forced_push",
           "forced_not_qualified", "fold")


@dataclass(frozen=True)
class Option:
    """One option: ``kind`` (fold, play, buy, exchange, instant), ``discard``, exact ``ev``.

    The best option also carries ``results`` (result id -> probability) and
    ``moments`` (result id -> (probability, net x probability, net^2 x
    probability)), the instant pay under L7=continue included in every net.
    """

    kind: str
    discard: tuple
    ev: Fraction
    results: dict = None   # result id -> Fraction probability (the best option only)
    moments: dict = None   # result id -> (probability, net x probability, net^2 x probability)


def option_keys(rules):
    """``[(kind, discard positions)]`` of the options the rules allow, in a fixed order."""
    keys = [("fold", ()), ("play", ())]
    if rules.game.can_draw:
        keys.append(("buy", ()))
        for size in rules.exchange_sizes:
            keys += [("exchange", positions) for positions in combinations(range(5), size)]
    return keys
