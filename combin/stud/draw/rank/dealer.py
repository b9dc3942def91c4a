"""The dealer's side of one situation for the rank engine: rank multisets, suited hands, forcing rows.

:func:`dealer_ranks` and :func:`row_order_ranks` read the ranks alone (the
same for every up card of one rank with the same five); :func:`dealer_suits`
and :func:`row_order_suits` read the suits: the dealer's hands of four cards
of the up card's suit (a flush with it), and the non-qualifying rows that can
be suited (the forcing cases (i) and (ii) of :mod:`combin.stud.draw.rank.forcing`).
"""

import numpy as np

from combin.stud.core.compiled import jit
from combin.stud.draw.rank.common import add_subsets, bit_count, blind_add, binom
from combin.stud.draw.rank.tables import OFFSET, multiset_index

__all__ = ["dealer_ranks", "dealer_suits", "row_order_ranks", "row_order_suits"]


@jit
def dealer_ranks(a, up, counts, valid, dealer_level, qualify, sub_ptr, sub_index, dranks, dcounts):
    """The dealer's side read from ranks: the blind qualifying multisets in level order and the
    static table of the hands that do not qualify (by sub-multiset)."""
    lo = OFFSET[4]
    width = OFFSET[5] - lo
    nq_blind = np.zeros(OFFSET[5], np.int64)
    q_m = np.empty(width, np.int64)
    q_level = np.empty(width, np.int64)
    nq = 0
    for i in range(width):
        m = lo + i
        if not valid[m]:
            continue
        level = dealer_level[up, i]
        if level < 0:
            continue
        fits = True
        for x in range(4):
            r = dranks[m, x]
            if r < 0:
                break
            if dcounts[m, x] > a[r]:
                fits = False
                break
        if not fits:
            continue
        if level >= qualify:
            q_m[nq] = m
            q_level[nq] = level
            nq += 1
        else:
            blind_add(nq_blind, m, a, counts, sub_ptr, sub_index, dranks, dcounts)
    order = np.argsort(q_level[:nq], kind="mergesort")
    return q_m[:nq][order], q_level[:nq][order], nq_blind


@jit
def dealer_suits(a, avail, up, sigma, dealer_level, qualify, level_suited, set_index, sets):
    """The dealer's hands of four ``sigma`` cards (a flush with the up card): their rank sets, flush
    levels and blind levels, and the table of those whose blind level does not qualify."""
    lo = OFFSET[4]
    sig = avail[sigma]
    ranks = np.empty(13, np.int64)
    nr = 0
    for r in range(13):
        if (sig >> r) & 1:
            ranks[nr] = r
            nr += 1
    total = binom(nr, 4)
    f_mask = np.empty(max(total, 1), np.int64)
    f_level = np.empty(max(total, 1), np.int64)
    b_level = np.empty(max(total, 1), np.int64)
    nq_sigma = np.zeros(sets, np.int64)
    c = np.zeros(13, np.int64)
    h = 0
    for i0 in range(nr):
        for i1 in range(i0 + 1, nr):
            for i2 in range(i1 + 1, nr):
                for i3 in range(i2 + 1, nr):
                    mask = (1 << ranks[i0]) | (1 << ranks[i1]) | (1 << ranks[i2]) | (1 << ranks[i3])
                    for r in range(13):
                        c[r] = 0
                    c[ranks[i0]] = 1
                    c[ranks[i1]] = 1
                    c[ranks[i2]] = 1
                    c[ranks[i3]] = 1
                    blind = dealer_level[up, multiset_index(c) - lo]
                    c[up] += 1
                    f_mask[h] = mask
                    f_level[h] = level_suited[multiset_index(c)]
                    b_level[h] = blind
                    if blind < qualify:
                        add_subsets(nq_sigma, set_index, mask, 1)
                    h += 1
    return f_mask[:h], f_level[:h], b_level[:h], nq_sigma


@jit
def row_order_ranks(a, up, rows, nrows, counts, rest, straight_rank, ace_king_rank):
    """The non-qualifying rows in two orders, each with its bound descending (drawing only removes
    outs, so a bound read with no card drawn holds for every draw): by the pairing and ace-king
    outs (a player below a straight beats no other out), and by those and the straight outs."""
    lo = OFFSET[4]
    pair_bound = np.zeros(nrows, np.int64)
    all_bound = np.zeros(nrows, np.int64)
    for j in range(nrows):
        m = rows[j]
        i_row = m - lo
        p = 0
        for x in range(4):
            q = rest[up, i_row, x]
            p += a[q] - counts[m, q]
        st = 0
        for x in range(2):
            q = straight_rank[up, i_row, x]
            if q >= 0:
                st += a[q]
        q = ace_king_rank[up, i_row]
        if q >= 0:
            p += a[q]                      # an ace-king: below a straight, as a pair is
        pair_bound[j] = p
        all_bound[j] = p + st
    by_pair = np.argsort(-pair_bound, kind="mergesort")
    by_all = np.argsort(-all_bound, kind="mergesort")
    rows = rows[:nrows]
    return rows[by_pair], pair_bound[by_pair], rows[by_all], all_bound[by_all]


@jit
def row_order_suits(a, avail, up, sigma, rows, nrows, counts, high, rest, straight_rank, ace_king_rank, mmask):
    """The rows that can be suited, each list by its bound with the flush outs, descending: as
    case (i) (the three hidden ranks kept free in ``sigma``; the flush outs the free ``sigma`` cards
    of other ranks), and where the up card is the rank replaced (``high``) as case (ii) (the most
    flush outs of a suit holding all four ranks)."""
    lo = OFFSET[4]
    sig = avail[sigma]
    one_bound = np.zeros(nrows, np.int64)
    two_bound = np.zeros(nrows, np.int64)
    one = np.zeros(nrows, np.bool_)
    two = np.zeros(nrows, np.bool_)
    for j in range(nrows):
        m = rows[j]
        i_row = m - lo
        m_mask = mmask[m]
        top = high[up, i_row]              # the rank replaced (L10): the up card kept is case (i)
        if top != up:
            low3 = m_mask & ~(1 << top)    # the three hidden cards kept
            if (low3 & sig) != low3:
                continue
        else:
            low3 = 0
        p = 0
        for x in range(4):
            q = rest[up, i_row, x]
            p += a[q] - counts[m, q]
        st = 0
        for x in range(2):
            q = straight_rank[up, i_row, x]
            if q >= 0:
                st += a[q]
        q = ace_king_rank[up, i_row]
        if q >= 0:
            st += a[q]
        if top != up:
            one[j] = True
            one_bound[j] = p + st + bit_count(sig & ~low3)
        else:
            most = -1
            for s in range(4):
                if s != sigma and (m_mask & avail[s]) == m_mask:
                    free = bit_count(avail[s] & ~m_mask)
                    if free > most:
                        most = free
            if most >= 0:
                two[j] = True
                two_bound[j] = p + st + most
    ones = np.nonzero(one)[0]
    ones = ones[np.argsort(-one_bound[ones], kind="mergesort")]
    twos = np.nonzero(two)[0]
    twos = twos[np.argsort(-two_bound[twos], kind="mergesort")]
    rows = rows[:nrows]
    return rows[ones], one_bound[ones], rows[twos], two_bound[twos]
