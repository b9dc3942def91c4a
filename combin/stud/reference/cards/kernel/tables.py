"""Step 1 of the kernel: the per-situation dealer tables (levels, subset counts, outs).

:func:`dealer_tables` (once per situation).  Every dealer hand is the up card
plus a 4-subset ``H`` of the ``n`` unseen cards; its *level* is the deck's
dense level of the five cards (:class:`~combin.stud.core.values.HandTable`: equal
levels are tied hands, a higher level beats a lower), read from the deck's
hand table by lexicographic index.  Then, for every set ``T`` of at most three
unseen positions (id ``off_|T| + colex(T)``): ``ncnt[T]``, the non-qualifying
hands containing ``T``.  The qualifying hands are sorted by level (a counting
sort).  For every non-qualifying ``H`` the *outs*: the replacements ``x`` (not
in ``H``) of its highest card (its lowest under L10=replace-lowest-once:
``lowest``) that requalify it, with their levels and bit masks by category.
With ``R`` the four cards left (four distinct ranks), ``R + x`` qualifies iff
it is a pair (``x`` has a rank of ``R``), a straight (the five ranks are one),
a flush (``R`` suited and ``x`` of that suit) or an ace-king (``R`` holds an ace
or a king and ``x`` is the other: only when the lowest card went, as
:data:`~combin.stud.core.rules.WEAK_OUTS` proves); only those ``x`` are looked
up, and each is checked to qualify.  An ace-king out is of the kind of the
pair outs (the outs below a straight, compared level by level for a player
below a straight); the ace-king rank's card of ``R``'s suit, a flush out, is
also marked apart (bits column 6) as the ace-king out it would be if ``R``
were not one suit (the rank-blind sums of
:mod:`~combin.stud.reference.cards.kernel.forcing`).
"""

import numpy as np

from combin.stud.core.compiled import jit
from combin.stud.reference.cards.kernel.common import add_hand, lex5, sort_small

__all__ = ["dealer_tables", "own_outs", "ACE_KING"]

#: The rank mask of an ace and a king (ranks 12 and 11): five distinct ranks holding both
#: qualify as ace-king.
ACE_KING = (1 << 12) | (1 << 11)


