"""A compiled brute force of the whole Lunar Poker game with draws: every leaf, walked.

It computes exactly what :class:`stud_draw_oracle.DrawOracle` computes -- per
situation class the best option and, for it, every result's number of leaves,
sum of nets and sum of squared nets -- but fast enough for the whole
``9TJQKA`` game on one core (the numpy oracle lists every leaf of an option in
memory; this walker visits them in compiled loops and keeps only sums).

Why it is exact.  A leaf is one finished round of one option: a draw (the
cards bought or exchanged, every subset of the unseen cards of the option's
size), four hidden dealer cards disjoint from it, and -- where the game can
force -- a replacement for the dealer's highest card among the cards left.
Within an option all leaves are equally likely, as in the oracle.  The walker
enumerates the draws; for each draw it visits every dealer hand (the up card
and every four of the unseen cards, listed once per class with its bit mask)
and skips those that meet the draw (a mask test); for each dealer hand:

* a qualifying dealer settles every one of its ``r`` replacement leaves alike
  (``r`` = the cards left after the draw and the dealer's four; 1 in a game
  without forcing, as in the oracle): ``r`` leaves of the showdown net;
* a non-qualifying dealer without forcing: ``r`` leaves of the Ante pay;
* a non-qualifying dealer in a game with forcing: each card left (not in the
  draw, not in the dealer's hand) replaces the dealer's highest card (the
  first of the up card and the hidden four, in card order, with the highest
  rank -- the oracle's ``argmax``; the lowest, ``argmin``, under
  L10=replace-lowest-once), giving one leaf each, settled as the
  oracle does (the dealer still not qualifying: 0, else the showdown), less
  the force fee; the player forces exactly when the sum over those leaves
  exceeds ``r`` times the Ante pay, as in the oracle; otherwise ``r`` leaves
  of the Ante pay.

Per draw the player folds exactly when the draw's leaves sum to less than
minus their number (a tie plays; ``play`` has no second decision), then the
draw fee is taken from every leaf of a drawing option; the instant pay under
L7=continue is added to every leaf.  Nothing is grouped by class of dealer
hand, by inclusion-exclusion or by a bound: every (draw, dealer hand) pair is
visited and every forcing leaf is settled on its own.  The options are
compared by exact rational expectation (Python integers: sum x leaves of the
other), the first in the oracle's option order winning a tie; then the best
option's leaves are walked again to tally, per result, the leaves, the sum of
nets and the sum of squared nets.  The sums are int64: on a deck of at most
24 cards (the walker's tables, like the oracle's, are indexed by bit masks of
the deck) a class has at most about 6e7 leaves of an option, each net below
two thousand Ante in size, so every sum of squares stays below 1e15.

Why it is independent.  Hands are ranked by this test package's own
evaluator (:func:`stud_oracle.rank_key`, through ``Oracle.level_of_mask``:
the level of a five-card bit mask; a six-card hand's level is the best of its
six fives, taken here), the Bet's pays are read as ``Oracle.pays``
reads them (the rules data and :func:`combin.lunar.bet.hand_bet_pays`), the
Ante pay against a non-qualifying dealer by ``Oracle.take``.  Nothing of
``combin.stud``'s counting (kernel, advise, values, dealer, force, drawgame,
whole, naive) is imported; the classes are the oracle's own relabelling
(:func:`stud_draw_oracle.canonical_classes`).
"""

from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
from numba import njit

from stud_draw_oracle import _CLASSES, _LABELS, _WIN, canonical_classes, instant_bonus, option_keys
from stud_oracle import Oracle, class_name

__all__ = ["LeafWalker", "option_group"]

_NLABELS = _WIN + len(_CLASSES)


def _label_name(label):
    return _LABELS[label] if label < _WIN else "win_" + _CLASSES[label - _WIN]


def option_group(key):
    """The kind of an option as the sheets name it: ``play``, ``buy``, ``exchange 3``, ``instant``."""
    kind, discard = key
    return f"exchange {len(discard)}" if kind == "exchange" else kind


