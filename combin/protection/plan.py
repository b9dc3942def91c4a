"""The plan of a count simulation: everything a worker needs to deal and settle shoes.

:func:`make_plan` checks every option (:mod:`combin.protection.count_options`)
and freezes it with the wager's integer payouts per round state
(:mod:`combin.protection.settlement`) into a picklable :class:`Plan`.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from combin.baccarat.shoe import PER_DECK, parse_decks
from combin.errors import CombinError
from combin.protection.count_options import (DEFAULT_CUT, MAX_DECKS, MIN_CUT, parse_burn,
                                             whole)
from combin.protection.settlement import Settlement

__all__ = ["Plan", "make_plan"]


@dataclass(frozen=True)
class Plan:
    """Everything a worker needs to deal and settle shoes (picklable)."""

    wager: str
    decks: int
    cut: int
    burn: str | int       # "face" or a whole number of cards
    tags: tuple[int, ...]
    initial_count: int
    true_count: bool
    triggers: tuple[Fraction | None, ...]  # sorted; None = always
    seed: int
    pay: tuple[int | None, ...]  # scaled payout per state index (None: unreachable)
    scale: int

    @property
    def cards(self) -> tuple[int, ...]:
        return tuple(v for v, n in enumerate(PER_DECK) for _ in range(n * self.decks))

    @property
    def thresholds(self) -> tuple[tuple[int, int], ...]:
        """``(a, b)`` per trigger: bet when ``count · a >= b · remaining`` (see the module)."""
        per = 52 if self.true_count else 1
        return tuple((0, 0) if t is None else (per * t.denominator, t.numerator)
                     for t in self.triggers)


def make_plan(wager_id: str, *, decks: object = 8, cut: object = DEFAULT_CUT,
              burn: object = "face", tags: Sequence[int],
              triggers: Sequence[Fraction | None], true_count: bool = False,
              initial_count: object = 0, seed: object = 1,
              settled: Settlement) -> Plan:
    """Check every option and build the :class:`Plan`; ``settled`` is a Settlement."""
    shoe_decks: int = parse_decks(decks)
    if shoe_decks > MAX_DECKS:
        raise CombinError(f"the simulation deals shoes of at most {MAX_DECKS} decks, "
                          f"not {shoe_decks}")
    behind = whole(cut, "--cut-card", MIN_CUT)
    burned = parse_burn(burn)
    chosen_seed = whole(seed, "--seed", 0, 2**63 - 1)
    start = whole(initial_count, "--initial-count", -10**9, 10**9)
    most_burned = 11 if isinstance(burned, str) else burned
    if shoe_decks * 52 - most_burned - behind < 6:
        raise CombinError(f"{shoe_decks * 52} cards less {most_burned} burned and {behind} behind "
                          "the cut card leave no room for a round")
    if len(tags) != 10:
        raise CombinError("a count needs a tag for each of the ten point values")
    if not triggers:
        raise CombinError("give at least one trigger")
    return Plan(wager_id, shoe_decks, behind, burned, tuple(tags), start, bool(true_count),
                tuple(triggers), chosen_seed, settled.scaled, settled.scale)
