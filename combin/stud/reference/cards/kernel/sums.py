"""Steps 4 and 5 of the kernel: the dealer counts per draw and the option numerators.

:func:`first_pass` (all draws of one call) and :func:`option_sums`, whose two
compiled passes are :func:`level_sweep` and :func:`numerators`; their inputs
are the NamedTuples of :mod:`~combin.stud.reference.cards.kernel.interface`.  Per draw
``N`` (``k`` cards) and player level ``v``, by inclusion-exclusion over the
subsets ``T`` of ``N``::

    nq(N)    = sum_T (-1)^|T| ncnt[T]            + #{Q subset N, |Q| = 4: Q does not qualify}
    below(N) = sum_T (-1)^|T| cnt_{< v}[T]       + #{Q: Q qualifies, level(Q) < v}
    tied(N)  = #{H of level v: H and N disjoint}

(|T| <= 3), where ``cnt_{< v}[T]`` counts the qualifying hands containing
``T`` with a level below ``v``.  :func:`first_pass` sums ``nq`` and the
4-subsets ``Q``, walking the draws in their lexicographic order so that the
terms of a common prefix are read once.  The rest is read in one sweep over
the levels:
the draws are sorted by level (a counting sort); before the draws of level
``v`` every qualifying hand of a lower level has added 1 to each of its 15
subsets of at most three cards, and the hands of level ``v`` itself are
counted one by one against the draw's bit mask -- or, on a level with more
than :data:`TIE_LOOP_MOST` hands, as the difference of the draw's subset sums
after and before adding them (plus its own 4-subsets of level ``v``, the
terms with ``|T| = 4``).  A player below the
qualifying level has ``below = tied = 0`` and is not swept.  ``above =
C(n - k, 4) - nq - below - tied``.  Only each group's first draw is counted
and swept; the sweep writes its counts in sweep order and the numerators read
them back through each draw's place in that order.

>>> TIE_LOOP_MOST          # the most hands of one level counted one by one against a draw
40
"""

from typing import Any

import numpy as np

from combin.stud.core.compiled import jit
from combin.stud.reference.cards.kernel.common import add_hand, next_combination, unpack
from combin.stud.reference.cards.kernel.subsets import own_quads_at, subset_sum4, subset_sum5, subset_sum_nonempty
from combin.stud.reference.cards.kernel.forcing import (BLOCK_ROWS, bits_loop, blocked_gains, class_gains, bound_kind, force_count,
                                             kind_loop, suited_difference)

from combin.stud.reference.cards.kernel.interface import (DrawBatch, ForceLimits, ForcingRows, PayLevels, SituationTables, SumsWork,
                                               FLUSH_OUTS, PAIR_OUTS, STRAIGHT_FLUSH_OUTS, STRAIGHT_OUTS)
from combin.stud.core.values import FLUSH, FULL_HOUSE, QUADS, STRAIGHT, TRIPS, TWO_PAIR

__all__ = ["TIE_LOOP_MOST", "first_pass", "option_sums", "level_sweep", "numerators", "SituationTables",
           "ForcingRows", "DrawBatch", "PayLevels", "SumsWork"]


