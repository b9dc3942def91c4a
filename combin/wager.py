"""Wagers: a paytable over named events of an outcome space.

An :class:`Event` is a named predicate on an outcome (a baccarat round's final
state, a poker hand's features).  A :class:`Wager` is the list of events its
paytables may name, the regulation it implements and the interpretations it
reads.  :func:`settle` turns an outcome space and a paytable into exact counts
per paytable line -- the only place where an outcome meets a pay -- and knows
no game.
"""

from dataclasses import dataclass, field

from combin.errors import CombinError

__all__ = ["Event", "Wager", "settle"]


@dataclass(frozen=True)
class Event:
    """A named predicate: ``holds(outcome, interpretations) -> bool``.

    ``interpretations`` is a mapping of interpretation id to the value in force,
    for events whose meaning depends on a reading of the regulation.
    """

    id: str
    description: str
    holds: object = field(repr=False, compare=False)


@dataclass(frozen=True)
class Wager:
    """A wager of a game: its events, regulation and interpretations.

    ``lines`` (optional) maps ``(paytable, interpretations, lookup)`` to the
    lines actually settled, for a wager whose paid events depend on another
    wager's paytable (Eclipse under ``E1=paid-rows``); ``lookup(wager_id,
    paytable_id)`` returns that other paytable (or ``None``).  ``ruled`` marks a
    main-game wager, tabulated under every rule set of its game.
    """

    id: str
    title: str
    game: str
    regulation: str
    events: tuple
    default_paytable: str
    interpretations: tuple = ()
    stake: str = "per unit staked"
    note: str = ""
    ruled: bool = False
    lines: object = field(default=None, repr=False, compare=False)

    def event(self, event_id):
        for event in self.events:
            if event.id == event_id:
                return event
        raise CombinError(f"{self.id} has no event '{event_id}'")

    @property
    def event_ids(self):
        return {event.id for event in self.events}


def settle(wager, paytable, outcomes, interpretations, lookup=None):
    """Exact counts per settled line.

    Returns ``(lines, loss)``: ``lines`` is a list of ``(event, pay, count)`` in
    paytable order and ``loss`` the count of outcomes no line pays.  Each
    outcome is settled by the first line whose event holds, so the counts are a
    partition of the outcome space and add up to its total exactly.
    """
    chosen = dict(interpretations)
    if wager.lines is not None:
        paid = wager.lines(paytable, chosen, lookup)
    else:
        paid = paytable.lines
    rows = [(wager.event(event_id), pay) for event_id, pay in paid]
    counts = [0] * len(rows)
    loss = 0
    for outcome, count in outcomes.items():
        for index, (event, _) in enumerate(rows):
            if event.holds(outcome, chosen):
                counts[index] += count
                break
        else:
            loss += count
    return [(event, pay, count) for (event, pay), count in zip(rows, counts)], loss

