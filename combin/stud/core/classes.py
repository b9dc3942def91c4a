"""Situations -- the player's five cards and the dealer's up card -- up to suit symmetry.

Suits are equal in every rule the stud games read, so relabelling the four
suits (24 permutations) maps a situation to one of equal value.  A class is
named by its least member: the player hand with the least lexicographic index
among its suit relabellings (the *canonical hand* ``H``), and the least image of
the up card under the relabellings that fix ``H`` (its stabiliser).

Weights are exact: the hands relabelling to ``H`` number ``24 / |Stab(H)|``
(the orbit-stabiliser theorem; :func:`canonical_hands` counts them directly),
and a class of up cards under ``Stab(H)`` holds as many up cards as the
relabellings map onto its least member.  Each situation of the deck lies in
exactly one class, so the weights add up to ``C(n, 5) * (n - 5)``.
"""

import sys
from collections.abc import Sequence
from functools import lru_cache
from itertools import permutations
from math import comb
from typing import Any

import numpy as np
from numpy.typing import NDArray

from combin.stud.core import deck as deck_module, values
from combin.stud.core.deck import Deck

from combin.errors import CombinError
from combin.running.cache import cached_arrays, source_digest
from combin.stud.core.values import hand_table, lex_index

__all__ = ["Situations", "SUIT_PERMUTATIONS", "CACHED_CARDS", "canonical_hands", "situations", "list_situations", "situations_in_rows", "class_of", "relabelling_of"]

Array = NDArray[Any]
#: The classes of a range of hands: ``(rows, hands, up, weights)`` (see :func:`situations`).
Situations = tuple[Array, Array, Array, Array]

SUIT_PERMUTATIONS = np.array(list(permutations(range(4))), dtype=np.int64)


def _relabel(cards: Any, perm: Array) -> Any:
    return (cards & ~3) | perm[cards & 3]


def canonical_hands(deck: Deck) -> tuple[Array, Array]:
    """``(rows, weights)``: HandTable rows of the canonical hands and how many hands each stands for.

    The weights count every hand once (exact integers):

    >>> from combin.stud.core.deck import Deck
    >>> rows, weights = canonical_hands(Deck.parse("JQKA"))
    >>> len(rows), int(weights.sum())                # C(16, 5) hands in 272 classes
    (272, 4368)
    """
    table = hand_table(deck)
    hands = table.hands.astype(np.int64)
    least = np.arange(len(hands), dtype=np.int64)
    for perm in SUIT_PERMUTATIONS[1:]:
        images = np.sort(_relabel(hands, perm), axis=1)
        least = np.minimum(least, lex_index(table.positions_of(images), len(deck)))
    rows, weights = np.unique(least, return_counts=True)
    return rows, weights.astype(np.int64)


def _up_classes(hands: Array, hand_weights: Array, rows: Array, deck: Deck) -> Situations:
    """Every (canonical hand, canonical up card) class of the canonical ``hands``, sorted."""
    n = len(deck)
    cards = np.array(deck.cards, dtype=np.int64)
    # every (canonical hand, up card) pair, the up card not among the hand's cards
    up = np.broadcast_to(cards, (len(rows), n))
    free = ~np.any(up[:, :, None] == hands[:, None, :], axis=2)
    hand_of = np.broadcast_to(np.arange(len(rows))[:, None], (len(rows), n))[free]
    up = up[free]
    canonical_up = up.copy()
    for perm in SUIT_PERMUTATIONS[1:]:
        images = np.sort(_relabel(hands, perm), axis=1)
        fixes = np.all(images == hands, axis=1)[hand_of]
        moved = _relabel(up, perm)
        canonical_up = np.where(fixes, np.minimum(canonical_up, moved), canonical_up)
    key = hand_of * 64 + canonical_up
    keys, counts = np.unique(key, return_counts=True)
    hand_index, up_card = keys // 64, keys % 64
    return rows[hand_index], hands[hand_index], up_card, hand_weights[hand_index] * counts


