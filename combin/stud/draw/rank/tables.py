"""The rank engine's fixed tables: rank multisets, their sub-multisets, hand levels, forcing rows.

Nothing here depends on a situation; every table is built once per process
by compiled code (:func:`build`) and read by :mod:`combin.stud.draw.rank.kernel`.

*Multisets.*  A multiset of ``k <= 5`` ranks (13 ranks, ``0`` a deuce) with
its ranks ascending ``r_1 <= ... <= r_k`` is numbered ``OFFSET[k] + sum_i
C(r_i + i - 1, i)`` (``i`` from 1): ``c_i = r_i + i - 1`` is a strictly
increasing ``k``-subset of ``0 .. 12 + k - 1`` and the sum its colexicographic
rank (:func:`multiset_index`).  Sizes 0 to 5 take ``1, 13, 91, 455, 1820,
6188`` numbers (the 13 five-of-a-kinds are numbered and never used).

*Inclusion-exclusion.*  For a drawn multiset ``n`` the dealer hands avoiding
the drawn cards are ``sum_{T subset N} (-1)^|T|`` times those containing
``T``; grouping the subsets ``T`` by their ranks ``t <= n`` gives the weights
``(-1)^|t| prod_r C(n_r, t_r)`` (``|t| <= 4``: a dealer hand holds four cards).
``SUB_PTR/SUB_INDEX/SUB_COEF`` list them for every multiset of at most five.

*Levels.*  ``LEVELS`` are the 7,462 values of five-card hands
(:func:`combin.stud.core.values.hand_value`) in ascending order; a hand's level
is its place there, so levels compare as values do and equal levels tie.
``LEVEL_PLAIN[i]`` / ``LEVEL_FLUSH[i]`` are the levels of the five-rank
multiset ``i`` unsuited / suited (-1 where five suited cards cannot hold it).

*Dealer rows.*  For each up rank ``u`` and four-rank multiset ``m``:
``DEALER_LEVEL[u, m]``, the level of the unsuited five ``m + u`` (-1 when a
rank would appear five times).  Where the five do not qualify (five distinct
ranks, no straight, not an ace and a king: :data:`NOT_QUALIFIED`) the forcing
rows of L10, one set per card replaced (:data:`~combin.stud.core.rules.ForceCard`,
:meth:`Tables.forcing_rows`): the rank ``HIGH`` is replaced -- the highest
(L10=replace-highest-once), or the lowest (replace-lowest-once) -- and
``REST`` are the four ranks left; a replacement of a rank of ``REST`` pairs it
(``PAIR_LEVEL``), one of ``STRAIGHT_RANK`` makes a straight
(``STRAIGHT_LEVEL``, or ``STRAIGHT_FLUSH_LEVEL`` in the suit of four suited
cards left), one of ``ACE_KING_RANK`` an ace-king (``ACE_KING``, a high card
that qualifies), and in that suit any other rank makes a flush
(``FLUSH_LEVEL[u, m, rank]``).

The ace-king rank: ``R + x`` (five distinct ranks) qualifies without a
straight iff it holds an ace and a king.  ``R`` holds at most one of them (the
five did not qualify), so at most one ``x`` does it: the king when ``R`` holds
the ace, the ace when it holds the king.  With the highest replaced there is
none (an ace or a king of the five was its highest, and went: ``R`` holds
neither); with the lowest replaced the four highest stay, and an ace or a king
among them makes one -- unless that rank completes a straight (``R`` = A Q J T
with a king, K Q J T with an ace), where the straight is the better hand and
the rank is a ``STRAIGHT_RANK``.  The tables find the rank by evaluating every
``R + x`` (none is assumed) and stop if a row had two.
"""

import sys
from math import comb

import numpy as np

from combin.stud.core.values import (CATEGORY_SHIFT, FLUSH, FULL_HOUSE, HIGH_CARD, ONE_PAIR, QUADS,
                                     QUALIFY, STRAIGHT, STRAIGHT_FLUSH, TRIPS, TWO_PAIR)
from combin.stud.core.compiled import inline, jit

__all__ = ["OFFSET", "MULTISETS", "multiset_index", "value5", "build", "Tables", "FORCING_ROWS"]

