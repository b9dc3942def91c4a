"""The joint Super table of one, two or three hands of one deck, by a scan over the ranks.

:func:`scan_counts` counts every ordered deal of ``hands`` disjoint five-card
hands (1, 2 or 3) from a deck of four suits of the given ranks, by the Super
key of each hand (:func:`combin.lunar.exhaustive.super_key_codes`: class, five
J/Q/K, five J/Q/K/A, one colour, ace-king-queen, suited ace-king-queen).  It is
the method of the three-hand table of the 52-card deck (issue 14): a few
seconds where conditioning on the first hand would take days.  No hand is dealt.

**Ranks, then suits.**  A deal is read one rank at a time, deuce to ace: at a
rank, hand ``i`` takes ``a_i`` of its four cards (``a_1 + ... <= 4``), and which
suits they are is chosen afterwards.  So the deals are grouped by their *rank
profile* (the ``a_i`` of every hand at every rank) and, within a profile, by
the suits.  Everything in a key but the suit facts -- the multiplicity pattern,
straights, the five J/Q/K and J/Q/K/A, ace-king-queen -- is a function of the
rank profile; the suit facts are three per hand:

* ``F``: the five cards are of one suit (a flush);
* ``C``: they are of one colour (clubs and spades black, diamonds and hearts red);
* ``S``: the hand holds the ace, king and queen of one suit.

Each is a sum of indicators of *mutually exclusive* events, one per suit or
colour: ``F = F_c + F_d + F_h + F_s`` (five cards cannot be of two suits),
``C = C_black + C_red``, ``S = S_c + ... + S_s`` (two suited A-K-Q need six
cards).  ``F`` implies ``C``, ``F_x S_y`` is ``F_x`` times "the ranks hold A, K
and Q" when ``x = y`` and 0 otherwise, and ``C_k S_y`` is 0 unless ``y`` is of
colour ``k``.  So the exact suit facts of a hand are signed sums of five
*basis* measures, ``1, F, C, S, CS``, with coefficients fixed by the rank
profile (``akq``: the ranks hold A, K and Q)::

    flush (then C = 1, S = akq)        F
    not F, C, S                        CS - akq F
    not F, C, not S                    C - CS - (1 - akq) F
    not F, not C, S                    S - CS
    not F, not C, not S                1 - C - S + CS

(each line is an identity of indicators: e.g. ``[C][not S][not F] = C (1-S) (1-F)
= C - CS - F + FS`` as ``CF = F``; the five lines add up to 1).  A basis measure
is a sum over *modes*: ``1`` (no condition), ``F_x`` (every card of suit
``x``), ``C_k`` (every card of colour ``k``), ``S_x`` (the A, K and Q of suit
``x`` held), ``C_k S_x`` with ``x`` in ``k``: fifteen modes per hand.  A mode is
a condition on each rank separately: at a rank, the suits hand ``i`` takes must
lie in an allowed set (all, the colour, the one suit) and, at Q, K and A in the
``S`` modes, include suit ``x``.  So for a fixed mode of every hand, the number
of deals of a rank profile is the product over ranks of a *weight*: the number
of ways to give disjoint suit sets of sizes ``a_1, a_2, ...`` to the hands within
their modes' conditions -- ``4! / (a_1! a_2! a_3! (4 - sum)!)`` when every hand is
free.  Sums of products over rank profiles are what a scan over the ranks
computes.

**The scan.**  Each hand carries a small state, the least that decides its key
in the end: cards so far, multiplicity pattern, whether its ranks so far form a
block ending at the previous rank (a straight in the making), the 2-3-4-5 of a
wheel waiting for its ace, a rank below the jack, a queen, a king.  The states
are built rank by rank from these summaries and then merged where every way of
going on from them ends alike (the layered form of Moore's minimisation), which
leaves at most 42 states per hand at any rank; a hand that cannot reach five
cards is dropped.  The joint state of the hands is the tuple of theirs (at most
about 70,000 tuples occur for three hands), and the scan adds, for every
joint state and every ``(a_1, a_2, a_3)`` the rank allows, the count times the
weight into the next joint state -- for every mode tuple at once, as a vector.
After the ace every hand has five cards and its state names its *rank part*
(one of 22: pattern or straight kind, five J/Q/K, five J/Q/K/A, ace-king-queen).

**Suit symmetry.**  A suit permutation that keeps colours (eight of them) maps
modes to modes of the same basis kind and leaves every weight unchanged (a rank
has all four suits or none), so the scan runs once per orbit of mode tuples
under those eight permutations and counts the orbit's size times.  Summing over
the orbits of each kind gives the basis measures ``B[b_1, b_2, b_3][r_1, r_2, r_3]``,
and the key table is ``N[k_1, k_2, k_3] = sum of prod_i M[k_i; b_i, r_i] B[...]``
with the coefficients ``M`` (0, +1 or -1) of the lines above.

**Exactness.**  Every number is an integer; nothing is estimated.  A scan entry
counts partial deals -- disjoint card sets of at most five cards per hand -- so
it is at most ``C(52,5) C(47,5) C(42,5) < 3.4e18 < 2^63`` and the int64 scan is
exact (a weight is at most ``4! = 24``; every product added is itself such a
count).  The last step, signed sums of basis measures, is done in uint64, that
is modulo ``2^64``: sums and products modulo ``2^64`` are exact residues, and
every result is a count of deals in ``[0, 3.4e18]``, which its residue
determines.  The tables are checked against their totals ``prod C(n - 5i, 5)``,
and the tests compare them with plain enumerations of every deal on small decks,
with the two-hand inclusion-exclusion count and the single-hand table.
"""

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import permutations, product
from math import comb, prod
from typing import Any

