"""What a winning Bet pays, counted by evaluating every five- and six-card hand.

This is the second, independent method for interpretation L11 (the closed
form is :func:`combin.lunar.bet.bet_distribution`).  It shares nothing with
it but the paytable: it deals every hand, lists the combinations each hand
holds, and applies the rule literally.

The rule, restated.  A *combination* is a subset of the hand's cards (its
*core*; kickers never belong to it) that forms one paytable hand: a royal or
straight flush, flush, straight or full house (five cards), four of a kind or
two pair (four), three of a kind (three), one pair or ace-king (two).  The
hand's *best class* is the highest class among its combinations (``None``
when it has none: it cannot beat a qualifying dealer and pays 0).  Under
``L11=best-pair`` the Bet pays ``pay(best) + max(0, pay(Y))`` for the best
choice of a first combination *X* of the best class and a second combination
*Y* of any class whose core holds a card outside the core of *X*; under
``L11=first-only`` it pays ``pay(best)``.

Why one static table of position subsets suffices.  For a hand of *n* cards
(5 or 6) the candidate cores are the subsets of the *n* card positions of
size 2 to 5 -- 26 for five cards, 56 for six -- the same for every hand.  A
subset can form at most one class: two cards are a pair or an ace and a
king, never both; four cards are quads or two pair; five cards are a full
house (a repeated rank), or five distinct ranks that are suited, in sequence,
both or neither, and each of those cases names exactly one class.  So each
hand gets one class code per subset, and its combinations are exactly the
subsets with a code.

Why the second combination is a static gather.  The condition
``core(Y) - core(X) != {}`` says that *Y* holds some position *p* outside
*X*.  Hence ``max`` over valid *Y* of ``pay(Y)`` equals ``max`` over the
positions *p* not in *X* of ``best_through[p]``, where ``best_through[p]`` is
the best pay of a combination holding position *p*: every valid *Y* is
counted under one of its outside positions, and every combination counted
holds an outside position, so it is valid.  Both maxima run over fixed lists
of subsets, the same for every hand.

Pays are exact fractions, so they never enter numpy.  Inside numpy a pay is
replaced by its *level*, its index among the sorted distinct values
``{0} | {max(0, pay)}``; a maximum of levels is the level of the maximum pay,
and the levels are turned back into :class:`~fractions.Fraction` pays only
for the tally's keys.  Tallies are ``numpy.bincount`` of a small key index,
added up as Python integers.

The hands are dealt as in :mod:`combin.lunar.exhaustive`: each lexicographic
*k*-subset of ``range(52)`` is a prefix followed by a tail from one table of
all ``t``-subsets, so every hand is dealt exactly once and sorted, and a
sorted hand's ranks never decrease -- which the subset tests rely on.
"""

from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Any

import numpy as np
from numpy.typing import NDArray

from combin.errors import CombinError
from combin.core.interpret import value_of
from combin.lunar.bet import bet_pays
from combin.core.cards import ACE, CLASSES, KING, TEN
from combin.lunar.exhaustive import subsets_table
from combin.lunar.readings import L11

__all__ = [
    "BET_HAND_SIZES",
    "RULES",
    "bet_distribution_exhaustive",
    "bet_distributions_exhaustive",
    "bet_hands",
]

BET_HAND_SIZES = (5, 6)
"""The hand sizes counted: the first five cards, or five plus a bought sixth."""

RULES = tuple(L11)
"""The readings of interpretation L11, the default first."""

_TAIL = {5: 4, 6: 5}

_PAID = CLASSES[:CLASSES.index("ace_king") + 1]   # every class but high card
_CODE = {name: index for index, name in enumerate(CLASSES)}
_NONE = len(_PAID)                                  # code of "no combination here"
_WHEEL_FOUR = 3                                     # the five, top of A-2-3-4-5


#: A numpy array (hands, ranks, codes, levels).
Array = NDArray[Any]
#: A hand's key: ``(best class or None, what a winning Bet pays)``.
Key = tuple[str | None, Fraction]


def _subsets(size: int) -> list[tuple[int, ...]]:
    """The candidate cores of a *size*-card hand: position tuples of 2 to 5 cards."""
    return [s for k in range(2, 6) for s in combinations(range(size), k)]


