"""A plain brute force of a whole stud game on a small deck, with its own hand evaluator.

It walks every player hand, every up card and every dealer hand (and, for a
game with forcing, every replacement of the dealer's highest card, or of its
lowest under L10=replace-lowest-once), written
the obvious way and vectorised only over the dealer's hands of one player
hand.  It shares no code with combin.stud's counting: hands are ranked by
:func:`rank_key` (tuples), looked up by a bit mask of the deck's cards.
"""

from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np

from combin.lunar.bet import hand_bet_pays
from combin.core.pays import Pay

__all__ = ["rank_key", "Oracle"]

_CLASS_OF = {8: "straight_flush", 7: "four_of_a_kind", 6: "full_house", 5: "flush", 4: "straight",
             3: "three_of_a_kind", 2: "two_pair", 1: "one_pair"}


def rank_key(cards):
    """(category, ranks...) of five cards; Python compares the tuples as poker hands."""
    ranks = sorted((c // 4 for c in cards), reverse=True)
    flush = len({c % 4 for c in cards}) == 1
    groups = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
    shape = tuple(g[0] for g in groups)
    order = tuple(g[1] for g in groups)
    top = None
    if len(set(ranks)) == 5:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif set(ranks) == {12, 0, 1, 2, 3}:
            top = 3
    if top is not None and flush:
        return (8, top)
    if shape == (4, 1):
        return (7,) + order
    if shape == (3, 2):
        return (6,) + order
    if flush:
        return (5,) + tuple(ranks)
    if top is not None:
        return (4, top)
    category = {(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(shape, 0)
    return (category,) + order


def class_name(key):
    if key[0] == 8 and key[1] == 12:
        return "royal_flush"
    if key[0] > 0:
        return _CLASS_OF[key[0]]
    return "ace_king" if key[1:3] == (12, 11) else "high_card"


def qualifies(key):
    return key[0] > 0 or key[1:3] == (12, 11)


class Oracle:
    """Per situation (player hand, up card): the exact play and fold numerators, and the forcing."""

    def __init__(self, rules, deck):
        self.rules, self.deck = rules, deck
        cards = list(deck.cards)
        n = self.n = len(cards)
        hands = list(combinations(range(n), 5))
        keys = [rank_key([cards[p] for p in hand]) for hand in hands]
        order = sorted(set(keys))
        level = {key: i for i, key in enumerate(order)}
        self.level_of_mask = np.full(1 << n, -1, dtype=np.int32)
        masks = np.array([sum(1 << p for p in hand) for hand in hands], dtype=np.int64)
        self.level_of_mask[masks] = [level[k] for k in keys]
        self.qualify = min(level[k] for k in keys if qualifies(k))
        self.hands, self.masks, self.keys, self.cards = hands, masks, keys, cards
        self.dealer_hands = comb(n - 6, 4)
        self.m = n - 10 if rules.force_fee is not None else 1
        self.card_array = np.array(cards)
        self._takes, self._pays = {}, {}
        self.held = ((self.masks[:, None] >> np.arange(n)) & 1).astype(np.int64)
        # the card forcing replaces (L10), by rank: the data names it, this picks it
        pick = {"highest": max, "lowest": min}[str(rules.force_replaces or "highest")]
        self.high_bit = np.array([1 << pick(hand, key=lambda p: cards[p] // 4) for hand in hands],
                                 dtype=np.int64)

    def pays(self, hand_cards, key):
        """The Bet's pay of a hand of five or six cards whose best five is ``key``, read once per
        suit pattern: the sorted ranks and the sorted rank sets of its suits (two hands of one
        pattern are the same hand with its suits relabelled)."""
        pattern = (tuple(sorted(c >> 2 for c in hand_cards)),
                   tuple(sorted(tuple(sorted(c >> 2 for c in hand_cards if c & 3 == s)) for s in range(4))))
        if pattern not in self._pays:
            self._pays[pattern] = self._read_pays(hand_cards, key)
        return self._pays[pattern]

    def _read_pays(self, hand_cards, key):
        if not qualifies(key):
            return Fraction(0)
        if self.rules.second_combination is not None:
            return Fraction(hand_bet_pays([(c // 4, c % 4) for c in hand_cards],
                                          self.rules.second_combination)[1])
        return self.rules.bet_table[class_name(key)]

    def take(self, key):
        """The Ante pay on a non-qualifying dealer, read from the game's data by category."""
        if key[0] not in self._takes:
            entry = self.rules.stud.entry["ante_not_qualified"]
            text = entry.get("straight_or_better") if key[0] >= 4 else None
            self._takes[key[0]] = Pay.parse(text or entry["pays"]).net
        return self._takes[key[0]]

    def situations(self):
        """Per player hand: (cards, key, up cards, play numerators, fold numerator, forced hands,
        instant payout or None), the arrays over the up cards."""
        rules, n, m = self.rules, self.n, self.m
        levels = self.level_of_mask[self.masks]
        for index, hand in enumerate(self.hands):
            player = [self.cards[p] for p in hand]
            key = self.keys[index]
            pmask = int(self.masks[index])
            v = int(levels[index])
            fold = -self.dealer_hands * m
            instant = None
            if rules.instant_ends_round and key[0] == 8:
                for event, pay in rules.instant.lines:
                    if event == class_name(key):
                        instant = pay.net
            win = rules.ante_win + rules.bet * self.pays(player, key)
            take = self.take(key)
            lose = -1 - rules.bet
            free = (self.masks & pmask) == 0
            dmasks, dlevels, dhigh = self.masks[free], levels[free], self.high_bit[free]
            # every pay of these games is whole: integer arithmetic, checked
            assert all(Fraction(x).denominator == 1 for x in (win, take, rules.force_fee or 0))
            win, take, fee = int(win), int(take), int(rules.force_fee or 0)
            notq = dlevels < self.qualify
            value = np.where(notq, take, np.where(dlevels < v, win, np.where(
                dlevels == v, 0, lose))).astype(np.int64) * m
            forced = np.zeros(len(dmasks), dtype=bool)
            if rules.force_fee is not None and notq.any():
                idx = np.nonzero(notq)[0]
                rest = dmasks[idx] & ~dhigh[idx]
                bits = np.array([1 << p for p in range(n)], dtype=np.int64)
                ok = (bits[None, :] & (dmasks[idx, None] | pmask)) == 0
                assert ok.sum(axis=1).tolist() == [m] * len(idx)
                new_level = self.level_of_mask[np.where(ok, rest[:, None] | bits[None, :],
                                                        self.masks[0])]
                settled = np.where(new_level < self.qualify, 0, np.where(
                    new_level < v, win, np.where(new_level == v, 0, lose)))
                force_value = -fee * m + np.where(ok, settled, 0).sum(axis=1)
                better = force_value > take * m
                value[idx[better]] = force_value[better]
                forced[idx[better]] = True
            held = self.held[free]  # (dealer hands, n) 0/1: which cards each dealer hand holds
            ups = self.held[index] == 0
            forces = (forced.astype(np.int64) @ held)[ups] if forced.any() else np.zeros(n - 5, int)
            yield (player, key, self.card_array[ups], (value @ held)[ups], fold, forces, instant)


_WALKS = {}


def walk(rules, deck):
    """``(oracle, [situations ...])``, computed once per game, readings, paytable and deck."""
    key = (rules.stud.game.id, rules.readings, None if rules.instant is None else rules.instant.id, deck)
    if key not in _WALKS:
        oracle = Oracle(rules, deck)
        _WALKS[key] = (oracle, list(oracle.situations()))
    return _WALKS[key]
