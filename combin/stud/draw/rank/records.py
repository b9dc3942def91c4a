"""The rank engine's inputs by name: the records its compiled passes take.

The passes of :mod:`combin.stud.draw.rank.kernel` take these NamedTuples (numba
reads a NamedTuple of arrays and integers field by field) instead of long
positional lists, so a field is found by its name and a wrong order cannot
compile and run.  :class:`~combin.stud.draw.rank.engine.RankEngine` builds
:class:`RankTables` and :class:`RowTables` once per process, :class:`Unseen`
and :class:`OptionArrays` per situation, and reads the rules' pays as
:class:`~combin.stud.core.pays.WholePays`; :class:`RanksState` and
:class:`SuitsState` are what :func:`~combin.stud.draw.rank.kernel.prepare_ranks`
and :func:`~combin.stud.draw.rank.kernel.prepare_suits` give back.  Inside the
pass of one option (:mod:`~combin.stud.draw.rank.exact`), a draw class's
counts travel as :class:`DrawClass`, one sub-entry's draws as
:class:`SubEntry`, the forcing rows to visit as :class:`RowOrder` and the
outcome table as :class:`Tally`.

Every array is an exact integer array (int64 unless a field says otherwise);
nothing here is a float.

>>> Unseen._fields
('a', 'avail', 'up', 'sigma', 'n')
>>> len(RankTables._fields), RowTables._fields[:3]
(33, ('mranks', 'mmask', 'high'))
"""

from typing import NamedTuple

import numpy as np

__all__ = ["RankTables", "RowTables", "Unseen", "OptionArrays", "RanksState", "SuitsState", "BoundPlan",
           "DrawClass", "SubEntry", "RowOrder", "CaseTwo", "Tally", "ForcingMemo", "Choice", "DrawScratch",
           "row_tables"]


class RankTables(NamedTuple):
    """The fixed tables of :func:`~combin.stud.draw.rank.tables.build`, as the passes read them."""

    #: Per rank multiset: the count of each rank (int64), whether it is a dealer hand of four.
    counts: np.ndarray
    valid: np.ndarray
    #: The sub-multisets of each multiset (pointers, indices, coefficients).
    sub_ptr: np.ndarray
    sub_index: np.ndarray
    sub_coef: np.ndarray
    #: Per multiset and up rank: the level unsuited, and suited (a flush with the up card).
    level_plain: np.ndarray
    level_suited: np.ndarray
    #: The lowest qualifying level; the dealer's level of each hand.
    qualify: int
    dealer_level: np.ndarray
    #: Per up rank: the non-qualifying rows (multiset indices) and how many.
    nq_rows: np.ndarray
    nq_count: np.ndarray
    #: The forcing rows' tables of the card replaced (see :class:`RowTables`).
    high: np.ndarray
    rest: np.ndarray
    pair: np.ndarray
    straight_rank: np.ndarray
    straight: np.ndarray
    straight_flush: np.ndarray
    flush: np.ndarray
    #: The index of each rank set among the subsets tables, and how many sets.
    set_index: np.ndarray
    sets: int
    #: The lowest level of a straight and of a flush; the number of levels and their values.
    straight_level: int
    flush_level: int
    nlev: int
    levels: np.ndarray
    #: Per multiset: its ranks and its rank mask.
    mranks: np.ndarray
    mmask: np.ndarray
    #: Per level: the class of the player's final hand (:data:`combin.core.cards.CLASSES`).
    level_class: np.ndarray
    #: Per multiset: its distinct ranks and their counts; the ranks sorted.
    dranks: np.ndarray
    dcounts: np.ndarray
    sorted_ranks: np.ndarray
    #: The forcing rows' ace-king outs (see :class:`RowTables`), and the most outs a player below a
    #: straight can beat (:data:`~combin.stud.core.rules.WEAK_OUTS` of the card replaced).
    ace_king_rank: np.ndarray
    ace_king: np.ndarray
    weak_outs: int


