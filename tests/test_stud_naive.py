"""combin.stud.reference.naive: the oracle's own hand comparison, and values argued by hand."""

from fractions import Fraction
from itertools import combinations

from combin.stud.core.deck import Deck
from combin.stud.reference.naive import option_keys, option_values, plain_value, qualifies
from combin.stud.core.rules import load_rules
from combin.stud.core.situation import Situation
from combin.stud.core.values import QUALIFY, hand_value

RULES = load_rules("lunar").resolve()


def test_plain_value_orders_hands_as_the_core_does():
    # Every hand of 9TJQKA and a sample of the full deck: the oracle's comparison and the
    # core's values agree on every pair of neighbours in the core's order.
    hands = list(combinations(Deck.parse("9TJQKA").cards, 5))
    hands += list(combinations(range(0, 52, 3), 5))[::7]
    ranked = sorted(hands, key=hand_value)
    for a, b in zip(ranked, ranked[1:]):
        assert (plain_value(a) < plain_value(b)) == (hand_value(a) < hand_value(b))
        assert (plain_value(a) == plain_value(b)) == (hand_value(a) == hand_value(b))
    assert all(qualifies(h) == (hand_value(h) >= QUALIFY) for h in hands)


def test_the_wheel_is_the_lowest_straight():
    wheel, six_high = [48, 1, 6, 11, 13], [1, 6, 11, 13, 16]
    assert plain_value(wheel) < plain_value(six_high)


def test_quad_aces_on_twenty_cards_win_every_round():
    # On TJQKA every dealer hand qualifies, and with all four aces held no dealer hand
    # beats four aces: the Bet always wins 20 + 1 (the ace-king second combination,
    # L11 best-pair) to 1, so playing is worth 2 x 21 = 42 Ante units exactly.
    situation = Situation.parse("AS AD AH AC KS", "QS", "TJQKA")
    assert option_values(situation, RULES, [("play",)]) == {("play",): Fraction(42)}
    first_only = load_rules("lunar").resolve(None, {"L11": "first-only"})
    assert option_values(situation, first_only, [("play",)]) == {("play",): Fraction(40)}


def test_option_keys():
    keys = option_keys()
    assert len(keys) == 29 and keys[:3] == [("fold",), ("play",), ("buy",)]
    assert option_keys((2,))[3:] == [("exchange", p) for p in combinations(range(5), 2)]