@njit(cache=True)
def _dealers(upos, unseen, level, rank, qualify, has_force, lowest):
    """Every dealer hand of a class: local mask, level, qualifies, forced level per card left.

    ``forced[h, c]`` is the level of the dealer's hand ``h`` with its highest card (its
    lowest if ``lowest``: L10=replace-lowest-once) replaced by unseen card ``c`` (-1 where
    ``c`` is one of its own or ``h`` qualifies)."""
    u = unseen.shape[0]
    count = u * (u - 1) * (u - 2) * (u - 3) // 24
    local = np.empty(count, np.int64)
    dlevel = np.empty(count, np.int64)
    qual = np.empty(count, np.bool_)
    forced = np.full((count, u), -1, np.int64)
    h = 0
    for a in range(u):
        for b in range(a + 1, u):
            for c in range(b + 1, u):
                for d in range(c + 1, u):
                    lm = (1 << a) | (1 << b) | (1 << c) | (1 << d)
                    gm = ((1 << upos) | (1 << unseen[a]) | (1 << unseen[b]) | (1 << unseen[c])
                          | (1 << unseen[d]))
                    lv = level[gm]
                    local[h] = lm
                    dlevel[h] = lv
                    qual[h] = lv >= qualify
                    if lv < qualify and has_force:
                        high = upos          # the first card of highest (lowest) rank: up, then hidden
                        for p in (unseen[a], unseen[b], unseen[c], unseen[d]):
                            if (rank[p] < rank[high]) if lowest else (rank[p] > rank[high]):
                                high = p
                        rest = gm & ~(1 << high)
                        for x in range(u):
                            if not (lm >> x) & 1:
                                forced[h, x] = level[rest | (1 << unseen[x])]
                    h += 1
    return local, dlevel, qual, forced


@njit(cache=True)
def _settle(lp, other, win, loss):
    if lp > other:
        return win
    if lp == other:
        return 0
    return -loss


@njit(cache=True)
def _force_sum(lp, forced, busy, u, qualify, win, loss, force_fee):
    """The nets of forcing, summed over every replacement card not in ``busy`` (one leaf each)."""
    fs = 0
    for x in range(u):
        if (busy >> x) & 1:
            continue
        if forced[x] >= qualify:
            fs += _settle(lp, forced[x], win, loss)
        fs -= force_fee
    return fs


@njit(cache=True)
def _walk(kept, size, fee, no_fold, unseen, local, dlevel, qual, forced, level, win_of, take_of,
          label_of, qualify, loss, has_force, force_fee, bonus, tally):
    """Per option of one draw size: the sum of its leaves' nets (``tally``: one option only,
    and per result label its leaves, sum of nets, sum of squared nets)."""
    u = unseen.shape[0]
    m = kept.shape[0]
    count = local.shape[0]
    r = u - size - 4 if has_force else 1
    rest = u - size
    per_draw = rest * (rest - 1) * (rest - 2) * (rest - 3) // 24 * r
    sums = np.zeros(m, np.int64)
    table = np.zeros((32, 3), np.int64)
    lp = np.empty(m, np.int64)
    win = np.empty(m, np.int64)
    take = np.empty(m, np.int64)
    total = np.empty(m, np.int64)
    idx = np.arange(size)
    while True:
        dl = 0
        dg = 0
        for i in range(size):
            dl |= 1 << idx[i]
            dg |= 1 << unseen[idx[i]]
        for o in range(m):
            pm = kept[o] | dg
            lp[o] = level[pm]
            win[o] = win_of[pm]
            take[o] = take_of[lp[o]]
            total[o] = 0
        for h in range(count):
            if local[h] & dl:
                continue
            if qual[h]:
                ld = dlevel[h]
                for o in range(m):
                    total[o] += r * _settle(lp[o], ld, win[o], loss)
            elif not has_force:
                for o in range(m):
                    total[o] += r * take[o]
            else:
                busy = local[h] | dl
                for o in range(m):
                    fs = _force_sum(lp[o], forced[h], busy, u, qualify, win[o], loss, force_fee)
                    if fs > r * take[o]:
                        total[o] += fs
                    else:
                        total[o] += r * take[o]
        for o in range(m):
            fold = (not no_fold) and total[o] < -per_draw
            sums[o] += (-per_draw if fold else total[o]) - fee * per_draw
        if tally:                # one option: settle and label every leaf of this draw
            if (not no_fold) and total[0] < -per_draw:
                net = -1 - fee + bonus
                table[7, 0] += per_draw
                table[7, 1] += per_draw * net
                table[7, 2] += per_draw * net * net
            else:
                p = lp[0]
                for h in range(count):
                    if local[h] & dl:
                        continue
                    if qual[h]:
                        ld = dlevel[h]
                        if p > ld:
                            lab = label_of[p]
                        elif p == ld:
                            lab = 0
                        else:
                            lab = 1
                        net = _settle(p, ld, win[0], loss) - fee + bonus
                        table[lab, 0] += r
                        table[lab, 1] += r * net
                        table[lab, 2] += r * net * net
                        continue
                    forcing = False
                    busy = local[h] | dl
                    if has_force:
                        fs = _force_sum(p, forced[h], busy, u, qualify, win[0], loss, force_fee)
                        forcing = fs > r * take[0]
                    if forcing:
                        for x in range(u):
                            if (busy >> x) & 1:
                                continue
                            fl = forced[h, x]
                            if fl < qualify:
                                lab = 6
                                net = 0
                            else:
                                net = _settle(p, fl, win[0], loss)
                                lab = 3 if p > fl else (5 if p == fl else 4)
                            net = net - force_fee - fee + bonus
                            table[lab, 0] += 1
                            table[lab, 1] += net
                            table[lab, 2] += net * net
                    else:
                        net = take[0] - fee + bonus
                        table[2, 0] += r
                        table[2, 1] += r * net
                        table[2, 2] += r * net * net
        # the next draw: lexicographic successor of idx among size-subsets of range(u)
        i = size - 1
        while i >= 0 and idx[i] == u - size + i:
            i -= 1
        if i < 0:
            break
        idx[i] += 1
        for j in range(i + 1, size):
            idx[j] = idx[j - 1] + 1
    return sums, table


