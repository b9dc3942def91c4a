"""The rank engine: every option of one situation, exact, summed by draw class.

:class:`RankEngine` prices the options of :func:`~combin.stud.draw.options.option_keys`
with the compiled pass of :mod:`combin.stud.draw.rank.kernel`; the values are the
same exact fractions as the card-by-card engine
(:class:`combin.stud.draw.engine.Engine`) gives -- the tests compare the two on
every option of many situations -- in a fraction of the time: the dealer's
tables are built from rank multisets (1,820 of four ranks) rather than from
the 163,185 four-card hands, and draws are summed by class.

>>> from combin.stud.core.rules import load_game
>>> from combin.stud.core.situation import Situation
>>> situation = Situation.parse("AS AD KS QD 9S", "JH", "9TJQKA")
>>> engine = RankEngine(situation, load_game("lunar").resolve())
>>> engine.value(("play", ())), engine.value(("exchange", (2, 3, 4)))
(Fraction(205, 204), Fraction(18322973, 6126120))
"""

from fractions import Fraction
from functools import lru_cache
from math import comb

import numpy as np

from combin.errors import CombinError
from combin.stud.core.values import STRAIGHT, CATEGORY_SHIFT, best_value
from combin.stud.draw.options import option_keys
from combin.stud.draw.rank import kernel
from combin.stud.draw.rank.tables import OFFSET, build

__all__ = ["RankEngine", "win_levels"]

_NO_PAY = np.iinfo(np.int64).min


def _whole(x, what):
    x = Fraction(x)
    if x.denominator != 1:
        raise CombinError(f"{what} must be a whole number of Ante units for the exact engine, not {x}")
    return int(x)


def _level_classes(levels):
    """Per level, the index in :data:`combin.cards.CLASSES` of the hand class of its value."""
    from combin.cards import CLASSES
    from combin.stud.core.values import value_class
    return np.array([CLASSES.index(value_class(int(v))) for v in levels.tolist()], dtype=np.int64)


@lru_cache(maxsize=8)
def _kernel_tables():
    """The fixed tables in the order :func:`~combin.stud.draw.rank.kernel.price_options` reads them."""
    t = build()
    lo, hi = OFFSET[4], OFFSET[5]
    rows = np.zeros((13, hi - lo), np.int64)
    count = np.zeros(13, np.int64)
    for up in range(13):
        found = np.nonzero(t.not_qualified[up])[0] + lo
        rows[up, :len(found)] = found
        count[up] = len(found)
    return (t.counts.astype(np.int64), t.valid, t.sub_ptr, t.sub_index, t.sub_coef, t.level_plain,
            t.level_suited, t.qualify, t.dealer, rows, count, t.high, t.rest, t.pair, t.straight_rank,
            t.straight, t.straight_flush, t.flush, t.set_index, t.sets, t.straight_level, t.flush_level,
            len(t.levels), t.levels.astype(np.int64), t.mranks, t.mmask, _level_classes(t.levels),
            t.dranks, t.dcounts, t.sorted_ranks)


def win_levels(rules):
    """Per level of :data:`~combin.stud.draw.rank.tables.Tables.levels`: the win of a five-card
    final hand of that value (the Ante pay on a win plus the Bet times its pays, L11 read from
    the value), in whole Ante units.

    >>> from combin.stud.core.rules import load_game
    >>> wins = win_levels(load_game("lunar").resolve())
    >>> int(wins[-1]), int(wins[0])          # a royal flush pays 100 to 1 on a Bet of 2
    (200, 0)
    """
    return _win_levels(rules)


_WINS: dict[tuple, np.ndarray] = {}


def _win_levels(rules):
    key = (rules.game.id, rules.readings)
    if key not in _WINS:
        _WINS[key] = _compute_wins(rules)
    return _WINS[key]


def _compute_wins(rules):
    from combin.stud.draw.engine import _representative
    from combin.stud.core.rules import bet_pay
    levels = build().levels.tolist()
    ante_win = _whole(rules.ante_win, "the Ante pay on a win")
    bet = _whole(rules.bet, "the Bet")
    wins = []
    for value in levels:
        pay = Fraction(bet_pay(rules, _representative(value)))
        wins.append(_NO_PAY if pay.denominator != 1 else ante_win + bet * int(pay))
    return np.array(wins, dtype=np.int64)


_SIX: dict[tuple, tuple[int, int]] = {}


