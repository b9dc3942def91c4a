"""An exact total order of five-card poker hands, and every hand of a deck.

A hand's *value* is the integer ``category * 16**5 + tiebreak``: the category
(0 high card, 1 one pair, 2 two pair, 3 three of a kind, 4 straight, 5 flush,
6 full house, 7 four of a kind, 8 straight flush) and then up to five ranks in
base 16, most significant first: the ranks ordered by (multiplicity, rank)
descending, or the top rank alone for a straight (5 for A-2-3-4-5).  Ranks are
below 16 and a category never shares a value with another, so comparing values
compares hands by the standard rules (ace high, or low only in A-2-3-4-5; no
wrap-around; suits equal) and equal values are exactly tied hands.  Values are
below ``9 * 16**5`` (int32 holds them).

:func:`hand_value` reads one hand in plain Python; :class:`HandTable` holds every
five-card hand of a :class:`~combin.stud.core.deck.Deck` with its value, computed by
the vectorised :func:`values_of` (the tests compare the two).  Hand rules never
change with the deck: a straight whose ranks are missing simply never occurs.
"""

from collections import Counter
from functools import lru_cache
from itertools import chain, combinations
from collections.abc import Iterable, Sequence
from math import comb
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from combin.errors import CombinError
from combin.core.cards import ACE, KING
from combin.stud.core.deck import Deck

__all__ = ["subsets_table", "CATEGORY_SHIFT", "hand_value", "best_value", "value_class", "category_of",
           "QUALIFY", "HandTable",
           "values_of", "lex_index", "hand_table", "CATEGORIES", "HIGH_CARD", "ONE_PAIR", "STRAIGHT", "FLUSH",
           "STRAIGHT_FLUSH"]

HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
CATEGORIES = ("high_card", "one_pair", "two_pair", "three_of_a_kind", "straight", "flush",
              "full_house", "four_of_a_kind", "straight_flush")
#: A category's place in a value: ``value = category * CATEGORY_SHIFT + tiebreak`` (five base-16 ranks).
CATEGORY_SHIFT = 16 ** 5
_WHEEL = [0, 1, 2, 3, ACE]

Array = NDArray[Any]


def _pack(category: int, ranks: Sequence[int]) -> int:
    tiebreak = 0
    for rank in ranks:
        tiebreak = tiebreak * 16 + rank
    tiebreak *= int(16 ** (5 - len(ranks)))     # int: typeshed types int ** int as Any (a negative power)
    return category * CATEGORY_SHIFT + tiebreak


def hand_value(cards: Iterable[int]) -> int:
    """The value of exactly five distinct card ids (higher beats lower, equal ties).

    >>> from combin.core.cards import parse_cards
    >>> hand_value(parse_cards("As Kd 7h 5s 2d")) > hand_value(parse_cards("As Qd Jh Ts 8d"))
    True
    """
    cards = list(cards)
    if len(cards) != 5 or len(set(cards)) != 5:
        raise CombinError(f"a hand value needs five distinct cards, not {len(cards)}")
    ranks = sorted((card >> 2 for card in cards), reverse=True)
    counts = Counter(ranks)
    order = sorted(ranks, key=lambda rank: (counts[rank], rank), reverse=True)
    flush = len({card & 3 for card in cards}) == 1
    top: int | None = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif sorted(ranks) == _WHEEL:
            top = 3
    if top is not None:
        return _pack(STRAIGHT_FLUSH if flush else STRAIGHT, [top])
    if flush:
        return _pack(FLUSH, order)
    shape = sorted(counts.values(), reverse=True)
    category = {4: QUADS, 3: FULL_HOUSE if shape[1] == 2 else TRIPS,
                2: TWO_PAIR if shape[1] == 2 else ONE_PAIR, 1: HIGH_CARD}[shape[0]]
    return _pack(category, order)


def best_value(cards: Iterable[int]) -> int:
    """The value of the best five of 5, 6 or 7 cards.

    >>> from combin.core.cards import parse_cards
    >>> best_value(parse_cards("As Ad Ah Kc Kd 2s 3s")) == hand_value(parse_cards("As Ad Ah Kc Kd"))
    True
    """
    cards = list(cards)
    if len(cards) not in (5, 6, 7):
        raise CombinError(f"a best hand needs 5, 6 or 7 cards, not {len(cards)}")
    return max(hand_value(five) for five in combinations(cards, 5))


QUALIFY = _pack(HIGH_CARD, [ACE, KING, 2, 1, 0])
"""The lowest ace-king value: a dealer qualifies iff its value is at least this."""


