"""A plain brute force of the whole Lunar Poker game with draws: the mean AND the second moment.

For every situation class (found here by relabelling every situation of the
deck: its own suit canonicalisation) it walks every option the rules allow,
every draw, every four hidden dealer cards and, where the dealer does not
qualify, every card that could replace the dealer's highest (its lowest under
L10=replace-lowest-once), down to the
leaves -- the finished rounds, all equally likely within an option -- and
settles each leaf to its net result in Ante units (Ante, Bet, draw fee,
force fee, instant pay).  Nothing is summed by class of dealer hand, by
inclusion-exclusion or by a bound: the leaves are listed, vectorised with
numpy over the leaves of one option.  Hands are ranked by
:func:`stud_oracle.rank_key` (this test package's own evaluator), looked up
by a bit mask of the deck's cards.

The decisions are taken by exact expectation, with the engine's stated tie
rules (the second moment depends on them where two choices are worth the
same): after the draw the player plays when playing is worth at least
folding; the player forces only when forcing is worth more than the Ante pay;
between options the first in the rules' option order (fold, play, buy, the
exchanges in lexicographic order of the positions of the player's five,
sorted by card id) wins a tie.

It shares with the code under test only the game's data (pays, fees, the
rules object) and :func:`combin.lunar.bet.hand_bet_pays` for the Bet's pays
under L11 -- as :mod:`stud_oracle` does.
"""

from fractions import Fraction
from itertools import combinations, permutations

import numpy as np

from stud_oracle import Oracle, class_name, rank_key

__all__ = ["DrawOracle", "canonical_classes", "instant_bonus", "option_keys", "tally"]

_LABELS = ("push", "lose", "ante_taken", "forced_won", "forced_lost", "forced_push",
           "forced_not_qualified", "fold")
_WIN = 16        # label codes from here on: a win, by the class index of _CLASSES
_CLASSES = ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
            "three_of_a_kind", "two_pair", "one_pair", "ace_king", "high_card")


def canonical_classes(deck):
    """``{(sorted hand card ids, up card id): situations}`` by relabelling every situation."""
    perms = list(permutations(range(4)))
    found = {}
    cards = deck.cards
    for hand in combinations(cards, 5):
        for up in cards:
            if up in hand:
                continue
            best = min((tuple(sorted((c & ~3) | p[c & 3] for c in hand)), (up & ~3) | p[up & 3])
                       for p in perms)
            found[best] = found.get(best, 0) + 1
    return found


def option_keys(rules):
    """Option keys in the rules' order: fold, play, buy, exchanges by size then positions."""
    keys = [("fold", ()), ("play", ())]
    if rules.stud.can_draw:
        keys.append(("buy", ()))
        for size in rules.exchange_sizes:
            keys += [("exchange", c) for c in combinations(range(5), size)]
    return keys


def instant_bonus(rules, hand):
    """``(bonus, ends)``: the instant pay of the first five ``hand`` (0 if none) in whole Antes,
    and whether it ends the round (L7=ends-round) -- then the class is one result, ``instant``."""
    if rules.instant is None:
        return 0, False
    pays = {event: pay.net for event, pay in rules.instant.lines}
    first = class_name(rank_key(list(hand)))
    if first not in pays:
        return 0, False
    assert Fraction(pays[first]).denominator == 1
    return int(pays[first]), rules.instant_ends_round


def tally(nets, labels):
    """``{result id: (leaves, sum of nets, sum of squared nets)}`` of an option's leaves."""
    found = {}
    for label in np.unique(labels).tolist():
        values, counts = np.unique(nets[labels == label], return_counts=True)
        name = _LABELS[label] if label < _WIN else "win_" + _CLASSES[label - _WIN]
        found[name] = (int(counts.sum()), sum(int(c) * int(x) for x, c in zip(values, counts)),
                       sum(int(c) * int(x) ** 2 for x, c in zip(values, counts)))
    return found


