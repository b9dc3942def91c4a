"""The Lunar Poker decision engine's sums in compiled loops: every option of a situation at once.

This is the fast path of :class:`combin.stud.advise.Engine`; the numpy path
there is kept as the reference and the tests compare the two draw by draw.
It computes exactly the same integers, by the same formula (see
:mod:`combin.stud.advise`), in five compiled steps (numba, ``cache=True``):

:func:`dealer_tables` (once per situation).  Every dealer hand is the up card
plus a 4-subset ``H`` of the ``n`` unseen cards; its *level* is the deck's
dense level of the five cards (:class:`~combin.stud.values.HandTable`: equal
levels are tied hands, a higher level beats a lower), read from the deck's
hand table by lexicographic index.  Then, for every set ``T`` of at most three
unseen positions (id ``off_|T| + colex(T)``): ``ncnt[T]``, the non-qualifying
hands containing ``T``.  The qualifying hands are sorted by level (a counting
sort).  For every non-qualifying ``H`` the *outs*: the replacements ``x`` (not
in ``H``) of its highest card that requalify it, with their levels and bit
masks by category.  With ``R`` the four cards left (four distinct ranks, no
ace-king: see :mod:`combin.stud.advise`), ``R + x`` qualifies iff it is a
pair (``x`` has a rank of ``R``), a straight (the five ranks are one) or a
flush (``R`` suited and ``x`` of that suit); only those ``x`` are looked up,
and each is checked to qualify.

:func:`enumerate_draws` (all options of one call).  Every draw of every option,
in the lexicographic order of :func:`itertools.combinations`, packed (six bits
per position, the draw size above bit 30), with the level of the player's
final hand (the best of six for a bought card).  Where the unseen deck
positions ascend and five cards are drawn, or four beside one kept card, the
lexicographic hand index is summed term by term along the nested loops (each
prefix's terms once): the same index, so the same level.

:func:`draw_groups`.  Many draws share their dealer counts: a draw's counts
(non-qualifying, below, tied) depend only on how many of its cards each rank
has, on which of its cards are of the up card's suit and on whether the final
five are one suit (the argument is in :func:`draw_groups`).  Each draw of
three or more cards to a five-card hand points to the first draw of its group
(``rep``); the counts are taken on that draw alone and shared, which the tests
check draw by draw against the numpy reference.

:func:`first_pass` (all draws of one call) and :func:`option_sums`.  Per draw
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
Forcing is summed as in :meth:`combin.stud.advise.Engine.forcing`: the hands
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
(:func:`_suited_difference`).  The same terms, so the same integers.  The subset counts (``ncnt`` and the
sweep's) are int16 (a card lies in fewer than ``2^15`` four-card hands); the
empty set's count is the number of hands counted, kept apart.
Every quantity is an int64 far inside
its range (a draw's numerator is below ``2.6e9`` in size).
"""

from math import comb

import numpy as np

try:
    from numba import njit
except ImportError:          # pragma: no cover - numba is an install requirement
    njit = None

__all__ = ["COMB", "TIE_LOOP_MOST", "dealer_tables", "enumerate_draws", "first_pass", "option_sums", "own_outs",
           "STRAIGHT_MASKS", "pack_positions", "draw_groups",
           "OUT_WIDTH", "COMPILED"]

COMPILED = njit is not None

#: ``COMB[a, b] = C(a, b)`` for ``a <= 52``, ``b <= 6`` (int64).
COMB = np.array([[comb(a, b) for b in range(7)] for a in range(53)], dtype=np.int64)

#: The most outs a non-qualifying hand can have: 12 pairing cards, 8 straight, 9 flush.
OUT_WIDTH = 29


def _straight_masks():
    """``STRAIGHT_MASKS[m]``: the 13-bit rank mask ``m`` is the five ranks of a straight."""
    table = np.zeros(1 << 13, dtype=np.bool_)
    for low in range(9):
        table[0b11111 << low] = True
    table[(1 << 12) | 0b1111] = True   # A-2-3-4-5
    return table