import numpy as np
from numpy.typing import NDArray

from combin.errors import CombinError
from combin.core.cards import ACE, CLASSES, JACK, KING, QUEEN, RANKS
from combin.running.progress import Messages

#: A numpy array (transition tables, weights, counts).
Array = NDArray[Any]
#: A hand's state in the scan: its cards so far and what they hold, or a finished rank part.
State = tuple[Any, ...]

__all__ = ["MAX_HANDS", "COMPILED", "scan_counts", "hand_states", "rank_parts", "scan_table"]

MAX_HANDS = 3
"""The most hands :func:`scan_counts` counts jointly."""

_HAND = 5
_SUITS = 4
_BLACK, _RED = 0b1001, 0b0110          # clubs and spades; diamonds and hearts
_ALL = 0b1111
_WHEEL_GAP = 4                         # the rank of the six: a 2-3-4-5 closed here waits for the ace

# Basis kinds of a mode: 1, F, C, S, CS.
_ONE, _FLUSH, _COLOUR, _SUITED, _COLOUR_SUITED = range(5)
_BASES = 5


# --------------------------------------------------------------------------- one hand's states

def _complete(pattern: tuple[int, ...], run: str, low: bool, queen: bool, king: bool, rank: int) -> State:
    """The rank part of a hand that reaches five cards at ``rank``."""
    ace = rank == ACE
    if pattern == (1, 1, 1, 1, 1):
        if run == "straight":
            kind = "royal" if ace else "straight"
        elif run == "wheel_straight":
            kind = "straight"
        else:
            kind = "ace_king" if king and ace else "high"
    else:
        kind = {(4, 1): "four", (3, 2): "full", (3, 1, 1): "three", (2, 2, 1): "two_pair",
                (2, 1, 1, 1): "pair"}[pattern]
    return ("part", kind, not low and not ace, not low, queen and king and ace)