@jit
def first_pass(tables, draws, nq, b4):
    """Per draw: ``nq(N)`` and the qualifying 4-subsets of ``N`` below the player (pass 1).

    ``tables`` is the situation's :class:`SituationTables`, ``draws`` the
    :class:`DrawBatch`; ``nq`` and ``b4`` are the caller's result arrays (at
    least as long as the batch).  The draws of option ``o`` fill
    ``offsets[o]:offsets[o + 1]`` in lexicographic order (:func:`enumerate_draws`).  ``nq(N) = sum_{T subset N, |T| <= 3} (-1)^|T|
    ncnt[T] + #{Q subset N, |Q| = 4: Q does not qualify}``, and the 4-subsets that
    qualify below ``level`` are counted for ``below``.  Four- and five-card draws
    share the terms of their common prefix: for ``N = {a, b, c} + D`` (``D`` the
    one or two last cards ``d < e``) the subsets ``T`` split by ``T & D``; with
    ``A = sum_{T subset {a,b,c}}`` and ``G[x] = sum_{T: x in T, T - x subset {a,b,c}}``
    (both read once per ``{a, b, c}``) the sum is ``A + G[d]`` for four cards and
    ``A + G[d] + G[e] + sum_{T: {d, e} subset T}`` (four terms) for five: the same
    terms, each once, so the same integer.  Smaller draws take the sum term by term.
    ``ncnt`` is int16 with its empty-set entry wrapped; ``nnq`` (the number of
    non-qualifying hands) is that entry's value and is used in its place.
    Only the first draw of each group (``rep[i] == i``, :func:`draw_groups`) is
    counted; the others' entries are left as they are, never read.
    """
    offsets, sizes, level, rep = draws.offsets, draws.sizes, draws.level, draws.rep
    n, dlev, ncnt, nnq, qlev, C = tables.n, tables.dlev, tables.ncnt, tables.nnq, tables.qlev, tables.comb
    D = level.shape[0]
    off2 = 1 + n
    off3 = off2 + C[n, 2]
    # nq and b4: the caller's (at least D long); nq is written on every draw, b4 cleared here
    for i in range(D):
        b4[i] = 0
    pos = np.empty(6, np.int64)
    g = np.zeros(n + 1, np.int64)
    for o in range(sizes.shape[0]):
        k = sizes[o]
        row = offsets[o]
        if k < 4:
            # small draws, term by term, in the lexicographic order of enumerate_draws
            for i in range(k):
                pos[i] = i
            while True:
                if rep[row] == row:
                    nq[row] = nnq + subset_sum_nonempty(ncnt, pos, k, off2, off3, C)
                row += 1
                if not next_combination(pos, k, n):
                    break
            continue
        for a in range(n):
            sa = -ncnt[1 + a]
            for b in range(a + 1, n):
                sab = sa - ncnt[1 + b] + ncnt[off2 + a + C[b, 2]]
                cb2 = C[b, 2]
                for c in range(b + 1, n):
                    if n - c - 1 < k - 3:
                        break
                    c2 = C[c, 2]
                    c3 = C[c, 3]
                    big = (nnq + sab - ncnt[1 + c] + ncnt[off2 + a + c2] + ncnt[off2 + b + c2]
                           - ncnt[off3 + a + cb2 + c3])
                    for x in range(c + 1, n):
                        x2 = C[x, 2]
                        x3 = C[x, 3]
                        g[x] = (-ncnt[1 + x] + ncnt[off2 + a + x2] + ncnt[off2 + b + x2]
                                + ncnt[off2 + c + x2] - ncnt[off3 + a + cb2 + x3]
                                - ncnt[off3 + a + c2 + x3] - ncnt[off3 + b + c2 + x3])
                    low3 = C[c, 3] + cb2 + a
                    if k == 4:
                        for d in range(c + 1, n):
                            if rep[row] != row:
                                row += 1
                                continue
                            s = big + g[d]
                            lv = dlev[C[d, 4] + low3]
                            if lv < qlev:
                                s += 1
                            elif lv < level[row]:
                                b4[row] = 1
                            nq[row] = s
                            row += 1
                        continue
                    for d in range(c + 1, n):
                        sd = big + g[d]
                        d2 = C[d, 2]
                        d3 = C[d, 3]
                        abcd = dlev[C[d, 4] + low3]
                        abd = d3 + cb2 + a
                        acd = d3 + c2 + a
                        bcd = d3 + c2 + b
                        for e in range(d + 1, n):
                            if rep[row] != row:
                                row += 1
                                continue
                            base = off3 + d2 + C[e, 3]
                            s = (sd + g[e] + ncnt[off2 + d + C[e, 2]] - ncnt[base + a] - ncnt[base + b]
                                 - ncnt[base + c])
                            v = level[row]
                            e4 = C[e, 4]
                            under = 0
                            for lv in (abcd, dlev[e4 + low3], dlev[e4 + abd], dlev[e4 + acd],
                                       dlev[e4 + bcd]):
                                if lv < qlev:
                                    s += 1
                                elif lv < v:
                                    under += 1
                            nq[row] = s
                            b4[row] = under
                            row += 1
    return nq[:D], b4[:D]


#: Above this many hands of one level, a draw's ties are counted as a difference of two subset sums
#: (after and before adding them, :func:`option_sums`) instead of one by one: the same count
#: (the sums are exact), less work where a level holds many hands (a high card on a full deck).
TIE_LOOP_MOST = 40


