"""The card-by-card engine: the sums of one Lunar Poker situation for every option, draw by draw -- a reference.

Not the production path (that is the rank engine, :mod:`combin.stud.draw.rank`):
kept as the independent check of ``combin audit --verify`` and of the tests,
which compare the two option by option.  :class:`Engine` turns a situation and
its rules into the inputs of the compiled kernel
(:mod:`combin.stud.reference.cards.kernel`): the situation's tables (once), then
every draw of the options asked for in one call, and returns the per-draw
integer numerators (the formula and why it is exact:
:mod:`combin.stud.reference.cards.advise`).  ``Engine(..., reference=True)``
computes the same integers by :mod:`combin.stud.reference.numpy_engine` instead.
The rules' pays are read from :mod:`combin.stud.core.pays`, as the rank engine reads them.
"""

from collections.abc import Iterable, Sequence
from functools import cached_property, lru_cache
from math import comb
import threading
from typing import Any

import numpy as np
from numpy.typing import DTypeLike, NDArray

from combin.errors import CombinError
from combin.stud.core.pays import NO_PAY, level_pays, pay_key, value_pay, whole, whole_pays
from combin.stud.core.deck import Deck
from combin.stud.core.rules import ForceCard, Rules, bet_pay
from combin.stud.core.situation import Situation
from combin.stud.core.values import CATEGORY_SHIFT, STRAIGHT, hand_table
from combin.stud.reference.numpy_engine import DealerTable, popcount, reference_numerators, subsets

__all__ = ["Engine", "GROUP_TABLE", "OUT_LIMIT"]

Array = NDArray[Any]
#: Per option: the numerators of its draws, and the counts with ``detail`` (else ``None``).
Numerators = tuple[Array, dict[str, Any] | None]

