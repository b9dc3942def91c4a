"""combin.stud.draw.advise: the fast exact engine against the naive game-tree oracle.

Every value the engine prints is confirmed here by a second method: the
oracle of :mod:`combin.stud.reference.naive` walks every branch card by card with its
own hand comparison.  Reduced decks keep the walk short; forcing needs 24
cards or more (on TJQKA every dealer hand qualifies).
"""

from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from combin.core.cards import parse_cards
from combin.stud.draw.advise import advise
from combin.stud.reference.cards.advise import price
from combin.stud.reference.cards.engine import Engine
from combin.stud.draw.options import option_keys
from combin.stud.reference.numpy_engine import DealerTable, final_hands
from combin.stud.reference.naive import option_keys as naive_option_keys, option_values
from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from combin.stud.core.situation import Situation
from combin.stud.core.values import QUALIFY, hand_value

RULES = load_rules("lunar").resolve()


def fast_values(situation, rules, keys, prune=True):
    engine = Engine(situation, rules, prune=prune)
    player = list(situation.player)
    found = {}
    for key in keys:
        kind, positions = key[0], key[1] if len(key) > 1 else ()
        found[key] = price(engine, player, kind, positions)
    return found


def naive_key(option, situation):
    positions = tuple(sorted(situation.player.index(card) for card in option.discard))
    return (option.kind,) if option.kind != "exchange" else ("exchange", positions)


@st.composite
def situations(draw, decks=("TJQKA", "9TJQKA")):
    ranks = draw(st.sampled_from(decks))
    deck = [rank * 4 + suit for rank in ("23456789TJQKA".index(r) for r in ranks) for suit in range(4)]
    cards = draw(st.permutations(deck))[:6]
    return Situation(tuple(cards[:5]), cards[5], Deck.parse(ranks))


@st.composite
def terms(draw):
    return load_rules("lunar").resolve(
        draw(st.sampled_from(["A", "B", "C"])),
        {"L8": draw(st.sampled_from(["push", "even-money"])),
         "L11": draw(st.sampled_from(["best-pair", "first-only"])),
         "L7": draw(st.sampled_from(["ends-round", "continue"]))})


@settings(max_examples=5, deadline=None)
@given(situations(), terms(), st.data())
def test_every_option_equals_the_oracle_on_reduced_decks(situation, rules, data):
    # play and buy always, and one exchange drawn at random (two cards on 24 cards, where
    # the oracle's walk over a bigger exchange takes minutes; forcing is tested below).
    sizes = (2, 3, 4, 5) if len(situation.deck) == 20 else (2,)
    exchanges = [key for key in naive_option_keys(sizes) if key[0] == "exchange"]
    keys = [("fold",), ("play",), ("buy",), data.draw(st.sampled_from(exchanges))]
    slow = option_values(situation, rules, keys)
    if ("instant",) in slow:
        best = advise(situation, rules)
        assert [(o.kind, o.ev) for o in best] == [("instant", slow[("instant",)])]
        return
    assert fast_values(situation, rules, keys) == slow


def test_all_29_options_on_twenty_cards():
    situation = Situation.parse("AS KD TH TC JD", "QS", "TJQKA")
    options = advise(situation, RULES, everything=True)
    assert len(options) == 29 and not any(o.bound for o in options)
    slow = option_values(situation, RULES)
    assert {naive_key(o, situation): o.ev for o in options} == slow
    assert options[0].kind == "buy" and options[0].ev == Fraction(41221, 10010)
    assert [o.ev for o in options] == sorted((o.ev for o in options), reverse=True)
    # without --all: the best and the runner-up exact, every other option at most its bound
    pruned = advise(situation, RULES)
    exact = [o for o in pruned if not o.bound]
    assert [(o.kind, o.ev) for o in exact[:2]] == [(o.kind, o.ev) for o in options[:2]]
    assert all(slow[naive_key(o, situation)] <= o.ev < exact[1].ev for o in pruned if o.bound)


# a full house, quads after a draw, trips (counted as bits), a straight (exact values)
FORCING = [("AS AD 9H 9C 9D", "QS", "9TJQKA"), ("KS KD KH TC TD", "9S", "9TJQKA"),
           ("9S 9D 9H KC QD", "AS", "9TJQKA"), ("9S TD JH QC KD", "AS", "9TJQKA")]