class RowTables(NamedTuple):
    """The tables the forcing loops read of a non-qualifying row (a :class:`RankTables` part), for
    the card forcing replaces (L10; :meth:`~combin.stud.draw.rank.tables.Tables.forcing_rows`):
    ``high`` the rank replaced, ``rest`` the four left, ``ace_king_rank`` the rank that makes
    them an ace-king (-1 where none does: always when the highest is replaced)."""

    mranks: np.ndarray
    mmask: np.ndarray
    high: np.ndarray
    rest: np.ndarray
    pair: np.ndarray
    straight_rank: np.ndarray
    straight: np.ndarray
    straight_flush: np.ndarray
    flush: np.ndarray
    ace_king_rank: np.ndarray
    ace_king: np.ndarray


def row_tables(tables: RankTables) -> RowTables:
    """The :class:`RowTables` part of ``tables``.

    >>> from combin.stud.draw.rank.tables import build
    >>> t = build()
    >>> rows = RowTables(t.mranks, t.mmask, t.high, t.rest, t.pair, t.straight_rank, t.straight, t.straight_flush,
    ...                  t.flush, t.ace_king_rank, t.ace_king)
    >>> rows.mmask is t.mmask, RowTables._fields == tuple(RowTables._fields)
    (True, True)
    """
    return RowTables(*(getattr(tables, name) for name in RowTables._fields))


class Unseen(NamedTuple):
    """The cards a situation's player has not seen, by rank and suit, and the dealer's up card.

    >>> import numpy as np
    >>> from combin.core.cards import parse_cards
    >>> cards = parse_cards("9s Th Jd Qc Ks")
    >>> a, avail = np.zeros(13, np.int64), np.zeros(4, np.int64)
    >>> for card in cards:
    ...     a[card >> 2] += 1
    ...     avail[card & 3] |= 1 << (card >> 2)
    >>> unseen = Unseen(a, avail, up=12, sigma=3, n=len(cards))
    >>> unseen.n, int(unseen.a.sum()), bin(int(unseen.avail[3]))
    (5, 5, '0b100010000000')
    """

    #: ``a[q]``: the unseen cards of rank ``q`` (13 int64).
    a: np.ndarray
    #: ``avail[s]``: the ranks of suit ``s`` among them, a bit mask (4 int64).
    avail: np.ndarray
    #: The up card's rank and suit (``sigma``).
    up: int
    sigma: int
    #: How many cards are unseen.
    n: int


class OptionArrays(NamedTuple):
    """The options of a five, one row per option key (:func:`~combin.stud.draw.options.option_keys`)."""

    #: 0 an option of five final cards, 1 a sixth card, -1 not priced (fold).
    mode: np.ndarray
    #: Cards drawn.
    k: np.ndarray
    #: ``(options, 13)``: the ranks kept.
    kept: np.ndarray
    #: The one suit of the cards kept, -1 when they are not one suit, -2 when none is kept.
    suit: np.ndarray
    #: ``(options, 52)``: a sixth card's final level and win (-1 / 0 where not a sixth card).
    six_level: np.ndarray
    six_win: np.ndarray


class RanksState(NamedTuple):
    """The ranks' part of a situation (:func:`~combin.stud.draw.rank.kernel.prepare_ranks`)."""

    #: The non-qualifying rows by their pairing bound and by every out, each with its bound.
    by_pair: np.ndarray
    pair_bound: np.ndarray
    by_all: np.ndarray
    all_bound: np.ndarray
    #: Per blind entry: its option, drawn multiset, final level, kind (0 unsuited, 1 suited, 2 a
    #: sixth card), card (kind 2), draws, win, whether its drawn ranks are distinct, and its
    #: qualifying dealer hands below and tied and its non-qualifying ones (blind).
    be_opt: np.ndarray
    be_n: np.ndarray
    be_level: np.ndarray
    be_kind: np.ndarray
    be_card: np.ndarray
    be_total: np.ndarray
    be_win: np.ndarray
    be_distinct: np.ndarray
    be_below: np.ndarray
    be_tied: np.ndarray
    be_nq: np.ndarray
    #: The entries of option ``o``: ``opt_list[opt_ptr[o]:opt_ptr[o + 1]]``, by level.
    opt_ptr: np.ndarray
    opt_list: np.ndarray


