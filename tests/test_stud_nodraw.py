"""The game without draws (combin.stud.nodraw.game) against the decision engine, class by class.

A second method for the no-draw whole game: :mod:`combin.stud.draw.advise` prices
play (with forcing) for every situation class of a small deck; fold is -1.
"""

import pytest
from fractions import Fraction

from combin.stud.reference.cards.advise import price
from combin.stud.reference.cards.engine import Engine
from combin.stud.core.deck import Deck
from combin.stud.game.spec import RunSpec, resolve_rules
from combin.stud.core.situation import Situation
from combin.stud.core.classes import situations
from combin.stud.nodraw.game import whole_game


# make slow: a minute of the card engine, class by class, for the identity that
# test_stud_control.test_the_control_of_a_reduced_deck_is_summed_and_matches_the_records checks on
# the same deck against the rank engine's records (and the rank engine equals the card engine
# option by option: test_stud_rank_engine.test_every_option_equals_the_card_engine_on_reduced_decks)
@pytest.mark.slow
def test_no_draw_expectation_equals_the_best_of_fold_and_play_per_class():
    deck = Deck.parse("JQKA")       # four ranks: no straight or flush, so no instant payout
    rules = resolve_rules("lunar", None, ())
    game = whole_game(rules, deck, "optimal")
    _, hands, ups, weights = situations(deck)
    total = Fraction(0)
    for hand, up, weight in zip(hands.tolist(), ups.tolist(), weights.tolist()):
        situation = Situation(tuple(hand), up, deck)
        play = price(Engine(situation, rules), list(hand), "play")
        total += weight * max(Fraction(-1), play)
    assert game.expected == total / int(weights.sum())


@pytest.mark.parametrize("game, text", [("lunar", "JQKA"), ("caribbean", "TJQKA")])
def test_the_spans_add_up_to_the_single_pass(game, text):
    """Cut into ranges of canonical hands (classes counted orbit by orbit,
    :func:`situations_in_rows`) the sums are those of the single pass (orbits collected
    by :func:`canonical_hands`), entry by entry, under every strategy."""
    from combin.stud.core.deck import Deck
    from combin.stud.core.rules import load_rules
    from combin.stud.nodraw.game import whole_games
    rules, deck = load_rules(game).resolve(None, {}), Deck.parse(text)
    for one, cut in zip(whole_games(rules, deck), whole_games(rules, deck, spans=9)):
        assert one.lines == cut.lines and one.forced == cut.forced and one.boundary == cut.boundary
        assert list(one.chosen.items()) == list(cut.chosen.items())
        assert (one.classes, one.situations, one.expected) == (cut.classes, cut.situations, cut.expected)