STRAIGHT_MASKS = _straight_masks()


def pack_positions(rows):
    """Packed draws of an ``(m, k)`` array of positions (six bits each, ``k`` above bit 30)."""
    rows = np.asarray(rows, dtype=np.int64)
    packed = np.full(len(rows), rows.shape[1] << 30, dtype=np.int64)
    for column in range(rows.shape[1]):
        packed |= rows[:, column] << (6 * column)
    return packed


def _jit(function):
    return njit(cache=True, nogil=True)(function) if COMPILED else function


@_jit
def _next_combination(pick, k, n):
    """Advance the sorted ``k`` positions ``pick`` to the next k-subset of ``range(n)``
    in lexicographic order; False after the last one."""
    i = k - 1
    while i >= 0 and pick[i] == n - k + i:
        i -= 1
    if i < 0:
        return False
    pick[i] += 1
    for t in range(i + 1, k):
        pick[t] = pick[t - 1] + 1
    return True


@_jit
def _popcount(x):
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56


@_jit
def _lex5(buf, ndeck, total, C):
    """Lexicographic index of five sorted deck positions among the deck's 5-subsets."""
    return (total - 1 - C[ndeck - 1 - buf[0], 5] - C[ndeck - 1 - buf[1], 4] - C[ndeck - 1 - buf[2], 3]
            - C[ndeck - 1 - buf[3], 2] - C[ndeck - 1 - buf[4], 1])


@_jit
def _sort_small(buf, m):
    for i in range(1, m):
        x = buf[i]
        j = i - 1
        while j >= 0 and buf[j] > x:
            buf[j + 1] = buf[j]
            j -= 1
        buf[j + 1] = x


