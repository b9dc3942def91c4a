"""The rank engine's compiled pass: every option of one situation, by draw class.

Notation (as in :mod:`combin.stud.draw.advise`): ``U`` the unseen cards, ``a[r]``
those of rank ``r``, ``avail[s]`` the ranks of suit ``s`` among them (a bit
mask), ``sigma`` the up card's suit.  An option keeps ``K`` and draws ``k``
cards ``N``; the dealer's four hidden cards ``H`` are a 4-subset of ``U - N``.

*Draw classes.*  The dealer's counts depend on ``N`` only through its ranks
``n``, the ranks ``nu`` of its cards of the up card's suit, and the player's
final value; so draws are summed by *entry* ``(n, nu, final value)`` with the
exact number of draws it holds (:func:`_entries`).  A final five is a flush
only when ``K`` and ``N`` share a suit: in ``sigma`` when every drawn card is
of ``sigma``, in another suit ``s`` when none is and ``n``'s ranks are all in
``avail[s]`` (one draw per such suit).

*Counts by inclusion-exclusion.*  Every predicate on the dealer's value
(below, tied with, above the player; not qualifying) is counted over ``U - N``
as ``sum_{T subset N} (-1)^|T|`` times over the hands of ``U`` containing
``T``.  Hands are counted by rank multiset *unsuited* ("blind": their value
read from ranks alone), and corrected for the one kind of dealer hand whose
value needs suits, four hidden cards of ``sigma`` (a flush with the up card):
they are taken out at their blind value and put back at their flush value,
by inclusion-exclusion over ``nu`` alone (the drawn cards of ``sigma``).  The
counts below and tied come from one sweep over the levels: the blind rank
multisets and the suited hands are added to their sub-multiset (subset)
tables in level order, and each entry reads the tables just before and just
after its own level.

*Forcing (L10).*  A hand that does not qualify has five distinct ranks; its
highest card is replaced from the ``r = |U| - k - 4`` cards left, and requalifies
on a pair (a rank of the four left), a straight, or -- when the four left are
one suit -- a flush.  Its showdown total ``S`` over the replacements is summed
by rank with the counts left after ``N`` and ``H``; the four left are suited
(i) when the up card stays and the three lower hidden cards are of ``sigma``
(the highest is then not: else a flush), or (ii) when the up card is the
highest and all four hidden cards share another suit.  The player forces when
``S > r (force fee + Ante pay)``.  Case (ii) depends on the suits of the
drawn cards other than ``sigma``, so an entry where forcing can pay is split
into its draws (:func:`_forcing`).  Forcing is summed only where
``win x (outs the player can beat) > r (force fee + Ante pay)`` can hold: at
most 12 pairing outs below a straight, 20 below a flush, 29 in all.

Everything is an exact int64: a draw's numerator is below ``2.6e9`` in size
and an option's sum below ``C(47, 5) * 2.6e9 < 2**63``.
"""

import numpy as np

from combin.stud.core.values import CATEGORY_SHIFT, FLUSH, FULL_HOUSE, QUADS, TRIPS
from combin.stud.draw.kernel.common import COMPILED, _jit, njit
from combin.stud.draw.rank.tables import BINOMIAL, OFFSET, multiset_index

__all__ = ["prepare", "exact", "RESULT_ROWS"]


def _inline(function):
    """Compiled into its callers (numba's own inlining): the small helpers of the row loops, whose
    many array arguments would otherwise cost more to pass than their work."""
    return njit(cache=True, nogil=True, inline="always")(function) if COMPILED else function


@_jit
def _c(a, b):
    if a < 0 or b < 0 or b > a:
        return 0
    return BINOMIAL[a, b]


@_jit
def _bits(x):
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@_jit
def _add_subsets(table, set_index, mask, amount):
    """Add ``amount`` to ``table`` at every subset of the rank set ``mask`` (at most four ranks)."""
    sub = mask
    while True:
        table[set_index[sub]] += amount
        if sub == 0:
            break
        sub = (sub - 1) & mask


@_jit
def _signed_subsets(table, set_index, mask):
    """``sum over subsets T of mask, |T| <= 4, of (-1)^|T| table[T]``."""
    total = 0
    sub = mask
    while True:
        index = set_index[sub]
        if index >= 0:
            if _bits(sub) & 1:
                total -= table[index]
            else:
                total += table[index]
        if sub == 0:
            break
        sub = (sub - 1) & mask
    return total


@_jit
def _blind_add(cnt, m, a, counts, sub_ptr, sub_index, dranks, dcounts):
    """Add the hands of rank multiset ``m`` to the blind table: for every sub-multiset ``t``,
    the hands holding a fixed ``T`` of ranks ``t``: ``prod_r C(a_r - t_r, m_r - t_r)``."""
    for j in range(sub_ptr[m], sub_ptr[m + 1]):
        t = sub_index[j]
        ways = 1
        for x in range(4):
            r = dranks[m, x]
            if r < 0:
                break
            tr = counts[t, r]
            ways *= _c(a[r] - tr, dcounts[m, x] - tr)
        cnt[t] += ways


@_jit
def _blind_read(cnt, n, sub_ptr, sub_index, sub_coef):
    total = 0
    for j in range(sub_ptr[n], sub_ptr[n + 1]):
        total += sub_coef[j] * cnt[sub_index[j]]
    return total


@_jit
def _dealer_ranks(a, up, counts, valid, dealer_level, qualify, sub_ptr, sub_index, dranks, dcounts):
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
            _blind_add(nq_blind, m, a, counts, sub_ptr, sub_index, dranks, dcounts)
    order = np.argsort(q_level[:nq], kind="mergesort")
    return q_m[:nq][order], q_level[:nq][order], nq_blind


@_jit
def _dealer_suits(a, avail, up, sigma, dealer_level, qualify, level_suited, set_index, sets):
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
    total = _c(nr, 4)
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
                        _add_subsets(nq_sigma, set_index, mask, 1)
                    h += 1
    return f_mask[:h], f_level[:h], b_level[:h], nq_sigma


@_jit
def _outcome(player, level, win, loss):
    if player > level:
        return win
    if player < level:
        return -loss
    return 0


@_jit
def _strong(level, win, take, r, fee, straight_level, flush_level):
    """Whether forcing can ever pay for this final hand (see the module docstring)."""
    if fee < 0:
        return False
    beatable = 12 if level < straight_level else (20 if level < flush_level else 29)
    return win * beatable > r * (fee + take)


