"""combin.stud.game.mix: the named strategies' figures from a strategy pass, and the mix's hold.

Second method: never drawing and playing a pair or better, summed from the pass's cells, is the
game without draws played that way, summed by the no-draw engine (combin.stud.nodraw.game).
"""

import io
from fractions import Fraction

import pytest

from combin.errors import CombinError
from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from combin.stud.game.human_run import reduced_cells
from combin.stud.game.mix import parse_mix, strategy_values, super_edge
from combin.stud.game.skill import Grid, search
from combin.stud.nodraw.game import whole_game

RULES = load_rules("lunar").resolve()


@pytest.fixture(scope="module")
def jqka(tmp_path_factory):
    deck = Deck.parse("JQKA")
    store = str(tmp_path_factory.mktemp("mix") / "store.sqlite")
    cells, totals, scale, _ = reduced_cells(deck, RULES, 0, store, io.StringIO())
    grid = Grid.of(cells)
    return deck, totals, scale, grid, search(grid, 25)


def test_never_drawing_is_the_game_without_draws_played_by_a_pair(jqka):
    deck, totals, scale, grid, plans = jqka
    values = strategy_values(grid, plans[-1])
    whole = scale * grid.weight
    assert Fraction(values["never-draw"], whole) == whole_game(RULES, deck, "pair").expected
    assert Fraction(values["optimal"], whole) == Fraction(totals.best, whole)
    # more skill never costs: never draw <= the card <= optimal; the pair rule then the card is a strategy too
    assert values["never-draw"] <= values["card"] <= values["optimal"]
    assert values["pair-then-card"] <= values["optimal"]


def test_the_super_s_edge_is_the_wager_s_own(jqka):
    deck, totals, *_ = jqka
    from combin.stud.game.round import side_wager
    own = side_wager(RULES.stud).mean(deck)
    found = super_edge(RULES, deck, totals)
    assert own is None or found == -own
    assert found is not None and found.denominator > 1


def test_a_mix_is_shares_adding_up_to_one():
    assert parse_mix("optimal=0.05, card=0.6 ,pair-then-card=0.2,never-draw=0.15")["card"] == Fraction(3, 5)
    for text, word in (("card=0.5", "add up to 1/2"), ("cards=1", "not STRATEGY=SHARE"), ("card=x", "not a number"),
                       ("card=0.5,card=0.5", "twice"), ("card=-1,optimal=2", "negative"), ("card", "not STRATEGY")):
        with pytest.raises(CombinError, match=word):
            parse_mix(text)
