"""The forcing sums of the rank engine, memoised across the situations of one rank group.

A forcing sum of :mod:`~combin.stud.draw.rank.forcing` -- the forcing of a draw class
(:func:`~combin.stud.draw.rank.forcing.forcing`, case (i) within) or case (ii) in one suit
(:func:`~combin.stud.draw.rank.forcing.case_two`) -- reads, besides the fixed tables and the
rules' pays, only the unseen ranks ``a`` and the up rank (the same for every situation of one
rank group: the fives of one rank multiset with one up rank, which a run prices one after another),
the drawn rank multiset ``n`` (``b = a - n``), the player's level with its win, the threshold and
``r``, and one mask of free ranks of a suit: ``sigma``'s free ranks ``sig & ~nu`` for the draw
class, the other suit's free ranks for case (ii).  The rows a loop visits in bound order are
cut where no row can pay, so which rows a situation's lists hold beyond those changes no sum.
The situations of a rank group differ in their suits only, so the same sums come again and again:
:func:`find` looks one up by that key, :func:`keep` stores it.

The table is open addressing with linear probing over ``2^p`` slots; once three quarters are set
nothing more is stored (every sum is then computed, as without the memo).  A memo of one slot set
(:func:`~combin.stud.draw.rank.engine.shared_capacity` 0) stores nothing.
"""

import numpy as np

from combin.stud.core.compiled import inline, jit
from combin.stud.draw.rank.records import ForcingMemo

__all__ = ["new_memo", "find", "keep", "FORCING", "CASE_TWO"]

#: The two kinds of sums in a key: a draw class's forcing, and case (ii) in one suit.
FORCING = 1
CASE_TWO = 2


def new_memo(bits: int = 16, recycled: ForcingMemo | None = None) -> ForcingMemo:
    """An empty memo of ``2^bits`` slots (``bits`` 0: one slot, marked full: it stores nothing);
    ``recycled``, a memo no one reads any more, gives its arrays when it has as many slots (only its
    marks are cleared: a slot's key and sums are read once it is marked set, so they stay as they
    are -- a 52-card run starts a memo of ``2^17`` slots per rank group, and zeroing its 15 MB cost
    more than the sums it keeps on a group of a few classes).

    >>> memo = new_memo(4)
    >>> slot = find(memo, FORCING, 3, 100, 0b1011, 7, 86, 43, 3)
    >>> slot < 0
    True
    >>> keep(memo, slot, np.array([5, 1, 2, 0, 0, 40]))
    >>> found = find(memo, FORCING, 3, 100, 0b1011, 7, 86, 43, 3)
    >>> found >= 0, memo.values[found].tolist(), find(memo, CASE_TWO, 3, 100, 0b1011, 7, 86, 43, 3) < 0
    (True, [5, 1, 2, 0, 0, 40], True)
    >>> off = new_memo(0)
    >>> keep(off, find(off, FORCING, 3, 100, 0b1011, 7, 86, 43, 3), np.zeros(6, np.int64))
    >>> find(off, FORCING, 3, 100, 0b1011, 7, 86, 43, 3) < 0
    True
    >>> again = new_memo(4, recycled=memo)
    >>> again.keys is memo.keys, find(again, FORCING, 3, 100, 0b1011, 7, 86, 43, 3) < 0, int(again.fill[0])
    (True, True, 0)
    """
    slots = 1 << bits
    if recycled is not None and recycled.used.shape[0] == slots and bits > 0:
        recycled.used[:] = False
        recycled.fill[0] = 0
        return recycled
    fill = np.zeros(1, np.int64)
    if bits == 0:
        fill[0] = 1
    return ForcingMemo(np.zeros((slots, 8), np.int64), np.zeros((slots, 6), np.int64), np.zeros(slots, np.bool_),
                       np.zeros(8, np.int64), fill)


@inline
def find(memo, what, level, n, free, win, threshold, r, loss):
    """The slot of the sums of this key (``what``: :data:`FORCING` or :data:`CASE_TWO`) when they are
    kept, else ``-1 - slot`` of the free slot where :func:`keep` puts them; the key stays in
    ``memo.key`` until then."""
    key = memo.key
    key[0] = what
    key[1] = level
    key[2] = n
    key[3] = free
    key[4] = win
    key[5] = threshold
    key[6] = r
    key[7] = loss
    h = 0
    for f in range(8):
        h = (h ^ key[f]) * -7046029254386353131         # 0x9E3779B97F4A7C15 as int64, wrapping
    h ^= h >> 31
    mask = memo.used.shape[0] - 1
    i = h & mask
    keys, used = memo.keys, memo.used
    while used[i]:
        same = True
        for f in range(8):
            if keys[i, f] != key[f]:
                same = False
                break
        if same:
            return i
        i = (i + 1) & mask
    return -1 - i


@inline
def keep(memo, slot, sums):
    """Keep ``sums`` (6 int64) under the key of the last :func:`find`, which gave ``slot`` (``-1 -
    free slot``); nothing is kept once three quarters of the slots are set."""
    slots = memo.used.shape[0]
    if memo.fill[0] * 4 >= slots * 3:
        return
    i = -1 - slot
    memo.used[i] = True
    for f in range(8):
        memo.keys[i, f] = memo.key[f]
    for q in range(6):
        memo.values[i, q] = sums[q]
    memo.fill[0] += 1