@_inline
def _row_sums(player, win, loss, threshold, r, b, m_mask, nu_sig, sig, suited_mask, count, i_row, up,
              high, rest, pair, straight_rank, straight, straight_flush, flush, out):
    """Add to ``out`` the forcing of ``count`` hands of one row whose four cards left are suited in
    the ranks ``suited_mask`` of free cards of their suit (``suited_mask < 0``: not suited).

    ``out``: gains, forced hands, won, lost, tied, not requalified.
    """
    s = 0
    outs = 0
    won = 0
    lost = 0
    for j in range(4):
        q = rest[up, i_row, j]
        cnt = b[q] - ((m_mask >> q) & 1)
        if cnt <= 0:
            continue
        v = pair[up, i_row, j]
        outs += cnt
        if player > v:
            s += win * cnt
            won += cnt
        elif player < v:
            s -= loss * cnt
            lost += cnt
    for j in range(2):
        q = straight_rank[up, i_row, j]
        if q < 0:
            break
        cnt = b[q]
        if cnt <= 0:
            continue
        v = straight[up, i_row, j]
        suited_here = suited_mask >= 0 and ((suited_mask >> q) & 1) == 1
        plain = cnt - 1 if suited_here else cnt
        outs += cnt
        if player > v:
            s += win * plain
            won += plain
        elif player < v:
            s -= loss * plain
            lost += plain
        if suited_here:
            v = straight_flush[up, i_row, j]
            if player > v:
                s += win
                won += 1
            elif player < v:
                s -= loss
                lost += 1
    if suited_mask >= 0:
        x = suited_mask
        while x:
            q = 0
            low = x & (-x)
            while (low >> q) != 1:
                q += 1
            x ^= low
            is_straight = False
            for j in range(2):
                if straight_rank[up, i_row, j] == q:
                    is_straight = True
            if is_straight:
                continue
            v = flush[up, i_row, q]
            outs += 1
            if player > v:
                s += win
                won += 1
            elif player < v:
                s -= loss
                lost += 1
    gain = s - threshold
    if gain > 0:
        out[0] += count * gain
        out[1] += count
        out[2] += count * won
        out[3] += count * lost
        out[4] += count * (outs - won - lost)
        out[5] += count * (r - outs)


@_inline
def _row_fast(kind, player, win, loss, threshold, r, b, m_mask, suited_mask, count, i_row, up, rest,
              straight_rank, flush, out):
    """:func:`_row_sums` for a player whose class decides every requalified showdown but a flush
    against a flush: ``kind`` 1 three of a kind (pairs lose to it, straights and flushes beat it),
    2 a flush (pairs and straights lose, a flush is compared, a straight flush beats it), 3 a full
    house or four of a kind (only a straight flush beats it)."""
    pairs = 0
    for j in range(4):
        q = rest[up, i_row, j]
        cnt = b[q] - ((m_mask >> q) & 1)
        if cnt > 0:
            pairs += cnt
    straights = 0
    sf = 0
    smask = 0
    for j in range(2):
        q = straight_rank[up, i_row, j]
        if q < 0:
            break
        smask |= 1 << q
        cnt = b[q]
        if cnt > 0:
            straights += cnt
            if suited_mask >= 0 and ((suited_mask >> q) & 1):
                sf += 1
    fl_won = 0
    fl_lost = 0
    fl_all = 0
    if suited_mask >= 0:
        x = suited_mask & ~smask
        while x:
            low = x & (-x)
            x ^= low
            fl_all += 1
            if kind == 2:
                q = 0
                while (low >> q) != 1:
                    q += 1
                v = flush[up, i_row, q]
                if player > v:
                    fl_won += 1
                elif player < v:
                    fl_lost += 1
    outs = pairs + straights + fl_all
    if kind == 1:
        won = pairs
        lost = straights + fl_all
    elif kind == 2:
        won = pairs + straights - sf + fl_won
        lost = sf + fl_lost
    else:
        won = pairs + straights - sf + fl_all
        lost = sf
    gain = win * won - loss * lost - threshold
    if gain > 0:
        out[0] += count * gain
        out[1] += count
        out[2] += count * won
        out[3] += count * lost
        out[4] += count * (outs - won - lost)
        out[5] += count * (r - outs)


@_inline
def _row(kind, player, win, loss, threshold, r, b, m_mask, nu_sig, sig, suited_mask, count, i_row, up, high, rest,
         pair, straight_rank, straight, straight_flush, flush, out):
    """One row's forcing: by class (:func:`_row_fast`) where ``kind`` > 0, else level by level."""
    if kind > 0:
        _row_fast(kind, player, win, loss, threshold, r, b, m_mask, suited_mask, count, i_row, up, rest,
                  straight_rank, flush, out)
    else:
        _row_sums(player, win, loss, threshold, r, b, m_mask, nu_sig, sig, suited_mask, count, i_row, up, high,
                  rest, pair, straight_rank, straight, straight_flush, flush, out)


@_jit
def _row_order_ranks(a, up, rows, nrows, counts, rest, straight_rank):
    """The non-qualifying rows in two orders, each with its bound descending (drawing only removes
    outs, so a bound read with no card drawn holds for every draw): by the pairing outs (a player
    below a straight beats no other out), and by the pairing and straight outs."""
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
        pair_bound[j] = p
        all_bound[j] = p + st
    by_pair = np.argsort(-pair_bound, kind="mergesort")
    by_all = np.argsort(-all_bound, kind="mergesort")
    rows = rows[:nrows]
    return rows[by_pair], pair_bound[by_pair], rows[by_all], all_bound[by_all]


@_jit
def _row_order_suits(a, avail, up, sigma, rows, nrows, counts, high, rest, straight_rank, mmask):
    """The rows that can be suited, each list by its bound with the flush outs, descending: as
    case (i) (the three lower ranks free in ``sigma``; the flush outs the free ``sigma`` cards of
    other ranks), and below the up card as case (ii) (the most flush outs of a suit holding all
    four ranks)."""
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
        top = high[up, i_row]
        if top != up:
            low3 = m_mask & ~(1 << top)
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
        if top != up:
            one[j] = True
            one_bound[j] = p + st + _bits(sig & ~low3)
        else:
            most = -1
            for s in range(4):
                if s != sigma and (m_mask & avail[s]) == m_mask:
                    free = _bits(avail[s] & ~m_mask)
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