class Engine:
    """The sums of one situation; ``prune=False`` sums forcing everywhere (for the tests).

    The sums are computed by the compiled kernel (:mod:`combin.stud.reference.cards.kernel`),
    every option of a :meth:`prepare` call at once; ``reference=True`` computes
    them with the numpy path of :mod:`combin.stud.reference.numpy_engine` instead (the same integers: the
    tests compare the two draw by draw).  ``tie_loop_most`` overrides
    :data:`combin.stud.reference.cards.kernel.TIE_LOOP_MOST` (how the kernel counts ties; every
    value gives the same integers, and the tests use both ways).

    >>> from fractions import Fraction
    >>> from combin.stud.core.rules import load_rules
    >>> from combin.stud.core.situation import Situation
    >>> situation = Situation.parse("AS AD KS QD 9S", "JH", "9TJQKA")
    >>> from combin.lunar import GAME as LUNAR
    >>> engine = Engine(situation, load_rules(LUNAR.id).resolve())
    >>> numerator, denominator, _ = engine.play_numerators(list(situation.player), 0)
    >>> Fraction(int(numerator[0]), denominator)
    Fraction(205, 204)
    """

    def __init__(self, situation: Situation, rules: Rules, prune: bool = True, reference: bool = False,
                 tie_loop_most: int | None = None) -> None:
        self.prune = prune
        self.tie_loop_most = tie_loop_most
        self.reference = reference
        self._kernel: dict[str, Any] | None = None
        self._done: dict[tuple[tuple[int, ...], int], Array] = {}
        self.rules = rules
        self.situation = situation
        self.n = len(situation.unseen)
        # the rules' pays, as every engine reads them (L9=first-five: the pay of the five as dealt)
        pays = whole_pays(rules, situation.player)
        self.bet, self.loss, self.ante_win = pays.bet, pays.loss, pays.ante_win
        self.take_low, self.take_high = pays.take_low, pays.take_high
        self.force_fee: int | None = pays.force_fee if pays.can_force else None
        self.draw_fee: int | None = pays.draw_fee if pays.can_draw else None

    @cached_property
    def table(self) -> DealerTable:
        """The numpy reference's dealer table (:class:`~combin.stud.reference.numpy_engine.DealerTable`)."""
        situation = self.situation
        return DealerTable(situation.up, situation.unseen, situation.deck, self.rules.force_replaces)

    def pays(self, hands: Array, values: Array | None) -> Array:
        """Bet pays (to 1, with L11) of each final hand: by value for five cards.

        For five cards the value fixes the ranks and whether the hand is
        suited, and that is all the Bet pays read, so one hand per value is
        read by :func:`combin.stud.core.rules.bet_pay`; six-card hands are read one by one.
        """
        if hands.shape[1] != 5:
            kept = _six_card_pays(self.rules)
            found = []
            for row in hands.tolist():
                key = _suits_renamed(row)
                pay = kept.get(key)
                if pay is None:
                    pay = kept[key] = whole(bet_pay(self.rules, row), "a Bet pay")
                found.append(pay)
            return np.array(found, dtype=np.int64)
        unique, inverse = np.unique(np.asarray(values), return_inverse=True)
        found = [value_pay(self.rules, value) for value in unique.tolist()]
        return np.array(found, dtype=np.int64)[inverse.reshape(-1)]

    def play_numerators(self, kept: Sequence[int], size: int,
                        detail: bool = False) -> tuple[Array, int, dict[str, Any] | None]:
        """Per draw: the play numerator over ``r * C(n - size, 4)``, and that denominator.

        Draws are in the lexicographic order of :func:`itertools.combinations`
        of the unseen positions.  The numerator is an int64: its size is at
        most ``r * C(n, 4) * max |result| <= 47 * 178,365 * 301 < 2.6e9`` per
        draw, and a sum over at most ``C(47, 5)`` draws stays below ``4e15 <
        2**63``.  With ``detail`` the counts are ``{below, tied, above, nq,
        values, forced}`` (``forced``: ``None`` without L10, else ``(gains,
        (draws, 5) forced / won / lost / tied / not requalified)``).
        """
        if self.reference:
            return reference_numerators(self, kept, size, detail)
        key = (tuple(kept), size)
        if not detail and key in self._done:
            return self._done[key], self._denominator(size), None
        numerator, counts = self._compute([(kept, size)], detail)[0]
        return numerator, self._denominator(size), counts

    def _denominator(self, size: int) -> int:
        n = len(self.situation.unseen)
        return (n - size - 4) * comb(n - size, 4)

    def prepare(self, options: Iterable[tuple[Sequence[int], int]]) -> None:
        """Compute the numerators of every ``(kept, size)`` of ``options`` in one compiled call."""
        todo = [(list(kept), size) for kept, size in dict.fromkeys((tuple(k), s) for k, s in options)
                if (tuple(kept), size) not in self._done]
        if todo and not self.reference:
            for (kept, size), (numerator, _) in zip(todo, self._compute(todo, False)):
                self._done[(tuple(kept), size)] = numerator

    def _tables(self) -> dict[str, Any]:
        """The per-situation tables of the kernel (built once)."""
        if self._kernel is None:
            from combin.stud.reference.cards.kernel import COMB, STRAIGHT_MASKS, dealer_tables, own_outs
            from combin.stud.reference.cards.kernel.interface import (ALL_BOUND, FLUSH_OUTS, PAIR_BOUND, PAIR_OUTS,
                                                           STRAIGHT_BOUND, STRAIGHT_FLUSH_OUTS, STRAIGHT_OUTS,
                                                           ForcingRows, SituationTables)
            situation = self.situation
            deck = situation.deck
            hands = hand_table(deck)
            up_dp = int(hands.positions_of([situation.up])[0])
            cards = np.asarray(situation.unseen, dtype=np.int64)
            dp = hands.positions_of(cards).astype(np.int64)
            dense = _narrow_levels(deck)
            qlev = hands.qualify_level
            (dlev, ncnt, qpacked, qlevel, nqrows, outs, outlev, nouts,
             bits, starts) = dealer_tables(int(situation.up), up_dp, cards, dp, dense, len(deck), qlev, COMB,
                                   STRAIGHT_MASKS, self.rules.force_replaces is ForceCard.LOWEST)
            # per row, its bounds in the order PAIR_BOUND, STRAIGHT_BOUND, ALL_BOUND; the pair bound
            # counts an ace-king rank's card of the row's suit too (a flush out, column 6): the
            # rank-blind sums count it won, and a row past a draw's count must gain nothing there
            pair_rank = bits[:, 2] | bits[:, 6]
            bounds = np.stack([_bitcount(pair_rank), _bitcount(pair_rank | bits[:, 3]),
                               _bitcount(bits[:, 1])])
            ranked = np.argsort(-bounds, axis=1, kind="stable").astype(np.int64)
            ge = np.zeros((3, OUT_LIMIT + 2), dtype=np.int64)
            for t in range(3):
                histogram = np.bincount(bounds[t], minlength=OUT_LIMIT + 1)
                ge[t, :OUT_LIMIT + 1] = np.cumsum(histogram[::-1])[::-1]
            gathered: dict[str, dict[str, Array]] = {}
            # rank-blind outs (as if the row's four cards were not one suit): pairs and every card of
            # an ace-king rank (its card of the row's suit is a flush out: column 6), and every card
            # of a straight's rank (straight and straight-flush outs); the rows with flush outs apart
            straight_rank = bits[:, 3] | bits[:, 5]
            suited = (bits[:, 4] | bits[:, 5]) != 0
            for name, t, beaten, beating, plain in (
                    ("pairs", PAIR_BOUND, bits[:, 2], bits[:, 1] ^ bits[:, 2], (pair_rank, straight_rank)),
                    ("all", ALL_BOUND, bits[:, 1] ^ bits[:, 5], bits[:, 5],
                     (pair_rank | straight_rank, np.zeros(len(bits), np.int64)))):
                rows = ranked[t]
                # the rows with flush outs, gathered: place in the order, cards, true and blind outs
                place = np.nonzero(suited[rows])[0]
                chosen = rows[place]
                gathered[name] = dict(
                    hb=np.ascontiguousarray(bits[rows, 0]), beaten=np.ascontiguousarray(beaten[rows]),
                    beating=np.ascontiguousarray(beating[rows]),
                    plain=np.ascontiguousarray(np.stack([plain[0][rows], plain[1][rows]])),
                    suited=np.ascontiguousarray(np.stack(
                        [place, bits[chosen, 0], beaten[chosen], beating[chosen], plain[0][chosen],
                         plain[1][chosen]]).astype(np.int64)))
            # per kind of the player's own outs (pair, straight, flush, straight flush): the outs
            # of a lower kind, of a higher kind and of its own, in the order of its bound
            nrows = len(nouts)
            kinds = np.zeros((4, 4, nrows), dtype=np.int64)
            own_list = np.zeros((4, nrows), dtype=np.int64)
            own_count = np.zeros(4, dtype=np.int64)
            pair, straight, flush, sf = bits[:, 2], bits[:, 3], bits[:, 4], bits[:, 5]
            for u, (t, beaten, beating, own) in (
                    (PAIR_OUTS, (PAIR_BOUND, np.zeros(nrows, np.int64), bits[:, 1] ^ pair, pair)),
                    (STRAIGHT_OUTS, (STRAIGHT_BOUND, pair, flush | sf, straight)),
                    (FLUSH_OUTS, (ALL_BOUND, pair | straight, sf, flush)),
                    (STRAIGHT_FLUSH_OUTS, (ALL_BOUND, bits[:, 1] ^ sf, np.zeros(nrows, np.int64), sf))):
                rows = ranked[t]
                kinds[:, u] = bits[rows, 0], beaten[rows], beating[rows], own[rows]
                found = np.nonzero(own[rows])[0]
                own_list[u, :len(found)] = found
                own_count[u] = len(found)
            own_ptr, own_bit, own_lev = own_outs(ranked, starts, outs, outlev, own_list, own_count)
            qbits = np.zeros(len(qpacked), dtype=np.int64)
            for column in range(4):
                qbits |= np.int64(1) << ((qpacked >> (6 * column)) & 63)
            pairs, every = gathered["pairs"], gathered["all"]
            from combin.stud.reference.cards.kernel.forcing import rank_classes
            up_suit = int(situation.up) & 3
            pairs_classes, pairs_ok = rank_classes(bits[:, 0].copy(), pair_rank, straight_rank, cards, up_suit)
            all_classes, all_ok = rank_classes(bits[:, 0].copy(), pair_rank | straight_rank,
                                               np.zeros(len(bits), np.int64), cards, up_suit)
            forcing = ForcingRows(
                nrows=nrows, outs=outs, outlev=outlev, starts=starts, ranked=ranked, ge=ge,
                pairs_hb=pairs["hb"], pairs_beaten=pairs["beaten"], pairs_beating=pairs["beating"],
                pairs_plain=pairs["plain"], pairs_suited=pairs["suited"],
                all_hb=every["hb"], all_beaten=every["beaten"], all_beating=every["beating"],
                all_plain=every["plain"], all_suited=every["suited"],
                kind_hb=kinds[0], kind_beaten=kinds[1], kind_beating=kinds[2], kind_own=kinds[3],
                own_list=own_list, own_count=own_count, own_ptr=own_ptr, own_bit=own_bit, own_lev=own_lev,
                pairs_classes=pairs_classes, all_classes=all_classes, by_class=bool(pairs_ok and all_ok),
                rank_of=cards >> 2)
            dealer = SituationTables(n=len(cards), comb=COMB, dlev=dlev, ncnt=ncnt, nnq=len(nqrows), qlev=qlev,
                                     qpacked=qpacked, qlevel=qlevel, qbits=qbits)
            # the raw tables stay readable by name beside the kernel's two records
            self._kernel = dict(dealer=dealer, forcing=forcing, cards=cards, dp=dp, dense=dense, qlev=qlev,
                                dlev=dlev, outs=outs, nouts=nouts, bits=bits,
                                level_data=_level_data(self.rules, deck))
        return self._kernel

    def _compute(self, options: Sequence[tuple[Sequence[int], int]], detail: bool) -> list[Numerators]:
        """``[(numerator, counts or None)]`` of ``[(kept, size)]``, by the compiled kernel."""
        from combin.stud.reference.cards.kernel import (COMB, TIE_LOOP_MOST, draw_groups, enumerate_draws, first_pass,
                                             option_sums)
        from combin.stud.reference.cards.kernel.interface import DrawBatch, PayLevels, SumsWork
        tables = self._tables()
        hands = hand_table(self.situation.deck)
        n = len(tables["cards"])
        sizes = np.array([size for _, size in options], dtype=np.int64)
        kept_dp = np.zeros((len(options), 6), dtype=np.int64)
        kept_cards = np.zeros((len(options), 6), dtype=np.int64)
        nkept = np.zeros(len(options), dtype=np.int64)
        for o, (kept, _) in enumerate(options):
            found: Any = np.sort(hands.positions_of(np.asarray(kept, dtype=np.int64))) if len(kept) else []
            kept_dp[o, :len(found)] = found
            kept_cards[o, :len(kept)] = kept
            nkept[o] = len(found)
        offsets = np.zeros(len(options) + 1, dtype=np.int64)
        offsets[1:] = np.cumsum([comb(n, size) for size in sizes.tolist()])
        D = int(offsets[-1])
        packed, level = enumerate_draws(kept_dp, nkept, sizes, offsets, tables["dp"], tables["dense"],
                                        len(self.situation.deck), COMB, _workspace("packed", D),
                                        _workspace("level", D, dtype=np.int32))
        packed, level = packed[:D], level[:D]
        rep = _workspace("rep", D, dtype=np.int32)
        draw_groups(offsets, sizes, kept_cards, nkept, packed, tables["cards"], int(self.situation.up) & 3, COMB,
                    rep, _workspace("groups", GROUP_TABLE, dtype=np.int32))
        pays, categories, values = tables["level_data"]
        # per level: the win (Ante pay plus the Bet times its pays) and the Ante pay taken
        win_level = np.where(pays == NO_PAY, NO_PAY, self.ante_win + self.bet * pays)
        take_level = np.where(categories >= STRAIGHT, self.take_high, self.take_low).astype(np.int64)
        six_start = np.full(len(options), -1, dtype=np.int64)
        six_parts: list[np.ndarray] = []
        for o, (kept, size) in enumerate(options):
            if len(kept) + size != 5:         # a sixth card: the Bet pays read card by card
                draws = subsets(n, size)
                held = np.broadcast_to(np.asarray(kept, dtype=np.int64), (len(draws), len(kept)))
                rows = np.concatenate([held, tables["cards"][draws]], axis=1)
                six_start[o] = sum(len(part) for part in six_parts)
                six_parts.append(self.ante_win + self.bet * self.pays(rows, None))
        six_win = np.concatenate(six_parts) if six_parts else np.zeros(1, dtype=np.int64)
        fee = -1 if self.force_fee is None else self.force_fee
        dealer = tables["dealer"]
        batch = DrawBatch(offsets=offsets, sizes=sizes, packed=packed, level=level, rep=rep[:D],
                          six_start=six_start, six_win=six_win)
        nq, below = first_pass(dealer, batch, _workspace("nq", D, dtype=np.int32),
                               _workspace("below", D, dtype=np.int32))
        levels = PayLevels(win_level=win_level, take_level=take_level, category=categories, nopay=NO_PAY,
                           loss=self.loss, fee=fee)
        work = SumsWork(bt=_workspace("bt", D, 2, np.int32), entry=_workspace("entry", D),
                        slot=_workspace("slot", D, dtype=np.int32), numerator=np.empty(D, dtype=np.int64))
        numerator, counts, bad = option_sums(dealer, tables["forcing"], batch, levels, nq, below, work, self.prune,
                                             detail,
                                             TIE_LOOP_MOST if self.tie_loop_most is None else self.tie_loop_most)
        if bad:
            raise CombinError("a Bet pay must be a whole number of Ante units for the exact engine")
        results: list[Numerators] = []
        for o in range(len(options)):
            part = slice(offsets[o], offsets[o + 1])
            extra: dict[str, Any] | None = None
            if detail:
                c = counts[part]
                forced: tuple[Array, Array] | None = None
                if self.force_fee is not None:
                    r = n - int(sizes[o]) - 4
                    win = (win_level[level[part]] if six_start[o] < 0
                           else six_win[six_start[o]:six_start[o] + len(c)])
                    gains = numerator[part] - r * (win * c[:, 0] - self.loss * c[:, 2]
                                                   + take_level[level[part]] * c[:, 3])
                    forced = (gains, np.ascontiguousarray(c[:, 4:]))
                extra = dict(below=c[:, 0].copy(), tied=c[:, 1].copy(), above=c[:, 2].copy(),
                             nq=c[:, 3].copy(), values=values[level[part]], forced=forced)
            results.append((numerator[part], extra))
        return results



