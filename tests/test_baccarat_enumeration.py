"""The fast enumerator against published figures (spec/ANCHORS.md) and two naive methods."""


import pytest
from hypothesis import given, settings, strategies as st

from combin.baccarat import naive
from combin.baccarat.enumeration import enumerate_rounds, game_cycle, outcome_space
from combin.baccarat.shoe import Shoe
from combin.baccarat.reference import nested_loop_rounds


def tally(space, predicate):
    return sum(count for r, count in space.items() if predicate(r))


banker_wins = lambda r: r.banker_total > r.player_total
player_wins = lambda r: r.player_total > r.banker_total
tie = lambda r: r.player_total == r.banker_total


@pytest.mark.parametrize("decks, cycle, banker, player, ties", [
    (8, 4_998_398_275_503_360, 2_292_252_566_437_888, 2_230_518_282_592_256, 475_627_426_473_216),
    (6, 878_869_206_895_680, 403_095_751_234_560, 392_220_492_728_832, 83_552_962_932_288),
    (1, 14_658_134_400, 6_737_232_640, 6_548_674_432, 1_372_227_328),
])
def test_published_main_game_counts(decks, cycle, banker, player, ties):
    space = outcome_space(Shoe.full(decks))
    assert space.cycle == cycle == game_cycle(52 * decks)
    assert sum(c for _, c in space.items()) == cycle
    assert tally(space, banker_wins) == banker
    assert tally(space, player_wins) == player
    assert tally(space, tie) == ties


def test_published_eight_deck_event_counts(eight_decks):
    s = eight_decks
    natural = lambda r: r.player_cards == r.banker_cards == 2 and max(r.player_total, r.banker_total) >= 8
    assert tally(s, lambda r: banker_wins(r) and r.banker_cards == 3 and r.banker_total == 7) \
        == 112_633_011_329_024
    assert tally(s, lambda r: player_wins(r) and r.player_cards == 3 and r.player_total == 8) \
        == 172_660_763_262_976
    assert tally(s, lambda r: player_wins(r) and r.player_cards == 3) == 942_837_427_226_624
    assert tally(s, lambda r: banker_wins(r) and r.banker_cards == 3) == 763_885_033_768_960
    # "A natural wins" is per side: the Player's and the Banker's counts are equal.
    assert tally(s, lambda r: natural(r) and player_wins(r)) == 812_685_054_124_032
    assert tally(s, lambda r: natural(r) and banker_wins(r)) == 812_685_054_124_032
    assert tally(s, lambda r: natural(r) and tie(r)) == 89_325_908_267_520
    assert tally(s, lambda r: natural(r) and r.player_total == r.banker_total == 9) \
        == 44_838_810_157_056
    assert tally(s, lambda r: banker_wins(r) and r.banker_total == 6) == 269_232_304_455_680


def test_panda_8_with_one_ten_removed():
    space = outcome_space(Shoe.full(8).without(0))
    assert space.cycle == game_cycle(415)
    assert tally(space, lambda r: player_wins(r) and r.player_cards == 3 and r.player_total == 8) \
        == 170_399_271_999_488


def test_fast_equals_plain_nested_loop_on_one_and_two_decks():
    for decks in (1, 2):
        shoe = Shoe.full(decks)
        assert enumerate_rounds(shoe) == nested_loop_rounds(shoe.counts)


def test_depleted_shoe_equals_nested_loop():
    shoe = Shoe((5, 0, 3, 1, 0, 2, 7, 1, 0, 4))
    assert enumerate_rounds(shoe) == nested_loop_rounds(shoe.counts)


#: A small shoe as the point values of its physical cards (6 to 9 cards).
small_shoes = st.lists(st.integers(0, 9), min_size=6, max_size=9)


def counts_of(values):
    return tuple(values.count(value) for value in range(10))


@settings(max_examples=30, deadline=None)
@given(small_shoes)
def test_fast_equals_card_by_card_dealer_on_small_shoes(values):
    assert enumerate_rounds(Shoe(counts_of(values))) == naive.deal_every_sequence(values)


def test_card_by_card_dealer_on_an_eleven_card_shoe():
    counts = (3, 1, 1, 1, 0, 1, 1, 2, 0, 1)
    values = [value for value, count in enumerate(counts) for _ in range(count)]
    assert enumerate_rounds(Shoe(counts)) == naive.deal_every_sequence(values)


def test_every_state_is_a_legal_round(eight_decks):
    for r in eight_decks.counts:
        assert r.player_cards in (2, 3) and r.banker_cards in (2, 3)
        if r.player_cards == 2 and r.player_total <= 5:
            # A Player on 0-5 draws unless the Banker has a natural.
            assert r.banker_cards == 2 and r.banker_total >= 8


def test_first_four_plan_counts_each_ordered_deal_once():
    """The plan built from unordered pairs equals the one built from all 10,000 ordered deals."""
    from collections import Counter
    from itertools import product
    from combin.baccarat.enumeration import _first_four
    expected = {}
    for p1, b1, p2, b2 in product(range(10), repeat=4):
        key = tuple(sorted(Counter((p1, b1, p2, b2)).items()))
        cls = ((p1 + p2) % 10, (b1 + b2) % 10)
        expected.setdefault(key, Counter())[cls] += 1
    plan = _first_four()
    assert len(plan) == len(expected) == 715
    assert sum(a for _, _, splits in plan for _, a, _ in splits) == 10_000
    for removal, pairs, splits in plan:
        assert {cls: a for cls, a, _ in splits} == expected[removal]
        assert pairs == tuple((v, u, m * n) for v, m in removal for u, n in removal)
