"""The par-sheet engine: one wager, one paytable, one outcome space.

:func:`build` settles every outcome of an :class:`~combin.core.outcomes.OutcomeSpace`
against a paytable (see :func:`combin.core.wager.settle`) and returns a
:class:`ParSheet`: one :class:`Line` per distinct result (highest pay first,
the catch-all loss last) with its exact combinations, and everything a
laboratory reads off a par sheet -- expected return, house edge, hit and push
frequency, variance, standard deviation, volatility index and the range of
hold.

Why the figures are exact: combinations are Python integers that partition
the cycle; a probability is ``Fraction(combinations, cycle)``, one exact
division; return, variance and frequencies are sums of products of such
fractions with exact net payouts.  Only the standard deviation and the risk
figures derived from it are irrational; they are computed from the exact
variance in 40-digit decimal arithmetic (:mod:`combin.core.risk`).

The engine knows no game: it sees events, pays and counts.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from functools import cached_property
from typing import Any

from combin.files import display
from combin.version import __version__
from combin.core.outcomes import OutcomeSpace
from combin.core.paytable import Paytable
from combin.core.risk import Risk, risk
from combin.core.wager import Lookup, Wager, settle

__all__ = ["Line", "Summary", "ParSheet", "build"]


@dataclass(frozen=True)
class Line:
    """One line of a par sheet: an event, its pay and its exact combinations."""

    event_id: str
    event: str
    pays: str
    payout: Fraction
    combinations: int


@dataclass(frozen=True)
class Summary:
    """Exact summary figures per unit staked (``sd`` is a 40-digit Decimal)."""

    cycle: int
    expected_return: Fraction
    house_edge: Fraction
    return_to_player: Fraction
    hit_frequency: Fraction
    push_frequency: Fraction
    edge_excluding_pushes: Fraction | None  # None when the wager never pushes
    variance: Fraction
    sd: Decimal


@dataclass(frozen=True)
class ParSheet:
    """A par sheet and its identification.  Figures are computed from ``lines``."""

    wager: str
    title: str
    game: str
    regulation: str
    stake: str
    paytable: str
    paytable_title: str
    paytable_citation: str
    rules: str | None
    rules_title: str | None
    shoe: str
    shoe_detail: dict[str, Any]
    interpretations: tuple[tuple[str, str], ...]
    method: str
    cycle: int
    lines: tuple[Line, ...]
    notes: tuple[str, ...] = ()
    version: str = __version__
    interpretation_titles: dict[str, str] = field(default_factory=dict, compare=False)
    #: ``{id: the reading in force, in words}`` (the register's words for the chosen value).
    interpretation_words: dict[str, str] = field(default_factory=dict, compare=False)
    #: ``((id, value, its words, house edge), ...)``: the wager under each other reading of an
    #: open interpretation, one switched at a time (:meth:`combin.core.analysis.Selection.sheet`).
    other_readings: tuple[tuple[str, str, str, Fraction], ...] = field(default=(), compare=False)
    #: ``((id, value, its words, reason, detail), ...)``: the other readings that could not be
    #: priced for this selection, in words (``"not priced for a paytable from a file"``) and the
    #: error that stopped them (``"E1=paid-rows reads eclipse.sun7 paytable 'D', which ..."``).
    unpriced_readings: tuple[tuple[str, str, str, str, str], ...] = field(default=(), compare=False)

    def probability(self, line: Line) -> Fraction:
        return Fraction(line.combinations, self.cycle)

    def contribution(self, line: Line) -> Fraction:
        return self.probability(line) * line.payout

    @cached_property
    def summary(self) -> Summary:
        ev = sum((self.contribution(line) for line in self.lines), Fraction(0))
        second = sum((self.probability(line) * line.payout**2 for line in self.lines), Fraction(0))
        hit = sum((self.probability(l) for l in self.lines if l.payout > 0), Fraction(0))
        push = sum((self.probability(l) for l in self.lines if l.payout == 0), Fraction(0))
        variance = second - ev**2
        resolved = -ev / (1 - push) if push and push != 1 else None
        return Summary(self.cycle, ev, -ev, 1 + ev, hit, push, resolved, variance,
                       display.sqrt(variance))

    @cached_property
    def risk(self) -> Risk:
        summary = self.summary
        return risk(summary.house_edge, summary.variance)

    @property
    def interpretation_text(self) -> str:
        return ", ".join(f"{key}={value}" for key, value in self.interpretations) or "none"

    @property
    def readings_text(self) -> str:
        """:attr:`interpretation_text` with, beside a reading, the house edge under each other
        reading that changes it: ``E1=events (E1=paid-rows: 9.2459%), E2=fixed``; a reading that
        could not be priced says so: ``E1=events (E1=paid-rows: not priced for a paytable from a
        file)``."""
        edge = self.summary.house_edge
        parts = []
        for key, value in self.interpretations:
            others = [f"{key}={other}: {display.percent(moved)}"
                      for name, other, _, moved in self.other_readings
                      if name == key and moved != edge]
            others += [f"{key}={other}: {reason}"
                       for name, other, _, reason, _ in self.unpriced_readings if name == key]
            parts.append(f"{key}={value}" + (f" ({'; '.join(others)})" if others else ""))
        return ", ".join(parts) or "none"


def build(wager: Wager, paytable: Paytable, space: OutcomeSpace,
          interpretations: Iterable[tuple[str, str]] = (), *, rules: str | None = None,
          rules_title: str | None = None, lookup: Lookup | None = None,
          notes: Iterable[str] = (), interpretation_titles: Mapping[str, str] | None = None,
          interpretation_words: Mapping[str, str] | None = None) -> ParSheet:
    """Settle ``space`` under ``paytable`` and return the :class:`ParSheet`."""
    settled, loss = settle(wager, paytable, space, interpretations, lookup)
    ordered = sorted(enumerate(settled), key=lambda item: (-item[1][1].net, item[0]))
    lines = [Line(event.id, event.description, pay.text, pay.net, count)
             for _, (event, pay, count) in ordered]
    description, pay = wager.otherwise
    lines.append(Line("other", description, pay.text, pay.net, loss))
    return ParSheet(
        wager=wager.id, title=wager.title, game=wager.game, regulation=wager.regulation,
        stake=wager.stake, paytable=paytable.id, paytable_title=paytable.title,
        paytable_citation=paytable.provenance, rules=rules, rules_title=rules_title,
        shoe=space.shoe, shoe_detail=dict(space.shoe_detail),
        interpretations=tuple(interpretations), method=space.method, cycle=space.cycle,
        lines=tuple(lines), notes=tuple(notes) + ((wager.note,) if wager.note else ()),
        interpretation_titles=dict(interpretation_titles or {}),
        interpretation_words=dict(interpretation_words or {}),
    )
