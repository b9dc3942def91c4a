"""The forcing sums of the kernel's numerator pass (L10): bounds, bit counts, own-kind outs.

Forcing is summed as in :func:`combin.stud.reference.numpy_engine.forcing`: the hands
whose bound ``w * outs(H) <= r * (fee + take)`` (outs counted by the same
class rule) proves ``S_H - c <= 0`` are skipped without changing the sum; the
others are summed with the outs of a kind below the player's counted as
won, of a kind above as lost (bit counts), and only the outs of the player's
own kind (pair, straight, flush, straight flush) compared level by level --
or bits alone where the class decides every showdown (two pair, trips, full
house, quads).  The bits of every row are gathered once per situation in the
order of its bound, so the rows summed are a contiguous prefix; a row none of
whose own-kind outs is left after the draw is summed from bits alone (its
level comparisons would count nothing), the others (listed) out by out.
Without ``detail`` the class-decided sums are split in two.  Read rank-blind
-- every row's outs as if its four cards were not one suit: its pair outs and
every card of a straight's rank -- a row's ``S_H`` depends on the draw only
through the draw's rank counts, and the rows disjoint from the draw, counted
by rank pattern, only through the draw's group (the argument of
:func:`draw_groups`); so the rank-blind sum is the same for every draw of a
group and is taken once per group: by rank class (:func:`rank_classes`: the
rows of one set of four ranks share their outs left after any draw, and how
many of them the draw leaves is a product of rank counts), some 450 classes
in place of some 70,000 rows on the full deck; or, where a situation's rows
do not bear that argument out, row block by row block (every such draw's part
of a block while it is in cache).  The rows with flush outs (a few in a
hundred) then add, draw by draw, their true gain less their rank-blind one
(:func:`suited_difference`).  The same terms, so the same integers.

>>> BLOCK_ROWS, CLASS_FIELDS[:4]
(2048, ('rank0', 'rank1', 'rank2', 'rank3'))
"""

import numpy as np

from combin.stud.core.values import STRAIGHT
from combin.stud.core.compiled import jit
from combin.stud.reference.cards.kernel.common import popcount64, unpack
from combin.stud.reference.cards.kernel.interface import ALL_BOUND, PAIR_BOUND, PAIR_OUTS, STRAIGHT_BOUND

__all__ = ["BLOCK_ROWS", "CLASS_FIELDS", "rank_classes"]


#: Rows per block of :func:`blocked_gains` (three int64 bit arrays: 48 KiB).
BLOCK_ROWS = 2048


@jit
def blocked_gains(gains, lazy, pairs_hb, pairs_beaten, pairs_beating, all_hb, all_beaten, all_beating,
                   loss, block):
    """The deferred :func:`bits_loop` sums of :func:`option_sums`, row block by row block.

    Each row ``lazy[d]`` is a draw ``i``, its mask ``m``, ``w``, ``c``, its
    row count and its bit group (0 pairs, 1 all).  The rows ``0 .. count``
    of a draw are cut at the block bounds ``s, s + block, ...`` and
    every draw's part of one block is summed while the block is in cache:
    the same terms as one :func:`bits_loop` over ``0 .. count``, each once,
    so the same integer gain, added to ``gains[d]``.
    """
    for group in range(2):
        hb = pairs_hb if group == 0 else all_hb
        beaten = pairs_beaten if group == 0 else all_beaten
        beating = pairs_beating if group == 0 else all_beating
        most = 0
        for d in range(lazy.shape[0]):
            if lazy[d, 5] == group and lazy[d, 4] > most:
                most = lazy[d, 4]
        for s in range(0, most, block):
            for d in range(lazy.shape[0]):
                if lazy[d, 5] != group:
                    continue
                e = min(lazy[d, 4], s + block)
                if e > s:
                    gains[d] += bits_loop(hb[s:e], beaten[s:e], beating[s:e], e - s, lazy[d, 1],
                                                        lazy[d, 2], loss, lazy[d, 3])[0]


#: The columns of a rank class of :func:`rank_classes`: its four ranks, its rank-blind won and
#: lost outs (counts, and their ranks as 13-bit masks), the positions of its four cards of the up
#: card's suit as a mask and whether all four are unseen.
CLASS_FIELDS = ("rank0", "rank1", "rank2", "rank3", "won", "lost", "won_ranks", "lost_ranks", "suited", "has_suited")