def option_sums(tables: SituationTables, rows: ForcingRows, draws: DrawBatch, pays: PayLevels, nq: Any, below: Any,
                work: SumsWork, prune: bool, detail: bool, tie_most: int) -> tuple[Any, Any, int]:
    """Per draw: the play numerator (over ``r * C(n - k, 4)``) and, with ``detail``, the counts.

    The inputs are the situation's :class:`SituationTables` and
    :class:`ForcingRows`, the :class:`DrawBatch`, the rules' :class:`PayLevels`,
    ``nq`` and ``below`` from :func:`first_pass` and the caller's
    :class:`SumsWork`; ``prune`` skips the forcing rows that cannot gain,
    ``detail`` asks for the counts, ``tie_most`` chooses how ties are counted
    (:data:`TIE_LOOP_MOST`; either way gives the same counts, only the work
    differs).  Two compiled passes: :func:`level_sweep` (the qualifying hands
    below and tied with each draw) and :func:`numerators` (the numerators, with
    forcing).  Returns ``(numerator, counts, bad)``; ``counts`` is ``(D, 9)``
    int64: below, tied, above, nq, then forced, won, lost, tied, not requalified
    (zero rows unless ``detail``); ``bad`` counts the draws whose win is
    ``pays.nopay`` (a pay that is not a whole number of Ante units), for the
    caller to refuse.
    """
    level_sweep(tables, draws, pays.category.shape[0], work, tie_most)
    sums: tuple[Any, Any, int] = numerators(tables, rows, draws, pays, nq, below, work, prune, detail)
    return sums


@jit
def _sort_by_level(draws, qlev, nlev, entry, slot):
    """The swept draws (a qualifying level, the first of their group) in level order (a counting sort).

    Writes ``entry`` (the packed draws in that order) and ``slot[i]`` (draw
    ``i``'s place in it); returns ``bounds``: the draws of level ``v`` are
    ``entry[bounds[v]:bounds[v + 1]]``.
    """
    level, rep, packed = draws.level, draws.rep, draws.packed
    D = packed.shape[0]
    start = np.zeros(nlev + 1, np.int64)
    for i in range(D):
        v = level[i]
        if v >= qlev and rep[i] == i:
            start[v + 1] += 1
    for t in range(nlev):
        start[t + 1] += start[t]
    bounds = start.copy()
    for i in range(D):
        v = level[i]
        if v >= qlev and rep[i] == i:
            entry[start[v]] = packed[i]
            slot[i] = start[v]
            start[v] += 1
    return bounds


