"""Exhaustive hand evaluation of combin.lunar.exhaustive.

The vectorized evaluator is checked three ways: its full five-card (and,
marked slow, six- and seven-card) tallies against the published figures and
the closed form of :mod:`combin.lunar.classes`; its 7,462 distinct five-card
values; and, hand by hand, against the tiny plain-Python reference evaluator
written below.
"""

import io
from collections import Counter
from itertools import combinations
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from combin.running.progress import StderrProgress
from combin.errors import CombinError
from combin.core.cards import CLASSES, parse_cards
from combin.lunar.classes import class_counts, super_feature_counts
from combin.lunar.exhaustive import (
    class_counts_exhaustive, classify_hands, evaluate_5, hand_values_5,
    super_feature_counts_exhaustive,
)

from published import FIVE_CARD, FIVE_CARD_ACE_KING, FIVE_CARD_HIGH_CARD_WITH_ACE_KING, SEVEN_CARD


# -- a plain-Python reference evaluator --------------------------------------

def reference_value(five):
    """(category, tie-break ranks...) of five card ids; higher is better."""
    ranks = [c // 4 for c in five]
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [n for _, n in groups]
    order = tuple(rank for rank, _ in groups)
    flush = len({c % 4 for c in five}) == 1
    top = None
    if len(counts) == 5:
        high = sorted(counts, reverse=True)
        if high[0] - high[4] == 4:
            top = high[0]
        elif high == [12, 3, 2, 1, 0]:
            top = 3
    if top is not None and flush:
        return (8, top)
    if shape == [4, 1]:
        return (7,) + order
    if shape == [3, 2]:
        return (6,) + order
    if flush:
        return (5,) + order
    if top is not None:
        return (4, top)
    if shape == [3, 1, 1]:
        return (3,) + order
    if shape == [2, 2, 1]:
        return (2,) + order
    if shape == [2, 1, 1, 1]:
        return (1,) + order
    return (0,) + order


def reference_class(cards):
    best = max(reference_value(five) for five in combinations(cards, 5))
    if best[0] == 8:
        return "royal_flush" if best[1] == 12 else "straight_flush"
    if best[0] == 0:
        ranks = {c // 4 for c in cards}
        return "ace_king" if {12, 11} <= ranks else "high_card"
    return {7: "four_of_a_kind", 6: "full_house", 5: "flush", 4: "straight",
            3: "three_of_a_kind", 2: "two_pair", 1: "one_pair"}[best[0]]


def _sign(x):
    return (x > 0) - (x < 0)


# Small decks make the rare hands common: two suits for flushes, T-A for
# royals, quads and full houses, A-6 for wheels.
DECKS = [
    list(range(52)),
    [c for c in range(52) if c % 4 in (0, 3)],
    list(range(8 * 4, 52)),
    [c for c in range(52) if c // 4 <= 4 or c // 4 == 12],
]


def hands(size):
    return st.sampled_from(DECKS).flatmap(
        lambda deck: st.lists(st.sampled_from(deck), min_size=size, max_size=size, unique=True))


# -- the full five-card pass -------------------------------------------------

def test_five_card_pass_matches_published_figures_and_closed_form():
    counts = class_counts_exhaustive(5)
    assert list(counts) == list(CLASSES)
    assert all(type(n) is int for n in counts.values())
    for name, expected in FIVE_CARD.items():
        assert counts[name] == expected, name
    assert counts["ace_king"] == FIVE_CARD_ACE_KING
    assert counts["ace_king"] + counts["high_card"] == FIVE_CARD_HIGH_CARD_WITH_ACE_KING
    assert counts == class_counts(5)


def test_super_features_by_both_methods_agree_key_by_key():
    exhaustive = super_feature_counts_exhaustive()
    closed = super_feature_counts()
    assert set(exhaustive) == set(closed)
    for key in closed:
        assert exhaustive[key] == closed[key], key
    assert all(type(n) is int for n in exhaustive.values())
    assert sum(exhaustive.values()) == comb(52, 5)


def test_7462_distinct_five_card_values():
    values = hand_values_5()
    assert values.shape == (comb(52, 5),)
    categories = values >> 52
    distinct = [len(np.unique(values[categories == k])) for k in range(9)]
    # High card, pair, two pair, trips, straight, flush, full house, quads,
    # straight flush.
    assert distinct == [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]
    assert len(np.unique(values)) == 7462


def test_values_of_known_hands_order_correctly():
    ladder = [
        "7c 5d 4h 3s 2c", "Ac Kd Qh Js 9c", "2c 2d 3h 4s 5c", "Ac Ad Kh Ks Qc",
        "2c 2d 2h 3s 4c", "Ac 2d 3h 4s 5c", "6c 5d 4h 3s 2c", "Tc Jd Qh Ks Ac",
        "2h 3h 4h 5h 7h", "Ah Kh Qh Jh 9h", "2c 2d 2h 3s 3c", "2c 2d 2h 2s 3c",
        "Ah 2h 3h 4h 5h", "9s Ts Js Qs Ks", "As Ks Qs Js Ts",
    ]
    values = evaluate_5(np.array([parse_cards(hand) for hand in ladder])).tolist()
    assert values == sorted(values) and len(set(values)) == len(values)
    same = evaluate_5(np.array([parse_cards("As Ks Qs Js Ts"), parse_cards("Ah Kh Qh Jh Th")]))
    assert same[0] == same[1]


@pytest.mark.parametrize("hand, expected", [
    ("As Ks Qs Js Ts", "royal_flush"),
    ("Ah 2h 3h 4h 5h", "straight_flush"),
    ("Ac Kd Qh Js 9c", "ace_king"),
    ("Ac Qd Jh 9s 8c", "high_card"),
    ("As Ks Qs Js Ts 9s 8s", "royal_flush"),
    ("9s 8s 7s 6s 5s As Ks", "straight_flush"),
    ("Ac Ad Ah Kc Kd Ks", "full_house"),
    ("Ac Kd 9h 8s 5c 3d 2h", "ace_king"),
    ("Ac Kd Qh Js 9c 8d 7h", "ace_king"),
    ("Ac Kd Qh Js Tc 8d 7h", "straight"),
    ("2c 4c 6c 8c Tc Ad Ah", "flush"),
])
def test_known_hands(hand, expected):
    code = classify_hands(np.array([parse_cards(hand)]))[0]
    assert CLASSES[code] == expected == reference_class(parse_cards(hand))


@settings(max_examples=400, deadline=None)
@given(st.integers(5, 7).flatmap(hands))
def test_classes_match_the_reference_evaluator(hand):
    code = classify_hands(np.array([hand]))[0]
    assert CLASSES[code] == reference_class(hand)


@settings(max_examples=300, deadline=None)
@given(hands(5), hands(5))
def test_values_order_like_the_reference_evaluator(first, second):
    values = evaluate_5(np.array([first, second])).tolist()
    assert _sign(values[0] - values[1]) == _sign(
        (reference_value(first) > reference_value(second))
        - (reference_value(first) < reference_value(second)))


@pytest.mark.parametrize("cards", [4, 8, "5", 5.0, True])
def test_bad_hand_sizes_raise(cards):
    with pytest.raises(CombinError):
        class_counts_exhaustive(cards)


def test_bad_hand_arrays_raise():
    with pytest.raises(CombinError):
        classify_hands(np.array([[0, 1, 2, 3]]))
    with pytest.raises(CombinError):
        classify_hands(np.array([[0, 1, 2, 3, 52]]))
    with pytest.raises(CombinError):
        classify_hands(np.array([[0, 1, 2, 3, 3]]))
    with pytest.raises(CombinError):
        evaluate_5(np.array([[0, 1, 2, 3, 4, 5]]))


def test_progress_reaches_the_total():
    seen = []
    class_counts_exhaustive(5, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (comb(52, 5), comb(52, 5))
    assert [done for done, _ in seen] == sorted({done for done, _ in seen})


def test_interrupt_propagates_and_closes_progress():
    class Interrupting:
        calls = closed = 0

        def __call__(self, done, total):
            self.calls += 1
            if self.calls == 3:
                raise KeyboardInterrupt

        def close(self):
            self.closed += 1

    progress = Interrupting()
    with pytest.raises(KeyboardInterrupt):
        class_counts_exhaustive(5, progress=progress)
    assert progress.calls == 3 and progress.closed == 1


# -- six and seven cards (make audit) -------------------------------------

@pytest.mark.slow
def test_six_card_pass_agrees_with_closed_form():
    counts = class_counts_exhaustive(6)
    assert sum(counts.values()) == comb(52, 6)
    assert counts["royal_flush"] == 4 * 47
    assert counts == class_counts(6)


@pytest.mark.slow
def test_seven_card_pass_matches_published_figures_and_closed_form():
    counts = class_counts_exhaustive(7, progress=StderrProgress("seven cards"))
    assert counts["royal_flush"] == 4_324
    assert counts["royal_flush"] + counts["straight_flush"] == 41_584
    for name, expected in SEVEN_CARD.items():
        assert counts[name] == expected, name
    assert counts["ace_king"] + counts["high_card"] == 23_294_460
    assert counts == class_counts(7)