def situations_in_rows(deck: Deck, low: int, high: int) -> Situations:
    """The classes of :func:`situations` whose canonical hand's row is in ``[low, high)``.

    A hand is canonical when no relabelling gives a lower row; its weight is
    its number of distinct images (the orbit), counted here directly rather
    than by collecting the orbits as :func:`canonical_hands` does, so the two
    are independent and the tests compare them.

    >>> from combin.stud.core.deck import Deck
    >>> deck = Deck.parse("JQKA")
    >>> whole = situations(deck)
    >>> parts = [situations_in_rows(deck, a, b) for a, b in ((0, 1000), (1000, 4368))]
    >>> all((np.concatenate([p[i] for p in parts]) == whole[i]).all() for i in range(4))
    True
    """
    table = hand_table(deck)
    rows = np.arange(low, high, dtype=np.int64)
    hands = table.hands[low:high].astype(np.int64)
    images = np.stack([lex_index(table.positions_of(np.sort(_relabel(hands, perm), axis=1)), len(deck))
                       for perm in SUIT_PERMUTATIONS], axis=1)
    canonical = np.all(images >= rows[:, None], axis=1)
    orbit = np.array([len(set(row)) for row in images[canonical].tolist()], dtype=np.int64)
    return _up_classes(hands[canonical], orbit, rows[canonical], deck)


def class_of(deck: Deck, hand: Sequence[int], up: int) -> tuple[int, int]:
    """``(row, up)`` of the class of a situation: the canonical hand's row and the up card.

    >>> from combin.core.cards import parse_cards, parse_card
    >>> from combin.stud.core.deck import Deck
    >>> deck = Deck.parse(None)
    >>> a = class_of(deck, parse_cards("Ah Kh 7s 7d 2c"), parse_card("9s"))
    >>> a == class_of(deck, parse_cards("As Ks 7h 7d 2c"), parse_card("9h"))
    True
    """
    row, canonical_up, _ = relabelling_of(deck, hand, up)
    return row, canonical_up


def relabelling_of(deck: Deck, hand: Sequence[int], up: int) -> tuple[int, int, tuple[int, ...]]:
    """``(row, up, perm)``: the class of a situation and a suit relabelling ``perm`` (suit ->
    suit) that maps the hand onto the canonical hand and the up card onto the class's.

    The canonical hand of a class is the relabelling of least lexicographic index (as
    :func:`canonical_hands` chooses it), and among the relabellings onto it the one giving the
    least up card names the class's up card; each of the 24 relabellings is ranked in plain
    integers (a simulated round asks this once: about 0.1 ms).

    >>> from combin.core.cards import parse_cards, parse_card
    >>> from combin.stud.core.deck import Deck
    >>> row, up, perm = relabelling_of(Deck.parse(None), parse_cards("Ah Kh 7s 7d 2c"), parse_card("9s"))
    >>> (parse_card("9s") & ~3) | perm[parse_card("9s") & 3] == up
    True
    """
    position, table, last = _lex_tables(deck)
    k = 5
    if len(hand) != k:
        raise CombinError(f"a situation holds five cards, not {len(hand)}")
    where = [position[card] if 0 <= card < len(position) else -1 for card in hand]
    if min(where) < 0 or not 0 <= up < len(position) or position[up] < 0:
        deck.check([*hand, up])
    best: tuple[int, int, tuple[int, ...]] | None = None
    for perm in _PERMUTATIONS:
        image = sorted(position[(card & ~3) | perm[card & 3]] for card in hand)
        # lex_index's rank: C(n, k) - 1 - sum_i C(n - 1 - p_i, k - i), in plain integers
        index = last[k] - sum(table[i][p] for i, p in enumerate(image))
        found = (index, (up & ~3) | perm[up & 3], perm)
        if best is None or found < best:
            best = found
    assert best is not None       # there are 24 relabellings
    return best


