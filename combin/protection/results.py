"""The estimates of a count simulation, per trigger, from its exact integer sums.

:func:`estimates` turns the sums of :mod:`combin.protection.chunks` into
exact ratio estimates with Decimal confidence intervals
(:mod:`combin.protection.estimate`); :class:`CountResult` carries them with
the plan and the off-the-top figures.
"""

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from combin.protection.estimate import Estimate, mean, ratio
from combin.protection.plan import Plan

__all__ = ["TriggerResult", "CountResult", "estimates"]


@dataclass(frozen=True)
class TriggerResult:
    """Estimates for one trigger (None where nothing was bet)."""

    trigger: Fraction | None   # None: always
    bets: int
    bets_per_shoe: Estimate | None
    bet_frequency: Fraction | None      # of the rounds dealt, those bet
    return_when_betting: Estimate | None  # per unit bet, for the bettor
    win_per_shoe: Estimate | None
    win_per_100_rounds: Estimate | None


@dataclass(frozen=True)
class CountResult:
    """A finished (or interrupted) simulation with its exact sums and estimates."""

    plan: Plan
    title: str
    paytable: str
    rules: str | None
    interpretations: str
    requested: int
    shoes: int
    rounds: int
    sums: dict[str, Any]
    expected_return: Fraction  # off the top, exact
    house_edge: Fraction
    tags_source: str
    triggers: tuple[TriggerResult, ...]
    interrupted: bool = False


def estimates(plan: Plan, sums: dict[str, Any]) -> tuple[TriggerResult, ...]:
    """The :class:`TriggerResult` of each trigger from the exact sums."""
    n, scale = sums["shoes"], plan.scale
    results = []
    for trigger, s in zip(plan.triggers, sums["triggers"]):
        if n == 0:
            results.append(TriggerResult(trigger, 0, None, None, None, None, None))
            continue
        results.append(TriggerResult(
            trigger, s["bets"], mean(n, s["bets"], s["bets_sq"]),
            Fraction(s["bets"], sums["rounds"]) if sums["rounds"] else None,
            ratio(n, s["wins"], s["bets"], s["wins_sq"], s["bets_sq"], s["wins_bets"],
                  Fraction(1, scale)),
            mean(n, s["wins"], s["wins_sq"], scale),
            ratio(n, s["wins"], sums["rounds"], s["wins_sq"], sums["rounds_sq"], s["wins_rounds"],
                  Fraction(100, scale))))
    return tuple(results)