@pytest.mark.parametrize("hand, up, deck", FORCING)
def test_forcing_equals_the_oracle(hand, up, deck):
    situation = Situation.parse(hand, up, deck)
    keys = [("play",), ("buy",), ("exchange", (3, 4))]
    slow = option_values(situation, RULES, keys)
    assert fast_values(situation, RULES, keys) == slow
    assert fast_values(situation, RULES, keys, prune=False) == slow


LOWEST = load_rules("lunar").resolve(interpret={"L10": "replace-lowest-once"})


# L10=replace-lowest-once: 9TJQKA's non-qualifying 9TJQA keeps T J Q A (a king makes a straight);
# on 789TJQKA an ace or a king kept requalifies on the other as ace-king (8 9 J Q A keeps 9 J Q A)
@pytest.mark.parametrize("hand, up, deck", FORCING + [("9S 9D 9H KC AD", "8S", "789TJQKA"),
                                                      ("AS AD AH 7C 8D", "QS", "789TJQKA")])
def test_forcing_the_lowest_card_equals_the_oracle(hand, up, deck):
    situation = Situation.parse(hand, up, deck)
    keys = [("play",), ("buy",), ("exchange", (3, 4))] if deck == "9TJQKA" else [("play",)]
    slow = option_values(situation, LOWEST, keys)
    assert fast_values(situation, LOWEST, keys) == slow
    assert fast_values(situation, LOWEST, keys, prune=False) == slow
    if deck != "9TJQKA":      # ace-king requalifications: the two readings' values differ
        assert slow != option_values(situation, RULES, keys)


def test_forcing_happens_and_changes_the_value():
    # A full house on 9TJQKA forces some non-qualifying dealers: the best option's results
    # show forced rounds, and pricing with L8=even-money still matches the oracle.
    situation = Situation.parse("AS AD 9H 9C 9D", "QS", "9TJQKA")
    best = advise(situation, RULES)[0]
    assert best.results["forced_won"] > 0 and best.results["forced_not_qualified"] > 0
    assert sum(best.results.values()) == 1
    rules = load_rules("lunar").resolve(None, {"L8": "even-money"})
    assert fast_values(situation, rules, [("play",)]) == option_values(situation, rules, [("play",)])


def test_the_forcing_bound_holds_on_every_dealer_hand():
    # No replacement requalifies the dealer as ace-king; at most 12 make a pair; the outs
    # counted by the table equal a direct count with the core's plain hand_value.
    situation = Situation.parse("KS KD 7H 7C 8D", "9S", "789TJQKA")
    table = DealerTable(situation.up, situation.unseen)
    negative, bits, cards, values, masks = table.force_table()["all"]
    bound, pairs = -negative, -table.force_table()["pairs"][0]
    assert pairs.max() <= 12 and len(bound) == int((~table.qualified).sum())
    for row in range(0, len(bound), 97):
        hand = [i for i in range(table.n) if (int(bits[row]) >> i) & 1]
        dealer = [situation.up] + [int(table.cards[i]) for i in hand]
        high = max(dealer, key=lambda card: card >> 2)
        rest = [card for card in dealer if card != high]
        outs = {i: hand_value(rest + [int(table.cards[i])]) for i in range(table.n) if i not in hand}
        outs = {i: v for i, v in outs.items() if v >= QUALIFY}
        assert int(bound[row]) == len(outs)
        assert all(v >= 16 ** 5 for v in outs.values())        # never an ace-king high card
        assert sorted(int(v) for v in values[row] if v >= 0) == sorted(outs.values())
        # the bit masks the engine counts for two pair / trips and for full house / quads
        pairs = sum(1 << i for i, v in outs.items() if v < 2 * 16 ** 5)
        straight_flushes = sum(1 << i for i, v in outs.items() if v >= 8 * 16 ** 5)
        assert masks[(2, 3)][0][row] == pairs and masks[(2, 3)][1][row] == sum(1 << i for i in outs) - pairs
        assert masks[(6, 7)][1][row] == straight_flushes
        assert masks[(6, 7)][0][row] == sum(1 << i for i in outs) - straight_flushes


