"""The skill mix: the exact house edge of a few strategies players follow, and a casino's weighted hold.

Each strategy is a choice of candidate action per cell of a strategy pass
(:mod:`combin.stud.game.human`), so its figure is a sum of the pass's integers, exact:

==================  ===============================================================================
``never-draw``      never draw: play a pair or better (every made hand too), fold the rest
``pair-then-card``  play any pair or better; with less, draw (or fold) as the card says
``card``            the strategy card (:func:`combin.stud.game.skill.search`)
``optimal``         optimal play, situation by situation
==================  ===============================================================================

The weighted hold of a mix (``{strategy: share}``, shares adding up to 1) is the shares' sum of
the house edges; with the mandatory Super on the player's own hand at ``k`` x Ante the round's
house edge per Ante adds ``k`` x the Super's house edge per unit (settled on the first five,
whatever the player does after), and per unit of initial wagers divides by ``1 + k``.

>>> parse_mix("optimal=0.05,card=0.6,never-draw=0.35")
{'optimal': Fraction(1, 20), 'card': Fraction(3, 5), 'never-draw': Fraction(7, 20)}
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from combin.errors import CombinError
from combin.stud.game.features import FEATURES
from combin.stud.game.round import side_mean

__all__ = ["STRATEGIES", "strategy_values", "parse_mix", "super_edge", "PAIR_OR_BETTER"]

#: The named strategies, in the order a table lists them (least skill first).
STRATEGIES = ("never-draw", "pair-then-card", "card", "optimal")

#: The plain hands a pair or better is (the made hands and every pair): their indices in FEATURES.
PAIR_OR_BETTER = frozenset(i for i, f in enumerate(FEATURES) if f.split("/")[0] not in ("ace_king", "high_card"))


def _covering(grid: Any, plan: Any, i: int, j: int) -> str:
    for rule in plan.rules:
        if rule.covers(grid, i, j):
            return str(rule.action)
    raise CombinError("the card's rules do not cover every cell")


def strategy_values(grid: Any, plan: Any) -> dict[str, int]:
    """``weight x value`` summed over every cell under each of :data:`STRATEGIES` (numerators over the
    pass's denominator; the card is ``plan``)."""
    never = by_card = 0
    for i, hand in enumerate(grid.hands):
        strong = hand[0] in PAIR_OR_BETTER
        for j in range(len(grid.ups)):
            cell = (i, i, j, j)
            found = grid.value(cell, "play" if strong else "fold")
            if found is None:
                raise CombinError(f"a cell lacks {'play' if strong else 'fold'}")
            never += found
            action = "play" if strong else _covering(grid, plan, i, j)
            value = grid.value(cell, action)
            if value is None:
                raise CombinError(f"a cell lacks {action}")
            by_card += value
    return {"never-draw": never, "pair-then-card": by_card, "card": plan.value, "optimal": grid.best_total}


def parse_mix(text: str) -> dict[str, Fraction]:
    """``--mix NAME=SHARE,...``: shares of :data:`STRATEGIES`, exact decimals or fractions adding up to 1.

    >>> parse_mix("card=1/3,optimal=2/3")
    {'card': Fraction(1, 3), 'optimal': Fraction(2, 3)}
    """
    if len(text) > 400:
        raise CombinError("--mix is too long")
    shares: dict[str, Fraction] = {}
    for part in text.split(","):
        name, sep, value = part.strip().partition("=")
        if not sep or name not in STRATEGIES:
            raise CombinError(f"--mix: {part.strip()[:40]!r} is not STRATEGY=SHARE (strategies: {', '.join(STRATEGIES)})")
        if name in shares:
            raise CombinError(f"--mix names {name} twice")
        try:
            share = Fraction(value.strip()[:30])
        except (ValueError, ZeroDivisionError):
            raise CombinError(f"--mix: the share of {name} is not a number ({value.strip()[:30]!r})") from None
        if share < 0:
            raise CombinError(f"--mix: the share of {name} is negative")
        shares[name] = share
    if sum(shares.values()) != 1:
        raise CombinError(f"--mix: the shares add up to {sum(shares.values())}, not 1")
    return shares


def super_edge(rules: Any, deck: Any, totals: Any) -> Fraction | None:
    """The house edge per unit of the mandatory Super on the player's own hand (minus its mean), from a
    run's sums by the Super's key where it keeps them, else the wager's own mean; ``None`` for a
    game with no such wager."""
    mean = side_mean(rules, totals, deck)
    return None if mean is None else -mean
