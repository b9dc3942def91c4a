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
group and is taken once per group, row block by row block (every such draw's
part of a block while it is in cache).  The rows with flush outs (a few in a
hundred) then add, draw by draw, their true gain less their rank-blind one
(:func:`_suited_difference`).  The same terms, so the same integers.
"""

import numpy as np

from combin.stud.core.values import STRAIGHT
from combin.stud.draw.kernel.common import _jit, _popcount
from combin.stud.draw.kernel.interface import ALL_BOUND, PAIR_BOUND, PAIR_OUTS, STRAIGHT_BOUND

__all__ = ["BLOCK_ROWS"]


#: Rows per block of :func:`_blocked_gains` (three int64 bit arrays: 48 KiB).
BLOCK_ROWS = 2048


@_jit
def _blocked_gains(gains, lazy, pairs_hb, pairs_beaten, pairs_beating, all_hb, all_beaten, all_beating,
                   loss, block):
    """The deferred :func:`_bits_loop` sums of :func:`option_sums`, row block by row block.

    Each row ``lazy[d]`` is a draw ``i``, its mask ``m``, ``w``, ``c``, its
    row count and its bit group (0 pairs, 1 all).  The rows ``0 .. count``
    of a draw are cut at the block bounds ``s, s + block, ...`` and
    every draw's part of one block is summed while the block is in cache:
    the same terms as one :func:`_bits_loop` over ``0 .. count``, each once,
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
                    gains[d] += _bits_loop(hb[s:e], beaten[s:e], beating[s:e], e - s, lazy[d, 1],
                                                        lazy[d, 2], loss, lazy[d, 3])[0]


@_jit
def _suited_difference(suited, count, m, w, loss, c):
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
        true = w * _popcount(suited[2, f] & free) - loss * _popcount(suited[3, f] & free) - c
        blind = w * _popcount(suited[4, f] & free) - loss * _popcount(suited[5, f] & free) - c
        ok = (suited[0, f] < count) & ((suited[1, f] & m) == 0)
        total += ((true if true > 0 else 0) - (blind if blind > 0 else 0)) if ok else 0
    return total


@_jit
def _bound_kind(cat):
    """The bound a player of category ``cat`` reads: 0 pair outs, 1 pair and straight outs, 2 all."""
    if cat < STRAIGHT:
        return PAIR_BOUND
    return STRAIGHT_BOUND if cat == STRAIGHT else ALL_BOUND


@_jit
def _force_count(w, c, t, prune, loss, nrows, ge, top):
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


@_jit
def _kind_loop(hb, beaten, beating, own, own_list, own_count, ranked, t, starts, outs, outlev, own_ptr,
               own_bit, own_lev, u, count, m, v, w, loss, c):
    """Forcing over the first ``count`` rows when the player's own kind ``u`` is compared by level.

    Kind ``u`` is :data:`~combin.stud.draw.kernel.interface.PAIR_OUTS` (a player
    below a straight), ``STRAIGHT_OUTS``, ``FLUSH_OUTS`` or ``STRAIGHT_FLUSH_OUTS``;
    ``beaten``/``beating`` are the outs of a lower / higher kind, ``own`` those
    of kind ``u``, all in the row order of ``ranked``.  The rows split exactly in two: a row none of
    whose own outs is left (``own & ~m == 0``) has ``S_H = w * |beaten left| -
    loss * |beating left|`` (bits alone, no level read); the others, listed in
    ``own_list`` (the rows with any own out, ascending), are read out by out:
    from ``outs``/``outlev`` for pairs (``PAIR_OUTS``), else from the copies
    :func:`own_outs` gathered in list order (the same outs, contiguous).
    Returns ``(gain, forced, won, lost, tied)`` summed over the rows forced.
    """
    gain = 0
    picked = 0
    nw = 0
    nl = 0
    nt = 0
    free = ~m
    for g in range(count):
        won = _popcount(beaten[u, g] & free)
        lost = _popcount(beating[u, g] & free)
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
        won = _popcount((beaten[u, g] | under) & free)
        lost = _popcount((beating[u, g] | over) & free)
        tie = _popcount(own[u, g] & free & ~(under | over))
        total = w * won - loss * lost - c
        if total > 0:
            gain += total
            picked += 1
            nw += won
            nl += lost
            nt += tie
    return gain, picked, nw, nl, nt


@_jit
def _bits_loop(hb, beaten, beating, count, m, w, loss, c):
    """Forcing over the first ``count`` rows when every requalified showdown is decided by class.

    ``S_H = w * |beaten outs not drawn| - loss * |beating outs not drawn|``.
    """
    gain = 0
    picked = 0
    nw = 0
    nl = 0
    free = ~m
    for g in range(count):
        won = _popcount(beaten[g] & free)
        lost = _popcount(beating[g] & free)
        total = w * won - loss * lost - c
        if (hb[g] & m) == 0 and total > 0:
            gain += total
            picked += 1
            nw += won
            nl += lost
    return gain, picked, nw, nl