def six_card(rules, cards):
    """``(level, win)`` of six final cards: the level of the best five, and the Ante pay on a win
    plus the Bet times its pays (L11 reads all six).

    Both depend only on the ranks and on the ranks of the cards of a suit that holds five or six
    of them (the one flush six cards can make), so they are memoised by those (per game and
    readings): a run prices the same six-card shapes again and again.

    >>> from combin.cards import parse_cards
    >>> from combin.stud.core.rules import load_game
    >>> rules = load_game("lunar").resolve()
    >>> six_card(rules, parse_cards("Ks Qs Js Ts 9s 9d"))[1]      # a straight flush and a straight
    108
    """
    ranks = tuple(sorted(card >> 2 for card in cards))
    suits = [card & 3 for card in cards]
    flush = ()
    for suit in set(suits):
        if suits.count(suit) >= 5:
            flush = tuple(sorted(card >> 2 for card in cards if card & 3 == suit))
    key = (rules.game.id, rules.readings, ranks, flush)
    found = _SIX.get(key)
    if found is None:
        from combin.stud.core.rules import bet_pay
        level = int(np.searchsorted(build().levels, best_value(cards)))
        win = _whole(rules.ante_win, "the Ante pay on a win") + _whole(rules.bet, "the Bet") * _whole(
            bet_pay(rules, cards), "a Bet pay")
        found = _SIX[key] = (level, win)
    return found


