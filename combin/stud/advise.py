"""The exact value of every option of one Lunar Poker situation, fast.

:func:`advise` prices fold, play, buying a sixth card and every exchange the
rules allow (L12), each followed by the better of fold or play once the new
cards are seen, and -- wherever the dealer does not qualify -- the better of
taking the Ante pay or forcing (L10) with the dealer's five cards in view.
Every value is per unit of Ante and counts the Ante, the fee and the Bet.

Why it is exact.  Let ``B`` be the ``n`` unseen cards.  An option draws ``k``
cards ``N`` from ``B`` (``k = 0`` for play); the dealer's four hidden cards
are a 4-subset ``H`` of ``B - N`` and a forced replacement one of the
``r = n - k - 4`` cards left.  Dealing order does not change probabilities
(RULES.md §3), so every draw is equally likely, then every ``H``, then every
replacement, and the option's value is::

    -fee + sum_N max(-1, play(N)) / C(n, k),
    play(N) = [ r * (win * below + (-1 - bet) * above + take * not_qualified)
                + sum_H max(0, S_H - r * (force_fee + take)) ] / (r * C(n - k, 4))

where ``below``/``above``/``not_qualified`` count the dealer hands of
``B - N`` that qualify below / above the player's value or do not qualify,
and ``S_H`` is the forcing player's showdown total over the ``r``
replacements of a non-qualifying ``H``.  All of these are integers; the one
division happens when the total becomes a :class:`~fractions.Fraction`.

The counts over ``B - N`` come from counts over all of ``B`` by
inclusion-exclusion over the drawn cards: the 4-subsets of ``B`` avoiding
``N`` are ``sum_{T subset N} (-1)^|T|`` times those containing ``T``
(|T| <= 4).  For every subset ``T`` of every dealer hand the counts by dealer
value are tabulated once per situation (:class:`DealerTable`), so an
option needs ``2^k`` table look-ups per draw, vectorised over every draw.

Forcing is summed exactly, but only where it can matter.  Against a
non-qualifying ``H`` the forcing player wins at most ``win`` on each of the
``outs(H)`` replacements that requalify the dealer (a pair, a straight or a
flush: never an ace-king, because the highest card went and an ace and a king
together would have qualified the dealer), and loses or pushes elsewhere, so
``S_H <= win * outs(H)``; where ``win * outs(H) <= r * (force_fee + take)``
forcing cannot beat taking the Ante pay and its term is 0 without summing.
The player's class tightens the bound: below a straight only the pair outs
can lose to the player (at most 3 for each of the four ranks left: 12); a
straight beats pairs and straights (at most 8 straight outs) but no flush.
Dealer hands are sorted by each bound so the hands left to sum are a prefix.
Where the player's class decides every requalified showdown (two pair or
trips: pairs lose, straights and flushes win; full house or quads: all but a
straight flush lose), ``S_H`` is a count of bits, for blocks of draws at once.

Exchanges that a suit relabelling fixing the five cards and the up card
maps onto each other have the same value; each is summed once.

The best option's distribution (:func:`distribution`): per final result, the
number of equally likely outcomes (draw, dealer hand, replacement) and the
sums of their nets and squared nets, integers over ``r * C(n - k, 4) * C(n, k)``.
It reads only what the sums already hold -- the counts below / tied / above /
not qualifying, the forced outcomes, the player's values and the numerators
-- and recovers each draw's winning net from the numerator (an exact
division, checked), so the first and second moments of a round's net are
exact without a second pass over the cards.  The option's value is given
back by the nets times their probabilities, checked for every best option.

The sums run in the compiled kernel :mod:`combin.stud.kernel`, every option
of a situation in one call (:meth:`Engine.prepare`); the numpy code of this
module computes the same integers and stays as the reference
(``Engine(..., reference=True)``; the tests compare the two draw by draw).
"""

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, permutations
from math import comb
import threading

import numpy as np

from combin.errors import CombinError
from combin.lunar.cards import CLASSES
from combin.lunar.exhaustive import subsets_table
from combin.stud.values import (ONE_PAIR, QUALIFY, STRAIGHT, STRAIGHT_FLUSH, best_value, hand_table,
                                 lex_index, value_class)

__all__ = ["Option", "advise", "price", "DealerTable", "option_keys", "RESULTS", "Engine",
           "distribution"]

_SHIFT = 16 ** 5

#: Result ids of the best option's distribution, in print order (win ids follow).
RESULTS = ("lose", "push", "ante_taken", "forced_won", "forced_lost", "forced_push",
           "forced_not_qualified", "fold")


@dataclass(frozen=True)
class Option:
    """One option: ``kind`` (fold, play, buy, exchange, instant), ``discard``, exact ``ev``.

    The best option also carries ``results`` (result id -> probability) and
    ``moments`` (result id -> (probability, net x probability, net^2 x
    probability)), the instant pay under L7=continue included in every net.
    """

    kind: str
    discard: tuple
    ev: Fraction
    results: dict = None   # result id -> Fraction probability (the best option only)
    moments: dict = None   # result id -> (probability, net x probability, net^2 x probability)


def option_keys(rules):
    """``[(kind, discard positions)]`` of the options the rules allow, in a fixed order."""
    keys = [("fold", ()), ("play", ())]
    if rules.game.can_draw:
        keys.append(("buy", ()))
        for size in rules.exchange_sizes:
            keys += [("exchange", positions) for positions in combinations(range(5), size)]
    return keys