OUT_LIMIT = 29   # the most outs of a non-qualifying hand (12 pairing, 8 straight or ace-king, 9 flush cards)
_LEVEL_DATA: dict[tuple[Any, ...], tuple[Array, Array, Array]] = {}


@lru_cache(maxsize=4)
def _narrow_levels(deck: Deck) -> Array:
    """The deck's dense hand levels in the narrowest of int16/int32 that holds them (the same values).

    The compiled kernel reads the table at random (millions of reads per
    situation); half the bytes keep more of it in cache.  Built once per deck.
    """
    dense = hand_table(deck).dense
    narrow = np.int16 if int(dense.max(initial=0)) < 2 ** 15 else np.int32
    return dense.astype(narrow)


_WORK = threading.local()

#: Six-card Bet pays already read, per (second combination, pays): at most :data:`_SIX_KEPT` each,
#: for at most :data:`_SIX_TABLES` Bet paytables (a solve tries a new one per run).
_SIX_PAYS: dict[tuple[Any, ...], dict[tuple[int, ...], int]] = {}
_SIX_KEPT = 1 << 17
_SIX_TABLES = 4


def _six_card_pays(rules: Rules) -> dict[tuple[int, ...], int]:
    """The kept six-card pays of ``rules``' Bet (emptied when full)."""
    key = (rules.second_combination, tuple(sorted(rules.bet_table.items())))
    if key not in _SIX_PAYS and len(_SIX_PAYS) >= _SIX_TABLES:
        del _SIX_PAYS[next(iter(_SIX_PAYS))]        # the oldest first
    kept = _SIX_PAYS.setdefault(key, {})
    if len(kept) >= _SIX_KEPT:
        kept.clear()
    return kept


