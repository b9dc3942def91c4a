"""Caribbean Stud, 52 cards: the published totals (ANCHORS.md), to the integer (slow)."""

from fractions import Fraction

import pytest

from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from combin.stud.nodraw.game import whole_game

pytestmark = pytest.mark.slow

CYCLE = 19_933_230_517_200
OPTIMAL_LOSS = 1_041_372_912_372
ALWAYS_LOSS = 3_310_360_338_060
THUMB_LOSS = 1_041_417_758_724
WINS = {"royal_flush": 16_759_740, "straight_flush": 156_929_720,
        "four_of_a_kind": 2_832_435_800, "full_house": 16_624_475_280}


@pytest.fixture(scope="module")
def rules():
    return load_rules("caribbean").resolve()


def test_optimal(rules):
    result = whole_game(rules, Deck.parse(None), "optimal")
    assert result.cycle == CYCLE and result.total == -OPTIMAL_LOSS
    wins = {cls: count for (event, cls, _), count in result.lines.items() if event == "win"}
    assert {cls: wins[cls] for cls in WINS} == WINS
    assert Fraction("0.02555") <= result.element_of_risk < Fraction("0.02556")  # 2.555 %


@pytest.mark.parametrize("strategy, loss", [("always", ALWAYS_LOSS), ("thumb", THUMB_LOSS)])
def test_fixed_strategies(rules, strategy, loss):
    assert whole_game(rules, Deck.parse(None), strategy).total == -loss


# The published comparison of strategies (ANCHORS.md), house edge per Ante to three places.
PUBLISHED_EDGES = {"optimal": "5.224", "thumb": "5.225", "akj83": "5.316", "pair": "5.470", "always": "16.607"}


@pytest.mark.parametrize("strategy", sorted(PUBLISHED_EDGES))
def test_the_published_comparison_of_strategies(rules, strategy):
    from decimal import ROUND_HALF_EVEN, Decimal
    edge = -whole_game(rules, Deck.parse(None), strategy).expected * 100
    shown = (Decimal(edge.numerator) / Decimal(edge.denominator)).quantize(Decimal("0.001"), ROUND_HALF_EVEN)
    assert str(shown) == PUBLISHED_EDGES[strategy]