@jit
def level_sweep(tables, draws, nlev, work, tie_most):
    """The qualifying dealer hands below and tied with each swept draw (pass 2), into ``work.bt``.

    Before the draws of level ``v``, every qualifying hand of a lower level
    has been added to its subsets of at most three cards; the hands of level
    ``v`` itself (the ties) are counted one by one against the draw, or, when
    there are more than ``tie_most`` of them, as the difference of the draw's
    subset sums after and before adding them.  The counts are written in sweep
    order (``bt[g]``, one after another, :func:`_sort_by_level`) and read back
    by :func:`numerators` through ``slot[i]``, the sweep place of draw ``i``:
    one scattered read per draw instead of a scattered read and write.
    """
    n, C, qlev, dlev = tables.n, tables.comb, tables.qlev, tables.dlev
    qpacked, qlevel, qbits = tables.qpacked, tables.qlevel, tables.qbits
    bt, entry = work.bt, work.entry
    bounds = _sort_by_level(draws, qlev, nlev, entry, work.slot)
    off2 = 1 + n
    off3 = off2 + C[n, 2]
    pos = np.empty(6, np.int64)
    # int16 counts (a card is in at most C(n - 1, 3) < 2^15 hands): half the bytes to scatter over.
    # cnt[0] wraps and is never read; the hands added so far (j) are its count.
    cnt = np.zeros(tables.ncnt.shape[0], np.int16)
    # the set ids of subset_sum5/4: {a < b} is a + pair_at[b], {a < b < c} is a + low2[b] + triple_at[c]
    pair_at = np.empty(n, np.int64)
    low2 = np.empty(n, np.int64)
    triple_at = np.empty(n, np.int64)
    for x in range(n):
        pair_at[x] = off2 + C[x, 2]
        low2[x] = C[x, 2]
        triple_at[x] = off3 + C[x, 3]
    nqual = qpacked.shape[0]
    j = 0
    for v in range(qlev, nlev):
        lo = bounds[v]
        hi = bounds[v + 1]
        while j < nqual and qlevel[j] < v:
            add_hand(cnt, qpacked[j], off2, off3, C)
            j += 1
        if lo == hi:
            continue
        e = j
        while e < nqual and qlevel[e] == v:
            e += 1
        if e - j > tie_most:
            # many tied hands: the ties are the subset sum after adding them less the one before
            for g in range(lo, hi):
                k = unpack(entry[g], pos)
                if k == 5:
                    found = subset_sum5(cnt, pos, pair_at, low2, triple_at)
                elif k == 4:
                    found = subset_sum4(cnt, pos, pair_at, low2, triple_at)
                else:
                    found = subset_sum_nonempty(cnt, pos, k, off2, off3, C)
                bt[g, 0] = j + found
            while j < e:
                add_hand(cnt, qpacked[j], off2, off3, C)
                j += 1
            for g in range(lo, hi):
                k = unpack(entry[g], pos)
                if k == 5:
                    found = subset_sum5(cnt, pos, pair_at, low2, triple_at)
                elif k == 4:
                    found = subset_sum4(cnt, pos, pair_at, low2, triple_at)
                else:
                    found = subset_sum_nonempty(cnt, pos, k, off2, off3, C)
                # the 4-subsets Q of the draw are the terms the sums leave out (|T| = 4): a hand
                # equal to Q is disjoint from nothing it holds, so each Q of level v is added back
                bt[g, 1] = j + found - bt[g, 0] + own_quads_at(pos, k, v, dlev, C)
            continue
        for g in range(lo, hi):
            k = unpack(entry[g], pos)
            m = 0
            for a in range(k):
                m |= 1 << pos[a]
            tie = 0
            for q in range(j, e):
                if (qbits[q] & m) == 0:
                    tie += 1
            if k == 5:
                found = subset_sum5(cnt, pos, pair_at, low2, triple_at)
            elif k == 4:
                found = subset_sum4(cnt, pos, pair_at, low2, triple_at)
            else:
                found = subset_sum_nonempty(cnt, pos, k, off2, off3, C)
            bt[g, 0] = j + found
            bt[g, 1] = tie


@jit
def _class_decided(cat):
    """Whether every requalified showdown of a player of category ``cat`` is decided by class."""
    return cat == TWO_PAIR or cat == TRIPS or cat == FULL_HOUSE or cat == QUADS


@jit
def _own_kind(cat):
    """The player's own kind of outs, compared level by level (a category not decided by class)."""
    if cat < STRAIGHT:
        return PAIR_OUTS
    if cat == STRAIGHT:
        return STRAIGHT_OUTS
    return FLUSH_OUTS if cat == FLUSH else STRAIGHT_FLUSH_OUTS


@jit
def _force_counts(n, nlev, rows, pays, prune, top):
    """``fcount[k, v]``: the rows summed for a five-card final hand of level ``v`` after ``k`` cards.

    The win, the Ante pay and so the cost ``c`` depend on ``k`` and ``v``
    alone (six cards: per draw, by :func:`force_count` in :func:`_draw_numerators`).
    """
    win_level, take_level, category, nopay = pays.win_level, pays.take_level, pays.category, pays.nopay
    fcount = np.zeros((6, nlev), np.int64)
    if pays.fee >= 0 and rows.nrows > 0:
        for kk in range(6):
            if n - kk - 4 <= 0:
                continue
            for v in range(nlev):
                wv = win_level[v]
                fcount[kk, v] = force_count(0 if wv == nopay else wv, (n - kk - 4) * (pays.fee + take_level[v]),
                                             bound_kind(category[v]), prune, pays.loss, rows.nrows, rows.ge, top)
    return fcount