@_jit
def dealer_tables(up, up_dp, cards, dp, dense, ndeck, qlev, C, straight):
    """The per-situation tables (see the module docstring).

    ``up``/``cards``: card ids of the up card and of the unseen cards (ascending);
    ``up_dp``/``dp``: their deck positions; ``dense``: the deck's levels by
    lexicographic hand index.  Returns ``(dlev, ncnt, qpacked, qlevel, nqrows,
    outs, outlev, nouts, bits)``: the level of every ``H`` (colex index), the
    non-qualifying counts per set id, the qualifying hands (packed) and their
    levels sorted by level, the colex indices of the non-qualifying hands and
    for each its outs (positions, levels, count) and bit masks ``(H, all outs,
    pair outs, straight outs, flush outs, straight-flush outs)``.
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
                        _sort_small(buf, 5)
                        level = dense[_lex5(buf, ndeck, total, C)]
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
                        _add_hand(ncnt, a | (b << 6) | (c << 12) | (d << 18), off2, off3, C)
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
    bits = np.zeros((nn, 6), np.int64)
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
                    high = 0
                    for t in range(1, 5):
                        if (five[t] >> 2) > (five[high] >> 2):
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
                    for t in range(4):
                        found[t] = 0
                    # R + x's lexicographic index: R sorted, then for each slot p that x can take
                    # (p cards of R below it) the sum of R's terms, R's t-th card at slot t or t + 1
                    _sort_small(rest, 4)
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
                        if not ((rmask & rb) != 0 or straight[rmask | rb]
                                or (suited and (cards[x] & 3) == suit)):
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
                        else:
                            flb |= xb
                            kind = 2
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
                    j += 1
    return dlev, ncnt, qpacked, qlevel, nqrows, outs, outlev, nouts, bits, starts


@_jit
def _draws45(packed, level, row, k, q, term, n, dp, dense, ndeck, total, C):
    """:func:`enumerate_draws` of one option drawing five cards, or four beside one kept card ``q``.

    The unseen deck positions ascend, so a draw's positions are its sorted
    order; a kept card takes the slot after the drawn cards below it and
    moves those above it one slot on.  The lexicographic index is then the
    same sum of five terms as :func:`_lex5` (the prefix's terms summed once per
    prefix), and the draws come in the same lexicographic order.
    """
    last = total - 1
    if k == 5:
        for a in range(n):
            ta = last - term[0, a]
            for b in range(a + 1, n):
                tb = ta - term[1, b]
                pb = (5 << 30) | a | (b << 6)
                for c in range(b + 1, n):
                    tc = tb - term[2, c]
                    pc = pb | (c << 12)
                    for d in range(c + 1, n):
                        td = tc - term[3, d]
                        pd = pc | (d << 18)
                        for e in range(d + 1, n):
                            packed[row] = pd | (e << 24)
                            level[row] = dense[td - term[4, e]]
                            row += 1
        return
    # four drawn beside q: split = the unseen positions below q
    split = 0
    while split < n and dp[split] < q:
        split += 1
    for a in range(n):
        sa = 0 if a < split else 1
        ta = last - term[sa, a]
        for b in range(a + 1, n):
            sb = 1 if b < split else 2
            tb = ta - term[sb, b]
            pb = (4 << 30) | a | (b << 6)
            for c in range(b + 1, n):
                sc = 2 if c < split else 3
                tc = tb - term[sc, c]
                pc = pb | (c << 12)
                for d in range(c + 1, n):
                    sd = 3 if d < split else 4
                    # q's slot: the drawn cards below it
                    below = (a < split) + (b < split) + (c < split) + (d < split)
                    packed[row] = pc | (d << 18)
                    level[row] = dense[tc - term[sd, d] - C[ndeck - 1 - q, 5 - below]]
                    row += 1


@_jit
def enumerate_draws(kept_dp, nkept, sizes, offsets, dp, dense, ndeck, C, packed, level):
    """Every draw of every option (lexicographic), packed, and the player's final level.

    Option ``o`` keeps the deck positions ``kept_dp[o, :nkept[o]]`` (ascending)
    and draws ``sizes[o]`` of the unseen positions; its draws fill
    ``offsets[o]:offsets[o + 1]``.  Five final cards are read from the hand
    table; six (a bought card) are the best of their six five-card hands.
    ``packed`` and ``level`` (at least ``offsets[-1]`` long, every entry
    written) are the caller's, so that a caller may reuse them.
    """
    n = dp.shape[0]
    total = C[ndeck, 5]
    pick = np.empty(6, np.int64)
    six = np.empty(6, np.int64)
    buf = np.empty(5, np.int64)
    ascending = True
    for x in range(1, n):
        if dp[x] <= dp[x - 1]:
            ascending = False
    # term[s, x] = C(ndeck - 1 - dp[x], 5 - s): the lexicographic index term of the unseen card
    # x at slot s of the sorted five (total - 1 - the sum of the five terms is the index)
    term = np.empty((5, n), np.int64)
    for x in range(n):
        for t in range(5):
            term[t, x] = C[ndeck - 1 - dp[x], 5 - t]
    for o in range(len(sizes)):
        k = sizes[o]
        m = nkept[o]
        if ascending and m + k == 5 and k >= 4:
            _draws45(packed, level, offsets[o], k, kept_dp[o, 0], term, n, dp, dense, ndeck, total, C)
            continue
        for i in range(k):
            pick[i] = i
        row = offsets[o]
        while True:
            p = k << 30
            for i in range(k):
                p |= pick[i] << (6 * i)
            packed[row] = p
            for i in range(m):
                six[i] = kept_dp[o, i]
            for i in range(k):
                six[m + i] = dp[pick[i]]
            _sort_small(six, m + k)
            if m + k == 5:
                level[row] = dense[_lex5(six, ndeck, total, C)]
            else:
                best = -1
                for skip in range(6):
                    t = 0
                    for i in range(6):
                        if i != skip:
                            buf[t] = six[i]
                            t += 1
                    found = dense[_lex5(buf, ndeck, total, C)]
                    if found > best:
                        best = found
                level[row] = best
            row += 1
            if not _next_combination(pick, k, n):
                break
    return packed, level


@_jit
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


@_jit
def _group_of(i, key, rep, table):
    g = table[key]
    if g < 0:
        table[key] = i
        rep[i] = i
    else:
        rep[i] = g


@_jit
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


@_jit
def first_pass(offsets, sizes, level, n, dlev, ncnt, nnq, qlev, C, nq, b4, rep):
    """Per draw: ``nq(N)`` and the qualifying 4-subsets of ``N`` below the player (pass 1).

    The draws of option ``o`` fill ``offsets[o]:offsets[o + 1]`` in lexicographic
    order (:func:`enumerate_draws`).  ``nq(N) = sum_{T subset N, |T| <= 3} (-1)^|T|
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
                    nq[row] = nnq + _subset_sum_nonempty(ncnt, pos, k, off2, off3, C)
                row += 1
                if not _next_combination(pos, k, n):
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