def _suits_renamed(cards: Sequence[int]) -> tuple[int, ...]:
    """The hand sorted, its suits renamed in the order they first appear.

    The Bet pays read the ranks and which cards share a suit, never a suit's name, so a hand and
    its renamed copy pay alike (two hands of one key are one hand with its suits renamed).

    >>> _suits_renamed([51, 2, 7]) == _suits_renamed([48, 1, 4])
    True
    """
    seen: dict[int, int] = {}
    return tuple((card & ~3) | seen.setdefault(card & 3, len(seen)) for card in sorted(cards))



#: Entries of draw_groups' key table: C(17, 5) rank multisets x 2^5 suit bits x 2 (flush or not).
GROUP_TABLE = comb(17, 5) * 2 ** 5 * 2


def _workspace(name: str, size: int, width: int | None = None, dtype: DTypeLike = np.int64) -> Array:
    """A reusable work array (int64 unless ``dtype``) of at least ``size`` rows (per thread, grown as needed).

    The compiled kernel writes every entry it later reads (see
    :mod:`combin.stud.reference.cards.kernel`), so the contents left by an earlier call never
    reach a result; reusing the memory spares the pages of a fresh array.
    Only arrays that the caller does not keep are taken from here.
    """
    arrays: dict[tuple[str, str], Array] | None = getattr(_WORK, "arrays", None)
    if arrays is None:
        arrays = _WORK.arrays = {}
    found = arrays.get((name, np.dtype(dtype).str))
    if found is None or len(found) < size:
        found = np.empty((size,) if width is None else (size, width), dtype=dtype)
        arrays[(name, np.dtype(dtype).str)] = found
    return found


def _level_data(rules: Rules, deck: Deck) -> tuple[Array, Array, Array]:
    """Per level of the deck's hand table: the Bet pay of a five-card hand, its category, its value.

    A pay that is not a whole number of Ante units is marked (and refused when a draw reads it).
    """
    key = (rules.stud.key, rules.second_combination, deck.text)
    if key not in _LEVEL_DATA:
        values = hand_table(deck).levels.astype(np.int64)
        # the pays depend on the deck's levels, the rules' Bet table and the code and data that read
        # a pay: all in the cache key, so a change of any is a new file (combin.running.cache)
        from combin.running.cache import cached_arrays
        pays = cached_arrays("bet-levels", pay_key(rules, deck), lambda: {"pays": level_pays(rules, values)})
        _LEVEL_DATA[key] = (pays["pays"], values // CATEGORY_SHIFT, values)
    return _LEVEL_DATA[key]


def _bitcount(words: Array) -> Array:
    """Set bits of each non-negative int64."""
    return popcount(np.asarray(words, dtype=np.int64))
