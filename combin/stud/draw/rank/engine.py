"""The rank engine: every option of one situation, exact, summed by draw class.

:class:`RankEngine` prices the options of :func:`~combin.stud.draw.options.option_keys`
with the compiled pass of :mod:`combin.stud.draw.rank.kernel`; the values are the
same exact fractions as the card-by-card engine
(:class:`combin.stud.reference.cards.engine.Engine`) gives -- the tests compare the two on
every option of many situations -- in a fraction of the time: the dealer's
tables are built from rank multisets (1,820 of four ranks) rather than from
the 163,185 four-card hands, and draws are summed by class.

>>> from combin.stud.core.rules import load_rules
>>> from combin.stud.core.situation import Situation
>>> situation = Situation.parse("AS AD KS QD 9S", "JH", "9TJQKA")
>>> from combin.lunar import GAME as LUNAR
>>> engine = RankEngine(situation, load_rules(LUNAR.id).resolve())
>>> engine.value(("play", ())), engine.value(("exchange", (2, 3, 4)))
(Fraction(205, 204), Fraction(18322973, 6126120))
"""

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cached_property, lru_cache
from math import comb, lcm
from threading import get_ident
from typing import Any, NamedTuple

import numpy as np

from combin.running.cache import cached_arrays
from combin.core.cards import ACE, CLASSES, format_card
from combin.errors import CombinError
from combin.stud.core.deck import Deck
from combin.stud.core.pays import NO_PAY, level_pays, pay_key, whole, whole_pays
from combin.stud.core.rules import WEAK_OUTS, ForceCard, bet_pay
from combin.stud.core.situation import Situation
from combin.stud.core.values import CATEGORY_SHIFT, best_value
from combin.stud.draw.options import option_keys
from combin.stud.draw.rank import kernel
from combin.stud.draw.rank.layout import fill_layout
from combin.stud.draw.rank.memo import new_memo
from combin.stud.draw.rank.records import (BoundPlan, Choice, ForcingMemo, OptionArrays, RankTables, RanksState,
                                           RowTables, SuitsState, Unseen, row_tables)
from combin.stud.draw.rank.tables import OFFSET, build

__all__ = ["RankEngine", "win_levels", "six_card", "play_after_draw", "shared_capacity", "memo_bits"]

def _level_classes(levels: np.ndarray) -> np.ndarray:
    """Per level, the index in :data:`combin.core.cards.CLASSES` of the hand class of its value."""
    from combin.stud.core.values import CATEGORIES, QUALIFY, STRAIGHT_FLUSH
    values = levels.astype(np.int64)
    category = values // CATEGORY_SHIFT
    names = np.array([CLASSES.index(name) for name in CATEGORIES], dtype=np.int64)
    found = names[category]
    found[(category == 0) & (values >= QUALIFY)] = CLASSES.index("ace_king")
    found[(category == STRAIGHT_FLUSH) & (((values >> 16) & 15) == ACE)] = CLASSES.index("royal_flush")
    return found


@lru_cache(maxsize=8)
def _kernel_tables(replace: ForceCard = ForceCard.HIGHEST) -> RankTables:
    """The fixed tables as the compiled passes read them (:mod:`combin.stud.draw.rank.records`), with
    the forcing rows of the card forcing replaces (L10)."""
    t = build()
    f = t.forcing_rows(replace)
    lo, hi = OFFSET[4], OFFSET[5]
    rows = np.zeros((13, hi - lo), np.int64)
    count = np.zeros(13, np.int64)
    for up in range(13):
        found = np.nonzero(t.not_qualified[up])[0] + lo
        rows[up, :len(found)] = found
        count[up] = len(found)
    return RankTables(t.counts.astype(np.int64), t.valid, t.sub_ptr, t.sub_index, t.sub_coef, t.level_plain,
                      t.level_suited, t.qualify, t.dealer, rows, count, f["high"], f["rest"], f["pair"],
                      f["straight_rank"], f["straight"], f["straight_flush"], f["flush"], t.set_index, t.sets,
                      t.straight_level, t.flush_level, len(t.levels), t.levels.astype(np.int64), t.mranks, t.mmask,
                      _level_classes(t.levels), t.dranks, t.dcounts, t.sorted_ranks, f["ace_king_rank"],
                      f["ace_king"], WEAK_OUTS[replace])


@lru_cache(maxsize=8)
def _row_tables(replace: ForceCard = ForceCard.HIGHEST) -> RowTables:
    """The forcing rows' part of :func:`_kernel_tables`."""
    return row_tables(_kernel_tables(replace))


def win_levels(rules: Any) -> np.ndarray:
    """Per level of :data:`~combin.stud.draw.rank.tables.Tables.levels`: the win of a five-card
    final hand of that value (the Ante pay on a win plus the Bet times its pays, L11 read from
    the value), in whole Ante units.

    >>> from combin.stud.core.rules import load_rules
    >>> from combin.lunar import GAME as LUNAR
    >>> wins = win_levels(load_rules(LUNAR.id).resolve())
    >>> int(wins[-1]), int(wins[0])          # a royal flush pays 100 to 1 on a Bet of 2
    (200, 0)
    """
    return _win_levels(rules)


_WINS: dict[tuple[Any, ...], np.ndarray] = {}


def _win_levels(rules: Any) -> np.ndarray:
    key = (rules.stud.key, rules.readings)
    if key not in _WINS:
        # the wins depend on the rules' Bet table and L11 and on the code and data that read a pay:
        # all in the cache key (combin.running.cache), so a change of any is a new file
        found = cached_arrays("win-levels", f"{pay_key(rules, Deck.parse(None))}|{rules.ante_win}|{rules.bet}",
                              lambda: {"wins": _compute_wins(rules)})
        _WINS[key] = found["wins"]
    return _WINS[key]


def _compute_wins(rules: Any) -> np.ndarray:
    ante_win, bet = whole(rules.ante_win, "the Ante pay on a win"), whole(rules.bet, "the Bet")
    bet_pays = level_pays(rules, build().levels)
    return np.where(bet_pays == NO_PAY, NO_PAY, ante_win + bet * bet_pays).astype(np.int64)


_SIX: dict[tuple[Any, ...], tuple[int, int]] = {}


