"""Exhaustive counts: every five-, six- and seven-card hand evaluated with numpy.

This module re-counts what :mod:`combin.lunar.classes` derives in closed form,
by the plainest possible method: deal every hand, evaluate it, tally.  The two
share no code beyond the card encoding, so their agreement is the check.

How the hands are dealt.  The hands of *k* cards are the sorted *k*-subsets
of ``range(52)`` in lexicographic order.  Each is a *prefix* of ``k - t``
cards followed by a *tail* of ``t`` cards all above the prefix; the tails of
``t`` cards above card *c* are exactly the last ``comb(51 - c, t)`` rows of the
lexicographic table of all ``t``-subsets.  So one table of tails (``t = 4``
for five cards, ``t = 5`` for six and seven) is built once, and each prefix
deals one chunk: the tail rows above it, with the prefix cards added.  Every
hand is dealt exactly once, and no chunk is larger than ``comb(51, t)`` rows.

How a hand is evaluated.  A hand is held as four 13-bit rank masks, one per
suit (numpy ``uint16``), and a suit tally (four 4-bit counters in one
``uint16``).  Bit-sliced addition of the four masks gives, for every rank at
once, how many times it is held (its 1s, 2s and 4s bits); from
these come quads, trips, pairs and the full house; an 8192-entry table says
whether a set of ranks holds a straight; a suit counter of five or more is a
flush, and that suit's mask says whether it is a straight flush.  The class
indices are tallied with ``numpy.bincount`` and returned as Python integers.

Everything here imports numpy, so :mod:`combin.lunar` never imports this
module itself.
"""

from collections.abc import Callable, Iterable
from itertools import combinations
from math import comb
from typing import Any

import numpy as np
from numpy.typing import NDArray

from combin.errors import CombinError
from combin.core.cards import ACE, CLASSES, JACK, KING, QUEEN, TEN
from combin.lunar.classes import SuperKey
from combin.stud.core.values import subsets_table

#: A numpy array (card ids, rank masks, class codes, values).
Array = NDArray[Any]

__all__ = [
    "class_counts_exhaustive",
    "super_feature_counts_exhaustive",
    "classify_hands",
    "evaluate_5",
    "hand_values_5",
    "super_key_codes",
    "decode_super_key", "subsets_table",
]

_HAND_SIZES = (5, 6, 7)
_TAIL = {5: 4, 6: 5, 7: 5}

_ROYAL_CODE = CLASSES.index("royal_flush")
_STRAIGHT_FLUSH_CODE = CLASSES.index("straight_flush")
_FLUSH_CODE = CLASSES.index("flush")
_NO_FLUSH = len(CLASSES)


def _mask(ranks: Iterable[int]) -> int:
    return sum(1 << rank for rank in ranks)


_ROYAL = _mask((TEN, JACK, QUEEN, KING, ACE))
_ACE_KING = _mask((ACE, KING))
_ACE_KING_QUEEN = _mask((ACE, KING, QUEEN))
_PICTURES = _mask((JACK, QUEEN, KING))
_COURT = _mask((JACK, QUEEN, KING, ACE))
_SUIT_TALLY_FIVE = 0x3333      # adding 3 to a counter of 5..7 sets its bit 3
_SUIT_TALLY_HIGH = 0x8888


def _straight_tops() -> Array:
    """Table over the 8192 rank masks: 1 + top rank of the best straight, or 0.

    The wheel A-2-3-4-5 has top rank 3 (the five); the ace plays low only
    there, and straights do not wrap around.
    """
    masks = np.arange(1 << 13, dtype=np.int64)
    tops = np.zeros(1 << 13, dtype=np.uint8)
    wheel = _mask((ACE, 0, 1, 2, 3))
    tops[(masks & wheel) == wheel] = 3 + 1
    for top in range(4, 13):
        run = _mask(range(top - 4, top + 1))
        tops[(masks & run) == run] = top + 1
    return tops


_STRAIGHT_TOP = _straight_tops()


def _made_hand_table() -> Array:
    """Table from a 6-bit summary of a hand's ranks to its class index, flushes aside.

    Bits, high to low: quads; trips; two or more ranks held at least twice;
    some rank held at least twice; a straight; an ace and a king.
    """
    table = np.empty(64, dtype=np.uint8)
    for index in range(64):
        quads, trips, several, paired, straight, ace_king = (
            (index >> bit) & 1 for bit in range(5, -1, -1))
        if quads:
            name = "four_of_a_kind"
        elif trips and several:
            name = "full_house"
        elif straight:
            name = "straight"
        elif trips:
            name = "three_of_a_kind"
        elif several:
            name = "two_pair"
        elif paired:
            name = "one_pair"
        elif ace_king:
            name = "ace_king"
        else:
            name = "high_card"
        table[index] = CLASSES.index(name)
    return table