@lru_cache(maxsize=16)
def _subsets(n, k):
    """Every k-subset of ``range(n)`` as sorted rows, lexicographic (int64)."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.int64)
    return subsets_table(k, n).astype(np.int64)


_PAYS = {}   # (game, L11) -> {five-card value: Bet pays}; the pays are fixed data


def _masks(k, most=4):
    """Submasks of ``range(k)`` with at most ``most`` members: (columns, sign)."""
    return [(cols, -1 if len(cols) % 2 else 1)
            for size in range(min(k, most) + 1) for cols in combinations(range(k), size)]


def _whole(x, what):
    x = Fraction(x)
    if x.denominator != 1:
        raise CombinError(f"{what} must be a whole number of Ante units for the exact engine, not {x}")
    return int(x)


class DealerTable:
    """Counts of the dealer's hands over every subset of the unseen cards.

    The dealer's hand is the up card and a 4-subset ``H`` of the ``n`` unseen
    cards (local positions ``0..n-1``).  :meth:`counts` answers, for sets ``T``
    of ``j <= 4`` positions and a player's value: how many ``H`` containing
    ``T`` qualify below / tie / qualify above it, and how many do not qualify.
    Dealer values are replaced by their *level* (index among the distinct
    qualifying values), so "below the player" is "level below ``low``".

    * ``j <= 2``: a cumulative histogram per set, ``cum[set, x]`` = qualifying
      hands containing the set with a level below ``x`` (``1 + n + C(n,2)`` rows);
    * ``j = 3``: the keys ``key(T) * V + level`` of the qualifying hands, sorted, read
      with :func:`numpy.searchsorted` (``key(T) = sum (t_i + 1) * S**(3 - i)``, ``S = n + 1``);
    * ``j = 4``: ``T`` is the hand itself.

    Every count is at most ``C(n, 4) < 2**31``.
    """

    def __init__(self, up, unseen, deck=None):
        from combin.stud.deck import Deck
        self.hand_table = hand_table(deck if deck is not None else Deck.parse(None))
        self.up = up
        self.cards = np.asarray(unseen, dtype=np.int64)
        n = self.n = len(unseen)
        self.size = n + 1
        self._built = False
        self._force = None

    def __getattr__(self, name):
        # The tables below are built on first use: the compiled engine reads only n and cards.
        if name.startswith("__") or self.__dict__.get("_built", True):
            raise AttributeError(name)
        self._built = True
        self._build()
        return getattr(self, name)

    def _build(self):
        up, n = self.up, self.n
        hands = self.hands = _subsets(n, 4)
        dealer = np.column_stack([np.full(len(hands), up, dtype=np.int64), self.cards[hands]])
        self.dealer = dealer
        values = self.values = self.evaluate(dealer)
        qualified = self.qualified = values >= QUALIFY
        self.levels = np.unique(values[qualified])
        width = self.width = len(self.levels) + 1
        level = self.level = np.searchsorted(self.levels, values)
        # sets of at most two cards: compact row numbers, then cumulative histograms
        small = [np.zeros((1, 0), dtype=np.int64), _subsets(n, 1), _subsets(n, 2)]
        self.compact = np.full(self.size ** 2, -1, dtype=np.int64)
        offset = 0
        for rows in small:
            self.compact[self.key(rows)] = np.arange(offset, offset + len(rows))
            offset += len(rows)
        histogram = np.zeros(offset * width, dtype=np.int64)
        ncount = np.zeros(offset, dtype=np.int64)
        for cols, _ in _masks(4, 2):
            row = self.compact[self.key(hands[:, list(cols)])]
            histogram += np.bincount(row[qualified] * width + level[qualified], minlength=offset * width)
            ncount += np.bincount(row[~qualified], minlength=offset)
        cum = np.zeros((offset, width + 1), dtype=np.int32)
        np.cumsum(histogram.reshape(offset, width), axis=1, out=cum[:, 1:])
        self.cum, self.ncount_small = cum, ncount
        # sets of three cards: sorted keys, and counts per key
        slots = self.size ** 3
        qcount = np.zeros(slots, dtype=np.int64)
        ncount3 = np.zeros(slots, dtype=np.int64)
        sorted_keys = []
        for cols in combinations(range(4), 3):
            key = self.key(hands[:, list(cols)])
            qcount += np.bincount(key[qualified], minlength=slots)
            ncount3 += np.bincount(key[~qualified], minlength=slots)
            sorted_keys.append(key[qualified] * width + level[qualified])
        self.sorted = np.sort(np.concatenate(sorted_keys))
        self.qcount = qcount
        self.qstart = np.cumsum(qcount) - qcount
        self.ncount3 = ncount3

    def evaluate(self, hands):
        """Values of an ``(m, 5)`` array of the deck's cards, read from the deck's hand table."""
        table = self.hand_table
        return table.values[table.indices_of(hands)].astype(np.int64)

    def key(self, positions):
        """Keys of rows of sorted positions (an ``(m, j)`` array; ``j = 0`` gives 0)."""
        key = np.zeros(len(positions), dtype=np.int64)
        for column in range(positions.shape[1]):
            key = key * self.size + positions[:, column] + 1
        return key

    def counts(self, positions, low, high):
        """For rows of ``j`` sorted positions: qualifying below / tied / above, and not qualifying.

        ``low``/``high`` are the numbers of dealer levels below / not above each
        player's value.
        """
        j = positions.shape[1]
        if j <= 2:
            row = self.compact[self.key(positions)]
            below, upto = self.cum[row, low], self.cum[row, high]
            return below, upto - below, self.cum[row, -1] - upto, self.ncount_small[row]
        if j == 3:
            key = self.key(positions)
            start = self.qstart[key]
            below = np.searchsorted(self.sorted, key * self.width + low) - start
            upto = np.searchsorted(self.sorted, key * self.width + high) - start
            return below, upto - below, self.qcount[key] - upto, self.ncount3[key]
        hand = lex_index(positions, self.n)
        qualified, level = self.qualified[hand], self.level[hand]
        below = qualified & (level < low)
        upto = qualified & (level < high)
        return (below.astype(np.int64), (upto & ~below).astype(np.int64),
                (qualified & ~upto).astype(np.int64), (~qualified).astype(np.int64))

    def force_table(self):
        """For every non-qualifying ``H``: the replacements that requalify it, and their values.

        The replaced card is the dealer's highest (ace high; unique, as a hand
        that does not qualify has no pair).  The four cards left have four
        distinct ranks, so a requalified hand is one pair, a straight or a
        flush.  Three orders of the same rows are kept, each most first:
        ``all`` by every requalifying replacement, ``pairs`` by those making one
        pair (the only requalified hands below a straight) and ``no_flush`` by
        those making a pair or a straight.  Each is ``(-bound, hand bits,
        replacement positions, their values, {classes: (beaten bits, beating
        bits)})``; positions are local (int8), a padding slot has position ``n``
        and value -1.
        """
        if self._force is not None:
            return self._force
        n = self.n
        rows = np.nonzero(~self.qualified)[0]
        dealer = self.dealer[rows]
        high = np.argmax(dealer >> 2, axis=1)
        keep = np.ones(dealer.shape, dtype=bool)
        keep[np.arange(len(rows)), high] = False
        rest = dealer[keep].reshape(len(rows), 4)
        free = np.ones((len(rows), n), dtype=bool)
        free[np.arange(len(rows))[:, None], self.hands[rows]] = False
        others = np.nonzero(free)[1].reshape(len(rows), n - 4)
        forced = np.concatenate([np.repeat(rest, n - 4, axis=0),
                                 self.cards[others].reshape(-1, 1)], axis=1)
        values = self.evaluate(forced).reshape(len(rows), n - 4)
        requalified = values >= QUALIFY
        paired = requalified & (values < (ONE_PAIR + 1) * _SHIFT)
        outs = requalified.sum(axis=1)
        width = max(int(outs.max()) if len(outs) else 0, 1)
        slot = np.cumsum(requalified, axis=1) - 1
        cards = np.full((len(rows), width), n, dtype=np.int8)
        vals = np.full((len(rows), width), -1, dtype=np.int32)
        where = np.nonzero(requalified)
        cards[where[0], slot[where]] = others[where]
        vals[where[0], slot[where]] = values[where]
        bits = (np.int64(1) << self.hands[rows]).sum(axis=1)   # n <= 47: one int64 bit each
        # The requalifying replacements as bit masks, by what they make: one pair, or a
        # straight or flush (or straight flush).  A player with two pair or trips beats
        # every requalified pair and loses to every straight or flush; a full house or
        # four of a kind beats all of them but a straight flush.
        category = values // _SHIFT
        card_bit = np.int64(1) << others
        pair_bits = np.where(paired, card_bit, 0).sum(axis=1)
        sf_bits = np.where(requalified & (category == STRAIGHT_FLUSH), card_bit, 0).sum(axis=1)
        other_bits = np.where(requalified & ~paired, card_bit, 0).sum(axis=1)
        self._force = {}
        straights = requalified & (category == STRAIGHT)
        for name, bound in (("all", outs), ("pairs", paired.sum(axis=1)),
                            ("no_flush", (paired | straights).sum(axis=1))):
            order = np.argsort(-bound, kind="stable")
            self._force[name] = (-bound[order], bits[order], cards[order], vals[order],
                                 {(2, 3): (pair_bits[order], other_bits[order]),
                                  (6, 7): ((pair_bits | other_bits)[order] & ~sf_bits[order],
                                           sf_bits[order])})
        return self._force


class Engine:
    """The sums of one situation; ``prune=False`` sums forcing everywhere (for the tests).

    The sums are computed by the compiled kernel (:mod:`combin.stud.kernel`),
    every option of a :meth:`prepare` call at once; ``reference=True`` computes
    them with the numpy path of this module instead (the same integers: the
    tests compare the two draw by draw).  ``tie_loop_most`` overrides
    :data:`combin.stud.kernel.TIE_LOOP_MOST` (how the kernel counts ties; every
    value gives the same integers, and the tests use both ways).
    """

    def __init__(self, situation, rules, prune=True, reference=False, tie_loop_most=None):
        self.prune = prune
        self.tie_loop_most = tie_loop_most
        self.reference = reference
        self._kernel = None
        self._done = {}
        self.rules = rules
        self.situation = situation
        self.table = DealerTable(situation.up, situation.unseen, situation.deck)
        self.bet = _whole(rules.bet, "the Bet")
        self.loss = 1 + self.bet
        self.ante_win = _whole(rules.ante_win, "the Ante pay on a win")
        self.take_low = _whole(rules.ante_not_qualified(0), "the Ante pay")
        self.take_high = _whole(rules.ante_not_qualified(STRAIGHT * _SHIFT), "the Ante pay")
        self.force_fee = None if rules.force_fee is None else _whole(rules.force_fee, "the force fee")
        self.draw_fee = None if rules.draw_fee is None else _whole(rules.draw_fee, "the draw fee")
        self._pays = _PAYS.setdefault((rules.game.id, rules.second_combination), {})

    def pays(self, hands, values):
        """Bet pays (to 1, with L11) of each final hand: by value for five cards.

        For five cards the value fixes the ranks and whether the hand is
        suited, and that is all the Bet pays read, so one hand per value is
        read by :func:`combin.stud.rules.bet_pay`; six-card hands are read one by one.
        """
        from combin.stud.rules import bet_pay
        if hands.shape[1] != 5:
            return np.array([_whole(bet_pay(self.rules, row.tolist()), "a Bet pay")
                             for row in hands], dtype=np.int64)
        unique, inverse = np.unique(values, return_inverse=True)
        found = []
        for value in unique.tolist():
            if value not in self._pays:
                self._pays[value] = _whole(bet_pay(self.rules, _representative(value)), "a Bet pay")
            found.append(self._pays[value])
        return np.array(found, dtype=np.int64)[inverse.reshape(-1)]

    def final_hands(self, kept, size):
        """Draw rows, final hands, their values for every draw of ``size`` unseen cards."""
        table = self.table
        draws = _subsets(table.n, size)
        kept = np.asarray(kept, dtype=np.int64)
        hands = np.concatenate([np.broadcast_to(kept, (len(draws), len(kept))),
                                table.cards[draws]], axis=1)
        if hands.shape[1] == 5:
            values = table.evaluate(hands)
        else:
            values = np.max([table.evaluate(hands[:, list(five)])
                             for five in combinations(range(hands.shape[1]), 5)], axis=0)
        return draws, hands, values

    def play_numerators(self, kept, size, detail=False):
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
            return self.reference_numerators(kept, size, detail)
        key = (tuple(kept), size)
        if not detail and key in self._done:
            return self._done[key], self._denominator(size), None
        numerator, counts = self._compute([(kept, size)], detail)[0]
        return numerator, self._denominator(size), counts

    def _denominator(self, size):
        n = len(self.situation.unseen)
        return (n - size - 4) * comb(n - size, 4)

    def prepare(self, options):
        """Compute the numerators of every ``(kept, size)`` of ``options`` in one compiled call."""
        todo = [(list(kept), size) for kept, size in dict.fromkeys((tuple(k), s) for k, s in options)
                if (tuple(kept), size) not in self._done]
        if todo and not self.reference:
            for (kept, size), (numerator, _) in zip(todo, self._compute(todo, False)):
                self._done[(tuple(kept), size)] = numerator

    def _tables(self):
        """The per-situation tables of the kernel (built once)."""
        if self._kernel is None:
            from combin.stud.kernel import COMB, STRAIGHT_MASKS, dealer_tables, own_outs
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
                                   STRAIGHT_MASKS)
            bounds = np.stack([_bitcount(bits[:, 2]), _bitcount(bits[:, 2] | bits[:, 3]),
                               _bitcount(bits[:, 1])])
            ranked = np.argsort(-bounds, axis=1, kind="stable").astype(np.int64)
            ge = np.zeros((3, OUT_LIMIT + 2), dtype=np.int64)
            for t in range(3):
                histogram = np.bincount(bounds[t], minlength=OUT_LIMIT + 1)
                ge[t, :OUT_LIMIT + 1] = np.cumsum(histogram[::-1])[::-1]
            gathered = {}
            # rank-blind outs (as if the row's four cards were not one suit): pairs, and every card
            # of a straight's rank (straight and straight-flush outs); the rows with flush outs apart
            straight_rank = bits[:, 3] | bits[:, 5]
            suited = (bits[:, 4] | bits[:, 5]) != 0
            for name, t, beaten, beating, plain in (
                    ("pairs", 0, bits[:, 2], bits[:, 1] ^ bits[:, 2], (bits[:, 2], straight_rank)),
                    ("all", 2, bits[:, 1] ^ bits[:, 5], bits[:, 5],
                     (bits[:, 2] | straight_rank, np.zeros(len(bits), np.int64)))):
                rows = ranked[t]
                gathered.update({f"{name}_hb": np.ascontiguousarray(bits[rows, 0]),
                                 f"{name}_beaten": np.ascontiguousarray(beaten[rows]),
                                 f"{name}_beating": np.ascontiguousarray(beating[rows]),
                                 f"{name}_plain": np.ascontiguousarray(np.stack([plain[0][rows], plain[1][rows]]))})
                # the rows with flush outs, gathered: place in the order, cards, true and blind outs
                place = np.nonzero(suited[rows])[0]
                chosen = rows[place]
                gathered[f"{name}_suited"] = np.ascontiguousarray(np.stack(
                    [place, bits[chosen, 0], beaten[chosen], beating[chosen], plain[0][chosen],
                     plain[1][chosen]]).astype(np.int64))
            # per kind of the player's own outs (pair, straight, flush, straight flush): the outs
            # of a lower kind, of a higher kind and of its own, in the order of its bound
            nrows = len(bits)
            kinds = np.zeros((4, 4, nrows), dtype=np.int64)
            own_list = np.zeros((4, nrows), dtype=np.int64)
            own_count = np.zeros(4, dtype=np.int64)
            pair, straight, flush, sf = bits[:, 2], bits[:, 3], bits[:, 4], bits[:, 5]
            for u, (t, beaten, beating, own) in enumerate((
                    (0, np.zeros(nrows, np.int64), bits[:, 1] ^ pair, pair),
                    (1, pair, flush | sf, straight),
                    (2, pair | straight, sf, flush),
                    (2, bits[:, 1] ^ sf, np.zeros(nrows, np.int64), sf))):
                rows = ranked[t]
                kinds[:, u] = bits[rows, 0], beaten[rows], beating[rows], own[rows]
                found = np.nonzero(own[rows])[0]
                own_list[u, :len(found)] = found
                own_count[u] = len(found)
            own_ptr, own_bit, own_lev = own_outs(ranked, starts, outs, outlev, own_list, own_count)
            gathered.update(kind_hb=kinds[0], kind_beaten=kinds[1], kind_beating=kinds[2],
                            kind_own=kinds[3], own_list=own_list, own_count=own_count, own_ptr=own_ptr,
                            own_bit=own_bit, own_lev=own_lev)
            qbits = np.zeros(len(qpacked), dtype=np.int64)
            for column in range(4):
                qbits |= np.int64(1) << ((qpacked >> (6 * column)) & 63)
            self._kernel = dict(gathered=gathered, qbits=qbits, cards=cards, dp=dp, dense=dense, qlev=qlev, dlev=dlev, ncnt=ncnt, nqrows=nqrows,
                                qpacked=qpacked, qlevel=qlevel, outs=outs, outlev=outlev, nouts=nouts,
                                bits=bits, starts=starts, ranked=ranked, ge=ge,
                                level_data=_level_data(self.rules, deck))
        return self._kernel

    def _compute(self, options, detail):
        """``[(numerator, counts or None)]`` of ``[(kept, size)]``, by the compiled kernel."""
        from combin.stud.kernel import (COMB, TIE_LOOP_MOST, draw_groups, enumerate_draws, first_pass,
                                        option_sums)
        tables = self._tables()
        hands = hand_table(self.situation.deck)
        n = len(tables["cards"])
        sizes = np.array([size for _, size in options], dtype=np.int64)
        kept_dp = np.zeros((len(options), 6), dtype=np.int64)
        kept_cards = np.zeros((len(options), 6), dtype=np.int64)
        nkept = np.zeros(len(options), dtype=np.int64)
        for o, (kept, _) in enumerate(options):
            found = np.sort(hands.positions_of(np.asarray(kept, dtype=np.int64))) if len(kept) else []
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
        win_level = np.where(pays == _NO_PAY, _NO_PAY, self.ante_win + self.bet * pays)
        take_level = np.where(categories >= STRAIGHT, self.take_high, self.take_low).astype(np.int64)
        six_start = np.full(len(options), -1, dtype=np.int64)
        six_parts = []
        for o, (kept, size) in enumerate(options):
            if len(kept) + size != 5:         # a sixth card: the Bet pays read card by card
                draws = _subsets(n, size)
                held = np.broadcast_to(np.asarray(kept, dtype=np.int64), (len(draws), len(kept)))
                rows = np.concatenate([held, tables["cards"][draws]], axis=1)
                six_start[o] = sum(len(part) for part in six_parts)
                six_parts.append(self.ante_win + self.bet * self.pays(rows, None))
        six_win = np.concatenate(six_parts) if six_parts else np.zeros(1, dtype=np.int64)
        fee = -1 if self.force_fee is None else self.force_fee
        nq, below = first_pass(offsets, sizes, level, n, tables["dlev"], tables["ncnt"],
                               len(tables["nqrows"]), tables["qlev"],
                               COMB, _workspace("nq", D, dtype=np.int32), _workspace("below", D, dtype=np.int32), rep[:D])
        numerator, counts, bad = option_sums(packed, level, nq, below, offsets, win_level, take_level,
                                             six_win, six_start, _NO_PAY, n, tables["dlev"], tables["ncnt"],
                                        tables["qpacked"], tables["qlevel"], tables["qbits"], tables["qlev"], self.loss,
                                        fee, categories, tables["outs"], tables["outlev"],
                                        tables["nouts"], tables["bits"], tables["starts"], tables["ranked"],
                                        tables["ge"],
                                        *(tables["gathered"][f"{name}_{part}"] for name in ("pairs", "all")
                                          for part in ("hb", "beaten", "beating")),
                                        *(tables["gathered"][f"{name}_{part}"] for part in ("plain", "suited")
                                          for name in ("pairs", "all")),
                                        *(tables["gathered"][name] for name in (
                                            "kind_hb", "kind_beaten", "kind_beating", "kind_own",
                                            "own_list", "own_count", "own_ptr", "own_bit", "own_lev")),
                                        self.prune, detail, COMB, _workspace("bt", D, 2, np.int32),
                                        _workspace("entry", D), _workspace("slot", D, dtype=np.int32),
                                        np.empty(D, dtype=np.int64),
                                        TIE_LOOP_MOST if self.tie_loop_most is None else self.tie_loop_most,
                                        rep[:D])
        if bad:
            raise CombinError("a Bet pay must be a whole number of Ante units for the exact engine")
        found = []
        for o in range(len(options)):
            part = slice(offsets[o], offsets[o + 1])
            extra = None
            if detail:
                c = counts[part]
                forced = None
                if self.force_fee is not None:
                    r = n - int(sizes[o]) - 4
                    win = (win_level[level[part]] if six_start[o] < 0
                           else six_win[six_start[o]:six_start[o] + len(c)])
                    gains = numerator[part] - r * (win * c[:, 0] - self.loss * c[:, 2]
                                                   + take_level[level[part]] * c[:, 3])
                    forced = (gains, np.ascontiguousarray(c[:, 4:]))
                extra = dict(below=c[:, 0].copy(), tied=c[:, 1].copy(), above=c[:, 2].copy(),
                             nq=c[:, 3].copy(), values=values[level[part]], forced=forced)
            found.append((numerator[part], extra))
        return found

    def reference_numerators(self, kept, size, detail=False):
        """:meth:`play_numerators` by the numpy path (the reference of the compiled kernel)."""
        table = self.table
        draws, hands, values = self.final_hands(kept, size)
        pays = self.pays(hands, values)
        win = self.ante_win + self.bet * pays
        take = np.where(values >= STRAIGHT * _SHIFT, self.take_high, self.take_low)
        low = np.searchsorted(table.levels, values, side="left")
        high = np.searchsorted(table.levels, values, side="right")
        below = np.zeros(len(draws), dtype=np.int64)
        tied, above, nq = below.copy(), below.copy(), below.copy()
        for cols, sign in _masks(size):
            b, t, a, q = table.counts(draws[:, list(cols)], low, high)
            below += sign * b
            tied += sign * t
            above += sign * a
            nq += sign * q
        r = table.n - size - 4
        numerator = r * (win * below - self.loss * above + take * nq)
        forced = self.forcing(draws, values, win, take, r, detail) if self.force_fee is not None else None
        if forced is not None:
            numerator = numerator + forced[0]
        counts = dict(below=below, tied=tied, above=above, nq=nq, values=values,
                      forced=forced) if detail else None
        return numerator, r * comb(table.n - size, 4), counts

    def _forcing_by_bits(self, rows, group, draws, draw_bits, win, cost, r, gains, extra):
        """:meth:`forcing` for players whose class decides every requalified showdown.

        A two pair or trips beats every requalified pair and loses to every
        straight or flush; a full house or quads beats all but a straight
        flush.  So ``S_H = win * |beaten outs left| - (1 + bet) * |beating outs left|``,
        counted as bits (:func:`combin.stud.bitsum.forcing_by_bits`, compiled by numba).
        """
        negative, bits, _, _, by_category = rows
        beaten, beating = by_category[group]
        w, c = win[draws], cost[draws]
        counts = (np.searchsorted(negative, -(c // w), side="left") if self.prune
                  else np.full(len(draws), len(bits)))
        from combin.stud.bitsum import forcing_by_bits
        out = forcing_by_bits(draw_bits[draws], w, c, counts, bits, beaten, beating, self.loss, r)
        gains[draws] = out[:, 0]
        if extra is not None:
            extra[draws] = np.column_stack([out[:, 1], out[:, 2], out[:, 3],
                                            np.zeros(len(draws), np.int64), out[:, 4]])

    def forcing(self, draws, values, win, take, r, detail):
        """Per draw, ``sum_H max(0, S_H - r * (fee + take))`` over the non-qualifying ``H``.

        Only hands that pass the bound are summed: ``S_H <= win * outs(H)``,
        and for a player below a straight ``S_H <= win * pair_outs(H)`` (a
        requalified straight or flush beats the player).  Where ``win *
        bound <= r * (fee + take)`` forcing cannot beat taking the Ante pay;
        a draw none of whose dealer hands passes gets 0 without summing.
        """
        gains = np.zeros(len(draws), dtype=np.int64)
        extra = np.zeros((len(draws), 5), dtype=np.int64) if detail else None
        if not (~self.table.qualified).any():
            return gains, extra
        cost = r * (self.force_fee + take)
        category = values // _SHIFT
        # Which outs can be beaten: below a straight only pairs, a straight beats pairs
        # and straights (a flush beats it), anything better may beat every out.
        ordering = np.where(category < STRAIGHT, 0, np.where(category == STRAIGHT, 1, 2))
        names = ("pairs", "no_flush", "all")
        # Before building the force table: at most 3 pair outs for each of the four
        # ranks kept, 8 straight outs (two ranks), at most the n - 4 cards not in H.
        todo = np.nonzero(win * np.array([12, 20, self.table.n - 4])[ordering] > cost)[0]
        if not self.prune:
            todo = np.arange(len(draws))
        if len(todo) == 0:
            return gains, extra
        table = self.table.force_table()
        most = np.array([-int(table[name][0][0]) if len(table[name][0]) else 0 for name in names])
        if self.prune:
            todo = todo[win[todo] * most[ordering[todo]] > cost[todo]]
        draw_bits = ((np.int64(1) << draws).sum(axis=1) if draws.shape[1]
                     else np.zeros(len(draws), np.int64))
        for group in ((2, 3), (6, 7)):
            inside = todo[np.isin(category[todo], group)]
            if len(inside):
                self._forcing_by_bits(table["pairs" if group == (2, 3) else "all"], group, inside,
                                      draw_bits, win, cost, r, gains, extra)
        todo = todo[~np.isin(category[todo], (2, 3, 6, 7))]
        for f in todo.tolist():
            w, c, v = int(win[f]), int(cost[f]), int(values[f])
            negative, bits, cards, vals, by_category = table[names[ordering[f]]]
            # hands with w * bound > c, i.e. bound > c // w: a prefix of the rows (bound descending)
            count = int(np.searchsorted(negative, -(c // w), side="left")) if self.prune else len(bits)
            if count == 0:
                continue
            mask = np.int64(draw_bits[f])
            alive = (bits[:count] & mask) == 0
            group = next((key for key in by_category if v // _SHIFT in key), None)
            if group is not None:
                # every replacement wins or every one loses: count bits, no value compared
                beaten, beating = by_category[group]
                won = _popcount(beaten[:count] & ~mask)
                lost = _popcount(beating[:count] & ~mask)
                total = w * won - self.loss * lost
                chosen = alive & (total > c)
                gains[f] = int((total[chosen] - c).sum())
                if detail:
                    picked = int(chosen.sum())
                    nw, nl = int(won[chosen].sum()), int(lost[chosen].sum())
                    extra[f] = (picked, nw, nl, 0, picked * r - nw - nl)
                continue
            free = ((mask >> cards[:count].astype(np.int64)) & 1) == 0
            vv = vals[:count]
            won = ((vv < v) & free & (vv >= 0)).sum(axis=1)
            lost = ((vv > v) & free).sum(axis=1)
            total = w * won - self.loss * lost
            chosen = alive & (total > c)
            gains[f] = int((total[chosen] - c).sum())
            if detail:
                tie = ((vv == v) & free).sum(axis=1)
                picked = int(chosen.sum())
                nw, nl, nt = int(won[chosen].sum()), int(lost[chosen].sum()), int(tie[chosen].sum())
                extra[f] = (picked, nw, nl, nt, picked * r - nw - nl - nt)
        return gains, extra


OUT_LIMIT = 29   # the most outs of a non-qualifying hand (12 pairing, 8 straight, 9 flush cards)
_NO_PAY = np.iinfo(np.int64).min
_LEVEL_DATA = {}


@lru_cache(maxsize=4)
def _narrow_levels(deck):
    """The deck's dense hand levels in the narrowest of int16/int32 that holds them (the same values).

    The compiled kernel reads the table at random (millions of reads per
    situation); half the bytes keep more of it in cache.  Built once per deck.
    """
    dense = hand_table(deck).dense
    narrow = np.int16 if int(dense.max(initial=0)) < 2 ** 15 else np.int32
    return dense.astype(narrow)


_WORK = threading.local()


#: Entries of draw_groups' key table: C(17, 5) rank multisets x 2^5 suit bits x 2 (flush or not).
GROUP_TABLE = comb(17, 5) * 2 ** 5 * 2


def _workspace(name, size, width=None, dtype=np.int64):
    """A reusable work array (int64 unless ``dtype``) of at least ``size`` rows (per thread, grown as needed).

    The compiled kernel writes every entry it later reads (see
    :mod:`combin.stud.kernel`), so the contents left by an earlier call never
    reach a result; reusing the memory spares the pages of a fresh array.
    Only arrays that the caller does not keep are taken from here.
    """
    arrays = getattr(_WORK, "arrays", None)
    if arrays is None:
        arrays = _WORK.arrays = {}
    found = arrays.get((name, np.dtype(dtype).str))
    if found is None or len(found) < size:
        found = np.empty((size,) if width is None else (size, width), dtype=dtype)
        arrays[(name, np.dtype(dtype).str)] = found
    return found


def _level_data(rules, deck):
    """Per level of the deck's hand table: the Bet pay of a five-card hand, its category, its value.

    A pay that is not a whole number of Ante units is marked (and refused when a draw reads it).
    """
    key = (rules.game.id, rules.second_combination, deck.text)
    if key not in _LEVEL_DATA:
        from combin.stud.rules import bet_pay
        values = hand_table(deck).levels.astype(np.int64)
        pays = _PAYS.setdefault((rules.game.id, rules.second_combination), {})
        found = []
        for value in values.tolist():
            if value not in pays:
                pay = Fraction(bet_pay(rules, _representative(value)))
                if pay.denominator != 1:
                    found.append(_NO_PAY)
                    continue
                pays[value] = int(pay)
            found.append(pays[value])
        _LEVEL_DATA[key] = (np.array(found, dtype=np.int64), values // _SHIFT, values)
    return _LEVEL_DATA[key]


def _bitcount(words):
    """Set bits of each non-negative int64."""
    return _popcount(np.asarray(words, dtype=np.int64))


def _popcount(words):
    """Set bits of each int64 (numpy's bitwise_count, or eight byte look-ups)."""
    if hasattr(np, "bitwise_count"):
        return np.bitwise_count(words).astype(np.int64)
    table = np.array([bin(i).count("1") for i in range(256)], dtype=np.int64)
    return table[np.ascontiguousarray(words).view(np.uint8).reshape(len(words), 8)].sum(axis=1)


def _representative(value):
    """Five cards with this value (ranks from the value, suited iff a flush category)."""
    category = value // _SHIFT
    digits = [(value >> (4 * (4 - i))) & 15 for i in range(5)]
    if category in (4, 8):
        top = digits[0]
        ranks = [3, 2, 1, 0, 12] if top == 3 else [top - i for i in range(5)]
    else:
        ranks = digits
    suited = category in (5, 8)
    return [rank * 4 + (0 if suited else i % 4) for i, rank in enumerate(ranks)]


def advise(situation, rules, detail=True, progress=None):
    """Every option of ``situation`` under ``rules``: :class:`Option` s, best first.

    Equal values keep the order of :func:`option_keys`.  The best option
    carries ``results`` (probability of each final result) and ``moments``
    (per result: its probability, its net times its probability and its
    squared net times its probability; :func:`distribution`) when ``detail``.
    A royal or straight flush dealt in the first five under L7=ends-round gives
    the instant payout alone; under L7=continue the instant pay is added to
    every option.  ``progress(done, total)`` is called after each option.
    """
    player = list(situation.player)
    instant = {}
    if rules.instant is not None:
        instant = {event: Fraction(pay.net) for event, pay in rules.instant.lines}
    name = value_class(best_value(player))
    bonus = instant.get(name, Fraction(0))
    if name in instant and rules.instant_ends_round:
        if not detail:
            return [Option("instant", (), bonus)]
        return [Option("instant", (), bonus, {"instant": Fraction(1)},
                       {"instant": (Fraction(1), bonus, bonus * bonus)})]
    engine = Engine(situation, rules)
    options, seen = [], {}
    symmetric = _suit_symmetries(player, situation.up)
    keys = option_keys(rules)
    twins = []
    for kind, positions in keys:
        # an exchange that a suit relabelling fixing the five and the up card turns into one
        # already priced keeps the same cards up to suits: the same value, not summed again
        kept = [c for i, c in enumerate(player) if i not in positions]
        twins.append((kind, min(tuple(sorted(_relabel(c, p) for c in kept)) for p in symmetric)))
    firsts = {}
    for key, twin in zip(keys, twins):
        firsts.setdefault(twin, key)
    engine.prepare([_request(engine, player, kind, positions) for kind, positions in firsts.values()
                    if kind != "fold"])
    for done, ((kind, positions), twin) in enumerate(zip(keys, twins), 1):
        if twin not in seen:
            seen[twin] = _sums(engine, player, kind, positions, False)[0]
        options.append((seen[twin], kind, positions))
        if progress is not None:
            progress(done, len(keys))
    # the best is the first option of the highest value in option_keys order (a stable sort):
    # never a twin, whose first relabelling comes before it with the same value
    options.sort(key=lambda item: -item[0])
    out = []
    for index, (ev, kind, positions) in enumerate(options):
        results = moments = None
        if detail and index == 0:
            sums = _sums(engine, player, kind, positions, True)[1]
            moments = _moments(engine, sums, bonus)
            results = {key: p for key, (p, _, _) in moments.items()}
            # the nets times their probabilities must give the option's value back
            if sum((m for _, m, _ in moments.values()), Fraction(0)) != ev + bonus:
                raise AssertionError(f"the results of {kind} do not add up to its value")
        out.append(Option(kind, tuple(player[p] for p in positions), ev + bonus, results, moments))
    return out


def _request(engine, player, kind, positions):
    """``(kept cards, cards drawn)`` of an option that draws or plays (not fold)."""
    size = 0 if kind == "play" else (engine.rules.game.entry["draws"]["buy"] if kind == "buy"
                                     else len(positions))
    return [c for i, c in enumerate(player) if i not in positions], size


def _relabel(card, suits):
    return (card & ~3) | suits[card & 3]


def _suit_symmetries(player, up):
    """The suit permutations that map the player's five onto themselves and fix the up card."""
    cards = set(player)
    return [p for p in permutations(range(4))
            if _relabel(up, p) == up and {_relabel(c, p) for c in cards} == cards]


def price(engine, player, kind, positions=()):
    """The exact value of one option (``kind`` of :func:`option_keys`, discard positions)."""
    return _sums(engine, player, kind, positions, False)[0]


def _sums(engine, player, kind, positions, detail):
    """``(value, sums)``: the option's exact value and, with ``detail``, its per-draw sums."""
    if kind == "fold":
        return Fraction(-1), None
    kept, size = _request(engine, player, kind, positions)
    numerator, denominator, counts = engine.play_numerators(kept, size, detail)
    sums = (numerator, denominator, counts, size, kind) if detail else None
    if kind == "play":
        return Fraction(int(numerator[0]), denominator), sums
    # a sum of at most C(47, 5) int64 terms each below 2.6e9 in size: below 2**63
    total = int(np.maximum(numerator, -denominator).sum())
    return -engine.draw_fee + Fraction(total, denominator * len(numerator)), sums


def _results(engine, sums):
    """Probabilities of each final result of one option (see :data:`RESULTS`)."""
    whole, found = distribution(engine, sums)
    return {key: Fraction(count, whole) for key, (count, _, _) in found.items()}


def _moments(engine, sums, bonus=Fraction(0)):
    """``{result id: (probability, net x probability, net^2 x probability)}`` of one option.

    ``bonus`` (the instant pay under L7=continue) is added to every net:
    ``sum c (x + b) = S1 + b c`` and ``sum c (x + b)^2 = S2 + 2 b S1 + b^2 c``.
    """
    whole, found = distribution(engine, sums)
    return {key: (Fraction(c, whole), Fraction(s1, whole) + bonus * Fraction(c, whole),
                  Fraction(s2, whole) + 2 * bonus * Fraction(s1, whole) + bonus ** 2 * Fraction(c, whole))
            for key, (c, s1, s2) in found.items()}


def _win_nets(engine, numerator, counts, r):
    """Per draw, the net of a won showdown (Ante pay plus Bet x pays), from the sums alone.

    The play numerator is ``r (w below - loss above + take nq) + gains``, and the
    forcing gains are ``sum over forced H of (w won_H - loss lost_H - r (force fee + take))
    = w nw - loss nl - picked r (force fee + take)``.  So ``w (r below + nw)`` is
    an integer known from the counts; where ``r below + nw = 0`` no result wins
    and ``w`` is never read (0 here).  The division is checked to be exact.
    """
    values = counts["values"]
    take = np.where(values >= STRAIGHT * _SHIFT, engine.take_high, engine.take_low)
    rest = numerator + r * engine.loss * counts["above"] - r * take * counts["nq"]
    wins = r * counts["below"]
    forced = counts["forced"][1] if counts["forced"] is not None else None
    if forced is not None:
        picked, nw, nl = forced[:, 0], forced[:, 1], forced[:, 2]
        rest = rest + engine.loss * nl + picked * r * (engine.force_fee + take)
        wins = wins + nw
    safe = np.where(wins > 0, wins, 1)
    win, remainder = np.divmod(rest, safe)
    if (remainder[wins > 0] != 0).any() or (rest[wins == 0] != 0).any():
        raise AssertionError("the play numerators do not split into whole results")
    return np.where(wins > 0, win, 0), take


def distribution(engine, sums):
    """``(whole, {result id: [count, sum of count x net, sum of count x net^2]})`` of one option.

    Integers over ``whole = r * C(n - k, 4) * C(n, k)`` (every draw weighs
    ``r * C(n - k, 4)``: its dealer hands, each with ``r`` replacements; a
    dealer hand weighs ``r``, a forced replacement 1).  The net of a result is
    per unit of Ante and counts the Ante, the Bet, the draw fee (an option
    that draws pays it whatever follows, a fold after the draw included) and
    the force fee; it is an integer (every amount is whole, checked by
    :class:`Engine`).  A result whose net varies from draw to draw (a win
    pays by the final cards; the Ante pay on a dealer who does not qualify
    by the player's class) carries its summed net and summed squared net.
    Sums of ``count x net^2`` are taken in Python integers, per distinct net.
    The decisions inside the option are the engine's: after a draw the
    player plays when playing is worth at least folding (a tie plays); the
    player forces only when forcing is worth more than the Ante pay (a tie
    takes the pay).
    """
    if sums is None:
        return 1, {"fold": [1, -1, 1]}
    numerator, denominator, counts, size, kind = sums
    r = engine.table.n - size - 4
    fee = engine.draw_fee if kind != "play" else 0
    plays = numerator >= -denominator if kind != "play" else np.ones(len(numerator), bool)
    whole = denominator * len(numerator)
    win, take = _win_nets(engine, numerator, counts, r)
    forced = counts["forced"][1] if counts["forced"] is not None else None
    picked = forced[:, 0] if forced is not None else np.zeros(len(numerator), np.int64)
    zero = np.zeros(len(numerator), np.int64)
    found = {}

    def add(key, count, net):
        count, net = count[plays], np.broadcast_to(net, plays.shape)[plays] - fee
        keep = count != 0
        if not keep.any():
            return
        nets, inverse = np.unique(net[keep], return_inverse=True)
        totals = np.zeros(len(nets), np.int64)
        np.add.at(totals, inverse.reshape(-1), count[keep])
        entry = found.setdefault(key, [0, 0, 0])
        for x, c in zip(nets.tolist(), totals.tolist()):
            entry[0] += c
            entry[1] += c * x
            entry[2] += c * x * x

    loss, ff = engine.loss, engine.force_fee
    if len(numerator):
        unique, inverse = np.unique(counts["values"], return_inverse=True)
        classes = np.array([CLASSES.index(value_class(v)) for v in unique.tolist()],
                           dtype=np.int64)[inverse.reshape(-1)]
        for index in np.unique(classes[plays]).tolist():
            add(f"win_{CLASSES[index]}", np.where(classes == index, r * counts["below"], 0), win)
    add("push", r * counts["tied"], zero)
    add("lose", r * counts["above"], zero - loss)
    add("ante_taken", r * (counts["nq"] - picked), take)
    if forced is not None:
        add("forced_won", forced[:, 1], win - ff)
        add("forced_lost", forced[:, 2], zero - loss - ff)
        add("forced_push", forced[:, 3], zero - ff)
        add("forced_not_qualified", forced[:, 4], zero - ff)
    folds = int((~plays).sum()) * denominator
    if folds:
        found["fold"] = [folds, folds * (-1 - fee), folds * (1 + fee) ** 2]
    if sum(entry[0] for entry in found.values()) != whole:
        raise AssertionError("the results of an option do not cover its outcomes")
    return whole, {key: entry for key, entry in found.items() if entry[0]}
