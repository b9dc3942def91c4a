"""combin.stud.game.mix: the named strategies' figures from a strategy pass, and the mix's hold.

Second method: never drawing and playing a pair or better, summed from the pass's cells, is the
game without draws played that way, summed by the no-draw engine (combin.stud.nodraw.game).
"""

import io
import json
from fractions import Fraction
from pathlib import Path

import pytest

from combin.errors import CombinError
from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from combin.stud.game.human_run import reduced_cells
from combin.stud.game.mix import parse_mix, strategy_values, super_edge
from combin.stud.game.skill import Grid, search
from combin.stud.nodraw.game import whole_game

RULES = load_rules("lunar").resolve()

#: The 52-card game without draws played by "a pair or better, fold the rest", expected result per
#: Ante, summed over every class by the no-draw engine (``whole_game(RULES, Deck.parse(None),
#: "pair").expected``, about 5 CPU-minutes; the slow test below sums it again).
NO_DRAW_PAIR_52 = Fraction(-342545573113, 1993323051720)


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


def test_the_52_card_never_draw_row_is_the_no_draw_engine_s_pair_game():
    """The committed 52-card skill mix (summed from the strategy pass's cells along the run's shards)
    gives never drawing the house edge the no-draw engine sums for the game played by a pair: two
    engines, one integer ratio."""
    path = Path(__file__).resolve().parent.parent / "tables/lunar/game/skill-mix.json"
    rows = json.loads(path.read_text())["tables"]["strategies"]["rows"]
    row = next(r for r in rows if r["strategy"].startswith("never draw"))
    assert Fraction(row["house_edge"]) == -NO_DRAW_PAIR_52


@pytest.mark.slow
def test_the_no_draw_engine_s_52_card_pair_game_is_the_figure_kept():
    assert whole_game(RULES, Deck.parse(None), "pair").expected == NO_DRAW_PAIR_52
