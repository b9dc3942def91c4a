"""Per-state payouts: the rule book's pays, the dense index, and the par-sheet check."""

from fractions import Fraction

import pytest

from combin.core.analysis import select
from combin.baccarat.enumeration import Round, enumerate_rounds
from combin.baccarat.shoe import Shoe
from combin.protection.settlement import STATES, payout_table, settlement, state_index


def test_state_index_is_a_bijection_onto_0_to_399():
    indices = {state_index(pc, pt, bc, bt) for pc in (2, 3) for pt in range(10)
               for bc in (2, 3) for bt in range(10)}
    assert indices == set(range(STATES))


def test_banker_pays_as_the_rule_book_says():
    # spec/RULES.md §1.4: Banker wins 19 to 20, pushes on a tie, loses otherwise.
    table = payout_table(select("baccarat.banker"),
                         [Round(2, 5, 3, 7), Round(3, 4, 3, 4), Round(2, 9, 2, 8)])
    assert table == {Round(2, 5, 3, 7): Fraction(19, 20), Round(3, 4, 3, 4): 0,
                     Round(2, 9, 2, 8): -1}
    ez = payout_table(select("baccarat.banker", rules="ez"), [Round(2, 5, 3, 7), Round(2, 5, 2, 7)])
    assert ez == {Round(2, 5, 3, 7): 0, Round(2, 5, 2, 7): 1}


def test_sun7_pays_forty_only_on_a_winning_three_card_seven():
    table = payout_table(select("eclipse.sun7"), [Round(2, 6, 3, 7), Round(3, 7, 3, 7), Round(2, 6, 2, 7)])
    assert table == {Round(2, 6, 3, 7): 40, Round(3, 7, 3, 7): -1, Round(2, 6, 2, 7): -1}


@pytest.mark.parametrize("wager, options, scale", [
    ("baccarat.banker", {}, 20), ("baccarat.banker", {"rules": "super6"}, 2),
    ("eclipse.sun7", {}, 1), ("eclipse.eclipse", {"interpret": {"E1": "paid-rows"},
                                                  "paytable": "B"}, 1),
])
def test_settlement_reproduces_the_par_sheet_exactly(wager, options, scale):
    settled = settlement(wager, 1, **options)
    assert settled.scale == scale
    rounds = enumerate_rounds(Shoe.full(1))
    assert set(settled.payouts) == set(rounds)
    total = sum(count * settled.scaled[state_index(*state)] for state, count in rounds.items())
    assert Fraction(total, scale * sum(rounds.values())) == settled.expected_return
    reachable = {state_index(*state) for state in rounds}
    assert all((value is None) == (index not in reachable)
               for index, value in enumerate(settled.scaled))
