"""The rank scan of one, two and three hands: against plain enumerations of every deal on small
decks, the closed-form single-hand table, the two-hand inclusion-exclusion count and the
three-hand count by conditioning; the compiled and numpy inner loops; the states of one hand."""

from collections import Counter
from itertools import combinations
from math import comb

import numpy as np
import pytest

from combin.errors import CombinError
from combin.lunar.classes import super_feature_counts
from combin.lunar.hand import super_key
from combin.lunar.joint import (deck, joint_counts, plain_pair_counts, plain_triple_counts,
                                three_hand_counts)
from combin.lunar.rankscan import hand_states, rank_parts, scan_counts, scan_table


def plain_hands(ranks):
    """Every hand of the deck, tallied by the key :func:`combin.lunar.hand.super_key` reads."""
    cards = [int(card) for card in deck(ranks)]
    return dict(Counter((super_key(hand),) for hand in combinations(cards, 5)))


def test_one_hand_has_at_most_42_states_and_22_rank_parts():
    tables, parts = hand_states()
    assert len(tables) == 13 and len(tables[0]) == 1
    assert max(len(table) for table in tables) == 42
    assert len(parts) == len(rank_parts()) == 22
    # Every state's moves land on states of the next rank (or -1).
    for table, after in zip(tables, [*tables[1:], parts]):
        assert table.min() >= -1 and table.max() < len(after)


def test_one_hand_on_the_full_deck_is_the_closed_form_table():
    assert scan_counts(1) == {(tuple(key),): count for key, count in super_feature_counts().items()}


@pytest.mark.parametrize("ranks", ["TJQKA", "2345A", "9TJQKA", "JQK"])
def test_one_hand_equals_every_hand_of_a_small_deck(ranks):
    assert scan_counts(1, ranks) == plain_hands(ranks)


@pytest.mark.parametrize("ranks", ["TJQKA", "2345A"])
def test_two_hands_equal_a_plain_enumeration_of_every_ordered_pair(ranks):
    assert scan_counts(2, ranks) == plain_pair_counts(ranks)


def test_two_hands_on_the_full_deck_are_the_inclusion_exclusion_table():
    assert scan_counts(2) == joint_counts(2)


#: JQKA's triples in make slow: the Lunar audit's joint checks hold the same equality on every
#: run of make test (rank scan = plain enumeration = conditioning, tests/test_audit_games.py's
#: bundle; a failed check fails its audit).
@pytest.mark.parametrize("ranks", [pytest.param("JQKA", marks=pytest.mark.slow), "2345"])
def test_three_hands_equal_a_plain_enumeration_of_every_ordered_triple(ranks):
    scanned = scan_counts(3, ranks)
    assert scanned == plain_triple_counts(ranks)
    assert sum(scanned.values()) == comb(16, 5) * comb(11, 5) * comb(6, 5)


#: TJQKA in make slow: the Lunar audit's joint checks (tests/test_audit_games.py) count the same
#: equality on every run of make test.
@pytest.mark.parametrize("ranks", [pytest.param("TJQKA", marks=pytest.mark.slow), "2345A"])
def test_three_hands_equal_the_count_by_conditioning_on_the_first_hand(ranks):
    assert scan_counts(3, ranks) == three_hand_counts(ranks)


@pytest.mark.slow
@pytest.mark.parametrize("ranks", ["9TJQKA", "23456A"])
def test_three_hands_equal_the_count_by_conditioning_on_24_cards(ranks):
    assert scan_counts(3, ranks) == three_hand_counts(ranks)


@pytest.mark.parametrize("hands, ranks", [(1, "9TJQKA"), (2, "TJQKA"), (3, "JQKA")])
def test_compiled_and_numpy_inner_loops_agree(hands, ranks):
    codes, compiled = scan_table(hands, ranks)
    same, numpy_loop = scan_table(hands, ranks, compiled=False)
    assert codes == same and np.array_equal(compiled, numpy_loop)


def test_chunks_of_mode_tuples_do_not_change_the_table():
    assert np.array_equal(scan_table(3, "TJQKA", chunk=7)[1], scan_table(3, "TJQKA")[1])


def test_progress_reports_each_chunk():
    seen = []
    scan_table(2, "TJQKA", chunk=20, progress=seen.append)
    assert seen[-1] == "50 of 50 suit-mode classes scanned" and len(seen) == 3


@pytest.mark.parametrize("hands, ranks, words", [
    (4, "TJQKA", "1 to 3 hands"), (0, "TJQKA", "1 to 3 hands"), (3, "JQK", "at least 15 cards"),
    (2, "AA", "distinct ranks"), (1, "", "distinct ranks"), (1, "X", "distinct ranks")])
def test_bad_requests_are_refused(hands, ranks, words):
    with pytest.raises(CombinError, match=words):
        scan_table(hands, ranks)