@_jit
def _unpack(p, pos):
    k = p >> 30
    for i in range(k):
        pos[i] = (p >> (6 * i)) & 63
    return k


#: Above this many hands of one level, a draw's ties are counted as a difference of two subset sums
#: (after and before adding them, :func:`option_sums`) instead of one by one: the same count
#: (the sums are exact), less work where a level holds many hands (a high card on a full deck).
TIE_LOOP_MOST = 40


@_jit
def _own_quads_at(pos, k, v, dlev, C):
    """How many 4-subsets of the draw's ``k`` ascending positions have dealer level ``v``."""
    if k < 4:
        return 0
    found = 0
    for skip in range(k):
        if k == 4 and skip > 0:
            break
        index = 0
        slot = 1
        for t in range(k):
            if k == 5 and t == skip:
                continue
            index += C[pos[t], slot]
            slot += 1
        if dlev[index] == v:
            found += 1
    return found


@_jit
def _subset_sum4(arr, pos, pair_at, low2, triple_at):
    """:func:`_subset_sum_nonempty` of four ascending positions, its 14 terms written out.

    The set ids are those of :func:`_add_hand` (``1 + a``, ``off2 + a + C(b, 2)``,
    ``off3 + a + C(b, 2) + C(c, 3)`` for ``a < b < c``), read from the
    per-position tables ``pair_at[b] = off2 + C(b, 2)``, ``low2[b] = C(b, 2)``,
    ``triple_at[c] = off3 + C(c, 3)``: the same terms, so the same sum.
    """
    p0 = pos[0]
    p1 = pos[1]
    p2 = pos[2]
    p3 = pos[3]
    s = -np.int64(arr[1 + p0])
    s -= arr[1 + p1]
    s -= arr[1 + p2]
    s -= arr[1 + p3]
    q1 = pair_at[p1]
    q2 = pair_at[p2]
    q3 = pair_at[p3]
    s += arr[p0 + q1]
    s += arr[p0 + q2]
    s += arr[p1 + q2]
    s += arr[p0 + q3]
    s += arr[p1 + q3]
    s += arr[p2 + q3]
    l1 = low2[p1]
    l2 = low2[p2]
    t2 = triple_at[p2]
    t3 = triple_at[p3]
    s -= arr[p0 + l1 + t2]
    s -= arr[p0 + l1 + t3]
    s -= arr[p0 + l2 + t3]
    s -= arr[p1 + l2 + t3]
    return s