@jit
def rank_classes(hb, won_bits, lost_bits, cards, up_suit):
    """The non-qualifying rows by rank class, for the rank-blind class-decided sums; ``(classes, ok)``.

    ``hb``, ``won_bits``, ``lost_bits``: per row (any order) its four cards and
    its rank-blind outs beaten and beating the player, as masks of unseen
    positions.  A row's class is the set ``R`` of its four ranks (distinct:
    a pair would qualify the dealer).  Why a class is enough: a rank-blind
    out is every unseen card of a rank, less the row's own card of it (a
    pair out: ``x`` not in ``H`` of a rank of the four cards left; a straight
    out: every card of a rank completing a straight, :func:`dealer_tables`),
    so for a draw ``N`` disjoint from ``H`` the outs left are the class's
    count less ``N``'s cards of those ranks -- the same for every row of the
    class.  And the rows of class ``R`` are every ``H`` with one card of each
    rank of ``R``, less the one whose four cards are all of the up card's suit
    ``s`` (that one is a flush with the up card and qualifies; no other ``H``
    of ``R`` is a flush, a pair or a straight, which the ranks decide), so of
    them ``prod_r (a_r - n_r) - [all (r, s) unseen, none drawn]`` are
    disjoint from ``N`` (``a_r`` unseen and ``n_r`` drawn of rank ``r``).
    Both facts are checked here on every row (the counts of outs, the rows
    per class); ``ok`` is False if one fails, and the caller then sums row by
    row.  ``classes``: ``(m, 10)`` int64 in the columns of
    :data:`CLASS_FIELDS`, by won outs descending (the caller stops where
    ``w * won <= c``).
    """
    n = cards.shape[0]
    rank_of = np.empty(n, np.int64)
    of_rank = np.zeros(13, np.int64)
    unseen = np.zeros(13, np.int64)
    suited_at = np.full(13, -1, np.int64)
    for x in range(n):
        r = cards[x] >> 2
        rank_of[x] = r
        of_rank[r] |= np.int64(1) << x
        unseen[r] += 1
        if (cards[x] & 3) == up_suit:
            suited_at[r] = x
    first = np.full(1 << 13, -1, np.int64)
    rows_of = np.zeros(1 << 13, np.int64)
    won = np.zeros(1 << 13, np.int64)
    lost = np.zeros(1 << 13, np.int64)
    order = np.empty(hb.shape[0], np.int64)
    found = 0
    for i in range(hb.shape[0]):
        h = hb[i]
        key = 0
        while h != 0:
            low = h & -h
            key |= np.int64(1) << rank_of[popcount64(low - 1)]
            h ^= low
        if popcount64(key) != 4:
            return np.zeros((0, 10), np.int64), False
        a = popcount64(won_bits[i])
        b = popcount64(lost_bits[i])
        if first[key] < 0:
            first[key] = i
            won[key] = a
            lost[key] = b
            order[found] = key
            found += 1
        elif won[key] != a or lost[key] != b:
            return np.zeros((0, 10), np.int64), False
        rows_of[key] += 1
    classes = np.zeros((found, 10), np.int64)
    for f in range(found):
        key = order[f]
        i = first[key]
        t = 0
        product = 1
        suited = 0
        has = 1
        for r in range(13):
            if (key >> r) & 1:
                classes[f, t] = r
                t += 1
                product *= unseen[r]
                if suited_at[r] < 0:
                    has = 0
                else:
                    suited |= np.int64(1) << suited_at[r]
        if rows_of[key] != product - has:
            return np.zeros((0, 10), np.int64), False
        won_ranks = np.int64(0)
        lost_ranks = np.int64(0)
        for r in range(13):
            if won_bits[i] & of_rank[r]:
                won_ranks |= np.int64(1) << r
            if lost_bits[i] & of_rank[r]:
                lost_ranks |= np.int64(1) << r
        # the outs are whole ranks less the row's own cards, on this row (the rest share its counts)
        whole_won = 0
        whole_lost = 0
        for r in range(13):
            if (won_ranks >> r) & 1:
                whole_won |= of_rank[r]
            if (lost_ranks >> r) & 1:
                whole_lost |= of_rank[r]
        if (whole_won & ~hb[i]) != won_bits[i] or (whole_lost & ~hb[i]) != lost_bits[i]:
            return np.zeros((0, 10), np.int64), False
        classes[f, 4] = won[key]
        classes[f, 5] = lost[key]
        classes[f, 6] = won_ranks
        classes[f, 7] = lost_ranks
        classes[f, 8] = suited
        classes[f, 9] = has
    by_won = np.argsort(-classes[:, 4], kind="mergesort")
    return classes[by_won], True