@_jit
def _forcing(kind, player, win, loss, threshold, r, b, nu, sig, up, rows, bounds, ones, one_bounds, flush_level,
             mranks, mmask, high, rest, pair, straight_rank, straight, straight_flush, flush, out):
    """The forcing sums of one draw class: the unsuited hands of the rows that can pay (``rows``
    by ``bounds`` descending), the sigma flushes taken out, and the hands suited as case (i) --
    within the same rows below a flush (a flush out then only beats the player), from their own
    list ``ones`` (bound with the flush outs) at a flush or better.  Case (ii) is left to
    :func:`_case_two` (per draw)."""
    lo = OFFSET[4]
    free_sig = sig & ~nu
    separate = player >= flush_level
    for j in range(rows.shape[0]):
        if win * bounds[j] <= threshold:
            break
        m = rows[j]
        i_row = m - lo
        hands = b[mranks[m, 0]] * b[mranks[m, 1]] * b[mranks[m, 2]] * b[mranks[m, 3]]
        if hands <= 0:
            continue
        m_mask = mmask[m]
        if (m_mask & free_sig) == m_mask:
            hands -= 1                              # four sigma cards: a flush, it qualifies
        top = high[up, i_row]
        if top != up:
            low3 = m_mask & ~(1 << top)
            if (low3 & free_sig) == low3:
                suited_i = b[top] - ((free_sig >> top) & 1)
                if suited_i > 0:
                    hands -= suited_i
                    if not separate:
                        _row(kind, player, win, loss, threshold, r, b, m_mask, nu, sig, free_sig & ~low3,
                             suited_i, i_row, up, high, rest, pair, straight_rank, straight, straight_flush,
                             flush, out)
        if hands > 0:
            _row(kind, player, win, loss, threshold, r, b, m_mask, nu, sig, -1, hands, i_row, up, high, rest,
                 pair, straight_rank, straight, straight_flush, flush, out)
    if not separate:
        return
    for j in range(ones.shape[0]):
        if win * one_bounds[j] <= threshold:
            break
        m = ones[j]
        i_row = m - lo
        m_mask = mmask[m]
        top = high[up, i_row]
        low3 = m_mask & ~(1 << top)
        if (low3 & free_sig) != low3:
            continue
        suited_i = b[top] - ((free_sig >> top) & 1)
        if suited_i > 0:
            _row(kind, player, win, loss, threshold, r, b, m_mask, nu, sig, free_sig & ~low3, suited_i, i_row, up,
                 high, rest, pair, straight_rank, straight, straight_flush, flush, out)


@_inline
def _suited_outs(kind, player, suited_mask, smask, i_row, up, flush):
    """The flush outs of a suited row (the free cards of its suit, straight ranks apart): all of
    them, and for a flush player (``kind`` 2) those it beats and those that beat it."""
    x = suited_mask & ~smask
    fl_all = 0
    fl_won = 0
    fl_lost = 0
    if kind == 2:
        for q in range(13):
            if (x >> q) & 1:
                fl_all += 1
                v = flush[up, i_row, q]
                if player > v:
                    fl_won += 1
                elif player < v:
                    fl_lost += 1
    else:
        while x:
            x &= x - 1
            fl_all += 1
    return fl_all, fl_won, fl_lost


@_jit
def _forcing_fast(kind, player, win, loss, threshold, r, b, nu, sig, up, rows, bounds, ones, one_bounds,
                  separate, mranks, mmask, high, rest, straight_rank, flush, out):
    """:func:`_forcing` for a player whose class decides the showdowns (``kind`` of
    :func:`_row_fast`), in tight loops with the sums kept in locals."""
    lo = OFFSET[4]
    free_sig = sig & ~nu
    g0 = 0
    g1 = 0
    g2 = 0
    g3 = 0
    g4 = 0
    g5 = 0
    for j in range(rows.shape[0]):
        if win * bounds[j] <= threshold:
            break
        m = rows[j]
        hands = b[mranks[m, 0]] * b[mranks[m, 1]] * b[mranks[m, 2]] * b[mranks[m, 3]]
        if hands <= 0:
            continue
        i_row = m - lo
        m_mask = mmask[m]
        if (m_mask & free_sig) == m_mask:
            hands -= 1                              # four sigma cards: a flush, it qualifies
        top = high[up, i_row]
        suited_i = 0
        low3 = 0
        if top != up:
            low3 = m_mask & ~(1 << top)
            if (low3 & free_sig) == low3:
                suited_i = b[top] - ((free_sig >> top) & 1)
                hands -= suited_i
        pairs = 0
        for x in range(4):
            q = rest[up, i_row, x]
            pairs += b[q] - ((m_mask >> q) & 1)
        straights = 0
        smask = 0
        for x in range(2):
            q = straight_rank[up, i_row, x]
            if q < 0:
                break
            straights += b[q]
            smask |= 1 << q
        if hands > 0:
            if kind == 1:
                won = pairs
                lost = straights
            else:
                won = pairs + straights
                lost = 0
            gain = win * won - loss * lost - threshold
            if gain > 0:
                outs = pairs + straights
                g0 += hands * gain
                g1 += hands
                g2 += hands * won
                g3 += hands * lost
                g5 += hands * (r - outs)
        if suited_i > 0 and not separate:
            suited = free_sig & ~low3
            sf = 0
            for x in range(2):
                q = straight_rank[up, i_row, x]
                if q < 0:
                    break
                if b[q] > 0 and (suited >> q) & 1:
                    sf += 1
            fl_all, fl_won, fl_lost = _suited_outs(kind, player, suited, smask, i_row, up, flush)
            outs = pairs + straights + fl_all
            if kind == 1:
                won = pairs
                lost = straights + fl_all
            elif kind == 2:
                won = pairs + straights - sf + fl_won
                lost = sf + fl_lost
            else:
                won = pairs + straights - sf + fl_all
                lost = sf
            gain = win * won - loss * lost - threshold
            if gain > 0:
                g0 += suited_i * gain
                g1 += suited_i
                g2 += suited_i * won
                g3 += suited_i * lost
                g4 += suited_i * (outs - won - lost)
                g5 += suited_i * (r - outs)
    if separate:
        for j in range(ones.shape[0]):
            if win * one_bounds[j] <= threshold:
                break
            m = ones[j]
            i_row = m - lo
            m_mask = mmask[m]
            top = high[up, i_row]
            low3 = m_mask & ~(1 << top)
            if (low3 & free_sig) != low3:
                continue
            suited_i = b[top] - ((free_sig >> top) & 1)
            if suited_i <= 0:
                continue
            pairs = 0
            for x in range(4):
                q = rest[up, i_row, x]
                pairs += b[q] - ((m_mask >> q) & 1)
            suited = free_sig & ~low3
            straights = 0
            smask = 0
            sf = 0
            for x in range(2):
                q = straight_rank[up, i_row, x]
                if q < 0:
                    break
                straights += b[q]
                smask |= 1 << q
                if b[q] > 0 and (suited >> q) & 1:
                    sf += 1
            fl_all, fl_won, fl_lost = _suited_outs(kind, player, suited, smask, i_row, up, flush)
            outs = pairs + straights + fl_all
            if kind == 1:
                won = pairs
                lost = straights + fl_all
            elif kind == 2:
                won = pairs + straights - sf + fl_won
                lost = sf + fl_lost
            else:
                won = pairs + straights - sf + fl_all
                lost = sf
            gain = win * won - loss * lost - threshold
            if gain > 0:
                g0 += suited_i * gain
                g1 += suited_i
                g2 += suited_i * won
                g3 += suited_i * lost
                g4 += suited_i * (outs - won - lost)
                g5 += suited_i * (r - outs)
    out[0] += g0
    out[1] += g1
    out[2] += g2
    out[3] += g3
    out[4] += g4
    out[5] += g5


