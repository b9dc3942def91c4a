"""The seeded Monte Carlo: deterministic, worker-independent, and able to fail."""

from fractions import Fraction

from combin.core.analysis import par_sheet
from combin.audit.simulate import CHUNK, confirm, tally
from combin.baccarat import outcomes
from combin.core.analysis import payouts
from combin.baccarat import GAME as BACCARAT
from combin.lunar import GAME as LUNAR


def banker_payouts():
    return payouts("baccarat.banker", space=outcomes(decks=8))[1]


def test_tally_depends_on_the_seed_not_on_the_workers():
    rounds = 2 * CHUNK + 1234
    one = tally(BACCARAT, rounds, 7, workers=1)
    two = tally(BACCARAT, rounds, 7, workers=2)
    assert one == two and sum(one.values()) == rounds
    assert tally(BACCARAT, rounds, 8, workers=1) != one


def test_exact_return_lies_inside_and_a_wrong_one_outside():
    counts = tally(BACCARAT, 200_000, 11, workers=2)
    exact = par_sheet("baccarat.banker").summary.expected_return
    assert confirm(counts, banker_payouts(), exact).inside
    # The Banker paid 1 to 1 without commission would return about +1.2%: far outside.
    assert not confirm(counts, banker_payouts(), exact + Fraction(1, 40)).inside


def test_confirmation_arithmetic_on_a_tally_worked_by_hand():
    counts = {"win": 3, "loss": 1}
    c = confirm(counts, {"win": Fraction(1), "loss": Fraction(-1)}, Fraction(1, 2))
    assert c.rounds == 4 and c.simulated == Fraction(1, 2)
    # Sample variance (4 - 4/4*... ) = (Q - S^2/n)/(n-1) = (4 - 1)/3 = 1; se = sqrt(1/4) = 1/2.
    assert c.standard_error == Fraction(1, 2)
    assert c.inside


def test_lunar_tally_counts_hands():
    counts = tally(LUNAR, 3000, 3, workers=1)
    assert sum(counts.values()) == 3000
    assert all(key in outcomes_lunar_keys() for key in counts)


def outcomes_lunar_keys():
    from combin.lunar import outcome_space
    return outcome_space().counts


def test_tally_is_the_same_here_and_on_a_dask_cluster(dask_cluster):
    """combin audit --scheduler: the rounds are dealt on a real Dask cluster on 127.0.0.1."""
    from combin.running.executor import default_scheduler
    rounds = CHUNK + 999
    here = tally(BACCARAT, rounds, 5, workers=1)
    with default_scheduler(dask_cluster.scheduler_address):
        there = tally(BACCARAT, rounds, 5, workers=1)
    assert here == there and sum(here.values()) == rounds
