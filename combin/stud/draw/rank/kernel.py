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

from combin.stud.draw.kernel.common import _jit
from combin.stud.draw.rank.tables import BINOMIAL, OFFSET, multiset_index

__all__ = ["price_options", "DETAIL_COLUMNS"]

#: The columns of a detail row: draws it stands for, the player's level, win, Ante pay, whether
#: the player plays, then per draw the dealer hands below, tied, above, not qualifying, and the
#: forcing counts: hands forced, replacements won, lost, tied, not requalifying, then the numerator.
DETAIL_COLUMNS = ("draws", "level", "win", "take", "plays", "below", "tied", "above", "nq",
                  "forced", "won", "lost", "forced_tied", "not_requalified", "numerator")


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
def _blind_add(cnt, m, a, counts, sub_ptr, sub_index):
    """Add the hands of rank multiset ``m`` to the blind table: for every sub-multiset ``t``,
    the hands holding a fixed ``T`` of ranks ``t``: ``prod_r C(a_r - t_r, m_r - t_r)``."""
    for j in range(sub_ptr[m], sub_ptr[m + 1]):
        t = sub_index[j]
        ways = 1
        for r in range(13):
            mr = counts[m, r]
            if mr > 0:
                ways *= _c(a[r] - counts[t, r], mr - counts[t, r])
                if ways == 0:
                    break
        cnt[t] += ways


@_jit
def _blind_read(cnt, n, sub_ptr, sub_index, sub_coef):
    total = 0
    for j in range(sub_ptr[n], sub_ptr[n + 1]):
        total += sub_coef[j] * cnt[sub_index[j]]
    return total


@_jit
def _entries(a, avail, sigma, opt_k, opt_kept, opt_suit, six_level, six_win, win5, counts, level_plain,
             level_suited, valid, unseen, max_entries):
    """Every entry of every option (see the module docstring).

    Per entry: option, drawn multiset, ``nu``, the suit of a flush outside
    ``sigma`` (else -1), the drawn card of a six-card option (else -1), draws,
    the player's level and win.
    """
    E = max_entries
    e_opt = np.empty(E, np.int64)
    e_n = np.empty(E, np.int64)
    e_nu = np.empty(E, np.int64)
    e_suit = np.empty(E, np.int64)
    e_card = np.empty(E, np.int64)
    e_mult = np.empty(E, np.int64)
    e_level = np.empty(E, np.int64)
    e_win = np.empty(E, np.int64)
    e_excl = np.zeros(E, np.int64)
    at = 0
    f = np.zeros(13, np.int64)
    c = np.zeros(13, np.int64)
    sig = avail[sigma]
    for o in range(opt_k.shape[0]):
        k = opt_k[o]
        if six_level[o, 0] == -2:
            continue                             # an option not asked for
        if six_level[o, 0] >= 0 or six_level[o, 0] == -3:
            # a sixth card: every unseen card is an entry of its own
            for card in range(unseen.shape[0]):
                x = unseen[card]
                r = x >> 2
                for q in range(13):
                    c[q] = 0
                c[r] = 1
                e_opt[at] = o
                e_n[at] = multiset_index(c)
                e_nu[at] = (1 << r) if (x & 3) == sigma else 0
                e_suit[at] = -1
                e_card[at] = x
                e_mult[at] = 1
                e_level[at] = six_level[o, x]
                e_win[at] = six_win[o, x]
                e_excl[at] = 0
                at += 1
            continue
        for n in range(OFFSET[k], OFFSET[k + 1]):
            if not valid[n]:
                continue
            fits = True
            supp = 0
            for r in range(13):
                if counts[n, r] > a[r]:
                    fits = False
                    break
                if counts[n, r] > 0:
                    supp |= 1 << r
            if not fits:
                continue
            for r in range(13):
                f[r] = opt_kept[o, r] + counts[n, r]
            final = multiset_index(f)
            plain = level_plain[final]
            suited = level_suited[final]
            choose = supp & sig
            nu = choose
            while True:
                mult = 1
                for r in range(13):
                    nr = counts[n, r]
                    if nr == 0:
                        continue
                    if (nu >> r) & 1:
                        mult *= _c(a[r] - 1, nr - 1)
                    else:
                        mult *= _c(a[r] - ((sig >> r) & 1), nr)
                if mult > 0:
                    flush_sigma = (suited >= 0 and nu == supp and (opt_suit[o] == -2 or opt_suit[o] == sigma)
                                   and (k > 0 or opt_suit[o] == sigma))
                    if flush_sigma:
                        level = suited
                        e_opt[at] = o
                        e_n[at] = n
                        e_nu[at] = nu
                        e_suit[at] = -1
                        e_card[at] = -1
                        e_mult[at] = mult
                        e_level[at] = level
                        e_win[at] = win5[level]
                        e_excl[at] = 0
                        at += 1
                    else:
                        rest = mult
                        excl = 0
                        if suited >= 0 and nu == 0:
                            for s in range(4):
                                if s == sigma:
                                    continue
                                if not (opt_suit[o] == -2 or opt_suit[o] == s):
                                    continue
                                if (supp & avail[s]) != supp:
                                    continue
                                e_opt[at] = o
                                e_n[at] = n
                                e_nu[at] = 0
                                e_suit[at] = s
                                e_card[at] = -1
                                e_mult[at] = 1
                                e_level[at] = suited
                                e_win[at] = win5[suited]
                                e_excl[at] = 0
                                at += 1
                                rest -= 1
                                excl |= 1 << s
                        if rest > 0:
                            e_opt[at] = o
                            e_n[at] = n
                            e_nu[at] = nu
                            e_suit[at] = -1
                            e_card[at] = -1
                            e_mult[at] = rest
                            e_level[at] = plain
                            e_win[at] = win5[plain]
                            e_excl[at] = excl
                            at += 1
                if nu == 0:
                    break
                nu = (nu - 1) & choose
    return (e_opt[:at], e_n[:at], e_nu[:at], e_suit[:at], e_card[:at], e_mult[:at], e_level[:at], e_win[:at],
            e_excl[:at])


