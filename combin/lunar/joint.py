"""Several Super Wagers at one table: the exact joint count of two or three hands from one deck.

§ 671a.7(c)(3) lets a player add Super Wagers on the dealer's hand and on
other players' hands.  Each hand alone has the single-hand Super sheet, but
the hands are dealt from one deck, so their results are dependent.  This
module counts every ordered deal of two (or three) five-card hands from one
deck by the Super key of each hand (:data:`combin.lunar.classes.SUPER_KEY`:
class, five J/Q/K, five J/Q/K/A, one colour, ace-king-queen, suited
ace-king-queen), so that every reading of L1-L5 is settled from the same
exact table, as the single-hand sheet is.

* :func:`two_hand_counts` -- ``{(key1, key2): deals}`` over the
  ``C(n,5) C(n-5,5)`` ordered deals of an ``n``-card deck, by inclusion-exclusion
  over the cards the two hands would share (below);
* :func:`three_hand_scan` -- ``{(key1, key2, key3): deals}`` over the
  ``C(n,5) C(n-5,5) C(n-10,5)`` ordered deals, by a scan over the ranks
  (:mod:`combin.lunar.rankscan`): seconds on the 52-card deck;
* :func:`three_hand_counts` -- the same table by conditioning on the first hand
  (one suit-symmetry class at a time) and counting the other two in the cards
  left, by the same inclusion-exclusion: the second method the scan is checked
  against on decks of at most 24 cards;
* :func:`deck` -- the cards of a deck given as a set of ranks in four suits
  (``"9TJQKA"`` is a 24-card deck), so the same code runs on the small decks
  where the tests enumerate every deal plainly;
* :func:`joint_space` -- the joint table as an
  :class:`~combin.core.outcomes.OutcomeSpace` whose outcomes are tuples of keys, one
  per hand: the package machinery settles each Super on its own hand.

Why :func:`two_hand_counts` is exact.  For hands ``h`` and ``h'`` of the
deck, ``sum over S of (-1)^|S|`` for the subsets ``S`` of ``h & h'`` is 1 when
the hands share no card and 0 otherwise (the binomial theorem, ``(1-1)^j``
for ``j = |h & h'|``).  So the number of disjoint ordered pairs with keys
``(a, b)`` is ::

    N[a, b] = sum over card sets S (|S| <= 5) of (-1)^|S| c_S[a] c_S[b]

where ``c_S[a]`` counts the hands of key ``a`` that hold every card of ``S``
(both hands of a pair counted with that ``S`` hold it).  Grouping by
``s = |S|``: ``s = 0`` gives the product of the margins, ``s = 5`` the margin
on the diagonal (``S`` is a whole hand), and ``1 <= s <= 4`` the sums
``G_s = C_s^T C_s`` of the matrices ``C_s`` whose row ``S`` is ``c_S``.  Rows
are tallied with ``numpy.bincount`` from every hand's ``C(5, s)`` subsets (a
subset is numbered by its combinatorial rank), and for ``s >= 3`` equal rows
are merged first (a 4-card set's row is the key histogram of its 48
completions; only about a hundred distinct rows occur), which leaves the same
sum.  Every count is an integer; nothing is estimated or rounded.

Bounds for ``numpy.int64``: an entry of ``C_s`` is at most ``C(52-s, 5-s)``
(the completions of ``S``), so an entry of ``G_s`` is at most
``C(52, s) C(52-s, 5-s)^2 <= 6.8e12`` and the signed sum stays below ``2^63``
(9.2e18) at every step.  The totals are checked against ``C(n,5) C(n-5,5)``.

Why :func:`three_hand_counts` is exact.  An ordered triple is a first hand
``h1`` and an ordered pair of disjoint hands from the ``n - 5`` cards left,
which the two-hand count tallies exactly.  The key of a hand, and so the
table of the cards left, is unchanged when the suits are permuted in a way
that keeps colours (clubs and spades black, diamonds and hearts red: eight
permutations), so first hands are grouped into classes under those eight
permutations and each class is counted once, times its size.  The cost is one
two-hand count per class: seconds on the small decks, far too long for the
52-card deck (350,272 classes), where :func:`three_hand_counts` refuses.

Why :func:`three_hand_scan` is exact: see :mod:`combin.lunar.rankscan` (every
deal is read rank by rank; the suit facts of each hand -- flush, one colour,
suited ace-king-queen -- are signed sums of per-rank suit conditions, counted
for every combination of conditions at once).  The three-hand table of
:func:`joint_counts` is the scan's; the two-hand table is the
inclusion-exclusion count, which the scan, run on two hands, equals (a test).

>>> len(deck("JQKA")), len(deck(FULL_RANKS)), MAX_THREE_HAND_CARDS
(16, 52, 24)
>>> counts = joint_counts(2, "JQKA")
>>> sum(counts.values()) == cycle(16, 2) == 2_018_016
True
>>> margin(counts, 0) == margin(counts, 1)
True
"""

