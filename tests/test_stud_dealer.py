"""combin.stud.nodraw.dealer: inclusion-exclusion counts equal direct enumeration of dealer hands."""

import random
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from combin.stud.nodraw.dealer import dealer_counter
from combin.stud.core.deck import Deck
from combin.stud.core.values import QUALIFY, hand_table, hand_value

SMALL = Deck.parse("9TJQKA")


def direct(deck, seen, up, value):
    """Walk every dealer hand: up plus four of the cards neither seen nor up."""
    rest = [c for c in deck.cards if c not in seen and c != up]
    counts = [0, 0, 0, 0]
    for hidden in combinations(rest, 4):
        dealer = hand_value((up,) + hidden)
        counts[0 if dealer < QUALIFY else 1 if dealer < value else 2 if dealer == value else 3] += 1
    return counts


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_small_deck_any_number_of_seen_cards(data):
    cards = data.draw(st.permutations(SMALL.cards))
    k = data.draw(st.integers(min_value=5, max_value=10))
    seen, up = sorted(cards[:k]), cards[k]
    value = hand_value(seen[:5])
    found = dealer_counter(SMALL).outcomes(np.array([seen]), np.array([up]), np.array([value]))
    assert found[0].tolist() == direct(SMALL, seen, up, value)


@pytest.mark.slow
def test_full_deck_against_the_hand_table():
    deck = Deck.parse(None)
    table = hand_table(deck)
    counter = dealer_counter(deck)
    rng = random.Random(7)
    masks = np.zeros(len(table), dtype=np.int64)
    for column in range(5):
        masks |= np.left_shift(1, table.hands[:, column].astype(np.int64))
    seen_rows, ups, values = [], [], []
    for _ in range(6):
        cards = rng.sample(range(52), 6)
        seen_rows.append(sorted(cards[:5]))
        ups.append(cards[5])
        values.append(hand_value(cards[:5]))
    found = counter.outcomes(np.array(seen_rows), np.array(ups), np.array(values))
    for row, seen, up, value in zip(found.tolist(), seen_rows, ups, values):
        seen_mask = sum(1 << c for c in seen)
        holds = ((masks >> up) & 1 == 1) & ((masks & seen_mask) == 0)
        dealer = table.values[holds].astype(np.int64)
        expected = [int((dealer < QUALIFY).sum()), int(((dealer >= QUALIFY) & (dealer < value)).sum()),
                    int(((dealer >= QUALIFY) & (dealer == value)).sum()),
                    int(((dealer >= QUALIFY) & (dealer > value)).sum())]
        assert row == expected and sum(row) == 163185