def _check(cards: object, rule: str | None) -> tuple[int, L11]:
    if not (isinstance(cards, int) and not isinstance(cards, bool) and cards in BET_HAND_SIZES):
        raise CombinError(f"the Bet is counted for hands of 5 or 6 cards, not {cards!r}")
    if rule is not None and rule not in RULES:
        raise CombinError(f"unknown L11 rule {rule!r} (rules: {', '.join(RULES)})")
    return int(cards), value_of(L11, rule)


def _paytable() -> tuple[list[Fraction], dict[str, Fraction], Array]:
    """Return ``(values, pays, second_level)`` for the Bet paytable.

    *values* are the sorted distinct Fractions ``{0} | {max(0, pay)}``;
    *pays* maps each class to its Fraction pay; ``second_level[code]`` is
    the level of ``max(0, pay)`` of a class code, a uint8 table over the
    codes ``0.._NONE`` with level 0 (pay 0) for ``_NONE``.
    """
    pays = {name: pay.net for name, pay in bet_pays()[0].items()}
    missing = [name for name in _PAID if name not in pays]
    if missing:
        raise CombinError(f"the Bet paytable has no pay for {', '.join(missing)}")
    values = sorted({Fraction(0)} | {max(Fraction(0), pays[name]) for name in _PAID})
    second = np.zeros(_NONE + 1, dtype=np.uint8)
    for name in _PAID:
        second[_CODE[name]] = values.index(max(Fraction(0), pays[name]))
    return values, pays, second


def _subset_codes(ranks: list[Array], suits: list[Array], subsets: list[tuple[int, ...]], second_level: Array) -> tuple[list[Array], list[Array]]:
    """Return ``(codes, levels)``: per subset of positions, uint8 arrays over the hands.

    ``codes[i]`` is the class code the cards at ``subsets[i]`` form in each
    hand, ``levels[i]`` the level of its pay (``second_level[code]``).

    *ranks* and *suits* are lists of per-position arrays of hands whose ranks
    never decrease from position to position.  With sorted ranks a set of
    cards is three (or four) of a kind when its first and last ranks agree;
    two pair when it reads ``a a b b`` with ``a != b``; a full house when it
    reads ``a a a b b`` or ``a a b b b``; five distinct ranks when no two
    neighbours agree, and then a sequence when the top is four above the
    bottom, or the wheel when the fourth is the five and the top an ace.
    Codes: :data:`CLASSES` indices, and ``_NONE`` for no combination.
    """
    rows = len(ranks[0])
    equal: dict[tuple[int, int], Array] = {}
    for i, j in combinations(range(len(ranks)), 2):
        equal[i, j] = ranks[i] == ranks[j]
    king = [r == KING for r in ranks]
    ace = [r == ACE for r in ranks]

    codes: list[Array] = []
    levels: list[Array] = []

    def code(*cases: tuple[str, Array]) -> None:
        out = np.full(rows, _NONE, dtype=np.uint8)
        level = np.zeros(rows, dtype=np.uint8)
        for name, where in cases:
            np.copyto(out, np.uint8(_CODE[name]), where=where)
            np.copyto(level, second_level[_CODE[name]], where=where)
        codes.append(out)
        levels.append(level)

    for s in subsets:
        if len(s) == 2:
            a, b = s
            code(("one_pair", equal[a, b]), ("ace_king", king[a] & ace[b]))
        elif len(s) == 3:
            a, _, c = s
            code(("three_of_a_kind", equal[a, c]))
        elif len(s) == 4:
            a, b, c, d = s
            quads = equal[a, d]
            two_pair = equal[a, b] & equal[c, d] & ~equal[b, c]
            code(("four_of_a_kind", quads), ("two_pair", two_pair))
        else:
            a, b, c, d, e = s
            full = equal[a, b] & equal[d, e] & (equal[b, c] ^ equal[c, d])
            distinct = ~(equal[a, b] | equal[b, c] | equal[c, d] | equal[d, e])
            run = distinct & (((ranks[e] - ranks[a]) == 4)
                              | ((ranks[d] == _WHEEL_FOUR) & ace[e]))
            suited = ((suits[a] == suits[b]) & (suits[a] == suits[c])
                      & (suits[a] == suits[d]) & (suits[a] == suits[e]))
            royal = run & suited & (ranks[a] == TEN)
            code(
                ("full_house", full),
                ("flush", distinct & suited & ~run),
                ("straight", run & ~suited),
                ("straight_flush", run & suited & ~royal),
                ("royal_flush", royal),
            )
    return codes, levels