from itertools import combinations, permutations
from math import comb, prod

from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import NDArray

from combin.errors import CombinError
from combin.core.cards import RANKS
from combin.lunar.hand import super_key
from combin.core.outcomes import OutcomeSpace
from combin.running.progress import Messages
from combin.lunar.exhaustive import decode_super_key, subsets_table, super_key_codes

__all__ = ["FULL_RANKS", "MAX_THREE_HAND_CARDS", "deck", "cycle", "two_hand_counts",
           "three_hand_counts", "three_hand_scan", "joint_counts", "joint_space", "margin",
           "plain_pair_counts", "plain_triple_counts", "key_index", "pair_matrix", "suit_classes"]

FULL_RANKS = RANKS
"""The ranks of the 52-card deck."""

MAX_THREE_HAND_CARDS = 24
"""The largest deck :func:`three_hand_counts` counts (one two-hand count per first-hand class);
:func:`three_hand_scan` counts any deck."""

#: A numpy array of card ids, positions, key codes or counts.
Array = NDArray[Any]
#: A joint table: ``{(key of hand 1, key of hand 2[, key of hand 3]): ordered deals}``.
Counts = dict[tuple[Any, ...], int]

_HAND = 5
_CODES = 11 * 32          # codes of exhaustive.super_key_codes: class * 32 + five flag bits
_SUIT_MAPS = tuple(p for p in permutations(range(4)) if {p[0], p[3]} in ({0, 3}, {1, 2}))


def deck(ranks: str = FULL_RANKS) -> Array:
    """The card ids of a deck of the given ranks (a string such as ``"9TJQKA"``), four suits each."""
    text = str(ranks).upper().replace("10", "T")
    if not text or any(r not in RANKS for r in text) or len(set(text)) != len(text):
        raise CombinError(f"a deck is a set of distinct ranks from {RANKS}, not {ranks!r}")
    return np.array(sorted(RANKS.index(r) * 4 + s for r in text for s in range(4)), dtype=np.int64)


def cycle(cards: int, hands: int) -> int:
    """Ordered deals of ``hands`` five-card hands from ``cards`` cards: ``prod C(cards - 5i, 5)``."""
    return prod(comb(cards - _HAND * i, _HAND) for i in range(hands))


def _subsets(n: int, k: int) -> Array:
    """Every ``k``-subset of ``range(n)`` as rows, in lexicographic order (uint8, n <= 52)."""
    return subsets_table(k, n)


def _gram(rows: Array) -> Array:
    """``rows^T rows`` in int64, equal rows merged first (a weighted sum of the distinct rows)."""
    rows = np.ascontiguousarray(rows)
    flat = rows.view(np.dtype((np.void, rows.dtype.itemsize * rows.shape[1]))).ravel()
    _, first, weight = np.unique(flat, return_index=True, return_counts=True)
    distinct = rows[first]
    return (distinct.T * weight.astype(np.int64)) @ distinct


def pair_matrix(cards: Array, index: Array, width: int, progress: Messages | None = None, hands: Array | None = None, key: Array | None = None) -> Array:
    """``N``: the disjoint ordered pairs of hands from ``cards`` by key index.

    ``index`` maps a key code to its row; ``width`` is the number of rows.
    ``hands`` (rows of positions in ``cards``) and their ``key`` rows may be given
    when already known.
    """
    n = len(cards)
    if hands is None or key is None:
        hands = _subsets(n, _HAND)
        key = index[super_key_codes(cards[hands])]
    margin = np.bincount(key, minlength=width).astype(np.int64)
    # Subset numbers and flat cells stay below C(52, 4) * 11 * 32 < 2^31: int32 is exact.
    binomial = np.array([[comb(x, j) for j in range(_HAND + 1)] for x in range(n)], dtype=np.int32)
    key32 = key.astype(np.int32)
    total = np.outer(margin, margin) - np.diag(margin)          # s = 0 and s = 5
    for s in range(1, _HAND):
        sets = comb(n, s)
        cells = []
        for places in combinations(range(_HAND), s):
            rank = binomial[hands[:, places[0]], 1].copy()
            for j, place in enumerate(places[1:], 2):
                rank += binomial[hands[:, place], j]               # colex number of the subset
            rank *= width
            rank += key32
            cells.append(rank)
        rows = np.bincount(np.concatenate(cells), minlength=sets * width).astype(np.int64)
        rows = rows.reshape(sets, width)
        gram = _gram(rows) if s >= 3 else rows.T @ rows
        total = total - gram if s % 2 else total + gram
        if progress is not None:
            progress(f"shared sets of {s} card{'s' if s > 1 else ''} done")
    return total