def _step(state: State, rank: int, taken: int) -> State | None:
    """The state of a hand after it takes ``taken`` cards of ``rank``, or None (too many)."""
    if state[0] == "part":
        return state if taken == 0 else None
    cards, pattern, run, low, queen, king = state
    if cards + taken > _HAND:
        return None
    if taken == 0:
        if run == "open":           # the block of ranks ends before this rank
            run = "wheel" if cards == 4 and rank == _WHEEL_GAP else "dead"
        return (cards, pattern, run, low, queen, king)
    pattern = tuple(sorted(pattern + (taken,), reverse=True))
    if pattern[0] > 1:
        run = "dead"
    elif run in ("none", "open"):
        run = "straight" if cards + taken == _HAND else "open"
    elif run == "wheel" and rank == ACE:
        run = "wheel_straight"
    else:
        run = "dead"
    low = low or rank < JACK
    queen = queen or rank == QUEEN
    king = king or rank == KING
    if cards + taken == _HAND:
        return _complete(pattern, run, low, queen, king, rank)
    return (cards + taken, pattern, run, low, queen, king)


@lru_cache(maxsize=None)
def hand_states() -> tuple[list[Array], list[State]]:
    """``(tables, parts)``: one hand's minimal scan.

    ``tables[r]`` is an int64 array ``(states before rank r, 5)``: the state
    after taking 0..4 cards of rank ``r`` (-1: impossible, or five cards can no
    longer be reached); the one state before the deuce is 0.  After the ace the
    states are the rank parts, ``parts[j]`` being ``(kind, pictures, court,
    akq)``.
    """
    levels = [[(0, (), "none", False, False, False)]]
    moves = []
    for rank in range(len(RANKS)):
        found: dict[State, int] = {}
        table = []
        for state in levels[-1]:
            row = []
            for taken in range(_SUITS + 1):
                after = _step(state, rank, taken)
                if after is not None and after[0] != "part" and \
                        after[0] + _SUITS * (len(RANKS) - 1 - rank) < _HAND:
                    after = None                      # five cards out of reach
                if after is not None:
                    found.setdefault(after, len(found))
                row.append(after)
            table.append(row)
        moves.append(table)
        levels.append(list(found))
    # Merge states whose every continuation ends alike, from the ace back to the deuce.
    parts = sorted(state[1:] for state in levels[-1])
    name = {state: parts.index(state[1:]) for state in levels[-1]}
    tables: list[Array] = [np.zeros((0, 0), dtype=np.int64)] * len(RANKS)
    for rank in range(len(RANKS) - 1, -1, -1):
        signatures: dict[tuple[int, ...], int] = {}
        rows: list[tuple[int, ...]] = []
        merged: dict[State, int] = {}
        for state, row in zip(levels[rank], moves[rank]):
            signature = tuple(-1 if after is None else name[after] for after in row)
            merged[state] = signatures.setdefault(signature, len(signatures))
            if merged[state] == len(rows):
                rows.append(signature)
        tables[rank] = np.array(rows, dtype=np.int64).reshape(len(rows), _SUITS + 1)
        name = merged
    return tables, parts


def rank_parts() -> list[State]:
    """The 22 rank parts ``(kind, pictures, court, akq)`` a finished hand can have."""
    return hand_states()[1]


# --------------------------------------------------------------------------- modes and weights

def _modes() -> tuple[tuple[int, int, int], ...]:
    """The fifteen modes of a hand: ``(basis kind, allowed suits, suit required at Q-K-A)``."""
    modes = [(_ONE, _ALL, 0)]
    modes += [(_COLOUR, colour, 0) for colour in (_BLACK, _RED)]
    modes += [(_FLUSH, 1 << suit, 0) for suit in range(_SUITS)]
    modes += [(_SUITED, _ALL, 1 << suit) for suit in range(_SUITS)]
    modes += [(_COLOUR_SUITED, _BLACK if (1 << suit) & _BLACK else _RED, 1 << suit)
              for suit in range(_SUITS)]
    return tuple(modes)


_MODES = _modes()
_COLOUR_MAPS = tuple(p for p in permutations(range(_SUITS)) if {p[0], p[3]} in ({0, 3}, {1, 2}))