_MADE_HAND = _made_hand_table()
# Straight (bit 1) and ace-king (bit 0) of a set of ranks, in one look-up.
_RANK_SET_BITS = ((_STRAIGHT_TOP > 0).astype(np.uint8) << 1) | (
    (np.arange(1 << 13) & _ACE_KING) == _ACE_KING).astype(np.uint8)
_POPCOUNT = np.array([bin(m).count("1") for m in range(1 << 13)], dtype=np.uint8)


def _flush_class_table() -> Array:
    codes = np.full(1 << 13, _NO_FLUSH, dtype=np.uint8)
    codes[_POPCOUNT >= 5] = _FLUSH_CODE
    codes[(_STRAIGHT_TOP > 0) & (_POPCOUNT >= 5)] = _STRAIGHT_FLUSH_CODE
    codes[(np.arange(1 << 13) & _ROYAL) == _ROYAL] = _ROYAL_CODE
    return codes


_FLUSH_CLASS = _flush_class_table()


# Card id -> its rank bit in a 16-bit lane per suit, and its suit counter.
_CARD_BIT = np.array([1 << (16 * (card & 3) + (card >> 2)) for card in range(52)],
                     dtype=np.uint64)
_CARD_TALLY = np.array([1 << (4 * (card & 3)) for card in range(52)], dtype=np.uint16)


class _Hands:
    """Rank masks per suit and the suit tally of many hands (parallel arrays)."""

    __slots__ = ("masks", "tally")

    def __init__(self, masks: tuple[Array, ...], tally: Array) -> None:
        self.masks = masks      # four uint16 arrays: ranks held in each suit
        self.tally = tally      # uint16 array: 4-bit count of cards per suit

    @classmethod
    def from_cards(cls, cards: Any) -> "_Hands":
        """Build from an ``(n, k)`` array of distinct card ids per row."""
        cards = np.asarray(cards)
        if cards.ndim != 2 or cards.size and (cards.min() < 0 or cards.max() > 51):
            raise CombinError("hands must be rows of card ids from 0 to 51")
        packed = np.zeros(len(cards), dtype=np.uint64)
        tally = np.zeros(len(cards), dtype=np.uint16)
        for column in cards.T:
            column = column.astype(np.intp)
            packed |= _CARD_BIT[column]
            tally += _CARD_TALLY[column]
        masks = tuple(((packed >> np.uint64(16 * suit)) & np.uint64(0x1FFF)).astype(np.uint16)
                      for suit in range(4))
        held = sum(_POPCOUNT[mask].astype(np.int64) for mask in masks)
        if np.any(held != cards.shape[1]):
            raise CombinError("a hand holds the same card twice")
        return cls(masks, tally)

    def rows(self, start: int, stop: int | None = None) -> "_Hands":
        return _Hands(tuple(m[start:stop] for m in self.masks), self.tally[start:stop])

    def with_cards(self, cards: Iterable[int]) -> "_Hands":
        """Return these hands with the extra *cards* (ids not among them) added."""
        masks = list(self.masks)
        tally = self.tally
        for card in cards:
            rank, suit = card >> 2, card & 3
            masks[suit] = masks[suit] | np.uint16(1 << rank)
            tally = tally + np.uint16(1 << (4 * suit))
        return _Hands(tuple(masks), tally)


def _classify(hands: _Hands) -> Array:
    """Return the class index (into :data:`CLASSES`) of each hand, as uint8.

    Ranks: with the suit masks ``c, d, h, s``, half adders give per rank the
    bits of the number of suits holding it -- ``ones`` (the 1s bit),
    ``twos`` (the 2s bit) and ``fours`` (four of a kind) -- since
    ``c + d = (c ^ d) + 2 (c & d)`` and likewise for ``h + s``.  A rank with
    both ``ones`` and ``twos`` is held three times; ``twos & (twos - 1)``
    is nonzero when two or more ranks are held at least twice.

    Suits: a 4-bit counter of five to seven plus three reaches eight, so
    ``(tally + 0x3333) & 0x8888`` flags a suit of five or more; at most one
    suit can have five of at most seven cards.  Those hands (a few percent)
    are then classified by that suit's mask, which outranks any pair or
    straight they make; quads and full houses cannot occur with them.
    """
    c, d, h, s = hands.masks
    low_cd, high_cd = c ^ d, c & d
    low_hs, high_hs = h ^ s, h & s
    ones = low_cd ^ low_hs
    twos = high_cd ^ high_hs ^ (low_cd & low_hs)
    fours = high_cd & high_hs
    held = ones | twos | fours
    index = _RANK_SET_BITS[held]
    index |= (twos != 0).view(np.uint8) << 2
    index |= ((twos & (twos - np.uint16(1))) != 0).view(np.uint8) << 3
    index |= ((ones & twos) != 0).view(np.uint8) << 4
    index |= (fours != 0).view(np.uint8) << 5
    codes = _MADE_HAND[index]

    suited = np.flatnonzero((hands.tally + np.uint16(_SUIT_TALLY_FIVE))
                            & np.uint16(_SUIT_TALLY_HIGH))
    if suited.size:
        flush_mask = np.zeros(suited.size, dtype=np.uint16)
        for mask in hands.masks:
            part = mask[suited]
            flush_mask |= np.where(_POPCOUNT[part] >= 5, part, np.uint16(0))
        codes[suited] = np.minimum(codes[suited], _FLUSH_CLASS[flush_mask])
    classified: Array = codes
    return classified