@jit
def class_gains(gains, lazy, packed, rank_of, pairs_classes, all_classes, loss):
    """The deferred rank-blind sums of :func:`blocked_gains`, by rank class (:func:`rank_classes`).

    For a draw ``N`` (mask ``m``, ``w``, ``c``, bit group of ``lazy[d]``) and a
    class: ``won = won_R - #{x in N: rank(x) in won ranks}``, likewise
    ``lost``, and the rows of the class disjoint from ``N`` number
    ``prod_r (a_r - n_r) - [the class's suited cards unseen and none drawn]``;
    each adds ``max(0, w won - loss lost - c)``.  A row beyond the draw's row
    count has ``w * bound <= c`` and ``won <= bound``, so its term is 0: the
    classes hold every row, the same sum.  Classes come by ``won_R``
    descending and ``w won - loss lost - c <= w won_R - c``, so the sum stops
    at the first class with ``w won_R <= c`` (``w >= 0``; the caller uses this
    path only when ``loss >= 0``).
    """
    unseen = np.zeros(13, np.int64)
    for x in range(rank_of.shape[0]):
        unseen[rank_of[x]] += 1
    drawn = np.zeros(13, np.int64)
    pos = np.empty(6, np.int64)
    ranks = np.empty(6, np.int64)
    for d in range(lazy.shape[0]):
        k = unpack(packed[lazy[d, 0]], pos)
        m = lazy[d, 1]
        w = lazy[d, 2]
        c = lazy[d, 3]
        classes = pairs_classes if lazy[d, 5] == 0 else all_classes
        for r in range(13):
            drawn[r] = unseen[r]
        for t in range(k):
            ranks[t] = rank_of[pos[t]]
            drawn[ranks[t]] -= 1            # now the cards of each rank left
        gain = 0
        for f in range(classes.shape[0]):
            if w >= 0 and w * classes[f, 4] <= c:
                break                       # loss >= 0 (the caller's condition): no later class gains
            rows = (drawn[classes[f, 0]] * drawn[classes[f, 1]] * drawn[classes[f, 2]]
                    * drawn[classes[f, 3]])
            if rows == 0:
                continue
            won = classes[f, 4]
            lost = classes[f, 5]
            for t in range(k):
                won -= (classes[f, 6] >> ranks[t]) & 1
                lost -= (classes[f, 7] >> ranks[t]) & 1
            total = w * won - loss * lost - c
            if total <= 0:
                continue
            if classes[f, 9] and (classes[f, 8] & m) == 0:
                rows -= 1
            gain += rows * total
        gains[d] += gain


@jit
def suited_difference(suited, count, m, w, loss, c):
    """The forcing gain of the rows with flush outs less their rank-blind gain, for one draw.

    ``suited`` holds, one column per row with flush or straight-flush outs (in
    bound order), the row's place in that order, its cards, its true won and
    lost outs and its rank-blind ones (its outs as if its four cards were not
    one suit).  Summed over those of the first ``count`` rows disjoint from the
    draw (mask ``m``): ``max(0, S - c) - max(0, S' - c)``, branch-free so that
    the loop runs on whole vectors.
    """
    total = 0
    free = ~m
    for f in range(suited.shape[1]):
        true = w * popcount64(suited[2, f] & free) - loss * popcount64(suited[3, f] & free) - c
        blind = w * popcount64(suited[4, f] & free) - loss * popcount64(suited[5, f] & free) - c
        ok = (suited[0, f] < count) & ((suited[1, f] & m) == 0)
        total += ((true if true > 0 else 0) - (blind if blind > 0 else 0)) if ok else 0
    return total


@jit
def bound_kind(cat):
    """The bound a player of category ``cat`` reads: 0 pair outs, 1 pair and straight outs, 2 all."""
    if cat < STRAIGHT:
        return PAIR_BOUND
    return STRAIGHT_BOUND if cat == STRAIGHT else ALL_BOUND