def test_dealer_table_counts_equal_a_direct_count():
    situation = Situation.parse("KS KD 7H 7C 8D", "9S", "789TJQKA")
    table = DealerTable(situation.up, situation.unseen)
    player_value = hand_value(list(situation.player))
    for drawn in [(), (3,), (0, 5), (1, 2, 20), (4, 9, 14, 19, 25)]:
        # inclusion-exclusion over the drawn cards, as the engine does it
        totals = np.zeros(4, dtype=np.int64)
        low = np.searchsorted(table.levels, [player_value])
        high = np.searchsorted(table.levels, [player_value], side="right")
        for size in range(min(len(drawn), 4) + 1):   # no dealer hand holds five cards
            for subset in combinations(drawn, size):
                got = table.counts(np.array([subset], dtype=np.int64).reshape(1, size), low, high)
                totals += (-1) ** size * np.array([int(x[0]) for x in got])
        direct = np.zeros(4, dtype=np.int64)
        left = [i for i in range(table.n) if i not in drawn]
        for hidden in combinations(left, 4):
            value = hand_value([situation.up] + [int(table.cards[i]) for i in hidden])
            if value < QUALIFY:
                direct[3] += 1
            else:
                direct[0 if value < player_value else 1 if value == player_value else 2] += 1
        assert totals.tolist() == direct.tolist()
        assert direct.sum() == comb(table.n - len(drawn), 4)


def test_instant_payout_alone_or_added():
    situation = Situation.parse("AS KS QS JS TS", "AD", "TJQKA")
    assert [(o.kind, o.ev) for o in advise(situation, RULES)] == [("instant", 1500)]
    rules_b = load_rules("lunar").resolve("B")
    assert advise(situation, rules_b)[0].ev == 1000
    straight_flush = Situation.parse("9H TH JH QH KH", "AD", "9TJQKA")
    assert advise(straight_flush, load_rules("lunar").resolve("B"))[0].ev == 300
    going_on = load_rules("lunar").resolve("C", {"L7": "continue"})
    options = {o.kind: o.ev for o in advise(situation, going_on) if o.kind != "exchange"}
    assert options["fold"] == 1000 - 1
    assert options["play"] == option_values(situation, going_on, [("play",)])[("play",)]


def test_option_keys_follow_the_data():
    keys = option_keys(RULES)
    assert len(keys) == 29
    assert sum(1 for kind, _ in keys if kind == "exchange") == 26
    assert min(len(p) for kind, p in keys if kind == "exchange") == 2   # L12: no one-card exchange


@pytest.mark.slow
@pytest.mark.parametrize("hand, up", [("AS KD 7H 7C 2D", "9S"), ("QS QD 8H 8C 3D", "QC")])
def test_play_on_the_full_deck_equals_the_oracle(hand, up):
    situation = Situation.parse(hand, up)
    keys = [("fold",), ("play",)]
    assert fast_values(situation, RULES, keys) == option_values(situation, RULES, keys)


@pytest.mark.slow
def test_buy_branches_on_the_full_deck_equal_the_oracle():
    # The full-deck buy walks 46 sixth cards, each a full play walk (about half an hour
    # naively); two of its branches are compared exactly, draw by draw.
    from combin.stud.reference.naive import Walker
    situation = Situation.parse("AS KD 7H 7C 2D", "9S")
    engine = Engine(situation, RULES)
    numerators, denominator, _ = engine.play_numerators(list(situation.player), 1)
    walker = Walker(situation, RULES)
    pool = list(situation.unseen)
    for index in (0, 17):
        sixth = pool[index]
        slow = walker.play(list(situation.player) + [sixth], [c for c in pool if c != sixth])
        assert Fraction(int(numerators[index]), denominator) == slow