def classify_hands(cards: Any) -> Array:
    """Return the class index (into :data:`CLASSES`) of each row of *cards*.

    *cards* is an ``(n, k)`` array of distinct card ids per row, ``k`` 5, 6 or
    7; the class is that of the best five cards.
    """
    cards = np.asarray(cards)
    if cards.ndim != 2 or cards.shape[1] not in _HAND_SIZES:
        raise CombinError("hands must be rows of 5, 6 or 7 card ids")
    return _classify(_Hands.from_cards(cards))


def _check_cards(cards: object) -> int:
    if isinstance(cards, int) and not isinstance(cards, bool) and cards in _HAND_SIZES:
        return int(cards)
    raise CombinError(f"hands of {cards!r} cards are not counted; use 5, 6 or 7")


def _sweep(cards: int, tally_chunk: Callable[[_Hands], Array], width: int, progress: Callable[[int, int], None] | None = None) -> list[int]:
    """Deal every hand of *cards* cards chunk by chunk and tally it.

    *tally_chunk* maps a chunk of hands to integers in ``range(width)``;
    their counts are summed over all chunks and returned as a list of Python
    ints.  *progress*, if given, is called as ``progress(done, total)`` after
    every chunk, and its ``close()`` method, if it has one, when the sweep
    ends, however it ends.  An exception -- KeyboardInterrupt included --
    propagates as it is; the partial tally dies with this frame.
    """
    tail_size = _TAIL[cards]
    tails = _Hands.from_cards(subsets_table(tail_size))
    tail_rows = comb(52, tail_size)
    total = comb(52, cards)
    done = 0
    counts = [0] * width
    try:
        for prefix in combinations(range(52), cards - tail_size):
            rows = comb(51 - prefix[-1], tail_size)
            if rows == 0:
                continue
            chunk = tails.rows(tail_rows - rows).with_cards(prefix)
            tallied = np.bincount(tally_chunk(chunk), minlength=width)
            for index, count in enumerate(tallied.tolist()):
                counts[index] += count
            done += rows
            if progress is not None:
                progress(done, total)
    finally:
        close = getattr(progress, "close", None)
        if close is not None:
            close()
    if done != total:          # pragma: no cover - would mean a broken dealing scheme
        raise AssertionError(f"dealt {done} hands of {cards} cards, not {total}")
    return counts


def class_counts_exhaustive(cards: object, progress: Callable[[int, int], None] | None = None) -> dict[str, int]:
    """Count the hands of *cards* cards (5, 6 or 7) per class by evaluating each one.

    Returns a dict from every id of :data:`CLASSES` to a Python integer, the
    same shape as :func:`combin.lunar.classes.class_counts`.  *progress*, if
    given, is called as ``progress(hands_done, hands_total)`` after each chunk
    (see :class:`combin.running.progress.StderrProgress`).  On one core of a two-core machine five
    cards took about 0.1 s, six about 1 s and seven about 3.5 s.
    """
    cards = _check_cards(cards)
    counts = _sweep(cards, _classify, len(CLASSES), progress)
    return dict(zip(CLASSES, counts))


def _super_key_index(hands: _Hands) -> Array:
    """Return ``class * 32 + pictures * 16 + court * 8 + same_color * 4 + akq * 2 + akq_suited``."""
    c, d, h, s = hands.masks
    held = c | d | h | s
    index = _classify(hands).astype(np.uint16) << 5
    index |= ((held & ~np.uint16(_PICTURES)) == 0).view(np.uint8).astype(np.uint16) << 4
    index |= ((held & ~np.uint16(_COURT)) == 0).view(np.uint8).astype(np.uint16) << 3
    one_color = ((c | s) == 0) | ((d | h) == 0)
    index |= one_color.view(np.uint8).astype(np.uint16) << 2
    akq = np.uint16(_ACE_KING_QUEEN)
    index |= ((held & akq) == akq).view(np.uint8).astype(np.uint16) << 1
    suited = ((c & akq) == akq) | ((d & akq) == akq) | ((h & akq) == akq) | ((s & akq) == akq)
    index |= suited.view(np.uint8).astype(np.uint16)
    return index


