"""Timings of the game-protection computations, for ``make bench``.

:func:`bench_rows` times a full effect-of-removal table (eleven exact
enumerations: the shoe and the shoe less one card of each value, on shoes no
cache has seen) and a short count simulation, in one worker process and in
one per core, reported as shoes per second.  Each timed result is checked
(the identity of spec/ANCHORS.md; the simulation's determinism across worker
counts), so a fast wrong answer cannot pass for a fast one.
"""

import os
from time import perf_counter

from combin.baccarat.shoe import Shoe
from combin.protection.eor import effects_of_removal
from combin.protection.simulate import parse_triggers, simulate

__all__ = ["bench_rows"]

#: Shoes dealt by the timed simulations.
BENCH_SHOES = 4000


def _timed(compute):
    start = perf_counter()
    result = compute()
    return result, perf_counter() - start


def bench_rows(shoes=BENCH_SHOES):
    """Return ``[(label, seconds, note), ...]`` for the protection commands."""

    rows = []
    best = None
    for removed in (1, 3, 5):  # shoes (and removals) no cache has seen, each time
        shoe = Shoe.full(8).without(0, removed)
        result, seconds = _timed(lambda: effects_of_removal("eclipse.sun7", shoe))
        if not result.identity_holds:
            raise AssertionError("the effect-of-removal identity fails")
        best = seconds if best is None else min(best, seconds)
    rows.append(("protection: full eor table, Sun 7, 8 decks (11 enumerations)", best,
                 "target < 2 s"))
    cores = os.cpu_count() or 1
    outcomes = {}
    for workers in sorted({1, cores}):
        result, seconds = _timed(lambda: simulate(
            "eclipse.sun7", tags=(0, 0, 0, 0, -1, -1, -1, -1, 2, 2),
            triggers=parse_triggers("always,2,4"), true_count=True, shoes=shoes,
            workers=workers))
        outcomes[workers] = result.sums
        rows.append((f"protection: count simulation, {shoes:,} 8-deck shoes, {workers} worker(s)",
                     seconds, f"{shoes / seconds:,.0f} shoes/s; "
                              f"100,000 shoes ~ {100_000 / (shoes / seconds):,.0f} s "
                              "(target < 300 s)"))
    if len({repr(sums) for sums in outcomes.values()}) != 1:
        raise AssertionError("the simulation depends on the number of workers")
    return rows
