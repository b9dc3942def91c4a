"""The rank engine's proven upper bound of every option's sum, most of it shared by a rank group.

An option's bound (:func:`~combin.stud.draw.rank.prepare.prepare_suits`) sums, over its blind
entries, the entry's draws times an upper bound of one draw's numerator (clamped at ``-D`` for
a draw, which may fold).  Below a flush that bound reads the ranks alone (the blind counts and
forcing's most from the rank rows), and so does the count of draws, but for a distinct entry
whose draws can make a flush: those are split off (:func:`~combin.stud.draw.rank.common.flushes`),
and how many depends on the suits.  So :func:`bound_plan` sums, once for every five of one rank
multiset with one up rank (and one set of pays), each option's entries below a flush with every
draw counted, and lists the distinct ones with their value per draw; :func:`bounds` takes the
plan, removes the flush draws of the distinct entries of the options whose kept cards are of
one suit (``-1``: no flush can be made, nothing to remove) and adds the entries at a flush or
better and the sixth card's, whose bounds read the suits (``nq_sig_total``, ``flush_extra``),
entry by entry as before.  The sums are the same integers, summed in another order.

=========================  =====================================================================
:func:`forcing_most`       the most forcing can add to one draw (the rows by their bounds)
:func:`entry_values`       one draw's bound of each entry listed (clamped where a draw can fold)
:func:`bound_plan`         the rank group's part: per option its entries below a flush, summed
:func:`bounds`             a situation's bound of every option, from the plan
=========================  =====================================================================
"""

import numpy as np

from combin.stud.core.compiled import inline, jit
from combin.stud.draw.rank.common import binom, flushes
from combin.stud.draw.rank.forcing import strong
from combin.stud.draw.rank.records import BoundPlan

__all__ = ["forcing_most", "entry_values", "bound_plan", "bounds", "FLOORLESS"]

#: The floor of play's numerator (it is never clamped): below any numerator.
FLOORLESS = -(1 << 62)


@inline
def forcing_most(win, threshold, rows, row_bounds, extra, a, mranks):
    """The most forcing can add to one draw's numerator: over the non-qualifying rows in the order
    of their bounds (their outs, ``extra`` more counted), each row's dealer hands times what its
    outs can gain above ``threshold`` at ``win`` a win, while that gain is positive."""
    value = 0
    for j in range(rows.shape[0]):
        gain = win * (row_bounds[j] + extra) - threshold
        if gain <= 0:
            break
        m = rows[j]
        h = 1
        for q in range(4):
            h *= a[mranks[m, q]]
        value += h * gain
    return value


@jit
def entry_values(unseen, options, pays, state, tables, nq_sig_total, flush_extra, entries, out, complete):
    """Into ``out[x]``: an upper bound of one draw's numerator of entry ``entries[x]`` (of the
    ranks' part ``state``), clamped at ``-D`` when its option draws (a draw may fold).  At a flush
    or better it adds the suited dealer hands that do not qualify (``nq_sig_total``: they may
    beat nothing) and counts ``flush_extra`` more outs in forcing's most; below a flush neither
    is read.  Forcing's most is kept per (win, threshold, kind) within the call.  Without
    ``complete``, the blind numerator alone (no suited term, no forcing, no clamp)."""
    a, n_unseen = unseen.a, unseen.n
    opt_k = options.k
    take_low, take_high, loss, fee = pays.take_low, pays.take_high, pays.loss, pays.force_fee
    straight_level, flush_level, mranks, weak_outs = (tables.straight_level, tables.flush_level, tables.mranks,
                                                      tables.weak_outs)
    by_pair, pair_bound, by_all, all_bound = state.by_pair, state.pair_bound, state.by_all, state.all_bound
    be_opt, be_level, be_win = state.be_opt, state.be_level, state.be_win
    be_below, be_tied, be_nq = state.be_below, state.be_tied, state.be_nq
    phi_w = np.full(64, -1, np.int64)
    phi_t = np.zeros(64, np.int64)
    phi_kind = np.zeros(64, np.int64)
    phi_value = np.zeros(64, np.int64)
    nphi = 0
    for x in range(entries.shape[0]):
        e = entries[x]
        k = opt_k[be_opt[e]]
        r = n_unseen - k - 4
        hands = binom(n_unseen - k, 4)
        whole = r * hands
        level = be_level[e]
        win = be_win[e]
        take = take_high if level >= straight_level else take_low
        above = hands - be_nq[e] - be_below[e] - be_tied[e]
        num = r * (win * be_below[e] - loss * above + take * be_nq[e])
        if not complete:
            out[x] = num
            continue
        if level >= flush_level and win > take:
            num += nq_sig_total * r * (win - take)
        if strong(level, win, take, r, fee, weak_outs, straight_level, flush_level):
            threshold = r * (fee + take)
            bound_kind = 0 if level < straight_level else (1 if level < flush_level else 2)
            found_phi = -1
            for y in range(nphi):
                if phi_w[y] == win and phi_t[y] == threshold and phi_kind[y] == bound_kind:
                    found_phi = y
            if found_phi < 0:
                if bound_kind == 0:
                    value = forcing_most(win, threshold, by_pair, pair_bound, 0, a, mranks)
                else:
                    value = forcing_most(win, threshold, by_all, all_bound, flush_extra if bound_kind == 2 else 0,
                                         a, mranks)
                if nphi < 64:
                    phi_w[nphi] = win
                    phi_t[nphi] = threshold
                    phi_kind[nphi] = bound_kind
                    phi_value[nphi] = value
                    nphi += 1
            else:
                value = phi_value[found_phi]
            num += value
        out[x] = num if k == 0 or num >= -whole else -whole


