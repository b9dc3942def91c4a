"""The kernel's subset sums: a draw's terms of the inclusion-exclusion over its cards.

:func:`subset_sum4`, :func:`subset_sum5` and :func:`subset_sum_nonempty`
sum ``(-1)^|T| arr[id(T)]`` over the subsets ``T`` (one to three cards) of a
draw's positions, in the set ids of :func:`~combin.stud.reference.cards.kernel.common.add_hand`;
:func:`own_quads_at` counts the draw's own four-card subsets of one level (the
terms with ``|T| = 4``).  Read by the level sweep of
:mod:`~combin.stud.reference.cards.kernel.sums`.
"""

import numpy as np

from combin.stud.core.compiled import jit

__all__: list[str] = []


@jit
def own_quads_at(pos, k, v, dlev, C):
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


@jit
def subset_sum4(arr, pos, pair_at, low2, triple_at):
    """:func:`subset_sum_nonempty` of four ascending positions, its 14 terms written out.

    The set ids are those of :func:`add_hand` (``1 + a``, ``off2 + a + C(b, 2)``,
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


@jit
def subset_sum5(arr, pos, pair_at, low2, triple_at):
    """:func:`subset_sum_nonempty` of five ascending positions, its 25 terms written out.

    The terms without the fifth card are :func:`subset_sum4` of the first
    four; those with it are its single, its four pairs and its six triples.
    """
    p0 = pos[0]
    p1 = pos[1]
    p2 = pos[2]
    p3 = pos[3]
    p4 = pos[4]
    s = subset_sum4(arr, pos, pair_at, low2, triple_at) - arr[1 + p4]
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


@jit
def subset_sum_nonempty(arr, pos, k, off2, off3, C):
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
