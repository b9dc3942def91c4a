"""Timings of the whole Lunar Poker game with draws, for ``make bench``.

Three measurements, each of exact work checked for consistency:

* throughput on the full deck: seeded situation classes priced in this
  process after a warm-up class (the deck's hand table and the compiled
  kernel are built once per process, not per class), as classes and
  situations per second per core, and the projected core-hours of the exact
  run over all 5,649,150 classes;
* throughput on 9TJQKA: seeded classes priced in this process, and the
  projected core-minutes of the exact 9TJQKA run;
* scaling: the same seeded full-deck classes, in chunks of 8 as a 52-card run
  cuts them, on a Dask cluster of 1 and of 2 worker processes (127.0.0.1;
  each cluster started, and every worker warmed up with one class, before the
  clock starts), as a ratio of the two wall times.  The two runs must give identical results, or no time is reported.
"""

import io
import json
import random
import subprocess
import sys
from time import perf_counter, process_time

__all__ = ["bench_rows", "scaling"]


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


def _warm():
    """Warm this process up for full-deck classes (:func:`combin.stud.drawgame.warm_up`)."""
    from combin.stud.deck import Deck
    from combin.stud.drawgame import rules_for, warm_up
    warm_up(Deck.parse(None), rules_for(None, ()))
    return True


def bench_rows(full_classes=24, scaling_classes=192, small_classes=500, scaling_chunk=8):
    from combin.stud.deck import Deck
    from combin.stud.drawgame import class_chunks, rules_for
    rules = rules_for(None, ())
    rows = []
    deck = Deck.parse(None)
    _warm()
    hands, ups, weights, picked = _classes(deck, full_classes, 1)
    chunks = class_chunks(deck, rules, hands, ups, weights, picked, 1)
    seconds, cpu = _solve_timed(chunks)
    situations = sum(int(weights[i]) for i in picked)
    per_class = cpu / full_classes
    rows.append(("lunar game: full deck, classes priced in one process", seconds,
                 f"{full_classes} classes, {cpu:.1f} s CPU: {full_classes / cpu:.4f} classes/s/core, "
                 f"{situations / cpu:.2f} situations/s/core; exact run of {len(weights):,} "
                 f"classes: {len(weights) * per_class / 3600:,.0f} core-hours (CPU; target <= 200)"))
    small = Deck.parse("9TJQKA")
    small_hands, small_ups, small_weights, small_picked = _classes(small, small_classes, 3)
    small_chunks = class_chunks(small, rules, small_hands, small_ups, small_weights, small_picked, 32)
    seconds, cpu = _solve_timed(small_chunks)
    rows.append((f"lunar game: {small_classes} 9TJQKA classes priced in one process", seconds,
                 f"{cpu:.1f} s CPU: {small_classes / cpu:.1f} classes/s/core; the exact 9TJQKA run "
                 f"of {len(small_weights):,} classes: {len(small_weights) * cpu / small_classes / 60:,.1f} "
                 "core-minutes"))
    # the scaling runs are coordinated by a fresh process, as a run of `combin game lunar` is: this
    # one now holds two decks' tables, and its garbage collector would slow the Dask scheduler
    found = subprocess.run([sys.executable, "-c", "import json; from combin.stud.gamebench import scaling; "
                            f"print(json.dumps(scaling({scaling_classes}, {scaling_chunk})))"],
                           capture_output=True, text=True, check=True)
    timings, steady = ({int(k): v for k, v in part.items()} for part in json.loads(found.stdout))
    for workers in (1, 2):
        rows.append((f"lunar game: {scaling_classes} full-deck classes in chunks of {scaling_chunk}, "
                     f"{workers} Dask worker(s)",
                     timings[workers], f"{scaling_classes / timings[workers]:.2f} classes/s; "
                     f"{steady[workers]:.2f} classes/s while every worker was busy"))
    rows.append(("lunar game: scaling 1 -> 2 workers", timings[2],
                 f"speed-up {timings[1] / timings[2]:.2f}x in wall time, {steady[2] / steady[1]:.2f}x "
                 "in classes/s while every worker was busy (goal 1.8x)"))
    return rows


def scaling(classes, chunk):
    """``(wall seconds, classes/s while every worker was busy)`` of 1 and of 2 local Dask workers.

    The same seeded full-deck classes in chunks of ``chunk``; the two runs must
    give the same exact records.
    """
    from distributed import Client
    from combin.executor import local_cluster, run_chunks
    from combin.stud.deck import Deck
    from combin.stud.drawgame import class_chunks, rules_for, solve_chunk
    deck = Deck.parse(None)
    hands, ups, weights, picked = _classes(deck, classes, 2)
    chunks = class_chunks(deck, rules_for(None, ()), hands, ups, weights, picked, chunk)
    timings, results, steady = {}, {}, {}
    for workers in (1, 2):
        with local_cluster(workers) as cluster:
            with Client(cluster) as client:
                client.run(_warm)                     # every worker: hand table and kernel
            finished = []
            start = perf_counter()
            results[workers] = run_chunks(solve_chunk, chunks, scheduler=cluster.scheduler_address,
                                          stream=io.StringIO(),
                                          on_result=lambda *_: finished.append(perf_counter()))
            timings[workers] = perf_counter() - start
        # steady state: until the (n - w + 1)-th chunk is done every worker still had work; after it
        # the workers run out one by one (a tail that a long run does not have)
        busy = len(chunks) - workers + 1
        steady[workers] = busy * chunk / (finished[busy - 1] - start)

    def figures(found):        # the exact records; a chunk's CPU seconds are no figure
        return [{k: v for k, v in part.items() if k not in ("cpu_seconds", "setup_seconds")}
                for part in found]

    if figures(results[1]) != figures(results[2]):
        raise AssertionError("the game's results depend on the number of workers")
    return timings, steady