#: The tables of the forcing rows, one set per card replaced (:meth:`Tables.forcing_rows`).
FORCING_ROWS = ("high", "rest", "pair", "straight_rank", "straight", "straight_flush", "flush", "ace_king_rank",
                "ace_king")

#: Where the multisets of each size start in the common numbering (size 6 is the end).
OFFSET = np.array([0, 1, 14, 105, 560, 2380, 8568], dtype=np.int64)
#: How many multisets of at most five ranks are numbered.
MULTISETS = int(OFFSET[6])
#: ``BINOMIAL[a, b] = C(a, b)`` for ``a, b <= 52``.
BINOMIAL = np.array([[comb(a, b) for b in range(53)] for a in range(53)], dtype=np.int64)


@inline
def multiset_index(counts):
    """The number of the multiset with ``counts[r]`` cards of rank ``r`` (at most five in all).

    >>> import numpy as np
    >>> counts = np.zeros(13, np.int64)
    >>> int(multiset_index(counts)), counts.__setitem__(12, 1), int(multiset_index(counts))
    (0, None, 13)
    """
    k = 0
    index = 0
    for r in range(13):
        for _ in range(counts[r]):
            k += 1
            index += BINOMIAL[r + k - 1, k]
    return OFFSET[k] + index


@jit
def value5(counts, flush):
    """The value (:func:`~combin.stud.core.values.hand_value`) of five cards with these rank
    counts, suited if ``flush`` (only where the five ranks are distinct).

    >>> import numpy as np
    >>> from combin.core.cards import parse_cards
    >>> from combin.stud.core.values import hand_value
    >>> counts = np.zeros(13, np.int64)
    >>> for card in parse_cards("As Ks Qs Js Ts"):
    ...     counts[card >> 2] += 1
    >>> value5(counts, True) == hand_value(parse_cards("As Ks Qs Js Ts"))
    True
    """
    distinct = 0
    low = 13
    high = -1
    for r in range(13):
        if counts[r] > 0:
            distinct += 1
            if r < low:
                low = r
            high = r
    top = -1
    if distinct == 5:
        if high - low == 4:
            top = high
        elif counts[12] == 1 and counts[0] == 1 and counts[1] == 1 and counts[2] == 1 and counts[3] == 1:
            top = 3
    if top >= 0:
        category = STRAIGHT_FLUSH if flush else STRAIGHT
        return category * CATEGORY_SHIFT + top * 16 ** 4
    # ranks by (count, rank) descending, each written as often as it is held
    tiebreak = 0
    written = 0
    largest = 0
    second = 0
    for c in range(4, 0, -1):
        for r in range(12, -1, -1):
            if counts[r] == c:
                if c > largest:
                    largest = c
                elif c > second:
                    second = c
                for _ in range(c):
                    tiebreak = tiebreak * 16 + r
                    written += 1
    if flush:
        category = FLUSH
    elif largest == 4:
        category = QUADS
    elif largest == 3:
        category = FULL_HOUSE if second == 2 else TRIPS
    elif largest == 2:
        category = TWO_PAIR if second == 2 else ONE_PAIR
    else:
        category = HIGH_CARD
    return category * CATEGORY_SHIFT + tiebreak


@jit
def _multisets():
    """Every multiset of at most five ranks (none held five times): counts, size, number."""
    counts = np.zeros((MULTISETS, 13), np.int8)
    size = np.zeros(MULTISETS, np.int64)
    valid = np.zeros(MULTISETS, np.bool_)
    c = np.zeros(13, np.int64)
    for k in range(6):
        # ranks ascending r_0 <= ... <= r_{k-1}, as an odometer
        r = np.zeros(max(k, 1), np.int64)
        while True:
            for x in range(13):
                c[x] = 0
            ok = True
            for i in range(k):
                c[r[i]] += 1
                if c[r[i]] > 4:
                    ok = False
            if ok:
                index = multiset_index(c)
                for x in range(13):
                    counts[index, x] = c[x]
                size[index] = k
                valid[index] = True
            # next non-decreasing sequence
            i = k - 1
            while i >= 0 and r[i] == 12:
                i -= 1
            if i < 0:
                break
            r[i] += 1
            for j in range(i + 1, k):
                r[j] = r[i]
    return counts, size, valid


