"""combin.stud.playout: seeded whole rounds played by the stored strategy vs the exact game."""

from fractions import Fraction
from itertools import permutations

import pytest

from combin.stud.deck import Deck
from combin.stud.drawgame import rules_for
from combin.stud.playout import RoundsResult, _canonical, _relabel


def test_canonical_form_is_the_same_for_every_relabelling():
    hand, up = (36, 41, 46, 51, 44), 39
    first = _canonical(hand, up)
    for perm in permutations(range(4)):
        moved = _canonical(tuple(_relabel(c, perm) for c in hand), _relabel(up, perm))
        assert moved[:2] == first[:2]
    canonical, canonical_up, perm = first
    assert tuple(sorted(_relabel(c, perm) for c in hand)) == canonical
    assert _relabel(up, perm) == canonical_up


def test_rounds_statistics_by_hand():
    result = RoundsResult(4, Fraction(4), Fraction(10))       # nets 1, 1, -1, 3 say
    assert result.mean == 1
    assert result.variance == Fraction(10 - 4, 3)        # (Q - S^2/n) / (n - 1)
    low, high = result.interval()
    assert low < 1 < high


@pytest.mark.slow
def test_rounds_played_by_the_stored_strategy_land_in_their_interval(tmp_path):
    from combin.stud.gamerun import run_game
    from combin.stud.playout import play_rounds
    deck, rules = Deck.parse("JQKA"), rules_for(None, ())
    sheet, strategy = run_game(deck, rules, workers=0, store_path=tmp_path / "s.sqlite",
                               want_strategy=True)
    exact = dict(sheet.sections["summary"])["expected result per Ante"]
    low, high = play_rounds(deck, rules, strategy.records, 3000, seed=1).interval()
    assert low <= exact <= high
