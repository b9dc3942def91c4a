"""The joint Super table of two and three hands: the fast count against plain enumerations of
every ordered deal on small decks, exact invariants on the full deck, hand counts, and a seeded
simulation of deals."""

import random
from collections import Counter
from itertools import combinations, permutations
from math import comb

import pytest

from combin.errors import CombinError
from combin.lunar.classes import super_feature_counts
from combin.lunar.hand import super_key
from combin.lunar.joint import (cycle, deck, joint_counts, joint_space, margin, plain_pair_counts,
                                plain_triple_counts, three_hand_counts, three_hand_scan,
                                two_hand_counts)


def enumerate_pairs(ranks):
    """Every ordered pair of hands of a small deck as Python sets, tallied by the keys
    :func:`combin.lunar.hand.super_key` reads off the cards."""
    cards = [r * 4 + s for r in range(13) if "23456789TJQKA"[r] in ranks for s in range(4)]
    hands = [frozenset(hand) for hand in combinations(cards, 5)]
    keys = [super_key(sorted(hand)) for hand in hands]
    return dict(Counter((keys[i], keys[j]) for i, first in enumerate(hands)
                        for j, second in enumerate(hands) if not first & second))


@pytest.fixture(scope="module")
def full():
    return two_hand_counts()


@pytest.fixture(scope="module")
def triples():
    return joint_counts(3)


def test_deck_of_ranks():
    assert len(deck("9TJQKA")) == 24 and len(deck()) == 52
    assert [int(c) for c in deck("A")] == [48, 49, 50, 51]
    for bad in ("", "9X", "AA", "1"):
        with pytest.raises(CombinError):
            deck(bad)


def test_cycles():
    assert cycle(52, 2) == comb(52, 5) * comb(47, 5) == 3_986_646_103_440
    assert cycle(52, 3) == comb(52, 5) * comb(47, 5) * comb(42, 5)


@pytest.mark.parametrize("ranks", ["TJQKA", "2345A"])
def test_two_hands_equal_a_plain_enumeration_of_every_ordered_pair(ranks):
    fast = two_hand_counts(ranks)
    assert fast == plain_pair_counts(ranks)
    assert sum(fast.values()) == comb(20, 5) * comb(15, 5)


def test_the_plain_enumeration_is_that_of_python_sets():
    assert plain_pair_counts("JQKA") == enumerate_pairs("JQKA") == two_hand_counts("JQKA")


@pytest.mark.slow
@pytest.mark.parametrize("ranks", ["9TJQKA", "23456A"])
def test_two_hands_equal_a_plain_enumeration_on_24_cards(ranks):
    assert two_hand_counts(ranks) == plain_pair_counts(ranks)


@pytest.mark.slow      # the Lunar audit's joint checks (tests/test_audit_games.py) hold it in make test
def test_three_hands_equal_a_plain_enumeration_of_every_ordered_triple():
    fast = three_hand_counts("JQKA")
    assert fast == plain_triple_counts("JQKA")
    assert sum(fast.values()) == comb(16, 5) * comb(11, 5) * comb(6, 5)


def test_three_hand_margins_are_the_two_hand_table():
    three = three_hand_counts("JQKA")
    two = two_hand_counts("JQKA")
    pairs = Counter()
    for (a, b, _), deals in three.items():
        pairs[(a, b)] += deals
    # Each ordered pair of disjoint hands leaves 6 cards for the third: C(6, 5) ways.
    assert dict(pairs) == {key: deals * comb(6, 5) for key, deals in two.items()}
    outer = Counter()
    for (a, _, c), deals in three.items():
        outer[(a, c)] += deals
    assert dict(outer) == dict(pairs)


def test_full_deck_total_margins_and_symmetry(full):
    assert sum(full.values()) == comb(52, 5) * comb(47, 5)
    single = {key: count * comb(47, 5) for key, count in super_feature_counts().items()}
    assert margin(full, 0) == single
    assert margin(full, 1) == single
    assert all(full[(a, b)] == full[(b, a)] for a, b in full)
    assert min(full.values()) > 0


def test_hand_counted_cells(full):
    quads = [key for key in full if key[0][0] == key[1][0] == "four_of_a_kind"]
    # 624 quads for hand 1; hand 2 quads of one of the 11 ranks that are neither hand 1's
    # quads nor its kicker, with any of the 52 - 5 - 4 = 43 cards left as its kicker.
    assert sum(full[key] for key in quads) == 624 * 11 * 43
    royals = [key for key in full if key[0][0] == key[1][0] == "royal_flush"]
    assert sum(full[key] for key in royals) == 4 * 3


def test_conditioning_refuses_the_full_deck_and_bad_requests_are_refused():
    with pytest.raises(CombinError, match="at most 24 cards"):
        three_hand_counts("23456789TJQKA")
    with pytest.raises(CombinError):
        joint_counts(4, "TJQKA")
    for count in (three_hand_counts, three_hand_scan):
        with pytest.raises(CombinError, match="at least 15 cards"):
            count("JQK")


def test_three_hands_of_joint_counts_are_the_scan_which_equals_conditioning():
    # (the scan against plain enumerations and conditioning on more decks: test_lunar_rankscan)
    assert joint_counts(3, "JQKA") == three_hand_scan("JQKA") == three_hand_counts("JQKA")


