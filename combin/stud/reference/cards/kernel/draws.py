"""Step 2 of the kernel: every draw of every option, packed, with the level of its final hand.

:func:`enumerate_draws` (all options of one call).  Every draw of every option,
in the lexicographic order of :func:`itertools.combinations`, packed (six bits
per position, the draw size above bit 30), with the level of the player's
final hand (the best of six for a bought card).  Where the unseen deck
positions ascend and five cards are drawn, or four beside one kept card, the
lexicographic hand index is summed term by term along the nested loops (each
prefix's terms once): the same index, so the same level.
"""

import numpy as np

from combin.stud.core.compiled import jit
from combin.stud.reference.cards.kernel.common import lex5, next_combination, sort_small

__all__ = ["enumerate_draws"]


@jit
def _draws45(packed, level, row, k, q, term, n, dp, dense, ndeck, total, C):
    """:func:`enumerate_draws` of one option drawing five cards, or four beside one kept card ``q``.

    The unseen deck positions ascend, so a draw's positions are its sorted
    order; a kept card takes the slot after the drawn cards below it and
    moves those above it one slot on.  The lexicographic index is then the
    same sum of five terms as :func:`lex5` (the prefix's terms summed once per
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


@jit
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
            sort_small(six, m + k)
            if m + k == 5:
                level[row] = dense[lex5(six, ndeck, total, C)]
            else:
                best = -1
                for skip in range(6):
                    t = 0
                    for i in range(6):
                        if i != skip:
                            buf[t] = six[i]
                            t += 1
                    found = dense[lex5(buf, ndeck, total, C)]
                    if found > best:
                        best = found
                level[row] = best
            row += 1
            if not next_combination(pick, k, n):
                break
    return packed, level
