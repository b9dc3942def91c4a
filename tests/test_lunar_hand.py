"""The per-hand reader against the counted five-card table, over every hand."""

from collections import Counter
from itertools import combinations

import pytest

from combin.lunar import outcome_space
from combin.core.cards import parse_cards
from combin.lunar.hand import hand_class, super_key


@pytest.mark.parametrize("text, name", [
    ("As Ks Qs Js Ts", "royal_flush"), ("5d 4d 3d 2d Ad", "straight_flush"),
    ("9c 9d 9h 9s 2c", "four_of_a_kind"), ("Ah Kd Qc Js 9s", "ace_king"),
    ("Ah 2d 3c 4s 5s", "straight"), ("Qh Kd Ac 2s 3s", "ace_king"),
])
def test_classes(text, name):
    assert hand_class(parse_cards(text)) == name


@pytest.mark.slow
def test_super_key_of_every_hand_matches_the_counted_table():
    # 2,598,960 hands read one by one, against the closed-form table.
    counted = Counter(super_key(hand) for hand in combinations(range(52), 5))
    assert counted == outcome_space("closed-form").counts


def test_super_key_on_the_court_cards_matches_the_counted_table():
    # Every hand of the twenty cards T-A: counted directly, and from the table by features.
    court = [card for card in range(52) if card >> 2 >= 8]
    counted = Counter(super_key(hand)[1:] for hand in combinations(court, 5))
    assert counted[(False, True, False, False, False)] > 0
    pictures_only = sum(n for (pictures, *_), n in counted.items() if pictures)
    assert pictures_only == 792   # C(12, 5): five of the twelve J, Q, K