@jit
def force_count(w, c, t, prune, loss, nrows, ge, top):
    """How many rows (in the order of bound ``t``) a draw whose win is ``w`` and cost ``c`` sums.

    A row with ``w * bound <= c`` cannot gain (``S_H <= w * won <= c``), so with
    pruning only the rows with a bound of at least ``c // w + 1`` are summed.
    """
    if not prune or c < 0 or loss < 0:
        return nrows
    if w <= 0:
        return 0                        # S_H <= w * won - loss * lost <= 0 <= c
    if w * top[t] <= c:
        return 0                        # no row's bound b has w * b > c (spares a division)
    least = c // w + 1                  # w * bound > c  <=>  bound >= c // w + 1
    return ge[t, least] if least < ge.shape[1] else 0


@jit
def kind_loop(rows, own_count, t, u, count, m, v, w, loss, c):
    """Forcing over the first ``count`` rows when the player's own kind ``u`` is compared by level.

    Kind ``u`` is :data:`~combin.stud.reference.cards.kernel.interface.PAIR_OUTS` (a player
    below a straight), ``STRAIGHT_OUTS``, ``FLUSH_OUTS`` or ``STRAIGHT_FLUSH_OUTS``;
    ``beaten``/``beating`` are the outs of a lower / higher kind, ``own`` those
    of kind ``u``, all in the row order of ``ranked``.  The rows split exactly in two: a row none of
    whose own outs is left (``own & ~m == 0``) has ``S_H = w * |beaten left| -
    loss * |beating left|`` (bits alone, no level read); the others, listed in
    ``own_list`` (the rows with any own out, ascending), are read out by out:
    from ``outs``/``outlev`` for pairs (``PAIR_OUTS``), else from the copies
    :func:`own_outs` gathered in list order (the same outs, contiguous).
    Returns ``(gain, forced, won, lost, tied)`` summed over the rows forced.  The rows' arrays are
    read from ``rows`` (:class:`~combin.stud.reference.cards.kernel.interface.ForcingRows`).
    """
    hb, beaten, beating, own = rows.kind_hb, rows.kind_beaten, rows.kind_beating, rows.kind_own
    own_list, ranked, starts, outs, outlev = rows.own_list, rows.ranked, rows.starts, rows.outs, rows.outlev
    own_ptr, own_bit, own_lev = rows.own_ptr, rows.own_bit, rows.own_lev
    gain = 0
    picked = 0
    nw = 0
    nl = 0
    nt = 0
    free = ~m
    for g in range(count):
        won = popcount64(beaten[u, g] & free)
        lost = popcount64(beating[u, g] & free)
        total = w * won - loss * lost - c
        ok = ((hb[u, g] & m) == 0) & ((own[u, g] & free) == 0) & (total > 0)
        gain += total if ok else 0
        picked += 1 if ok else 0
        nw += won if ok else 0
        nl += lost if ok else 0
    for f in range(own_count):
        g = own_list[u, f]
        if g >= count:
            break
        if (hb[u, g] & m) != 0 or (own[u, g] & free) == 0:
            continue
        # the own outs below and above the player as bits (no branch on a level)
        under = 0
        over = 0
        if u == PAIR_OUTS:
            row = ranked[t, g]
            for x in range(starts[row, u], starts[row, u + 1]):
                lv = outlev[row, x]
                bit = np.int64(1) << outs[row, x]
                under |= bit if lv < v else 0
                over |= bit if lv > v else 0
        else:
            for x in range(own_ptr[u, f], own_ptr[u, f + 1]):
                lv = own_lev[u, x]
                bit = own_bit[u, x]
                under |= bit if lv < v else 0
                over |= bit if lv > v else 0
        won = popcount64((beaten[u, g] | under) & free)
        lost = popcount64((beating[u, g] | over) & free)
        tie = popcount64(own[u, g] & free & ~(under | over))
        total = w * won - loss * lost - c
        if total > 0:
            gain += total
            picked += 1
            nw += won
            nl += lost
            nt += tie
    return gain, picked, nw, nl, nt


@jit
def bits_loop(hb, beaten, beating, count, m, w, loss, c):
    """Forcing over the first ``count`` rows when every requalified showdown is decided by class.

    ``S_H = w * |beaten outs not drawn| - loss * |beating outs not drawn|``.
    """
    gain = 0
    picked = 0
    nw = 0
    nl = 0
    free = ~m
    for g in range(count):
        won = popcount64(beaten[g] & free)
        lost = popcount64(beating[g] & free)
        total = w * won - loss * lost - c
        if (hb[g] & m) == 0 and total > 0:
            gain += total
            picked += 1
            nw += won
            nl += lost
    return gain, picked, nw, nl
