"""The numpy engine: the reference the compiled kernel is checked against, draw by draw.

Not the production path: :func:`~combin.stud.draw.advise.advise` runs the
compiled kernel (:mod:`combin.stud.reference.cards.kernel`).  This module computes the same
per-draw integers another way -- vectorised numpy look-ups in a table of the
dealer's hands over every subset of the unseen cards (:class:`DealerTable`), by
inclusion-exclusion over the drawn cards, and the forcing sums with their
bounds (:func:`forcing`) -- so that ``Engine(..., reference=True)`` checks
every count the kernel gives (``tests/test_stud_kernel.py``), and is itself
checked against the game-tree oracle :mod:`combin.stud.reference.naive`.
"""

from functools import lru_cache
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from combin.stud.core.deck import Deck
from combin.stud.core.values import (CATEGORY_SHIFT, ONE_PAIR, QUALIFY, STRAIGHT, STRAIGHT_FLUSH, hand_table,
                                     lex_index, subsets_table)

__all__ = ["DealerTable", "reference_numerators", "final_hands", "forcing", "subsets", "popcount"]

if TYPE_CHECKING:
    from combin.stud.core.deck import Deck
    from combin.stud.reference.cards.engine import Engine

Array = NDArray[Any]
#: One order of the non-qualifying dealer hands (see :meth:`DealerTable.force_table`).
ForceRows = tuple[Array, Array, Array, Array, dict[tuple[int, int], tuple[Array, Array]]]


@lru_cache(maxsize=16)
def subsets(n: int, k: int) -> Array:
    """Every k-subset of ``range(n)`` as sorted rows, lexicographic (int64).

    >>> subsets(4, 2).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    """
    if k == 0:
        return np.zeros((1, 0), dtype=np.int64)
    return subsets_table(k, n).astype(np.int64)


def popcount(words: Array) -> Array:
    """Set bits of each non-negative int64 (numpy's bitwise_count, or eight byte look-ups).

    >>> popcount(np.array([0, 1, 0b1011, 2 ** 40 - 1])).tolist()
    [0, 1, 3, 40]
    """
    if hasattr(np, "bitwise_count"):
        return np.bitwise_count(words).astype(np.int64)
    table = np.array([bin(i).count("1") for i in range(256)], dtype=np.int64)
    counts: Array = table[np.ascontiguousarray(words).view(np.uint8).reshape(len(words), 8)].sum(axis=1)
    return counts


def _masks(k: int, most: int = 4) -> list[tuple[tuple[int, ...], int]]:
    """Submasks of ``range(k)`` with at most ``most`` members: (columns, sign)."""
    return [(cols, -1 if len(cols) % 2 else 1)
            for size in range(min(k, most) + 1) for cols in combinations(range(k), size)]



