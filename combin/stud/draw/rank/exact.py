"""The rank engine's exact pass of one option: its sum and the outcomes of its draws.

:func:`exact` refines each blind entry of the option (from
:func:`~combin.stud.draw.rank.prepare.prepare_ranks`) by the drawn cards of
the up card's suit and the flushes apart, corrects the counts for the
dealer's suited hands, sums forcing where it can pay
(:mod:`combin.stud.draw.rank.forcing`), and adds every draw's outcomes --
wins by the player's class, pushes, losses, Ante pays, forced results, folds --
with their nets and squared nets (:func:`_tally`).
"""

import numpy as np

from combin.stud.core.values import CATEGORY_SHIFT, FLUSH, FULL_HOUSE, QUADS, TRIPS
from combin.stud.core.compiled import inline, jit
from combin.stud.draw.rank.common import add_subsets, bit_count, binom, expand, sigma_sums
from combin.stud.draw.rank.forcing import case_two, case_two_by_class, forcing, forcing_by_class, strong
from combin.stud.draw.rank.memo import CASE_TWO, FORCING, find, keep
from combin.stud.draw.rank.records import CaseTwo, DrawClass, DrawScratch, RowOrder, SubEntry, Tally

__all__ = ["exact", "exact_option", "exact_all", "RESULT_ROWS"]


#: The results of an option's distribution, in the order of the rows of ``dist`` after the wins
#: (one row per class of the player's final hand, :data:`combin.core.cards.CLASSES`).
RESULT_ROWS = ("push", "lose", "ante_taken", "forced_won", "forced_lost", "forced_push",
               "forced_not_qualified", "fold")


@inline
def _add(dist, row, count, net):
    if count != 0:
        dist[row, 0] += count
        dist[row, 1] += count * net
        dist[row, 2] += count * net * net


@inline
def _tally_plain(tally, level, win, take, loss, below, tied, above, nq, folded):
    """The rows of :func:`_tally` that need no forcing sums -- the wins by the player's class, the
    pushes, the losses, the non-qualifying dealers and the folds -- for counts already times ``r``,
    a dealer hand's weight (``folded``: the draws that fold, times ``whole``); the draws where
    forcing cannot pay add through it alone, their counts summed."""
    dist, classes, fee = tally.dist, tally.classes, tally.draw_fee
    _add(dist, tally.level_class[level], below, win - fee)
    _add(dist, classes, tied, -fee)
    _add(dist, classes + 1, above, -loss - fee)
    _add(dist, classes + 2, nq, take - fee)
    _add(dist, classes + 7, folded, -1 - fee)


@inline
def _tally(tally, mult, plays, dc, forced, forced_mult):
    """Add ``mult`` draws of one draw class's outcomes (``dc``, a
    :class:`~combin.stud.draw.rank.records.DrawClass`; ``forced``: their forcing sums, counted
    ``forced_mult`` times: a draw's own times ``mult``, or already summed over the draws with 1) to
    ``tally.dist`` (rows: the wins by the player's class, then
    :data:`RESULT_ROWS`; columns: count, count x net, count x net^2).  A draw weighs
    ``whole = r * C(n - k, 4)``, a dealer hand ``r``, a forced replacement 1; every net counts
    the draw fee ``fee``.  The sums stay inside int64: an option's outcomes number at most
    ``37 * C(41, 4) * C(46, 5) < 6e12`` and a net is at most 210 in size."""
    dist, classes = tally.dist, tally.classes
    fee, force_fee = tally.draw_fee, tally.force_fee
    level, win, take, loss, r, whole = dc.level, dc.win, dc.take, dc.loss, dc.r, dc.whole
    if not plays:
        _tally_plain(tally, level, win, take, loss, 0, 0, 0, 0, mult * whole)
        return
    # the rows a draw where forcing cannot pay has too (:func:`_tally_plain`), the forced ones
    # taken out of the non-qualifying dealers, then forcing's own rows
    _tally_plain(tally, level, win, take, loss, mult * r * dc.below, mult * r * dc.tied, mult * r * dc.above,
                 mult * r * dc.nq - forced_mult * r * forced[1], 0)
    _add(dist, classes + 3, forced_mult * forced[2], win - force_fee - fee)
    _add(dist, classes + 4, forced_mult * forced[3], -loss - force_fee - fee)
    _add(dist, classes + 5, forced_mult * forced[4], -force_fee - fee)
    _add(dist, classes + 6, forced_mult * forced[5], -force_fee - fee)


