"""combin.stud.core.situation: reading a situation, and every mistake as one CombinError."""

import pytest

from combin.errors import CombinError
from combin.core.cards import parse_card
from combin.stud.core.situation import Situation, card_text


def test_a_situation_and_its_unseen_cards():
    situation = Situation.parse("AS KD 7H 7C 2D", "9s")
    assert situation.up == parse_card("9s") and len(situation.deck) == 52
    assert len(situation.unseen) == 46
    assert not set(situation.unseen) & (set(situation.player) | {situation.up})
    small = Situation.parse("as kd th tc jd", "QS", "tjqka")
    assert small.deck.text == "TJQKA" and len(small.unseen) == 14
    assert card_text(parse_card("7h")) == "7H"


@pytest.mark.parametrize("hand, up, deck", [
    ("AS KD 7H 7C", "9S", None), ("AS KD 7H 7C 7C", "9S", None), ("AS KD 7H 7C 2D", "2D", None),
    ("AS KD 7H 7C 1D", "9S", None), ("AS KD 7H 7C 2D", "", None), ("AS KD TH TC JD", "9S", "TJQKA"),
    ("AS KD TH TC JD", "QS", "TJQ"), ("AS KD TH TC JD", "QS", "TJQKAA"),
])
def test_bad_situations(hand, up, deck):
    with pytest.raises(CombinError):
        Situation.parse(hand, up, deck)
