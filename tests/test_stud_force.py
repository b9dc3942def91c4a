"""combin.stud.nodraw.force: the bound that skips forcing, checked against exact values."""

from itertools import combinations

import numpy as np
import pytest

from combin.core.cards import parse_card, parse_cards
from combin.stud.core.deck import Deck
from combin.stud.nodraw.force import non_qualifying, max_requalifying_wins, never_gains
from combin.stud.nodraw.dealer import dealer_counter
from combin.stud.core.rules import ForceCard, load_rules, settle
from combin.stud.core.values import QUALIFY, hand_table, hand_value

from stud_oracle import walk


def _outs_by_category(deck, which=ForceCard.HIGHEST):
    """For every R = (non-qualifying dealer hand less its ``which`` card): the most cards that
    make R + c a pair, an ace-king, a straight, a flush or straight flush, counted by walking
    every c."""
    counter = dealer_counter(deck)
    table = hand_table(deck)
    cards, _, rest, _, _ = non_qualifying(counter, which)
    rest_cards = np.unique(np.array(deck.cards)[rest], axis=0)
    best = {}
    tallies = {k: np.zeros(len(rest_cards), dtype=np.int64) for k in ("pair", "ace_king", "straight", "flush")}
    for c in deck.cards:
        free = ~np.any(rest_cards == c, axis=1)
        hands = np.column_stack([rest_cards, np.full(len(rest_cards), c)])
        values = table.values[table.indices_of(hands)].astype(np.int64)
        category = values // 16 ** 5
        tallies["pair"] += free & (category == 1)
        tallies["ace_king"] += free & (category == 0) & (values >= QUALIFY)
        tallies["straight"] += free & (category == 4)
        tallies["flush"] += free & ((category == 5) | (category == 8))
        assert not np.any(free & np.isin(category, [2, 3, 6, 7]))  # one card more: no two pair, trips
    best["below_straight"] = int((tallies["pair"] + tallies["ace_king"]).max())
    best["below_flush"] = int((tallies["pair"] + tallies["ace_king"] + tallies["straight"]).max())
    for key, tally in tallies.items():
        best[key] = int(tally.max())
    return best


@pytest.mark.parametrize("ranks", ["89TJQKA", pytest.param(None, marks=pytest.mark.slow)])
def test_requalifying_outs_never_exceed_the_bound(ranks):
    best = _outs_by_category(Deck.parse(ranks))
    assert best["pair"] <= 12 and best["straight"] <= 8 and best["flush"] <= 9
    assert best["ace_king"] == 0                    # the highest gone: never an ace-king


@pytest.mark.parametrize("ranks", ["789TJQKA", pytest.param(None, marks=pytest.mark.slow)])
def test_requalifying_outs_with_the_lowest_replaced(ranks):
    """The lowest gone, an ace or a king kept makes an ace-king with the other's four cards:
    16 outs below a straight (WEAK_OUTS), 20 below a flush, reached on these decks."""
    best = _outs_by_category(Deck.parse(ranks), ForceCard.LOWEST)
    assert (best["pair"], best["ace_king"], best["below_straight"], best["below_flush"]) == (12, 4, 16, 20)
    assert best["straight"] <= 8 and best["flush"] <= 9


def test_bound_per_class():
    assert max_requalifying_wins(hand_value(parse_cards("Ac Kd 9h 5s 3c")), QUALIFY) == 0
    assert max_requalifying_wins(hand_value(parse_cards("Ac Ad Kh Ks 3c")), QUALIFY) == 12
    assert max_requalifying_wins(hand_value(parse_cards("5c 6d 7h 8s 9c")), QUALIFY) == 20
    assert max_requalifying_wins(hand_value(parse_cards("Ac Jc 9c 5c 3c")), QUALIFY) == 29
    lowest = {text: max_requalifying_wins(hand_value(parse_cards(text)), QUALIFY, ForceCard.LOWEST)
              for text in ("Ac Qd 9h 5s 3c", "Ac Kd 9h 5s 3c", "Ac Ad Kh Ks 3c", "5c 6d 7h 8s 9c")}
    assert lowest == {"Ac Qd 9h 5s 3c": 0, "Ac Kd 9h 5s 3c": 4, "Ac Ad Kh Ks 3c": 16, "5c 6d 7h 8s 9c": 20}


def test_full_deck_worst_case_two_pair_never_gains_by_forcing():
    """Two pair with an ace-king second combination under L8=even-money sits on the bound
    (12 * 7 = 42 * 2); walking every replacement shows forcing still does not gain."""
    rules = load_rules("lunar").resolve(interpret={"L8": "even-money"})
    player = parse_cards("Kc Kd Qh Qs Ac")
    win = rules.ante_win + 2 * 3
    assert never_gains(hand_value(player), QUALIFY, win, 1, 1, 42)
    for dealer in ("2c 3d 4h 6s Jc", "2c 3c 4c 6c Jd", "7c 8d 9h Ts 2d", "2h 4d 6c 8s Th"):
        dealer = parse_cards(dealer)
        assert hand_value(dealer) < QUALIFY
        unseen = [c for c in range(52) if c not in player and c not in dealer]
        force = sum(settle(rules, player, dealer, "force", c) for c in unseen)
        assert len(unseen) == 42 and force <= 42 * settle(rules, player, dealer, "play")


@pytest.mark.parametrize("ranks", ["3579J", pytest.param("9TJQKA", marks=pytest.mark.slow)])
def test_a_hand_the_bound_skips_is_never_forced_by_the_brute_force(ranks):
    rules = load_rules("lunar").resolve()
    deck = Deck.parse(ranks)
    oracle, walked = walk(rules, deck)
    m = len(deck) - 10
    skipped = 0
    for player, key, ups, play, fold, forced, instant in walked:
        value = hand_value(player)
        win = rules.ante_win + 2 * oracle.pays(player, key)
        if instant is None and never_gains(value, QUALIFY, win, oracle.take(key), 1, m):
            skipped += 1
            assert not forced.any()
    assert skipped > 0