@_jit
def _case_two_fast(kind, player, win, loss, threshold, r, b, free_suit, up, twos, two_bounds, mranks, mmask, rest,
                   straight_rank, flush, out):
    """:func:`_case_two` in the tight form of :func:`_forcing_fast`: per row, the suited hand's
    forcing less the unsuited one's."""
    lo = OFFSET[4]
    g = np.zeros(6, np.int64)
    for j in range(twos.shape[0]):
        if win * two_bounds[j] <= threshold:
            break
        m = twos[j]
        m_mask = mmask[m]
        if (m_mask & free_suit) != m_mask:
            continue
        i_row = m - lo
        pairs = 0
        for x in range(4):
            q = rest[up, i_row, x]
            pairs += b[q] - ((m_mask >> q) & 1)
        suited = free_suit & ~m_mask
        straights = 0
        smask = 0
        sf = 0
        for x in range(2):
            q = straight_rank[up, i_row, x]
            if q < 0:
                break
            straights += b[q]
            smask |= 1 << q
            if b[q] > 0 and (suited >> q) & 1:
                sf += 1
        # unsuited, as counted by the forcing of the draw class
        if kind == 1:
            won = pairs
            lost = straights
        else:
            won = pairs + straights
            lost = 0
        gain = win * won - loss * lost - threshold
        if gain > 0:
            g[0] -= gain
            g[1] -= 1
            g[2] -= won
            g[3] -= lost
            g[5] -= r - pairs - straights
        fl_all, fl_won, fl_lost = _suited_outs(kind, player, suited, smask, i_row, up, flush)
        outs = pairs + straights + fl_all
        if kind == 1:
            won = pairs
            lost = straights + fl_all
        elif kind == 2:
            won = pairs + straights - sf + fl_won
            lost = sf + fl_lost
        else:
            won = pairs + straights - sf + fl_all
            lost = sf
        gain = win * won - loss * lost - threshold
        if gain > 0:
            g[0] += gain
            g[1] += 1
            g[2] += won
            g[3] += lost
            g[4] += outs - won - lost
            g[5] += r - outs
    for q in range(6):
        out[q] += g[q]


@_jit
def _case_two(kind, player, win, loss, threshold, r, b, free_suit, up, twos, two_bounds, mranks, mmask, high,
              rest, pair, straight_rank, straight, straight_flush, flush, out):
    """Case (ii) in one suit: the rows below the up card (``twos``, by their bound with flush
    outs) whose four cards are all free in that suit (``free_suit``) -- counted as unsuited by
    :func:`_forcing`, here as suited less unsuited."""
    lo = OFFSET[4]
    plain = np.zeros(6, np.int64)
    for j in range(twos.shape[0]):
        if win * two_bounds[j] <= threshold:
            break
        m = twos[j]
        m_mask = mmask[m]
        if (m_mask & free_suit) != m_mask:
            continue
        i_row = m - lo
        _row(kind, player, win, loss, threshold, r, b, m_mask, 0, 0, free_suit & ~m_mask, 1, i_row, up, high,
             rest, pair, straight_rank, straight, straight_flush, flush, out)
        for q in range(6):
            plain[q] = 0
        _row(kind, player, win, loss, threshold, r, b, m_mask, 0, 0, -1, 1, i_row, up, high, rest, pair,
             straight_rank, straight, straight_flush, flush, plain)
        for q in range(6):
            out[q] -= plain[q]


@_jit
def _sigma_sums(table, set_index, supp, out):
    """``out[c] = sum over subsets T of nu, |T| <= 4, of (-1)^|T| table[T]`` for every ``nu``
    within the rank set ``supp`` (``c`` numbers ``nu`` by the bits of ``supp``, lowest first), by
    one subset-sum transform."""
    ranks = np.empty(13, np.int64)
    s = 0
    for r in range(13):
        if (supp >> r) & 1:
            ranks[s] = r
            s += 1
    size = 1 << s
    for c in range(size):
        mask = 0
        bits = 0
        for i in range(s):
            if (c >> i) & 1:
                mask |= 1 << ranks[i]
                bits += 1
        index = set_index[mask]
        if index < 0:
            out[c] = 0
        elif bits & 1:
            out[c] = -table[index]
        else:
            out[c] = table[index]
    for i in range(s):
        bit = 1 << i
        for c in range(size):
            if c & bit:
                out[c] += out[c ^ bit]
    return s


@_jit
def _expand(c, supp):
    """The rank set of the ``c``-th subset of ``supp`` (bits of ``supp``, lowest first)."""
    mask = 0
    i = 0
    for r in range(13):
        if (supp >> r) & 1:
            if (c >> i) & 1:
                mask |= 1 << r
            i += 1
    return mask