@jit
def _draws(dc, sub, unseen, b, out, counts, case2, rt, tally, sums, scratch):
    """The draws of a sub-entry (``sub``, a :class:`~combin.stud.draw.rank.records.SubEntry`) of
    the draw class ``dc`` where forcing can pay, one by one: case (ii) reads the suits outside
    ``sigma`` of the drawn cards (memoised per suit and drawn ranks within the sub-entry).
    Returns the sum of ``max(-whole, numerator)`` over them (their outcomes added to
    ``tally`` when it wants them).  ``sums``: the rank group's
    :class:`~combin.stud.draw.rank.records.ForcingMemo`, which keeps case (ii)'s sums by suit mask;
    ``scratch``: the :class:`~combin.stud.draw.rank.records.DrawScratch` the option's sub-entries
    share (one option calls this thousands of times: its arrays are made once per option)."""
    base, whole = dc.base, dc.whole
    n, nu, card, suit, excl, mult, k, fast = sub.n, sub.nu, sub.card, sub.suit, sub.excl, sub.mult, sub.k, sub.fast
    avail, sigma, up = unseen.avail, unseen.sigma, unseen.up
    twos, two_bound, memo, memo_done = case2.twos, case2.two_bound, case2.memo, case2.memo_done
    ranks_of, choices, nchoice = scratch.ranks_of, scratch.choices, scratch.nchoice
    pick, part, drawn = scratch.pick, scratch.part, scratch.drawn
    nd_ranks = 0
    for q in range(13):
        if counts[n, q] > 0:
            ranks_of[nd_ranks] = q
            nd_ranks += 1
    for s in range(4):
        for c in range(32):
            memo_done[s, c] = False
    # per drawn rank, the sets of suits outside sigma that can hold its cards drawn outside sigma
    # (read only below nchoice[t], for the ranks drawn)
    for t in range(5):
        nchoice[t] = 1
        pick[t] = 0
    if card < 0 and suit < 0:
        for t in range(nd_ranks):
            q = ranks_of[t]
            need = counts[n, q] - ((nu >> q) & 1)
            nchoice[t] = 0
            for sm in range(16):
                if (sm >> sigma) & 1 or bit_count(sm) != need:
                    continue
                okay = True
                for s in range(4):
                    if (sm >> s) & 1 and not ((avail[s] >> q) & 1):
                        okay = False
                if okay:
                    choices[t, nchoice[t]] = sm
                    nchoice[t] += 1
    # drawn: per suit, the drawn ranks as bits of ranks_of; the outcomes of the draws that play
    # are linear in their forcing sums, so they are tallied once, from the sums over those draws
    summed = scratch.summed
    for q in range(6):
        summed[q] = 0
    played = 0
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
                    slot = find(sums, CASE_TWO, dc.level, n, free_suit, dc.win, dc.threshold, dc.r, dc.loss)
                    if slot >= 0:
                        for q in range(6):
                            memo[s, c, q] = sums.values[slot, q]
                    else:
                        if fast > 0:
                            case_two_by_class(fast, dc, b, free_suit, up, twos, two_bound, rt, memo[s, c])
                        else:
                            case_two(dc, b, free_suit, up, twos, two_bound, rt, memo[s, c])
                        keep(sums, slot, memo[s, c])
                    memo_done[s, c] = True
                for q in range(6):
                    part[q] += memo[s, c, q]
            numerator = base + part[0]
            plays = k == 0 or numerator >= -whole
            total += numerator if plays else -whole
            seen += 1
            if plays:
                played += 1
                for q in range(6):
                    summed[q] += part[q]
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
    if tally.want:
        if played > 0:
            _tally(tally, played, True, dc, summed, 1)
        if played < seen:
            _tally(tally, seen - played, False, dc, summed, 0)
    return total


