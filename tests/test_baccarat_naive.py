"""The card-by-card dealer, and the Eclipse wagers checked through it.

Supreme 7, Divine 9 and Eclipse have no published figures.  Here the
regulation's words are applied directly to the hands the naive dealer deals,
over every ordered sequence of a small shoe, and the tallies are compared
with the par-sheet lines computed by the fast enumerator.
"""

from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given, settings, strategies as st

from combin.core.analysis import par_sheet
from combin.baccarat import naive, outcomes
from combin.baccarat.shoe import Shoe


def test_deal_naturals_stand():
    assert naive.deal([8, 1, 0, 1, 5, 5]) == ([8, 0], [1, 1])


def test_deal_player_draws_and_banker_follows_the_tableau():
    # Player 0+4=4 draws a 5; Banker 3+1=4 draws on a third card of 5.
    assert naive.deal([0, 3, 4, 1, 5, 2]) == ([0, 4, 5], [3, 1, 2])
    # Banker 3 stands on a Player third card of 8.
    assert naive.deal([0, 3, 4, 0, 8, 2]) == ([0, 4, 8], [3, 0])
    # Player stands on 6; Banker 5 draws.
    assert naive.deal([6, 5, 0, 0, 3, 9]) == ([6, 0], [5, 0, 3])


def test_naive_rejects_large_shoes():
    with pytest.raises(ValueError):
        naive.deal_every_sequence([0] * 13)


def total(hand):
    return sum(hand) % 10


def regulation_events(player, banker):
    """§ 631b.11(d), word for word, on dealt hands."""
    three = lambda hand, points: len(hand) == 3 and total(hand) == points
    events = Counter()
    if three(banker, 7) and total(banker) > total(player):
        events["sun7"] += 1
    if three(player, 8) and total(player) > total(banker):
        events["moon8"] += 1
    if three(player, 7) and three(banker, 7):
        events["supreme7_three"] += 1
    if len(player) == 2 and len(banker) == 2 and total(player) == total(banker) == 7:
        events["supreme7_two"] += 1
    if three(player, 9) and three(banker, 9):
        events["divine9_both"] += 1
    elif three(player, 9) or three(banker, 9):
        events["divine9_one"] += 1
    if events:
        events["eclipse"] += 1
    return events


SHEET_LINES = {
    "sun7": ("eclipse.sun7", "banker_wins_three_card_7"),
    "moon8": ("eclipse.moon8", "player_wins_three_card_8"),
    "supreme7_three": ("eclipse.supreme7", "both_three_card_7"),
    "supreme7_two": ("eclipse.supreme7", "both_two_card_7"),
    "divine9_both": ("eclipse.divine9", "both_three_card_9"),
    "divine9_one": ("eclipse.divine9", "one_three_card_9"),
}


def check_shoe(counts, every_event=False):
    values = [value for value, count in enumerate(counts) for _ in range(count)]
    tallies = Counter()
    for sequence in permutations(values, 6):
        tallies.update(regulation_events(*naive.deal(sequence)))
    if every_event:
        assert all(tallies[name] for name in [*SHEET_LINES, "eclipse"]), tallies
    space = outcomes(shoe=Shoe(tuple(counts)))
    for name, (wager, event) in SHEET_LINES.items():
        lines = {l.event_id: l.combinations for l in par_sheet(wager, space=space).lines}
        assert lines[event] == tallies[name], name
    eclipse = par_sheet("eclipse.eclipse", space=space)
    assert sum(l.combinations for l in eclipse.lines if l.payout > 0) == tallies["eclipse"]


@settings(max_examples=12, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=6, max_size=9))
def test_eclipse_lines_match_the_regulation_on_small_shoes(values):
    check_shoe(tuple(values.count(value) for value in range(10)))


def test_eclipse_lines_on_a_shoe_where_every_event_occurs():
    check_shoe((2, 1, 1, 1, 1, 1, 1, 1, 1, 1), every_event=True)
