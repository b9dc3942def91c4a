"""combin.stud.reference.playout: seeded whole rounds played by the stored strategy vs the exact game."""

from decimal import Decimal
from fractions import Fraction
from itertools import permutations

import pytest

from combin.stud.core.deck import Deck
from combin.stud.game.spec import RunSpec, resolve_rules
from combin.stud.reference.playout import RoundsResult, canonical, relabel


def test_canonical_form_is_the_same_for_every_relabelling():
    hand, up = (36, 41, 46, 51, 44), 39
    first = canonical(hand, up)
    for perm in permutations(range(4)):
        moved = canonical(tuple(relabel(c, perm) for c in hand), relabel(up, perm))
        assert moved[:2] == first[:2]
    class_hand, class_up, perm = first
    assert tuple(sorted(relabel(c, perm) for c in hand)) == class_hand
    assert relabel(up, perm) == class_up


def test_rounds_statistics_by_hand():
    # nets 1, 1, -1, 3: sums 4, 12, 28 (1 + 1 - 1 + 27), 84 (1 + 1 + 1 + 81)
    result = RoundsResult(4, Fraction(4), Fraction(12), Fraction(28), Fraction(84))
    assert result.mean == 1
    assert result.variance == Fraction(12 - 4, 3)        # (Q - S^2/n) / (n - 1)
    low, high = result.interval()
    assert low < 1 < high
    # deviations 0, 0, -2, 2: m4 = (16 + 16) / 4 = 8; the variance's spread is
    # (m4 - s^4) / n = (8 - 64/9) / 4 = 2/9, so the half-width squared is z^2 x 2/9
    assert result.fourth_central() == 8
    low, high = result.variance_interval()
    half = (high - low) / 2
    assert abs(half * half - Decimal("2.5758293035489004") ** 2 * 2 / 9) < Decimal("1e-30")
    assert low < Fraction(8, 3) < high


@pytest.mark.slow
def test_rounds_played_by_the_stored_strategy_land_in_their_interval(tmp_path):
    from combin.stud.game.run import run_game
    from combin.stud.reference.playout import play_rounds
    deck, rules = Deck.parse("JQKA"), resolve_rules("lunar", None, ())
    sheet, strategy = run_game(deck, rules, workers=0, store_path=tmp_path / "s.sqlite",
                               want_strategy=True)
    summary = dict(sheet.sections["summary"])
    played = play_rounds(deck, rules, strategy.records, 3000, seed=1)
    low, high = played.interval()
    assert low <= summary["expected result per Ante"] <= high
    # the exact variance (from every result's squared net) in the rounds' 99% interval
    low, high = played.variance_interval()
    variance = summary["variance per Ante^2"]
    assert Decimal(low) <= Decimal(variance.numerator) / Decimal(variance.denominator) <= Decimal(high)