def category_of(value: int) -> int:
    """The category number (0 high card .. 8 straight flush) of a value.

    >>> from combin.core.cards import parse_cards
    >>> category_of(hand_value(parse_cards("As Ks Qs Js Ts")))
    8
    """
    return int(value) // CATEGORY_SHIFT


def value_class(value: int) -> str:
    """The class id of :data:`combin.core.cards.CLASSES` for a hand value.

    >>> from combin.core.cards import parse_cards
    >>> value_class(hand_value(parse_cards("As Ks Qs Js Ts"))), value_class(QUALIFY)
    ('royal_flush', 'ace_king')
    """
    category = category_of(value)
    first = (int(value) >> 16) & 15
    if category == STRAIGHT_FLUSH:
        return "royal_flush" if first == ACE else "straight_flush"
    if category == HIGH_CARD:
        return "ace_king" if int(value) >= QUALIFY else "high_card"
    return CATEGORIES[category]


def values_of(hands: ArrayLike) -> Array:
    """Values of an ``(m, 5)`` array of card ids, vectorised (the same order as :func:`hand_value`).

    >>> from combin.core.cards import parse_cards
    >>> royal = parse_cards("As Ks Qs Js Ts")
    >>> values_of(np.array([royal])).tolist() == [hand_value(royal)]
    True
    """
    hands = np.asarray(hands, dtype=np.int64)
    ranks = np.sort(hands >> 2, axis=1)
    flush = np.all((hands & 3) == (hands[:, :1] & 3), axis=1)
    counts = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)
    keys = -np.sort(-(counts * 16 + ranks), axis=1)
    ordered, shape = keys & 15, keys >> 4
    tiebreak = np.zeros(len(hands), dtype=np.int64)
    for column in range(5):
        tiebreak = tiebreak * 16 + ordered[:, column]
    distinct = shape[:, 0] == 1
    wheel = np.all(ranks == np.array(_WHEEL), axis=1)
    straight = distinct & ((ranks[:, 4] - ranks[:, 0] == 4) | wheel)
    top = np.where(wheel, 3, ranks[:, 4])
    category = np.select(
        [shape[:, 0] == 4, (shape[:, 0] == 3) & (shape[:, 3] == 2), shape[:, 0] == 3,
         (shape[:, 0] == 2) & (shape[:, 2] == 2), shape[:, 0] == 2],
        [QUADS, FULL_HOUSE, TRIPS, TWO_PAIR, ONE_PAIR], HIGH_CARD)
    category = np.where(flush & ~straight, np.maximum(category, FLUSH), category)
    category = np.where(straight, np.where(flush, STRAIGHT_FLUSH, STRAIGHT), category)
    tiebreak = np.where(straight, top * 16 ** 4, tiebreak)
    return (category * CATEGORY_SHIFT + tiebreak).astype(np.int32)


def lex_index(positions: ArrayLike, n: int) -> Array:
    """Lexicographic rank of sorted position rows ``(m, k)`` among the k-subsets of ``range(n)``.

    rank = C(n, k) - 1 - sum_i C(n - 1 - p_i, k - i): the complement of the
    colexicographic rank of the reversed positions (exact integer arithmetic).

    >>> lex_index(np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, 5], [1, 2, 3, 4, 5]]), 6).tolist()
    [0, 1, 5]
    """
    positions = np.asarray(positions, dtype=np.int64)
    k = positions.shape[1]
    table = np.array([[comb(a, b) for b in range(k + 1)] for a in range(n + 1)], dtype=np.int64)
    total = np.full(len(positions), comb(n, k) - 1, dtype=np.int64)
    for i in range(k):
        total -= table[n - 1 - positions[:, i], k - i]
    return total