@_jit
def prepare_ranks(a, up, n_unseen, opt_mode, opt_k, opt_kept, six_level, six_win, win5, player_mask, tables):
    """The part of a situation's work that reads ranks alone -- the same for every up card of one
    rank with the same five: every option's blind entries with their blind counts.

    An entry is an option's drawn rank multiset ``n`` with the player's final level: unsuited
    (kind 0), suited where the final five can be a flush (kind 1: whether some draws are is
    the suits' part, :func:`prepare_suits`), or one sixth card (kind 2, every card not among
    the five: the up card's own entry is passed over later).  Counted per entry, over the
    unseen cards of ranks ``a``: the qualifying dealer hands below and tied with the player,
    unsuited (the blind sweep), and the hands that do not qualify.  ``opt_mode[o]``: 0 for an
    option of five final cards, 1 for a sixth card (its level and win per card in
    ``six_level[o, card]``, ``six_win[o, card]``), -1 for an option not priced (fold).
    """
    (counts, valid, sub_ptr, sub_index, sub_coef, level_plain, level_suited, qualify, dealer_level,
     nq_rows, nq_count, high, rest, pair, straight_rank, straight, straight_flush, flush, set_index,
     sets, straight_level, flush_level, nlev, levels, mranks, mmask, level_class, dranks, dcounts,
     sorted_ranks) = tables
    q_m, q_level, nq_blind = _dealer_ranks(a, up, counts, valid, dealer_level, qualify, sub_ptr, sub_index,
                                           dranks, dcounts)
    by_pair, pair_bound, by_all, all_bound = _row_order_ranks(a, up, nq_rows[up], nq_count[up], counts, rest,
                                                              straight_rank)
    limit = 0
    for o in range(opt_k.shape[0]):
        if opt_mode[o] < 0:
            continue
        if opt_mode[o] == 1:
            limit += 52
        else:
            limit += 2 * (OFFSET[opt_k[o] + 1] - OFFSET[opt_k[o]])
    be_opt = np.empty(limit, np.int64)
    be_n = np.empty(limit, np.int64)
    be_level = np.empty(limit, np.int64)
    be_kind = np.empty(limit, np.int64)
    be_card = np.empty(limit, np.int64)
    be_total = np.empty(limit, np.int64)
    be_win = np.empty(limit, np.int64)
    be_distinct = np.zeros(limit, np.bool_)
    E = 0
    c1 = np.zeros(13, np.int64)
    fitting_k = np.full(6, -1, np.int64)
    fitting_end = np.zeros(6, np.int64)
    fit_n = np.empty(OFFSET[6], np.int64)
    fit_total = np.empty(OFFSET[6], np.int64)
    nfit = 0
    held = np.empty(5, np.int64)
    merged = np.empty(5, np.int64)
    for o in range(opt_k.shape[0]):
        if opt_mode[o] < 0:
            continue
        k = opt_k[o]
        if opt_mode[o] == 1:
            for card in range(52):
                if (player_mask >> card) & 1 or a[card >> 2] == 0 or six_level[o, card] < 0:
                    continue
                for q in range(13):
                    c1[q] = 0
                c1[card >> 2] = 1
                be_opt[E] = o
                be_n[E] = multiset_index(c1)
                be_level[E] = six_level[o, card]
                be_kind[E] = 2
                be_card[E] = card
                be_total[E] = 1
                be_win[E] = six_win[o, card]
                be_distinct[E] = False
                E += 1
            continue
        if fitting_k[k] < 0:
            # the drawn multisets of k cards the unseen cards hold, with their draws
            fitting_k[k] = nfit
            for n in range(OFFSET[k], OFFSET[k + 1]):
                if not valid[n]:
                    continue
                total = 1
                for x in range(5):
                    r = dranks[n, x]
                    if r < 0:
                        break
                    total *= _c(a[r], dcounts[n, x])
                if total == 0:
                    continue
                fit_n[nfit] = n
                fit_total[nfit] = total
                nfit += 1
            fitting_end[k] = nfit
        nheld = 0
        for q in range(13):
            for _ in range(opt_kept[o, q]):
                held[nheld] = q
                nheld += 1
        for x in range(fitting_k[k], fitting_end[k]):
            n = fit_n[x]
            # the final five: the kept ranks and the drawn ones merged in order, numbered
            i1 = 0
            i2 = 0
            for t in range(5):
                if i2 >= k or (i1 < nheld and held[i1] <= sorted_ranks[n, i2]):
                    merged[t] = held[i1]
                    i1 += 1
                else:
                    merged[t] = sorted_ranks[n, i2]
                    i2 += 1
            final = OFFSET[5]
            for t in range(5):
                final += BINOMIAL[merged[t] + t, t + 1]
            plain = level_plain[final]
            suited = level_suited[final]
            be_opt[E] = o
            be_n[E] = n
            be_level[E] = plain
            be_kind[E] = 0
            be_card[E] = -1
            be_total[E] = fit_total[x]
            be_win[E] = win5[plain]
            be_distinct[E] = suited >= 0
            E += 1
            if suited >= 0:
                be_opt[E] = o
                be_n[E] = n
                be_level[E] = suited
                be_kind[E] = 1
                be_card[E] = -1
                be_total[E] = fit_total[x]
                be_win[E] = win5[suited]
                be_distinct[E] = True
                E += 1
    # the blind sweep: entries by level (a counting sort), the qualifying multisets added in order
    start = np.zeros(nlev + 1, np.int64)
    for e in range(E):
        start[be_level[e] + 1] += 1
    for v in range(nlev):
        start[v + 1] += start[v]
    by_level = np.empty(E, np.int64)
    fill = start.copy()
    for e in range(E):
        by_level[fill[be_level[e]]] = e
        fill[be_level[e]] += 1
    be_below = np.zeros(E, np.int64)
    be_tied = np.zeros(E, np.int64)
    cnt = np.zeros(OFFSET[5], np.int64)
    pq = 0
    i = start[qualify]
    while i < E:
        level = be_level[by_level[i]]
        j = start[level + 1]
        while pq < q_m.shape[0] and q_level[pq] < level:
            _blind_add(cnt, q_m[pq], a, counts, sub_ptr, sub_index, dranks, dcounts)
            pq += 1
        for x in range(i, j):
            e = by_level[x]
            be_below[e] = _blind_read(cnt, be_n[e], sub_ptr, sub_index, sub_coef)
        moved = False
        while pq < q_m.shape[0] and q_level[pq] == level:
            _blind_add(cnt, q_m[pq], a, counts, sub_ptr, sub_index, dranks, dcounts)
            pq += 1
            moved = True
        if moved:
            for x in range(i, j):
                e = by_level[x]
                be_tied[e] = _blind_read(cnt, be_n[e], sub_ptr, sub_index, sub_coef) - be_below[e]
        i = j
    # not qualifying, per drawn multiset (shared by the options)
    nq_cache = np.full(OFFSET[6], -1, np.int64)
    be_nq = np.empty(E, np.int64)
    for e in range(E):
        n = be_n[e]
        if nq_cache[n] < 0:
            nq_cache[n] = _blind_read(nq_blind, n, sub_ptr, sub_index, sub_coef)
        be_nq[e] = nq_cache[n]
    # each option's entries in level order
    opt_ptr = np.zeros(opt_k.shape[0] + 1, np.int64)
    for e in range(E):
        opt_ptr[be_opt[e] + 1] += 1
    for o in range(opt_k.shape[0]):
        opt_ptr[o + 1] += opt_ptr[o]
    opt_list = np.empty(E, np.int64)
    fill = opt_ptr.copy()
    for x in range(E):
        e = by_level[x]
        opt_list[fill[be_opt[e]]] = e
        fill[be_opt[e]] += 1
    return (by_pair, pair_bound, by_all, all_bound, be_opt[:E], be_n[:E], be_level[:E], be_kind[:E],
            be_card[:E], be_total[:E], be_win[:E], be_distinct[:E], be_below, be_tied, be_nq, opt_ptr, opt_list)