class RankEngine:
    """The exact values of the options of one situation (see the module docstring).

    ``values()`` prices every option of :func:`option_keys` (fold is -1) in one
    compiled pass; ``detail(key)`` gives the per-draw-class rows of one option
    (:data:`~combin.stud.draw.rank.kernel.DETAIL_COLUMNS`) for its distribution.
    """

    def __init__(self, situation, rules):
        self.situation = situation
        self.rules = rules
        self.keys = option_keys(rules)
        player = list(situation.player)
        self.player = player
        unseen = np.asarray(situation.unseen, dtype=np.int64)
        self.unseen = unseen
        self.n = len(unseen)
        a = np.zeros(13, np.int64)
        avail = np.zeros(4, np.int64)
        for card in unseen.tolist():
            a[card >> 2] += 1
            avail[card & 3] |= 1 << (card >> 2)
        self.a, self.avail = a, avail
        self.up = int(situation.up) >> 2
        self.sigma = int(situation.up) & 3
        self.bet = _whole(rules.bet, "the Bet")
        self.loss = 1 + self.bet
        self.take_low = _whole(rules.ante_not_qualified(0), "the Ante pay")
        self.take_high = _whole(rules.ante_not_qualified(STRAIGHT * CATEGORY_SHIFT), "the Ante pay")
        self.force_fee = None if rules.force_fee is None else _whole(rules.force_fee, "the force fee")
        self.draw_fee = None if rules.draw_fee is None else _whole(rules.draw_fee, "the draw fee")
        self.buy = rules.game.entry["draws"]["buy"] if rules.game.can_draw else None
        self._values = None
        self._wins = _win_levels(rules)
        self._layout = None
        self._state = None
        self._dists = {}

    def _arrays(self):
        """The kernel's option arrays, one row per key of :attr:`keys` (fold not priced)."""
        if self._layout is not None:
            return self._layout
        keys = self.keys
        count = len(keys)
        mode = np.zeros(count, np.int64)
        opt_k = np.zeros(count, np.int64)
        kept = np.zeros((count, 13), np.int64)
        suit = np.full(count, -1, np.int64)
        six_level = np.full((count, 52), -1, np.int64)
        six_win = np.zeros((count, 52), np.int64)
        for o, (kind, positions) in enumerate(keys):
            if kind == "fold":
                mode[o] = -1
                continue
            held = [c for i, c in enumerate(self.player) if i not in positions]
            for card in held:
                kept[o, card >> 2] += 1
            suits = {card & 3 for card in held}
            suit[o] = -2 if not held else (suits.pop() if len(suits) == 1 else -1)
            if kind == "play":
                opt_k[o] = 0
            elif kind == "buy":
                if self.buy != 1:
                    raise CombinError("the rank engine buys one card only")
                opt_k[o] = 1
                mode[o] = 1
                levels, wins = self._six()
                for card, level, win in zip(self.unseen.tolist(), levels, wins):
                    six_level[o, card] = level
                    six_win[o, card] = win
            else:
                opt_k[o] = len(positions)
        self._layout = (mode, opt_k, kept, suit, six_level, six_win)
        return self._layout

    def _six(self):
        """Per unseen card: the level and the win of the six cards it makes with the five
        (:func:`six_card`, memoised by what the pays read)."""
        levels, wins = [], []
        for card in self.unseen.tolist():
            level, win = six_card(self.rules, self.player + [card])
            levels.append(level)
            wins.append(win)
        return levels, wins

    @property
    def _fee(self):
        return -1 if self.force_fee is None else self.force_fee

    def _prepared(self):
        if self._state is None:
            mode, opt_k, kept, suit, six_level, six_win = self._arrays()
            if (self._wins == _NO_PAY).any():
                bad = [self.keys[o] for o in range(len(self.keys)) if mode[o] >= 0]
                if bad:
                    raise CombinError("a Bet pay must be a whole number of Ante units for the exact engine")
            self._state = kernel.prepare(self.a, self.avail, self.up, self.sigma, self.n, mode, opt_k, kept, suit,
                                         six_level, six_win, self._wins, self.take_low, self.take_high, self.loss,
                                         self._fee, _kernel_tables())
        return self._state

    def _exact(self, o, want):
        mode, opt_k, kept, suit, _, _ = self._arrays()
        return kernel.exact(o, want, self.a, self.avail, self.up, self.sigma, self.n, opt_k, kept, suit,
                            self.take_low, self.take_high, self.loss, self._fee, self.draw_fee or 0, self._prepared(),
                            _kernel_tables())

    def bound(self, key):
        """An upper bound of the option's value (:func:`~combin.stud.draw.rank.kernel.prepare`)."""
        o = self.keys.index(key)
        if key[0] == "fold":
            return Fraction(-1)
        return self._value(key, int(self._prepared()[-1][o]))

    def denominator(self, key):
        """``r * C(n - k, 4)``: what every draw of the option weighs (its numerators' denominator)."""
        k = self.size(key)
        return (self.n - k - 4) * comb(self.n - k, 4)

    def size(self, key):
        kind, positions = key
        return 0 if kind == "play" else (self.buy if kind == "buy" else len(positions))

    def values(self):
        """``{key: exact value}`` of every option of :attr:`keys`."""
        if self._values is None:
            found = {}
            for o, key in enumerate(self.keys):
                found[key] = Fraction(-1) if key[0] == "fold" else self._value(key, int(self._exact(o, False)[0]))
            self._values = found
        return self._values

    def _value(self, key, total):
        kind, _ = key
        if kind == "fold":
            return Fraction(-1)
        k = self.size(key)
        whole = self.denominator(key)
        if kind == "play":
            return Fraction(total, whole)
        return -self.draw_fee + Fraction(total, whole * comb(self.n, k))

    def value(self, key):
        """The exact value of one option (``(kind, discard positions)``)."""
        return self.values()[key]

    def _priced_exact(self, o):
        """The exact value of option ``o``; its outcomes are kept for :meth:`distribution`."""
        total, dist = self._exact(o, True)
        self._dists[o] = dist
        return self._value(self.keys[o], int(total))

    def priced(self, everything=False):
        """``(values, bounds)``: the exact value of every option that can be the best or the
        runner-up, and an upper bound of each other option that cannot (``bounds``).

        Fold, play and the sixth card are priced at once; the exchanges in the order of their
        bounds (:func:`~combin.stud.draw.rank.kernel.prepare`, each at least the exact value),
        until the next bound falls below the second best exact value found: no option left can
        then be the best or the runner-up.  ``everything`` prices every option.
        """
        state = self._prepared()
        bounds = {}
        values = {}
        rest = []
        for o, key in enumerate(self.keys):
            kind = key[0]
            if kind == "fold":
                values[key] = Fraction(-1)
            elif kind in ("play", "buy") or everything:
                values[key] = self._priced_exact(o)
            else:
                bounds[key] = self._value(key, int(state[-1][o]))
                rest.append((o, key))
        rest.sort(key=lambda item: (-bounds[item[1]], item[0]))
        for o, key in rest:
            top = sorted(values.values(), reverse=True)
            if len(top) >= 2 and bounds[key] < top[1]:
                break
            values[key] = self._priced_exact(o)
            del bounds[key]
        return values, bounds

    def distribution(self, key):
        """``(whole, {result id: [count, sum of count x net, sum of count x net^2]})`` of one option:
        the same integers as :func:`combin.stud.draw.advise.distribution` (the tests compare them),
        summed by the kernel draw class by draw class (:data:`~combin.stud.draw.rank.kernel.RESULT_ROWS`)."""
        from combin.cards import CLASSES
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
