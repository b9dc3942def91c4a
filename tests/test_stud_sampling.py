"""combin.stud.draw.sampling: seeded stratified draws and the exact stratified estimate."""

from decimal import Decimal
from fractions import Fraction

import pytest

from combin.errors import CombinError
from combin.stud.draw.sampling import Z99, estimate, plan

STRATA = ["a"] * 6 + ["b"] * 3 + ["c"]
WEIGHTS = [1, 1, 2, 2, 3, 3, 4, 4, 4, 6]          # a: 12, b: 12, c: 6 of 30


def test_allocation_is_proportional_with_floors_and_seeded():
    draws, shares = plan(STRATA, WEIGHTS, 10, seed=7)
    assert shares == {"a": Fraction(12, 30), "b": Fraction(12, 30), "c": Fraction(6, 30)}
    # 10 draws: a 4, b 4, c 2 (the single class of c drawn twice)
    assert {name: len(found) for name, found in draws.items()} == {"a": 4, "b": 4, "c": 2}
    assert draws["c"] == [9, 9]
    assert all(STRATA[i] == name for name, found in draws.items() for i in found)
    assert plan(STRATA, WEIGHTS, 10, seed=7) == (draws, shares)
    assert plan(STRATA, WEIGHTS, 40, seed=8)[0] != plan(STRATA, WEIGHTS, 40, seed=9)[0]


def test_too_small_a_sample_is_a_user_error():
    with pytest.raises(CombinError, match="too small"):
        plan(STRATA, WEIGHTS, 4, seed=1)
    with pytest.raises(CombinError, match="at least 1"):
        plan(STRATA, WEIGHTS, 0, seed=1)


def test_estimate_by_hand():
    draws = {"a": [0, 1], "b": [2, 3, 3]}
    shares = {"a": Fraction(1, 4), "b": Fraction(3, 4)}
    values = {0: Fraction(1), 1: Fraction(3), 2: Fraction(0), 3: Fraction(3)}
    result = estimate(draws, shares, values.__getitem__)
    # means 2 and 2; s^2 = 2 and 3; var = (1/16)(2/2) + (9/16)(3/3) = 10/16
    assert result.value == 2
    assert result.variance == Fraction(10, 16)
    low, high = result.interval()
    half = Z99 * Decimal(10 / 16).sqrt()
    assert abs((high - low) / 2 - half) < Decimal("1e-20")


def test_sampling_every_class_of_a_constant_stratum_has_no_spread():
    draws = {"a": [0, 1, 0], "b": [2]}
    result = estimate(draws, {"a": Fraction(1, 2), "b": Fraction(1, 2)},
                      {0: Fraction(5), 1: Fraction(5), 2: Fraction(-1)}.__getitem__)
    assert result.value == 2 and result.variance == 0


def test_strata_split_high_cards_and_pairs_by_rank():
    from combin.cards import parse_cards
    from combin.stud.draw.sampling import least_sample, stratum
    from combin.stud.core.values import hand_value
    names = [stratum(hand_value(parse_cards(text))) for text in
             ("2C 2D 9H 8S 7C", "AC AD 9H 8S 7C", "KC QD 9H 8S 7C", "AC KD 9H 8S 7C", "AC AD 9H 9S 7C",
              "AC KC QC JC TC")]
    assert names == ["one_pair:2", "one_pair:A", "high_card:K", "ace_king", "two_pair", "royal_flush"]
    assert least_sample(["x", "x", "y", "z", "z", "z"]) == 5


@pytest.mark.parametrize("ranks", ["JQKA", "2345", "A2345", "TJQKA", "78TKA", "9TJQKA"])
def test_classes_and_strata_counted_without_listing_are_the_listed_ones(ranks):
    """Burnside's count and the strata of the rank multisets, against the listed classes."""
    from combin.stud.core.classes import situations
    from combin.stud.core.deck import Deck
    from combin.stud.core.values import hand_table
    from combin.stud.draw.sampling import class_count, deck_strata, least_sample, stratum
    deck = Deck.parse(ranks)
    rows, _, _, weights = situations(deck)
    strata = [stratum(v) for v in hand_table(deck).values[rows].tolist()]
    assert class_count(deck) == len(weights)
    assert deck_strata(deck) == sorted(set(strata))
    assert least_sample(strata) == 2 * len(deck_strata(deck))


def test_the_full_deck_is_counted_by_hand():
    """52 cards: (C(52,5)*47 + 6*F2 + 8*F3) / 24 with the fixed situations worked by hand:
    a transposition fixes 26 cards (two suits) and swaps 13 pairs; a three-cycle fixes 13."""
    from math import comb
    from combin.stud.core.deck import Deck
    from combin.stud.draw.sampling import class_count, deck_strata
    # five fixed cards, or three fixed and a swapped pair, or one fixed and two pairs; the up
    # card one of the other fixed cards
    f2 = (comb(26, 5) * 21 + comb(26, 3) * 13 * 23 + 26 * comb(13, 2) * 25)
    # five fixed cards, or two fixed and a three-card orbit
    f3 = comb(13, 5) * 8 + comb(13, 2) * 13 * 11
    assert class_count(Deck.parse(None)) == (comb(52, 5) * 47 + 6 * f2 + 8 * f3) // 24
    # high card by its highest card (7 to K, and A without K: 8) and ace-king, a pair by its
    # rank (13), and two pair, trips, straight, flush, full house, quads, straight and royal
    assert len(deck_strata(Deck.parse(None))) == 8 + 1 + 13 + 8