@_jit
def _flushes(kind, n, k, ksuit, sigma, avail, mmask):
    """The draws of a blind entry whose final five is a flush: the one all of ``sigma`` (the kept
    cards of ``sigma`` or none, something drawn or the five kept suited in ``sigma``) and one per
    other suit that holds every drawn rank (the kept cards of that suit or none)."""
    supp = mmask[n]
    found = 0
    if (ksuit == -2 or ksuit == sigma) and (supp & avail[sigma]) == supp and (k > 0 or ksuit == sigma):
        found += 1
    for s in range(4):
        if s != sigma and (ksuit == -2 or ksuit == s) and (supp & avail[s]) == supp:
            found += 1
    return found


@_jit
def prepare_suits(a, avail, up, sigma, n_unseen, opt_k, opt_suit, take_low, take_high, loss, fee, ranks_state,
                  tables):
    """The suits' part of a situation's work: the dealer's suited hands (four cards of ``sigma``)
    as events at their flush and blind levels, the suited forcing rows, each entry's draws
    (:func:`_flushes`) and an upper bound of every option's sum
    (``sum over draws of max(-D, numerator)``, the numerator alone for ``k = 0``)."""
    (counts, valid, sub_ptr, sub_index, sub_coef, level_plain, level_suited, qualify, dealer_level,
     nq_rows, nq_count, high, rest, pair, straight_rank, straight, straight_flush, flush, set_index,
     sets, straight_level, flush_level, nlev, levels, mranks, mmask, level_class, dranks, dcounts,
     sorted_ranks) = tables
    (by_pair, pair_bound, by_all, all_bound, be_opt, be_n, be_level, be_kind, be_card, be_total, be_win,
     be_distinct, be_below, be_tied, be_nq, opt_ptr, opt_list) = ranks_state
    f_mask, f_level, b_level, nq_sigma = _dealer_suits(a, avail, up, sigma, dealer_level, qualify, level_suited,
                                                       set_index, sets)
    # the sigma events: each suited hand at its flush level (+1) and, where that qualifies, at its
    # blind level (-1), in level order
    nf = f_mask.shape[0]
    ev_level = np.empty(2 * nf, np.int64)
    ev_mask = np.empty(2 * nf, np.int64)
    ev_sign = np.empty(2 * nf, np.int64)
    ne = 0
    for h in range(nf):
        ev_level[ne] = f_level[h]
        ev_mask[ne] = f_mask[h]
        ev_sign[ne] = 1
        ne += 1
        if b_level[h] >= qualify:
            ev_level[ne] = b_level[h]
            ev_mask[ne] = f_mask[h]
            ev_sign[ne] = -1
            ne += 1
    order = np.argsort(ev_level[:ne], kind="mergesort")
    ev_level = ev_level[:ne][order]
    ev_mask = ev_mask[:ne][order]
    ev_sign = ev_sign[:ne][order]
    ones, one_bound, twos, two_bound = _row_order_suits(a, avail, up, sigma, nq_rows[up], nq_count[up], counts,
                                                        high, rest, straight_rank, mmask)
    flush_extra = 0
    for s in range(4):
        free = _bits(avail[s]) - (3 if s == sigma else 4)
        if free > flush_extra:
            flush_extra = free
    # the bounds
    E = be_opt.shape[0]
    nq_sig_total = nq_sigma[set_index[0]]
    bound = np.zeros(opt_k.shape[0], np.int64)
    phi_w = np.full(64, -1, np.int64)
    phi_t = np.zeros(64, np.int64)
    phi_kind = np.zeros(64, np.int64)
    phi_value = np.zeros(64, np.int64)
    nphi = 0
    for e in range(E):
        o = be_opt[e]
        k = opt_k[o]
        kind = be_kind[e]
        if kind == 2:
            card = be_card[e]
            mult = 1 if (avail[card & 3] >> (card >> 2)) & 1 else 0
        elif be_distinct[e]:
            found = _flushes(kind, be_n[e], k, opt_suit[o], sigma, avail, mmask)
            mult = found if kind == 1 else be_total[e] - found
        else:
            mult = be_total[e]
        if mult <= 0:
            continue
        r = n_unseen - k - 4
        hands = _c(n_unseen - k, 4)
        whole = r * hands
        level = be_level[e]
        win = be_win[e]
        take = take_high if level >= straight_level else take_low
        above = hands - be_nq[e] - be_below[e] - be_tied[e]
        num = r * (win * be_below[e] - loss * above + take * be_nq[e])
        if level >= flush_level and win > take:
            num += nq_sig_total * r * (win - take)
        if _strong(level, win, take, r, fee, straight_level, flush_level):
            threshold = r * (fee + take)
            bound_kind = 0 if level < straight_level else (1 if level < flush_level else 2)
            found_phi = -1
            for x in range(nphi):
                if phi_w[x] == win and phi_t[x] == threshold and phi_kind[x] == bound_kind:
                    found_phi = x
            if found_phi < 0:
                value = 0
                rows_b = by_pair if bound_kind == 0 else by_all
                bounds_b = pair_bound if bound_kind == 0 else all_bound
                extra = flush_extra if bound_kind == 2 else 0
                for j in range(rows_b.shape[0]):
                    gain = win * (bounds_b[j] + extra) - threshold
                    if gain <= 0:
                        break
                    m = rows_b[j]
                    h = 1
                    for q in range(4):
                        h *= a[mranks[m, q]]
                    value += h * gain
                if nphi < 64:
                    phi_w[nphi] = win
                    phi_t[nphi] = threshold
                    phi_kind[nphi] = bound_kind
                    phi_value[nphi] = value
                    nphi += 1
            else:
                value = phi_value[found_phi]
            num += value
        if k == 0:
            bound[o] += mult * num
        else:
            bound[o] += mult * (num if num >= -whole else -whole)
    return ev_level, ev_mask, ev_sign, nq_sigma, ones, one_bound, twos, two_bound, bound


#: The results of an option's distribution, in the order of the rows of ``dist`` after the wins
#: (one row per class of the player's final hand, :data:`combin.cards.CLASSES`).
RESULT_ROWS = ("push", "lose", "ante_taken", "forced_won", "forced_lost", "forced_push",
               "forced_not_qualified", "fold")


@_jit
def _add(dist, row, count, net):
    if count != 0:
        dist[row, 0] += count
        dist[row, 1] += count * net
        dist[row, 2] += count * net * net


