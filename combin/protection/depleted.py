"""The par sheet of a remaining (depleted) shoe, beside the full shoe it came from.

:func:`depleted_sheet` reads a shoe spec (:func:`combin.baccarat.shoe.parse_shoe`:
``8d-TT5``, ``8 decks minus T,T,5``, counts per rank), computes the exact par
sheet of the wager on it and the par sheet of the full shoe it is compared
with: the ``N`` decks the spec starts from (``8d-...``), or 8 decks when the
spec gives counts per rank.  :func:`render` prints the unchanged par sheet
(:mod:`combin.render`) followed by the comparison; JSON adds a
``"comparison"`` key to the par-sheet object.

Both sheets are exact enumerations; the difference of their expected returns
is an exact Fraction.
"""

import csv
import io
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from combin import display
from combin.analysis import Selection
from combin.baccarat.shoe import parse_shoe
from combin.errors import CombinError
from combin.parsheet import ParSheet
from combin.protection import output
from combin.protection.decks import protected
from combin.render import render as render_sheet
from combin.render.csvfile import as_text, safe_writer
from combin.render.jsonfile import sheet_object
from combin.render.markdown import table

__all__ = ["Depleted", "reference_decks", "depleted_sheet", "render"]

#: The full shoe a per-rank spec is compared with.
DEFAULT_REFERENCE_DECKS = 8


def reference_decks(spec: object) -> int:
    """The deck count a spec starts from (``8d-TT5`` -> 8), or 8 for a per-rank spec."""
    match = re.match(r"\s*([0-9]+)\s*(?:d\b|decks?\b|-|minus\b|$)", str(spec), re.IGNORECASE)
    if match and "=" not in str(spec):
        return int(match[1])
    return DEFAULT_REFERENCE_DECKS


@dataclass(frozen=True)
class Depleted:
    """The remaining shoe's sheet, the full shoe's sheet and how many decks that holds."""

    sheet: ParSheet
    reference: ParSheet
    reference_decks: int

    @property
    def difference(self) -> Fraction:
        """Expected return (for the bettor) of the remaining shoe less the full shoe's."""
        return self.sheet.summary.expected_return - self.reference.summary.expected_return


def depleted_sheet(wager: Selection | str, spec: object, **options: Any) -> Depleted:
    """The :class:`Depleted` comparison.  ``wager`` is a :class:`~combin.analysis.Selection`,
    or a wager id resolved once with ``options`` (:func:`combin.analysis.select`'s)."""
    chosen = protected(wager, **options)
    if spec is None:
        raise CombinError("combin shoe needs --shoe SPEC, e.g. --shoe '8d-TT5'")
    shoe = parse_shoe(spec)
    decks = shoe.decks if shoe.decks is not None else reference_decks(spec)
    sheet = chosen.sheet(chosen.game.outcomes(shoe=shoe))
    reference = chosen.sheet(chosen.game.outcomes(decks=decks))
    return Depleted(sheet, reference, decks)


def comparison_lines(result: Depleted) -> list[tuple[str, str]]:
    """The comparison as ``[(label, value), ...]`` text."""
    here, full = result.sheet.summary, result.reference.summary
    plural = "deck" if result.reference_decks == 1 else "decks"
    change = result.difference
    verdict = ("better for the bettor" if change > 0 else "worse for the bettor" if change < 0
               else "the same")
    return [
        ("House edge, this shoe", display.percent(here.house_edge, 4)),
        (f"House edge, full {result.reference_decks} {plural}",
         display.percent(full.house_edge, 4)),
        ("Change in expected return", f"{'+' if change > 0 else ''}{display.percent(change, 4)} "
                                      "of the stake "
                                      f"({verdict}); exact {display.rational(change)}"),
    ]


def render(result: Depleted, fmt: str = "text") -> str:
    """The par sheet in ``fmt``, followed by the comparison with the full shoe."""
    output.check_format(fmt)
    lines = comparison_lines(result)
    if fmt == "json":
        obj = sheet_object(result.sheet)
        obj["comparison"] = {
            "full_shoe_decks": result.reference_decks,
            "full_shoe_house_edge": display.rational(result.reference.summary.house_edge),
            "full_shoe_house_edge_percent": display.percent(result.reference.summary.house_edge, 6),
            "change_in_expected_return": display.rational(result.difference),
            "change_in_expected_return_percent": display.percent(result.difference, 6),
        }
        return output.json_text(obj)
    text = render_sheet(result.sheet, fmt)
    if fmt == "csv":
        buffer = io.StringIO()
        writer = safe_writer(buffer)
        writer.writerow(["Full shoe compared", f"{result.reference_decks} decks"])
        edge = result.reference.summary.house_edge
        writer.writerow(["Full shoe house edge", display.percent(edge, 4),
                         as_text(display.rational(edge))])
        writer.writerow(["Change in expected return", display.percent(result.difference, 4),
                         as_text(display.rational(result.difference))])
        return text + buffer.getvalue()
    if fmt == "md":
        return text + "\n## Compared with the full shoe\n\n" + table(lines, ["", ""]) + "\n"
    width = max(len(label) for label, _ in lines)
    return text + "\nCompared with the full shoe:\n" + "\n".join(
        f"  {label.ljust(width)}  {value}" for label, value in lines) + "\n"
