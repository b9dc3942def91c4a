"""combin.stud.nodraw: the no-draw sheet against the decision engine, class by class."""

from fractions import Fraction

from combin.stud.advise import Engine, price
from combin.stud.deck import Deck
from combin.stud.drawgame import rules_for
from combin.stud.nodraw import no_draw_sheet
from combin.stud.situation import Situation
from combin.stud.situations import situations


def test_no_draw_edge_equals_the_best_of_fold_and_play_per_class():
    """A second method: the advise engine prices play (with forcing) per class; fold is -1."""
    deck = Deck.parse("JQKA")       # four ranks: no straight or flush, so no instant payout
    rules = rules_for(None, ())
    sheet = no_draw_sheet(deck, rules)
    summary = dict(sheet.sections["summary"])
    _, hands, ups, weights = situations(deck)
    total = Fraction(0)
    for hand, up, weight in zip(hands.tolist(), ups.tolist(), weights.tolist()):
        situation = Situation(tuple(hand), up, deck)
        play = price(Engine(situation, rules), list(hand), "play")
        total += weight * max(Fraction(-1), play)
    assert summary["expected result per Ante"] == total / int(weights.sum())
    assert summary["house edge per Ante"] == -summary["expected result per Ante"]
    sd = Fraction(summary["standard deviation per round"])
    assert abs(sd * sd - summary["variance per round"]) < Fraction(1, 10 ** 30)
