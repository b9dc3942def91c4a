"""Closed-form hand-class counts of combin.lunar.classes against published figures.

The expected integers below come from the published Lunar Poker (58 Pa. Code
Chapter 671a) five- and seven-card tables, or from one-line counting
arguments written out here; none is copied from the code under test.
"""

import subprocess
import sys
from math import comb

import pytest

from combin.errors import CombinError
from combin.core.cards import CLASSES
from combin.lunar.classes import (HAND_SIZES, SUPER_KEY, SuperKey, class_counts,
                                  super_feature_counts)

from published import (FIVE_CARD, FIVE_CARD_ACE_KING, FIVE_CARD_ACE_KING_OR_BETTER,
                       FIVE_CARD_HIGH_CARD_WITH_ACE_KING, SEVEN_CARD, SEVEN_CARD_HIGH_CARD_WITH_ACE_KING,
                       SEVEN_CARD_ROYAL, SEVEN_CARD_STRAIGHT_FLUSH_WITH_ROYAL)


def test_five_card_published_figures():
    counts = class_counts(5)
    assert list(counts) == list(CLASSES)
    for name, expected in FIVE_CARD.items():
        assert counts[name] == expected, name
    assert counts["ace_king"] == FIVE_CARD_ACE_KING
    assert counts["ace_king"] + counts["high_card"] == FIVE_CARD_HIGH_CARD_WITH_ACE_KING
    assert sum(counts.values()) - counts["high_card"] == FIVE_CARD_ACE_KING_OR_BETTER
    assert sum(counts.values()) == comb(52, 5)


def test_seven_card_published_figures():
    counts = class_counts(7)
    assert counts["royal_flush"] == SEVEN_CARD_ROYAL
    assert counts["royal_flush"] + counts["straight_flush"] == SEVEN_CARD_STRAIGHT_FLUSH_WITH_ROYAL
    for name, expected in SEVEN_CARD.items():
        assert counts[name] == expected, name
    assert counts["ace_king"] + counts["high_card"] == SEVEN_CARD_HIGH_CARD_WITH_ACE_KING
    assert sum(counts.values()) == comb(52, 7)


def test_six_cards_add_up_and_agree_with_simple_arguments():
    counts = class_counts(6)
    assert list(counts) == list(CLASSES)
    assert sum(counts.values()) == comb(52, 6)
    assert all(isinstance(n, int) and n > 0 for n in counts.values())
    # A royal flush plus any of the 47 other cards.
    assert counts["royal_flush"] == 4 * 47
    # All four cards of one rank plus any two of the other 48; six cards with
    # quads hold at most three ranks, so nothing beats them.
    assert counts["four_of_a_kind"] == 13 * comb(48, 2)


@pytest.mark.parametrize("cards", HAND_SIZES)
def test_counts_are_python_ints(cards):
    assert all(type(n) is int for n in class_counts(cards).values())


@pytest.mark.parametrize("cards", [0, 4, 8, 52, -5, "5", 5.0, True, None])
def test_other_hand_sizes_raise(cards):
    with pytest.raises(CombinError):
        class_counts(cards)


def test_closed_form_needs_no_numpy():
    code = ("import sys, combin.lunar, combin.core.cards, combin.lunar.classes; "
            "sys.exit('numpy' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


# -- Super Wager features ---------------------------------------------------

def _total(counts, **fixed):
    fields = {name: i for i, name in enumerate(SUPER_KEY)}
    return sum(n for key, n in counts.items()
               if all(key[fields[name]] == value for name, value in fixed.items()))


def test_super_key_layout():
    assert SUPER_KEY == ("hand_class", "pictures", "court", "same_color", "akq", "akq_suited")
    counts = super_feature_counts()
    for key, n in counts.items():
        assert type(key) is SuperKey and key.hand_class == key[0] in CLASSES
        assert all(isinstance(flag, bool) for flag in key[1:])
        assert type(n) is int and n > 0


def test_super_features_add_up_to_the_class_table():
    counts = super_feature_counts()
    assert sum(counts.values()) == comb(52, 5)
    for name, expected in FIVE_CARD.items():
        assert _total(counts, **{"hand_class": name}) == expected, name
    assert _total(counts, **{"hand_class": "ace_king"}) == FIVE_CARD_ACE_KING


def test_super_feature_margins():
    counts = super_feature_counts()
    # Five of the twelve jacks, queens and kings; five of the sixteen J, Q, K, A.
    assert _total(counts, pictures=True) == comb(12, 5)
    assert _total(counts, court=True) == comb(16, 5)
    assert _total(counts, pictures=True, court=False) == 0
    # Five of the 26 red cards or five of the 26 black ones.
    assert _total(counts, same_color=True) == 2 * comb(26, 5)
    # At least one ace, one king and one queen (inclusion-exclusion).
    assert _total(counts, akq=True) == (
        comb(52, 5) - 3 * comb(48, 5) + 3 * comb(44, 5) - comb(40, 5))
    # A suited ace-king-queen and any two other cards; two suits cannot both
    # have one in five cards.
    assert _total(counts, akq_suited=True) == 4 * comb(49, 2)
    assert _total(counts, akq=False, akq_suited=True) == 0


def test_picture_hands_by_class():
    counts = super_feature_counts()
    # Only three ranks: no straight, no flush, no hand with four ranks.
    by_class = {}
    for key, n in counts.items():
        if key[1]:
            by_class[key[0]] = by_class.get(key[0], 0) + n
    assert by_class == {
        "four_of_a_kind": 3 * 8,                          # quads + one of 8 other pictures
        "full_house": 3 * 4 * 2 * 6,                     # trips rank, suits, pair rank, suits
        "three_of_a_kind": 3 * 4 * 4 * 4,                # trips + one card of each other rank
        "two_pair": 3 * 6 * 6 * 4,                       # which rank is single, suits
    }


def test_flushes_are_one_colour_and_suit_their_ace_king_queen():
    counts = super_feature_counts()
    for key, n in counts.items():
        if key[0] in ("royal_flush", "straight_flush", "flush"):
            assert key[3] is True
            assert key[5] == key[4]
    assert _total(counts, **{"hand_class": "royal_flush", "akq_suited": True}) == 4
    # Suited A-K-Q plus two more cards of that suit (not J-T: that is royal).
    assert _total(counts, **{"hand_class": "flush", "akq_suited": True}) == 4 * (comb(10, 2) - 1)