@_jit
def _subset_sum5(arr, pos, pair_at, low2, triple_at):
    """:func:`_subset_sum_nonempty` of five ascending positions, its 25 terms written out.

    The terms without the fifth card are :func:`_subset_sum4` of the first
    four; those with it are its single, its four pairs and its six triples.
    """
    p0 = pos[0]
    p1 = pos[1]
    p2 = pos[2]
    p3 = pos[3]
    p4 = pos[4]
    s = _subset_sum4(arr, pos, pair_at, low2, triple_at) - arr[1 + p4]
    q4 = pair_at[p4]
    s += arr[p0 + q4]
    s += arr[p1 + q4]
    s += arr[p2 + q4]
    s += arr[p3 + q4]
    l1 = low2[p1]
    l2 = low2[p2]
    l3 = low2[p3]
    t4 = triple_at[p4]
    s -= arr[p0 + l1 + t4]
    s -= arr[p0 + l2 + t4]
    s -= arr[p1 + l2 + t4]
    s -= arr[p0 + l3 + t4]
    s -= arr[p1 + l3 + t4]
    s -= arr[p2 + l3 + t4]
    return s


@_jit
def _subset_sum_nonempty(arr, pos, k, off2, off3, C):
    """``sum over T subset pos[:k], 1 <= |T| <= 3, of (-1)^|T| arr[id(T)]``, summed in int64.

    The empty set's term is left to the caller (its entry in an int16 table wraps).
    """
    s = np.int64(0)
    for a in range(k):
        pa = pos[a]
        s -= np.int64(arr[1 + pa])
        for b in range(a + 1, k):
            pb = C[pos[b], 2]
            s += np.int64(arr[off2 + pa + pb])
            for c in range(b + 1, k):
                s -= np.int64(arr[off3 + pa + pb + C[pos[c], 3]])
    return s