class HandTable:
    """Every five-card hand of a deck, in lexicographic order of sorted card ids.

    ``hands`` is an ``(C(n,5), 5)`` array of card ids, ``values`` their values
    (int32), ``levels`` the sorted distinct values and ``dense`` each hand's
    index into ``levels`` (so ``dense`` orders hands exactly as ``values`` do).
    ``qualify_level`` is the first level at or above :data:`QUALIFY`.

    >>> from combin.core.cards import parse_cards
    >>> from combin.stud.core.deck import Deck
    >>> table = HandTable(Deck.parse("JQKA"))
    >>> len(table), table.hands[0].tolist()          # C(16, 5); the first hand: four jacks, a queen
    (4368, [36, 37, 38, 39, 40])
    >>> table.value_of(parse_cards("As Ks Qs Js Ah")) == hand_value(parse_cards("As Ks Qs Js Ah"))
    True
    """

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        n = len(deck)
        if n < 5:
            raise CombinError(f"the deck {deck.text} has fewer than five cards")
        self._positions: Array | None = None
        self._hands: Array | None = None
        # values, levels and dense depend on the deck and on this module's code alone: kept in the
        # user's cache folder between runs (combin.running.cache: keyed by both, read back only if intact)
        from combin.running.cache import cached_arrays, source_digest
        import combin.stud.core.values as this
        arrays = cached_arrays("hand-table", f"{deck.text}|{source_digest(this)}", self._build)
        self.values, self.levels, self.dense = arrays["values"], arrays["levels"], arrays["dense"]
        self.qualify_level = int(np.searchsorted(self.levels, QUALIFY))
        self._position = np.full(52, -1, dtype=np.int64)
        self._position[list(deck.cards)] = np.arange(n)

    def _build(self) -> dict[str, Array]:
        values = values_of(self.hands)
        levels, dense = np.unique(values, return_inverse=True)
        return {"values": values, "levels": levels, "dense": dense.astype(np.int32).reshape(-1)}

    @property
    def positions(self) -> Array:
        """The ``(C(n,5), 5)`` deck positions of every hand, ascending (int8), built on first use."""
        if self._positions is None:
            n = len(self.deck)
            count = comb(n, 5)
            self._positions = np.fromiter(chain.from_iterable(combinations(range(n), 5)), dtype=np.int8,
                                          count=5 * count).reshape(count, 5)
        return self._positions

    @property
    def hands(self) -> Array:
        """The card ids of every hand (int8), built on first use."""
        if self._hands is None:
            self._hands = np.asarray(self.deck.cards, dtype=np.int8)[self.positions]
        return self._hands

    def __len__(self) -> int:
        return len(self.values)

    def positions_of(self, cards: ArrayLike) -> Array:
        """Deck positions of card ids (any shape); a card not in the deck is an error.

        >>> from combin.core.cards import parse_cards
        >>> from combin.stud.core.deck import Deck
        >>> hand_table(Deck.parse("JQKA")).positions_of(parse_cards("Jc As")).tolist()
        [0, 15]
        """
        found = self._position[np.asarray(cards, dtype=np.int64)]
        if np.any(found < 0):
            self.deck.check(np.asarray(cards).reshape(-1).tolist())
        return found

    def indices_of(self, hands: ArrayLike) -> Array:
        """Row indices of an ``(m, 5)`` array of hands (cards in any order).

        >>> from combin.core.cards import parse_cards
        >>> from combin.stud.core.deck import Deck
        >>> table = hand_table(Deck.parse("JQKA"))
        >>> table.indices_of(np.array([parse_cards("As Ks Qs Js Ah")])).tolist()
        [3501]
        >>> table.index_of(parse_cards("Ah As Ks Qs Js"))
        3501
        """
        positions = np.sort(self.positions_of(hands), axis=1)
        return lex_index(positions, len(self.deck))

    def index_of(self, cards: Iterable[int]) -> int:
        """The row index of one hand of five card ids."""
        cards = list(cards)
        if len(cards) != 5 or len(set(cards)) != 5:
            raise CombinError("a hand is five distinct cards")
        return int(self.indices_of(np.array([cards]))[0])

    def value_of(self, cards: Iterable[int]) -> int:
        """The value of one hand of five card ids, read from the table (:func:`hand_value`'s)."""
        return int(self.values[self.index_of(cards)])


@lru_cache(maxsize=4)
def hand_table(deck: Deck) -> HandTable:
    """The (cached) :class:`HandTable` of a deck.

    >>> from combin.stud.core.deck import Deck
    >>> len(hand_table(Deck.parse("9TJQKA")).values)      # C(24, 5)
    42504
    """
    return HandTable(deck)


def subsets_table(size: int, n: int = 52) -> Array:
    """Return every *size*-subset of ``range(n)`` (``n <= 52``) as rows of a uint8 array,
    lexicographically.

    Built upward: the subsets of one more card starting with card *c* are
    *c* followed by the subsets of the table so far whose cards all exceed
    *c*, which are its last ``comb(n - 1 - c, size - 1)`` rows.

    >>> subsets_table(2, 4).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    """
    rows = np.arange(n, dtype=np.uint8)[:, None]
    for width in range(2, size + 1):
        blocks = []
        for first in range(n - width + 1):
            tail = rows[len(rows) - comb(n - 1 - first, width - 1):]
            block = np.empty((len(tail), width), dtype=np.uint8)
            block[:, 0] = first
            block[:, 1:] = tail
            blocks.append(block)
        rows = np.concatenate(blocks)
    return rows
