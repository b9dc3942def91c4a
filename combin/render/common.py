"""The rows every renderer shows, built once from a par sheet.

Text and Markdown print the same cells; CSV and JSON add the exact values.
Decimal places are fixed here so that every format agrees digit for digit.
"""

from collections.abc import Callable, Sequence
from typing import Any

from more_itertools import unique_everseen

from combin import display
from combin.parsheet import ParSheet
from combin.risk import ROUNDS

Columns = Sequence[tuple[str, ParSheet]]

__all__ = ["PROBABILITY_PLACES", "identification", "line_header", "line_rows",
           "summary_rows", "risk_rows", "comparison_rows"]

PROBABILITY_PLACES = 12
PERCENT_PLACES = 4


def identification(sheet: ParSheet, method: bool = True) -> list[tuple[str, str]]:
    """``[(label, value), ...]`` naming what the sheet is (``method``: include how it was counted)."""
    paytable = sheet.paytable if sheet.paytable_title == f"Paytable {sheet.paytable}" else \
        f"{sheet.paytable}: {sheet.paytable_title}"
    rows = [("Wager", f"{sheet.title} ({sheet.wager})"),
            ("Paytable", paytable),
            ("Paytable source", sheet.paytable_citation)]
    if sheet.rules is not None:
        rows.append(("Rule set", f"{sheet.rules}: {sheet.rules_title}"))
    rows += [("Regulation", sheet.regulation),
             ("Shoe", sheet.shoe),
             ("Interpretations", sheet.interpretation_text),
             ("Stake", sheet.stake),
             ("Game cycle", display.grouped(sheet.cycle))]
    if method:
        rows.append(("Counted over", sheet.method))
    rows.append(("Tool", f"combin {sheet.version}"))
    rows += [("Note", note) for note in sheet.notes]
    return rows


def line_header() -> list[str]:
    return ["Event", "Pays", "Combinations", "Probability", "Return", "1 in"]


def line_rows(sheet: ParSheet) -> list[list[str]]:
    rows = [[line.event, line.pays, display.grouped(line.combinations),
             display.decimal(sheet.probability(line), PROBABILITY_PLACES),
             display.decimal(sheet.contribution(line), PROBABILITY_PLACES),
             display.one_in(line.combinations, sheet.cycle)] for line in sheet.lines]
    s = sheet.summary
    rows.append(["Total", "", display.grouped(sheet.cycle), display.decimal(1, PROBABILITY_PLACES),
                 display.decimal(s.expected_return, PROBABILITY_PLACES), ""])
    return rows


def summary_rows(sheet: ParSheet) -> list[tuple[str, str, str]]:
    """``[(figure, decimal text, exact text), ...]``."""
    s = sheet.summary
    pct = lambda v: display.percent(v, PERCENT_PLACES)
    rows = [("Expected return", display.decimal(s.expected_return, PROBABILITY_PLACES),
             display.rational(s.expected_return)),
            ("House edge", pct(s.house_edge), display.rational(s.house_edge)),
            ("Return to player", pct(s.return_to_player), display.rational(s.return_to_player)),
            ("Hit frequency", pct(s.hit_frequency), display.rational(s.hit_frequency)),
            ("Push frequency", pct(s.push_frequency), display.rational(s.push_frequency))]
    if s.edge_excluding_pushes is not None:
        rows.append(("House edge, pushes excluded", pct(s.edge_excluding_pushes),
                     display.rational(s.edge_excluding_pushes)))
    rows += [("Variance", display.decimal(s.variance, 6), display.rational(s.variance)),
             ("Standard deviation", display.decimal(s.sd, 6), "sqrt(variance)")]
    return rows


def risk_rows(sheet: ParSheet) -> tuple[list[list[str]], list[list[str]]]:
    """Volatility index rows and hold-range rows (text cells)."""
    r = sheet.risk
    volatility = [[label, display.decimal(z, 4), display.decimal(vi, 4)] for label, z, vi in r.volatility]
    holds: dict[int, list[str]] = {}
    for rounds, label, low, high in r.holds:
        holds.setdefault(rounds, []).append(
            f"{display.percent(low, 2)} to {display.percent(high, 2)}")
    hold_rows = [[f"{rounds:,}", *holds[rounds]] for rounds in ROUNDS]
    return volatility, hold_rows


def comparison_rows(columns: Columns) -> list[list[str]]:
    """Rows comparing several sheets: summary figures, then each line's combinations."""
    def cell(sheet: ParSheet, pick: Callable[[ParSheet], Any]) -> str:
        return pick(sheet)

    figures = [
        ("Paytable", lambda s: s.paytable),
        ("Interpretations", lambda s: s.interpretation_text),
        ("House edge", lambda s: display.percent(s.summary.house_edge, PERCENT_PLACES)),
        ("Expected return", lambda s: display.decimal(s.summary.expected_return, PROBABILITY_PLACES)),
        ("Hit frequency", lambda s: display.percent(s.summary.hit_frequency, PERCENT_PLACES)),
        ("Standard deviation", lambda s: display.decimal(s.summary.sd, 6)),
    ]
    rows = [[name, *(cell(sheet, pick) for _, sheet in columns)] for name, pick in figures]
    events = unique_everseen(line.event for _, sheet in columns for line in sheet.lines)
    for event in events:
        row = [event]
        for _, sheet in columns:
            found = [l for l in sheet.lines if l.event == event]
            row.append(f"{found[0].pays}: {display.grouped(found[0].combinations)}" if found else "-")
        rows.append(row)
    return rows
