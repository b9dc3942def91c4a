"""The rank engine's shared work of one situation: every option's blind entries and bounds.

:func:`prepare_ranks` reads the ranks alone -- every option's blind entries
(a drawn rank multiset with the player's final level, unsuited or a flush, or
one sixth card) and their counts, by one sweep over the levels -- in two
parts: :func:`share_ranks`, the options of five final cards, which reads the
ranks each option keeps and not the five's suits or cards, so every five of
one rank multiset with one up rank shares it (about 80,000 for the 5,649,150
classes of the full deck), and :func:`join_ranks`, which adds a five's
sixth-card entries (they read its cards); :func:`prepare_suits`
adds what the suits decide: the dealer's suited hands as events of the exact
passes, the suited forcing rows, each entry's draws and a proven upper bound
of every option's sum (see :mod:`combin.stud.draw.rank.kernel`).
"""

import numpy as np

from combin.stud.core.compiled import inline, jit
from combin.stud.draw.rank.bounds import bounds
from combin.stud.draw.rank.common import bit_count, blind_add, blind_read, ways
from combin.stud.draw.rank.dealer import dealer_ranks, dealer_suits, row_order_ranks, row_order_suits
from combin.stud.draw.rank.tables import BINOMIAL, OFFSET, multiset_index

__all__ = ["prepare_ranks", "share_ranks", "shared_state", "join_ranks", "suited_events", "prepare_suits"]


@jit
def _entries(a, options, win5, player_mask, tables, sixth):
    """The blind entries of the options of ``options`` (``sixth`` false: the options of five final
    cards; true: the sixth card), in option order: ``(opt, n, level, kind, card, total, win,
    distinct)`` arrays (see :func:`prepare_ranks`)."""
    opt_mode, opt_k, opt_kept = options.mode, options.k, options.kept
    six_level, six_win = options.six_level, options.six_win
    (counts, valid, sub_ptr, sub_index, sub_coef, level_plain, level_suited, qualify, dealer_level,
     nq_rows, nq_count, high, rest, pair, straight_rank, straight, straight_flush, flush, set_index,
     sets, straight_level, flush_level, nlev, levels, mranks, mmask, level_class, dranks, dcounts,
     sorted_ranks, ace_king_rank, ace_king, weak_outs) = tables
    wanted = 1 if sixth else 0
    limit = 0
    for o in range(opt_k.shape[0]):
        if opt_mode[o] != wanted:
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
        if opt_mode[o] != wanted:
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
                total = ways(n, a, -1, dranks, dcounts)
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
    return (be_opt[:E], be_n[:E], be_level[:E], be_kind[:E], be_card[:E], be_total[:E], be_win[:E],
            be_distinct[:E])


@jit
def _by_level(be_level, nlev):
    """The entries in level order (a counting sort, stable), and where each level starts."""
    E = be_level.shape[0]
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
    return by_level, start


@jit
def _counts(a, be_n, be_level, dealer, tables):
    """Per entry, the blind qualifying dealer hands below and tied with it (one sweep over the
    levels: the qualifying multisets ``q_m`` added to the sub-multiset table in level order) and
    the hands that do not qualify (``nq_blind``, read per drawn multiset)."""
    q_m, q_level, nq_blind = dealer
    (counts, valid, sub_ptr, sub_index, sub_coef, level_plain, level_suited, qualify, dealer_level,
     nq_rows, nq_count, high, rest, pair, straight_rank, straight, straight_flush, flush, set_index,
     sets, straight_level, flush_level, nlev, levels, mranks, mmask, level_class, dranks, dcounts,
     sorted_ranks, ace_king_rank, ace_king, weak_outs) = tables
    E = be_n.shape[0]
    by_level, start = _by_level(be_level, nlev)
    be_below = np.zeros(E, np.int64)
    be_tied = np.zeros(E, np.int64)
    cnt = np.zeros(OFFSET[5], np.int64)
    pq = 0
    i = start[qualify]
    while i < E:
        level = be_level[by_level[i]]
        j = start[level + 1]
        while pq < q_m.shape[0] and q_level[pq] < level:
            blind_add(cnt, q_m[pq], a, counts, sub_ptr, sub_index, dranks, dcounts)
            pq += 1
        for x in range(i, j):
            e = by_level[x]
            be_below[e] = blind_read(cnt, be_n[e], sub_ptr, sub_index, sub_coef)
        moved = False
        while pq < q_m.shape[0] and q_level[pq] == level:
            blind_add(cnt, q_m[pq], a, counts, sub_ptr, sub_index, dranks, dcounts)
            pq += 1
            moved = True
        if moved:
            for x in range(i, j):
                e = by_level[x]
                be_tied[e] = blind_read(cnt, be_n[e], sub_ptr, sub_index, sub_coef) - be_below[e]
        i = j
    # not qualifying, per drawn multiset (shared by the options)
    nq_cache = np.full(OFFSET[6], -1, np.int64)
    be_nq = np.empty(E, np.int64)
    for e in range(E):
        n = be_n[e]
        if nq_cache[n] < 0:
            nq_cache[n] = blind_read(nq_blind, n, sub_ptr, sub_index, sub_coef)
        be_nq[e] = nq_cache[n]
    return be_below, be_tied, be_nq


