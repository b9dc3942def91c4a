"""combin.stud.nodraw.game: the whole game equals a plain brute force on small decks, exactly."""

from math import comb

import numpy as np
import pytest

from combin.errors import CombinError
from combin.core.cards import JACK, KING, QUEEN
from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from combin.stud.nodraw.game import STRATEGIES, whole_game, whole_games

from stud_oracle import qualifies, walk


def thumb(player, key, ups):
    """The published rules of thumb, written from ANCHORS.md's sentence (per up card)."""
    if key[0] >= 1:
        return np.ones(len(ups), dtype=bool)
    if key[1:3] != (12, 11):
        return np.zeros(len(ups), dtype=bool)
    ranks = sorted((c // 4 for c in player), reverse=True)
    return np.array([(u <= QUEEN and u in ranks) or (u >= KING and (QUEEN in ranks or JACK in ranks))
                     or (QUEEN in ranks and u not in ranks and u < ranks[3])
                     for u in (ups // 4).tolist()])


def brute_totals(rules, deck):
    """{strategy: [total numerator, situations played, forced]} by walking everything."""
    oracle, walked = walk(rules, deck)
    totals = {s: [0, 0, 0] for s in STRATEGIES}
    for player, key, ups, play, fold, forced, instant in walked:
        for strategy in STRATEGIES:
            entry = totals[strategy]
            if instant is not None:
                entry[0] += int(instant) * oracle.dealer_hands * oracle.m * len(ups)
                continue
            plays = {"optimal": play > fold, "always": np.ones(len(ups), dtype=bool),
                     "pair": np.full(len(ups), key[0] >= 1),
                     "ace-king": np.full(len(ups), qualifies(key)),
                     "thumb": thumb(player, key, ups),
                     # A-K-J-8-3 or better, compared as rank keys (a pair or better outranks it)
                     "akj83": np.full(len(ups), key >= (0, 12, 11, 9, 6, 1))}[strategy]
            entry[0] += int(play[plays].sum()) + fold * int((~plays).sum())
            entry[1] += int(plays.sum())
            entry[2] += int(forced[plays].sum())
    return totals


# 3579J (20 cards) has no straight and no ace-king: a dealer holding all five ranks does not
# qualify, so forcing is exercised; TJQKA never forces; 9TJQKA (24 cards) forces and has both.
CASES = [("caribbean", {}, None, "JQKA"), ("caribbean", {}, None, "TJQKA"),
         ("lunar", {}, "A", "3579J"),
         # L8 and L11 change what a result pays, not which situations are summed: the default's
         # check under other pays (13 s), make slow's; test_stud_leaf_walker holds both readings
         # to the brute force on seeded classes with draws, test_lunar_bet_exhaustive L11's pays
         pytest.param("lunar", {"L8": "even-money", "L11": "first-only"}, "B", "3579J", marks=pytest.mark.slow),
         pytest.param("caribbean", {}, None, "3579J", marks=pytest.mark.slow),
         pytest.param("lunar", {}, "C", "TJQKA", marks=pytest.mark.slow),
         pytest.param("caribbean", {}, None, "9TJQKA", marks=pytest.mark.slow),
         pytest.param("lunar", {}, "A", "9TJQKA", marks=pytest.mark.slow),
         # 2, 3, 8, J, K, A: ace-king hands on both sides of A-K-J-8-3 (akj83's boundary)
         pytest.param("caribbean", {}, None, "238JKA", marks=pytest.mark.slow),
         # L10=replace-lowest-once: 3579J keeps the four highest; 579JKA's 5 7 9 J A keeps 7 9 J A,
         # which a king requalifies as ace-king (and forces more often than the highest reading)
         ("lunar", {"L10": "replace-lowest-once"}, "A", "3579J"),
         pytest.param("lunar", {"L10": "replace-lowest-once"}, "A", "579JKA", marks=pytest.mark.slow)]


@pytest.mark.parametrize("game,interpret,paytable,ranks", CASES)
def test_whole_game_equals_brute_force_for_every_strategy(game, interpret, paytable, ranks):
    rules = load_rules(game).resolve(paytable, interpret)
    deck = Deck.parse(ranks)
    brute = brute_totals(rules, deck)
    # every strategy from one pass (whole_games), strategy by strategy against the brute force
    found = whole_games(rules, deck, STRATEGIES)
    assert [result.strategy for result in found] == list(STRATEGIES)
    for result in found:
        total, played, forced = brute[result.strategy]
        assert result.situations == comb(len(deck), 5) * (len(deck) - 5)
        assert result.total == total, result.strategy
        assert result.chosen["play"] == played, result.strategy
        assert result.forced == forced, result.strategy
        assert sum(result.lines.values()) == result.cycle
    # a strategy alone (whole_game: a pass of that strategy only) adds what it adds in the pass:
    # the optimal one and the published rules of thumb (the one that reads the up card)
    for strategy in ("optimal", "thumb"):
        alone, shared = whole_game(rules, deck, strategy), found[STRATEGIES.index(strategy)]
        assert (alone.total, alone.chosen, alone.forced, alone.lines) == (
            shared.total, shared.chosen, shared.forced, shared.lines), strategy


def test_forcing_occurs_on_the_small_lunar_deck():
    rules = load_rules("lunar").resolve()
    result = whole_game(rules, Deck.parse("3579J"), "always")
    assert result.forced > 0
    assert {event for event, _, _ in result.lines} >= {"forced_win", "forced_lose", "not_qualified"}


def test_bad_strategy_and_decks():
    rules = load_rules("caribbean").resolve()
    with pytest.raises(CombinError, match="unknown strategy"):
        whole_game(rules, Deck.parse("TJQKA"), "sometimes")
    with pytest.raises(CombinError, match="needs"):
        whole_game(load_rules("lunar").resolve(), Deck.parse("JQ"), "optimal")
    with pytest.raises(CombinError, match="L7"):
        whole_game(load_rules("lunar").resolve(interpret={"L7": "continue"}), Deck.parse("TJQKA"))


def test_akj83_plays_exactly_the_hands_from_a_k_j_8_3_up():
    """The published A-K-J-8-3 strategy (ANCHORS.md) on a deck whose ace-king hands fall on both
    sides of it: the situations it plays are counted here from the hands themselves (rank keys,
    compared as tuples), apart from the engine's hand values; the full brute force of this deck
    is in ``make slow``."""
    from itertools import combinations
    from stud_oracle import rank_key
    rules = load_rules("caribbean").resolve()
    deck = Deck.parse("238JKA")
    hands = list(combinations(deck.cards, 5))
    played = sum(rank_key(list(hand)) >= (0, 12, 11, 9, 6, 1) for hand in hands) * (len(deck) - 5)
    pair = sum(rank_key(list(hand))[0] >= 1 for hand in hands) * (len(deck) - 5)
    result = whole_game(rules, deck, "akj83")
    assert result.chosen["play"] == played == 710_676 and pair == 691_296 < played