class SuitsState(NamedTuple):
    """The suits' part of a situation (:func:`~combin.stud.draw.rank.kernel.prepare_suits`)."""

    #: The dealer's suited hands as events: level, rank mask, sign (+1 flush level, -1 blind level).
    ev_level: np.ndarray
    ev_mask: np.ndarray
    ev_sign: np.ndarray
    #: The suited hands that do not qualify, by rank set.
    nq_sigma: np.ndarray
    #: The rows suited as case (i) and as case (ii), each with its bound with the flush outs.
    ones: np.ndarray
    one_bound: np.ndarray
    twos: np.ndarray
    two_bound: np.ndarray
    #: Per option: an upper bound of its sum.
    bound: np.ndarray


class BoundPlan(NamedTuple):
    """The part of every option's bound that a rank group shares
    (:func:`~combin.stud.draw.rank.bounds.bound_plan`).

    >>> import numpy as np
    >>> none = np.zeros(0, np.int64)
    >>> plan = BoundPlan(3, np.array([5, 0]), np.array([0, 1, 1]), np.array([4]), np.array([0b11]),
    ...                  np.array([6]), none, none, none, none, none, none, none, none, none, none)
    >>> int(plan.fixed[0]), plan.d_value[plan.d_ptr[0]:plan.d_ptr[1]].tolist()
    (5, [4])
    """

    #: How many entries of the ranks' state it reads: the shared ones, listed first.
    shared: int
    #: Per option: its entries below a flush, each draw times its bound, every draw counted.
    fixed: np.ndarray
    #: Per option (``d_value[d_ptr[o]:d_ptr[o + 1]]``): each of its distinct entries below a flush
    #: by its bound per draw (their flush draws are removed per situation).
    d_ptr: np.ndarray
    d_value: np.ndarray
    #: Beside each: its drawn ranks (a rank mask) and its draws.
    d_supp: np.ndarray
    d_total: np.ndarray
    #: Per shared entry at a flush or better (their bounds read the suits): its blind numerator,
    #: its slope in the suited dealer hands that do not qualify, its floor (``-D`` for a draw) and
    #: the index of its forcing's (win, threshold) (-1: forcing cannot pay).
    h_num: np.ndarray
    h_slope: np.ndarray
    h_floor: np.ndarray
    h_pair: np.ndarray
    #: Beside each: its option, its drawn ranks, its draws and how they count (0 all of them;
    #: a distinct entry's 1 flush draws, suited, or 2 the others).
    h_opt: np.ndarray
    h_supp: np.ndarray
    h_total: np.ndarray
    h_mode: np.ndarray
    #: Forcing's (win, threshold) pairs of the entries at a flush or better.
    pair_w: np.ndarray
    pair_t: np.ndarray


class DrawClass(NamedTuple):
    """The counts of one draw class of an option, and what its player wins, loses, takes.

    >>> dc = DrawClass(level=0, win=4, take=1, loss=3, threshold=86, r=43, whole=43 * 123410, base=0,
    ...                below=0, tied=0, above=0, nq=0)
    >>> dc.threshold == dc.r * (1 + dc.take)                  # a force fee of 1 Ante
    True
    """

    #: The player's final level, its win, the Ante pay taken, what a play loses.
    level: int
    win: int
    take: int
    loss: int
    #: Forcing pays above ``threshold = r x (force fee + take)``; ``r`` replacements.
    threshold: int
    r: int
    #: What a draw weighs (``r * C(n - k, 4)``) and its numerator without forcing.
    whole: int
    base: int
    #: The dealer hands below, tied with and above the player, and not qualifying.
    below: int
    tied: int
    above: int
    nq: int


class SubEntry(NamedTuple):
    """One sub-entry of a blind entry: its draws, summed one by one where forcing can pay.

    >>> SubEntry(n=0, nu=0, card=-1, suit=-1, excl=0, mult=1, k=0, fast=0)._asdict()["mult"]
    1
    """

    #: The drawn rank multiset, the drawn ranks of ``sigma``.
    n: int
    nu: int
    #: A sixth card (or -1); a suit whose flush it is (or -1); the suits split off as flushes.
    card: int
    suit: int
    excl: int
    #: How many draws, the cards drawn, and the class-decided loop (0: level by level).
    mult: int
    k: int
    fast: int


class RowOrder(NamedTuple):
    """The forcing rows one draw class visits: by their bound, and case (i)'s own list."""

    rows: np.ndarray
    bounds: np.ndarray
    ones: np.ndarray
    one_bounds: np.ndarray
    #: Whether case (i) is summed from ``ones`` (a flush or better) rather than within ``rows``.
    separate: bool


