"""The forcing sum counted as bits, compiled with numba when it is installed.

:func:`forcing_by_bits` is the inner loop of
:func:`combin.stud.reference.numpy_engine.forcing` for players whose class decides
every requalified showdown: for each draw (its cards as a bit mask ``m``) and
each non-qualifying dealer hand ``h`` in the draw's prefix, skip ``h`` if it
meets the draw, else ``S = w * popcount(beaten[h] & ~m) - loss *
popcount(beating[h] & ~m)`` and add ``S - c`` when it is positive.  Every
number is an int64 well inside its range (``S <= 301 * 47``; a draw's total
is at most ``C(47, 4) * 301 * 47 < 2.6e9``), so the compiled loop is exact;
the same loop in numpy (:func:`forcing_by_bits_numpy`) is used when numba is
missing, and the tests compare the two.
"""

from typing import Any

import numpy as np
from numpy.typing import NDArray

__all__ = ["forcing_by_bits", "forcing_by_bits_numpy", "COMPILED"]

Array = NDArray[Any]


def _popcount64(x: int) -> int:
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56


def _loop(masks: Array, w: Array, c: Array, counts: Array, bits: Array, beaten: Array, beating: Array,
          loss: int, r: int, out: Array) -> None:
    for i in range(len(masks)):
        m = masks[i]
        gain = 0
        picked = 0
        won_total = 0
        lost_total = 0
        for h in range(counts[i]):
            if bits[h] & m:
                continue
            won = _popcount64(beaten[h] & ~m)
            lost = _popcount64(beating[h] & ~m)
            total = w[i] * won - loss * lost
            if total > c[i]:
                gain += total - c[i]
                picked += 1
                won_total += won
                lost_total += lost
        out[i, 0] = gain
        out[i, 1] = picked
        out[i, 2] = won_total
        out[i, 3] = lost_total
        out[i, 4] = picked * r - won_total - lost_total


try:
    import numba
except ImportError:          # pragma: no cover - numba is an install requirement
    numba = None  # type: ignore[assignment]

if numba is not None:
    _popcount64 = numba.njit(numba.int64(numba.uint64), cache=False)(_popcount64)
    _compiled = numba.njit(cache=False)(_loop)
COMPILED = numba is not None


def forcing_by_bits(masks: Array, w: Array, c: Array, counts: Array, bits: Array, beaten: Array,
                    beating: Array, loss: int, r: int) -> Array:
    """``(len(masks), 5)`` int64: gain, hands forced, replacements won, lost, not requalified."""
    if not COMPILED:
        return forcing_by_bits_numpy(masks, w, c, counts, bits, beaten, beating, loss, r)
    out = np.zeros((len(masks), 5), dtype=np.int64)
    _compiled(masks.astype(np.uint64), w.astype(np.int64), c.astype(np.int64),
              counts.astype(np.int64), bits.astype(np.uint64), beaten.astype(np.uint64),
              beating.astype(np.uint64), int(loss), int(r), out)
    return out


def forcing_by_bits_numpy(masks: Array, w: Array, c: Array, counts: Array, bits: Array, beaten: Array,
                          beating: Array, loss: int, r: int) -> Array:
    """The same sums, one draw at a time in numpy (no numba)."""
    out = np.zeros((len(masks), 5), dtype=np.int64)
    for i in range(len(masks)):
        k = int(counts[i])
        m = np.int64(masks[i])
        alive = (bits[:k] & m) == 0
        won = np.bitwise_count(beaten[:k] & ~m).astype(np.int64)
        lost = np.bitwise_count(beating[:k] & ~m).astype(np.int64)
        total = int(w[i]) * won - loss * lost
        chosen = alive & (total > int(c[i]))
        picked, nw, nl = int(chosen.sum()), int(won[chosen].sum()), int(lost[chosen].sum())
        out[i] = (int((total[chosen] - int(c[i])).sum()), picked, nw, nl, picked * r - nw - nl)
    return out
