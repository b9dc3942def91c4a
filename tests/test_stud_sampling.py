"""combin.stud.game.sampling: seeded stratified draws and the exact stratified estimate."""

from decimal import Decimal
from fractions import Fraction

import pytest

from combin.errors import CombinError
from combin.stud.game.sampling import Z99, estimate, plan

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
    from combin.core.cards import parse_cards
    from combin.stud.game.sampling import least_sample, stratum
    from combin.stud.core.values import hand_value
    names = [stratum(hand_value(parse_cards(text))) for text in
             ("2C 2D 9H 8S 7C", "AC AD 9H 8S 7C", "KC QD 9H 8S 7C", "AC KD 9H 8S 7C", "AC AD 9H 9S 7C",
              "AC KC QC JC TC")]
    assert names == ["one_pair:2", "one_pair:A", "high_card:K", "ace_king", "two_pair", "royal_flush"]
    assert least_sample(["x", "x", "y", "z", "z", "z"]) == 6


def test_neyman_allocation_follows_share_times_spread_with_floors():
    from combin.stud.game.sampling import plan
    strata = ["a"] * 6 + ["b"] * 3 + ["c"] * 3
    weights = [1] * 12                                      # W: a 1/2, b 1/4, c 1/4
    # W_h s_h: a 1/2 * 1 = 1/2, b 1/4 * 4 = 1, c 0: 12 draws, c its floor of 2, a 10/3 and b 20/3
    # of the other 10 by largest remainders: a 3 (then 4 with the remainder 1/3 < 2/3), b 7 ... sums
    draws, shares = plan(strata, weights, 12, seed=1, spreads={"a": 1, "b": 4, "c": 0})
    counts = {name: len(found) for name, found in draws.items()}
    assert counts["c"] == 2 and counts["a"] + counts["b"] == 10
    assert counts["b"] > 2 * counts["a"] - 2 and counts["b"] >= 6
    # spreads that are all zero fall back to the shares: the same as no spreads
    assert plan(strata, weights, 12, seed=1, spreads={"a": 0, "b": 0, "c": 0}) == plan(strata, weights, 12, seed=1)
    assert shares == {"a": Fraction(1, 2), "b": Fraction(1, 4), "c": Fraction(1, 4)}


def test_the_neyman_shares_are_exact_largest_remainders():
    from combin.stud.game.sampling import plan
    strata = ["a"] * 4 + ["b"] * 4
    # W_h s_h = 1/2 * 1 and 1/2 * 3: 20 draws split 5 and 15 exactly
    draws, _ = plan(strata, [1] * 8, 20, seed=2, spreads={"a": 1, "b": 3})
    assert (len(draws["a"]), len(draws["b"])) == (5, 15)


def test_phase_sizes_and_their_floor():
    from combin.stud.game.sampling import phase_sizes
    strata = ["a", "a", "b", "b", "c"]                     # three strata: 6 draws a phase
    assert phase_sizes(40, strata) == (10, 30)
    assert phase_sizes(13, strata) == (6, 7)
    assert phase_sizes(12, strata) == (6, 6)
    with pytest.raises(CombinError, match="at least 12 draws"):
        phase_sizes(11, strata)


def test_spreads_by_hand():
    from combin.stud.game.sampling import spreads_of
    spreads = spreads_of({"a": [0, 1, 2], "b": [3]}, [Fraction(1), Fraction(3), Fraction(5), Fraction(7)].__getitem__)
    # 1, 3, 5: mean 3, s^2 = (4 + 0 + 4) / 2 = 4; one draw: 0
    assert spreads == {"a": Decimal(2), "b": Decimal(0)}


def test_two_phases_combine_by_their_draws():
    from combin.stud.game.sampling import combined
    shares = {"a": Fraction(1, 2), "b": Fraction(1, 2)}
    values = [Fraction(v) for v in (0, 2, 4, 6, 1, 3)].__getitem__
    first = {"a": [0, 1], "b": [2, 3]}                   # means 1 and 5: 3; s^2 2 and 2: v1 = 1/4 + 1/4 = 1/2
    second = {"a": [4, 5, 4, 5], "b": [2, 2, 3, 3]}      # means 2 and 5: 7/2; s^2 4/3 each: v2 = 1/12 + 1/12
    result = combined([first, second], shares, values)
    assert result.draws == 12
    assert result.value == Fraction(1, 3) * 3 + Fraction(2, 3) * Fraction(7, 2)
    assert result.variance == Fraction(1, 9) * Fraction(1, 2) + Fraction(4, 9) * Fraction(1, 6)
    assert combined([first], shares, values) == estimate(first, shares, values)