@_jit
def _dealer(a, avail, up, sigma, counts, valid, dealer_level, qualify, level_suited, set_index, sets,
            sub_ptr, sub_index):
    """The dealer's side of a situation: the blind qualifying multisets in level order, the
    static not-qualifying tables, and the hands of four ``sigma`` cards (flush and blind levels)."""
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
        for r in range(13):
            if counts[m, r] > a[r]:
                fits = False
                break
        if not fits:
            continue
        if level >= qualify:
            q_m[nq] = m
            q_level[nq] = level
            nq += 1
        else:
            _blind_add(nq_blind, m, a, counts, sub_ptr, sub_index)
    order = np.argsort(q_level[:nq], kind="mergesort")
    q_m = q_m[:nq][order]
    q_level = q_level[:nq][order]
    # the hands of four sigma cards: 4-subsets of avail[sigma]
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
    return q_m, q_level, nq_blind, f_mask[:h], f_level[:h], b_level[:h], nq_sigma


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


@_jit
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


@_jit
def _row_order(a, up, rows, nrows, counts, rest, straight_rank):
    """The non-qualifying rows of a situation in two orders, each with its bound descending: by
    the pairing outs left with no card drawn, and by the pairing and straight outs.  Drawing only
    removes outs, so a row's bound holds for every draw."""
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
    return rows[:nrows][by_pair], pair_bound[by_pair], rows[:nrows][by_all], all_bound[by_all]


@_jit
def _forcing(player, win, loss, threshold, r, b, nu, sig, up, rows, bounds, extra, counts, high, rest, pair,
             straight_rank, straight, straight_flush, flush, out):
    """The forcing sums of one draw class over the non-qualifying rows that can pay (``rows`` by
    ``bounds`` descending; ``extra`` the most flush outs a suited row adds that the player can
    beat), the suited case (i) apart and the sigma flushes taken out; case (ii) is left to
    :func:`_case_two` (per draw)."""
    lo = OFFSET[4]
    free_sig = sig & ~nu
    for j in range(rows.shape[0]):
        if win * (bounds[j] + extra) <= threshold:
            break
        m = rows[j]
        i_row = m - lo
        hands = 1
        m_mask = 0
        for q in range(13):
            if counts[m, q] > 0:
                hands *= b[q]
                m_mask |= 1 << q
        if hands <= 0:
            continue
        if (m_mask & free_sig) == m_mask:
            hands -= 1                              # four sigma cards: a flush, it qualifies
        top = high[up, i_row]
        if top != up:
            low3 = m_mask & ~(1 << top)
            if (low3 & free_sig) == low3:
                suited_i = b[top] - ((free_sig >> top) & 1)
                if suited_i > 0:
                    hands -= suited_i
                    _row_sums(player, win, loss, threshold, r, b, m_mask, nu, sig, free_sig & ~low3,
                              suited_i, i_row, up, high, rest, pair, straight_rank, straight, straight_flush,
                              flush, out)
        if hands > 0 and win * bounds[j] > threshold:
            _row_sums(player, win, loss, threshold, r, b, m_mask, nu, sig, -1, hands, i_row, up, high, rest,
                      pair, straight_rank, straight, straight_flush, flush, out)