@jit
def numerators(tables, rows, draws, pays, nq, below, work, prune, detail):
    """The numerators of every draw, with forcing (pass 3); ``(numerator, counts, bad)`` of :func:`option_sums`.

    The Ante pay on a win plus the Bet times its pays, and the Ante pay when
    the dealer does not qualify, are read by the player's level
    (``win_level``, ``take_level``), except for an option ``o`` of six final
    cards (``six_start[o] >= 0``), whose win of each draw is
    ``six_win[six_start[o] + i - offsets[o]]``.  ``nq`` and ``below`` come
    from :func:`first_pass` (``below`` holding the qualifying 4-subsets of the
    draw below the player); :func:`level_sweep` left the rest in ``work.bt``.
    ``fee < 0`` means the game has no forcing.  ``ranked[t]`` lists the
    non-qualifying rows by bound ``t`` descending and ``ge[t, b]`` counts those
    with a bound of at least ``b``.
    """
    D = draws.packed.shape[0]
    nlev = pays.category.shape[0]
    counts = np.zeros((D if detail else 0, 9), np.int64)
    # top[t]: the largest bound t of any row (ge[t, b] counts the rows with a bound of at least b)
    ge = rows.ge
    top = np.zeros(3, np.int64)
    for t in range(3):
        for b in range(ge.shape[1]):
            if ge[t, b] > 0:
                top[t] = b
    fcount = _force_counts(tables.n, nlev, rows, pays, prune, top)
    # the draws with rows to sum (count > 0) are listed, (draw, win, row count), and their forcing
    # summed after the main loop: the main loop stays small, the rare work apart
    todo = np.empty((D, 3), np.int64)
    ntodo, bad = _draw_numerators(tables, rows, draws, pays, (nq, below), work, prune, detail,
                                  ForceLimits(top, fcount), counts, todo)
    _forced_gains(tables, rows, draws, pays, work.numerator, counts, todo[:ntodo], detail)
    return work.numerator[:D], counts, bad


@jit
def _draw_numerators(tables, rows, draws, pays, first, work, prune, detail, limits, counts, todo):
    """The numerators before forcing, draw by draw, and the list of draws with forcing rows to sum.

    Returns ``(listed, bad)``: how many draws ``todo`` lists and how many
    wins were ``nopay`` (counted as 0 here, refused by the caller).  ``first``: ``(nq, below)`` of
    :func:`first_pass`; ``limits``: the rows' bounds (:class:`~combin.stud.reference.cards.kernel.interface.ForceLimits`).
    """
    nq, below = first
    top, fcount = limits.top, limits.fcount
    n, C, qlev = tables.n, tables.comb, tables.qlev
    offsets, packed, level, rep = draws.offsets, draws.packed, draws.level, draws.rep
    six_start, six_win = draws.six_start, draws.six_win
    win_level, take_level, category = pays.win_level, pays.take_level, pays.category
    nopay, loss, fee = pays.nopay, pays.loss, pays.fee
    bt, slot, numerator = work.bt, work.slot, work.numerator
    nrows = rows.nrows
    bad = 0
    ntodo = 0
    for o in range(offsets.shape[0] - 1):
        six = six_start[o]
        for i in range(offsets[o], offsets[o + 1]):
            k = packed[i] >> 30
            r = n - k - 4
            v = level[i]
            g = rep[i]
            if g != i:
                # a later draw of a group (its first draw g < i is done): the same counts, the same
                # level, so the same numerator before forcing
                numerator[i] = numerator[g]
                if detail:
                    for column in range(4):
                        counts[i, column] = counts[g, column]
            else:
                if v >= qlev:
                    under = below[i] + bt[slot[i], 0]
                    tied = np.int64(bt[slot[i], 1])
                else:
                    under = below[i]
                    tied = np.int64(0)
                above = C[n - k, 4] - nq[i] - under - tied
                w = six_win[six + i - offsets[o]] if six >= 0 else win_level[v]
                if w == nopay:
                    bad += 1                        # refused by the caller: a pay not whole
                    w = 0
                numerator[i] = r * (w * under - loss * above + take_level[v] * nq[i])
                if detail:
                    counts[i, 0] = under
                    counts[i, 1] = tied
                    counts[i, 2] = above
                    counts[i, 3] = nq[i]
            if fee >= 0 and nrows > 0:
                if six >= 0:
                    w = six_win[six + i - offsets[o]]
                    w = 0 if w == nopay else w
                    count = force_count(w, r * (fee + take_level[v]), bound_kind(category[v]), prune,
                                         loss, nrows, rows.ge, top)
                else:
                    count = fcount[k, v]
                if count > 0:
                    w = six_win[six + i - offsets[o]] if six >= 0 else win_level[v]
                    todo[ntodo, 0] = i
                    todo[ntodo, 1] = 0 if w == nopay else w
                    todo[ntodo, 2] = count
                    ntodo += 1
    return ntodo, bad


