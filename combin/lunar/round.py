"""The mandatory Super on the player's own hand, as the side wager of the round as dealt.

§ 671a.7(c)(2) makes the Super Wager on the player's own hand mandatory (at
least the Ante), so a round at the table is the Ante/Bet game *and* the
Super, both read off the same first five cards.  :func:`super_side` gives
the stud engine (:mod:`combin.stud.game.round`) what it needs of the Super:
the key of a first five (:func:`combin.lunar.hand.super_key`, written as
text: the class and the five features every reading of L1-L5 reads, so the
sums kept by key serve every reading) and the net pay of each key under the
Super's posted paytable and its default readings, settled by
:func:`combin.core.analysis.payouts` -- the settlement of the Super's own par
sheet, so no pay is written twice.

>>> side = super_side()
>>> side.id, side.key((48, 44, 40, 36, 32))      # A K Q J T of clubs
('lunar.super', 'royal_flush/0/0/1/1/1')
>>> side.pays()['royal_flush/0/0/1/1/1'], side.pays()['high_card/0/0/0/0/0']
(Fraction(60, 1), Fraction(-1, 1))
"""

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from combin.core.analysis import payouts
from combin.lunar.classes import SuperKey
from combin.lunar.hand import BLACK_SUITS, super_key
from combin.lunar.space import outcome_space
from combin.stud.game.round import SideWager

__all__ = ["super_side", "key_text"]


def key_text(key: tuple[object, ...]) -> str:
    """A :class:`~combin.lunar.classes.SuperKey` as text: its class, then each feature as 0/1.

    >>> from combin.lunar.classes import SuperKey
    >>> key_text(SuperKey("flush", False, False, True, False, False))
    'flush/0/0/1/0/0'
    """
    return "/".join([str(key[0]), *("1" if flag else "0" for flag in key[1:])])


def _key(hand: Sequence[int]) -> str:
    return key_text(super_key(list(hand)))


@lru_cache(maxsize=1)
def _pays() -> dict[str, Fraction]:
    _, table = payouts("lunar.super", space=outcome_space())
    return {key_text(key): pay for key, pay in table.items()}


def _reading() -> str:
    sheet, _ = payouts("lunar.super", space=outcome_space())
    readings = ", ".join(f"{key}={value}" for key, value in sheet.interpretations)
    return f"paytable {sheet.paytable} ({sheet.paytable_citation}); readings {readings}"


def _mean(deck: Any) -> Fraction | None:
    """E[S] of one unit on the Super over every five-card hand of the full deck (its own exact
    outcome space); ``None`` for a reduced deck (its run keeps the sums by key instead)."""
    if not getattr(deck, "full", False):
        return None
    space = outcome_space()
    pays = _pays()
    total = sum(count * pays[key_text(SuperKey(*key))] for key, count in space.items())
    return Fraction(total, space.cycle)


def _shares(hand: Sequence[int]) -> tuple[tuple[str, int], ...]:
    """The Super's keys over a five's images under the 24 relabellings of the suits: only the
    colour flag moves (every other feature reads ranks, or suits only through equal suits), and
    only for a five of exactly two suits -- a relabelling sends their pair to each of the six pairs
    of suits alike, two of which are one colour: 8 of the 24 give a one-coloured five.

    >>> _shares((48, 44, 40, 36, 29))                  # A K Q J of clubs, 9 of diamonds
    (('ace_king/0/0/1/1/1', 8), ('ace_king/0/0/0/1/1', 16))
    >>> _shares((48, 44, 40, 36, 32))                  # one suit: the same key for every image
    (('royal_flush/0/0/1/1/1', 24),)
    """
    suits = sorted({card & 3 for card in hand})
    if len(suits) != 2:
        return ((_key(hand), 24),)
    black, red = sorted(BLACK_SUITS), [s for s in range(4) if s not in BLACK_SUITS]
    found: dict[str, int] = {}
    for image, share in (((black[0], black[1]), 8), ((black[0], red[0]), 16)):
        mapped = dict(zip(suits, image))
        key = _key([(card & ~3) | mapped[card & 3] for card in hand])
        found[key] = found.get(key, 0) + share
    return tuple(found.items())


def super_side() -> SideWager:
    """The Super on the player's own hand as a :class:`~combin.stud.game.round.SideWager`."""
    return SideWager("lunar.super", "the mandatory Super",
                     "58 Pa. Code § 671a.7(c)(2) (mandatory, at least the Ante); pays § 671a.12(b)",
                     _key, _pays, _reading, _mean, _shares)
