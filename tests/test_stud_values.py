"""combin.stud.core.values: the total order of five-card hands and the hand tables."""

import random
from collections import Counter
from itertools import combinations

import numpy as np
import pytest

from combin.errors import CombinError
from combin.core.cards import CLASSES, parse_cards
from combin.lunar.hand import hand_class
from combin.stud.core.deck import Deck
from combin.stud.core.values import (QUALIFY, HandTable, best_value, hand_table, hand_value,
                                value_class, values_of)


def value(text):
    return hand_value(parse_cards(text))


def test_order_of_known_hands():
    ladder = ["7c 5d 4h 3s 2c", "Ac Kd 4h 3s 2c", "2c 2d 3h 4s 5c", "Ac Ad Kh Qs Jc",
              "2c 2d 3h 3s 4c", "2c 2d 2h 3s 4c", "Ac 2d 3h 4s 5c", "2c 3d 4h 5s 6c",
              "Tc Jd Qh Ks Ac", "2c 3c 4c 5c 7c", "2c 2d 2h 3s 3c", "2c 2d 2h 2s 3c",
              "Ac 2c 3c 4c 5c", "Tc Jc Qc Kc Ac"]
    values = [value(text) for text in ladder]
    assert values == sorted(values) and len(set(values)) == len(values)


def test_ties_and_no_wrap_around():
    assert value("Ac Kd 9h 5s 3c") == value("Ad Kh 9s 5c 3d")
    assert value_class(value("Qc Kd Ah 2s 3c")) == "ace_king"  # no wrap-around straight
    assert value("Ac Kd 4h 3s 2c") == QUALIFY
    assert value("Ac Qd Jh 9s 8c") < QUALIFY


def test_best_value_of_six_and_seven():
    assert best_value(parse_cards("Ac Kc Qc Jc Tc 2d")) == value("Ac Kc Qc Jc Tc")
    assert best_value(parse_cards("2c 2d 2h 9s 9c 9d Ah")) == value("9c 9d 9s 2c 2d")
    with pytest.raises(CombinError):
        best_value(parse_cards("Ac Kc Qc Jc"))


def test_full_table_class_counts_match_the_published_poker_counts():
    table = hand_table(Deck.parse(None))
    counts = Counter(value_class(v) for v in table.levels.tolist())  # one per distinct value
    assert len(table.levels) == 7462
    per_hand = np.bincount(table.values // 16 ** 5, minlength=9).tolist()
    # high card, pair, two pair, trips, straight, flush, full house, quads, straight flush
    assert per_hand == [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]
    assert int((table.values >= QUALIFY).sum()) == 1463700
    assert counts["royal_flush"] == 1


def test_vector_and_plain_evaluators_agree_and_classes_match_lunar():
    table = hand_table(Deck.parse(None))
    rng = random.Random(12)
    for row in rng.sample(range(len(table)), 3000):
        cards = table.hands[row].tolist()
        assert hand_value(cards) == table.values[row]
        assert value_class(hand_value(cards)) == hand_class(cards)
        assert table.index_of(cards[::-1]) == row


def test_reduced_deck_table_is_every_hand_in_lexicographic_order():
    deck = Deck.parse("9TJQKA")
    table = HandTable(deck)
    hands = list(combinations(deck.cards, 5))
    assert table.hands.tolist() == [list(h) for h in hands]
    assert table.values.tolist() == [hand_value(h) for h in hands]
    assert table.indices_of(table.hands[::-1]).tolist() == list(range(len(hands)))[::-1]
    assert values_of(table.hands[:7]).tolist() == table.values[:7].tolist()
    assert set(value_class(v) for v in table.values.tolist()) <= set(CLASSES)
    with pytest.raises(CombinError, match="2c"):
        table.index_of(parse_cards("2c Ac Kc Qc Jc"))