class DealerTable:
    """Counts of the dealer's hands over every subset of the unseen cards.

    The dealer's hand is the up card and a 4-subset ``H`` of the ``n`` unseen
    cards (local positions ``0..n-1``).  :meth:`counts` answers, for sets ``T``
    of ``j <= 4`` positions and a player's value: how many ``H`` containing
    ``T`` qualify below / tie / qualify above it, and how many do not qualify.
    Dealer values are replaced by their *level* (index among the distinct
    qualifying values), so "below the player" is "level below ``low``".

    * ``j <= 2``: a cumulative histogram per set, ``cum[set, x]`` = qualifying
      hands containing the set with a level below ``x`` (``1 + n + C(n,2)`` rows);
    * ``j = 3``: the keys ``key(T) * V + level`` of the qualifying hands, sorted, read
      with :func:`numpy.searchsorted` (``key(T) = sum (t_i + 1) * S**(3 - i)``, ``S = n + 1``);
    * ``j = 4``: ``T`` is the hand itself.

    Every count is at most ``C(n, 4) < 2**31``.
    """

    def __init__(self, up: int, unseen: ArrayLike, deck: "Deck | None" = None, replace: Any = None) -> None:
        from combin.stud.core.rules import ForceCard
        #: The card forcing replaces (L10; default the highest).
        self.replace = ForceCard(replace or ForceCard.HIGHEST)
        self.hand_table = hand_table(deck if deck is not None else Deck.parse(None))
        self.up = up
        self.cards = np.asarray(unseen, dtype=np.int64)
        n = self.n = len(self.cards)
        self.size = n + 1
        self._built = False
        self._force: dict[str, ForceRows] | None = None

    def __getattr__(self, name: str) -> Any:
        # The tables below are built on first use: the compiled engine reads only n and cards.
        if name.startswith("__") or self.__dict__.get("_built", True):
            raise AttributeError(name)
        self._built = True
        self._build()
        return getattr(self, name)

    def _build(self) -> None:
        up, n = self.up, self.n
        hands = self.hands = subsets(n, 4)
        dealer = np.column_stack([np.full(len(hands), up, dtype=np.int64), self.cards[hands]])
        self.dealer = dealer
        values = self.values = self.evaluate(dealer)
        qualified = self.qualified = values >= QUALIFY
        self.levels = np.unique(values[qualified])
        width = self.width = len(self.levels) + 1
        level = self.level = np.searchsorted(self.levels, values)
        # sets of at most two cards: compact row numbers, then cumulative histograms
        small = [np.zeros((1, 0), dtype=np.int64), subsets(n, 1), subsets(n, 2)]
        self.compact = np.full(self.size ** 2, -1, dtype=np.int64)
        offset = 0
        for rows in small:
            self.compact[self.key(rows)] = np.arange(offset, offset + len(rows))
            offset += len(rows)
        histogram = np.zeros(offset * width, dtype=np.int64)
        ncount = np.zeros(offset, dtype=np.int64)
        for cols, _ in _masks(4, 2):
            row = self.compact[self.key(hands[:, list(cols)])]
            histogram += np.bincount(row[qualified] * width + level[qualified], minlength=offset * width)
            ncount += np.bincount(row[~qualified], minlength=offset)
        cum = np.zeros((offset, width + 1), dtype=np.int32)
        np.cumsum(histogram.reshape(offset, width), axis=1, out=cum[:, 1:])
        self.cum, self.ncount_small = cum, ncount
        # sets of three cards: sorted keys, and counts per key
        slots = self.size ** 3
        qcount = np.zeros(slots, dtype=np.int64)
        ncount3 = np.zeros(slots, dtype=np.int64)
        sorted_keys = []
        for cols in combinations(range(4), 3):
            key = self.key(hands[:, list(cols)])
            qcount += np.bincount(key[qualified], minlength=slots)
            ncount3 += np.bincount(key[~qualified], minlength=slots)
            sorted_keys.append(key[qualified] * width + level[qualified])
        self.sorted = np.sort(np.concatenate(sorted_keys))
        self.qcount = qcount
        self.qstart = np.cumsum(qcount) - qcount
        self.ncount3 = ncount3

    def evaluate(self, hands: Array) -> Array:
        """Values of an ``(m, 5)`` array of the deck's cards, read from the deck's hand table."""
        table = self.hand_table
        return table.values[table.indices_of(hands)].astype(np.int64)

    def key(self, positions: Array) -> Array:
        """Keys of rows of sorted positions (an ``(m, j)`` array; ``j = 0`` gives 0)."""
        key = np.zeros(len(positions), dtype=np.int64)
        for column in range(positions.shape[1]):
            key = key * self.size + positions[:, column] + 1
        return key

    def counts(self, positions: Array, low: Array, high: Array) -> tuple[Array, Array, Array, Array]:
        """For rows of ``j`` sorted positions: qualifying below / tied / above, and not qualifying.

        ``low``/``high`` are the numbers of dealer levels below / not above each
        player's value.
        """
        j = positions.shape[1]
        if j <= 2:
            row = self.compact[self.key(positions)]
            below, upto = self.cum[row, low], self.cum[row, high]
            return below, upto - below, self.cum[row, -1] - upto, self.ncount_small[row]
        if j == 3:
            key = self.key(positions)
            start = self.qstart[key]
            below = np.searchsorted(self.sorted, key * self.width + low) - start
            upto = np.searchsorted(self.sorted, key * self.width + high) - start
            return below, upto - below, self.qcount[key] - upto, self.ncount3[key]
        hand = lex_index(positions, self.n)
        qualified, level = self.qualified[hand], self.level[hand]
        below_mask = qualified & (level < low)
        upto_mask = qualified & (level < high)
        return (below_mask.astype(np.int64), (upto_mask & ~below_mask).astype(np.int64),
                (qualified & ~upto_mask).astype(np.int64), (~qualified).astype(np.int64))

    def force_table(self) -> dict[str, ForceRows]:
        """For every non-qualifying ``H``: the replacements that requalify it, and their values.

        The replaced card is the dealer's highest, or its lowest (:attr:`replace`;
        ace high; unique, as a hand that does not qualify has no pair).  The four
        cards left have four distinct ranks, so a requalified hand is one pair,
        a straight or a flush, or (the lowest replaced) an ace-king.  Three orders of the same
        rows are kept, each most first: ``all`` by every requalifying replacement,
        ``pairs`` by those making one pair or an ace-king (the only requalified
        hands below a straight) and ``no_flush`` by those making one of these or a
        straight.  Each is ``(-bound, hand bits,
        replacement positions, their values, {classes: (beaten bits, beating
        bits)})``; positions are local (int8), a padding slot has position ``n``
        and value -1.
        """
        if self._force is not None:
            return self._force
        n = self.n
        rows = np.nonzero(~self.qualified)[0]
        dealer = self.dealer[rows]
        high = _PICK[self.replace](dealer >> 2, axis=1)
        keep = np.ones(dealer.shape, dtype=bool)
        keep[np.arange(len(rows)), high] = False
        rest = dealer[keep].reshape(len(rows), 4)
        free = np.ones((len(rows), n), dtype=bool)
        free[np.arange(len(rows))[:, None], self.hands[rows]] = False
        others = np.nonzero(free)[1].reshape(len(rows), n - 4)
        forced = np.concatenate([np.repeat(rest, n - 4, axis=0),
                                 self.cards[others].reshape(-1, 1)], axis=1)
        values = self.evaluate(forced).reshape(len(rows), n - 4)
        requalified = values >= QUALIFY
        paired = requalified & (values < (ONE_PAIR + 1) * CATEGORY_SHIFT)
        outs = requalified.sum(axis=1)
        width = max(int(outs.max()) if len(outs) else 0, 1)
        slot = np.cumsum(requalified, axis=1) - 1
        cards = np.full((len(rows), width), n, dtype=np.int8)
        vals = np.full((len(rows), width), -1, dtype=np.int32)
        where = np.nonzero(requalified)
        cards[where[0], slot[where]] = others[where]
        vals[where[0], slot[where]] = values[where]
        bits = (np.int64(1) << self.hands[rows]).sum(axis=1)   # n <= 47: one int64 bit each
        # The requalifying replacements as bit masks, by what they make: one pair (or an
        # ace-king: ``paired`` holds every value below two pair), or a straight or flush (or
        # straight flush).  A player with two pair or trips beats every requalified pair and
        # ace-king and loses to every straight or flush; a full house or
        # four of a kind beats all of them but a straight flush.
        category = values // CATEGORY_SHIFT
        card_bit = np.int64(1) << others
        pair_bits = np.where(paired, card_bit, 0).sum(axis=1)
        sf_bits = np.where(requalified & (category == STRAIGHT_FLUSH), card_bit, 0).sum(axis=1)
        other_bits = np.where(requalified & ~paired, card_bit, 0).sum(axis=1)
        self._force = {}
        straights = requalified & (category == STRAIGHT)
        for name, bound in (("all", outs), ("pairs", paired.sum(axis=1)),
                            ("no_flush", (paired | straights).sum(axis=1))):
            order = np.argsort(-bound, kind="stable")
            self._force[name] = (-bound[order], bits[order], cards[order], vals[order],
                                 {(2, 3): (pair_bits[order], other_bits[order]),
                                  (6, 7): ((pair_bits | other_bits)[order] & ~sf_bits[order],
                                           sf_bits[order])})
        return self._force