@_jit
def _case_two(player, win, loss, threshold, r, b, free_suit, up, rows, bounds, extra, counts, high, rest, pair,
              straight_rank, straight, straight_flush, flush, out):
    """Case (ii) in one suit: the rows below the up card whose four cards are all free in that
    suit (``free_suit``) -- counted as plain by :func:`_forcing`, here as suited less plain."""
    lo = OFFSET[4]
    plain = np.zeros(6, np.int64)
    for j in range(rows.shape[0]):
        if win * (bounds[j] + extra) <= threshold:
            break
        m = rows[j]
        i_row = m - lo
        if high[up, i_row] != up:
            continue
        m_mask = 0
        for q in range(13):
            if counts[m, q] > 0:
                m_mask |= 1 << q
        if (m_mask & free_suit) != m_mask:
            continue
        _row_sums(player, win, loss, threshold, r, b, m_mask, 0, 0, free_suit & ~m_mask, 1, i_row, up, high,
                  rest, pair, straight_rank, straight, straight_flush, flush, out)
        if win * bounds[j] > threshold:
            for q in range(6):
                plain[q] = 0
            _row_sums(player, win, loss, threshold, r, b, m_mask, 0, 0, -1, 1, i_row, up, high, rest, pair,
                      straight_rank, straight, straight_flush, flush, plain)
            for q in range(6):
                out[q] -= plain[q]