def key_index(cards: Array) -> tuple[Array, Array, Array, Array]:
    """``(codes, index, hands, key)``: the key codes that occur among the hands of ``cards``,
    a code -> row table, every hand (rows of positions in ``cards``) and its row."""
    hands = _subsets(len(cards), _HAND)
    found = super_key_codes(cards[hands])
    codes = np.flatnonzero(np.bincount(found, minlength=_CODES))
    index = np.full(_CODES, -1, dtype=np.int64)
    index[codes] = np.arange(len(codes))
    return codes, index, hands, index[found]


def _check(cards: Array, hands: int) -> None:
    if len(cards) < _HAND * hands:
        raise CombinError(f"{hands} hands need at least {_HAND * hands} cards; the deck has "
                          f"{len(cards)}")


def two_hand_counts(ranks: str = FULL_RANKS, progress: Messages | None = None) -> Counts:
    """``{(key1, key2): ordered deals}`` of two hands from the deck of ``ranks`` (see the module).

    ``progress``, if given, is called with a short message after each step.
    """
    cards = deck(ranks)
    _check(cards, 2)
    codes, index, hands, key = key_index(cards)
    table = pair_matrix(cards, index, len(codes), progress, hands, key)
    keys = [decode_super_key(code) for code in codes]
    counts = {(keys[a], keys[b]): int(table[a, b])
              for a, b in zip(*np.nonzero(table))}
    _confirm(counts, cycle(len(cards), 2))
    return counts


def _confirm(counts: Counts, total: int) -> None:
    if sum(counts.values()) != total or min(counts.values()) < 0:   # pragma: no cover
        raise AssertionError(f"joint counts add up to {sum(counts.values())}, not {total}")


def suit_classes(cards: Array, hands: Array) -> tuple[Array, Array]:
    """``(representatives, sizes)`` of the hands under the eight colour-keeping suit maps."""
    masks = []
    for suit_map in _SUIT_MAPS:
        mapped = (cards[hands] >> 2) * 4 + np.array(suit_map, dtype=np.int64)[cards[hands] & 3]
        masks.append(np.bitwise_or.reduce(np.left_shift(np.int64(1), mapped), axis=1))
    canonical = np.minimum.reduce(masks)
    _, first, sizes = np.unique(canonical, return_index=True, return_counts=True)
    return first, sizes


def three_hand_counts(ranks: str, progress: Messages | None = None) -> Counts:
    """``{(key1, key2, key3): ordered deals}`` of three hands from the deck of ``ranks``.

    Decks of more than :data:`MAX_THREE_HAND_CARDS` cards are refused (see the
    module docstring).
    """
    cards = deck(ranks)
    _check(cards, 3)
    if len(cards) > MAX_THREE_HAND_CARDS:
        raise CombinError(f"the three-hand Super table is counted only for decks of at most "
                          f"{MAX_THREE_HAND_CARDS} cards so far; a {len(cards)}-card deck would "
                          "take days (one two-hand count per suit class of the first hand)")
    codes, index, hands, first_keys = key_index(cards)
    width = len(codes)
    representatives, sizes = suit_classes(cards, hands)
    table = np.zeros((width, width, width), dtype=np.int64)
    for done, (row, size) in enumerate(zip(representatives, sizes), 1):
        rest = np.setdiff1d(cards, cards[hands[row]])
        pairs = pair_matrix(rest, index, width)
        table[first_keys[row]] += int(size) * pairs
        if progress is not None and done % 100 == 0:
            progress(f"{done:,} of {len(sizes):,} first-hand classes")
    keys = [decode_super_key(code) for code in codes]
    counts = {(keys[a], keys[b], keys[c]): int(table[a, b, c])
              for a, b, c in zip(*np.nonzero(table))}
    _confirm(counts, cycle(len(cards), 3))
    return counts