def _map_suits(mask: int, suit_map: tuple[int, ...]) -> int:
    return sum(1 << suit_map[suit] for suit in range(_SUITS) if mask >> suit & 1)


@lru_cache(maxsize=None)
def _orbits(hands: int) -> tuple[list[tuple[int, ...]], list[int]]:
    """``(representatives, sizes)``: the mode tuples of ``hands`` hands up to the eight
    colour-keeping suit maps (each a tuple of mode indices), with their orbit sizes."""
    where = {mode: index for index, mode in enumerate(_MODES)}
    images = [[where[(kind, _map_suits(allowed, m), _map_suits(required, m))]
               for kind, allowed, required in _MODES] for m in _COLOUR_MAPS]
    seen: dict[tuple[int, ...], int] = {}
    for modes in product(range(len(_MODES)), repeat=hands):
        least = min(tuple(image[mode] for mode in modes) for image in images)
        seen[least] = seen.get(least, 0) + 1
    representatives = sorted(seen)
    return representatives, [seen[rep] for rep in representatives]


def _takes(hands: int) -> list[tuple[int, ...]]:
    """Every ``(a_1, ..., a_hands)`` with ``a_i >= 0`` and sum at most 4, in one fixed order."""
    return [takes for takes in product(range(_SUITS + 1), repeat=hands) if sum(takes) <= _SUITS]


def _weights(hands: int, representatives: Sequence[tuple[int, ...]], present: bool, high: bool) -> Array:
    """``(len(takes), len(representatives))`` int64: the ways to give the hands disjoint suit sets
    of the sizes ``takes`` within each hand's mode, at a rank of all four suits (``present``)
    or none, which is a queen, king or ace (``high``: the S modes need their suit there)."""
    takes = _takes(hands)
    row = {t: i for i, t in enumerate(takes)}
    weights = np.zeros((len(takes), len(representatives)), dtype=np.int64)
    suits = range(_SUITS) if present else ()
    for owners in product(range(hands + 1), repeat=len(suits)):   # owner hands: deck
        held = [0] * hands
        for suit, owner in zip(suits, owners):
            if owner < hands:
                held[owner] |= 1 << suit
        size = tuple(bin(mask).count("1") for mask in held)
        if sum(size) > _SUITS:
            continue
        for column, modes in enumerate(representatives):
            if all(held[i] & ~_MODES[m][1] == 0 and
                   (not high or held[i] & _MODES[m][2] == _MODES[m][2])
                   for i, m in enumerate(modes)):
                weights[row[size], column] += 1
    return weights


# --------------------------------------------------------------------------- the joint scan

def _transitions(hands: int, ranks_present: Sequence[bool]) -> tuple[list[tuple[Array, Array, Array, int]], Array]:
    """Per rank: ``(source, target, take)`` arrays of the joint scan, and the final tuples.

    Joint states are tuples of one state per hand, numbered by their first
    appearance order after ``numpy.unique``; ``take`` indexes :func:`_takes`.
    """
    tables, parts = hand_states()
    takes = np.array(_takes(hands), dtype=np.int64).reshape(-1, hands)
    live = np.zeros((1, hands), dtype=np.int64)
    steps = []
    for rank, table in enumerate(tables):
        width = len(tables[rank + 1]) if rank + 1 < len(tables) else len(parts)
        allowed = range(len(takes)) if ranks_present[rank] else [0]
        sources, codes, kinds = [], [], []
        for index in allowed:
            after = table[live, takes[index]]                  # (live, hands)
            ok = np.all(after >= 0, axis=1)
            code = np.zeros(int(ok.sum()), dtype=np.int64)
            for i in range(hands):
                code = code * width + after[ok, i]
            sources.append(np.flatnonzero(ok))
            codes.append(code)
            kinds.append(np.full(len(code), index, dtype=np.int64))
        code = np.concatenate(codes)
        reached, target = np.unique(code, return_inverse=True)
        steps.append((np.concatenate(sources), target.astype(np.int64), np.concatenate(kinds),
                      len(reached)))
        live = np.zeros((len(reached), hands), dtype=np.int64)
        rest = reached.copy()
        for i in range(hands - 1, -1, -1):
            live[:, i] = rest % width
            rest //= width
    return steps, live