@jit
def _forced_gains(tables, rows, draws, pays, numerator, counts, todo, detail):
    """Forcing: the gains of the draws ``todo`` lists, added to their numerators (and counts).

    Without detail, the class-decided sums (two pair, trips, full house,
    quads) are split: the rank-blind part (every row's outs read without its
    flush outs, ``pairs_plain`` / ``all_plain``) is the same for every draw of
    a group (see :mod:`~combin.stud.reference.cards.kernel.forcing`), so it is summed once
    per group, by rank class (:func:`class_gains`) or, where the classes do
    not hold (``rows.by_class`` False), in row blocks (:func:`blocked_gains`:
    draw, its mask, ``w``, ``c``, row count, bit group); the rows with flush outs (``pairs_suited`` /
    ``all_suited``) add their difference draw by draw.
    """
    n = tables.n
    packed, level, rep = draws.packed, draws.level, draws.rep
    take_level, category, loss, fee = pays.take_level, pays.category, pays.loss, pays.fee
    D = packed.shape[0]
    ntodo = todo.shape[0]
    pos = np.empty(6, np.int64)
    deferred = 0
    lazy = np.empty((0 if detail else ntodo, 6), np.int64)
    members = np.empty((0 if detail else ntodo, 2), np.int64)
    nmembers = 0
    lazy_of = np.empty(0 if detail else D, np.int64)
    for d in range(ntodo):
        i = todo[d, 0]
        w = todo[d, 1]
        count = todo[d, 2]
        k = unpack(packed[i], pos)
        r = n - k - 4
        v = level[i]
        cat = category[v]
        c = r * (fee + take_level[v])
        m = 0
        for a in range(k):
            m |= 1 << pos[a]
        picked = 0
        nw = 0
        nl = 0
        nt = 0
        below_straight = cat < STRAIGHT
        if not detail and _class_decided(cat):
            if below_straight:
                numerator[i] += suited_difference(rows.pairs_suited, count, m, w, loss, c)
            else:
                numerator[i] += suited_difference(rows.all_suited, count, m, w, loss, c)
            if rep[i] == i:
                lazy_of[i] = deferred
                lazy[deferred, 0] = i
                lazy[deferred, 1] = m
                lazy[deferred, 2] = w
                lazy[deferred, 3] = c
                lazy[deferred, 4] = count
                lazy[deferred, 5] = 0 if below_straight else 1     # the bit group: pairs, all
                deferred += 1
            else:
                members[nmembers, 0] = i        # its group's first draw is listed (same level and count)
                members[nmembers, 1] = rep[i]
                nmembers += 1
            continue
        if _class_decided(cat):
            if below_straight:
                gain, picked, nw, nl = bits_loop(rows.pairs_hb, rows.pairs_beaten, rows.pairs_beating, count, m,
                                                  w, loss, c)
            else:
                gain, picked, nw, nl = bits_loop(rows.all_hb, rows.all_beaten, rows.all_beating, count, m, w,
                                                  loss, c)
        else:
            u = _own_kind(cat)
            gain, picked, nw, nl, nt = kind_loop(rows, rows.own_count[u], bound_kind(cat), u, count, m, v, w, loss, c)
        numerator[i] += gain
        if detail:
            counts[i, 4] = picked
            counts[i, 5] = nw
            counts[i, 6] = nl
            counts[i, 7] = nt
            counts[i, 8] = picked * r - nw - nl - nt
    if deferred > 0:
        plain = np.zeros(deferred, np.int64)
        if rows.by_class and loss >= 0:
            class_gains(plain, lazy[:deferred], packed, rows.rank_of, rows.pairs_classes, rows.all_classes, loss)
        else:
            blocked_gains(plain, lazy[:deferred], rows.pairs_hb, rows.pairs_plain[0], rows.pairs_plain[1], rows.all_hb,
                           rows.all_plain[0], rows.all_plain[1], loss, BLOCK_ROWS)
        for d in range(deferred):
            numerator[lazy[d, 0]] += plain[d]
        for d in range(nmembers):
            numerator[members[d, 0]] += plain[lazy_of[members[d, 1]]]
