"""The count simulation: exact dealing, trigger semantics, determinism, and its intervals."""

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from combin.baccarat.enumeration import Round, enumerate_rounds
from combin.baccarat.shoe import Shoe
from combin.errors import CombinError
from combin.protection import chunks
from combin.protection import simulate as sim
from combin.protection.settlement import settlement, state_index
from combin.protection.simulate import (CHUNK, make_plan, parse_burn, parse_tags, parse_triggers,
                                        play_shoe, run_chunks, simulate)

STATE_OF = {state_index(pc, pt, bc, bt): Round(pc, pt, bc, bt)
            for pc in (2, 3) for pt in range(10) for bc in (2, 3) for bt in range(10)}
DRAGON7 = (0, 0, 0, 0, -1, -1, -1, -1, 2, 2)


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


def flat(wager, shoes=1200, workers=1, seed=3, **options):
    return simulate(wager, tags=DRAGON7, triggers=parse_triggers("always,0,3"), true_count=True,
                    shoes=shoes, seed=seed, workers=workers, **options)


def test_a_seed_gives_the_same_result_whatever_the_number_of_workers():
    one = flat("eclipse.sun7", workers=1)
    two = flat("eclipse.sun7", workers=2)
    assert one.sums == two.sums and one.triggers == two.triggers
    assert flat("eclipse.sun7", shoes=CHUNK, seed=4).sums != flat("eclipse.sun7", shoes=CHUNK).sums
    assert one.shoes == 1200 and one.rounds == one.sums["rounds"]


@pytest.mark.parametrize("wager, options", [("eclipse.sun7", {}), ("baccarat.banker", {}),
                                            ("baccarat.player", {})])
def test_betting_every_round_recovers_the_exact_off_the_top_edge(wager, options):
    result = flat(wager, shoes=1500, **options)
    always = result.triggers[0]
    assert always.trigger is None and always.bets == result.rounds
    assert always.return_when_betting.contains(result.expected_return)
    assert always.win_per_100_rounds.contains(100 * result.expected_return)


def test_trigger_semantics_with_a_count_that_never_moves():
    # With every tag 0 the count stays 0: trigger 0 bets every round, exactly like
    # 'always'; trigger 1 never bets.
    result = simulate("eclipse.moon8", tags=(0,) * 10, triggers=parse_triggers("1,always,0"),
                      shoes=CHUNK, seed=5)
    always, zero, one = result.triggers
    assert (always.trigger, zero.trigger, one.trigger) == (None, 0, 1)
    assert result.sums["triggers"][0] == result.sums["triggers"][1]
    assert one.bets == 0 and one.return_when_betting is None and one.win_per_shoe.value == 0


def test_suggested_tags_are_the_eor_suggestion():
    result = simulate("eclipse.sun7", triggers=(None,), shoes=10)
    assert result.plan.tags == DRAGON7 and "suggested" in result.tags_source


def test_an_interrupted_run_keeps_the_finished_chunks(monkeypatch):
    calls = []
    real = sim.play_chunk

    def stop_on_second(job):
        calls.append(job[1])
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(job)

    monkeypatch.setattr(chunks, "play_chunk", stop_on_second)
    result = flat("eclipse.sun7", shoes=4 * CHUNK)
    assert result.interrupted and result.shoes == CHUNK and result.requested == 4 * CHUNK


def test_parse_tags():
    assert parse_tags("0,0,0,0,-1,-1,-1,-1,2,2") == DRAGON7
    assert parse_tags("4=-1,5=-1,6=-1,7=-1,8=2,9=+2") == DRAGON7
    assert parse_tags("k=1,T=1,a=-1") == (1, -1, 0, 0, 0, 0, 0, 0, 0, 0)


@pytest.mark.parametrize("text, words", [
    ("1,2,3", "ten integers"), ("A=1,x", "mixes"), ("Z=1", "unknown rank"), ("T=1,K=2", "two tags"),
    ("A=1.5", "whole number"), ("", "empty"), ("A=5000", "within"),
])
def test_bad_tags(text, words):
    with pytest.raises(CombinError, match=words):
        parse_tags(text)


def test_parse_triggers():
    assert parse_triggers("3, always,-1,2.5") == (None, -1, Fraction(5, 2), 3)
    for bad, words in (("x", "number or 'always'"), ("1,,2", "empty"), ("1,1.0", "twice")):
        with pytest.raises(CombinError, match=words):
            parse_triggers(bad)


@pytest.mark.parametrize("options, words", [
    ({"cut": 4}, "--cut-card"), ({"burn": "x"}, "--burn"), ({"seed": -1}, "--seed"),
    ({"decks": 1, "cut": 40}, "no room"), ({"decks": 0}, "at least 1"),
    ({"triggers": ()}, "trigger"), ({"decks": 65}, "at most 64 decks"),
])
def test_bad_plans(options, words):
    settled = settlement("eclipse.sun7", 1)
    arguments = {"tags": DRAGON7, "triggers": (None,), **options}
    with pytest.raises(CombinError, match=words):
        make_plan("eclipse.sun7", settled=settled, **arguments)


def test_bad_run_sizes():
    plan = make_plan("eclipse.sun7", tags=DRAGON7, triggers=(None,),
                     settled=settlement("eclipse.sun7", 8))
    for shoes, workers, words in ((0, 1, "--shoes"), (10, 0, "--workers"), ("x", 1, "--shoes")):
        with pytest.raises(CombinError, match=words):
            run_chunks(plan, shoes, workers)
    assert parse_burn("FACE") == "face" and parse_burn("3") == 3