@_jit
def _tally(dist, classes, mult, level, win, take, plays, below, tied, above, nq, forced, r, whole, loss, fee,
           force_fee, level_class):
    """Add one draw class's outcomes to ``dist`` (rows: the wins by the player's class, then
    :data:`RESULT_ROWS`; columns: count, count x net, count x net^2).  A draw weighs
    ``whole = r * C(n - k, 4)``, a dealer hand ``r``, a forced replacement 1; every net counts
    the draw fee ``fee``.  The sums stay inside int64: an option's outcomes number at most
    ``37 * C(41, 4) * C(46, 5) < 6e12`` and a net is at most 210 in size."""
    if not plays:
        _add(dist, classes + 7, mult * whole, -1 - fee)
        return
    _add(dist, level_class[level], mult * r * below, win - fee)
    _add(dist, classes, mult * r * tied, -fee)
    _add(dist, classes + 1, mult * r * above, -loss - fee)
    _add(dist, classes + 2, mult * r * (nq - forced[1]), take - fee)
    _add(dist, classes + 3, mult * forced[2], win - force_fee - fee)
    _add(dist, classes + 4, mult * forced[3], -loss - force_fee - fee)
    _add(dist, classes + 5, mult * forced[4], -force_fee - fee)
    _add(dist, classes + 6, mult * forced[5], -force_fee - fee)


@_jit
def _draws(level, win, take, loss, threshold, r, whole, base, below, tied, above, nq, b, n, nu, sigma, avail,
           card, suit, excl, mult, k, out, up, twos, two_bound, counts, mranks, mmask, high, rest, pair,
           straight_rank, straight, straight_flush, flush, memo, memo_done, dist, want, fast, classes, draw_fee,
           force_fee, level_class):
    """The draws of a sub-entry where forcing can pay, one by one: case (ii) reads the suits
    outside ``sigma`` of the drawn cards (memoised per suit and drawn ranks within the sub-entry).
    Returns the sum of ``max(-whole, numerator)`` over them (their outcomes added to ``dist``
    when ``want``)."""
    ranks_of = np.empty(5, np.int64)
    nd_ranks = 0
    for q in range(13):
        if counts[n, q] > 0:
            ranks_of[nd_ranks] = q
            nd_ranks += 1
    for s in range(4):
        for c in range(32):
            memo_done[s, c] = False
    # per drawn rank, the sets of suits outside sigma that can hold its cards drawn outside sigma
    choices = np.zeros((5, 4), np.int64)
    nchoice = np.ones(5, np.int64)
    if card < 0 and suit < 0:
        for t in range(nd_ranks):
            q = ranks_of[t]
            need = counts[n, q] - ((nu >> q) & 1)
            nchoice[t] = 0
            for sm in range(16):
                if (sm >> sigma) & 1 or _bits(sm) != need:
                    continue
                okay = True
                for s in range(4):
                    if (sm >> s) & 1 and not ((avail[s] >> q) & 1):
                        okay = False
                if okay:
                    choices[t, nchoice[t]] = sm
                    nchoice[t] += 1
    pick = np.zeros(5, np.int64)
    part = np.zeros(6, np.int64)
    drawn = np.zeros(4, np.int64)        # per suit, the drawn ranks as bits of ranks_of
    seen = 0
    total = 0
    while True:
        for s in range(4):
            drawn[s] = 0
        if card >= 0:
            drawn[card & 3] = 1
        elif suit >= 0:
            drawn[suit] = (1 << nd_ranks) - 1
        else:
            for t in range(nd_ranks):
                for s in range(4):
                    if (choices[t, pick[t]] >> s) & 1:
                        drawn[s] |= 1 << t
        # a draw whose cards all lie in one suit split off as a flush is not this sub-entry's
        skip = False
        if card < 0 and suit < 0 and excl != 0:
            for s in range(4):
                if (excl >> s) & 1 and drawn[s] == (1 << nd_ranks) - 1 and nd_ranks == k:
                    skip = True
        if not skip:
            for q in range(6):
                part[q] = out[q]
            for s in range(4):
                if s == sigma:
                    continue
                c = drawn[s]
                if not memo_done[s, c]:
                    free_suit = avail[s]
                    for t in range(nd_ranks):
                        if (c >> t) & 1:
                            free_suit &= ~(1 << ranks_of[t])
                    for q in range(6):
                        memo[s, c, q] = 0
                    if fast > 0:
                        _case_two_fast(fast, level, win, loss, threshold, r, b, free_suit, up, twos, two_bound,
                                       mranks, mmask, rest, straight_rank, flush, memo[s, c])
                    else:
                        _case_two(0, level, win, loss, threshold, r, b, free_suit, up, twos, two_bound, mranks,
                                  mmask, high, rest, pair, straight_rank, straight, straight_flush, flush,
                                  memo[s, c])
                    memo_done[s, c] = True
                for q in range(6):
                    part[q] += memo[s, c, q]
            numerator = base + part[0]
            plays = k == 0 or numerator >= -whole
            total += numerator if plays else -whole
            seen += 1
            if want:
                _tally(dist, classes, 1, level, win, take, plays, below, tied, above, nq, part, r, whole, loss,
                       draw_fee, force_fee, level_class)
        if card >= 0 or suit >= 0:
            break
        t = 0
        while t < nd_ranks and pick[t] == nchoice[t] - 1:
            pick[t] = 0
            t += 1
        if t == nd_ranks:
            break
        pick[t] += 1
    if seen != mult:
        raise AssertionError("a sub-entry's draws do not match its count")
    return total


