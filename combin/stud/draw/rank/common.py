"""Small compiled pieces the rank engine's passes share: binomials, bit counts, the subset tables.

The sub-multiset tables of the blind dealer hands (:func:`blind_add`,
:func:`blind_read`: inclusion-exclusion over the drawn ranks) and the subset
tables of the dealer's suited hands by rank set (:func:`add_subsets`,
:func:`signed_subsets`, :func:`sigma_sums`: inclusion-exclusion over the
drawn cards of the up card's suit) are read and written only through these.
"""


from combin.stud.core.compiled import inline, jit
from combin.stud.draw.rank.tables import BINOMIAL

__all__ = ["binom", "bit_count", "add_subsets", "signed_subsets", "sigma_sums", "expand", "blind_add",
           "blind_read", "flushes", "ways"]


@jit
def binom(a, b):
    if a < 0 or b < 0 or b > a:
        return 0
    return BINOMIAL[a, b]


@jit
def bit_count(x):
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@inline
def add_subsets(table, set_index, mask, amount):
    """Add ``amount`` to ``table`` at every subset of the rank set ``mask`` (at most four ranks).

    >>> binom(52, 5), binom(3, 4), binom(-1, 0)
    (2598960, 0, 0)

    >>> bit_count(0b1011), bit_count(0)
    (3, 0)
    """
    sub = mask
    while True:
        table[set_index[sub]] += amount
        if sub == 0:
            break
        sub = (sub - 1) & mask


@inline
def signed_subsets(table, set_index, mask):
    """``sum over subsets T of mask, |T| <= 4, of (-1)^|T| table[T]``."""
    total = 0
    sub = mask
    while True:
        index = set_index[sub]
        if index >= 0:
            if bit_count(sub) & 1:
                total -= table[index]
            else:
                total += table[index]
        if sub == 0:
            break
        sub = (sub - 1) & mask
    return total


@inline
def sigma_sums(table, set_index, supp, out, row):
    """``out[row, c] = sum over subsets T of nu, |T| <= 4, of (-1)^|T| table[T]`` for every ``nu``
    within the rank set ``supp`` (``c`` numbers ``nu`` by the bits of ``supp``, lowest first), by
    one subset-sum transform (no array made, not even a view of ``out``'s row: it runs for every
    entry of an option)."""
    s = bit_count(supp)
    size = 1 << s
    for c in range(size):
        mask = 0
        bits = 0
        rest = supp
        i = 0
        while rest:
            low = rest & -rest                  # the supp's ranks lowest first: bit i of c
            if (c >> i) & 1:
                mask |= low
                bits += 1
            rest ^= low
            i += 1
        index = set_index[mask]
        if index < 0:
            out[row, c] = 0
        elif bits & 1:
            out[row, c] = -table[index]
        else:
            out[row, c] = table[index]
    for i in range(s):
        bit = 1 << i
        for c in range(size):
            if c & bit:
                out[row, c] += out[row, c ^ bit]
    return s


@inline
def expand(c, supp):
    """The rank set of the ``c``-th subset of ``supp`` (bits of ``supp``, lowest first).

    >>> bin(expand(0b10, 0b10100)), bin(expand(0b11, 0b10100))     # the 2nd and both ranks of {2, 4}
    ('0b10000', '0b10100')
    """
    mask = 0
    i = 0
    rest = supp
    while rest:
        low = rest & -rest                      # the supp's ranks lowest first: bit i of c
        if (c >> i) & 1:
            mask |= low
        rest ^= low
        i += 1
    return mask


@inline
def blind_add(cnt, m, a, counts, sub_ptr, sub_index, dranks, dcounts):
    """Add the hands of rank multiset ``m`` to the blind table: for every sub-multiset ``t``,
    the hands holding a fixed ``T`` of ranks ``t``: ``prod_r C(a_r - t_r, m_r - t_r)``."""
    for j in range(sub_ptr[m], sub_ptr[m + 1]):
        t = sub_index[j]
        ways = 1
        for x in range(4):
            r = dranks[m, x]
            if r < 0:
                break
            tr = counts[t, r]
            ways *= binom(a[r] - tr, dcounts[m, x] - tr)
        cnt[t] += ways


@inline
def blind_read(cnt, n, sub_ptr, sub_index, sub_coef):
    total = 0
    for j in range(sub_ptr[n], sub_ptr[n + 1]):
        total += sub_coef[j] * cnt[sub_index[j]]
    return total


@inline
def flushes(supp, k, ksuit, sigma, avail):
    """The draws of a blind entry (its drawn ranks ``supp``, a rank mask: ``mmask[n]``) whose final
    five is a flush: the one all of ``sigma`` (the kept cards of ``sigma`` or none, something drawn
    or the five kept suited in ``sigma``) and one per other suit that holds every drawn rank (the
    kept cards of that suit or none).

    >>> import numpy as np
    >>> avail = np.array([0b111, 0b011, 0b111, 0b001])     # the unseen ranks of each suit
    >>> int(flushes(0b110, 3, -2, 0, avail)), int(flushes(0b110, 3, 1, 0, avail))
    (2, 0)
    """
    found = 0
    if (ksuit == -2 or ksuit == sigma) and (supp & avail[sigma]) == supp and (k > 0 or ksuit == sigma):
        found += 1
    for s in range(4):
        if s != sigma and (ksuit == -2 or ksuit == s) and (supp & avail[s]) == supp:
            found += 1
    return found


@inline
def ways(m, a, out, dranks, dcounts):
    """How many hands of rank multiset ``m`` the unseen ranks ``a`` hold, one card of rank ``out``
    set aside (-1: none): ``prod_r C(a_r - [r = out], m_r)``.

    >>> import numpy as np
    >>> from combin.stud.draw.rank.tables import build
    >>> t = build()
    >>> pair = next(m for m in range(len(t.dcounts)) if t.dcounts[m, 0] == 2 and t.dranks[m, 1] < 0)
    >>> a = np.full(13, 4, np.int64)
    >>> ways(pair, a, -1, t.dranks, t.dcounts), ways(pair, a, int(t.dranks[pair, 0]), t.dranks, t.dcounts)
    (6, 3)
    """
    found = 1
    for x in range(dranks.shape[1]):
        r = dranks[m, x]
        if r < 0:
            break
        found *= binom(a[r] - (1 if r == out else 0), dcounts[m, x])
    return found
