"""combin.stud.core.deck: decks of chosen ranks."""

import pytest

from combin.errors import CombinError
from combin.core.cards import parse_cards
from combin.stud.core.deck import Deck


def test_full_deck_by_default():
    for text in (None, ""):
        deck = Deck.parse(text)
        assert len(deck) == 52 and deck.cards == tuple(range(52)) and deck.full


def test_reduced_deck():
    deck = Deck.parse("9tjqka")
    assert len(deck) == 24 and deck.ranks == (7, 8, 9, 10, 11, 12)
    assert deck.cards[0] == 28 and deck.cards[-1] == 51 and deck.text == "9TJQKA"
    assert Deck.parse("AKQJT") == Deck.parse("TJQKA")


@pytest.mark.parametrize("text", ["9TJQKX", "9TJQKK", "9-T", "1TJQKA"])
def test_malformed_decks(text):
    with pytest.raises(CombinError):
        Deck.parse(text)


def test_too_small_for_the_game():
    with pytest.raises(CombinError, match="needs at least 11"):
        Deck.parse("AK", need=11)


def test_check_names_the_card():
    deck = Deck.parse("TJQKA")
    assert deck.check(parse_cards("As Td")) == parse_cards("As Td")
    with pytest.raises(CombinError, match="9c"):
        deck.check(parse_cards("As 9c"))
