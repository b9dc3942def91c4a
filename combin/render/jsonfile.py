"""A par sheet as JSON that machine readers can use without losing a digit.

Integers that can exceed 2**53 (combinations, the cycle) are decimal strings;
exact rationals are ``"p/q"`` strings (``"p"`` when whole) beside a decimal
string for display.  Keys are written in a fixed order.
"""

import json
from collections.abc import Sequence
from typing import Any

from combin import display
from combin.parsheet import ParSheet
from combin.render.common import PROBABILITY_PLACES

__all__ = ["render", "render_comparison", "sheet_object", "identification", "FORMAT"]

FORMAT = "combin.parsheet/1"


def identification(sheet: ParSheet) -> dict[str, Any]:
    """The identification keys of a par sheet (tool, wager, paytable, shoe, cycle ...)."""
    return {
        "tool": {"name": "combin", "version": sheet.version},
        "wager": sheet.wager,
        "title": sheet.title,
        "game": sheet.game,
        "regulation": sheet.regulation,
        "paytable": sheet.paytable,
        "paytable_title": sheet.paytable_title,
        "paytable_citation": sheet.paytable_citation,
        "rules": sheet.rules,
        "shoe": {"description": sheet.shoe, **sheet.shoe_detail},
        "interpretations": {key: value for key, value in sheet.interpretations},
        "stake": sheet.stake,
        "method": sheet.method,
        "cycle": str(sheet.cycle),
    }


def sheet_object(sheet: ParSheet) -> dict[str, Any]:
    """The JSON-ready object of a par sheet."""
    s = sheet.summary
    risk = sheet.risk
    return {
        "format": FORMAT,
        **identification(sheet),
        "lines": [{"event_id": line.event_id, "event": line.event, "pays": line.pays,
                   "payout": display.rational(line.payout),
                   "combinations": str(line.combinations),
                   "probability": display.rational(sheet.probability(line)),
                   "probability_decimal": display.decimal(sheet.probability(line), PROBABILITY_PLACES),
                   "return": display.rational(sheet.contribution(line)),
                   "return_decimal": display.decimal(sheet.contribution(line), PROBABILITY_PLACES),
                   "one_in": display.one_in(line.combinations, sheet.cycle)}
                  for line in sheet.lines],
        "summary": {
            "return": display.rational(s.expected_return),
            "return_decimal": display.decimal(s.expected_return, PROBABILITY_PLACES),
            "house_edge": display.rational(s.house_edge),
            "house_edge_percent": display.percent(s.house_edge, 6),
            "return_to_player": display.rational(s.return_to_player),
            "hit_frequency": display.rational(s.hit_frequency),
            "push_frequency": display.rational(s.push_frequency),
            "edge_excluding_pushes": (None if s.edge_excluding_pushes is None
                                      else display.rational(s.edge_excluding_pushes)),
            "variance": display.rational(s.variance),
            "variance_decimal": display.decimal(s.variance, PROBABILITY_PLACES),
            "standard_deviation_decimal": display.decimal(s.sd, PROBABILITY_PLACES),
        },
        "risk": {
            "volatility_index": [{"confidence": label, "z": display.decimal(z, 10),
                                  "vi": display.decimal(vi, 10)} for label, z, vi in risk.volatility],
            "hold_range": [{"rounds": rounds, "confidence": label,
                            "low": display.decimal(low, 10), "high": display.decimal(high, 10)}
                           for rounds, label, low, high in risk.holds],
        },
        "notes": list(sheet.notes),
    }


def _dump(obj: Any) -> str:
    return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"


def render(sheet: ParSheet) -> str:
    return _dump(sheet_object(sheet))


def render_comparison(title: str, columns: Sequence[tuple[str, ParSheet]]) -> str:
    return _dump({"format": "combin.sensitivity/1", "title": title,
                  "columns": [{"heading": heading, "sheet": sheet_object(sheet)}
                              for heading, sheet in columns]})