@_jit
def price_options(a, avail, up, sigma, unseen, opt_k, opt_kept, opt_suit, six_level, six_win, win5,
                  take_low, take_high, loss, fee, detail_option, tables):
    """Every option's sum ``sum over draws of max(-D, numerator)`` (``numerator`` alone for
    ``k = 0``), and the detail rows (:data:`DETAIL_COLUMNS`) of ``detail_option`` (-1: none).

    ``six_level[o, 0]``: -1 for an option of five final cards, -3 (or a level) for a sixth
    card (``six_level[o, card]``, ``six_win[o, card]``), -2 for an option not asked for.
    """
    (counts, valid, sub_ptr, sub_index, sub_coef, level_plain, level_suited, qualify, dealer_level,
     nq_rows, nq_count, high, rest, pair, straight_rank, straight, straight_flush, flush, set_index,
     sets, straight_level, flush_level) = tables
    n_unseen = unseen.shape[0]
    sig = avail[sigma]
    q_m, q_level, nq_blind, f_mask, f_level, b_level, nq_sigma = _dealer(
        a, avail, up, sigma, counts, valid, dealer_level, qualify, level_suited, set_index, sets, sub_ptr,
        sub_index)
    limit = 0
    for o in range(opt_k.shape[0]):
        if six_level[o, 0] == -2:
            continue
        if six_level[o, 0] != -1:
            limit += n_unseen
        else:
            limit += 2 * (OFFSET[opt_k[o] + 1] - OFFSET[opt_k[o]]) * (1 << opt_k[o]) + 8
    e_opt, e_n, e_nu, e_suit, e_card, e_mult, e_level, e_win, e_excl = _entries(
        a, avail, sigma, opt_k, opt_kept, opt_suit, six_level, six_win, win5, counts, level_plain,
        level_suited, valid, unseen, limit)
    E = e_opt.shape[0]
    below = np.zeros(E, np.int64)
    tied = np.zeros(E, np.int64)
    # the sweep: entries by level; the blind multisets, the sigma hands at their flush level (+)
    # and at their blind level (-, where that qualifies) added in level order
    order = np.argsort(e_level, kind="mergesort")
    f_order = np.argsort(f_level, kind="mergesort")
    b_order = np.argsort(b_level, kind="mergesort")
    cnt = np.zeros(OFFSET[5], np.int64)
    cnt_f = np.zeros(sets, np.int64)
    cnt_b = np.zeros(sets, np.int64)
    pq = 0
    pf = 0
    pb = 0
    nf = f_order.shape[0]
    while pb < nf and b_level[b_order[pb]] < qualify:
        pb += 1                                   # blind non-qualifying sigma hands: not swept
    i = 0
    while i < E and e_level[order[i]] < qualify:
        i += 1
    while i < E:
        level = e_level[order[i]]
        j = i
        while j < E and e_level[order[j]] == level:
            j += 1
        while pq < q_m.shape[0] and q_level[pq] < level:
            _blind_add(cnt, q_m[pq], a, counts, sub_ptr, sub_index)
            pq += 1
        while pf < nf and f_level[f_order[pf]] < level:
            _add_subsets(cnt_f, set_index, f_mask[f_order[pf]], 1)
            pf += 1
        while pb < nf and b_level[b_order[pb]] < level:
            _add_subsets(cnt_b, set_index, f_mask[b_order[pb]], 1)
            pb += 1
        last_n = -1
        last_opt = -1
        blind = 0
        for x in range(i, j):
            e = order[x]
            if e_n[e] != last_n or e_opt[e] != last_opt:
                blind = _blind_read(cnt, e_n[e], sub_ptr, sub_index, sub_coef)
                last_n = e_n[e]
                last_opt = e_opt[e]
            below[e] = blind + _signed_subsets(cnt_f, set_index, e_nu[e]) - _signed_subsets(cnt_b, set_index,
                                                                                          e_nu[e])
        moved = False
        while pq < q_m.shape[0] and q_level[pq] == level:
            _blind_add(cnt, q_m[pq], a, counts, sub_ptr, sub_index)
            pq += 1
            moved = True
        while pf < nf and f_level[f_order[pf]] == level:
            _add_subsets(cnt_f, set_index, f_mask[f_order[pf]], 1)
            pf += 1
            moved = True
        while pb < nf and b_level[b_order[pb]] == level:
            _add_subsets(cnt_b, set_index, f_mask[b_order[pb]], 1)
            pb += 1
            moved = True
        if moved:
            last_n = -1
            for x in range(i, j):
                e = order[x]
                if e_n[e] != last_n or e_opt[e] != last_opt:
                    blind = _blind_read(cnt, e_n[e], sub_ptr, sub_index, sub_coef)
                    last_n = e_n[e]
                    last_opt = e_opt[e]
                tied[e] = (blind + _signed_subsets(cnt_f, set_index, e_nu[e])
                           - _signed_subsets(cnt_b, set_index, e_nu[e]) - below[e])
        i = j
    # the numerators, forcing where it can pay, and the options' sums
    totals = np.zeros(opt_k.shape[0], np.int64)
    b = np.zeros(13, np.int64)
    by_pair, pair_bound, by_all, all_bound = _row_order(a, up, nq_rows[up], nq_count[up], counts, rest,
                                                        straight_rank)
    flush_extra = 0
    for s in range(4):
        free = _bits(avail[s]) - (3 if s == sigma else 4)
        if free > flush_extra:
            flush_extra = free
    out = np.zeros(6, np.int64)
    memo = np.zeros((4, 1 << 13, 6), np.int64)
    memo_done = np.zeros((4, 1 << 13), np.bool_)
    touched = np.zeros(4 * 64 + 1, np.int64)
    detail = np.zeros((0, 15), np.int64)
    nd = 0
    if detail_option >= 0:
        count = 0
        for e in range(E):
            if e_opt[e] == detail_option:
                take = take_high if e_level[e] >= straight_level else take_low
                count += e_mult[e] if _strong(e_level[e], e_win[e], take, n_unseen - opt_k[e_opt[e]] - 4,
                                              fee, straight_level, flush_level) else 1
        detail = np.zeros((count, 15), np.int64)
    for e in range(E):
        o = e_opt[e]
        k = opt_k[o]
        r = n_unseen - k - 4
        hands = _c(n_unseen - k, 4)
        whole = r * hands
        n = e_n[e]
        nu = e_nu[e]
        nq = (_blind_read(nq_blind, n, sub_ptr, sub_index, sub_coef) - _signed_subsets(nq_sigma, set_index, nu))
        above = hands - nq - below[e] - tied[e]
        level = e_level[e]
        win = e_win[e]
        take = take_high if level >= straight_level else take_low
        base = r * (win * below[e] - loss * above + take * nq)
        strong = _strong(level, win, take, r, fee, straight_level, flush_level)
        if not strong:
            numerator = base
            plays = k == 0 or numerator >= -whole
            totals[o] += e_mult[e] * (numerator if plays else -whole)
            if o == detail_option:
                row = detail[nd]
                row[0] = e_mult[e]
                row[1] = level
                row[2] = win
                row[3] = take
                row[4] = 1 if plays else 0
                row[5] = below[e]
                row[6] = tied[e]
                row[7] = above
                row[8] = nq
                row[14] = numerator
                nd += 1
            continue
        threshold = r * (fee + take)
        for q in range(13):
            b[q] = a[q] - counts[n, q]
        for q in range(6):
            out[q] = 0
        if level < straight_level:
            rows, bounds, extra = by_pair, pair_bound, 0
        else:
            rows, bounds, extra = by_all, all_bound, (flush_extra if level >= flush_level else 0)
        _forcing(level, win, loss, threshold, r, b, nu, sig, up, rows, bounds, extra, counts, high, rest, pair,
                 straight_rank, straight, straight_flush, flush, out)
        nd = _draws_of(e, o, k, level, win, take, loss, threshold, r, whole, base, below[e], tied[e], above, nq,
                       b, n, nu, sigma, avail, e_card[e], e_suit[e], e_excl[e], e_mult[e], out, up, rows, bounds, extra,
                       counts, high, rest, pair, straight_rank, straight, straight_flush, flush, memo, memo_done,
                       touched, totals, detail_option, detail, nd)
    if detail_option >= 0 and nd != detail.shape[0]:
        raise AssertionError("the detail rows do not match their count")
    return totals, detail