@pytest.mark.parametrize("text, four_flush, kind", [
    ("2C 3C 4C 5C 9D", True, 1),        # 2345: an ace or a six
    ("AC 2D 3H 4S 9C", False, 2),       # A234: a five only
    ("JC QD KH AS 2C", False, 2),       # JQKA: a ten only
    ("5C 6D 8H 9S KC", False, 2),       # 5689: a seven
    ("TC JD QH KS 2C", False, 1),       # TJQK: a nine or an ace
    ("2C 3D 4H 5S 6C", False, 0),       # a straight draws to nothing
    ("2C 2D 3H 4S 5C", False, 1),       # a pair of deuces and 2345
    ("AC KC QC JC 9C", False, 2),       # a flush: not four to one; AKQJ a ten
    ("AC AD AH KS KC", False, 0),
])
def test_draw_features_by_hand(text, four_flush, kind):
    import numpy as np
    from combin.core.cards import parse_cards
    from combin.stud.game.sampling import draw_features
    flush, found = draw_features(np.array([parse_cards(text)], dtype=np.int64))
    assert (bool(flush[0]), int(found[0])) == (four_flush, kind)


# the full deck's 5,649,150 classes listed (20 s) repeat the six smaller decks' check: make slow's;
# its count is held in closed form below (test_the_full_deck_is_counted_by_hand)
@pytest.mark.parametrize("ranks", ["JQKA", "2345", "A2345", "TJQKA", "78TKA", "9TJQKA",
                                   pytest.param(None, marks=pytest.mark.slow)])
def test_classes_and_strata_counted_without_listing_are_the_listed_ones(ranks):
    """Burnside's count and the strata of the rank multisets, against the listed classes' strata
    (vectorised over their cards)."""
    from combin.stud.core.classes import situations
    from combin.stud.core.deck import Deck
    from combin.stud.game.sampling import class_count, class_strata, deck_strata, least_sample
    deck = Deck.parse(ranks)
    rows, hands, ups, weights = situations(deck)
    strata = class_strata(deck, rows, hands, ups)
    assert class_count(deck) == len(weights)
    assert deck_strata(deck) == sorted(set(strata))
    assert least_sample(strata) == 2 * len(deck_strata(deck))


def test_a_class_stratum_read_card_by_card():
    """Ten classes of 9TJQKA: each stratum name from its cards, with the rules read one by one."""
    import random
    from combin.stud.core.classes import situations
    from combin.stud.core.deck import Deck
    from combin.stud.core.values import hand_value
    from combin.stud.game.sampling import class_strata, stratum
    deck = Deck.parse("9TJQKA")
    rows, hands, ups, _ = situations(deck)
    strata = class_strata(deck, rows, hands, ups)
    for i in random.Random(3).sample(range(len(ups)), 10):
        cards = hands[i].tolist()
        ranks = sorted({c >> 2 for c in cards})
        suits = [sum(1 for c in cards if c & 3 == s) for s in range(4)]
        low = ranks + ([-1] if 12 in ranks else [])
        windows = [sum(1 for r in set(low) if lo <= r < lo + 5) for lo in range(-1, 9)]
        name = stratum(hand_value(cards))
        if 4 in suits:
            name += ", four to a flush"
        if max(windows) == 4:
            runs = any(all(r in low for r in range(lo, lo + 4)) for lo in range(0, 9))
            name += ", four to an open straight" if runs else ", four to an inside straight"
        if name.split(":")[0].split(",")[0] in ("high_card", "ace_king", "one_pair"):
            name += ", up card Q or higher" if ups[i] >> 2 >= 10 else ", up card below Q"
        assert strata[i] == name


def test_the_full_deck_is_counted_by_hand():
    """52 cards: (C(52,5)*47 + 6*F2 + 8*F3) / 24 with the fixed situations worked by hand:
    a transposition fixes 26 cards (two suits) and swaps 13 pairs; a three-cycle fixes 13."""
    from math import comb
    from combin.stud.core.deck import Deck
    from combin.stud.game.sampling import class_count
    # five fixed cards, or three fixed and a swapped pair, or one fixed and two pairs; the up
    # card one of the other fixed cards
    f2 = (comb(26, 5) * 21 + comb(26, 3) * 13 * 23 + 26 * comb(13, 2) * 25)
    # five fixed cards, or two fixed and a three-card orbit
    f3 = comb(13, 5) * 8 + comb(13, 2) * 13 * 11
    assert class_count(Deck.parse(None)) == (comb(52, 5) * 47 + 6 * f2 + 8 * f3) // 24


def test_every_52_card_stratum_has_distinct_plain_words():
    """The sheets show a stratum in words: no stratum of the 52-card deck keeps a code name
    (an underscore, a class:rank), and no two strata read the same."""
    from combin.stud.core.deck import Deck
    from combin.stud.game.sampling import deck_strata, stratum_words
    names = deck_strata(Deck.parse(None))
    words = [stratum_words(name) for name in names]
    assert len(set(words)) == len(names) > 100
    assert not [w for w in words if "_" in w or ":" in w]
    assert "pair of aces, up card Q or higher" in words and "jack high, four to a flush, up card below Q" in words