@jit
def exact(o, want, unseen, options, pays, ranks_state, suits_state, tables, rt, sums):
    """The exact sum of option ``o`` (``sum over draws of max(-D, numerator)``, the numerator alone
    for ``k = 0``) from the state of :func:`~combin.stud.draw.rank.prepare.prepare_ranks` and
    :func:`~combin.stud.draw.rank.prepare.prepare_suits`, and with ``want`` its outcome rows
    (:data:`RESULT_ROWS`): each blind entry refined by the drawn cards of ``sigma`` (and the
    flushes apart), the suited dealer hands corrected, forcing summed where it can pay.  The
    inputs are the records of :mod:`combin.stud.draw.rank.records` (``unseen``, ``options``,
    ``tables``, ``rt``, the two states) and the rules' :class:`~combin.stud.core.pays.WholePays`;
    ``sums``, a :class:`~combin.stud.draw.rank.records.ForcingMemo` of the unseen ranks and up rank
    (:mod:`~combin.stud.draw.rank.memo`), keeps the forcing sums for the situations of a rank group."""
    a, avail, up, sigma, n_unseen = unseen.a, unseen.avail, unseen.up, unseen.sigma, unseen.n
    opt_k, opt_suit = options.k, options.suit
    take_low, take_high, loss = pays.take_low, pays.take_high, pays.loss
    fee, draw_fee = pays.force_fee, pays.draw_fee
    (counts, valid, sub_ptr, sub_index, sub_coef, level_plain, level_suited, qualify, dealer_level,
     nq_rows, nq_count, high, rest, pair, straight_rank, straight, straight_flush, flush, set_index,
     sets, straight_level, flush_level, nlev, levels, mranks, mmask, level_class, dranks, dcounts,
     sorted_ranks, ace_king_rank, ace_king, weak_outs) = tables
    (by_pair, pair_bound, by_all, all_bound, be_opt, be_n, be_level, be_kind, be_card, be_total, be_win,
     be_distinct, be_below, be_tied, be_nq, opt_ptr, opt_list) = ranks_state
    ev_level, ev_mask, ev_sign, nq_sigma, ones, one_bound, twos, two_bound, bound = suits_state
    sig = avail[sigma]
    k = opt_k[o]
    r = n_unseen - k - 4
    hands = binom(n_unseen - k, 4)
    whole = r * hands
    ksuit = opt_suit[o]
    cnt_fb = np.zeros(sets, np.int64)
    NE = ev_level.shape[0]
    pe = 0
    before = np.zeros((64, 32), np.int64)
    after = np.zeros((64, 32), np.int64)
    nqs = np.zeros((64, 32), np.int64)
    supps = np.zeros(64, np.int64)
    nq_known = np.empty((sets, 16), np.int64)      # by the candidate set's index (at most four ranks)
    nq_done = np.zeros(sets, np.bool_)
    b = np.zeros(13, np.int64)
    out = np.zeros(6, np.int64)
    # case (ii)'s rows and its memo, passed to each sub-entry's draws (only the arrays they read: a
    # call that carries every table costs more than the draws of a small sub-entry)
    case2 = CaseTwo(twos, two_bound, np.zeros((4, 32, 6), np.int64), np.zeros((4, 32), np.bool_))
    scratch = DrawScratch(np.zeros(5, np.int64), np.zeros((5, 4), np.int64), np.ones(5, np.int64),
                          np.zeros(5, np.int64), np.zeros(6, np.int64), np.zeros(4, np.int64), np.zeros(6, np.int64))
    classes = level_class.max() + 1
    dist = np.zeros((classes + 8, 3), np.int64)
    fee_here = 0 if k == 0 else draw_fee
    ffee = fee if fee > 0 else 0
    tally = Tally(dist, want, classes, level_class, fee_here, ffee)
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
            add_subsets(cnt_fb, set_index, ev_mask[pe], ev_sign[pe])
            pe += 1
        for x in range(i, j):
            e = opt_list[x]
            n = be_n[e]
            if be_kind[e] == 2:
                cand = (1 << (be_card[e] >> 2)) if (be_card[e] & 3) == sigma else 0
            else:
                cand = mmask[n] & sig
            supps[x - i] = cand
            sigma_sums(cnt_fb, set_index, cand, before, x - i)
            # nq_sigma does not change within the option: its sums are kept per candidate set
            known = set_index[cand]
            if known < 0:
                sigma_sums(nq_sigma, set_index, cand, nqs, x - i)
            else:
                if not nq_done[known]:
                    sigma_sums(nq_sigma, set_index, cand, nq_known, known)
                    nq_done[known] = True
                for c in range(1 << bit_count(cand)):
                    nqs[x - i, c] = nq_known[known, c]
        moved = False
        while pe < NE and ev_level[pe] == level:
            add_subsets(cnt_fb, set_index, ev_mask[pe], ev_sign[pe])
            pe += 1
            moved = True
        for x in range(i, j):
            e = opt_list[x]
            cand = supps[x - i]
            if moved:
                sigma_sums(cnt_fb, set_index, cand, after, x - i)
            else:
                for c in range(1 << bit_count(cand)):
                    after[x - i, c] = before[x - i, c]
            n = be_n[e]
            kind = be_kind[e]
            win = be_win[e]
            take = take_high if level >= straight_level else take_low
            can_pay = strong(level, win, take, r, fee, weak_outs, straight_level, flush_level)
            threshold = r * (fee + take)
            supp = mmask[n]
            if can_pay:
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
            nsub = 1 << bit_count(cand)
            # the outcomes of the sub-entries where forcing cannot pay, summed over them: they share
            # the entry's level and pays, so one tally of the sums adds what one per sub-entry would
            # (each row's count x net and count x net^2 are linear in its count)
            plain_below = 0
            plain_tied = 0
            plain_above = 0
            plain_nq = 0
            plain_folded = 0
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
                    nu = expand(c, cand)
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
                            mult *= binom(a[q] - 1, held_q - 1)
                        else:
                            mult *= binom(a[q] - ((sig >> q) & 1), held_q)
                    if nu == 0:
                        mult -= bit_count(nonsigma)
                        excl = nonsigma
                    if mult <= 0:
                        continue
                else:
                    if c < nsub:
                        nu = expand(c, cand)
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
                dc = DrawClass(level, win, take, loss, threshold, r, whole, base, below, tied, above, nq)
                if not can_pay:
                    if k == 0 or base >= -whole:
                        total += mult * base
                        plain_below += mult * r * below
                        plain_tied += mult * r * tied
                        plain_above += mult * r * above
                        plain_nq += mult * r * nq
                    else:
                        total -= mult * whole
                        plain_folded += mult * whole
                    continue
                for q in range(6):
                    out[q] = 0
                category = levels[level] // CATEGORY_SHIFT
                fast = 1 if category == TRIPS else (2 if category == FLUSH else (
                    3 if category == FULL_HOUSE or category == QUADS else 0))
                # the sums read sigma's free ranks alone of the suits: kept for the rank group
                slot = find(sums, FORCING, level, n, sig & ~nu, win, threshold, r, loss)
                if slot >= 0:
                    for q in range(6):
                        out[q] = sums.values[slot, q]
                else:
                    if level < straight_level:
                        order = RowOrder(by_pair, pair_bound, ones, one_bound, level >= flush_level)
                    else:
                        order = RowOrder(by_all, all_bound, ones, one_bound, level >= flush_level)
                    if fast > 0:
                        forcing_by_class(fast, dc, b, nu, sig, up, order, rt, out)
                    else:
                        forcing(dc, b, nu, sig, up, order, rt, out)
                    keep(sums, slot, out)
                sub = SubEntry(n, nu, be_card[e], sub_suit, excl, mult, k, fast)
                total += _draws(dc, sub, unseen, b, out, counts, case2, rt, tally, sums, scratch)
            if want:
                _tally_plain(tally, level, win, take, loss, plain_below, plain_tied, plain_above, plain_nq,
                             plain_folded)
        i = j
    return total, dist


