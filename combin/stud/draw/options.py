"""The options of a Lunar Poker decision: their ids, the record of a priced option, the result ids.

An option is ``(kind, discard positions)``: fold, play, buy a sixth card, or
exchange the cards at some positions of the five (L12); :func:`option_keys`
lists those the rules allow in the one fixed order every table, sheet and
strategy file reads.
"""

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any

__all__ = ["Option", "OptionKey", "option_keys", "RESULTS"]

#: Result ids of the best option's distribution, in print order (win ids follow).
RESULTS = ("lose", "push", "ante_taken", "forced_won", "forced_lost", "forced_push",
           "forced_not_qualified", "fold")


@dataclass(frozen=True)
class Option:
    """One option: ``kind`` (fold, play, buy, exchange, instant), ``discard``, exact ``ev``.

    The best option also carries ``results`` (result id -> probability) and
    ``moments`` (result id -> (probability, net x probability, net^2 x
    probability)), the instant pay under L7=continue included in every net.
    With ``bound`` the option was not priced exactly: ``ev`` is a proven upper
    bound of its value, below the runner-up's exact value, so it cannot be
    the best (:meth:`combin.stud.draw.rank.engine.RankEngine.priced`).

    >>> option = Option("exchange", (3, 4), Fraction(-1, 2))
    >>> option.bound, option.results is None, RESULTS[:3]
    (False, True, ('lose', 'push', 'ante_taken'))
    """

    kind: str
    discard: tuple[int, ...]
    ev: Fraction
    results: dict[str, Fraction] | None = None   # result id -> probability (the best option only)
    moments: dict[str, tuple[Fraction, Fraction, Fraction]] | None = None   # (p, net x p, net^2 x p)
    bound: bool = False                          # ev is an upper bound (not priced: cannot be best)


#: An option's id: its kind and the positions (0-4) of the cards it discards.
OptionKey = tuple[str, tuple[int, ...]]


def option_keys(rules: Any) -> list[OptionKey]:
    """``[(kind, discard positions)]`` of the options the rules allow, in a fixed order.

    >>> from combin.stud.core.rules import load_rules
    >>> from combin.lunar import GAME as LUNAR
    >>> keys = option_keys(load_rules(LUNAR.id).resolve())
    >>> len(keys), keys[:3], keys[-1]
    (29, [('fold', ()), ('play', ()), ('buy', ())], ('exchange', (0, 1, 2, 3, 4)))
    >>> from combin.caribbean import GAME as CARIBBEAN
    >>> option_keys(load_rules(CARIBBEAN.id).resolve())
    [('fold', ()), ('play', ())]
    """
    keys: list[OptionKey] = [("fold", ()), ("play", ())]
    if rules.stud.can_draw:
        if rules.buy:                      # a game file may have no sixth card (buy = 0)
            keys.append(("buy", ()))
        for size in rules.exchange_sizes:
            keys += [("exchange", positions) for positions in combinations(range(5), size)]
    return keys