def super_feature_counts_exhaustive() -> dict[SuperKey, int]:
    """Count the five-card hands by ``(class, pictures, court, same_color, akq, akq_suited)``.

    The same keys as :func:`combin.lunar.classes.super_feature_counts`: class
    id, all five cards J/Q/K, all five J/Q/K/A, all red or all black (clubs
    and spades black),
    an ace, king and queen held, an ace, king and queen of one suit held.
    Only keys that occur are present.
    """
    counts = _sweep(5, _super_key_index, len(CLASSES) * 32)
    result: dict[SuperKey, int] = {}
    for index, count in enumerate(counts):
        if count:
            key = SuperKey(CLASSES[index >> 5], *(bool(index >> bit & 1) for bit in (4, 3, 2, 1, 0)))
            result[key] = count
    return result


# Class index -> value category, counting up from high card; the royal flush
# is the best straight flush and ace-king a high-card hand.
_CATEGORY = np.array([
    {"royal_flush": 8, "straight_flush": 8, "four_of_a_kind": 7, "full_house": 6,
     "flush": 5, "straight": 4, "three_of_a_kind": 3, "two_pair": 2, "one_pair": 1,
     "ace_king": 0, "high_card": 0}[name] for name in CLASSES], dtype=np.int64)


def evaluate_5(cards: Any) -> Array:
    """Return a comparable int64 value for each five-card row of *cards*: higher wins.

    The value is ``category << 52`` plus the ranks that break ties, where
    the category counts up from high card (0) to straight flush (8, royal
    included).  For straights and straight flushes the tie-break is the top
    rank (the five for A-2-3-4-5).  Otherwise it is the rank masks of the
    quads, trips, pairs and singles, in that order of weight, 13 bits each:
    within one category the groups have fixed sizes, and two sets of equal
    size compare as bit masks exactly as their ranks compare highest first.
    """
    cards = np.asarray(cards)
    if cards.ndim != 2 or cards.shape[1] != 5:
        raise CombinError("hands must be rows of five card ids")
    return _values(_Hands.from_cards(cards))


def _values(hands: _Hands) -> Array:
    c, d, h, s = hands.masks
    low_cd, high_cd = c ^ d, c & d
    low_hs, high_hs = h ^ s, h & s
    ones = low_cd ^ low_hs
    twos = high_cd ^ high_hs ^ (low_cd & low_hs)
    fours = (high_cd & high_hs).astype(np.int64)
    trips = (ones & twos).astype(np.int64)
    pairs = (twos & ~ones).astype(np.int64)
    singles = (ones & ~twos).astype(np.int64)
    top = _STRAIGHT_TOP[ones | twos | (high_cd & high_hs)].astype(np.int64)
    category = _CATEGORY[_classify(hands)]
    ties = (fours << 39) | (trips << 26) | (pairs << 13) | singles
    ties = np.where(top != 0, top - 1, ties)
    return (category << 52) | ties


def hand_values_5() -> Array:
    """Return the value (see :func:`evaluate_5`) of every five-card hand.

    The hands are in lexicographic order of their sorted card ids; there are
    ``comb(52, 5)`` of them, and ``numpy.unique`` of the result has 7,462
    entries, the distinct five-card poker hands.
    """
    return _values(_Hands.from_cards(subsets_table(5)))


def super_key_codes(cards: Any) -> Array:
    """The Super key of each row of *cards* (an ``(n, 5)`` array of card ids), as codes.

    A code is ``class * 32 + pictures * 16 + court * 8 + same_color * 4 + akq * 2 +
    akq_suited`` (:func:`decode_super_key` turns it back into the key of
    :data:`combin.lunar.classes.SUPER_KEY`); rows need not come from a full deck.
    """
    cards = np.asarray(cards)
    if cards.ndim != 2 or cards.shape[1] != 5:
        raise CombinError("Super keys are read from rows of five card ids")
    return _super_key_index(_Hands.from_cards(cards))


def decode_super_key(code: int) -> tuple[Any, ...]:
    """The key ``(class, pictures, court, same_color, akq, akq_suited)`` of a code."""
    code = int(code)
    return (CLASSES[code >> 5],) + tuple(bool(code >> bit & 1) for bit in (4, 3, 2, 1, 0))