def _advance_loop(old: Array, source: Array, target: Array, take: Array, weights: Array, new: Array) -> None:
    columns = old.shape[1]
    for p in range(source.shape[0]):
        s = source[p]
        t = target[p]
        k = take[p]
        for m in range(columns):
            new[t, m] += old[s, m] * weights[k, m]


def _advance_numpy(old: Array, source: Array, target: Array, take: Array, weights: Array, new: Array) -> None:
    for k in np.unique(take):
        chosen = take == k
        np.add.at(new, target[chosen], old[source[chosen]] * weights[k])


_advance_compiled: Callable[..., None] | None
try:
    import numba
except ImportError:          # pragma: no cover - numba is an install requirement
    _advance_compiled = None
else:
    _advance_compiled = numba.njit(cache=False)(_advance_loop)

COMPILED = _advance_compiled is not None
"""Whether the inner loop of the scan is compiled with numba (else numpy, slower, the same sums)."""


def _scan(hands: int, ranks_present: Sequence[bool], representatives: Sequence[tuple[int, ...]], steps: Sequence[tuple[Array, Array, Array, int]], compiled: bool) -> Array:
    """The scan for the given mode tuples: ``(final tuples, len(representatives))`` int64."""
    advance = _advance_compiled if compiled and _advance_compiled is not None else _advance_numpy
    weight_sets: dict[tuple[bool, bool], Array] = {}
    counts = np.zeros((1, len(representatives)), dtype=np.int64)
    counts[0] = 1
    for rank, (source, target, take, reached) in enumerate(steps):
        kind = (bool(ranks_present[rank]), rank >= QUEEN)
        if kind not in weight_sets:
            weight_sets[kind] = _weights(hands, representatives, *kind)
        new = np.zeros((reached, len(representatives)), dtype=np.int64)
        advance(counts, source, target, take, weight_sets[kind], new)
        counts = new
    return counts


def _coefficients() -> tuple[list[int], Array]:
    """``(codes, M)``: the key codes one hand can have and the uint64 matrix
    ``(5 * 22, len(codes))`` of the lines of the module docstring, row ``b * 22 + r``."""
    parts = rank_parts()
    plain = {"four": "four_of_a_kind", "full": "full_house", "three": "three_of_a_kind",
             "two_pair": "two_pair", "pair": "one_pair", "royal": "straight",
             "straight": "straight", "ace_king": "ace_king", "high": "high_card"}
    flush = {"royal": "royal_flush", "straight": "straight_flush", "ace_king": "flush",
             "high": "flush"}
    rows: dict[int, dict[int, int]] = {}
    for r, (kind, pictures, court, akq) in enumerate(parts):
        def code(name: str, colour: int, suited: int, pictures: bool = pictures, court: bool = court, akq: bool = akq) -> int:
            return (CLASSES.index(name) << 5 | pictures << 4 | court << 3 | colour << 2 |
                    akq << 1 | suited)
        terms = [(code(plain[kind], 1, 1), {_COLOUR_SUITED: 1, _FLUSH: -akq}),
                 (code(plain[kind], 1, 0), {_COLOUR: 1, _COLOUR_SUITED: -1, _FLUSH: akq - 1}),
                 (code(plain[kind], 0, 1), {_SUITED: 1, _COLOUR_SUITED: -1}),
                 (code(plain[kind], 0, 0), {_ONE: 1, _COLOUR: -1, _SUITED: -1,
                                            _COLOUR_SUITED: 1})]
        if kind in flush:
            terms.append((code(flush[kind], 1, akq), {_FLUSH: 1}))
        for key, signs in terms:
            for basis, sign in signs.items():
                if sign:
                    cell = rows.setdefault(key, {})
                    cell[basis * len(parts) + r] = cell.get(basis * len(parts) + r, 0) + sign
    codes = sorted(rows)
    matrix = np.zeros((_BASES * len(parts), len(codes)), dtype=np.uint64)
    for column, key in enumerate(codes):
        for row, sign in rows[key].items():
            matrix[row, column] = np.uint64(sign % 2 ** 64)
    return codes, matrix


