"""The plain nested loop against every ordered deal of small shoes, and the cycle."""

from math import perm

import pytest

from combin.baccarat.naive import deal_every_sequence
from combin.baccarat.reference import nested_loop_rounds


@pytest.mark.parametrize("values", [[0, 0, 1, 2, 3, 5, 7, 9], [0, 1, 2, 3, 4, 5, 6, 7, 8],
                                    [9, 9, 8, 8, 7, 6, 0, 0, 0]])
def test_the_nested_loop_equals_the_card_by_card_dealer(values):
    counts = tuple(values.count(v) for v in range(10))
    assert nested_loop_rounds(counts) == deal_every_sequence(values)


def test_the_counts_add_up_to_the_game_cycle():
    counts = (16, 4, 4, 4, 4, 4, 4, 4, 4, 4)   # one deck
    assert sum(nested_loop_rounds(counts).values()) == perm(52, 6)
