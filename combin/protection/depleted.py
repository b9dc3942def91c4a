"""The par sheet of a remaining (depleted) shoe, beside the full shoe it came from.

:func:`depleted_sheet` reads a shoe spec (:func:`combin.baccarat.shoe.parse_shoe`:
``8d-TT5``, ``8 decks minus T,T,5``, counts per rank), computes the exact par
sheet of the wager on it and the par sheet of the full shoe it is compared
with: the ``N`` decks the spec starts from (``8d-...``), or 8 decks when the
spec gives counts per rank.  :func:`combin.documents.protection.depleted_document` shows the par sheet
followed by the comparison.

Both sheets are exact enumerations; the difference of their expected returns
is an exact Fraction.

>>> reference_decks("8d-TT5")
8
>>> found = depleted_sheet("eclipse.sun7", "8d-TT5")
>>> isinstance(found, Depleted)
True
"""

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from combin.core.analysis import Selection
from combin.baccarat.shoe import parse_shoe
from combin.errors import CombinError
from combin.core.parsheet import ParSheet
from combin.protection.decks import protected

__all__ = ["Depleted", "reference_decks", "depleted_sheet"]

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
    """The :class:`Depleted` comparison.  ``wager`` is a :class:`~combin.core.analysis.Selection`,
    or a wager id resolved once with ``options`` (:func:`combin.core.analysis.select`'s)."""
    chosen = protected(wager, **options)
    if spec is None:
        raise CombinError("combin shoe needs --shoe SPEC, e.g. --shoe '8d-TT5'")
    shoe = parse_shoe(spec)
    decks = shoe.decks if shoe.decks is not None else reference_decks(spec)
    sheet = chosen.sheet(chosen.game.outcomes(shoe=shoe))
    reference = chosen.sheet(chosen.game.outcomes(decks=decks))
    return Depleted(sheet, reference, decks)
