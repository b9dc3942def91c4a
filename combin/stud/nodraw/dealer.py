"""Exact counts of the dealer's hands against a player, by inclusion-exclusion.

A *situation* gives the dealer's up card ``u`` and a set ``seen`` of cards out
of play (the player's cards, discards, drawn cards).  The dealer's hand is
``u`` plus four hidden cards from the cards neither ``u`` nor seen.  For a
threshold ``x`` (a dense value level, see :class:`~combin.stud.core.values.HandTable`)

    F(x) = #{dealer hands D : u in D, D and seen disjoint, level(D) < x}
         = sum over S subset of seen, |S| <= 4, of (-1)**|S| * G(u + S, x),

where ``G(T, x)`` counts the five-card hands of the deck that contain the card
set ``T`` and have a level below ``x``.  This is inclusion-exclusion over the
events "D contains s" for s in seen: a hand containing ``u`` and meeting
exactly the seen cards of a set ``J`` is counted sum_{S subset J} (-1)**|S| =
[J empty] times; subsets with more than four cards contribute nothing, since
no five-card hand holds ``u`` and five other cards.  Every term is an exact
integer count, so F is exact.

``G`` is read from tables built once per deck from every hand's level:

* one card, two cards: cumulative histograms over the dense levels
  (``(n, L+1)`` and ``(C(n,2), L+1)`` integer arrays);
* three or four cards: the levels of the hands containing each card set,
  sorted within the set's segment (keys ``set index * L + level``), read with
  one ``searchsorted``;
* five cards: the hand itself.

From F at the qualifying level and at the player's level the dealer's hands
split into: not qualifying, qualifying below the player, tying, beating.
Everything is vectorised over many situations at once.
"""

from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from combin.stud.core.deck import Deck

from combin.stud.core.values import hand_table, lex_index

__all__ = ["DealerCounter", "dealer_counter", "OUTCOMES"]

Array = NDArray[Any]

OUTCOMES = ("not_qualified", "below", "tie", "above")
"""The dealer's hands against one player hand: ``below`` qualifies and loses to the player."""


def colex(positions: Array) -> Array:
    """Colexicographic index of sorted position rows: sum_i C(p_i, i + 1)."""
    total = np.zeros(positions.shape[0], dtype=np.int64)
    for i in range(positions.shape[1]):
        total += _COMB[positions[:, i], i + 1]
    return total


_COMB = np.array([[comb(a, b) for b in range(6)] for a in range(53)], dtype=np.int64)


class DealerCounter:
    """The tables of one deck, and exact dealer counts for many situations at once."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.table = table = hand_table(deck)
        n, levels = len(deck), len(table.levels)
        self.n, self.levels = n, levels
        positions = table.positions.astype(np.int64)
        dense = table.dense.astype(np.int64)
        self.qualify_level = table.qualify_level
        self.hand_dense = table.dense
        # one card: cum1[a, x] = #hands holding a with level < x (at most C(51,4) = 249,900)
        hist = np.bincount((positions * levels + dense[:, None]).reshape(-1),
                           minlength=n * levels).reshape(n, levels)
        self.cum1 = _cumulative(hist)
        # two cards: by colex pair index (counts at most C(50,3) = 19,600)
        pair_keys = [(colex(positions[:, [i, j]]) * levels + dense)
                     for i, j in combinations(range(5), 2)]
        hist = np.bincount(np.concatenate(pair_keys), minlength=comb(n, 2) * levels)
        self.cum2 = _cumulative(hist.reshape(comb(n, 2), levels))
        # three and four cards: sorted keys; set index * levels + level < C(52,4) * 7462
        # = 2,020,150,950 < 2**31, so int32 holds every key of the full deck
        self.keys3 = np.sort(np.concatenate(
            [colex(positions[:, list(c)]) * levels + dense for c in combinations(range(5), 3)]
        ).astype(np.int32))
        self.keys4 = np.sort(np.concatenate(
            [colex(positions[:, list(c)]) * levels + dense for c in combinations(range(5), 4)]
        ).astype(np.int32))
        self.segment3, self.segment4 = comb(n - 3, 2), n - 4

    # -- G(T, x) for card sets of each size -------------------------------------------------
    def _below(self, sets: Array, thresholds: Array) -> Array:
        """G(T, x) for sorted position rows ``sets`` (m, k) and thresholds (m, t)."""
        k = sets.shape[1]
        if k == 1:
            return self.cum1[sets[:, 0][:, None], thresholds]
        if k == 2:
            return self.cum2[colex(sets)[:, None], thresholds]
        if k in (3, 4):
            keys, segment = (self.keys3, self.segment3) if k == 3 else (self.keys4, self.segment4)
            index = colex(sets)
            found = np.searchsorted(keys, (index[:, None] * self.levels + thresholds).astype(np.int64))
            counts: Array = found - (index * segment)[:, None]
            return counts
        level = self.hand_dense[lex_index(sets, self.n)].astype(np.int64)
        return (level[:, None] < thresholds).astype(np.int64)

    def below(self, seen: ArrayLike, up: ArrayLike, thresholds: ArrayLike) -> Array:
        """F(x): dealer hands holding ``up``, avoiding ``seen``, with a level below each threshold.

        ``seen`` (m, k) and ``up`` (m,) are card ids, ``thresholds`` (m, t) dense
        levels (``len(levels)`` counts every hand).  Exact int64 counts.
        """
        up_cards = np.asarray(up).reshape(-1)
        seen_at = self.table.positions_of(np.asarray(seen).reshape(len(up_cards), -1))
        up_at = self.table.positions_of(up_cards)
        levels = np.asarray(thresholds, dtype=np.int64)
        total = np.zeros(levels.shape, dtype=np.int64)
        for size in range(0, min(4, seen_at.shape[1]) + 1):
            sign = -1 if size % 2 else 1
            for columns in combinations(range(seen_at.shape[1]), size):
                sets = np.sort(np.column_stack([up_at, seen_at[:, list(columns)]]), axis=1)
                total += sign * self._below(sets, levels)
        return total

    def hidden_hands(self, seen_count: int) -> int:
        """How many dealer hands a situation with ``seen_count`` seen cards has: C(n-1-k, 4)."""
        return comb(self.n - 1 - seen_count, 4)

    def outcomes(self, seen: ArrayLike, up: ArrayLike, player_values: ArrayLike) -> Array:
        """``(m, 4)`` exact counts: dealer not qualifying, qualifying below, tying, above.

        ``player_values`` are hand values (:mod:`~combin.stud.core.values`) of the player's final hands.
        """
        levels = self.table.levels
        values = np.asarray(player_values, dtype=np.int64)
        low = np.searchsorted(levels, values, side="left")
        high = np.searchsorted(levels, values, side="right")
        q = self.qualify_level
        thresholds = np.column_stack([np.full(len(values), q), np.maximum(low, q),
                                      np.maximum(high, q)])
        f = self.below(seen, up, thresholds)
        total = self.hidden_hands(np.asarray(seen).reshape(len(values), -1).shape[1])
        return np.column_stack([f[:, 0], f[:, 1] - f[:, 0], f[:, 2] - f[:, 1], total - f[:, 2]])


def _cumulative(hist: Array) -> Array:
    out = np.zeros((hist.shape[0], hist.shape[1] + 1), dtype=np.int32)
    np.cumsum(hist, axis=1, out=out[:, 1:])
    return out


@lru_cache(maxsize=2)
def dealer_counter(deck: Deck) -> DealerCounter:
    """The (cached) :class:`DealerCounter` of a deck."""
    return DealerCounter(deck)