def six_card(rules: Any, cards: Sequence[int]) -> tuple[int, int]:
    """``(level, win)`` of six final cards: the level of the best five, and the Ante pay on a win
    plus the Bet times its pays (L11 reads all six).

    Both depend only on the ranks and on the ranks of the cards of a suit that holds five or six
    of them (the one flush six cards can make), so they are memoised by those (per game and
    readings): a run prices the same six-card shapes again and again.

    >>> from combin.core.cards import parse_cards
    >>> from combin.stud.core.rules import load_rules
    >>> from combin.lunar import GAME as LUNAR
    >>> rules = load_rules(LUNAR.id).resolve()
    >>> six_card(rules, parse_cards("Ks Qs Js Ts 9s 9d"))[1]      # a straight flush and a straight
    108
    """
    ranks = tuple(sorted(card >> 2 for card in cards))
    suits = [card & 3 for card in cards]
    flush: tuple[int, ...] = ()
    for suit in set(suits):
        if suits.count(suit) >= 5:
            flush = tuple(sorted(card >> 2 for card in cards if card & 3 == suit))
    key = (rules.stud.key, rules.readings, ranks, flush)
    found = _SIX.get(key)
    if found is None:
        level = int(np.searchsorted(build().levels, best_value(cards)))
        win = whole(rules.ante_win, "the Ante pay on a win") + whole(rules.bet, "the Bet") * whole(
            bet_pay(rules, cards), "a Bet pay")
        found = _SIX[key] = (level, win)
    return found


_LAYOUTS: dict[tuple[Any, ...], OptionArrays] = {}
class Ranks(NamedTuple):
    """A situation's ranks' part: the entries of the options of five final cards (the rank group's
    own arrays, :func:`~combin.stud.draw.rank.prepare.shared_state`) and the sixth card's (the
    five's, :func:`~combin.stud.draw.rank.prepare.join_ranks`), each numbered on its own: an
    option reads one of them."""

    shared: RanksState
    six: RanksState

    def of(self, options: OptionArrays, o: int) -> RanksState:
        """The state option ``o`` of ``options`` reads: the sixth card's (mode 1) or the shared one."""
        return self.six if options.mode[o] == 1 else self.shared


#: The ranks' part of the last situation prepared (by game, readings, five, up rank, unseen ranks).
_RANKS_STATE: dict[tuple[Any, ...], Ranks] = {}
#: The shared ranks' part (:func:`~combin.stud.draw.rank.prepare.share_ranks`) of the last rank
#: multisets and up ranks seen, oldest first: a run prices the fives of one rank multiset one
#: after another, each with its up ranks (13 at most), so a few more than 13 are kept.
_SHARED_RANKS: dict[tuple[Any, ...], tuple[tuple[Any, ...], RanksState]] = {}
_SHARED = [16]          # how many are kept (0: none, each five prices its own: the bench's "before")
#: The bound plans (:func:`~combin.stud.draw.rank.bounds.bound_plan`) of the rank groups of
#: ``_SHARED_RANKS``, by their key and the pays, oldest first, as many.
_PLANS: dict[tuple[Any, ...], BoundPlan] = {}
#: The dealer's suited hands as events (:func:`~combin.stud.draw.rank.prepare.suited_events`), by
#: game, up rank and the unseen ranks of the up card's suit (at most 512 kept).
_EVENTS: dict[tuple[Any, ...], tuple[Any, ...]] = {}
#: The forcing sums of the last rank groups seen (:mod:`~combin.stud.draw.rank.memo`), by game,
#: readings, card replaced, pays, up rank and unseen ranks, oldest first; kept while ``_SHARED`` is not 0.
_MEMOS: dict[tuple[Any, ...], ForcingMemo] = {}
#: The memos kept, and the slots of each (at most ``2^bits``).
_MEMO_KEPT = 2
_MEMO_BITS = [17]       # 0: no sums kept (the bench's "before the memo")


def shared_capacity(most: int) -> int:
    """Keep the shared ranks' part of at most ``most`` rank multisets and up ranks (0: share none,
    every five and up rank computes its own, as the engine did before it shared them); returns the
    capacity it replaces.  For the bench's before-and-after; the figures are the same either way.

    >>> before = shared_capacity(0)
    >>> shared_capacity(before), before
    (0, 16)
    """
    previous = _SHARED[0]
    _SHARED[0] = most
    _SHARED_RANKS.clear()
    _PLANS.clear()
    _MEMOS.clear()
    return previous


def memo_bits(bits: int) -> int:
    """Give each rank group's memo of forcing sums at most ``2^bits`` slots (``2^(n + 3)`` with
    ``n`` unseen cards, if fewer; 0: keep none, every sum is
    computed, as the engine did before it kept them); returns the setting it replaces.  For the
    bench's before-and-after; the figures are the same either way.

    >>> before = memo_bits(0)
    >>> memo_bits(before), before
    (0, 17)
    """
    previous = _MEMO_BITS[0]
    _MEMO_BITS[0] = bits
    _MEMOS.clear()
    return previous


class _Shapes(NamedTuple):
    """What :func:`_layout` reads of the rules' options, the same for every five: per option key
    (:func:`~combin.stud.draw.options.option_keys`) its mode, the cards it draws and the positions
    it holds (a 0/1 matrix), and the row of the sixth card (-1: none)."""

    mode: np.ndarray
    k: np.ndarray
    held: np.ndarray
    buy: int


#: :class:`_Shapes` by option keys and the keys priced (``only``).
_SHAPES: dict[tuple[Any, ...], _Shapes] = {}
#: A five's sixth-card table (:func:`_six_table`) by game, readings, the five's ranks and the ranks
#: of its suit of four or five cards; cleared when it holds more than :data:`_SIX_TABLES_KEPT`.
_SIX_TABLES: dict[tuple[Any, ...], tuple[np.ndarray, np.ndarray]] = {}
_SIX_TABLES_KEPT = 1 << 14
#: The sixth-card table of rules that buy none (never read).
_NO_SIX = np.zeros((2, 13), np.int64)