def three_hand_scan(ranks: str = FULL_RANKS, progress: Messages | None = None) -> Counts:
    """``{(key1, key2, key3): ordered deals}`` of three hands from the deck of ``ranks``, by the
    scan over the ranks of :mod:`combin.lunar.rankscan` (any deck of at least 15 cards)."""
    from combin.lunar.rankscan import scan_counts
    cards = deck(ranks)
    _check(cards, 3)
    counts = scan_counts(3, ranks, progress=progress)
    _confirm(counts, cycle(len(cards), 3))
    return counts


_COUNTED: dict[tuple[int, str], Counts] = {}


def joint_counts(hands: int, ranks: str = FULL_RANKS, progress: Messages | None = None) -> Counts:
    """The joint table of ``hands`` (2 or 3) Super hands: :func:`two_hand_counts` or
    :func:`three_hand_scan`, kept for the rest of the process (do not modify it)."""
    counter: Callable[[str, Messages | None], Counts] | None = {2: two_hand_counts, 3: three_hand_scan}.get(hands)
    if counter is None:
        raise CombinError(f"joint Super tables are counted for 2 or 3 hands, not {hands!r}")
    if (hands, ranks) not in _COUNTED:
        _COUNTED[(hands, ranks)] = counter(ranks, progress)
    return _COUNTED[(hands, ranks)]


def margin(counts: Counts, hand: int) -> dict[Any, int]:
    """``{key: deals}`` of one hand (0-based) of a joint table: the other hands summed out."""
    result: dict[Any, int] = {}
    for keys, count in counts.items():
        result[keys[hand]] = result.get(keys[hand], 0) + count
    return result


def joint_space(hands: int, ranks: str = FULL_RANKS, progress: Messages | None = None) -> "OutcomeSpace":
    """The joint table as an :class:`~combin.core.outcomes.OutcomeSpace` (outcomes: key tuples)."""
    counts = joint_counts(hands, ranks, progress)
    cards = len(deck(ranks))
    where = "one 52-card deck" if cards == 52 else f"a {cards}-card deck of ranks {ranks}"
    how = ("by inclusion-exclusion over the cards the two hands would share" if hands == 2 else
           "by a scan over the ranks, the suit facts of each hand by inclusion-exclusion over "
           "suit conditions")
    return OutcomeSpace(counts, cycle(cards, hands),
                        f"{where}, {hands} five-card hands (ordered deals)",
                        f"every ordered deal of {hands} five-card hands from {where}, by the "
                        f"Super key of each hand; counted {how}",
                        {"decks": 1, "cards": cards, "hand": _HAND, "hands": hands},
                        game="lunar")


def _plain_hands(ranks: str) -> tuple[list[Any], Array, list[Any], Array]:
    """Every hand of the deck, read by :func:`combin.lunar.hand.super_key` (no numpy keys),
    with its cards as a bit mask."""
    hands = list(combinations([int(card) for card in deck(ranks)], _HAND))
    keys = [super_key(hand) for hand in hands]
    masks = np.array([sum(1 << card for card in hand) for hand in hands], dtype=np.int64)
    names = sorted(set(keys))
    rows = np.array([names.index(key) for key in keys], dtype=np.int64)
    return keys, masks, names, rows


def plain_pair_counts(ranks: str) -> Counts:
    """The two-hand table by plain enumeration: for every hand, every other hand of the deck
    is tested for a shared card, and the disjoint ones are tallied by key.  The reference the
    fast count is checked against on small decks (``C(n,5)^2`` tests)."""
    keys, masks, names, rows = _plain_hands(ranks)
    counts: Counts = {}
    for first, mask in zip(keys, masks):
        tally = np.bincount(rows[(masks & mask) == 0], minlength=len(names))
        for second, deals in zip(names, tally.tolist()):
            if deals:
                counts[(first, second)] = counts.get((first, second), 0) + deals
    return counts


def plain_triple_counts(ranks: str) -> Counts:
    """The three-hand table by plain enumeration of every ordered triple of disjoint hands
    (for each first hand, every pair of the hands that miss it is tested)."""
    keys, masks, names, rows = _plain_hands(ranks)
    counts: Counts = {}
    width = len(names)
    for first, mask in zip(keys, masks):
        free = np.flatnonzero((masks & mask) == 0)
        apart = (masks[free][:, None] & masks[free][None, :]) == 0
        second, third = np.nonzero(apart)
        tally = np.bincount(rows[free][second] * width + rows[free][third],
                            minlength=width * width)
        for cell in np.flatnonzero(tally).tolist():
            key = (first, names[cell // width], names[cell % width])
            counts[key] = counts.get(key, 0) + int(tally[cell])
    return counts
