"""Step 3 of the kernel: draws that share their dealer counts, grouped.

:func:`draw_groups`.  Many draws share their dealer counts: a draw's counts
(non-qualifying, below, tied) depend only on how many of its cards each rank
has, on which of its cards are of the up card's suit and on whether the final
five are one suit (the argument is in :func:`draw_groups`).  Each draw of
three or more cards to a five-card hand points to the first draw of its group
(``rep``); the counts are taken on that draw alone and shared, which the tests
check draw by draw against the numpy reference.
"""

import numpy as np

from combin.stud.core.compiled import jit

__all__ = ["draw_groups"]


@jit
def draw_groups(offsets, sizes, kept_cards, nkept, packed, cards, up_suit, C, rep, table):
    """``rep[i]``: the first draw of draw ``i``'s option in the same *group*, whose counts it shares.

    A draw ``N`` of ``k >= 3`` cards to a five-card final hand is grouped by
    the number of its cards of each rank, by which of its cards (in position
    order) are of the up card's suit ``s``, and by whether the final five are
    one suit.  Why the dealer counts (``nq``, below, tied) are the same for
    every draw of a group: the dealer's five are the up card and a 4-subset
    ``H`` of the unseen cards outside ``N``.  Of those with ``h_r`` cards of
    each rank ``r`` there are ``prod_r C(a_r - n_r, h_r)`` (``a_r`` unseen and
    ``n_r`` drawn of rank ``r``), and of these the suited ones -- all four of
    suit ``s``, a flush with the up card -- are ``prod_r [(r, s) unseen and
    not in N]``.  A dealer hand's level is fixed by its ranks, unless it is a
    flush (then by its ranks as a flush).  So the number of dealer hands of
    each level disjoint from ``N`` depends on ``N`` only through its rank
    counts and the ranks of its suit-``s`` cards, both fixed by the key (the
    positions ascend with the card ids, so by rank); so does the player's
    level (the final five's ranks and whether they are one suit).  The key is
    finer than needed (two draws with the same suit-``s`` ranks may order a
    pair's cards differently), which only makes groups smaller.  Key: the
    rank multiset's index ``sum_t C(r_t + t, t + 1)`` (ranks ascending), one
    bit per suit-``s`` card, the flush bit; ``table`` (int32, at least
    ``C(12 + k, k) * 2^k * 2`` entries) maps a key to its first draw, reset
    per option.  Draws of fewer than three cards, and six-card finals, are
    their own groups.
    """
    n = cards.shape[0]
    # per unseen position x and slot t: the multiset index term, and whether x is of suit s
    mterm = np.empty((5, n), np.int64)
    ofsuit = np.empty(n, np.int64)
    for x in range(n):
        for t in range(5):
            mterm[t, x] = C[(cards[x] >> 2) + t, t + 1]
        ofsuit[x] = 1 if (cards[x] & 3) == up_suit else 0
    for o in range(sizes.shape[0]):
        k = sizes[o]
        lo = offsets[o]
        hi = offsets[o + 1]
        m = nkept[o]
        if k < 3 or m + k != 5:
            for i in range(lo, hi):
                rep[i] = i
            continue
        for x in range(C[12 + k, k] * (2 << k)):
            table[x] = -1
        ksuit = -1
        kflush = True
        for t in range(m):
            suit = kept_cards[o, t] & 3
            if ksuit < 0:
                ksuit = suit
            elif suit != ksuit:
                kflush = False
        if k >= 4:
            # the same keys summed along the lexicographic loops (each prefix's terms once)
            _groups45(k, lo, n, mterm, ofsuit, cards, ksuit, kflush, rep, table)
            continue
        for i in range(lo, hi):
            p = packed[i]
            index = 0
            sbits = 0
            flush = kflush
            suit0 = ksuit if m > 0 else cards[p & 63] & 3
            for t in range(k):
                x = (p >> (6 * t)) & 63
                index += mterm[t, x]
                sbits |= ofsuit[x] << t
                flush = flush and (cards[x] & 3) == suit0
            key = ((index << k) | sbits) * 2 + (1 if flush else 0)
            g = table[key]
            if g < 0:
                table[key] = i
                rep[i] = i
            else:
                rep[i] = g


@jit
def _group_of(i, key, rep, table):
    g = table[key]
    if g < 0:
        table[key] = i
        rep[i] = i
    else:
        rep[i] = g


@jit
def _groups45(k, row, n, mterm, ofsuit, cards, ksuit, kflush, rep, table):
    """:func:`draw_groups` of an option drawing five cards, or four beside one kept card.

    The draws are walked in the lexicographic order of :func:`enumerate_draws`
    (the same rows); the rank multiset index, the suit-``s`` bits and the
    one-suit test of a draw are summed along the nested loops, so a prefix's
    terms are read once: the same keys as the general loop.
    """
    if k == 5:
        for a in range(n):
            sa = cards[a] & 3
            ia = mterm[0, a]
            ba = ofsuit[a]
            for b in range(a + 1, n):
                ib = ia + mterm[1, b]
                bb = ba | (ofsuit[b] << 1)
                fb = (cards[b] & 3) == sa
                for c in range(b + 1, n):
                    ic = ib + mterm[2, c]
                    bc = bb | (ofsuit[c] << 2)
                    fc = fb and (cards[c] & 3) == sa
                    for d in range(c + 1, n):
                        idd = ic + mterm[3, d]
                        bd = bc | (ofsuit[d] << 3)
                        fd = fc and (cards[d] & 3) == sa
                        for e in range(d + 1, n):
                            flush = fd and (cards[e] & 3) == sa
                            key = (((idd + mterm[4, e]) << 5) | bd | (ofsuit[e] << 4)) * 2 + (1 if flush else 0)
                            _group_of(row, key, rep, table)
                            row += 1
        return
    for a in range(n):
        ia = mterm[0, a]
        ba = ofsuit[a]
        fa = kflush and (cards[a] & 3) == ksuit
        for b in range(a + 1, n):
            ib = ia + mterm[1, b]
            bb = ba | (ofsuit[b] << 1)
            fb = fa and (cards[b] & 3) == ksuit
            for c in range(b + 1, n):
                ic = ib + mterm[2, c]
                bc = bb | (ofsuit[c] << 2)
                fc = fb and (cards[c] & 3) == ksuit
                for d in range(c + 1, n):
                    flush = fc and (cards[d] & 3) == ksuit
                    key = (((ic + mterm[3, d]) << 4) | bc | (ofsuit[d] << 3)) * 2 + (1 if flush else 0)
                    _group_of(row, key, rep, table)
                    row += 1