@jit
def _submultisets(counts, size, valid):
    """For every multiset ``n`` of at most five: its sub-multisets ``t`` of at most four with the
    inclusion-exclusion weight ``(-1)^|t| prod C(n_r, t_r)`` (CSR arrays)."""
    total = 0
    for index in range(MULTISETS):
        if valid[index]:
            ways = 1
            for r in range(13):
                ways *= counts[index, r] + 1
            total += ways
    ptr = np.zeros(MULTISETS + 1, np.int64)
    sub = np.empty(total, np.int64)
    coef = np.empty(total, np.int64)
    t = np.zeros(13, np.int64)
    at = 0
    for index in range(MULTISETS):
        ptr[index] = at
        if not valid[index]:
            continue
        ranks = np.empty(5, np.int64)
        held = np.empty(5, np.int64)
        nd = 0
        for r in range(13):
            if counts[index, r] > 0:
                ranks[nd] = r
                held[nd] = counts[index, r]
                nd += 1
        pick = np.zeros(5, np.int64)
        while True:
            k = 0
            weight = 1
            for x in range(13):
                t[x] = 0
            for j in range(nd):
                t[ranks[j]] = pick[j]
                k += pick[j]
                weight *= BINOMIAL[held[j], pick[j]]
            if k <= 4:
                sub[at] = multiset_index(t)
                coef[at] = -weight if k % 2 else weight
                at += 1
            j = 0
            while j < nd and pick[j] == held[j]:
                pick[j] = 0
                j += 1
            if j == nd:
                break
            pick[j] += 1
    ptr[MULTISETS] = at
    return ptr, sub[:at], coef[:at]


@jit
def _levels(counts, size, valid):
    """The sorted values of all five-card hands and the level of every five-rank multiset."""
    plain = np.full(MULTISETS, -1, np.int64)
    suited = np.full(MULTISETS, -1, np.int64)
    found = np.empty(2 * (OFFSET[6] - OFFSET[5]), np.int64)
    nfound = 0
    c = np.zeros(13, np.int64)
    for index in range(OFFSET[5], OFFSET[6]):
        if not valid[index]:
            continue
        distinct = 0
        for r in range(13):
            c[r] = counts[index, r]
            if c[r] > 0:
                distinct += 1
        plain[index] = value5(c, False)
        found[nfound] = plain[index]
        nfound += 1
        if distinct == 5:
            suited[index] = value5(c, True)
            found[nfound] = suited[index]
            nfound += 1
    values = np.unique(found[:nfound])
    level_plain = np.full(MULTISETS, -1, np.int64)
    level_suited = np.full(MULTISETS, -1, np.int64)
    for index in range(OFFSET[5], OFFSET[6]):
        if plain[index] >= 0:
            level_plain[index] = np.searchsorted(values, plain[index])
        if suited[index] >= 0:
            level_suited[index] = np.searchsorted(values, suited[index])
    return values, level_plain, level_suited