def scan_table(hands: int, ranks: str = RANKS, *, chunk: int = 128, compiled: bool = True, progress: Messages | None = None) -> tuple[list[int], Array]:
    """``(codes, N)``: the key codes of one hand and the int64 array ``N`` of ``hands`` axes,
    ``N[i, j, ...]`` the ordered deals whose hands have the keys ``codes[i], codes[j], ...``.

    ``chunk`` mode tuples are scanned at a time (memory: about ``70,000 * chunk * 16`` bytes
    for three hands); ``compiled=False`` uses the numpy inner loop; ``progress``, if given, is
    called with a short message after each chunk.
    """
    if hands not in range(1, MAX_HANDS + 1):
        raise CombinError(f"the rank scan counts 1 to {MAX_HANDS} hands, not {hands!r}")
    text = str(ranks).upper().replace("10", "T")
    if not text or any(r not in RANKS for r in text) or len(set(text)) != len(text):
        raise CombinError(f"a deck is a set of distinct ranks from {RANKS}, not {ranks!r}")
    if _SUITS * len(text) < _HAND * hands:
        raise CombinError(f"{hands} hands need at least {_HAND * hands} cards; the deck has "
                          f"{_SUITS * len(text)}")
    present = [rank in text for rank in RANKS]
    parts = len(rank_parts())
    steps, finals = _transitions(hands, present)
    representatives, sizes = _orbits(hands)
    cell = np.zeros(len(finals), dtype=np.int64)
    for i in range(hands):
        cell = cell * parts + finals[:, i]
    basis = np.zeros((_BASES ** hands, parts ** hands), dtype=np.uint64)
    for start in range(0, len(representatives), chunk):
        group = representatives[start:start + chunk]
        counts = _scan(hands, present, group, steps, compiled)
        for column, modes in enumerate(group):
            kinds = 0
            for mode in modes:
                kinds = kinds * _BASES + _MODES[mode][0]
            basis[kinds, cell] += counts[:, column].astype(np.uint64) * np.uint64(
                sizes[start + column])              # the final tuples are distinct
        if progress is not None:
            progress(f"{start + len(group)} of {len(representatives)} suit-mode classes scanned")
    # Axes (b_1, ..., b_h, r_1, ..., r_h) -> (b_1 r_1, ..., b_h r_h), then the signed lines.
    table = basis.reshape((_BASES,) * hands + (parts,) * hands)
    table = table.transpose([axis for i in range(hands) for axis in (i, hands + i)])
    table = table.reshape((_BASES * parts,) * hands)
    codes, matrix = _coefficients()
    for _ in range(hands):
        table = np.tensordot(table, matrix, axes=([0], [0]))
    table = table.view(np.int64)
    total = prod(comb(_SUITS * len(text) - _HAND * i, _HAND) for i in range(hands))
    if int(table.min()) < 0 or sum(int(x) for x in table.sum(axis=0).ravel()) != total:
        raise AssertionError("the rank scan misses its total")     # pragma: no cover
    return codes, table


def scan_counts(hands: int, ranks: str = RANKS, **options: Any) -> dict[tuple[Any, ...], int]:
    """``{(key_1, ..., key_hands): ordered deals}`` by the rank scan (nonzero cells only); keys
    as :func:`combin.lunar.exhaustive.decode_super_key` gives them."""
    from combin.lunar.exhaustive import decode_super_key
    codes, table = scan_table(hands, ranks, **options)
    keys = [decode_super_key(code) for code in codes]
    return {tuple(keys[i] for i in cell): int(table[cell]) for cell in zip(*np.nonzero(table))}