@jit
def dealer_tables(up, up_dp, cards, dp, dense, ndeck, qlev, C, straight, lowest):
    """The per-situation tables (see the module docstring).

    ``up``/``cards``: card ids of the up card and of the unseen cards (ascending);
    ``up_dp``/``dp``: their deck positions; ``dense``: the deck's levels by
    lexicographic hand index; ``lowest``: forcing replaces the lowest card
    (L10=replace-lowest-once), else the highest.  Returns ``(dlev, ncnt, qpacked, qlevel, nqrows,
    outs, outlev, nouts, bits)``: the level of every ``H`` (colex index), the
    non-qualifying counts per set id, the qualifying hands (packed) and their
    levels sorted by level, the colex indices of the non-qualifying hands and
    for each its outs (positions, levels, count) and bit masks ``(H, all outs,
    pair and ace-king outs, straight outs, flush outs, straight-flush outs, the flush
    out of an ace-king rank)``.
    """
    n = dp.shape[0]
    total = C[ndeck, 5]
    nh = C[n, 4]
    dlev = np.empty(nh, dense.dtype)           # the levels in the width of the table (same values)
    buf = np.empty(6, np.int64)
    h = 0
    nqual = 0
    ascending = True
    for x in range(1, n):
        if dp[x] <= dp[x - 1]:
            ascending = False
    if ascending:
        # the lexicographic index summed term by term along the loops (each prefix's terms once):
        # with the positions ascending, H's t-th card sits at slot t, or t + 1 above the up card,
        # and the up card at the slot of the cards of H below it (as in _draws45)
        split = 0
        while split < n and dp[split] < up_dp:
            split += 1
        term = np.empty((5, n), np.int64)
        for x in range(n):
            for t in range(5):
                term[t, x] = C[ndeck - 1 - dp[x], 5 - t]
        uterm = np.empty(5, np.int64)
        for t in range(5):
            uterm[t] = C[ndeck - 1 - up_dp, 5 - t]
        last = total - 1
        for d in range(3, n):
            td = last - term[3 if d < split else 4, d]
            nd = 1 if d < split else 0
            for c in range(2, d):
                tc = td - term[2 if c < split else 3, c]
                nc = nd + (1 if c < split else 0)
                for b in range(1, c):
                    tb = tc - term[1 if b < split else 2, b]
                    nb = nc + (1 if b < split else 0)
                    for a in range(b):
                        level = dense[tb - term[0 if a < split else 1, a] - uterm[nb + (1 if a < split else 0)]]
                        dlev[h] = level
                        if level >= qlev:
                            nqual += 1
                        h += 1
    else:
        for d in range(3, n):
            for c in range(2, d):
                for b in range(1, c):
                    for a in range(b):
                        buf[0] = dp[a]
                        buf[1] = dp[b]
                        buf[2] = dp[c]
                        buf[3] = dp[d]
                        buf[4] = up_dp
                        sort_small(buf, 5)
                        level = dense[lex5(buf, ndeck, total, C)]
                        dlev[h] = level
                        if level >= qlev:
                            nqual += 1
                        h += 1
    off2 = 1 + n
    off3 = off2 + C[n, 2]
    size = off3 + C[n, 3]
    # int16 (a card is in at most C(n - 1, 3) < 2^15 hands); ncnt[0] wraps: the count of the
    # empty set is the number of non-qualifying hands, len(nqrows), and is read from there
    ncnt = np.zeros(size, np.int16)
    nlev = 0
    for i in range(nh):
        if dlev[i] + 1 > nlev:
            nlev = dlev[i] + 1
    start = np.zeros(nlev + 1, np.int64)
    qpacked = np.empty(nqual, np.int64)
    qlevel = np.empty(nqual, np.int64)
    nqrows = np.empty(nh - nqual, np.int64)
    h = 0
    j = 0
    for d in range(3, n):
        for c in range(2, d):
            for b in range(1, c):
                for a in range(b):
                    if dlev[h] >= qlev:
                        start[dlev[h] + 1] += 1
                    else:
                        nqrows[j] = h
                        j += 1
                        add_hand(ncnt, a | (b << 6) | (c << 12) | (d << 18), off2, off3, C)
                    h += 1
    for i in range(nlev):
        start[i + 1] += start[i]
    h = 0
    for d in range(3, n):
        for c in range(2, d):
            for b in range(1, c):
                for a in range(b):
                    level = dlev[h]
                    if level >= qlev:
                        slot = start[level]
                        start[level] += 1
                        qpacked[slot] = a | (b << 6) | (c << 12) | (d << 18)
                        qlevel[slot] = level
                    h += 1
    # the outs of every non-qualifying hand
    nn = nh - nqual
    outs = np.full((nn, 29), n, np.int8)          # positions (< 64)
    outlev = np.full((nn, 29), -1, np.int16)     # levels (< 2^15)
    nouts = np.zeros(nn, np.int64)
    bits = np.zeros((nn, 7), np.int64)
    five = np.empty(5, np.int64)
    fivedp = np.empty(5, np.int64)
    starts = np.zeros((nn, 5), np.int64)
    tmp = np.empty((4, 29), np.int64)
    tmplev = np.empty((4, 29), np.int64)
    found = np.zeros(4, np.int64)
    pos = np.empty(4, np.int64)
    rest = np.empty(4, np.int64)
    slot_sum = np.empty(5, np.int64)
    j = 0
    for d in range(3, n):
        for c in range(2, d):
            for b in range(1, c):
                for a in range(b):
                    if dlev[C[d, 4] + C[c, 3] + C[b, 2] + a] >= qlev:
                        continue
                    pos[0], pos[1], pos[2], pos[3] = a, b, c, d
                    five[0] = up
                    fivedp[0] = up_dp
                    for t in range(4):
                        five[t + 1] = cards[pos[t]]
                        fivedp[t + 1] = dp[pos[t]]
                    high = 0                  # the card replaced: the highest rank, or the lowest
                    for t in range(1, 5):
                        if ((five[t] >> 2) < (five[high] >> 2)) if lowest else ((five[t] >> 2) > (five[high] >> 2)):
                            high = t
                    m = 0
                    rmask = 0
                    suit = -1
                    suited = True
                    hb = (1 << a) | (1 << b) | (1 << c) | (1 << d)
                    for t in range(5):
                        if t == high:
                            continue
                        rest[m] = fivedp[t]
                        rmask |= 1 << (five[t] >> 2)
                        if suit < 0:
                            suit = five[t] & 3
                        elif (five[t] & 3) != suit:
                            suited = False
                        m += 1
                    allb = 0
                    pairb = 0
                    strb = 0
                    flb = 0
                    sfb = 0
                    akfb = 0
                    for t in range(4):
                        found[t] = 0
                    # R + x's lexicographic index: R sorted, then for each slot p that x can take
                    # (p cards of R below it) the sum of R's terms, R's t-th card at slot t or t + 1
                    sort_small(rest, 4)
                    for p in range(5):
                        sp = 0
                        for t in range(4):
                            sp += C[ndeck - 1 - rest[t], 5 - (t if t < p else t + 1)]
                        slot_sum[p] = sp
                    for x in range(n):
                        if (hb >> x) & 1:
                            continue
                        rank = cards[x] >> 2
                        rb = 1 << rank
                        ace_king = ((rmask | rb) & ACE_KING) == ACE_KING
                        if not ((rmask & rb) != 0 or straight[rmask | rb]
                                or (suited and (cards[x] & 3) == suit) or ace_king):
                            continue
                        p = 0
                        while p < 4 and rest[p] < dp[x]:
                            p += 1
                        level = dense[total - 1 - slot_sum[p] - C[ndeck - 1 - dp[x], 5 - p]]
                        if level < qlev:
                            continue
                        xb = 1 << x
                        allb |= xb
                        if (rmask & rb) != 0:
                            pairb |= xb
                            kind = 0
                        elif straight[rmask | rb]:
                            if suited and (cards[x] & 3) == suit:
                                sfb |= xb
                                kind = 3
                            else:
                                strb |= xb
                                kind = 1
                        elif suited and (cards[x] & 3) == suit:
                            flb |= xb
                            kind = 2
                            if ace_king:
                                akfb |= xb        # rank-blind, an ace-king out
                        else:
                            pairb |= xb           # an ace-king (R holds an ace or a king, x the other)
                            kind = 0
                        tmp[kind, found[kind]] = x
                        tmplev[kind, found[kind]] = level
                        found[kind] += 1
                    # the outs by kind: pairs, straights, flushes, straight flushes
                    count = 0
                    for kind in range(4):
                        starts[j, kind] = count
                        for t in range(found[kind]):
                            outs[j, count] = tmp[kind, t]
                            outlev[j, count] = tmplev[kind, t]
                            count += 1
                    starts[j, 4] = count
                    nouts[j] = count
                    bits[j, 0] = hb
                    bits[j, 1] = allb
                    bits[j, 2] = pairb
                    bits[j, 3] = strb
                    bits[j, 4] = flb
                    bits[j, 5] = sfb
                    bits[j, 6] = akfb
                    j += 1
    return dlev, ncnt, qpacked, qlevel, nqrows, outs, outlev, nouts, bits, starts