#: The 24 suit relabellings as tuples (:data:`SUIT_PERMUTATIONS`, in its order).
_PERMUTATIONS: tuple[tuple[int, ...], ...] = tuple(tuple(int(s) for s in perm) for perm in SUIT_PERMUTATIONS)


@lru_cache(maxsize=8)
def _lex_tables(deck: Deck) -> tuple[list[int], list[list[int]], dict[int, int]]:
    """``(position of each card id or -1, C(n - 1 - p, k - i) by i and p for k = 5, C(n, k) - 1
    by k)`` of a deck, for :func:`relabelling_of`."""
    position = [-1] * 52
    for index, card in enumerate(deck.cards):       # the order of hand_table's positions
        position[card] = index
    n = len(deck)
    k = 5
    terms = [[comb(n - 1 - p, k - i) for p in range(n)] for i in range(k)]
    return position, terms, {k: comb(n, k) - 1}


def situations(deck: Deck) -> Situations:
    """Situation classes: ``(rows, hands, up, weights)``, exact integer weights.

    ``rows`` (m,) are the canonical hands' HandTable rows, ``hands`` (m, 5)
    their card ids, ``up`` (m,) the canonical up cards.  The weights count
    every (hand, up card) pair once:

    >>> from combin.stud.core.deck import Deck
    >>> rows, hands, up, weights = situations(Deck.parse("JQKA"))
    >>> len(rows), int(weights.sum()) == 4368 * 11   # C(16, 5) hands, 11 up cards each
    (2424, True)

    A process lists a deck's classes once (the last two decks are kept: the 52-card deck's
    5,649,150 classes take about 10 s and 360 MB), and a deck of at least
    :data:`CACHED_CARDS` cards is kept in the user's cache folder for the next process
    (:func:`combin.running.cache.cached_arrays`, keyed by the deck and the source of the code
    that lists them; read back in well under a second); each call gets its own copy of the arrays:

    >>> again = situations(Deck.parse("JQKA"))
    >>> again[0] is not rows and all((a == b).all() for a, b in zip(again, (rows, hands, up, weights)))
    True
    """
    rows, hands, up, weights = _kept(deck)
    return rows.copy(), hands.copy(), up.copy(), weights.copy()


#: The smallest deck whose classes go to the cache folder, seven ranks (six, 9TJQKA's 38,622
#: classes, list in a tenth of a second; the 52-card deck's in about 10 s, read back in 0.5 s).
CACHED_CARDS = 28

#: The narrow types a deck's classes are kept in (rows below C(52, 5) < 2**31, cards and up
#: cards below 52, weights at most 24 x 47); read back as int64, the arrays :func:`list_situations` makes.
_KEPT_TYPES = (np.int32, np.int8, np.int8, np.int32)


@lru_cache(maxsize=2)
def _kept(deck: Deck) -> Situations:
    if len(deck) < CACHED_CARDS:
        return list_situations(deck)
    names = ("rows", "hands", "up", "weights")

    def build() -> dict[str, Array]:
        return {name: array.astype(kind) for name, array, kind in zip(names, list_situations(deck), _KEPT_TYPES)}
    key = f"{deck.text}|{source_digest(sys.modules[__name__], values, deck_module)}"
    found = cached_arrays("situations", key, build)
    rows, hands, up, weights = (found[name].astype(np.int64) for name in names)
    return rows, hands, up, weights


def list_situations(deck: Deck) -> Situations:
    """:func:`situations` computed afresh (what a timing measures), never kept.

    >>> from combin.stud.core.deck import Deck
    >>> [len(array) for array in list_situations(Deck.parse("JQKA"))]
    [2424, 2424, 2424, 2424]
    """
    table = hand_table(deck)
    rows, hand_weights = canonical_hands(deck)
    return _up_classes(table.hands[rows].astype(np.int64), hand_weights, rows, deck)
