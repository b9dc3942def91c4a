"""What a winning Bet pays: hand examples, and the closed form's assumptions checked."""

from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from combin.errors import CombinError
from combin.lunar.bet import bet_distribution, bet_pays, combinations_in, hand_bet_pays
from combin.core.cards import parse_cards, rank_of, suit_of
from combin.lunar.classes import class_counts


def hand(text):
    return [(rank_of(c), suit_of(c)) for c in parse_cards(text)]


@pytest.mark.parametrize("cards, best, pays", [
    ("Kc Qd Jh Ts 9c 9d", "straight", 8),            # two straights (spec/RULES.md L11)
    ("Ac Ad Kh 5s 2c", "one_pair", 2),               # pair + ace-king with the kicker
    ("Kc Kd Kh Qs Qc Qd", "full_house", 14),         # two full houses
    ("Kc Kd Kh Qs Qc", "full_house", 7),             # nothing outside the core
    ("Ac Kd 9h 5s 2c", "ace_king", 1),
    ("Qc Jd 9h 5s 2c", None, 0),
    ("Ah Kh Qh Jh Th 9h", "royal_flush", 150),       # royal + the K-high straight flush
    ("2h 5h 8h Jh Kh 9c", "flush", 5),
    ("2h 5h 8h Jh Kh Kc", "flush", 6),               # flush + a pair using the off card
])
def test_hand_examples(cards, best, pays):
    assert hand_bet_pays(hand(cards)) == (best, pays)


def test_first_only_pays_the_class():
    pays, _ = bet_pays()
    assert hand_bet_pays(hand("Kc Qd Jh Ts 9c 9d"), "first-only") == ("straight", pays["straight"].net)


def test_five_card_classes_match_the_published_counts():
    by_class = Counter()
    for (best, _), count in bet_distribution(5).items():
        by_class[best] += count
    assert by_class == {"royal_flush": 4, "straight_flush": 36, "four_of_a_kind": 624,
                        "full_house": 3744, "flush": 5108, "straight": 10200,
                        "three_of_a_kind": 54912, "two_pair": 123552, "one_pair": 1098240,
                        "ace_king": 167280, None: 1302540 - 167280}


def test_six_card_classes_match_the_closed_form_class_table():
    # Two independent codes: the combination finder here, the rank-pattern count there.
    by_class = Counter()
    for (best, _), count in bet_distribution(6).items():
        by_class[best or "high_card"] += count
    assert by_class == class_counts(6)


@pytest.mark.parametrize("cards", [5, 6])
def test_first_only_is_the_class_pay(cards):
    pays, _ = bet_pays()
    for (best, paid), _ in bet_distribution(cards, "first-only").items():
        assert paid == (pays[best].net if best else 0)


def test_bad_options():
    with pytest.raises(CombinError):
        bet_distribution(7)
    with pytest.raises(CombinError):
        bet_distribution(5, "both")


six_cards = st.lists(st.integers(0, 51), min_size=6, max_size=6, unique=True)


@settings(max_examples=200, deadline=None)
@given(six_cards, st.permutations(range(4)))
def test_pays_do_not_depend_on_suit_names(cards, relabel):
    h = [(rank_of(c), suit_of(c)) for c in cards]
    renamed = [(rank, relabel[suit]) for rank, suit in h]
    assert hand_bet_pays(h) == hand_bet_pays(renamed)


@settings(max_examples=200, deadline=None)
@given(six_cards)
def test_a_hand_without_five_suited_cards_pays_as_its_plain_representative(cards):
    # The closed form reads one plain hand per rank multiset: check that assumption.
    from combin.lunar.bet import _plain_hand
    h = [(rank_of(c), suit_of(c)) for c in cards]
    if max(Counter(s for _, s in h).values()) >= 5:
        return
    multiset = tuple(sorted(Counter(r for r, _ in h).items()))
    assert hand_bet_pays(h) == hand_bet_pays(_plain_hand(multiset))


def test_combinations_have_their_core_sizes():
    sizes = {"one_pair": 2, "ace_king": 2, "three_of_a_kind": 3, "two_pair": 4,
             "four_of_a_kind": 4, "full_house": 5, "straight": 5, "flush": 5}
    for name, core in combinations_in(hand("Ac Ad Ah Kc Kd Qs")):
        assert len(core) == sizes[name]
