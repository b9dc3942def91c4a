"""The count simulation's dealer: card by card by the tableau, against the exact enumeration."""

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from combin.baccarat.enumeration import Round, enumerate_rounds
from combin.baccarat.shoe import Shoe
from combin.protection.chunks import run_chunks
from combin.protection.dealer import play_shoe
from combin.protection.plan import make_plan
from combin.protection.settlement import settlement, state_index

STATE_OF = {state_index(pc, pt, bc, bt): Round(pc, pt, bc, bt)
            for pc in (2, 3) for pt in range(10) for bc in (2, 3) for bt in range(10)}


def one_round(cards, tags=(1,) * 10):
    wins, bets = [0], [0]
    rounds, first, count = play_shoe(list(cards), 0, 1, 0, tags, tuple(range(400)), (), False,
                                     wins, bets)
    assert rounds == 1 and wins == [first] and bets == [1]
    return STATE_OF[first], count


@pytest.mark.parametrize("counts", [(2, 1, 0, 1, 0, 1, 1, 1, 1, 0), (1, 1, 1, 0, 1, 1, 1, 0, 1, 1),
                                    (3, 0, 0, 1, 1, 1, 0, 1, 1, 1)])
def test_the_dealer_over_every_ordered_sequence_is_the_exact_enumeration(counts):
    # Every ordered six-card sequence of the physical cards of a small shoe, dealt by the
    # simulation's dealer, gives exactly the counts of the enumerator; and every card the
    # round used (4 to 6, read off its state) was counted once.
    values = [v for v, n in enumerate(counts) for _ in range(n)]
    dealt = Counter()
    for sequence in permutations(values, 6):
        state, count = one_round(sequence)
        assert count == state.player_cards + state.banker_cards
        dealt[state] += 1
    assert dict(dealt) == enumerate_rounds(Shoe(counts))


def test_the_first_round_of_simulated_shoes_follows_the_exact_distribution():
    # Chi-square of the first round of 20,000 one-deck shoes (face burn) against the exact
    # probabilities, grouped by (player cards, banker cards, winner): 12 groups, 11 degrees
    # of freedom, whose 99.9% point is 31.264.  The seed is fixed: the test is deterministic.
    settled = settlement("baccarat.banker", 1)
    plan = make_plan("baccarat.banker", decks=1, tags=(0,) * 10, triggers=(None,), seed=7,
                     settled=settled)
    sums, interrupted = run_chunks(plan, 20_000)
    assert not interrupted and sum(sums["first"]) == 20_000

    def group(state):
        player, banker = state.player_total, state.banker_total
        winner = (player > banker) - (player < banker)
        return state.player_cards, state.banker_cards, winner

    exact = enumerate_rounds(Shoe.full(1))
    cycle = sum(exact.values())
    expected, observed = Counter(), Counter()
    for state, count in exact.items():
        expected[group(state)] += Fraction(count * 20_000, cycle)
    for index, count in enumerate(sums["first"]):
        if count:
            observed[group(STATE_OF[index])] += count
    assert set(observed) <= set(expected) and len(expected) == 12
    chi2 = sum((observed[g] - e) ** 2 / e for g, e in expected.items())
    assert chi2 < Fraction(31264, 1000)


def test_cut_card_and_trigger_levels_on_a_stacked_shoe():
    # Each round 9,0,9,0 is a Player natural in four cards; the 9s count +1 each, so the
    # count before round k is 2k.  With 24 cards and 8 behind the cut card, rounds start at
    # cards 0, 4, 8 and 12 (12 cards remain, more than 8) but not at 16 (8 remain).
    cards = [9, 0, 9, 0] * 6
    tags = (0, 0, 0, 0, 0, 0, 0, 0, 0, 1)
    wins, bets = [0, 0, 0], [0, 0, 0]
    pay = [0] * 400
    pay[state_index(2, 8, 2, 0)] = 1
    # Running count triggers 0 and 4 (thresholds count*1 >= 0, count*1 >= 4).
    rounds, _, count = play_shoe(cards, 0, 24 - 8, 0, tags, pay, ((1, 0), (1, 4)), False,
                                 wins, bets)
    assert rounds == 4 and count == 8
    assert bets == [0, 2, 2]   # counts 0, 2 meet only trigger 0; counts 4, 6 meet both
    # True count trigger 6: 52 * count >= 6 * remaining; remaining 24, 20, 16, 12 and
    # counts 0, 2, 4, 6: 0 < 144, 104 < 120, 208 >= 96, 312 >= 72.
    wins, bets = [0, 0], [0, 0]
    play_shoe(cards, 0, 16, 0, tags, pay, ((52, 6),), True, wins, bets)
    assert bets == [2, 2] and wins == [2, 2]
