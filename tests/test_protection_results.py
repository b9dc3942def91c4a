"""Estimates from exact sums: nothing bet gives no estimate, never a division by zero."""

from fractions import Fraction

from combin.protection.results import estimates


class Plan:
    triggers = (None, Fraction(3))
    scale = 20


def _sums(shoes, rounds, per_trigger):
    return {"shoes": shoes, "rounds": rounds, "rounds_sq": rounds * rounds // max(shoes, 1),
            "triggers": per_trigger}


def test_no_shoe_dealt_gives_no_estimate():
    empty = {"wins": 0, "wins_sq": 0, "bets": 0, "bets_sq": 0, "wins_bets": 0, "wins_rounds": 0}
    found = estimates(Plan, _sums(0, 0, [dict(empty), dict(empty)]))
    assert [(t.bets, t.return_when_betting) for t in found] == [(0, None), (0, None)]


def test_the_bet_frequency_is_an_exact_ratio():
    one = {"wins": -20, "wins_sq": 400, "bets": 10, "bets_sq": 100, "wins_bets": -200,
           "wins_rounds": -200}
    found = estimates(Plan, _sums(1, 10, [one, dict(one, bets=5, bets_sq=25, wins_bets=-100)]))
    assert found[0].bet_frequency == 1 and found[1].bet_frequency == Fraction(1, 2)
    # Scaled payouts: -20 / 20 = -1 unit over 10 bets.
    assert found[0].return_when_betting.value == Fraction(-1, 10)