class LeafWalker:
    """Per class: the best option by exact expectation, and its leaves' moments by result.

    ``situation`` and ``whole_game`` answer as :class:`stud_draw_oracle.DrawOracle`'s do."""

    def __init__(self, rules, deck):
        self.rules, self.deck = rules, deck
        assert len(deck) <= 24, "the tables are indexed by bit masks: decks of up to 24 cards"
        base = self.base = Oracle(rules, deck)
        n = self.n = base.n
        cards = base.cards
        self.position = {card: p for p, card in enumerate(cards)}
        self.rank = np.array([card >> 2 for card in cards], dtype=np.int64)
        key_of_level = self.key_of_level = sorted(set(base.keys))
        for x in (rules.ante_win, rules.bet, rules.draw_fee or 0, rules.force_fee or 0):
            assert Fraction(x).denominator == 1
        self.ante_win, self.bet = int(rules.ante_win), int(rules.bet)
        self.loss = 1 + self.bet
        self.fee = int(rules.draw_fee or 0)
        self.has_force = rules.force_fee is not None
        self.lowest = str(rules.force_replaces) == "lowest"      # L10: the card replaced
        self.force_fee = int(rules.force_fee or 0)
        # levels of every five- and six-card mask (a six: the best of its six fives)
        level = base.level_of_mask.astype(np.int64)
        sixes = np.array(list(combinations(range(n), 6)), dtype=np.int64)
        masks6 = (np.int64(1) << sixes).sum(axis=1)
        best = np.full(len(masks6), -1, dtype=np.int64)
        for column in range(6):
            best = np.maximum(best, level[masks6 & ~(np.int64(1) << sixes[:, column])])
        level[masks6] = best
        self.level = level
        # the net of a win (Ante win + Bet x its pay) of every five- and six-card mask (the pay
        # read once per suit pattern: Oracle.pays)
        win_of = np.zeros(1 << n, dtype=np.int64)
        for hand_masks, hands in ((base.masks, base.hands), (masks6, sixes.tolist())):
            for mask, hand in zip(hand_masks.tolist(), hands):
                pay = base.pays([cards[p] for p in hand], key_of_level[level[mask]])
                assert Fraction(pay).denominator == 1
                win_of[mask] = self.ante_win + self.bet * int(pay)
        self.win_of = win_of
        takes = [base.take(key) for key in key_of_level]
        assert all(Fraction(t).denominator == 1 for t in takes)
        self.take_of = np.array([int(t) for t in takes], dtype=np.int64)
        self.label_of = np.array([_WIN + _CLASSES.index(class_name(key)) for key in key_of_level],
                                 dtype=np.int64)
        self.qualify = int(base.qualify)

    def keys(self):
        return option_keys(self.rules)

    def _size(self, key):
        kind, discard = key
        return {"play": 0, "buy": self.rules.stud.entry["draws"]["buy"]}.get(kind, len(discard))

    def _run(self, hpos, unseen, dealers, keys, bonus, tally):
        size = self._size(keys[0])
        kept = np.array([sum(1 << p for i, p in enumerate(hpos) if i not in key[1]) for key in keys],
                        dtype=np.int64)
        fee = 0 if keys[0][0] == "play" else self.fee
        return _walk(kept, size, fee, keys[0][0] == "play", unseen, *dealers, self.level,
                     self.win_of, self.take_of, self.label_of, self.qualify, self.loss,
                     self.has_force, self.force_fee, bonus, tally)

    def _leaves(self, size):
        u = self.n - 6
        r = u - size - 4 if self.has_force else 1
        return comb(u, size) * comb(u - size, 4) * r

    def option_sums(self, hand, up):
        """``{key: (sum of nets, leaves)}`` of every option (the instant pay not included)."""
        hpos, unseen, dealers = self._class(hand, up)
        found = {("fold", ()): (-1, 1)}
        groups = {}
        for key in self.keys()[1:]:
            groups.setdefault((key[0] == "play", key[0] == "buy", self._size(key)), []).append(key)
        for keys in groups.values():
            sums, _ = self._run(hpos, unseen, dealers, keys, 0, False)
            leaves = self._leaves(self._size(keys[0]))
            for key, s in zip(keys, sums.tolist()):
                found[key] = (s, leaves)
        return found

    def _class(self, hand, up):
        hpos = [self.position[c] for c in hand]
        upos = self.position[up]
        unseen = np.array([p for p in range(self.n) if p not in hpos and p != upos], dtype=np.int64)
        dealers = _dealers(upos, unseen, self.level, self.rank, self.qualify, self.has_force, self.lowest)
        return hpos, unseen, dealers

    def option(self, hand, up, key):
        """``({result: (leaves, sum of nets, sum of squared nets)}, leaves)`` of one option (not
        fold), without the instant pay: ``stud_draw_oracle.tally(*DrawOracle.leaves(...))``."""
        hpos, unseen, dealers = self._class(hand, up)
        _, table = self._run(hpos, unseen, dealers, [key], 0, True)
        found = {_label_name(label): tuple(int(x) for x in table[label])
                 for label in range(_NLABELS) if table[label, 0]}
        return found, self._leaves(self._size(key))

    def situation(self, hand, up):
        """``(best key, {result: (leaves, sum of nets, sum of squared nets)}, leaves)`` of one class."""
        bonus, ends = instant_bonus(self.rules, hand)
        if ends:
            return ("instant", ()), {"instant": (1, bonus, bonus * bonus)}, 1
        values = self.option_sums(hand, up)
        best = None
        for key in self.keys():          # the first of equal values wins: strictly greater only
            s, leaves = values[key]
            if best is None or s * best[2] > best[1] * leaves:
                best = (key, s, leaves)
        key, _, leaves = best
        if key[0] == "fold":
            net = -1 + bonus
            return key, {"fold": (1, net, net * net)}, 1
        hpos, unseen, dealers = self._class(hand, up)
        sums, table = self._run(hpos, unseen, dealers, [key], bonus, True)
        assert int(sums[0]) == values[key][0]
        found = {_label_name(label): tuple(int(x) for x in table[label])
                 for label in range(_NLABELS) if table[label, 0]}
        return key, found, leaves

    def whole_game(self, classes=None, per_class=None):
        """``(E[X], E[X^2], {result: (probability, return)})`` over every class (or ``classes``).

        ``per_class``, a dict, receives ``{(hand, up): (weight, best key, value, found, leaves)}``."""
        classes = canonical_classes(self.deck) if classes is None else classes
        total = sum(classes.values())
        counts, firsts, seconds, nets = {}, {}, {}, {}
        for (hand, up), weight in classes.items():
            key, found, leaves = self.situation(hand, up)
            if per_class is not None:
                value = Fraction(sum(s1 for _, s1, _ in found.values()), leaves)
                per_class[(hand, up)] = (weight, key, value, found, leaves)
            for name, (count, s1, s2) in found.items():
                c = counts.setdefault(leaves, {})
                c[name] = c.get(name, 0) + weight * count
                f = firsts.setdefault(leaves, {})
                f[name] = f.get(name, 0) + weight * s1
                seconds[leaves] = seconds.get(leaves, 0) + weight * s2
                nets[leaves] = nets.get(leaves, 0) + weight * s1
        mean = sum((Fraction(v, leaves * total) for leaves, v in nets.items()), Fraction(0))
        second = sum((Fraction(v, leaves * total) for leaves, v in seconds.items()), Fraction(0))
        by_result = {}
        for leaves in counts:
            for name in counts[leaves]:
                p, ret = by_result.get(name, (Fraction(0), Fraction(0)))
                by_result[name] = (p + Fraction(counts[leaves][name], leaves * total),
                                   ret + Fraction(firsts[leaves][name], leaves * total))
        return mean, second, by_result
