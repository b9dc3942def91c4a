"""The game without draws (combin.stud.nodraw.game) against the decision engine, class by class.

A second method for the no-draw whole game: :mod:`combin.stud.draw.advise` prices
play (with forcing) for every situation class of a small deck; fold is -1.
"""

from fractions import Fraction

from combin.stud.draw.advise import price
from combin.stud.draw.engine import Engine
from combin.stud.core.deck import Deck
from combin.stud.draw.chunks import rules_for
from combin.stud.core.situation import Situation
from combin.stud.core.classes import situations
from combin.stud.nodraw.game import whole_game


def test_no_draw_expectation_equals_the_best_of_fold_and_play_per_class():
    deck = Deck.parse("JQKA")       # four ranks: no straight or flush, so no instant payout
    rules = rules_for(None, ())
    game = whole_game(rules, deck, "optimal")
    _, hands, ups, weights = situations(deck)
    total = Fraction(0)
    for hand, up, weight in zip(hands.tolist(), ups.tolist(), weights.tolist()):
        situation = Situation(tuple(hand), up, deck)
        play = price(Engine(situation, rules), list(hand), "play")
        total += weight * max(Fraction(-1), play)
    assert game.expected == total / int(weights.sum())