@jit
def share_ranks(unseen, options, win5, tables):
    """The part of :func:`prepare_ranks` that reads neither the five's suits nor its cards: the
    dealer's blind side and the entries of the options of five final cards with their counts --
    the same for every five of one rank multiset with one up rank (the option arrays' kept ranks
    are the same), so a run computes it once for all of them.  :func:`join_ranks` adds a
    five's sixth-card entries."""
    a, up = unseen.a, unseen.up
    (counts, valid, sub_ptr, sub_index, sub_coef, level_plain, level_suited, qualify, dealer_level,
     nq_rows, nq_count, high, rest, pair, straight_rank, straight, straight_flush, flush, set_index,
     sets, straight_level, flush_level, nlev, levels, mranks, mmask, level_class, dranks, dcounts,
     sorted_ranks, ace_king_rank, ace_king, weak_outs) = tables
    dealer = dealer_ranks(a, up, counts, valid, dealer_level, qualify, sub_ptr, sub_index, dranks, dcounts)
    rows = row_order_ranks(a, up, nq_rows[up], nq_count[up], counts, rest, straight_rank, ace_king_rank)
    entries = _entries(a, options, win5, 0, tables, False)
    return (dealer, rows, entries, _counts(a, entries[1], entries[2], dealer, tables), _lists(entries, options, nlev),
            _single_cumulative(a, dealer[0], dranks, dcounts))


@jit
def _single_cumulative(a, q_m, dranks, dcounts):
    """Per rank ``q`` and ``i``: the blind qualifying dealer hands of the first ``i`` multisets of
    ``q_m`` (in level order) that hold none of one unseen card of rank ``q`` (``prod_r C(a_r -
    [r = q], m_r)`` each): a sixth card's counts are two reads of its row (:func:`_six_counts`)."""
    count = q_m.shape[0]
    cumulative = np.zeros((13, count + 1), np.int64)
    for q in range(13):
        if a[q] == 0:
            continue                        # no card of rank q can be bought
        for j in range(count):
            cumulative[q, j + 1] = cumulative[q, j] + ways(q_m[j], a, q, dranks, dcounts)
    return cumulative


@jit
def _six_counts(be_card, be_n, be_level, dealer, cumulative, tables):
    """:func:`_counts` of sixth-card entries (one card each, ``be_card``) from the rank group's
    :func:`_single_cumulative`: the qualifying dealer hands below the entry's level are the first
    of ``q_m`` (in level order) up to its level, the tied ones those at it."""
    q_m, q_level, nq_blind = dealer
    sub_ptr, sub_index, sub_coef = tables.sub_ptr, tables.sub_index, tables.sub_coef
    E = be_n.shape[0]
    be_below = np.empty(E, np.int64)
    be_tied = np.empty(E, np.int64)
    be_nq = np.empty(E, np.int64)
    for e in range(E):
        row = cumulative[be_card[e] >> 2]
        lo = np.searchsorted(q_level, be_level[e], side="left")
        hi = np.searchsorted(q_level, be_level[e], side="right")
        be_below[e] = row[lo]
        be_tied[e] = row[hi] - row[lo]
        be_nq[e] = blind_read(nq_blind, be_n[e], sub_ptr, sub_index, sub_coef)
    return be_below, be_tied, be_nq


@jit
def _lists(entries, options, nlev):
    """Each option's entries in level order (by entry within a level): ``(opt_ptr, opt_list)``."""
    be_opt, be_level = entries[0], entries[2]
    opt_k = options.k
    E = be_opt.shape[0]
    by_level, _ = _by_level(be_level, nlev)
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
    return opt_ptr, opt_list


@jit
def shared_state(shared):
    """The :class:`~combin.stud.draw.rank.records.RanksState` fields of :func:`share_ranks`'s result:
    the entries of the options of five final cards, as they are (every five of the rank group reads
    these arrays themselves; nothing is copied)."""
    dealer, rows, entries, counts, lists, cumulative = shared
    return (rows[0], rows[1], rows[2], rows[3], entries[0], entries[1], entries[2], entries[3], entries[4],
            entries[5], entries[6], entries[7], counts[0], counts[1], counts[2], lists[0], lists[1])


