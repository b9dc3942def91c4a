"""A wager's exact net payout for every round state, settled once by the engine.

A simulation deals rounds card by card and must settle millions of them; it
must not re-implement a wager's rules.  :func:`payout_table` therefore takes
the settlement the par-sheet engine uses (:func:`combin.core.analysis.payouts`,
with the user's paytable, rule set and interpretations) for each possible
final :class:`~combin.baccarat.enumeration.Round` and returns the table
``Round -> Fraction``.

:class:`Settlement` also carries the same table scaled to integers (every
payout times the least common multiple of the pay denominators, 20 for the
Banker's 19 to 20), indexed for a fast dealer, and checks itself: the
table's payouts weighted by the exact round counts of the full shoe give
exactly the expected return of that shoe's par sheet.

>>> settled = settlement("eclipse.sun7", 8)
>>> isinstance(settled, Settlement), STATES, 0 <= state_index(2, 5, 2, 7) < STATES
(True, 400, True)
"""

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Any

from combin.core.analysis import Selection
from combin.core.outcomes import OutcomeSpace
from combin.core.parsheet import ParSheet
from combin.protection.decks import protected

__all__ = ["Settlement", "payout_table", "settlement", "state_index", "STATES"]

#: Size of the dense index of round states: (cards - 2) x total x (cards - 2) x total.
STATES = 400


def state_index(player_cards: int, player_total: int, banker_cards: int,
                banker_total: int) -> int:
    """The dense index of a round state, 0..399."""
    return (player_cards - 2) * 200 + player_total * 20 + (banker_cards - 2) * 10 + banker_total


def payout_table(chosen: Selection, states: Sequence[Hashable]) -> dict[Any, Fraction]:
    """``{Round: exact net payout}`` for ``states``, each settled by the par-sheet engine
    under the :class:`~combin.core.analysis.Selection` ``chosen``."""
    space = OutcomeSpace({state: 1 for state in states}, len(states), "round states",
                         "round states", game=chosen.game.id)
    return chosen.payouts(space)


@dataclass(frozen=True)
class Settlement:
    """Payouts per round state: exact, and scaled to integers for the dealer.

    ``scaled[state_index(...)]`` is the net payout times ``scale`` (an int), or
    ``None`` for a state the shoe cannot deal.
    """

    payouts: dict[Any, Fraction]
    scale: int
    scaled: tuple[int | None, ...]
    sheet: ParSheet    # the full shoe's, for the off-the-top figures

    @property
    def expected_return(self) -> Fraction:
        return self.sheet.summary.expected_return

    @property
    def house_edge(self) -> Fraction:
        return self.sheet.summary.house_edge


def settlement(wager: Selection | str, decks: int, **options: Any) -> Settlement:
    """The :class:`Settlement` of ``wager`` for rounds dealt from ``decks`` full decks.

    ``wager`` is a :class:`~combin.core.analysis.Selection`, or a wager id resolved
    once with ``options`` (:func:`combin.core.analysis.select`'s).

    The states are those the exact enumeration of the full shoe reaches (every
    state any part of that shoe can deal).  Raises AssertionError if the table
    does not reproduce the par sheet's expected return exactly.
    """
    chosen = protected(wager, **options)
    space = chosen.game.outcomes(decks=decks)
    sheet = chosen.sheet(space)
    payouts = payout_table(chosen, list(space.counts))
    total = sum((count * payouts[state] for state, count in space.counts.items()), Fraction(0))
    if total / space.cycle != sheet.summary.expected_return:
        raise AssertionError("the per-state payouts do not reproduce the par sheet")
    scale = lcm(*(p.denominator for p in payouts.values()))
    scaled: list[int | None] = [None] * STATES
    for state, payout in payouts.items():
        scaled[state_index(*state)] = int(payout * scale)
    return Settlement(payouts, scale, tuple(scaled), sheet)