@jit
def bound_plan(unseen, options, pays, state, tables, shared):
    """The :class:`~combin.stud.draw.rank.records.BoundPlan` of the first ``shared`` entries of
    ``state`` (the options of five final cards, :func:`~combin.stud.draw.rank.prepare.share_ranks`):
    it reads the ranks, the kept ranks and the pays, not the suits (``options.suit`` unread)."""
    n_unseen = unseen.n
    opt_k = options.k
    take_low, take_high, fee = pays.take_low, pays.take_high, pays.force_fee
    be_opt, be_level, be_kind, be_total, be_distinct, be_win = (state.be_opt, state.be_level, state.be_kind,
                                                                state.be_total, state.be_distinct, state.be_win)
    be_n, mmask = state.be_n, tables.mmask
    straight_level, flush_level, weak_outs = tables.straight_level, tables.flush_level, tables.weak_outs
    count = opt_k.shape[0]
    low = np.empty(shared, np.int64)
    high = np.empty(shared, np.int64)
    nlow = 0
    nhigh = 0
    for e in range(shared):
        if be_level[e] < flush_level:
            if be_kind[e] != 0:
                raise AssertionError("a suited entry below a flush")
            low[nlow] = e
            nlow += 1
        else:
            high[nhigh] = e
            nhigh += 1
    values = np.empty(nlow, np.int64)
    entry_values(unseen, options, pays, state, tables, 0, 0, low[:nlow], values, True)
    fixed = np.zeros(count, np.int64)
    d_ptr = np.zeros(count + 1, np.int64)
    for x in range(nlow):
        e = low[x]
        if be_total[e] > 0:
            fixed[be_opt[e]] += be_total[e] * values[x]
            if be_distinct[e]:
                d_ptr[be_opt[e] + 1] += 1
    for o in range(count):
        d_ptr[o + 1] += d_ptr[o]
    d_value = np.empty(d_ptr[count], np.int64)
    d_supp = np.empty(d_ptr[count], np.int64)
    d_total = np.empty(d_ptr[count], np.int64)
    fill = d_ptr.copy()
    for x in range(nlow):
        e = low[x]
        if be_total[e] > 0 and be_distinct[e]:
            y = fill[be_opt[e]]
            d_value[y] = values[x]
            d_supp[y] = mmask[be_n[e]]
            d_total[y] = be_total[e]
            fill[be_opt[e]] += 1
    # at a flush or better: the blind numerator, its slope in the suited hands that do not
    # qualify, the least a draw is worth, and forcing's (win, threshold) where it can pay
    high = high[:nhigh]
    h_num = np.empty(nhigh, np.int64)
    entry_values(unseen, options, pays, state, tables, 0, 0, high, h_num, False)
    h_slope = np.zeros(nhigh, np.int64)
    h_floor = np.empty(nhigh, np.int64)
    h_pair = np.full(nhigh, -1, np.int64)
    h_opt = np.empty(nhigh, np.int64)
    h_supp = np.empty(nhigh, np.int64)
    h_total = np.empty(nhigh, np.int64)
    h_mode = np.empty(nhigh, np.int64)
    pair_w = np.empty(nhigh, np.int64)
    pair_t = np.empty(nhigh, np.int64)
    npair = 0
    for x in range(nhigh):
        e = high[x]
        h_opt[x] = be_opt[e]
        h_supp[x] = mmask[be_n[e]]
        h_total[x] = be_total[e]
        # how its draws count: all of them (0), its flush draws (1: suited), the others (2)
        h_mode[x] = 0 if not be_distinct[e] else (1 if be_kind[e] == 1 else 2)
        k = opt_k[be_opt[e]]
        r = n_unseen - k - 4
        level = be_level[e]
        win = be_win[e]
        take = take_high if level >= straight_level else take_low
        if win > take:
            h_slope[x] = r * (win - take)
        # a draw may fold (-D at least); play's numerator is not clamped
        h_floor[x] = -r * binom(n_unseen - k, 4) if k > 0 else FLOORLESS
        if strong(level, win, take, r, fee, weak_outs, straight_level, flush_level):
            threshold = r * (fee + take)
            found = -1
            for y in range(npair):
                if pair_w[y] == win and pair_t[y] == threshold:
                    found = y
            if found < 0:
                pair_w[npair] = win
                pair_t[npair] = threshold
                found = npair
                npair += 1
            h_pair[x] = found
    return BoundPlan(shared, fixed, d_ptr, d_value, d_supp, d_total, h_num, h_slope, h_floor, h_pair,
                     h_opt, h_supp, h_total, h_mode, pair_w[:npair].copy(), pair_t[:npair].copy())