def _shapes(rules: Any, only: frozenset[Any] | None) -> _Shapes:
    """The :class:`_Shapes` of ``rules``' option keys, ``only`` those priced (default all but fold)."""
    keys = tuple(_keys_of(rules))
    found = _SHAPES.get((keys, only))
    if found is None:
        count = len(keys)
        mode, k = np.zeros(count, np.int64), np.zeros(count, np.int64)
        held = np.zeros((count, 5), np.int64)
        buy = -1
        for o, (kind, positions) in enumerate(keys):
            if kind == "fold" or (only is not None and (kind, positions) not in only):
                mode[o] = -1
                continue
            held[o] = [0 if i in positions else 1 for i in range(5)]
            if kind == "buy":
                if rules.buy != 1:
                    raise CombinError("the rank engine buys one card only")
                mode[o], k[o], buy = 1, 1, o
            elif kind == "exchange":
                k[o] = len(positions)
        if len(_SHAPES) > 16:
            _SHAPES.clear()
        found = _SHAPES[(keys, only)] = _Shapes(mode, k, held, buy)
    return found


def _six_table(rules: Any, player: tuple[int, ...], suits: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """``(level, win)``, each ``(2, 13)``: :func:`six_card` of the five and a sixth card by that
    card's rank and whether it is of the five's suit of four or five cards (row 1).  Six cards'
    level and win read their ranks and the one suit that can hold five of them (:func:`six_card`):
    the five's ranks, the ranks of that suit in the five, and the sixth card's rank and whether it
    is of that suit decide them -- so the table is kept by those, and a run's fives of one rank
    multiset share a few tables.  A shape no card the five leave has (a rank the five holds all
    of) is never read: -1 and 0."""
    four = suits.index(max(suits))
    flush_ranks = tuple(sorted(card >> 2 for card in player if card & 3 == four)) if suits[four] >= 4 else ()
    key = (rules.stud.key, rules.readings, tuple(sorted(card >> 2 for card in player)), flush_ranks)
    found = _SIX_TABLES.get(key)
    if found is None:
        level, win = np.full((2, 13), -1, np.int64), np.zeros((2, 13), np.int64)
        done = np.zeros((2, 13), np.bool_)
        for card in range(52):          # the first card of each shape, as every card of it gives the same
            if card in player:
                continue
            row = 1 if suits[card & 3] >= 4 else 0
            if not done[row, card >> 2]:
                level[row, card >> 2], win[row, card >> 2] = six_card(rules, list(player) + [card])
                done[row, card >> 2] = True
        if len(_SIX_TABLES) > _SIX_TABLES_KEPT:
            _SIX_TABLES.clear()
        found = _SIX_TABLES[key] = (level, win)
    return found


def _layout(rules: Any, player: tuple[int, ...], only: frozenset[Any] | None = None,
            sixth: int | None = None) -> OptionArrays:
    """The option arrays of a five (memoised per hand: a run prices its situations hand by hand);
    ``only``: the option keys priced (default every one but fold); ``sixth``: the one card a sixth
    card can be (default every card the five leave).

    The rules' part is kept (:func:`_shapes`), the sixth card's level and win are read from the
    five's :func:`_six_table` by each card's shape, and the arrays are filled in one compiled call
    (:func:`~combin.stud.draw.rank.layout.fill_layout`)."""
    key = (rules.stud.key, rules.readings, player, only, sixth)
    found = _LAYOUTS.get(key)
    if found is not None:
        return found
    if len(_LAYOUTS) > 64:
        _LAYOUTS.clear()
    shapes = _shapes(rules, only)
    cards = np.array(player, np.int64)
    if shapes.buy >= 0:
        suits = [0, 0, 0, 0]
        for card in player:
            suits[card & 3] += 1
        level, win = _six_table(rules, player, suits)
    else:
        level = win = _NO_SIX
    kept, suit, six_level, six_win = fill_layout(shapes.held, shapes.mode, cards, level, win, shapes.buy,
                                                 -1 if sixth is None else sixth)
    found = _LAYOUTS[key] = OptionArrays(shapes.mode, shapes.k, kept, suit, six_level, six_win)
    return found


#: :func:`_kept_ranks` of the option arrays seen last, by identity (``(options, bytes)``).
_KEPT_RANKS: dict[int, tuple[OptionArrays, tuple[bytes, bytes, bytes]]] = {}


def _kept_ranks(options: OptionArrays) -> tuple[bytes, bytes, bytes]:
    """What the shared ranks' part reads of a five's options: which are of five final cards, the
    cards each of those draws and the ranks it keeps (as bytes, a key), kept by the identity of the
    arrays (:func:`_layout` keeps one per five: the up cards of a five read it again)."""
    found = _KEPT_RANKS.get(id(options))
    if found is None or found[0] is not options:
        if len(_KEPT_RANKS) > 64:
            _KEPT_RANKS.clear()
        five = options.mode == 0
        found = _KEPT_RANKS[id(options)] = (options, (five.tobytes(), options.k[five].tobytes(),
                                                      options.kept[five].tobytes()))
    return found[1]


#: :meth:`RankEngine._affine` by game, readings, unseen count, draw fee and options.
_AFFINE: dict[tuple[Any, ...], list[tuple[int, int]]] = {}
#: :meth:`RankEngine._choice` by game, readings, unseen count, draw fee, options and what is priced.
_CHOICES: dict[tuple[Any, ...], Choice] = {}
#: The :class:`WholePays` of the rules objects seen last, by identity (a run prices every class of a
#: chunk under one rules object; reading the pays again from the rules cost a tenth of a millisecond).
_PAYS_OF: dict[int, tuple[Any, Any]] = {}
#: The option keys of the rules objects seen last, by identity (as ``_PAYS_OF``).
_KEYS_OF: dict[int, tuple[Any, Any]] = {}


def _by_identity(store: dict[int, tuple[Any, Any]], rules: Any, make: Any) -> Any:
    """``make(rules)``, kept in ``store`` by the identity of ``rules`` (the last few objects)."""
    found = store.get(id(rules))
    if found is None or found[0] is not rules:
        if len(store) > 8:
            store.clear()
        found = store[id(rules)] = (rules, make(rules))
    return found[1]


def _keys_of(rules: Any) -> list[tuple[Any, ...]]:
    """:func:`~combin.stud.draw.options.option_keys` of ``rules``, memoised by identity (read, never
    changed, by the engines of a run)."""
    found: list[tuple[Any, ...]] = _by_identity(_KEYS_OF, rules, option_keys)
    return found


@lru_cache(maxsize=64)
def _scale(n: int, sizes: tuple[int, ...]) -> int:
    """The lcm of ``r * C(n - k, 4) * C(n, k)`` over the draw sizes ``k`` (``r = n - k - 4``)."""
    return lcm(*((n - k - 4) * comb(n - k, 4) * comb(n, k) for k in sizes))


def _pays_of(rules: Any) -> Any:
    """:func:`~combin.stud.core.pays.whole_pays` of ``rules``, memoised by identity."""
    return _by_identity(_PAYS_OF, rules, whole_pays)


class _Profile(NamedTuple):
    """What every engine of one rules object reads of it (:func:`_profile_of`)."""

    keys: list[tuple[Any, ...]]
    pays: Any                   # None under L9=first-five (each five's own)
    first_five: bool
    buy: int | None
    replace: ForceCard
    sizes: tuple[int, ...]


#: The :class:`_Profile` of the rules objects seen last, by identity (as ``_PAYS_OF``).
_PROFILES: dict[int, tuple[Any, Any]] = {}


def _profile_of(rules: Any) -> _Profile:
    """The rules' option keys, pays, readings and draw sizes as an engine reads them, kept by the
    identity of ``rules`` (a run prices every class of a chunk under one rules object; reading
    them again per class was a tenth of a class's Python time)."""
    def make(rules: Any) -> _Profile:
        buy = rules.buy if rules.stud.can_draw else None
        sizes = (0,) + ((buy, *rules.exchange_sizes) if rules.stud.can_draw else ())
        first_five = rules.ante_reads_first_five
        # under L9=first-five the pays read each five as dealt (none kept for the rules)
        return _Profile(_keys_of(rules), None if first_five else _pays_of(rules), first_five, buy,
                        rules.force_replaces or ForceCard.HIGHEST, sizes)
    found: _Profile = _by_identity(_PROFILES, rules, make)
    return found


#: The counts of the decks seen last, by identity (``(deck, (ranks, suits, cards))``, see :func:`_unseen_counts`).
_DECK_COUNTS: dict[int, tuple[Any, Any]] = {}


def _counts(cards: Sequence[int]) -> tuple[list[int], list[int], int]:
    """``(cards of each rank, ranks of each suit as bit masks, how many)`` of ``cards``.

    >>> ranks, suits, size = _counts([0, 1, 51])      # 2c 2d As
    >>> ranks[0], ranks[12], suits, size
    (2, 1, [1, 1, 0, 4096], 3)
    """
    ranks, suits = [0] * 13, [0] * 4
    for card in cards:
        ranks[card >> 2] += 1
        suits[card & 3] |= 1 << (card >> 2)
    return ranks, suits, len(cards)


def _deck_counts(deck: Any) -> tuple[list[int], list[int], int]:
    return _counts(deck.cards)


def _unseen_counts(deck: Any, player: Sequence[int], up: int) -> tuple[np.ndarray, np.ndarray, int]:
    """``(a, avail, n)`` of the cards of ``deck`` but the five ``player`` and the ``up`` card: the
    unseen cards of each rank, the ranks of each suit among them (bit masks), and how many --
    the deck's counts (kept by its identity) less the six cards seen.

    >>> from combin.stud.core.deck import Deck
    >>> a, avail, n = _unseen_counts(Deck.parse("JQKA"), [44, 45, 46, 47, 48], 49)
    >>> a.tolist()[9:], avail.tolist(), n           # no king left, two aces (of the two suits not seen)
    ([4, 4, 0, 2], [1536, 1536, 5632, 5632], 10)
    """
    ranks, suits, size = _by_identity(_DECK_COUNTS, deck, _deck_counts)
    ranks, suits = list(ranks), list(suits)
    seen = 0
    for card in (*player, up):
        bit = 1 << (card >> 2)
        if not suits[card & 3] & bit:
            raise CombinError(f"the card {format_card(card)} is not in the deck {deck.text} or is seen twice")
        ranks[card >> 2] -= 1
        suits[card & 3] &= ~bit
        seen += 1
    return np.array(ranks, np.int64), np.array(suits, np.int64), size - seen


def _top_two(first: int | None, second: int | None, value: int) -> tuple[int, int | None]:
    """The two highest of ``first >= second`` (either may be None) and ``value``."""
    if first is None or value > first:
        return value, first
    if second is None or value > second:
        return first, value
    return first, second


class RankEngine:
    """The exact values of the options of one situation (see the module docstring).

    ``values()`` prices every option of :func:`option_keys` (fold is -1) in one
    compiled pass; ``detail(key)`` gives the per-draw-class rows of one option
    (:data:`~combin.stud.draw.rank.kernel.DETAIL_COLUMNS`) for its distribution.
    """

    def __init__(self, situation: Any, rules: Any, unseen: Iterable[int] | None = None,
                 only: Iterable[tuple[Any, ...]] | None = None, sixth: int | None = None,
                 dealt: Sequence[int] | None = None) -> None:
        self.situation = situation
        self.rules = rules
        self._only = None if only is None else frozenset(only)
        self._sixth = sixth
        profile = _profile_of(rules)
        self.keys = profile.keys
        player = list(situation.player)
        self.player = player
        # the cards the player has not seen: by default all but the five and the up card; after a
        # draw the discards are out of play too (``unseen`` given)
        given = None if unseen is None else tuple(sorted(int(card) for card in unseen))
        if given is None:
            a, avail, n = _unseen_counts(situation.deck, player, int(situation.up))
        else:
            ranks, suits, n = _counts(given)          # counted in Python integers, then made arrays
            a, avail = np.array(ranks, np.int64), np.array(suits, np.int64)
        self._unseen_given = given
        self.n = n
        self.a, self.avail = a, avail
        self.up = int(situation.up) >> 2
        self.sigma = int(situation.up) & 3
        # the rules' pays, as every engine reads them (memoised per rules object; L9=first-five
        # reads the five as dealt: by default the situation's five, after a draw ``dealt``)
        self.pays = whole_pays(rules, player if dealt is None else dealt) \
            if profile.first_five else profile.pays
        self.unseen_record = Unseen(a, avail, self.up, self.sigma, self.n)
        self.bet, self.loss = self.pays.bet, self.pays.loss
        self.take_low, self.take_high = self.pays.take_low, self.pays.take_high
        self.force_fee = self.pays.force_fee if self.pays.can_force else None
        self.draw_fee = self.pays.draw_fee if self.pays.can_draw else None
        self.buy = profile.buy
        self._buy_size = int(self.buy or 0)
        #: The card forcing replaces (L10): its forcing rows are the tables' (the highest without forcing).
        self.replace = profile.replace
        self._values: dict[tuple[Any, ...], Fraction] | None = None
        self._wins = _win_levels(rules)
        self._layout: OptionArrays | None = None
        self._state: tuple[Ranks, SuitsState] | None = None
        self._shared_keyed: tuple[OptionArrays, tuple[Any, ...]] | None = None
        self._dists: dict[int, np.ndarray] = {}
        #: every option value and result probability is an integer over this (lcm of the options'
        #: denominators ``r * C(n - k, 4) * C(n, k)``; :func:`combin.stud.game.chunks.common_denominator`)
        self.scale = _scale(self.n, profile.sizes)

    @cached_property
    def unseen(self) -> np.ndarray:
        """The cards the player has not seen, in id order (as an array)."""
        found = self.situation.unseen if self._unseen_given is None else self._unseen_given
        return np.asarray(sorted(found), dtype=np.int64)

    def _arrays(self) -> OptionArrays:
        """The kernel's option arrays, one row per key of :attr:`keys` (fold not priced): they depend
        on the five alone, so the situations of one hand (every up card) share them."""
        if self._layout is None:
            self._layout = _layout(self.rules, tuple(self.player), self._only, self._sixth)
        return self._layout

    def _prepared(self) -> tuple[Ranks, SuitsState]:
        """``(ranks state, suits state)`` of :func:`~combin.stud.draw.rank.kernel.prepare_ranks` and
        :func:`~combin.stud.draw.rank.kernel.prepare_suits`; the ranks' part is shared by the
        situations of one five and one up rank (a run prices the up cards of a hand in order)."""
        if self._state is None:
            options, ranks = self._arrays(), self._ranks()
            # the same records of the same types call after call: no type dispatch (kernel.direct)
            prepare = kernel.direct(kernel.prepare_suits)
            suits = SuitsState(*prepare(self.unseen_record, options, self.pays, ranks.shared, ranks.six,
                                        _kernel_tables(self.replace), self._plan(options, ranks), self._events()))
            self._state = (ranks, suits)      # the kernels take it as a plain tuple (tuple(suits)): the type
                                              # prepare_and_price hands them, so each is compiled once
        return self._state

    def _ranks(self) -> Ranks:
        """The ranks' part of :meth:`_prepared`, kept by the five, the up rank and the unseen ranks."""
        if self._state is not None:
            return self._state[0]
        options = self._arrays()
        key = (self.rules.stud.key, self.rules.readings, tuple(self.player), self.up, self.a.tobytes(),
               self._only, self._sixth)
        ranks = _RANKS_STATE.get(key)
        if ranks is None:
            player_mask = 0
            for card in self.player:
                player_mask |= 1 << card
            # the deck's other ranks are not in play: mark them as if held (no card of them unseen)
            six = RanksState(*kernel.join_ranks(self.unseen_record, options, player_mask,
                                                self._shared_ranks(options), _kernel_tables(self.replace)))
            ranks = Ranks(self._shared_state(options), six)
            _RANKS_STATE.clear()
            _RANKS_STATE[key] = ranks
        return ranks

    def _shared_key(self, options: OptionArrays) -> tuple[Any, ...]:
        """What :meth:`_shared_ranks` reads: the game, the readings, the up rank, the unseen ranks and
        the ranks each option of five final cards keeps (kept for this engine's options)."""
        if self._shared_keyed is None or self._shared_keyed[0] is not options:
            self._shared_keyed = (options, (self.rules.stud.key, self.rules.readings, self.up, self.a.tobytes(),
                                            *_kept_ranks(options)))
        return self._shared_keyed[1]

    def _shared_ranks(self, options: OptionArrays) -> tuple[Any, ...]:
        """:func:`~combin.stud.draw.rank.prepare.share_ranks` of this situation: the same for every five
        of one rank multiset with one up rank (it reads the unseen ranks, the up rank and the ranks
        each option keeps), so the fives of a run that share them share it."""
        return self._shared(options)[0]

    def _shared_state(self, options: OptionArrays) -> RanksState:
        """The :class:`~combin.stud.draw.rank.records.RanksState` of :meth:`_shared_ranks`: the options
        of five final cards read the rank group's arrays themselves."""
        return self._shared(options)[1]

    def _shared(self, options: OptionArrays) -> tuple[tuple[Any, ...], RanksState]:
        """``(shared ranks' part, its state)``, kept by :meth:`_shared_key`."""
        key = self._shared_key(options)
        found = _SHARED_RANKS.get(key)
        if found is None:
            shared = kernel.share_ranks(self.unseen_record, options, self._wins, _kernel_tables(self.replace))
            dealer, rows, entries, counts, lists, cumulative = shared
            found = (shared, RanksState(*rows, *entries, *counts, *lists))
            while _SHARED_RANKS and len(_SHARED_RANKS) >= _SHARED[0]:
                del _SHARED_RANKS[next(iter(_SHARED_RANKS))]        # the oldest first
            if _SHARED[0] > 0:
                _SHARED_RANKS[key] = found
        return found

    def _plan(self, options: OptionArrays, ranks: Ranks) -> BoundPlan:
        """:func:`~combin.stud.draw.rank.bounds.bound_plan` of this situation's rank group and pays
        (the entries of ``ranks.shared``), kept while its shared ranks' part is."""
        key = (self._shared_key(options), tuple(self.pays))
        plan = _PLANS.get(key)
        if plan is None:
            shared = len(self._shared_ranks(options)[2][0])
            plan = kernel.bound_plan(self.unseen_record, options, self.pays, ranks.shared,
                                     _kernel_tables(self.replace), shared)
            while _PLANS and len(_PLANS) >= _SHARED[0]:
                del _PLANS[next(iter(_PLANS))]              # the oldest first
            if _SHARED[0] > 0:
                _PLANS[key] = plan
        return plan

    def _events(self) -> tuple[Any, ...]:
        """:func:`~combin.stud.draw.rank.prepare.suited_events` of this situation: they read the up
        rank and the unseen ranks of the up card's suit alone, so they are kept by those (the
        situations of a run come back to the same few again and again)."""
        key = (self.rules.stud.key, self.up, int(self.avail[self.sigma]))
        found = _EVENTS.get(key)
        if found is None:
            if len(_EVENTS) >= 512:
                _EVENTS.clear()
            found = _EVENTS[key] = kernel.suited_events(self.unseen_record, _kernel_tables(self.replace))
        return found

    def _exact(self, o: int, want: bool) -> tuple[Any, ...]:
        ranks, suits = self._prepared()
        options = self._arrays()
        found: tuple[Any, ...] = kernel.exact(o, want, self.unseen_record, options, self.pays, ranks.of(options, o),
                                              tuple(suits), _kernel_tables(self.replace), _row_tables(self.replace),
                                              self._memo())
        return found

    def _memo(self) -> ForcingMemo:
        """The forcing sums kept for this situation's rank group (:mod:`~combin.stud.draw.rank.memo`):
        they read the unseen ranks, the up rank, the pays and the card replaced, not the suits."""
        if _SHARED[0] == 0:
            return new_memo(0)
        # one memo per thread: the compiled passes write it without the GIL (a worker of several threads)
        key = (get_ident(), self.rules.stud.key, self.rules.readings, self.replace, tuple(self.pays), self.up,
               self.n, self.a.tobytes())
        found = _MEMOS.get(key)
        if found is None:
            spare = None
            while _MEMOS and len(_MEMOS) >= _MEMO_KEPT:
                oldest = next(iter(_MEMOS))               # the oldest first
                dropped = _MEMOS.pop(oldest)
                if oldest[0] == key[0]:
                    # this thread's own: no compiled call reads it now (they run one at a time here)
                    spare = dropped
            # a small deck keeps few sums (JQKA: at most 4,432 in a group, 10 unseen cards): a
            # table of 2^(n + 3) slots holds them, and zeroing 2^17 slots per group cost more
            # than its draws (1,076 groups on JQKA); a smaller table only keeps fewer sums
            found = _MEMOS[key] = new_memo(min(_MEMO_BITS[0], self.n + 3), recycled=spare)
        return found

    def bound(self, key: tuple[Any, ...]) -> Fraction:
        """An upper bound of the option's value (:func:`~combin.stud.draw.rank.kernel.prepare`)."""
        o = self.keys.index(key)
        return Fraction(self._scaled(o, int(self._prepared()[1][-1][o])), self.scale)

    def denominator(self, key: tuple[Any, ...]) -> int:
        """``r * C(n - k, 4)``: what every draw of the option weighs (its numerators' denominator)."""
        k = self.size(key)
        return (self.n - k - 4) * comb(self.n - k, 4)

    def size(self, key: tuple[Any, ...]) -> int:
        kind, positions = key
        return 0 if kind == "play" else (self._buy_size if kind == "buy" else len(positions))

    def values(self) -> dict[tuple[Any, ...], Fraction]:
        """``{key: exact value}`` of every option of :attr:`keys`."""
        if self._values is None:
            self._values = {key: Fraction(-1) if key[0] == "fold" else
                            Fraction(self._scaled(o, int(self._exact(o, False)[0])), self.scale)
                            for o, key in enumerate(self.keys)}
        return self._values

    def value(self, key: tuple[Any, ...]) -> Fraction:
        """The exact value of one option (``(kind, discard positions)``)."""
        return self.values()[key]

    def exact_value(self, key: tuple[Any, ...]) -> Fraction:
        """The exact value of one option, priced alone (fold is -1)."""
        if key[0] == "fold":
            return Fraction(-1)
        return Fraction(self._priced_exact(self.keys.index(key)), self.scale)

    def exact_scaled(self, keys: Sequence[tuple[Any, ...]]) -> dict[tuple[Any, ...], int]:
        """The exact values of several options as integers over :attr:`scale`, priced together in one
        compiled call (fold is ``-scale``): what a pass that prices a few named options reads
        (tests/test_stud_human.py: equal to every option priced by :meth:`record`).
        """
        indices = sorted({self.keys.index(key) for key in keys if key[0] != "fold"})
        found = self._priced_together(indices) if indices else {}
        return {key: -self.scale if key[0] == "fold" else found[self.keys.index(key)] for key in keys}

    def _scaled(self, o: int, total: int) -> int:
        """The value of option ``o`` as an integer over :attr:`scale`, from its kernel sum ``total``
        (``sum over draws of max(-D, numerator)``, the numerator alone for play)."""
        factor, offset = self._affine[o]
        return offset + total * factor

    @cached_property
    def _affine(self) -> list[tuple[int, int]]:
        """Per option, ``(factor, offset)`` with :meth:`_scaled` ``= offset + total x factor``: fold
        ``(0, -scale)``, play ``(scale / D, 0)``, a draw of ``k`` cards ``(scale / (D C(n, k)),
        -draw fee x scale)`` (``D`` :meth:`denominator`; every quotient whole: ``scale`` is their
        lcm).  They depend on the unseen count and the rules alone, so they are kept by those (and
        by this engine: a class asks for them once per option)."""
        memo_key = (self.rules.stud.key, self.rules.readings, self.n, self.scale, self.draw_fee, tuple(self.keys))
        found = _AFFINE.get(memo_key)
        if found is None:
            found = []
            for key in self.keys:
                if key[0] == "fold":
                    found.append((0, -self.scale))
                elif key[0] == "play":
                    found.append((self.scale // self.denominator(key), 0))
                else:
                    whole = self.denominator(key) * comb(self.n, self.size(key))
                    found.append((self.scale // whole, -(self.draw_fee or 0) * self.scale))
            if len(_AFFINE) > 16:
                _AFFINE.clear()
            _AFFINE[memo_key] = found
        return found

    def _priced_exact(self, o: int) -> int:
        """The exact value of option ``o`` over :attr:`scale`; its outcomes kept for :meth:`distribution`."""
        total, dist = self._exact(o, True)
        self._dists[o] = dist
        return self._scaled(o, int(total))

    def _priced_together(self, indices: Sequence[int]) -> dict[int, int]:
        """:meth:`_priced_exact` of each option of ``indices``, in one compiled call
        (:func:`~combin.stud.draw.rank.kernel.exact_all`): ``{option: value over scale}``."""
        ranks, suits = self._prepared()
        totals, dists = kernel.exact_all(np.asarray(indices, dtype=np.int64), True, self.unseen_record,
                                         self._arrays(), self.pays, ranks.shared, ranks.six, tuple(suits),
                                         _kernel_tables(self.replace), _row_tables(self.replace), self._memo())
        found = {}
        for i, o in enumerate(indices):
            self._dists[o] = dists[i]
            found[o] = self._scaled(o, int(totals[i]))
        return found

    def priced_scaled(self, everything: bool = False, runner_up: bool = True) -> tuple[dict[int, int], dict[int, int]]:
        """:meth:`priced` in integers over :attr:`scale`, by option index: ``(values, bounds)``;
        without ``runner_up`` the exchanges are priced only until the next bound falls below the
        best exact value found (what a run needs: the best option alone).  One compiled call
        (:func:`~combin.stud.draw.rank.kernel.price_options`) where the values fit in int64, else
        the same choice in Python integers."""
        values_of, priced, bounds_of, dists, ok = self._price_options(everything, runner_up)
        if not ok:
            return self._priced_in_python(everything, runner_up)
        values, bounds = {}, {}
        # read as Python lists: a numpy scalar per option cost more than the loop
        for o, (key, is_priced, value, bound) in enumerate(zip(self.keys, priced.tolist(), values_of.tolist(),
                                                                bounds_of.tolist())):
            if is_priced:
                values[o] = value
                if key[0] != "fold":
                    self._dists[o] = dists[o]
            else:
                bounds[o] = bound
        return values, bounds

    def _price_options(self, everything: bool, runner_up: bool) -> tuple[Any, ...]:
        """:func:`~combin.stud.draw.rank.choose.price_options` of this situation, as it returns them."""
        if self._state is None:
            # the suits' part made and read in one compiled call (not kept: a run prices a class once)
            options, ranks = self._arrays(), self._ranks()
            found: tuple[Any, ...] = kernel.direct(kernel.prepare_and_price)(
                self._choice(everything, runner_up), self.unseen_record, options, self.pays, ranks.shared, ranks.six,
                _kernel_tables(self.replace), self._plan(options, ranks), self._events(), _row_tables(self.replace),
                self._memo())
            return found
        ranks, suits = self._state
        found = kernel.direct(kernel.price_options)(
            self._choice(everything, runner_up), self.unseen_record, self._arrays(), self.pays, ranks.shared, ranks.six,
            tuple(suits), _kernel_tables(self.replace), _row_tables(self.replace), self._memo())
        return found

    def _choice(self, everything: bool, runner_up: bool) -> Choice:
        """The :class:`~combin.stud.draw.rank.records.Choice` of :meth:`priced_scaled` (kept by the
        rules, the unseen count and the options: a run asks for the same one class after class)."""
        memo_key = (self.rules.stud.key, self.rules.readings, self.n, self.scale, self.draw_fee, tuple(self.keys),
                    everything, runner_up)
        found = _CHOICES.get(memo_key)
        if found is None:
            affine = self._affine
            kinds = [key[0] for key in self.keys]
            now = [o for o, kind in enumerate(kinds) if kind in ("play", "buy") or (everything and kind != "fold")]
            rest = [o for o, kind in enumerate(kinds) if kind != "fold" and o not in now]
            found = Choice(np.array([f for f, _ in affine], np.int64), np.array([b for _, b in affine], np.int64),
                           np.array(now, np.int64), np.array(rest, np.int64),
                           kinds.index("fold") if "fold" in kinds else -1, runner_up)
            if len(_CHOICES) > 16:
                _CHOICES.clear()
            _CHOICES[memo_key] = found
        return found

    def _priced_in_python(self, everything: bool, runner_up: bool) -> tuple[dict[int, int], dict[int, int]]:
        """:meth:`priced_scaled` in Python integers, one compiled call per option (values beyond int64)."""
        bound_sums = self._prepared()[1][-1]
        bounds = {}
        values = {}
        rest = []
        first = second = None           # the two highest exact values so far
        now = [o for o, key in enumerate(self.keys) if key[0] in ("play", "buy") or (everything and key[0] != "fold")]
        priced = self._priced_together(now) if now else {}
        for o, key in enumerate(self.keys):
            kind = key[0]
            if kind == "fold":
                values[o] = -self.scale
            elif o in priced:
                values[o] = priced[o]
            else:
                bounds[o] = self._scaled(o, int(bound_sums[o]))
                rest.append(o)
                continue
            first, second = _top_two(first, second, values[o])
        rest.sort(key=lambda o: (-bounds[o], o))
        for o in rest:
            # every option left is worth at most its bound, below the second best (or the best):
            # none can be the runner-up (or the best; a tie with the best is priced, its bound equal)
            stop = second if runner_up else first
            if stop is not None and bounds[o] < stop:
                break
            values[o] = self._priced_exact(o)
            del bounds[o]
            first, second = _top_two(first, second, values[o])
        return values, bounds

    def priced(self, everything: bool = False) -> tuple[dict[tuple[Any, ...], Fraction], dict[tuple[Any, ...], Fraction]]:
        """``(values, bounds)``: the exact value of every option that can be the best or the
        runner-up, and an upper bound of each other option that cannot (``bounds``), by key.

        Fold, play and the sixth card are priced at once; the exchanges in the order of their
        bounds (:func:`~combin.stud.draw.rank.kernel.prepare`, each at least the exact value),
        until the next bound falls below the second best exact value found: no option left can
        then be the best or the runner-up.  ``everything`` prices every option.
        """
        values, bounds = self.priced_scaled(everything)
        return ({self.keys[o]: Fraction(v, self.scale) for o, v in values.items()},
                {self.keys[o]: Fraction(v, self.scale) for o, v in bounds.items()})

    def distribution(self, key: tuple[Any, ...]) -> tuple[int, dict[str, list[int]]]:
        """``(whole, {result id: [count, sum of count x net, sum of count x net^2]})`` of one option:
        the same integers as :func:`combin.stud.reference.cards.advise.distribution` (the tests compare them),
        summed by the kernel draw class by draw class (:data:`~combin.stud.draw.rank.kernel.RESULT_ROWS`)."""
        if key[0] == "fold":
            return 1, {"fold": [1, -1, 1]}
        o = self.keys.index(key)
        dist = self._dists.get(o)
        if dist is None:
            dist = self._dists[o] = self._exact(o, True)[1]
        k = self.size(key)
        whole = self.denominator(key) * comb(self.n, k)
        names = [f"win_{name}" for name in CLASSES] + list(kernel.RESULT_ROWS)
        found = {name: [int(x) for x in row] for name, row in zip(names, dist.tolist()) if row[0]}
        if sum(entry[0] for entry in found.values()) != whole:
            raise AssertionError("the results of an option do not cover its outcomes")
        return whole, found

    def record(self, everything: bool = False, bonus: int = 0) -> tuple[int, list[Any], dict[str, list[int]]]:
        """``(best option index, [value of each option or None], {result id: [p, net x p, net^2 x p]})``,
        every number an integer over :attr:`scale`: what a run keeps of a class
        (:func:`combin.stud.game.chunks.solve_chunk`), with no fraction formed.

        ``None`` marks an option not priced (unless ``everything``): proven below the best by its
        bound, so the runner-up is priced only where its bound reached the best (a run reads the best
        option alone; :meth:`priced` prices the runner-up too, for the margin advice shows);
        ``bonus``, the instant pay under L7=continue, is added to every net:
        ``sum c (x + b) = S1 + b c`` and ``sum c (x + b)^2 = S2 + 2 b S1 + b^2 c``.
        """
        shift = bonus * self.scale
        values_of, priced, _, dists, ok = self._price_options(everything, False)
        if ok:
            # the best: the highest value priced, the first option of those tied (as priced_scaled's)
            numerators: list[int | None] = [value + shift if is_priced else None
                                            for value, is_priced in zip(values_of.tolist(), priced.tolist())]
            best, top = -1, 0
            for o, numerator in enumerate(numerators):
                if numerator is not None and (best < 0 or numerator > top):
                    best, top = o, numerator
            if self.keys[best][0] != "fold":
                self._dists[best] = dists[best]
        else:
            values, _ = self._priced_in_python(everything, False)
            best = min(values, key=lambda o: (-values[o], o))
            numerators = [values[o] + shift if o in values else None for o in range(len(self.keys))]
        if self.keys[best][0] == "fold":
            return best, numerators, {"fold": [self.scale, (-1 + bonus) * self.scale, (-1 + bonus) ** 2 * self.scale]}
        dist = self._dists[best]
        k = self.size(self.keys[best])
        factor = self.scale // (self.denominator(self.keys[best]) * comb(self.n, k))
        results = {}
        for name, (count, net, square) in zip(_RESULT_NAMES, dist.tolist()):
            if count:
                p, m1, m2 = count * factor, net * factor, square * factor
                results[name] = [p, m1 + bonus * p, m2 + 2 * bonus * m1 + bonus * bonus * p]
        if sum(entry[0] for entry in results.values()) != self.scale:
            raise AssertionError("the results of an option do not cover its outcomes")
        if sum(entry[1] for entry in results.values()) != numerators[best]:
            raise AssertionError("the results of the best option do not add up to its value")
        return best, numerators, results


#: The result ids of the rows of an option's distribution (the wins by class, then the kernel's rows).
_RESULT_NAMES = tuple([f"win_{name}" for name in CLASSES] + list(kernel.RESULT_ROWS))


def play_after_draw(rules: Any, deck: Any, kept: Sequence[int], drawn: Sequence[int], up: int,
                    unseen: Iterable[int], dealt: Sequence[int] | None = None) -> tuple[bool, Fraction]:
    """``(plays, value of playing per Ante)`` once the cards are drawn: the player holds ``kept`` and
    ``drawn`` (five cards, or six after buying one), sees the dealer's ``up`` card and has not
    seen ``unseen`` (the dealer's four hidden cards and the replacement come from them; the
    discards are out of play).  The player plays when playing is worth at least folding (-1 per
    Ante besides the draw fee; a tie plays), exactly as the engine decides; ``dealt``, the five
    cards as dealt, is what the Ante pay reads under L9=first-five (default: ``kept`` and ``drawn``)
    (:meth:`RankEngine.priced`); the value counts the Ante and the Bet, not the draw fee.

    >>> from combin.core.cards import parse_cards
    >>> from combin.stud.core.deck import Deck
    >>> from combin.stud.core.rules import load_rules
    >>> from combin.lunar import GAME as LUNAR
    >>> deck, rules = Deck.parse("9TJQKA"), load_rules(LUNAR.id).resolve()
    >>> hand, up = parse_cards("As Ad Ks Qd 9s"), parse_cards("Jh")[0]
    >>> unseen = [c for c in deck.cards if c not in hand and c != up]
    >>> play_after_draw(rules, deck, hand, [], up, unseen)    # no draw: the play option's value
    (True, Fraction(205, 204))
    """
    final = list(kept) + list(drawn)
    if len(final) == 5:
        engine = RankEngine(Situation(tuple(final), up, deck), rules, unseen=unseen, only={("play", ())},
                            dealt=dealt)
        o = engine.keys.index(("play", ()))
        total, _ = engine._exact(o, False)
        whole = engine.denominator(("play", ()))
        return int(total) >= -whole, Fraction(int(total), whole)
    if len(final) != 6 or len(drawn) != 1:
        raise CombinError("a final hand is five cards, or the five and a sixth card bought")
    sixth = int(drawn[0])
    engine = RankEngine(Situation(tuple(kept), up, deck), rules, unseen=list(unseen) + [sixth],
                        only={("buy", ())}, sixth=sixth, dealt=dealt)
    o = engine.keys.index(("buy", ()))
    total, dist = engine._exact(o, True)
    whole = engine.denominator(("buy", ()))
    folds = int(dist[len(dist) - 1, 0])          # the fold row of the outcomes (RESULT_ROWS)
    return folds == 0, Fraction(int(total), whole)
