"""Cross-checks: one comparison a laboratory can read, with its result.

A game's cross-checks (``Game.checks``) compare its exact figures with
published anchors, with a second independent method, or with an identity
every result must satisfy; each returns :class:`Check` values.  This module
knows no game: it offers the :class:`Check` record, the check every par sheet
must pass (:func:`cycle_check`), the readings a wager is confirmed under
(:func:`readings`) and a game's published anchors (:func:`anchors`, its
``data/anchors.toml``).  A failed check is reported, never hidden.
"""

import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from combin.core.game import Game, read_data
from combin.core.wager import Wager

__all__ = ["Check", "anchors", "cycle_check", "readings"]


@dataclass(frozen=True)
class Check:
    """One cross-check and its result."""

    group: Literal["anchor", "method", "invariant"]
    name: str
    detail: str
    passed: bool


def anchors(package: str) -> dict[str, Any]:
    """The published figures of a game: its ``data/anchors.toml``, as data."""
    return tomllib.loads(read_data(package, "anchors.toml"))


def readings(game: Game, wager: Wager) -> Iterator[dict[str, str]]:
    """The default reading, and each switchable interpretation's alternatives one at a time.

    >>> from combin.registry import find_wager
    >>> game, wager = find_wager("eclipse.eclipse")
    >>> list(readings(game, wager))
    [{}, {'E1': 'paid-rows'}]
    """
    yield {}
    for key in wager.interpretations:
        for value in game.interpretations[key].alternatives:
            yield {key: value}


def cycle_check(sheets: Sequence[Any]) -> Check:
    """Every sheet's combinations add up to its game cycle."""
    bad = [s.wager for s in sheets if sum(line.combinations for line in s.lines) != s.cycle]
    return Check("invariant", f"combinations sum to the game cycle on all {len(sheets)} par sheets",
                 "exact integer sums" if not bad else f"fails on {', '.join(bad)}", not bad)
