"""Timings of the baccarat enumeration and analysis, beside the plain nested loop (``make bench``).

The reference is :func:`combin.baccarat.reference.nested_loop_rounds`, a plain
nested loop over the ten point values.
"""

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, TypeVar
import time

from combin.core.analysis import paytable_ids, par_sheet
from combin.baccarat import GAME
from combin.baccarat.enumeration import outcome_space
from combin.baccarat.reference import nested_loop_rounds
from combin.baccarat.shoe import Shoe
from combin.core.parsheet import ParSheet

__all__ = ["bench_rows"]

T = TypeVar("T")


def _time(function: Callable[[], T], repeat: int = 5) -> tuple[float, T]:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        value = function()
        elapsed = time.perf_counter() - start
        best = min(best, elapsed)
    return best, value


def bench_rows() -> list[tuple[str, float, str]]:
    """Timings of the 8-deck enumeration (uncached: the enumerator itself), the full
    analysis from it, and the plain nested loop."""
    shoe = Shoe.full(8)
    enumerate_once = outcome_space.__wrapped__  # outcome_space caches per shoe

    def full_analysis() -> list[ParSheet]:
        space = enumerate_once(shoe)
        sheets = []
        for wager in GAME.wagers.values():
            if wager.id.startswith("dragon."):
                continue
            rules = GAME.rulesets if wager.ruled else [None]
            for rule in rules:
                imposed = GAME.rulesets[rule].paytables.get(wager.id) if rule else None
                for paytable in [imposed] if imposed else paytable_ids(GAME, wager):
                    sheet = par_sheet(wager.id, paytable=paytable, rules=rule, space=space)
                    sheet.summary, sheet.risk
                    sheets.append(sheet)
        return sheets

    enumerate_time, _ = _time(lambda: enumerate_once(shoe))
    full_time, sheets = _time(full_analysis)
    naive_time, naive = _time(lambda: nested_loop_rounds(shoe.counts), repeat=2)
    assert naive == outcome_space(shoe).counts, "the naive and fast enumerations disagree"
    return [
        ("baccarat: fast enumeration, 8 decks", enumerate_time, ""),
        (f"baccarat: full 8-deck analysis ({len(sheets)} par sheets)", full_time, "target < 0.100 s"),
        ("baccarat: plain nested-loop enumeration, 8 decks", naive_time,
         f"{naive_time / full_time:.1f}x the full analysis, "
         f"{naive_time / enumerate_time:.1f}x the fast enumeration (target >= 5x)"),
    ]
