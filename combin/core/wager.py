"""Wagers: a paytable over named events of an outcome space.

An :class:`Event` is a named predicate on an outcome (a baccarat round's final
state, a poker hand's features).  A :class:`Wager` is the list of events its
paytables may name, the regulation it implements and the interpretations it
reads.  :func:`settle` turns an outcome space and a paytable into exact counts
per paytable line -- the only place where an outcome meets a pay -- and knows
no game.

>>> from combin.registry import find_wager
>>> game, wager = find_wager("baccarat.tie")
>>> isinstance(wager, Wager), isinstance(wager.event("tie"), Event), "tie" in wager.event_ids
(True, True, True)
>>> space, paytable = game.space(decks=8), game.paytables[("baccarat.tie", "8to1")]
>>> lines, loss = settle(wager, paytable, space, {})
>>> [(event.id, pay.text) for event, pay, _ in lines], sum(count for *_, count in lines) + loss == space.cycle
([('tie', '8 to 1')], True)
>>> payouts = payout_table(wager, paytable, space, {})
>>> sum(count * payouts[outcome] for outcome, count in space.items()) * 10**4 // space.cycle
-1436
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from combin.errors import CombinError
from combin.core.pays import LOSS, Pay

if TYPE_CHECKING:
    from combin.core.outcomes import OutcomeSpace
    from combin.core.paytable import Paytable

__all__ = ["Event", "Wager", "Lookup", "settle", "payout_table"]

#: ``lookup(wager id, paytable id)``: another paytable a wager's lines may read, or None.
Lookup = Callable[[str, str], "Paytable | None"]
#: The interpretations in force: id -> value.
Chosen = Mapping[str, str]


@dataclass(frozen=True)
class Event:
    """A named predicate: ``holds(outcome, interpretations) -> bool``.

    ``interpretations`` is a mapping of interpretation id to the value in force,
    for events whose meaning depends on a reading of the regulation.
    """

    id: str
    description: str
    holds: Callable[[Any, Chosen], bool] = field(repr=False, compare=False)


@dataclass(frozen=True)
class Wager:
    """A wager of a game: its events, regulation and interpretations.

    ``lines`` (optional) maps ``(paytable, interpretations, lookup, outcomes)``
    to the lines actually settled, ``(event id or Event, Pay)`` in order: for a
    wager whose paid events depend on another wager's paytable (Eclipse under
    ``E1=paid-rows``; ``lookup(wager_id, paytable_id)`` returns that other
    paytable or ``None``) or on a reading that combines lines (a Super hand paid
    on every line it fits).  ``otherwise`` is the description and pay of an
    outcome no line pays: a loss, unless the wager says otherwise (an Ante
    instant payout that does not happen leaves the Ante in play).  ``ruled`` marks a
    main-game wager, tabulated under every rule set of its game.  ``reported_in``
    names the report that carries a wager which is part of another (the Lunar
    Ante instant payout is part of the Ante: ``combin game lunar`` reports it);
    ``combin tables`` gives such a wager no sheet of its own.
    """

    id: str
    title: str
    game: str
    regulation: str
    events: tuple[Event, ...]
    default_paytable: str
    interpretations: tuple[str, ...] = ()
    stake: str = "per unit staked"
    note: str = ""
    ruled: bool = False
    lines: Callable[[Paytable, Chosen, Lookup | None, OutcomeSpace],
                    Sequence[tuple[str | Event, Pay]]] | None = field(
        default=None, repr=False, compare=False)
    otherwise: tuple[str, Pay] = ("Any other outcome", LOSS)
    reported_in: str = ""

    def event(self, event_id: str) -> Event:
        for event in self.events:
            if event.id == event_id:
                return event
        raise CombinError(f"{self.id} has no event '{event_id}'")

    @property
    def event_ids(self) -> set[str]:
        return {event.id for event in self.events}


def _settled_rows(wager: Wager, paytable: Paytable, chosen: Chosen, lookup: Lookup | None,
                  outcomes: OutcomeSpace) -> list[tuple[Event, Pay]]:
    """The ``(event, pay)`` rows a round is settled against, in paytable order."""
    if wager.lines is not None:
        paid = wager.lines(paytable, chosen, lookup, outcomes)
    else:
        paid = paytable.lines
    own = {event.id: event for event in paytable.events}   # a user file's own events
    return [(event if isinstance(event, Event) else own.get(event) or wager.event(event), pay)
            for event, pay in paid]


def _first_line(rows: Sequence[tuple[Event, Pay]], outcome: Hashable,
                chosen: Chosen) -> int | None:
    """Index of the first row whose event ``outcome`` meets, or ``None`` (a loss)."""
    for index, (event, _) in enumerate(rows):
        if event.holds(outcome, chosen):
            return index
    return None


def settle(wager: Wager, paytable: Paytable, outcomes: OutcomeSpace,
           interpretations: Iterable[tuple[str, str]], lookup: Lookup | None = None
           ) -> tuple[list[tuple[Event, Pay, int]], int]:
    """Exact counts per settled line.

    Returns ``(lines, loss)``: ``lines`` is a list of ``(event, pay, count)`` in
    paytable order and ``loss`` the count of outcomes no line pays.  Each
    outcome is settled by the first line whose event holds, so the counts are a
    partition of the outcome space and add up to its total exactly.
    """
    chosen = dict(interpretations)
    rows = _settled_rows(wager, paytable, chosen, lookup, outcomes)
    counts = [0] * len(rows)
    loss = 0
    for outcome, count in outcomes.items():
        index = _first_line(rows, outcome, chosen)
        if index is None:
            loss += count
        else:
            counts[index] += count
    return [(event, pay, count) for (event, pay), count in zip(rows, counts)], loss


def payout_table(wager: Wager, paytable: Paytable, outcomes: OutcomeSpace,
                 interpretations: Iterable[tuple[str, str]], lookup: Lookup | None = None
                 ) -> dict[Hashable, Fraction]:
    """``{outcome: net payout per unit staked}`` over an outcome space.

    Each outcome is settled exactly as :func:`settle` settles it -- the first
    paytable line whose event holds, else the wager's ``otherwise`` pay (a loss
    for most wagers) -- so the payouts weighted by
    the outcome counts give the par sheet's expected return exactly.  This is
    what a joint analysis of several wagers on one round needs: the same
    outcome, settled under each wager.
    """
    chosen = dict(interpretations)
    rows = _settled_rows(wager, paytable, chosen, lookup, outcomes)
    otherwise = wager.otherwise[1].net
    table = {}
    for outcome, _ in outcomes.items():
        index = _first_line(rows, outcome, chosen)
        table[outcome] = otherwise if index is None else rows[index][1].net
    return table
