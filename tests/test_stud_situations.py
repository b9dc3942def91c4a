"""combin.stud.core.classes: suit-symmetry classes and their exact weights."""

from math import comb

import numpy as np
import pytest

from combin.stud.core.deck import Deck
from combin.stud.core.classes import SUIT_PERMUTATIONS, canonical_hands, situations
from combin.stud.core.values import hand_table, lex_index


@pytest.mark.parametrize("ranks", ["9TJQKA", "89TJQKA"])
def test_reduced_deck_weights_add_up_to_every_situation(ranks):
    deck = Deck.parse(ranks)
    n = len(deck)
    assert int(canonical_hands(deck)[1].sum()) == comb(n, 5)
    assert int(situations(deck)[3].sum()) == comb(n, 5) * (n - 5)


@pytest.mark.slow
def test_full_deck_weights_add_up_to_every_situation():
    deck = Deck.parse(None)
    rows, weights = canonical_hands(deck)
    assert len(rows) == 134459 and int(weights.sum()) == comb(52, 5)
    _, hands, up, weights = situations(deck)
    assert len(weights) == 5649150
    assert int(weights.sum()) == comb(52, 5) * 47 == 2598960 * 47


def test_small_deck_classes_equal_a_direct_canonicalisation():
    """Every situation of 9TJQKA mapped to min over the 24 relabellings of (hand index, up card)."""
    deck = Deck.parse("9TJQKA")
    table = hand_table(deck)
    hands = table.hands.astype(np.int64)
    cards = np.array(deck.cards, dtype=np.int64)
    best = None
    for perm in SUIT_PERMUTATIONS:
        images = np.sort(hands - hands % 4 + perm[hands % 4], axis=1)
        index = lex_index(table.positions_of(images), len(deck))
        key = index[:, None] * 64 + (cards - cards % 4 + perm[cards % 4])[None, :]
        best = key if best is None else np.minimum(best, key)
    free = ~np.any(cards[None, :, None] == hands[:, None, :], axis=2)
    keys, counts = np.unique(best[free], return_counts=True)
    count = {divmod(k, 64): c for k, c in zip(keys.tolist(), counts.tolist())}
    rows, _, ups, weights = situations(deck)
    assert dict(zip(zip(rows.tolist(), ups.tolist()), weights.tolist())) == count