@jit
def _dealer_rows(counts, valid, level_plain, level_suited, qualify, lowest):
    """The dealer's five per up rank and four-rank multiset, and the forcing rows of the fives
    that do not qualify, the lowest rank replaced if ``lowest``, else the highest (see the module
    docstring)."""
    lo, hi = OFFSET[4], OFFSET[5]
    width = hi - lo
    dealer = np.full((13, width), -1, np.int64)
    not_qualified = np.zeros((13, width), np.bool_)
    high = np.full((13, width), -1, np.int64)
    rest = np.full((13, width, 4), -1, np.int64)
    pair = np.full((13, width, 4), -1, np.int64)
    straight_rank = np.full((13, width, 2), -1, np.int64)
    straight = np.full((13, width, 2), -1, np.int64)
    straight_flush = np.full((13, width, 2), -1, np.int64)
    flush = np.full((13, width, 13), -1, np.int64)
    ace_king_rank = np.full((13, width), -1, np.int64)
    ace_king = np.full((13, width), -1, np.int64)
    c = np.zeros(13, np.int64)
    for up in range(13):
        for index in range(lo, hi):
            if not valid[index] or counts[index, up] >= 4:
                continue
            for r in range(13):
                c[r] = counts[index, r]
            c[up] += 1
            five = multiset_index(c)
            level = level_plain[five]
            dealer[up, index - lo] = level
            if level >= qualify:
                continue
            distinct = 0
            for r in range(13):
                if c[r] > 0:
                    distinct += 1
            if distinct != 5:
                continue
            not_qualified[up, index - lo] = True
            top = -1                          # the rank replaced: the highest, or the lowest
            for r in range(13):
                if c[r] > 0 and (top < 0 or not lowest):
                    top = r
            high[up, index - lo] = top
            c[top] -= 1                       # the four ranks left
            j = 0
            for r in range(13):
                if c[r] > 0:
                    rest[up, index - lo, j] = r
                    j += 1
            for j in range(4):
                r = rest[up, index - lo, j]
                c[r] += 1
                pair[up, index - lo, j] = level_plain[multiset_index(c)]
                c[r] -= 1
            s = 0
            for r in range(13):
                if c[r] > 0:
                    continue
                c[r] += 1
                idx = multiset_index(c)
                flush[up, index - lo, r] = level_suited[idx]
                # a straight: the plain five is a straight (category 4)
                if r != top and level_suited[idx] >= 0 and level_plain[idx] >= 0:
                    if _is_straight(c):
                        straight_rank[up, index - lo, s] = r
                        straight[up, index - lo, s] = level_plain[idx]
                        straight_flush[up, index - lo, s] = level_suited[idx]
                        s += 1
                    elif level_plain[idx] >= qualify:
                        # five distinct ranks, no straight, qualifying: an ace-king (one rank at most)
                        if ace_king_rank[up, index - lo] >= 0:
                            raise ValueError("a forcing row with two ace-king ranks")
                        ace_king_rank[up, index - lo] = r
                        ace_king[up, index - lo] = level_plain[idx]
                c[r] -= 1
            c[top] += 1
    return (dealer, not_qualified, high, rest, pair, straight_rank, straight, straight_flush, flush, ace_king_rank,
            ace_king)


@jit
def _is_straight(c):
    low = 13
    top = -1
    distinct = 0
    for r in range(13):
        if c[r] > 0:
            distinct += 1
            if r < low:
                low = r
            top = r
    if distinct != 5:
        return False
    if top - low == 4:
        return True
    return c[12] == 1 and c[0] == 1 and c[1] == 1 and c[2] == 1 and c[3] == 1


@jit
def _rank_lists(counts):
    """Per multiset: its distinct ranks (the first four, -1 padded; and all five with their counts)
    ascending, their bit mask, and its ranks one by one ascending (-1 padded)."""
    mranks = np.full((MULTISETS, 4), -1, np.int64)
    mmask = np.zeros(MULTISETS, np.int64)
    dranks = np.full((MULTISETS, 5), -1, np.int64)
    dcounts = np.zeros((MULTISETS, 5), np.int64)
    sorted_ranks = np.full((MULTISETS, 5), -1, np.int64)
    for index in range(MULTISETS):
        d = 0
        at = 0
        for q in range(13):
            c = counts[index, q]
            if c > 0 and d < 5:
                mmask[index] |= 1 << q
                if d < 4:
                    mranks[index, d] = q
                dranks[index, d] = q
                dcounts[index, d] = c
                d += 1
                for _ in range(c):
                    if at < 5:
                        sorted_ranks[index, at] = q
                        at += 1
    return mranks, mmask, dranks, dcounts, sorted_ranks


@jit
def _set_index():
    """The number of every rank set of at most four ranks (by bit mask; -1 above four)."""
    index = np.full(1 << 13, -1, np.int64)
    at = 0
    for k in range(5):
        for mask in range(1 << 13):
            bits = 0
            x = mask
            while x:
                bits += x & 1
                x >>= 1
            if bits == k:
                index[mask] = at
                at += 1
    return index, at