def test_three_hands_on_the_full_deck_total_margins_and_symmetry(triples, full):
    assert sum(triples.values()) == comb(52, 5) * comb(47, 5) * comb(42, 5)
    single = {key: count * comb(47, 5) * comb(42, 5) for key, count in super_feature_counts().items()}
    assert all(margin(triples, hand) == single for hand in range(3))
    pairs = {keys: deals * comb(42, 5) for keys, deals in full.items()}
    for drop in range(3):
        kept = Counter()
        for keys, deals in triples.items():
            kept[keys[:drop] + keys[drop + 1:]] += deals
        assert dict(kept) == pairs
    for keys, deals in triples.items():
        for order in permutations(range(3)):
            assert triples[tuple(keys[i] for i in order)] == deals
    assert min(triples.values()) > 0 and len(triples) == 96_380


def test_three_hand_cells_counted_by_hand(triples):
    def total(classes):
        return sum(deals for keys, deals in triples.items()
                   if tuple(key[0] for key in keys) == classes)
    # Three quads of distinct ranks (13 * 12 * 11), kickers distinct cards of the other
    # 40 cards (40 * 39 * 38).
    assert total(("four_of_a_kind",) * 3) == 13 * 12 * 11 * 40 * 39 * 38 == 101_724_480
    assert total(("royal_flush",) * 3) == 4 * 3 * 2
    # Fifteen cards cannot all be jacks, queens and kings (there are 12).
    assert not any(all(key[1] for key in keys) for keys in triples)
    # Royal flushes in two hands, four of a kind in the third: the quads of a rank outside
    # T-A (8 ranks) with any of the 52 - 10 - 4 = 38 cards left, or of a rank of T-A whose
    # two suits the royals do not hold: impossible (the royals use two of its four cards).
    assert total(("royal_flush", "royal_flush", "four_of_a_kind")) == 4 * 3 * 8 * 38


def test_joint_space_is_an_outcome_space():
    space = joint_space(2, "TJQKA")
    assert space.cycle == comb(20, 5) * comb(15, 5)
    assert "20-card deck" in space.shoe and space.shoe_detail["hands"] == 2


def _interval_holds(hits, n, p):
    """|hits - n p| inside 2.576 standard errors (99%), in integers: (hits - n p)^2 q^2 ...."""
    # With p = a / b: (b hits - n a)^2 <= 2.576^2 n a (b - a), scaled to integers by 1000^2.
    a, b = p.numerator, p.denominator
    return (1000 * (b * hits - n * a)) ** 2 <= 2576 ** 2 * n * a * (b - a)


def test_seeded_simulation_of_deals_lands_inside_the_99_percent_interval(full):
    from fractions import Fraction
    rng = random.Random("combin-test:lunar-joint:2024")
    n = 60_000
    both_flush_or_better = 0
    same_class = 0
    high = {"royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush"}
    for _ in range(n):
        cards = rng.sample(range(52), 10)
        first, second = super_key(cards[:5]), super_key(cards[5:])
        same_class += first[0] == second[0]
        both_flush_or_better += first[0] in high and second[0] in high
    total = cycle(52, 2)
    p_same = Fraction(sum(d for (a, b), d in full.items() if a[0] == b[0]), total)
    p_high = Fraction(sum(d for (a, b), d in full.items() if a[0] in high and b[0] in high), total)
    assert _interval_holds(same_class, n, p_same)
    assert _interval_holds(both_flush_or_better, n, p_high)


def test_seeded_simulation_of_three_hands_lands_inside_the_99_percent_interval(triples):
    """Three hands from one shuffled deck, read by :func:`combin.lunar.hand.super_key`: the
    frequency of two cells and the mean of the three Supers' total against the exact table."""
    from fractions import Fraction
    from combin.core.analysis import payouts
    from combin.lunar import outcome_space
    from combin.lunar.supers import supers_package
    _, pays = payouts("lunar.super", space=outcome_space())
    rng = random.Random("combin-test:lunar-joint:three-hands:2024")
    n = 30_000
    all_pairs = some_colour = 0
    paid = Fraction(0)
    for _ in range(n):
        cards = rng.sample(range(52), 15)
        keys = [super_key(cards[i:i + 5]) for i in (0, 5, 10)]
        all_pairs += all(key[0] == "one_pair" for key in keys)
        some_colour += sum(key[3] for key in keys) >= 2
        paid += sum(pays[key] for key in keys)
    total = cycle(52, 3)
    p_pairs = Fraction(sum(d for keys, d in triples.items()
                           if all(key[0] == "one_pair" for key in keys)), total)
    p_colour = Fraction(sum(d for keys, d in triples.items()
                            if sum(key[3] for key in keys) >= 2), total)
    assert _interval_holds(all_pairs, n, p_pairs)
    assert _interval_holds(some_colour, n, p_colour)
    package = supers_package(3, space=joint_space(3))
    # |sum - n mean| <= 2.576 sqrt(n variance), squared, in exact rationals.
    assert (paid - n * package.expected) ** 2 <= Fraction(2576, 1000) ** 2 * n * package.variance