@_jit
def option_sums(packed, level, nq, below, offsets, win_level, take_level, six_win, six_start, nopay, n,
                dlev, ncnt, qpacked, qlevel, qbits, qlev, loss, fee,
                cat_of_level, outs, outlev, nouts, bits, starts, ranked, ge, pairs_hb, pairs_beaten,
                pairs_beating, all_hb, all_beaten, all_beating, pairs_plain, all_plain, pairs_suited,
                all_suited, kind_hb, kind_beaten, kind_beating,
                kind_own, own_list, own_count, own_ptr, own_bit, own_lev, prune, detail, C,
                bt, entry, slot, numerator, tie_most, rep):
    """Per draw: the play numerator (over ``r * C(n - k, 4)``) and, with ``detail``, the counts.

    The Ante pay on a win plus the Bet times its pays, and the Ante pay when
    the dealer does not qualify, are read by the player's level
    (``win_level``, ``take_level``), except for an option ``o`` of six final
    cards (``six_start[o] >= 0``), whose win of each draw is
    ``six_win[six_start[o] + i - offsets[o]]``; a win equal to ``nopay`` (a pay
    that is not a whole number of Ante units) is counted in ``bad`` for the
    caller to refuse.  ``nq`` and ``below`` come from :func:`first_pass`
    (``below`` holding the qualifying 4-subsets of the draw below the player;
    the sweep adds the rest to a copy kept beside the ties).  ``fee < 0``
    means the game has no forcing.  ``ranked[t]`` lists the non-qualifying
    rows by bound ``t`` descending (0 pair outs, 1 pair and straight outs, 2
    all outs) and ``ge[t, b]`` counts those with a bound of at
    least ``b``.  Returns ``(numerator, counts, bad)``; ``counts`` is ``(D, 9)``
    int64: below, tied, above, nq, then forced, won, lost, tied, not requalified
    (zero rows unless ``detail``).  ``bt`` (``(>= D, 2)``, int32 or wider: a
    count is at most ``C(n, 4)``), ``entry``, ``slot`` and ``numerator`` (``>= D``)
    are work and result arrays the caller supplies: every entry read is written
    first, so stale contents change nothing.  The sweep writes its below and
    tied counts in sweep order (``bt[g]``, one after another) and the numerators
    read them back through ``slot[i]``, the sweep place of draw ``i``: one
    scattered read per draw instead of a scattered read and write.  ``tie_most``
    chooses how ties are counted (:data:`TIE_LOOP_MOST`); either way gives the
    same counts, only the work differs.
    """
    D = packed.shape[0]
    off2 = 1 + n
    off3 = off2 + C[n, 2]
    pos = np.empty(6, np.int64)
    # (bt, entry, slot and numerator: the caller's, at least D rows; every entry read is written here)
    nlev = cat_of_level.shape[0]
    start = np.zeros(nlev + 1, np.int64)
    # pass 1 (first_pass): non-qualifying counts, the hands the draw holds whole; the count by level
    for i in range(D):
        v = level[i]
        if v >= qlev and rep[i] == i:
            start[v + 1] += 1
    for t in range(nlev):
        start[t + 1] += start[t]
    swept = start[nlev]
    bounds = start.copy()        # draws of level v: sorted[bounds[v]:bounds[v + 1]]
    # the swept draws in level order (a counting sort), and each draw's place in that order
    for i in range(D):
        v = level[i]
        if v >= qlev and rep[i] == i:
            entry[start[v]] = packed[i]
            slot[i] = start[v]
            start[v] += 1
    # pass 2: the sweep over levels.  Before the draws of level v, every qualifying hand of a
    # lower level has been added to its subsets of at most three cards; the hands of level v
    # itself (the ties) are counted one by one against the draw, or, when there are more than
    # tie_most of them, as the difference of the draw's subset sums after and before adding them.
    # int16 counts (a card is in at most C(n - 1, 3) < 2^15 hands): half the bytes to scatter over.
    # cnt[0] wraps and is never read; the hands added so far (j) are its count.
    cnt = np.zeros(ncnt.shape[0], np.int16)
    # the set ids of _subset_sum5/4: {a < b} is a + pair_at[b], {a < b < c} is a + low2[b] + triple_at[c]
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
            _add_hand(cnt, qpacked[j], off2, off3, C)
            j += 1
        if lo == hi:
            continue
        e = j
        while e < nqual and qlevel[e] == v:
            e += 1
        if e - j > tie_most:
            # many tied hands: the ties are the subset sum after adding them less the one before
            for g in range(lo, hi):
                k = _unpack(entry[g], pos)
                if k == 5:
                    found = _subset_sum5(cnt, pos, pair_at, low2, triple_at)
                elif k == 4:
                    found = _subset_sum4(cnt, pos, pair_at, low2, triple_at)
                else:
                    found = _subset_sum_nonempty(cnt, pos, k, off2, off3, C)
                bt[g, 0] = j + found
            while j < e:
                _add_hand(cnt, qpacked[j], off2, off3, C)
                j += 1
            for g in range(lo, hi):
                k = _unpack(entry[g], pos)
                if k == 5:
                    found = _subset_sum5(cnt, pos, pair_at, low2, triple_at)
                elif k == 4:
                    found = _subset_sum4(cnt, pos, pair_at, low2, triple_at)
                else:
                    found = _subset_sum_nonempty(cnt, pos, k, off2, off3, C)
                # the 4-subsets Q of the draw are the terms the sums leave out (|T| = 4): a hand
                # equal to Q is disjoint from nothing it holds, so each Q of level v is added back
                bt[g, 1] = j + found - bt[g, 0] + _own_quads_at(pos, k, v, dlev, C)
            continue
        for g in range(lo, hi):
            k = _unpack(entry[g], pos)
            m = 0
            for a in range(k):
                m |= 1 << pos[a]
            tie = 0
            for q in range(j, e):
                if (qbits[q] & m) == 0:
                    tie += 1
            if k == 5:
                found = _subset_sum5(cnt, pos, pair_at, low2, triple_at)
            elif k == 4:
                found = _subset_sum4(cnt, pos, pair_at, low2, triple_at)
            else:
                found = _subset_sum_nonempty(cnt, pos, k, off2, off3, C)
            bt[g, 0] = j + found
            bt[g, 1] = tie
    # pass 3: the numerators, with forcing
    counts = np.zeros((D if detail else 0, 9), np.int64)
    nrows = nouts.shape[0]
    # top[t]: the largest bound t of any row (ge[t, b] counts the rows with a bound of at least b)
    top = np.zeros(3, np.int64)
    for t in range(3):
        for b in range(ge.shape[1]):
            if ge[t, b] > 0:
                top[t] = b
    # fcount[k, v]: the rows summed for a five-card final hand of level v after a draw of k cards
    # (the win, the Ante pay and so the cost c depend on k and v alone); six cards: per draw
    fcount = np.zeros((6, nlev), np.int64)
    if fee >= 0 and nrows > 0:
        for kk in range(6):
            if n - kk - 4 <= 0:
                continue
            for v in range(nlev):
                wv = win_level[v]
                fcount[kk, v] = _force_count(0 if wv == nopay else wv, (n - kk - 4) * (fee + take_level[v]),
                                             _bound_kind(cat_of_level[v]), prune, loss, nrows, ge, top)
    bad = 0
    # the draws with rows to sum (count > 0) are listed here, (draw, win, row count), and their
    # forcing summed after the main loop: the main loop stays small, the rare work apart
    todo = np.empty((D, 3), np.int64)
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
                    tied = 0
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
                    count = _force_count(w, r * (fee + take_level[v]), _bound_kind(cat_of_level[v]), prune,
                                         loss, nrows, ge, top)
                else:
                    count = fcount[k, v]
                if count > 0:
                    w = six_win[six + i - offsets[o]] if six >= 0 else win_level[v]
                    todo[ntodo, 0] = i
                    todo[ntodo, 1] = 0 if w == nopay else w
                    todo[ntodo, 2] = count
                    ntodo += 1
    # forcing: the listed draws.  Without detail, the class-decided sums (two pair, trips, full
    # house, quads) are split: the rank-blind part (every row's outs read without its flush outs,
    # pairs_plain / all_plain) is the same for every draw of a group (see below), so it is summed
    # once per group, in row blocks (_blocked_gains: draw, its mask, w, c, row count, bit group);
    # the rows with flush outs (pairs_suited / all_suited) add their difference draw by draw.
    deferred = 0
    lazy = np.empty((0 if detail else ntodo, 6), np.int64)
    members = np.empty((0 if detail else ntodo, 2), np.int64)
    nmembers = 0
    lazy_of = np.empty(0 if detail else D, np.int64)
    for d in range(ntodo):
        i = todo[d, 0]
        w = todo[d, 1]
        count = todo[d, 2]
        k = _unpack(packed[i], pos)
        r = n - k - 4
        v = level[i]
        cat = cat_of_level[v]
        c = r * (fee + take_level[v])
        t = _bound_kind(cat)
        m = 0
        for a in range(k):
            m |= 1 << pos[a]
        picked = 0
        nw = 0
        nl = 0
        nt = 0
        if not detail and (cat == 2 or cat == 3 or cat == 6 or cat == 7):
            if cat < 4:
                numerator[i] += _suited_difference(pairs_suited, count, m, w, loss, c)
            else:
                numerator[i] += _suited_difference(all_suited, count, m, w, loss, c)
            if rep[i] == i:
                lazy_of[i] = deferred
                lazy[deferred, 0] = i
                lazy[deferred, 1] = m
                lazy[deferred, 2] = w
                lazy[deferred, 3] = c
                lazy[deferred, 4] = count
                lazy[deferred, 5] = 0 if cat < 4 else 1
                deferred += 1
            else:
                members[nmembers, 0] = i        # its group's first draw is listed (same level and count)
                members[nmembers, 1] = rep[i]
                nmembers += 1
            continue
        if cat == 2 or cat == 3:
            gain, picked, nw, nl = _bits_loop(pairs_hb, pairs_beaten, pairs_beating, count, m, w, loss, c)
        elif cat == 6 or cat == 7:
            gain, picked, nw, nl = _bits_loop(all_hb, all_beaten, all_beating, count, m, w, loss, c)
        else:
            u = 0 if cat < 4 else (1 if cat == 4 else (2 if cat == 5 else 3))
            gain, picked, nw, nl, nt = _kind_loop(kind_hb, kind_beaten, kind_beating, kind_own,
                                                  own_list, own_count[u], ranked, t, starts, outs,
                                                  outlev, own_ptr, own_bit, own_lev, u, count, m, v,
                                                  w, loss, c)
        numerator[i] += gain
        if detail:
            counts[i, 4] = picked
            counts[i, 5] = nw
            counts[i, 6] = nl
            counts[i, 7] = nt
            counts[i, 8] = picked * r - nw - nl - nt
    if deferred > 0:
        plain = np.zeros(deferred, np.int64)
        _blocked_gains(plain, lazy[:deferred], pairs_hb, pairs_plain[0], pairs_plain[1], all_hb, all_plain[0],
                       all_plain[1], loss, BLOCK_ROWS)
        for d in range(deferred):
            numerator[lazy[d, 0]] += plain[d]
        for d in range(nmembers):
            numerator[members[d, 0]] += plain[lazy_of[members[d, 1]]]
    return numerator[:D], counts, bad


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
    return 0 if cat < 4 else (1 if cat == 4 else 2)


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
def own_outs(ranked, starts, outs, outlev, own_list, own_count):
    """The outs of kinds 1 to 3 (straight, flush, straight flush) of the listed rows, in list order.

    Kind ``u`` reads the rows of ``ranked[(0, 1, 2, 2)[u]]`` listed in
    ``own_list[u, :own_count[u]]``; the ``f``-th one's outs of kind ``u``
    (``starts[row, u]:starts[row, u + 1]``) are copied -- each as its bit and
    its level, unchanged -- to ``own_ptr[u, f]:own_ptr[u, f + 1]``, so that
    :func:`_kind_loop` reads them contiguously.  Pair outs (``u = 0``, on
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


@_jit
def _kind_loop(hb, beaten, beating, own, own_list, own_count, ranked, t, starts, outs, outlev, own_ptr,
               own_bit, own_lev, u, count, m, v, w, loss, c):
    """Forcing over the first ``count`` rows when the player's own kind ``u`` is compared by level.

    Kind ``u`` is 0 (pair outs: a player below a straight), 1 (straight outs),
    2 (flush outs) or 3 (straight-flush outs); ``beaten``/``beating`` are the
    outs of a lower / higher kind, ``own`` those of kind ``u``, all in the
    row order of ``ranked``.  The rows split exactly in two: a row none of
    whose own outs is left (``own & ~m == 0``) has ``S_H = w * |beaten left| -
    loss * |beating left|`` (bits alone, no level read); the others, listed in
    ``own_list`` (the rows with any own out, ascending), are read out by out:
    from ``outs``/``outlev`` for pairs (``u = 0``), else from the copies
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
        if u == 0:
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


@_jit
def _add_hand(cnt, p, off2, off3, C):
    a = p & 63
    b = (p >> 6) & 63
    c = (p >> 12) & 63
    d = (p >> 18) & 63
    cb, cc, cd = C[b, 2], C[c, 2], C[d, 2]
    cnt[0] += 1
    cnt[1 + a] += 1
    cnt[1 + b] += 1
    cnt[1 + c] += 1
    cnt[1 + d] += 1
    cnt[off2 + a + cb] += 1
    cnt[off2 + a + cc] += 1
    cnt[off2 + a + cd] += 1
    cnt[off2 + b + cc] += 1
    cnt[off2 + b + cd] += 1
    cnt[off2 + c + cd] += 1
    c3, d3 = C[c, 3], C[d, 3]
    cnt[off3 + a + cb + c3] += 1
    cnt[off3 + a + cb + d3] += 1
    cnt[off3 + a + cc + d3] += 1
    cnt[off3 + b + cc + d3] += 1
