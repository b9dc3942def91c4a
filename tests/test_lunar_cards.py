"""Card encoding and hand-class names of combin.core.cards."""

import pytest

from combin.errors import CombinError
from combin.core.cards import (
    ACE, CLASS_NAMES, CLASSES, CLUBS, DECK, DIAMONDS, HEARTS, KING, RANKS,
    SPADES, SUITS, TEN, card, format_card, format_cards, parse_card,
    parse_cards, rank_of, suit_of,
)


def test_encoding_is_rank_times_four_plus_suit():
    assert parse_card("2c") == 0
    assert parse_card("2d") == 1
    assert parse_card("2h") == 2
    assert parse_card("2s") == 3
    assert parse_card("9c") == 28
    assert parse_card("Td") == 33
    assert parse_card("As") == 51
    assert (CLUBS, DIAMONDS, HEARTS, SPADES) == (0, 1, 2, 3)
    assert (TEN, KING, ACE) == (8, 11, 12)
    assert card(ACE, SPADES) == 51
    assert rank_of(51) == ACE and suit_of(51) == SPADES


def test_every_card_round_trips():
    assert DECK == tuple(range(52))
    names = [format_card(c) for c in DECK]
    assert len(set(names)) == 52
    assert [parse_card(name) for name in names] == list(DECK)
    assert all(rank_of(c) == RANKS.index(name[0]) and suit_of(c) == SUITS.index(name[1])
               for c, name in zip(DECK, names))


def test_parsing_is_lenient_about_case_and_ten():
    assert parse_card("as") == parse_card("AS") == parse_card(" As ") == 51
    assert parse_card("10h") == parse_card("Th") == parse_card("th")


def test_hands_parse_and_print():
    assert parse_cards("As Td 9c") == [51, 33, 28]
    assert parse_cards("As,Td, 9c") == [51, 33, 28]
    assert parse_cards(["As", "Td"]) == [51, 33]
    assert format_cards([51, 33, 28]) == "As Td 9c"


@pytest.mark.parametrize("text", ["", "A", "1s", "Ax", "AAs", "Zs", None, 51])
def test_bad_card_names_raise(text):
    with pytest.raises(CombinError):
        parse_card(text)


@pytest.mark.parametrize("card_id", [-1, 52, "As", 1.0, None])
def test_bad_card_ids_raise(card_id):
    with pytest.raises(CombinError):
        format_card(card_id)


def test_bad_rank_or_suit_raises():
    with pytest.raises(CombinError):
        card(13, 0)
    with pytest.raises(CombinError):
        card(0, 4)


def test_repeated_card_in_a_hand_raises():
    with pytest.raises(CombinError):
        parse_cards("As Kd as")


def test_classes_highest_first_with_names():
    assert CLASSES == (
        "royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush",
        "straight", "three_of_a_kind", "two_pair", "one_pair", "ace_king", "high_card",
    )
    assert set(CLASS_NAMES) == set(CLASSES)
    assert CLASS_NAMES["royal_flush"] == "Royal flush"
    assert CLASS_NAMES["ace_king"] == "Ace-king"
    assert all(name and name[0].isupper() for name in CLASS_NAMES.values())