@inline
def exact_option(o, want, unseen, options, pays, ranks_state, six_state, suits_state, tables, rt, sums):
    """:func:`exact` of option ``o`` on the ranks' part it reads: the sixth card's (``six_state``,
    the option's mode 1) or the one every other option shares (``ranks_state``)."""
    if options.mode[o] == 1:
        return exact(o, want, unseen, options, pays, six_state, suits_state, tables, rt, sums)
    return exact(o, want, unseen, options, pays, ranks_state, suits_state, tables, rt, sums)


@jit
def exact_all(indices, want, unseen, options, pays, ranks_state, six_state, suits_state, tables, rt, sums):
    """:func:`exact` of each option of ``indices`` (at least one), in one compiled call:
    ``(totals, outcome rows)``, row ``i`` of each that of ``indices[i]``; the sixth card's entries
    are ``six_state``'s, every other option's ``ranks_state``'s.  A call from Python
    carries every record (about 35 microseconds); a small deck's option takes about three times
    that, so a run that prices every option of a class prices them here."""
    totals = np.zeros(len(indices), np.int64)
    dists = np.zeros((0, 0, 3), np.int64)
    for i in range(len(indices)):
        total, dist = exact_option(indices[i], want, unseen, options, pays, ranks_state, six_state, suits_state,
                                   tables, rt, sums)
        if i == 0:
            dists = np.zeros((len(indices), dist.shape[0], dist.shape[1]), np.int64)
        totals[i] = total
        dists[i] = dist
    return totals, dists
