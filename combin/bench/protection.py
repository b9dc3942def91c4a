"""Timings of the game-protection computations, for ``make bench``.

:func:`bench_rows` times a full effect-of-removal table (eleven exact
enumerations: the shoe and the shoe less one card of each value, on shoes no
cache has seen) and a count simulation, in this process and on a local
cluster of one worker per core.  The cluster is started and given a first
chunk per worker before the clock (it starts once per study, whatever the
study's size); its start is reported beside the rate and added once to the
projection of 100,000 shoes.  Each timed result is checked (the identity of
spec/ANCHORS.md; the simulation's determinism across worker counts), so a
fast wrong answer cannot pass for a fast one.
"""

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, TypeVar
import os
from contextlib import contextmanager
from time import perf_counter

from combin.baccarat.shoe import Shoe
from combin.protection.eor import effects_of_removal
from combin.protection.simulate import parse_triggers, simulate

__all__ = ["bench_rows"]

T = TypeVar("T")

if TYPE_CHECKING:
    from combin.protection.results import CountResult

#: Shoes dealt by the timed simulations.
BENCH_SHOES = 20_000


def _timed(compute: Callable[[], T]) -> tuple[T, float]:
    start = perf_counter()
    result = compute()
    return result, perf_counter() - start


def _count_study(shoes: int, scheduler: str | None) -> "CountResult":
    return simulate("eclipse.sun7", tags=(0, 0, 0, 0, -1, -1, -1, -1, 2, 2),
                    triggers=parse_triggers("always,2,4"), true_count=True, shoes=shoes,
                    scheduler=scheduler)


@contextmanager
def _started(workers: int) -> Iterator[tuple[str | None, float]]:
    """``(scheduler address, seconds to start)``: ``(None, 0)`` for one worker (this process);
    else a local cluster of ``workers``, started and given a first chunk each (the workers
    import the simulation there) before the clock, since a cluster starts once per study,
    whatever its size."""
    if workers == 1:
        yield None, 0.0
        return
    from combin.running.executor import local_cluster
    from combin.protection.chunks import CHUNK
    begin = perf_counter()
    with local_cluster(workers) as cluster:
        _count_study(CHUNK * workers, cluster.scheduler_address)
        yield cluster.scheduler_address, perf_counter() - begin


def bench_rows(shoes: int = BENCH_SHOES) -> list[tuple[str, float, str]]:
    """Return ``[(label, seconds, note), ...]`` for the protection commands."""

    rows = []
    best = float("inf")
    for removed in (1, 3, 5):  # shoes (and removals) no cache has seen, each time
        shoe = Shoe.full(8).without(0, removed)
        result, seconds = _timed(lambda: effects_of_removal("eclipse.sun7", shoe))
        if not result.identity_holds:
            raise AssertionError("the effect-of-removal identity fails")
        best = min(best, seconds)
    rows.append(("protection: full eor table, Sun 7, 8 decks (11 enumerations)", best,
                 "target < 2 s"))
    cores = os.cpu_count() or 1
    outcomes = {}
    for workers in sorted({1, cores}):
        with _started(workers) as (address, start):
            counted, seconds = _timed(lambda: _count_study(shoes, address))
        outcomes[workers] = counted.sums
        rate = shoes / seconds
        where = "in this process" if address is None else f"on a started cluster (start {start:.2f} s)"
        rows.append((f"protection: count simulation, {shoes:,} 8-deck shoes, {workers} worker(s)",
                     seconds, f"{rate:,.0f} shoes/s {where}; "
                              f"100,000 shoes ~ {start + 100_000 / rate:,.0f} s (target < 300 s)"))
    if len({repr(sums) for sums in outcomes.values()}) != 1:
        raise AssertionError("the simulation depends on the number of workers")
    return rows