class Tables:
    """The fixed tables, built once per process by :func:`build` (see the module docstring).

    >>> tables = build()
    >>> len(tables.levels), int(tables.qualify), int(tables.sub_ptr[-1]) > 100_000
    (7462, 1113, True)
    """

    counts: np.ndarray
    size: np.ndarray
    valid: np.ndarray
    sub_ptr: np.ndarray
    sub_index: np.ndarray
    sub_coef: np.ndarray
    levels: np.ndarray
    level_plain: np.ndarray
    level_suited: np.ndarray
    dealer: np.ndarray
    not_qualified: np.ndarray
    high: np.ndarray
    rest: np.ndarray
    pair: np.ndarray
    straight_rank: np.ndarray
    straight: np.ndarray
    straight_flush: np.ndarray
    flush: np.ndarray
    ace_king_rank: np.ndarray
    ace_king: np.ndarray
    set_index: np.ndarray
    mranks: np.ndarray
    mmask: np.ndarray
    dranks: np.ndarray
    dcounts: np.ndarray
    sorted_ranks: np.ndarray
    qualify: int
    sets: int
    straight_level: int
    flush_level: int

    def __init__(self) -> None:
        # the tables depend on this module's code alone: kept in the user's cache folder between
        # runs (combin.running.cache: keyed by a digest of the code, read back only if intact)
        import combin.stud.core.values
        from combin.running.cache import cached_arrays, source_digest
        arrays = cached_arrays("rank-tables", source_digest(sys.modules[__name__], combin.stud.core.values),
                               _compute)
        for name, array in arrays.items():
            setattr(self, name, array)
        for name in ("qualify", "sets", "straight_level", "flush_level"):
            setattr(self, name, int(arrays[name]))
        self._arrays = arrays

    def forcing_rows(self, which: str) -> dict[str, np.ndarray]:
        """The forcing rows (:data:`FORCING_ROWS`, by name) when forcing replaces the dealer's
        ``which`` card (:class:`~combin.stud.core.rules.ForceCard`: ``highest``, the attributes
        of the same names, or ``lowest``).

        >>> tables = build()
        >>> int((tables.forcing_rows("highest")["ace_king_rank"] >= 0).sum())   # never with the highest gone
        0
        >>> int((tables.forcing_rows("lowest")["ace_king_rank"] >= 0).sum()) > 0
        True
        """
        prefix = _PREFIX[which]
        return {name: self._arrays[prefix + name] for name in FORCING_ROWS}


#: The prefix of each card replaced's forcing rows among the tables' arrays.
_PREFIX = {"highest": "", "lowest": "lowest_"}


def _compute() -> dict[str, np.ndarray]:
    """Every table of :class:`Tables`, by name (the integers as 0-d arrays)."""
    found: dict[str, np.ndarray] = {}
    counts, size, valid = _multisets()
    found.update(counts=counts, size=size, valid=valid)
    found["sub_ptr"], found["sub_index"], found["sub_coef"] = _submultisets(counts, size, valid)
    levels, level_plain, level_suited = _levels(counts, size, valid)
    found.update(levels=levels, level_plain=level_plain, level_suited=level_suited)
    qualify = int(np.searchsorted(levels, QUALIFY))
    for which, prefix in _PREFIX.items():
        rows = _dealer_rows(counts, valid, level_plain, level_suited, qualify, which == "lowest")
        found.update(dealer=rows[0], not_qualified=rows[1])
        for name, array in zip(FORCING_ROWS, rows[2:]):
            found[prefix + name] = array
    set_index, sets = _set_index()
    found["set_index"] = set_index
    lists = _rank_lists(counts)
    for name, array in zip(("mranks", "mmask", "dranks", "dcounts", "sorted_ranks"), lists):
        found[name] = array
    found["qualify"] = np.array(qualify)
    found["sets"] = np.array(sets)
    found["straight_level"] = np.array(int(np.searchsorted(levels, STRAIGHT * CATEGORY_SHIFT)))
    found["flush_level"] = np.array(int(np.searchsorted(levels, FLUSH * CATEGORY_SHIFT)))
    return found


_BUILT: list[Tables] = []


def build() -> Tables:
    """The process's :class:`Tables` (built on the first call).

    >>> tables = build()
    >>> tables is build(), len(tables.levels) > 7000
    (True, True)
    """
    if not _BUILT:
        _BUILT.append(Tables())
    return _BUILT[0]
