"""Effects of removal: the exact identity, two other methods, published anchors, the tags."""

import json
from fractions import Fraction

import pytest

from combin.core.analysis import par_sheet
from combin.baccarat.naive import deal_every_sequence
from combin.baccarat.shoe import Shoe
from combin.baccarat.reference import nested_loop_rounds
from combin.errors import CombinError
from combin.core.outcomes import OutcomeSpace
from combin.protection.eor import (best_tags, candidate_tags, correlation, effects_of_removal,
                                   imbalance, suggest_tags)

ECLIPSE = ("eclipse.sun7", "eclipse.moon8", "eclipse.supreme7", "eclipse.divine9",
           "eclipse.eclipse")
DEPLETED = Shoe((60, 11, 19, 30, 9, 14, 22, 17, 25, 8))


@pytest.mark.parametrize("wager", ECLIPSE)
@pytest.mark.parametrize("paytable", ["A", "B", "C"])
def test_identity_is_exact_for_every_eclipse_wager_and_paytable(wager, paytable):
    for shoe in (Shoe.full(8), DEPLETED):
        result = effects_of_removal(wager, shoe, paytable=paytable)
        assert result.identity_holds
        assert sum(n * ev for n, ev in zip(shoe.counts, result.removed)) == \
            shoe.cards * result.expected
        assert sum(n * e for n, e in zip(shoe.counts, result.effects)) == 0


@pytest.mark.parametrize("paytable", ["A", "B", "C"])
def test_identity_under_the_other_reading_of_e1(paytable):
    result = effects_of_removal("eclipse.eclipse", Shoe.full(6), paytable=paytable,
                                interpret={"E1": "paid-rows"})
    assert result.identity_holds and ("E1", "paid-rows") in result.sheet.interpretations


def test_moon8_with_a_ten_removed_matches_the_published_count():
    # spec/ANCHORS.md: 8 decks less one ten-valued card, 415P6 cycle, 170,399,271,999,488 Moon 8 wins.
    cycle = 415 * 414 * 413 * 412 * 411 * 410
    wins = 170_399_271_999_488
    result = effects_of_removal("eclipse.moon8", Shoe.full(8))
    assert result.removed[0] == Fraction(25 * wins - (cycle - wins), cycle)


def naive_ev(wager, counts, **options):
    values = [v for v, n in enumerate(counts) for _ in range(n)]
    rounds = deal_every_sequence(values)
    space = OutcomeSpace(rounds, sum(rounds.values()), "naive", "naive")
    return par_sheet(wager, space=space, **options).summary.expected_return


@pytest.mark.parametrize("wager, options", [
    ("eclipse.sun7", {}), ("eclipse.moon8", {}), ("eclipse.eclipse", {"paytable": "B"}),
    ("baccarat.banker", {"rules": "ez"}),
])
def test_effects_on_a_small_shoe_agree_with_the_card_by_card_dealer(wager, options):
    # Second method: every ordered sequence of physical cards, dealt by plain if-statements.
    counts = (2, 1, 0, 1, 0, 1, 1, 1, 1, 0)
    result = effects_of_removal(wager, Shoe(counts), **options)
    base = naive_ev(wager, counts, **options)
    assert result.expected == base
    for value, n in enumerate(counts):
        if not n:
            assert result.effects[value] is None
            continue
        smaller = list(counts)
        smaller[value] -= 1
        assert result.effects[value] == naive_ev(wager, smaller, **options) - base


def test_eight_deck_effects_agree_with_the_plain_nested_loop():
    # Third method on the real shoe: the naive nested loop over point values (combin.bench.baccarat).
    shoe = Shoe.full(8)
    result = effects_of_removal("eclipse.sun7", shoe)

    def ev(counts):
        rounds = nested_loop_rounds(counts)
        space = OutcomeSpace(rounds, sum(rounds.values()), "nested loop", "nested loop")
        return par_sheet("eclipse.sun7", space=space).summary.expected_return

    base = ev(shoe.counts)
    for value in (0, 8):
        assert result.effects[value] == ev(shoe.without(value).counts) - base


