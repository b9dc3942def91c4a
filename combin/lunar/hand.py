"""One five-card hand read directly: its class and the features the Super reads.

:func:`super_key` is the per-hand counterpart of the counted tables of
:mod:`combin.lunar.classes`: given five card ids it returns the same key
(:data:`~combin.lunar.classes.SUPER_KEY`).  It is written from the rules,
straight on the cards, for the seeded simulations that confirm the exact
figures and for spot checks.

>>> from combin.core.cards import parse_cards
>>> key = super_key(parse_cards("AS KS QS JS TS"))
>>> key.hand_class, key.pictures
('royal_flush', False)
>>> hand_class(parse_cards("AH AD 7C 7S 2D"))
'two_pair'
>>> import random
>>> sum(deal_hands(random.Random(1), 100).values())
100
"""

import random
from collections import Counter
from collections.abc import Hashable, Sequence

from more_itertools import all_equal

from combin.core.cards import ACE, JACK, KING, QUEEN, hand_class
from combin.lunar.classes import SuperKey

__all__ = ["hand_class", "super_key", "deal_hands", "BLACK_SUITS"]

_PICTURES = frozenset((JACK, QUEEN, KING))
_COURT = _PICTURES | {ACE}
_AKQ = frozenset((ACE, KING, QUEEN))
#: The black suits (clubs, spades): a same-coloured five is within them or within the red ones.
BLACK_SUITS = frozenset((0, 3))


def super_key(cards: Sequence[int]) -> SuperKey:
    """The :class:`~combin.lunar.classes.SuperKey` of five card ids."""
    ranks = {card >> 2 for card in cards}
    suits = [card & 3 for card in cards]
    by_suit: dict[int, set[int]] = {}
    for card in cards:
        by_suit.setdefault(card & 3, set()).add(card >> 2)
    return SuperKey(hand_class(cards), ranks <= _PICTURES, ranks <= _COURT,
                    all_equal(s in BLACK_SUITS for s in suits),
                    _AKQ <= ranks, any(_AKQ <= held for held in by_suit.values()))


def deal_hands(rng: random.Random, hands: int) -> Counter[Hashable]:
    """How often each Super key occurs in ``hands`` five-card hands dealt with ``rng``.

    Each hand is five cards drawn without replacement from one 52-card deck
    (:meth:`random.Random.sample`) and read directly (:func:`super_key`).  This
    is the game's seeded simulation dealer.
    """
    deck = range(52)
    counts: Counter[Hashable] = Counter()
    sample = rng.sample
    for _ in range(hands):
        counts[super_key(sample(deck, 5))] += 1
    return counts
