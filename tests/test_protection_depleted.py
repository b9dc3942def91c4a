"""The par sheet of a remaining shoe and its comparison with the full shoe."""

import json
from fractions import Fraction

import pytest

from combin.core.analysis import par_sheet
from combin.errors import CombinError
from combin.protection.depleted import depleted_sheet, reference_decks


@pytest.mark.parametrize("spec, decks", [
    ("8d-TT5", 8), ("6 decks minus T,T,5", 6), ("1d", 1), ("2-9", 2), ("4", 4),
    ("A=4,2=4,3=4,4=4,5=4,6=4,7=4,8=4,9=4,0=16", 8),
])
def test_reference_decks(spec, decks):
    assert reference_decks(spec) == decks


@pytest.mark.parametrize("wager, options", [
    ("eclipse.sun7", {}), ("baccarat.banker", {"rules": "ez"}),
    ("eclipse.supreme7", {"paytable": "C"}),
])
def test_a_full_shoe_is_the_par_sheet(wager, options):
    result = depleted_sheet(wager, "6d", **options)
    sheet = par_sheet(wager, decks=6, **options)
    assert result.sheet.lines == sheet.lines and result.sheet.cycle == sheet.cycle
    assert result.reference_decks == 6 and result.difference == 0


def test_moon8_less_a_ten_matches_the_published_count():
    # spec/ANCHORS.md: 170,399,271,999,488 Moon 8 wins from 8 decks less one ten-valued card.
    result = depleted_sheet("eclipse.moon8", "8d-K")
    wins = [l for l in result.sheet.lines if l.event_id == "player_wins_three_card_8"][0]
    assert wins.combinations == 170_399_271_999_488
    assert result.sheet.cycle == 415 * 414 * 413 * 412 * 411 * 410
    full = 172_660_763_262_976, 4_998_398_275_503_360
    assert result.difference == (Fraction(26 * wins.combinations, result.sheet.cycle)
                                 - Fraction(26 * full[0], full[1]))


def test_needs_a_spec():
    with pytest.raises(CombinError, match="--shoe"):
        depleted_sheet("eclipse.sun7", None)
