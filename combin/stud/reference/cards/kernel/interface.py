"""The kernel's inputs by name: the situation's tables, a batch of draws, the pay levels.

The compiled passes of :mod:`combin.stud.reference.cards.kernel.sums` take these
NamedTuples (numba reads a NamedTuple of arrays and integers field by field)
instead of some fifty positional arguments, so that a field is found by its
name and a wrong order cannot compile and run.  The engine
(:class:`combin.stud.reference.cards.engine.Engine`) builds :class:`SituationTables` and
:class:`ForcingRows` once per situation, a :class:`DrawBatch` per call and
:class:`PayLevels` from the rules; :class:`SumsWork` holds the work arrays it
reuses between calls.

Every array is an exact integer array (int16 to int64, as each field says);
nothing here is a float.  The hand categories the kernel branches on are
those of :mod:`combin.stud.core.values`; the two small vocabularies it adds --
which outs bound a non-qualifying row and which of the player's own kind are
compared level by level -- are named here.

>>> PAIR_OUTS, STRAIGHT_OUTS, FLUSH_OUTS, STRAIGHT_FLUSH_OUTS
(0, 1, 2, 3)
>>> PAIR_BOUND, STRAIGHT_BOUND, ALL_BOUND
(0, 1, 2)
>>> DrawBatch._fields[:3]
('offsets', 'sizes', 'packed')
"""

from typing import NamedTuple

import numpy as np

__all__ = ["SituationTables", "ForcingRows", "DrawBatch", "PayLevels", "SumsWork", "ForceLimits", "PAIR_BOUND",
           "STRAIGHT_BOUND", "ALL_BOUND", "PAIR_OUTS", "STRAIGHT_OUTS", "FLUSH_OUTS", "STRAIGHT_FLUSH_OUTS"]

#: The bound a player's category reads on a non-qualifying row (``ranked[t]``, ``ge[t]``): the
#: row's pair outs (a player below a straight), its pair and straight outs (a straight), all.
PAIR_BOUND, STRAIGHT_BOUND, ALL_BOUND = range(3)

#: The player's own kind of outs, compared level by level in the forcing sums: the outs pairing
#: the row (a player below a straight), making a straight, a flush, a straight flush.
PAIR_OUTS, STRAIGHT_OUTS, FLUSH_OUTS, STRAIGHT_FLUSH_OUTS = range(4)


class SituationTables(NamedTuple):
    """The dealer's side of one situation (:func:`~combin.stud.reference.cards.kernel.dealer_tables`), built once.

    Set ids are those of the kernel: the empty set 0, ``{a}`` is ``1 + a``,
    ``{a < b}`` is ``1 + n + a + C(b, 2)``, ``{a < b < c}`` follows the pairs.
    """

    #: The unseen cards (the draw positions are ``0 .. n - 1``).
    n: int
    #: ``comb[a, b] = C(a, b)`` (int64, :data:`~combin.stud.reference.cards.kernel.COMB`).
    comb: np.ndarray
    #: The dealer level of every 4-subset of the unseen cards, by colex index (int16 or int32).
    dlev: np.ndarray
    #: Per set of at most three unseen positions, the non-qualifying hands holding it (int16; the
    #: empty set's entry wraps and is never read).
    ncnt: np.ndarray
    #: The number of non-qualifying dealer hands (read in place of ``ncnt[0]``).
    nnq: int
    #: The lowest qualifying level.
    qlev: int
    #: The qualifying hands, four positions packed six bits each, sorted by level (int64).
    qpacked: np.ndarray
    #: Their levels, ascending.
    qlevel: np.ndarray
    #: Their bit masks of unseen positions (int64).
    qbits: np.ndarray