#: How the replaced card's place among the dealer's five is found by rank, per :class:`ForceCard`.
_PICK = {"highest": np.argmax, "lowest": np.argmin}


def final_hands(engine: "Engine", kept: ArrayLike, size: int) -> tuple[Array, Array, Array]:
    """Draw rows, final hands, their values for every draw of ``size`` unseen cards of ``engine``."""
    table = engine.table
    draws = subsets(table.n, size)
    held = np.asarray(kept, dtype=np.int64)
    hands = np.concatenate([np.broadcast_to(held, (len(draws), len(held))),
                            table.cards[draws]], axis=1)
    if hands.shape[1] == 5:
        values = table.evaluate(hands)
    else:
        values = np.max([table.evaluate(hands[:, list(five)])
                         for five in combinations(range(hands.shape[1]), 5)], axis=0)
    return draws, hands, values


def reference_numerators(engine: "Engine", kept: ArrayLike, size: int,
                         detail: bool = False) -> tuple[Array, int, dict[str, Any] | None]:
    """:meth:`~combin.stud.reference.cards.engine.Engine.play_numerators` by the numpy path (the reference of the kernel)."""
    table = engine.table
    draws, hands, values = final_hands(engine, kept, size)
    pays = engine.pays(hands, values)
    win = engine.ante_win + engine.bet * pays
    take = np.where(values >= STRAIGHT * CATEGORY_SHIFT, engine.take_high, engine.take_low)
    low = np.searchsorted(table.levels, values, side="left")
    high = np.searchsorted(table.levels, values, side="right")
    below = np.zeros(len(draws), dtype=np.int64)
    tied, above, nq = below.copy(), below.copy(), below.copy()
    for cols, sign in _masks(size):
        b, t, a, q = table.counts(draws[:, list(cols)], low, high)
        below += sign * b
        tied += sign * t
        above += sign * a
        nq += sign * q
    r = table.n - size - 4
    numerator = r * (win * below - engine.loss * above + take * nq)
    forced = forcing(engine, draws, values, win, take, r, detail) if engine.force_fee is not None else None
    if forced is not None:
        numerator = numerator + forced[0]
    counts = dict(below=below, tied=tied, above=above, nq=nq, values=values,
                  forced=forced) if detail else None
    return numerator, r * comb(table.n - size, 4), counts


