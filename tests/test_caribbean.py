"""combin.caribbean: Caribbean Stud's committed whole-game sheets against the published
comparison of strategies (spec/ANCHORS.md).

The sheets under ``tables/caribbean/game/`` are what ``combin tables`` computes (a drift test
holds them to the code); their exact returns, summed here as fractions, give each strategy's
house edge, which must round to the published figure at its three places.  The computation
itself is checked to the integer in ``make slow`` (tests/test_stud_published.py).
"""

import csv
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from combin.caribbean import SHEET_STRATEGIES

ROOT = Path(__file__).resolve().parents[1]
#: Wizard of Odds' comparison of Caribbean Stud strategies, house edge per Ante in percent.
PUBLISHED = {"optimal": "5.224", "thumb": "5.225", "akj83": "5.316", "pair": "5.470", "always": "16.607"}


@pytest.mark.parametrize("strategy", sorted(PUBLISHED))
def test_each_published_strategy_has_its_sheet_and_its_published_edge(strategy):
    assert strategy in SHEET_STRATEGIES
    with open(ROOT / "tables" / "caribbean" / "game" / f"{strategy}.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    lines, total = rows[:-1], rows[-1]
    assert total["result"] == "Total" and sum(int(row["combinations"]) for row in lines) == int(total["combinations"])
    assert sum(Fraction(row["probability"]) for row in lines) == 1
    edge = -sum(Fraction(row["return"]) for row in lines) * 100
    assert edge == -Fraction(total["return"]) * 100
    shown = (Decimal(edge.numerator) / Decimal(edge.denominator)).quantize(Decimal("0.001"), ROUND_HALF_EVEN)
    assert str(shown) == PUBLISHED[strategy]