@_jit
def _draws_of(e, o, k, level, win, take, loss, threshold, r, whole, base, below, tied, above, nq, b, n, nu,
              sigma, avail, card, suit, excl, mult, out, up, rows, bounds, extra, counts, high, rest, pair,
              straight_rank, straight, straight_flush, flush, memo, memo_done, touched, totals, detail_option,
              detail, nd):
    """The draws of an entry where forcing can pay, one by one: case (ii) reads the suits outside
    ``sigma`` of the drawn cards (memoised per suit and free ranks within the entry)."""
    ranks_of = np.empty(5, np.int64)
    nd_ranks = 0
    for q in range(13):
        if counts[n, q] > 0:
            ranks_of[nd_ranks] = q
            nd_ranks += 1
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
    drawn = np.zeros(4, np.int64)
    ntouched = 0
    seen = 0
    while True:
        for s in range(4):
            drawn[s] = 0
        if card >= 0:
            drawn[card & 3] = 1 << (card >> 2)
        elif suit >= 0:
            for t in range(nd_ranks):
                drawn[suit] |= 1 << ranks_of[t]
        else:
            for t in range(nd_ranks):
                for s in range(4):
                    if (choices[t, pick[t]] >> s) & 1:
                        drawn[s] |= 1 << ranks_of[t]
        # a draw whose cards all lie in one suit split off as a flush entry is not this entry's
        skip = False
        if card < 0 and suit < 0 and excl != 0:
            for s in range(4):
                if (excl >> s) & 1:
                    held = 0
                    for t in range(nd_ranks):
                        held += counts[n, ranks_of[t]] if (drawn[s] >> ranks_of[t]) & 1 else 0
                    if held == k:
                        skip = True
        if not skip:
            for q in range(6):
                part[q] = out[q]
            for s in range(4):
                if s == sigma:
                    continue
                free_suit = avail[s] & ~drawn[s]
                if not memo_done[s, free_suit]:
                    for q in range(6):
                        memo[s, free_suit, q] = 0
                    _case_two(level, win, loss, threshold, r, b, free_suit, up, rows, bounds, extra, counts, high,
                              rest, pair, straight_rank, straight, straight_flush, flush, memo[s, free_suit])
                    memo_done[s, free_suit] = True
                    touched[ntouched] = s * (1 << 13) + free_suit
                    ntouched += 1
                for q in range(6):
                    part[q] += memo[s, free_suit, q]
            numerator = base + part[0]
            plays = k == 0 or numerator >= -whole
            totals[o] += numerator if plays else -whole
            seen += 1
            if o == detail_option:
                row = detail[nd]
                row[0] = 1
                row[1] = level
                row[2] = win
                row[3] = take
                row[4] = 1 if plays else 0
                row[5] = below
                row[6] = tied
                row[7] = above
                row[8] = nq
                for q in range(1, 6):
                    row[8 + q] = part[q]
                row[14] = numerator
                nd += 1
        if card >= 0 or suit >= 0:
            break
        t = 0
        while t < nd_ranks and pick[t] == nchoice[t] - 1:
            pick[t] = 0
            t += 1
        if t == nd_ranks:
            break
        pick[t] += 1
    for x in range(ntouched):
        memo_done[touched[x] >> 13, touched[x] & ((1 << 13) - 1)] = False
    if seen != mult:
        raise AssertionError("an entry's draws do not match its count")
    return nd