def _forcing_by_bits(engine: "Engine", rows: ForceRows, group: tuple[int, int], draws: Array, draw_bits: Array,
                     win: Array, cost: Array, r: int, gains: Array, extra: Array | None) -> None:
    """:func:`forcing` for players whose class decides every requalified showdown.

    A two pair or trips beats every requalified pair and loses to every
    straight or flush; a full house or quads beats all but a straight
    flush.  So ``S_H = win * |beaten outs left| - (1 + bet) * |beating outs left|``,
    counted as bits (:func:`combin.stud.reference.bitsum.forcing_by_bits`, compiled by numba).
    """
    negative, bits, _, _, by_category = rows
    beaten, beating = by_category[group]
    w, c = win[draws], cost[draws]
    counts = (np.searchsorted(negative, -(c // w), side="left") if engine.prune
              else np.full(len(draws), len(bits)))
    from combin.stud.reference.bitsum import forcing_by_bits
    out = forcing_by_bits(draw_bits[draws], w, c, counts, bits, beaten, beating, engine.loss, r)
    gains[draws] = out[:, 0]
    if extra is not None:
        extra[draws] = np.column_stack([out[:, 1], out[:, 2], out[:, 3],
                                        np.zeros(len(draws), np.int64), out[:, 4]])


def forcing(engine: "Engine", draws: Array, values: Array, win: Array, take: Array, r: int,
            detail: bool) -> tuple[Array, Array | None]:
    """Per draw, ``sum_H max(0, S_H - r * (fee + take))`` over the non-qualifying ``H``.

    Only hands that pass the bound are summed: ``S_H <= win * outs(H)``,
    and for a player below a straight ``S_H <= win * pair_outs(H)`` (a
    requalified straight or flush beats the player).  Where ``win *
    bound <= r * (fee + take)`` forcing cannot beat taking the Ante pay;
    a draw none of whose dealer hands passes gets 0 without summing.
    """
    gains = np.zeros(len(draws), dtype=np.int64)
    extra = np.zeros((len(draws), 5), dtype=np.int64) if detail else None
    if not (~engine.table.qualified).any():
        return gains, extra
    if engine.force_fee is None:       # no forcing in the game: nothing to gain by it
        return gains, extra
    cost = r * (engine.force_fee + take)
    category = values // CATEGORY_SHIFT
    # Which outs can be beaten: below a straight only pairs, a straight beats pairs
    # and straights (a flush beats it), anything better may beat every out.
    ordering = np.where(category < STRAIGHT, 0, np.where(category == STRAIGHT, 1, 2))
    names = ("pairs", "no_flush", "all")
    # Before building the force table: at most 3 pair outs for each of the four
    # ranks kept (and 4 ace-king outs when the lowest card goes: WEAK_OUTS), 8 straight
    # or ace-king outs (two ranks), at most the n - 4 cards not in H.
    from combin.stud.core.rules import WEAK_OUTS
    weak = WEAK_OUTS[engine.table.replace]
    todo = np.nonzero(win * np.array([weak, 20, engine.table.n - 4])[ordering] > cost)[0]
    if not engine.prune:
        todo = np.arange(len(draws))
    if len(todo) == 0:
        return gains, extra
    table = engine.table.force_table()
    most = np.array([-int(table[name][0][0]) if len(table[name][0]) else 0 for name in names])
    if engine.prune:
        todo = todo[win[todo] * most[ordering[todo]] > cost[todo]]
    draw_bits = ((np.int64(1) << draws).sum(axis=1) if draws.shape[1]
                 else np.zeros(len(draws), np.int64))
    for group in ((2, 3), (6, 7)):
        inside = todo[np.isin(category[todo], group)]
        if len(inside):
            _forcing_by_bits(engine, table["pairs" if group == (2, 3) else "all"], group, inside,
                                  draw_bits, win, cost, r, gains, extra)
    todo = todo[~np.isin(category[todo], (2, 3, 6, 7))]
    for f in todo.tolist():
        w, c, v = int(win[f]), int(cost[f]), int(values[f])
        negative, bits, cards, vals, by_category = table[names[ordering[f]]]
        # hands with w * bound > c, i.e. bound > c // w: a prefix of the rows (bound descending)
        count = int(np.searchsorted(negative, -(c // w), side="left")) if engine.prune else len(bits)
        if count == 0:
            continue
        mask = np.int64(draw_bits[f])
        alive = (bits[:count] & mask) == 0
        decided = next((key for key in by_category if v // CATEGORY_SHIFT in key), None)
        if decided is not None:
            # every replacement wins or every one loses: count bits, no value compared
            beaten, beating = by_category[decided]
            won = popcount(beaten[:count] & ~mask)
            lost = popcount(beating[:count] & ~mask)
            total = w * won - engine.loss * lost
            chosen = alive & (total > c)
            gains[f] = int((total[chosen] - c).sum())
            if extra is not None:       # with detail
                picked = int(chosen.sum())
                nw, nl = int(won[chosen].sum()), int(lost[chosen].sum())
                extra[f] = (picked, nw, nl, 0, picked * r - nw - nl)
            continue
        free = ((mask >> cards[:count].astype(np.int64)) & 1) == 0
        vv = vals[:count]
        won = ((vv < v) & free & (vv >= 0)).sum(axis=1)
        lost = ((vv > v) & free).sum(axis=1)
        total = w * won - engine.loss * lost
        chosen = alive & (total > c)
        gains[f] = int((total[chosen] - c).sum())
        if extra is not None:           # with detail
            tie = ((vv == v) & free).sum(axis=1)
            picked = int(chosen.sum())
            nw, nl, nt = int(won[chosen].sum()), int(lost[chosen].sum()), int(tie[chosen].sum())
            extra[f] = (picked, nw, nl, nt, picked * r - nw - nl - nt)
    return gains, extra