class CaseTwo(NamedTuple):
    """Case (ii)'s rows (:class:`SuitsState` ``twos``, ``two_bound``) and the memo of its sums per
    suit and drawn ranks, which one sub-entry's draws share."""

    twos: np.ndarray
    two_bound: np.ndarray
    #: ``(4, 32, 6)``: the forcing sums of case (ii) per suit and drawn ranks; ``(4, 32)``: whether set.
    memo: np.ndarray
    memo_done: np.ndarray


class DrawScratch(NamedTuple):
    """The working arrays of one sub-entry's draws, made once per option and shared by its
    sub-entries (each overwrites what it reads).

    >>> import numpy as np
    >>> scratch = DrawScratch(*(np.zeros(shape, np.int64) for shape in (5, (5, 4), 5, 5, 6, 4, 6)))
    >>> scratch.choices.shape, scratch.drawn.shape
    ((5, 4), (4,))
    """

    #: The drawn ranks, lowest first; per drawn rank the suit sets its cards can take and how many.
    ranks_of: np.ndarray
    choices: np.ndarray
    nchoice: np.ndarray
    #: The suit set picked per rank; a draw's forcing sums; per suit, the drawn ranks (bits of ``ranks_of``).
    pick: np.ndarray
    part: np.ndarray
    drawn: np.ndarray
    #: The forcing sums summed over the draws that play (tallied once for them all).
    summed: np.ndarray


class Tally(NamedTuple):
    """Where an option's outcomes are added (:data:`~combin.stud.draw.rank.kernel.RESULT_ROWS`).

    >>> import numpy as np
    >>> tally = Tally(np.zeros((10 + 8, 3), np.int64), True, 10, np.zeros(1, np.int64), 1, 1)
    >>> tally.dist.shape, tally.want
    ((18, 3), True)
    """

    #: ``(classes + 8, 3)``: count, count x net, count x net^2 per row.
    dist: np.ndarray
    #: Whether the outcomes are wanted at all.
    want: bool
    #: The player's classes, and the class of each level.
    classes: int
    level_class: np.ndarray
    #: The draw fee of this option (0 for play) and the force fee counted (0 without forcing).
    draw_fee: int
    force_fee: int


class Choice(NamedTuple):
    """What :func:`~combin.stud.draw.rank.choose.price_options` prices of a situation's options.

    >>> import numpy as np
    >>> choice = Choice(np.array([0, 7, 1]), np.array([-7, 0, 0]), np.array([1]), np.array([2]), 0, False)
    >>> int(choice.offset[choice.fold]), choice.now.tolist(), choice.rest.tolist()
    (-7, [1], [2])
    """

    #: Per option, its value over the scale is ``offset + kernel sum x factor`` (fold: ``factor`` 0).
    factor: np.ndarray
    offset: np.ndarray
    #: The options priced at once (play, the sixth card; all with ``everything``), and the others.
    now: np.ndarray
    rest: np.ndarray
    #: The fold option (-1: none), worth its offset.
    fold: int
    #: Whether the runner-up is priced too (advice's margin) or the best alone (a run).
    runner_up: bool


class ForcingMemo(NamedTuple):
    """The forcing sums already computed for one unseen rank multiset and up rank, by what they read
    (:mod:`~combin.stud.draw.rank.memo`): an open-addressing table shared by the situations of one
    rank group (the fives of one rank multiset with one up rank, priced one after another).

    >>> import numpy as np
    >>> memo = ForcingMemo(np.zeros((4, 8), np.int64), np.zeros((4, 6), np.int64), np.zeros(4, np.bool_),
    ...                    np.zeros(8, np.int64), np.zeros(1, np.int64))
    >>> memo.used.shape, int(memo.fill[0])
    ((4,), 0)
    """

    #: ``(slots, 8)``: the key of each slot; ``(slots, 6)``: its forcing sums; whether it is set.
    keys: np.ndarray
    values: np.ndarray
    used: np.ndarray
    #: The key being looked up (8 int64), and how many slots are set (1 int64).
    key: np.ndarray
    fill: np.ndarray