def simulate(situation, rules, option, rounds, seed):
    """Play ``rounds`` whole rounds of one option, every choice made as advise makes it.

    After the draw the player plays iff the engine's exact play value of the
    new hand is at least -1 (fold); on a non-qualifying dealer it forces iff
    the mean of :func:`combin.stud.core.rules.settle` over every replacement beats
    taking the Ante pay.  Each round is settled by the core's ``settle``.
    """
    import random
    from combin.stud.core.rules import settle
    engine = Engine(situation, rules)
    player = list(situation.player)
    positions = {situation.player.index(card) for card in option.discard}
    kept = [card for i, card in enumerate(player) if i not in positions]
    size = len(positions) if option.kind == "exchange" else 1 if option.kind == "buy" else 0
    numerators, denominator, _ = engine.play_numerators(kept, size)
    rows = {draw: row for row, draw in enumerate(combinations(range(engine.table.n), size))}
    unseen = list(situation.unseen)
    rng = random.Random(seed)
    results = []
    for _ in range(rounds):
        order = rng.sample(range(len(unseen)), len(unseen))
        drawn = tuple(sorted(order[:size]))
        final = kept + [unseen[i] for i in drawn]
        dealer = [situation.up] + [unseen[i] for i in order[size:size + 4]]
        rest = [unseen[i] for i in order[size + 4:]]
        common = dict(drew=size > 0, first_five=player)
        if option.kind == "fold" or numerators[rows[drawn]] < -denominator:
            results.append(settle(rules, final, dealer, "fold", **common))
            continue
        take = settle(rules, final, dealer, "play", **common)
        if hand_value(dealer) < QUALIFY:
            force = sum(settle(rules, final, dealer, "force", replacement=card, **common)
                        for card in rest) / len(rest)
            if force > take:
                results.append(settle(rules, final, dealer, "force", replacement=rest[0], **common))
                continue
        results.append(take)
    return results


@pytest.mark.parametrize("hand, up, seed", [("AS KD 9H 9C JD", "QS", 12), ("AS AD 9H 9C 9D", "QS", 7)])
def test_a_seeded_simulation_lands_in_its_99_percent_interval(hand, up, seed):
    situation = Situation.parse(hand, up, "9TJQKA")
    best = advise(situation, RULES)[0]
    results = simulate(situation, RULES, best, 3000, seed)
    n = len(results)
    mean = sum(results, Fraction(0)) / n
    variance = sum(((r - mean) ** 2 for r in results), Fraction(0)) / (n - 1)
    half_width = 2.576 * float(variance / n) ** 0.5
    assert abs(float(mean - best.ev)) <= half_width