class DrawOracle:
    """Per class: the best option by exact expectation, and its leaves' moments by result."""

    def __init__(self, rules, deck):
        self.rules, self.deck = rules, deck
        base = self.base = Oracle(rules, deck)
        self.position = {card: p for p, card in enumerate(base.cards)}
        self.rank = np.array([card >> 2 for card in base.cards], dtype=np.int64)
        self.key_of_level = sorted(set(base.keys))
        self._wins, self._levels = {}, {}
        self.ante_win = int(rules.ante_win)
        self.bet = int(rules.bet)
        self.loss = 1 + self.bet
        self.fee = int(rules.draw_fee or 0)
        self.force_fee = None if rules.force_fee is None else int(rules.force_fee)
        assert all(Fraction(x).denominator == 1 for x in (rules.ante_win, rules.bet,
                                                          rules.draw_fee or 0, rules.force_fee or 0))

    def keys(self):
        return option_keys(self.rules)

    def _win(self, mask):
        """What a win pays (Ante and Bet) to the player's final cards, the bit ``mask`` of their
        positions: remembered by mask (a draw's rows repeat the same hands)."""
        if mask not in self._wins:
            cards = [card for p, card in enumerate(self.base.cards) if mask >> p & 1]
            best = max(rank_key(list(five)) for five in combinations(cards, 5))
            self._wins[mask] = self.ante_win + self.bet * int(self.base.pays(cards, best))
        return self._wins[mask]

    def _settled(self, level):
        """``(the Ante pay when the dealer does not qualify, the win's label)`` of a player's
        hand of ``level``, remembered by level."""
        if level not in self._levels:
            key = self.key_of_level[level]
            take = Fraction(self.base.take(key))
            assert take.denominator == 1
            self._levels[level] = (int(take), _WIN + _CLASSES.index(class_name(key)))
        return self._levels[level]

    def _level(self, masks, size):
        """Level of the best five of each mask of ``size`` (5 or 6) cards."""
        table = self.base.level_of_mask
        if size == 5:
            return table[masks]
        best = np.full(masks.shape, -1, dtype=np.int64)
        rest = masks.copy()
        for _ in range(size):        # drop each card in turn: the lowest set bit of what is left
            low = rest & -rest
            best = np.maximum(best, table[masks & ~low])
            rest = rest & ~low
        return best

    def leaves(self, hand, up, key):
        """``(nets, labels)`` of every leaf of one option (equally likely), after its decisions."""
        kind, discard = key
        n = self.base.n
        hpos = [self.position[c] for c in hand]
        upos = self.position[up]
        unseen = np.array([p for p in range(n) if p not in hpos and p != upos], dtype=np.int64)
        size = {"play": 0, "buy": self.rules.stud.entry["draws"]["buy"]}.get(kind, len(discard))
        kept = [p for i, p in enumerate(hpos) if i not in discard]
        u = len(unseen)
        r = u - size - 4 if self.force_fee is not None else 1
        every = list(combinations(range(u), size))
        draws = np.array(every, dtype=np.int64).reshape(len(every), size)
        left = np.array([[i for i in range(u) if i not in row] for row in draws.tolist()],
                        dtype=np.int64)
        hidden_pattern = np.array(list(combinations(range(u - size), 4)), dtype=np.int64)
        other_pattern = np.array([[i for i in range(u - size) if i not in row]
                                  for row in hidden_pattern.tolist()], dtype=np.int64)
        bits = np.int64(1) << unseen
        hidden = left[:, hidden_pattern]                       # (D, H, 4) local indices
        dealer = (np.int64(1) << upos) | bits[hidden].sum(axis=2)
        dealer_level = self.base.level_of_mask[dealer]
        kept_mask = sum(1 << p for p in kept)
        player_mask = kept_mask + bits[draws].sum(axis=1)
        player_level = self._level(player_mask, 5 + (kind == "buy"))
        wins = np.array([self._win(mask) for mask in player_mask.tolist()], dtype=np.int64)
        settled = [self._settled(v) for v in player_level.tolist()]
        takes = np.array([take for take, _ in settled], dtype=np.int64)
        win_label = np.array([label for _, label in settled], dtype=np.int64)
        qualify = self.base.qualify
        lp = player_level[:, None]
        showdown = np.where(lp > dealer_level, wins[:, None], np.where(lp == dealer_level, 0, -self.loss))
        show_label = np.where(lp > dealer_level, win_label[:, None], np.where(lp == dealer_level, 0, 1))
        qualified = dealer_level >= qualify
        nets = np.repeat(np.where(qualified, showdown, takes[:, None])[:, :, None], r, axis=2)
        labels = np.repeat(np.where(qualified, show_label, 2)[:, :, None], r, axis=2)
        if self.force_fee is not None and (~qualified).any():
            cards = np.concatenate([np.full(hidden.shape[:2] + (1,), upos), unseen[hidden]], axis=2)
            pick = {"highest": np.argmax, "lowest": np.argmin}[str(self.rules.force_replaces)]   # L10
            high = np.take_along_axis(cards, pick(self.rank[cards], axis=2)[:, :, None], axis=2)[:, :, 0]
            rest = dealer & ~(np.int64(1) << high)
            others = left[:, other_pattern]                     # (D, H, r) local indices
            forced = self.base.level_of_mask[rest[:, :, None] | bits[others]]
            lp3 = lp[:, :, None]
            requalified = forced >= qualify
            settled = np.where(~requalified, 0, np.where(lp3 > forced, wins[:, None, None],
                                                         np.where(lp3 == forced, 0, -self.loss)))
            forced_nets = settled - self.force_fee
            forced_labels = np.where(~requalified, 6,
                                     np.where(lp3 > forced, 3, np.where(lp3 == forced, 5, 4)))
            force = ~qualified & (forced_nets.sum(axis=2) > r * takes[:, None])
            nets = np.where(force[:, :, None], forced_nets, nets)
            labels = np.where(force[:, :, None], forced_labels, labels)
        per_draw = nets.reshape(len(draws), -1)
        fold = per_draw.sum(axis=1) < -per_draw.shape[1]        # a tie plays
        if kind == "play":
            fold[:] = False                                     # no second decision
        nets = np.where(fold[:, None], -1, per_draw)
        labels = np.where(fold[:, None], 7, labels.reshape(len(draws), -1))
        if kind != "play":
            nets = nets - self.fee
        return nets.reshape(-1), labels.reshape(-1)

    def situation(self, hand, up):
        """``(best key, {result: (leaves, sum of nets, sum of squared nets)}, leaves)`` of one class.

        Under L7=ends-round a first five with an instant pay is one result,
        ``instant``; under L7=continue its pay is added to every leaf.
        """
        bonus, ends = instant_bonus(self.rules, hand)
        if ends:
            return ("instant", ()), {"instant": (1, bonus, bonus * bonus)}, 1
        best = None
        for key in self.keys():
            if key[0] == "fold":
                nets, labels = np.array([-1]), np.array([7])
            else:
                nets, labels = self.leaves(hand, up, key)
            value = Fraction(int(nets.sum()), len(nets))
            if best is None or value > best[0]:
                best = (value, key, nets, labels)
        _, key, nets, labels = best
        return key, tally(nets + bonus, labels), len(nets)

    def whole_game(self, classes=None):
        """``(E[X], E[X^2], {result: (probability, return)})`` over every class (or ``classes``)."""
        classes = canonical_classes(self.deck) if classes is None else classes
        total = sum(classes.values())
        mean = second = Fraction(0)
        by_result = {}
        for (hand, up), weight in classes.items():
            _, found, leaves = self.situation(hand, up)
            for name, (count, s1, s2) in found.items():
                p, ret = by_result.get(name, (Fraction(0), Fraction(0)))
                by_result[name] = (p + Fraction(weight * count, leaves * total),
                                   ret + Fraction(weight * s1, leaves * total))
                mean += Fraction(weight * s1, leaves * total)
                second += Fraction(weight * s2, leaves * total)
        return mean, second, by_result