@jit
def bounds(unseen, options, pays, state, six_state, tables, plan, nq_sig_total, flush_extra):
    """An upper bound of every option's sum (``sum over draws of max(-D, numerator)``, the
    numerator alone for ``k = 0``) from the rank group's ``plan`` (:func:`bound_plan`) and the
    sixth card's entries (``six_state``): the same integers as summing every entry of ``state``
    and ``six_state`` with its draws (see the module docstring).  The plan lists what each
    entry's term reads (its option, ranks, draws) beside it, so these loops -- thousands of
    entries a situation -- read their arrays in order."""
    avail, sigma = unseen.avail, unseen.sigma
    opt_k, opt_suit = options.k, options.suit
    bound = plan.fixed.copy()
    d_ptr, d_value, d_supp, d_total = plan.d_ptr, plan.d_value, plan.d_supp, plan.d_total
    # a distinct entry below a flush was counted with every draw: its flush draws are not its own
    for o in range(opt_k.shape[0]):
        ksuit = opt_suit[o]
        if ksuit == -1:
            continue                    # kept cards of two suits: no draw of it is a flush
        k = opt_k[o]
        for x in range(d_ptr[o], d_ptr[o + 1]):
            found = flushes(d_supp[x], k, ksuit, sigma, avail)
            if found > 0:
                bound[o] -= min(found, d_total[x]) * d_value[x]
    # the entries at a flush or better: the suits' terms added to the plan's blind numerator
    by_all, all_bound, a, mranks = state.by_all, state.all_bound, unseen.a, tables.mranks
    pair_w, pair_t = plan.pair_w, plan.pair_t
    phi = np.zeros(pair_w.shape[0], np.int64)
    for y in range(pair_w.shape[0]):
        phi[y] = forcing_most(pair_w[y], pair_t[y], by_all, all_bound, flush_extra, a, mranks)
    h_num, h_slope, h_floor, h_pair = plan.h_num, plan.h_slope, plan.h_floor, plan.h_pair
    h_opt, h_supp, h_total, h_mode = plan.h_opt, plan.h_supp, plan.h_total, plan.h_mode
    for x in range(h_opt.shape[0]):
        o = h_opt[x]
        mode = h_mode[x]
        if mode == 0:
            mult = h_total[x]
        else:
            found = flushes(h_supp[x], opt_k[o], opt_suit[o], sigma, avail)
            mult = found if mode == 1 else h_total[x] - found
        if mult > 0:
            num = h_num[x] + nq_sig_total * h_slope[x]
            if h_pair[x] >= 0:
                num += phi[h_pair[x]]
            bound[o] += mult * (num if num >= h_floor[x] else h_floor[x])
    # the sixth card's entries: one draw each, if its card is unseen
    six = np.arange(six_state.be_opt.shape[0])
    values = np.empty(six.shape[0], np.int64)
    entry_values(unseen, options, pays, six_state, tables, nq_sig_total, flush_extra, six, values, True)
    for e in range(six.shape[0]):
        if six_state.be_kind[e] != 2:
            raise AssertionError("a sixth card's entry is not of one card")
        card = six_state.be_card[e]
        if (avail[card & 3] >> (card >> 2)) & 1:
            bound[six_state.be_opt[e]] += values[e]
    return bound