def test_draw_counts_equal_the_cores_dealer_counter_on_the_full_deck():
    # Two inclusion-exclusions that share nothing: the engine's over the drawn cards, from a
    # per-situation table, and the core's over every seen card, from per-deck tables.
    from combin.stud.nodraw.dealer import dealer_counter
    situation = Situation.parse("AS KD 7H 7C 2D", "9S")
    engine = Engine(situation, RULES)
    counter = dealer_counter(situation.deck)
    table = engine.table
    for kept, size in ((list(situation.player), 0), (list(situation.player), 1),
                       ([situation.player[2], situation.player[3]], 3)):
        _, _, counts = engine.play_numerators(kept, size, detail=True)
        draws, hands, values = final_hands(engine, kept, size)
        rows = np.arange(0, len(draws), max(1, len(draws) // 200))
        seen = np.column_stack([np.broadcast_to(np.array(situation.player), (len(rows), 5)),
                                table.cards[draws[rows]]])
        core = counter.outcomes(seen, np.full(len(rows), situation.up), values[rows])
        ours = np.column_stack([counts["nq"], counts["below"], counts["tied"], counts["above"]])[rows]
        assert (core == ours).all()


@pytest.mark.parametrize("hand, up", [("AS AD AH KC KD", "9S"), ("KS KD KH TC 9D", "AS")])
def test_play_results_add_up_to_its_value(hand, up):
    # Playing keeps the five cards, so every result has one net: the probabilities times
    # the nets (win 2 x pays, loss -3, Ante taken, forced: the fee plus the showdown) must
    # give the value back exactly; and they sum to 1.
    from combin.stud.reference.cards.advise import results_of, option_sums_of
    from combin.stud.core.rules import bet_pay
    situation = Situation.parse(hand, up, "9TJQKA")
    engine = Engine(situation, RULES)
    value, sums = option_sums_of(engine, list(situation.player), "play", (), True)
    results = results_of(engine, sums)
    win = 2 * bet_pay(RULES, list(situation.player))
    take = RULES.ante_not_qualified(hand_value(list(situation.player)))
    nets = {"lose": -3, "push": 0, "ante_taken": take, "forced_won": win - 1, "forced_lost": -4,
            "forced_push": -1, "forced_not_qualified": -1}
    assert sum(results.values()) == 1
    assert any(key.startswith("forced") for key in results)
    total = sum(p * (win if key.startswith("win_") else nets[key]) for key, p in results.items())
    assert total == value


# The distribution of the net, result by result, against the leaves of a brute force
# (tests/stud_draw_oracle.py: every draw, dealer hand and replacement listed and settled).
_DRAW_ORACLES = {}


def _draw_oracle(rules, text):
    from stud_draw_oracle import DrawOracle
    key = (text, rules.readings, None if rules.instant is None else rules.instant.id)
    if key not in _DRAW_ORACLES:
        _DRAW_ORACLES[key] = DrawOracle(rules, Deck.parse(text))
    return _DRAW_ORACLES[key]


@pytest.mark.parametrize("hand, up, deck", FORCING)
def test_result_moments_equal_every_leaf_of_the_brute_force(hand, up, deck):
    """Per result: the leaves, the sum of nets and of squared nets, all equal integers."""
    from stud_draw_oracle import tally
    from combin.stud.reference.cards.advise import option_sums_of, distribution
    situation = Situation.parse(hand, up, deck)
    oracle = _draw_oracle(RULES, deck)
    engine = Engine(situation, RULES)
    player = list(situation.player)
    seen = set()
    for key in (("play", ()), ("buy", ()), ("exchange", (3, 4))):
        _, sums = option_sums_of(engine, player, *key, True)
        whole, found = distribution(engine, sums)
        nets, labels = oracle.leaves(situation.player, situation.up, key)
        assert whole == len(nets)
        assert found == {name: list(entry) for name, entry in tally(nets, labels).items()}
        seen |= set(found)
    # the forced rounds and the Ante pay are among what was compared (the full house
    # of kings forces every dealer who does not qualify, so it never takes the Ante pay)
    assert {"forced_won", "forced_not_qualified"} <= seen
    assert ("ante_taken" in seen) == (hand != "KS KD KH TC TD")


def test_a_fold_and_an_instant_payout_have_one_net():
    from combin.stud.reference.cards.advise import distribution
    assert distribution(None, None) == (1, {"fold": [1, -1, 1]})
    royal = Situation.parse("AS KS QS JS TS", "AD", "TJQKA")
    # L7=ends-round, paytable A: 1,500 to 1, the round's only result
    assert advise(royal, RULES)[0].moments == {"instant": (1, 1500, 1500 ** 2)}


def test_the_best_option_moments_under_l7_continue_equal_the_brute_force():
    """The instant pay (C: 1,000 to 1) is added to every net of the best option."""
    going_on = load_rules("lunar").resolve("C", {"L7": "continue"})
    oracle = _draw_oracle(going_on, "TJQKA")
    for hand, up in (("AS KS QS JS TS", "AD"), ("AS AD AH KC KD", "TS")):
        situation = Situation.parse(hand, up, "TJQKA")
        best = advise(situation, going_on)[0]
        key, found, leaves = oracle.situation(situation.player, situation.up)
        assert (best.kind, tuple(sorted(situation.player.index(c) for c in best.discard))) == key
        assert best.moments == {name: (Fraction(c, leaves), Fraction(s1, leaves), Fraction(s2, leaves))
                                for name, (c, s1, s2) in found.items()}
        assert sum(m for _, m, _ in best.moments.values()) == best.ev


@pytest.mark.parametrize("readings", [{"L8": "even-money", "L11": "first-only"}, {"L11": "first-only"}])
def test_result_moments_under_other_readings_equal_the_brute_force(readings):
    """The Ante paying 1 to 1 on a win; the first combination paid alone."""
    from stud_draw_oracle import tally
    from combin.stud.reference.cards.advise import option_sums_of, distribution
    from combin.stud.core.rules import load_rules as load
    rules = load("lunar").resolve(None, readings)
    situation = Situation.parse("9S 9D 9H KC QD", "AS", "9TJQKA")
    oracle = _draw_oracle(rules, "9TJQKA")
    engine = Engine(situation, rules)
    for key in (("play", ()), ("buy", ())):
        _, sums = option_sums_of(engine, list(situation.player), *key, True)
        whole, found = distribution(engine, sums)
        nets, labels = oracle.leaves(situation.player, situation.up, key)
        assert whole == len(nets)
        assert found == {name: list(entry) for name, entry in tally(nets, labels).items()}