@jit
def own_outs(ranked, starts, outs, outlev, own_list, own_count):
    """The outs of kinds 1 to 3 (straight, flush, straight flush) of the listed rows, in list order.

    Kind ``u`` reads the rows of ``ranked[(0, 1, 2, 2)[u]]`` listed in
    ``own_list[u, :own_count[u]]``; the ``f``-th one's outs of kind ``u``
    (``starts[row, u]:starts[row, u + 1]``) are copied -- each as its bit and
    its level, unchanged -- to ``own_ptr[u, f]:own_ptr[u, f + 1]``, so that
    :func:`~combin.stud.reference.cards.kernel.forcing.kind_loop` reads them contiguously.  Pair outs (``u = 0``, on
    nearly every row) are read where they are.
    """
    nrows = ranked.shape[1]
    own_ptr = np.zeros((4, nrows + 1), np.int64)
    width = 1
    for u in range(1, 4):
        t = 1 if u == 1 else 2
        for f in range(own_count[u]):
            row = ranked[t, own_list[u, f]]
            own_ptr[u, f + 1] = own_ptr[u, f] + starts[row, u + 1] - starts[row, u]
        if own_ptr[u, own_count[u]] > width:
            width = own_ptr[u, own_count[u]]
    own_bit = np.zeros((4, width), np.int64)
    own_lev = np.zeros((4, width), np.int64)
    for u in range(1, 4):
        t = 1 if u == 1 else 2
        for f in range(own_count[u]):
            row = ranked[t, own_list[u, f]]
            x = own_ptr[u, f]
            for y in range(starts[row, u], starts[row, u + 1]):
                own_bit[u, x] = np.int64(1) << outs[row, y]
                own_lev[u, x] = outlev[row, y]
                x += 1
    return own_ptr, own_bit, own_lev
