"""The count simulation run end to end: betting every round recovers the exact edge; suggested tags."""


import pytest

from combin.protection.simulate import CHUNK, parse_triggers, simulate

DRAGON7 = (0, 0, 0, 0, -1, -1, -1, -1, 2, 2)


def flat(wager, shoes=1200, workers=1, seed=3, **options):
    return simulate(wager, tags=DRAGON7, triggers=parse_triggers("always,0,3"), true_count=True,
                    shoes=shoes, seed=seed, workers=workers, **options)


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