def _key_indices(hands: Array, rule: L11, second_level: Array, width: int) -> Array:
    """Return ``best_code * width + second_pay_level`` for each row of sorted *hands*.

    *hands* is an ``(n, k)`` uint8 array of card ids, each row increasing.
    Under ``first-only`` the level is always 0.
    """
    size = hands.shape[1]
    ranks = [(hands[:, i] >> 2) for i in range(size)]
    suits = [(hands[:, i] & 3) for i in range(size)]
    subsets = _subsets(size)
    codes, levels = _subset_codes(ranks, suits, subsets, second_level)
    best = np.minimum.reduce(codes)
    key: Array = best.astype(np.int64) * width
    if rule is L11.FIRST_ONLY:
        return key
    best_through = [np.maximum.reduce([lv for s, lv in zip(subsets, levels) if p in s])
                    for p in range(size)]
    second = np.zeros(len(hands), dtype=np.uint8)
    for s, c in zip(subsets, codes):
        outside = [best_through[p] for p in range(size) if p not in s]
        if not outside:        # a five-card core of a five-card hand: nothing is left
            continue
        gain = np.maximum.reduce(outside) if len(outside) > 1 else outside[0]
        np.maximum(second, np.where(c == best, gain, np.uint8(0)), out=second)
    # A hand with no combination has every code equal to _NONE == best, but
    # every level 0, so its second level is 0 as well.
    keyed: Array = key + second
    return keyed


def _key(code: int, level: int, rule: L11, values: list[Fraction], pays: dict[str, Fraction]) -> Key:
    """The key ``(class or None, Fraction pay)`` of a best code and a second-pay level."""
    if code == _NONE:
        return (None, Fraction(0))
    name = CLASSES[code]
    return (name, pays[name] + (values[level] if rule is L11.BEST_PAIR else Fraction(0)))


def _keys(counts: Sequence[int], rule: L11, values: list[Fraction], pays: dict[str, Fraction], width: int) -> dict[Key, int]:
    """Turn a tally over key indices into ``{(class or None, Fraction pay): count}``."""
    result: dict[Key, int] = {}
    for index, count in enumerate(counts):
        if count:
            key = _key(*divmod(index, width), rule, values, pays)
            result[key] = result.get(key, 0) + int(count)
    return result


