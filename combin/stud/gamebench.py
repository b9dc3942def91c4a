"""Timings of the whole Lunar Poker game with draws, for ``make bench``.

Two measurements, each of exact work checked for consistency:

* throughput on the full deck: a few seeded situation classes priced in this
  process, as classes and situations per second per core, and the projected
  core-hours of the exact run over all 5,649,150 classes;
* throughput on 9TJQKA: seeded classes priced in this process, and the
  projected core-minutes of the exact 9TJQKA run;
* scaling: the same seeded chunks of 9TJQKA classes on a Dask cluster of 1
  and of 2 worker processes (127.0.0.1; each cluster started before the
  clock starts), as a ratio of the two wall times.  The two runs must give
  identical results, or no time is reported.
"""

import io
import logging
import random
from time import perf_counter, process_time

__all__ = ["bench_rows"]


def _classes(deck, count, seed):
    from combin.stud.situations import situations
    _, hands, ups, weights = situations(deck)
    picked = sorted(random.Random(seed).sample(range(len(weights)), count))
    return hands, ups, weights, picked


def _solve_timed(chunks):
    """Wall and CPU seconds of solving ``chunks`` in this process."""
    from combin.stud.drawgame import solve_chunk
    start, cpu = perf_counter(), process_time()
    for chunk in chunks:
        solve_chunk(*chunk)
    return perf_counter() - start, process_time() - cpu


def bench_rows(full_classes=8, scaling_classes=64, small_classes=500):
    from distributed import LocalCluster
    from combin.executor import run_chunks
    from combin.stud.deck import Deck
    from combin.stud.drawgame import class_chunks, rules_for, solve_chunk
    rules = rules_for(None, ())
    rows = []
    deck = Deck.parse(None)
    hands, ups, weights, picked = _classes(deck, full_classes, 1)
    chunks = class_chunks(deck, rules, hands, ups, weights, picked, 1)
    seconds, cpu = _solve_timed(chunks)
    situations = sum(int(weights[i]) for i in picked)
    per_class = cpu / full_classes
    rows.append(("lunar game: full deck, classes priced in one process", seconds,
                 f"{full_classes} classes, {cpu:.1f} s CPU: {full_classes / cpu:.4f} classes/s/core, "
                 f"{situations / cpu:.2f} situations/s/core; exact run of {len(weights):,} "
                 f"classes: {len(weights) * per_class / 3600:,.0f} core-hours (CPU; target <= 200)"))
    deck = Deck.parse("9TJQKA")
    hands, ups, weights, picked = _classes(deck, small_classes, 3)
    chunks = class_chunks(deck, rules, hands, ups, weights, picked, 32)
    seconds, cpu = _solve_timed(chunks)
    rows.append((f"lunar game: {small_classes} 9TJQKA classes priced in one process", seconds,
                 f"{cpu:.1f} s CPU: {small_classes / cpu:.1f} classes/s/core; the exact 9TJQKA run "
                 f"of {len(weights):,} classes: {len(weights) * cpu / small_classes / 60:,.1f} "
                 "core-minutes"))
    hands, ups, weights, picked = _classes(deck, scaling_classes, 2)
    chunks = class_chunks(deck, rules, hands, ups, weights, picked, 1)
    timings, results = {}, {}
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                          dashboard_address="127.0.0.1:0", silence_logs=logging.ERROR) as cluster:
            quiet = io.StringIO()
            run_chunks(solve_chunk, chunks[:workers], scheduler=cluster.scheduler_address,
                       stream=quiet)  # warm up
            start = perf_counter()
            results[workers] = run_chunks(solve_chunk, chunks, scheduler=cluster.scheduler_address,
                                          stream=quiet)
            timings[workers] = perf_counter() - start
        rows.append((f"lunar game: {scaling_classes} 9TJQKA classes, {workers} Dask worker(s)",
                     timings[workers], f"{scaling_classes / timings[workers]:.2f} classes/s"))
    def figures(found):        # the exact records; a chunk's CPU seconds are no figure
        return [{k: v for k, v in part.items() if k != "cpu_seconds"} for part in found]

    if figures(results[1]) != figures(results[2]):
        raise AssertionError("the game's results depend on the number of workers")
    rows.append(("lunar game: scaling 1 -> 2 workers", timings[2],
                 f"speed-up {timings[1] / timings[2]:.2f}x (goal 1.8x)"))
    return rows