@_jit
def exact(o, want, a, avail, up, sigma, n_unseen, opt_k, opt_kept, opt_suit, take_low, take_high, loss, fee,
          draw_fee, ranks_state, suits_state, tables):
    """The exact sum of option ``o`` (``sum over draws of max(-D, numerator)``, the numerator alone
    for ``k = 0``) from the state of :func:`prepare`, and with ``want`` its detail rows
    (:data:`DETAIL_COLUMNS`): each blind entry refined by the drawn cards of ``sigma`` (and the
    flushes apart), the suited dealer hands corrected, forcing summed where it can pay."""
    (counts, valid, sub_ptr, sub_index, sub_coef, level_plain, level_suited, qualify, dealer_level,
     nq_rows, nq_count, high, rest, pair, straight_rank, straight, straight_flush, flush, set_index,
     sets, straight_level, flush_level, nlev, levels, mranks, mmask, level_class, dranks, dcounts,
     sorted_ranks) = tables
    (by_pair, pair_bound, by_all, all_bound, be_opt, be_n, be_level, be_kind, be_card, be_total, be_win,
     be_distinct, be_below, be_tied, be_nq, opt_ptr, opt_list) = ranks_state
    ev_level, ev_mask, ev_sign, nq_sigma, ones, one_bound, twos, two_bound, bound = suits_state
    sig = avail[sigma]
    k = opt_k[o]
    r = n_unseen - k - 4
    hands = _c(n_unseen - k, 4)
    whole = r * hands
    ksuit = opt_suit[o]
    cnt_fb = np.zeros(sets, np.int64)
    NE = ev_level.shape[0]
    pe = 0
    before = np.zeros((64, 32), np.int64)
    after = np.zeros((64, 32), np.int64)
    nqs = np.zeros((64, 32), np.int64)
    supps = np.zeros(64, np.int64)
    b = np.zeros(13, np.int64)
    f = np.zeros(13, np.int64)
    out = np.zeros(6, np.int64)
    zero6 = np.zeros(6, np.int64)
    memo = np.zeros((4, 32, 6), np.int64)
    memo_done = np.zeros((4, 32), np.bool_)
    classes = level_class.max() + 1
    dist = np.zeros((classes + 8, 3), np.int64)
    fee_here = 0 if k == 0 else draw_fee
    ffee = fee if fee > 0 else 0
    total = 0
    i = opt_ptr[o]
    end = opt_ptr[o + 1]
    while i < end:
        level = be_level[opt_list[i]]
        j = i
        while j < end and be_level[opt_list[j]] == level:
            j += 1
        if j - i > 64:
            raise AssertionError("more than 64 entries of one option share a level")
        while pe < NE and ev_level[pe] < level:
            _add_subsets(cnt_fb, set_index, ev_mask[pe], ev_sign[pe])
            pe += 1
        for x in range(i, j):
            e = opt_list[x]
            n = be_n[e]
            if be_kind[e] == 2:
                cand = (1 << (be_card[e] >> 2)) if (be_card[e] & 3) == sigma else 0
            else:
                cand = 0
                for q in range(13):
                    if counts[n, q] > 0:
                        cand |= 1 << q
                cand &= sig
            supps[x - i] = cand
            _sigma_sums(cnt_fb, set_index, cand, before[x - i])
            _sigma_sums(nq_sigma, set_index, cand, nqs[x - i])
        moved = False
        while pe < NE and ev_level[pe] == level:
            _add_subsets(cnt_fb, set_index, ev_mask[pe], ev_sign[pe])
            pe += 1
            moved = True
        for x in range(i, j):
            e = opt_list[x]
            cand = supps[x - i]
            if moved:
                _sigma_sums(cnt_fb, set_index, cand, after[x - i])
            else:
                for c in range(1 << _bits(cand)):
                    after[x - i, c] = before[x - i, c]
            n = be_n[e]
            kind = be_kind[e]
            win = be_win[e]
            take = take_high if level >= straight_level else take_low
            strong = _strong(level, win, take, r, fee, straight_level, flush_level)
            threshold = r * (fee + take)
            supp = mmask[n]
            if strong:
                for q in range(13):
                    b[q] = a[q] - counts[n, q]
            # the sub-entries: (nu, draws, suit of a flush outside sigma, suits split off)
            sigma_flush = False
            nonsigma = 0
            if kind != 2:
                if be_distinct[e]:
                    sigma_flush = ((ksuit == -2 or ksuit == sigma) and (supp & sig) == supp
                                   and (k > 0 or ksuit == sigma))
                    for s in range(4):
                        if s != sigma and (ksuit == -2 or ksuit == s) and (supp & avail[s]) == supp:
                            nonsigma |= 1 << s
            nsub = 1 << _bits(cand)
            for c in range(nsub + 4):
                sub_suit = -1
                excl = 0
                if kind == 2:
                    card = be_card[e]
                    if c > 0 or not ((avail[card & 3] >> (card >> 2)) & 1):
                        break                       # one draw; the up card's own entry none
                    nu = cand
                    cc = nsub - 1
                    mult = 1
                elif kind == 0:
                    if c >= nsub:
                        break
                    nu = _expand(c, cand)
                    cc = c
                    if sigma_flush and nu == supp:
                        continue
                    mult = 1
                    for y in range(5):
                        q = dranks[n, y]
                        if q < 0:
                            break
                        held_q = dcounts[n, y]
                        if (nu >> q) & 1:
                            mult *= _c(a[q] - 1, held_q - 1)
                        else:
                            mult *= _c(a[q] - ((sig >> q) & 1), held_q)
                    if nu == 0:
                        mult -= _bits(nonsigma)
                        excl = nonsigma
                    if mult <= 0:
                        continue
                else:
                    if c < nsub:
                        nu = _expand(c, cand)
                        if not (sigma_flush and nu == supp):
                            continue
                        cc = c
                        mult = 1
                    else:
                        s = c - nsub
                        if not ((nonsigma >> s) & 1):
                            continue
                        nu = 0
                        cc = 0
                        mult = 1
                        sub_suit = s
                below = be_below[e] + before[x - i, cc]
                tied = be_tied[e] + after[x - i, cc] - before[x - i, cc]
                nq = be_nq[e] - nqs[x - i, cc]
                above = hands - nq - below - tied
                base = r * (win * below - loss * above + take * nq)
                if not strong:
                    plays = k == 0 or base >= -whole
                    total += mult * (base if plays else -whole)
                    if want:
                        _tally(dist, classes, mult, level, win, take, plays, below, tied, above, nq, zero6, r, whole,
                               loss, fee_here, ffee, level_class)
                    continue
                for q in range(6):
                    out[q] = 0
                if level < straight_level:
                    rows, bounds = by_pair, pair_bound
                else:
                    rows, bounds = by_all, all_bound
                category = levels[level] // CATEGORY_SHIFT
                fast = 1 if category == TRIPS else (2 if category == FLUSH else (
                    3 if category == FULL_HOUSE or category == QUADS else 0))
                if fast > 0:
                    _forcing_fast(fast, level, win, loss, threshold, r, b, nu, sig, up, rows, bounds, ones, one_bound,
                                  level >= flush_level, mranks, mmask, high, rest, straight_rank, flush, out)
                else:
                    _forcing(0, level, win, loss, threshold, r, b, nu, sig, up, rows, bounds, ones, one_bound,
                             flush_level, mranks, mmask, high, rest, pair, straight_rank, straight, straight_flush,
                             flush, out)
                got = _draws(level, win, take, loss, threshold, r, whole, base, below, tied, above, nq,
                                         b, n, nu, sigma, avail, be_card[e], sub_suit, excl, mult, k, out, up,
                                         twos, two_bound, counts, mranks, mmask, high, rest, pair, straight_rank,
                                         straight, straight_flush, flush, memo, memo_done, dist, want, fast, classes,
                                         fee_here, ffee, level_class)
                total += got
        i = j
    return total, dist