def test_sun7_suggestion_is_the_published_dragon7_count():
    # Wizard of Odds' Dragon 7 count (the same event): 4-7 count -1, 8 and 9 count +2.
    result = effects_of_removal("eclipse.sun7", Shoe.full(8))
    assert result.suggested.tags == (0, 0, 0, 0, -1, -1, -1, -1, 2, 2)
    assert result.suggested.balanced and result.suggested.imbalance == 0
    assert result.suggested.correlation > Fraction(96, 100)


def test_correlation_by_hand():
    # Weights (1, 1, 2), tags (1, -1, 0), effects (2, 0, -1): means 0, cov 2,
    # sum of squared tags 2, of squared effects 4 + 2 = 6, so corr² = 4 / 12.
    corr, squared = correlation((1, 1, 2), (1, -1, 0), (Fraction(2), Fraction(0), Fraction(-1)))
    assert squared == Fraction(1, 3)
    assert str(corr)[:12] == "0.5773502691"
    corr, squared = correlation((1, 1, 2), (-1, 1, 0), (Fraction(2), Fraction(0), Fraction(-1)))
    assert squared == Fraction(1, 3) and corr < 0
    assert correlation((1, 1), (3, 3), (Fraction(1), Fraction(-1))) == (None, None)
    # Tags proportional to the effects correlate perfectly.
    assert correlation((4, 1, 7), (6, -3, 0), (Fraction(2), Fraction(-1), Fraction(0)))[1] == 1


def test_candidates_are_every_rounding_of_a_scale():
    # Effects (3, -1, 2), largest tag 2: the rounding changes where s|e| crosses a half
    # integer, at s = 1/6, 1/4, 1/2, 3/4 and the limit 5/6.  Midpoints 5/24, 3/8, 5/8,
    # 19/24 give (0.625, -0.21, 0.42), (1.125, -0.375, 0.75), (1.875, -0.625, 1.25) and
    # (2.375, -0.79, 1.58); (0, 1/6) rounds to all zeros and is skipped.
    found = candidate_tags((Fraction(3), Fraction(-1), Fraction(2)), 2)
    assert found == [(1, 0, 0), (1, 0, 1), (2, -1, 1), (2, -1, 2)]


PER_DECK = (16, 4, 4, 4, 4, 4, 4, 4, 4, 4)


def test_best_balanced_tags():
    # Effects 1 on the tens and -2 on 8 and 9 (sum n e = 16 - 8 - 8 = 0): at scale 1 the
    # tags equal the effects, balanced per deck and perfectly correlated.
    effects = (Fraction(1), *(Fraction(0),) * 7, Fraction(-2), Fraction(-2))
    best = best_tags(PER_DECK, effects, 2)
    assert best.tags == (1, 0, 0, 0, 0, 0, 0, 0, -2, -2)
    assert best.balanced and best.correlation_squared == 1


def test_unbalanced_fallback_by_hand():
    # Effects 1 on the tens, -4 on the 8s.  Candidates with tags up to 2: the 8 alone at
    # -1 or -2 (per deck -4, -8) and (1, -2) (per deck 16 - 8 = 8): none is balanced.
    # For (1, -2): mean tag 2/13, cov 16 + 32 = 48, var_t 32 - 52 (2/13)² = 400/13,
    # var_e 16 + 64 = 80, so corr² = 48² · 13 / (400 · 80) = 117/125 -- the best.
    effects = (Fraction(1), *(Fraction(0),) * 7, Fraction(-4), Fraction(0))
    assert best_tags(PER_DECK, effects, 2) is None
    chosen = suggest_tags(PER_DECK, effects, 2)
    assert chosen.tags == (1, 0, 0, 0, 0, 0, 0, 0, -2, 0)
    assert chosen.correlation_squared == Fraction(117, 125)
    assert chosen.per_deck == 8 and not chosen.balanced
    assert imbalance(PER_DECK, chosen.tags) == 8
    assert suggest_tags(PER_DECK, (Fraction(0),) * 10, 2).tags == (0,) * 10


@pytest.mark.parametrize("bad", [0, 21, "2", True])
def test_bad_largest_tag(bad):
    with pytest.raises(CombinError, match="largest tag"):
        effects_of_removal("eclipse.sun7", Shoe.full(1), bad)


def test_a_shoe_too_small_to_remove_a_card():
    with pytest.raises(CombinError, match="at least 7 cards"):
        effects_of_removal("eclipse.sun7", Shoe((1, 1, 1, 1, 1, 1, 0, 0, 0, 0)))