def bet_hands(cards: Any, rule: str | None = None) -> list[Key]:
    """Return ``(best class or None, Fraction pay)`` of a winning Bet for each row of *cards*.

    *cards* is an ``(n, 5)`` or ``(n, 6)`` array (or list of lists) of
    distinct card ids per row, in any order.  Uses the same evaluation as
    :func:`bet_distribution_exhaustive`, so explicit hands check it.
    """
    hands = np.asarray(cards)
    if hands.ndim != 2 or hands.shape[1] not in BET_HAND_SIZES:
        raise CombinError("hands must be rows of 5 or 6 card ids")
    _, rule = _check(hands.shape[1], rule)
    if hands.size and not np.issubdtype(hands.dtype, np.integer):
        raise CombinError("card ids must be integers")
    if hands.size and (hands.min() < 0 or hands.max() > 51):
        raise CombinError("card ids run from 0 to 51")
    hands = np.sort(hands.astype(np.uint8), axis=1)
    if np.any(hands[:, 1:] == hands[:, :-1]):
        raise CombinError("a hand holds the same card twice")
    values, pays, second_level = _paytable()
    width = len(values)
    indices = _key_indices(hands, rule, second_level, width).tolist()
    return [_key(index // width, index % width, rule, values, pays) for index in indices]


def _chunks(cards: int) -> Iterator[Array]:
    """Yield every sorted hand of *cards* cards as ``(n, cards)`` uint8 chunks.

    A hand is a prefix of ``cards - t`` cards followed by a tail of ``t``
    cards above its last card; those tails are the last ``comb(51 - c, t)``
    rows of the lexicographic table of all ``t``-subsets.
    """
    tail_size = _TAIL[cards]
    tails = subsets_table(tail_size)
    for prefix in combinations(range(52), cards - tail_size):
        rows = comb(51 - prefix[-1], tail_size)
        if rows == 0:
            continue
        chunk = np.empty((rows, cards), dtype=np.uint8)
        chunk[:, :len(prefix)] = prefix
        chunk[:, len(prefix):] = tails[len(tails) - rows:]
        yield chunk


def bet_distribution_exhaustive(cards: object, rule: str | None = None, progress: Callable[[int, int], None] | None = None) -> dict[Key, int]:
    """Count every hand of *cards* cards (5 or 6) by ``(best class, Bet pay on a win)``.

    The keys are ``(class id, Fraction pay)``, or ``(None, Fraction(0))`` for
    hands with no paytable combination; the counts are Python ints adding up
    to ``comb(52, cards)``.  *rule* is the L11 reading, ``"best-pair"`` or
    ``"first-only"``.  *progress*, if given, is called as
    ``progress(hands_done, hands_total)`` after each chunk, and its
    ``close()``, if any, when the sweep ends however it ends; an exception
    (KeyboardInterrupt included) propagates and no partial count escapes.

    Why it is exact: every hand is dealt once (see :func:`_chunks`), given
    one key by the literal rule (see the module docstring), and tallied with
    ``numpy.bincount``; the per-chunk tallies are summed as Python ints.

    On one core of a two-core machine five cards took about 0.4 s and six
    cards about 8 s under ``best-pair`` (3 s under ``first-only``).
    """
    cards, rule = _check(cards, rule)
    values, pays, _ = _paytable()
    return _keys(_tally(cards, rule, progress), rule, values, pays, len(values))


def _tally(cards: int, rule: L11, progress: Callable[[int, int], None] | None) -> list[int]:
    """Every hand of *cards* cards counted by key index (``best code * width + second level``)."""
    values, _, second_level = _paytable()
    width = len(values)
    total = comb(52, cards)
    counts = [0] * ((_NONE + 1) * width)
    done = 0
    try:
        for chunk in _chunks(cards):
            indices = _key_indices(chunk, rule, second_level, width)
            for index, count in enumerate(np.bincount(indices, minlength=len(counts)).tolist()):
                counts[index] += count
            done += len(chunk)
            if progress is not None:
                progress(done, total)
    finally:
        close = getattr(progress, "close", None)
        if close is not None:
            close()
    if done != total:          # pragma: no cover - would mean a broken dealing scheme
        raise AssertionError(f"dealt {done} hands of {cards} cards, not {total}")
    return counts


def bet_distributions_exhaustive(cards: object, progress: Callable[[int, int], None] | None = None) -> dict[L11, dict[Key, int]]:
    """:func:`bet_distribution_exhaustive` under every L11 reading, from one sweep of the hands.

    The sweep keys each hand under ``best-pair`` (its best class and the level of its second
    pay); ``first-only`` pays the best class alone, which is that key with the level dropped,
    so each reading's tally is read off the same hands (a sixth card: one sweep where two
    took about 11 s).

    >>> found = bet_distributions_exhaustive(5)
    >>> all(found[rule] == bet_distribution_exhaustive(5, rule) for rule in RULES)
    True
    """
    size, _ = _check(cards, None)
    values, pays, _ = _paytable()
    width = len(values)
    counts = _tally(size, L11.BEST_PAIR, progress)
    first = [0] * len(counts)
    for index, count in enumerate(counts):        # the same hand, its second pay's level dropped
        first[index - index % width] += count
    return {L11.BEST_PAIR: _keys(counts, L11.BEST_PAIR, values, pays, width),
            L11.FIRST_ONLY: _keys(first, L11.FIRST_ONLY, values, pays, width)}