@jit
def join_ranks(unseen, options, player_mask, shared, tables):
    """The :class:`~combin.stud.draw.rank.records.RanksState` fields of a five's sixth-card entries
    (they read its cards: ``player_mask``), counted from the rank group's cumulative counts
    (:func:`_six_counts`, the same integers as the level sweep of :func:`_counts`), with the rank
    group's rows; each option's entries listed in level order (the sixth card's alone: the other
    options' lists are :func:`shared_state`'s).  The two states are kept apart, each with its own
    entry numbers: an option reads one of them (its mode), and a five's state copied the rank
    group's entries (25,000 on 52 cards) with its own appended, a tenth of a run's time."""
    dealer, rows, entries, shared_counts, shared_lists, cumulative = shared
    six = _entries(unseen.a, options, np.zeros(1, np.int64), player_mask, tables, True)
    six_counts = _six_counts(six[4], six[1], six[2], dealer, cumulative, tables)
    six_ptr, six_list = _lists(six, options, tables.nlev)
    return (rows[0], rows[1], rows[2], rows[3], six[0], six[1], six[2], six[3], six[4], six[5], six[6], six[7],
            six_counts[0], six_counts[1], six_counts[2], six_ptr, six_list)


@jit
def prepare_ranks(unseen, options, win5, player_mask, tables):
    """The part of a situation's work that reads ranks alone -- the same for every up card of one
    rank with the same five: every option's blind entries with their blind counts, as two
    :class:`~combin.stud.draw.rank.records.RanksState` field tuples, the options of five final
    cards' (:func:`shared_state`) and the sixth card's (:func:`join_ranks`).

    An entry is an option's drawn rank multiset ``n`` with the player's final level: unsuited
    (kind 0), suited where the final five can be a flush (kind 1: whether some draws are is
    the suits' part, :func:`prepare_suits`), or one sixth card (kind 2, every card not among
    the five: the up card's own entry is passed over later).  Counted per entry, over the
    unseen cards of ranks ``a``: the qualifying dealer hands below and tied with the player,
    unsuited (the blind sweep), and the hands that do not qualify.  ``opt_mode[o]``: 0 for an
    option of five final cards, 1 for a sixth card (its level and win per card in
    ``six_level[o, card]``, ``six_win[o, card]``), -1 for an option not priced (fold).  Reads the
    records of :mod:`combin.stud.draw.rank.records` (of ``unseen`` only ``a`` and ``up``)
    and ``win5``, the win of each level (:func:`~combin.stud.draw.rank.engine.win_levels`).
    Computed as :func:`share_ranks` (the five-card options, shared by a rank multiset) then
    :func:`join_ranks` (the sixth card).
    """
    shared = share_ranks(unseen, options, win5, tables)
    return shared_state(shared), join_ranks(unseen, options, player_mask, shared, tables)


@jit
def suited_events(unseen, tables):
    """The dealer's hands of four ``sigma`` cards as events of the exact passes: each at its flush
    level (+1) and, where its blind level qualifies, at that level (-1), in level order
    (``ev_level``, ``ev_mask``, ``ev_sign``), and the table of those whose blind level does not
    qualify (``nq_sigma``).  They read the up rank and the unseen ranks of ``sigma`` alone, so the
    situations that share those share them."""
    qualify = tables.qualify
    f_mask, f_level, b_level, nq_sigma = dealer_suits(unseen.a, unseen.avail, unseen.up, unseen.sigma,
                                                       tables.dealer_level, qualify, tables.level_suited,
                                                       tables.set_index, tables.sets)
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
    return ev_level, ev_mask, ev_sign, nq_sigma


@jit
def prepare_suits(unseen, options, pays, ranks_state, six_state, tables, plan, events):
    """The suits' part of a situation's work: the dealer's suited hands (four cards of ``sigma``)
    as ``events`` at their flush and blind levels (:func:`suited_events`, passed in), the suited
    forcing rows and an upper bound of every option's sum (``sum over draws of max(-D,
    numerator)``, the numerator alone for ``k = 0``) from the rank group's ``plan``
    (:func:`~combin.stud.draw.rank.bounds.bound_plan`) and each entry's draws
    (:func:`~combin.stud.draw.rank.common.flushes`).  ``pays``: the rules'
    :class:`~combin.stud.core.pays.WholePays`."""
    a, avail, up, sigma = unseen.a, unseen.avail, unseen.up, unseen.sigma
    ev_level, ev_mask, ev_sign, nq_sigma = events
    ones, one_bound, twos, two_bound = row_order_suits(a, avail, up, sigma, tables.nq_rows[up], tables.nq_count[up],
                                                        tables.counts, tables.high, tables.rest, tables.straight_rank,
                                                        tables.ace_king_rank, tables.mmask)
    flush_extra = 0
    for s in range(4):
        free = bit_count(avail[s]) - (3 if s == sigma else 4)
        if free > flush_extra:
            flush_extra = free
    # every option's bound, from its rank group's plan (combin.stud.draw.rank.bounds)
    bound = bounds(unseen, options, pays, ranks_state, six_state, tables, plan, nq_sigma[tables.set_index[0]],
                   flush_extra)
    return ev_level, ev_mask, ev_sign, nq_sigma, ones, one_bound, twos, two_bound, bound