class ForcingRows(NamedTuple):
    """The non-qualifying dealer hands (rows) and their outs, gathered for the forcing sums (L10).

    The rows are ordered by a bound (:data:`PAIR_BOUND`, :data:`STRAIGHT_BOUND`,
    :data:`ALL_BOUND`) descending; ``pairs_*`` are in the order of the pair
    bound (the class-decided sums below a straight: two pair, trips), ``all_*``
    in that of every out (full house, quads), ``kind_*`` per own kind
    (:data:`PAIR_OUTS` ...) in its bound's order.  Every mask is an int64 of
    unseen positions.
    """

    #: How many rows (non-qualifying dealer hands).
    nrows: int
    #: Per row: the positions of its outs, their levels, and where each kind's outs start.
    outs: np.ndarray
    outlev: np.ndarray
    starts: np.ndarray
    #: ``ranked[t]``: the rows by bound ``t`` descending; ``ge[t, b]``: the rows with bound >= ``b``.
    ranked: np.ndarray
    ge: np.ndarray
    #: In the pair bound's order: the row's cards, its outs beaten and beating the player, its
    #: rank-blind outs (two rows) and its rows with flush outs (six rows, see ``_suited_difference``).
    pairs_hb: np.ndarray
    pairs_beaten: np.ndarray
    pairs_beating: np.ndarray
    pairs_plain: np.ndarray
    pairs_suited: np.ndarray
    #: The same in the order of every out.
    all_hb: np.ndarray
    all_beaten: np.ndarray
    all_beating: np.ndarray
    all_plain: np.ndarray
    all_suited: np.ndarray
    #: ``(4, rows)`` per own kind: the row's cards, outs of a lower kind, of a higher kind, of its own.
    kind_hb: np.ndarray
    kind_beaten: np.ndarray
    kind_beating: np.ndarray
    kind_own: np.ndarray
    #: Per own kind: the rows with any own out (ascending) and how many.
    own_list: np.ndarray
    own_count: np.ndarray
    #: Per own kind: those rows' own outs, contiguous (:func:`~combin.stud.reference.cards.kernel.own_outs`).
    own_ptr: np.ndarray
    own_bit: np.ndarray
    own_lev: np.ndarray
    #: The rows by rank class for the rank-blind class-decided sums, in the two bit groups (pairs,
    #: all; :func:`~combin.stud.reference.cards.kernel.forcing.rank_classes`), and whether they hold (else the
    #: sums go row by row).
    pairs_classes: np.ndarray
    all_classes: np.ndarray
    by_class: bool
    #: The rank of each unseen position (int64).
    rank_of: np.ndarray


class DrawBatch(NamedTuple):
    """Every draw of the options of one call, option by option, each in lexicographic order."""

    #: The draws of option ``o`` are ``offsets[o]:offsets[o + 1]``.
    offsets: np.ndarray
    #: Cards drawn per option.
    sizes: np.ndarray
    #: Per draw: its positions packed six bits each, the count above bit 30 (int64).
    packed: np.ndarray
    #: Per draw: the player's final level (int32).
    level: np.ndarray
    #: Per draw: the first draw of its group (:func:`~combin.stud.reference.cards.kernel.draw_groups`, int32).
    rep: np.ndarray
    #: Per option: where its six-card wins start in ``six_win``, or -1 (a five-card final hand).
    six_start: np.ndarray
    #: The win (Ante pay plus the Bet times its pays) of each draw of a six-card option.
    six_win: np.ndarray


class PayLevels(NamedTuple):
    """The rules' pays per level of the deck's hand table, in Ante units (whole numbers)."""

    #: The win of a five-card final hand of each level (``nopay`` where a pay is not whole).
    win_level: np.ndarray
    #: The Ante pay when the dealer does not qualify, per level.
    take_level: np.ndarray
    #: The hand category of each level (:mod:`combin.stud.core.values`).
    category: np.ndarray
    #: The mark of a pay that is not a whole number of Ante units (refused by the caller).
    nopay: int
    #: What a play loses: the Ante and the Bet.
    loss: int
    #: The force fee (L10), or -1 when the game has no forcing.
    fee: int


class ForceLimits(NamedTuple):
    """Where the forcing rows of a draw can pay: the largest bound of any row, and the rows to visit."""

    #: ``top[t]``: the largest bound ``t`` (:data:`PAIR_BOUND` ...) of any row.
    top: np.ndarray
    #: ``fcount[k, v]``: the rows summed for a five-card final hand of level ``v`` after ``k`` cards.
    fcount: np.ndarray


class SumsWork(NamedTuple):
    """Work and result arrays the caller supplies (at least as many rows as draws).

    Every entry read is written first in the call, so stale contents change nothing.
    """

    #: Per swept draw, in sweep order: the qualifying hands below the player and tied with it.
    bt: np.ndarray
    #: The swept draws' packed positions in sweep order.
    entry: np.ndarray
    #: Per draw: its place in the sweep order.
    slot: np.ndarray
    #: Per draw: the play numerator (the result).
    numerator: np.ndarray
