"""The kernel's shared pieces: the compile switch, binomial and straight tables, small compiled helpers.

Every module of :mod:`combin.stud.reference.cards.kernel` compiles through
:func:`combin.stud.core.compiled.jit`; :data:`COMB` and :data:`STRAIGHT_MASKS` are the
look-up tables the loops read.

The subset counts (``ncnt`` and the
sweep's) are int16 (a card lies in fewer than ``2^15`` four-card hands); the
empty set's count is the number of hands counted, kept apart.
Every quantity is an int64 far inside
its range (a draw's numerator is below ``2.6e9`` in size).

>>> int(COMB[52, 5]), OUT_WIDTH, bool(STRAIGHT_MASKS[0b11111]), bool(STRAIGHT_MASKS[(1 << 12) | 0b1111])
(2598960, 29, True, True)
>>> pack_positions([[0, 1], [2, 5]]).tolist() == [(2 << 30) | (1 << 6), (2 << 30) | 2 | (5 << 6)]
True
"""

from math import comb
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from combin.stud.core.compiled import COMPILED, jit

__all__ = ["COMB", "COMPILED", "OUT_WIDTH", "STRAIGHT_MASKS", "pack_positions"]


#: ``COMB[a, b] = C(a, b)`` for ``a <= 52``, ``b <= 6`` (int64).
COMB = np.array([[comb(a, b) for b in range(7)] for a in range(53)], dtype=np.int64)

#: The most outs a non-qualifying hand can have: 12 pairing cards, 8 straight, 9 flush.
OUT_WIDTH = 29


def _straight_masks() -> NDArray[Any]:
    """``STRAIGHT_MASKS[m]``: the 13-bit rank mask ``m`` is the five ranks of a straight."""
    table = np.zeros(1 << 13, dtype=np.bool_)
    for low in range(9):
        table[0b11111 << low] = True
    table[(1 << 12) | 0b1111] = True   # A-2-3-4-5
    return table


STRAIGHT_MASKS = _straight_masks()


def pack_positions(rows: ArrayLike) -> NDArray[Any]:
    """Packed draws of an ``(m, k)`` array of positions (six bits each, ``k`` above bit 30)."""
    positions = np.asarray(rows, dtype=np.int64)
    packed = np.full(len(positions), positions.shape[1] << 30, dtype=np.int64)
    for column in range(positions.shape[1]):
        packed |= positions[:, column] << (6 * column)
    return packed


@jit
def next_combination(pick, k, n):
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


@jit
def popcount64(x):
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56


@jit
def lex5(buf, ndeck, total, C):
    """Lexicographic index of five sorted deck positions among the deck's 5-subsets."""
    return (total - 1 - C[ndeck - 1 - buf[0], 5] - C[ndeck - 1 - buf[1], 4] - C[ndeck - 1 - buf[2], 3]
            - C[ndeck - 1 - buf[3], 2] - C[ndeck - 1 - buf[4], 1])


@jit
def sort_small(buf, m):
    for i in range(1, m):
        x = buf[i]
        j = i - 1
        while j >= 0 and buf[j] > x:
            buf[j + 1] = buf[j]
            j -= 1
        buf[j + 1] = x


@jit
def unpack(p, pos):
    k = p >> 30
    for i in range(k):
        pos[i] = (p >> (6 * i)) & 63
    return k


@jit
def add_hand(cnt, p, off2, off3, C):
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
