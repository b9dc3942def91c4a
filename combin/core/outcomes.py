"""Outcome spaces: every distinct outcome of a game with its exact integer count.

An :class:`OutcomeSpace` is what an enumerator hands to the par-sheet engine:
a mapping from outcome (any hashable value the game's events understand) to
the number of equally likely elementary results that end in it, the total of
those counts (the *cycle*), and words saying what was enumerated.  Every
probability downstream is ``count / cycle``, one exact division at the end.
"""

from collections.abc import ItemsView, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["OutcomeSpace"]


@dataclass(frozen=True)
class OutcomeSpace:
    """Outcomes with exact counts.  ``cycle`` must equal the sum of the counts."""

    counts: Mapping[Any, int] = field(repr=False)  # outcome (any hashable value) -> count
    cycle: int
    shoe: str
    method: str
    shoe_detail: dict[str, Any] = field(default_factory=dict)
    game: str = ""

    def __post_init__(self) -> None:
        total = sum(self.counts.values())
        if total != self.cycle:
            raise ValueError(f"outcome counts add up to {total}, not the cycle {self.cycle}")
        if any(count < 0 for count in self.counts.values()):
            raise ValueError("an outcome count is negative")

    def items(self) -> ItemsView[Any, int]:
        return self.counts.items()
