"""Timings of the whole Lunar Poker game with draws, for ``make bench``.

Three measurements, each of exact work checked for consistency:

* throughput on the full deck: every class of seeded hands priced in this
  process as the exact run prices them (the best option alone, hand after
  hand), after a warm-up class (the tables and the compiled kernel are loaded
  once per process, not per class), as CPU per class, classes and situations
  per second per core, and the projected core-hours of the exact run over all
  5,649,150 classes;
* throughput on 9TJQKA: seeded classes priced in this process, and the
  projected core-minutes of the exact 9TJQKA run;
* scaling: seeded full-deck classes (whole hands), in chunks of 64 as a 52-card run
  cuts them, on 1 and on 2 workers: three rounds on fresh Dask clusters
  (127.0.0.1; every worker warmed up before the clock starts; 1 and 2 in
  alternating order) and one round on plain processes sharing a queue (the
  same work without Dask, to read Dask's own cost against).  The figure is the ratio of the classes per second
  while every worker was busy (:func:`busy_rate`: a run of hours has neither
  the start nor the tail of a run of seconds), median over the rounds, beside
  the ratio of the wall times.  Every run must give identical results, or no
  time is reported.
"""

import io
import json
import os
import random
import subprocess
import sys
from time import monotonic, perf_counter, process_time
from typing import Any

__all__ = ["bench_rows", "run_order_rows", "plan_rows", "scaling", "scaling_rows", "busy_rate", "timed_chunk"]


def _classes(deck, count, seed, whole_hands=False):
    """The deck's classes and ``count`` of them, seeded: at random, or with ``whole_hands`` every
    class (every up card) of hands drawn at random until ``count`` are in -- as a run prices
    them, one hand after another, sharing a hand's work."""
    from combin.stud.core.classes import situations
    rows, hands, ups, weights = situations(deck)
    rng = random.Random(seed)
    if not whole_hands:
        return hands, ups, weights, sorted(rng.sample(range(len(weights)), count))
    picked: list[int] = []
    while len(picked) < count:
        row = rows[rng.randrange(len(rows))]
        picked += [i for i in range(len(rows)) if rows[i] == row and i not in picked]
    return hands, ups, weights, sorted(picked[:count])


def _solve_timed(chunks):
    """Wall and CPU seconds of solving ``chunks`` in this process."""
    from combin.stud.game.chunks import solve_chunk
    start, cpu = perf_counter(), process_time()
    for chunk in chunks:
        solve_chunk(*chunk)
    return perf_counter() - start, process_time() - cpu


def _warm(deck_text=None):
    """Warm this process up for the deck's classes (:func:`combin.stud.game.chunks.warm_up`)."""
    from combin.stud.core.deck import Deck
    from combin.stud.game.chunks import warm_up
    from combin.stud.game.spec import resolve_rules
    warm_up(Deck.parse(deck_text), resolve_rules("lunar", None, ()))
    return True


def bench_rows(full_classes=600, scaling_classes=768, small_classes=500, scaling_chunk=64,
               scaling_rounds=3):
    from combin.stud.core.deck import Deck
    from combin.stud.game.spec import RunSpec, resolve_rules
    rules = resolve_rules("lunar", None, ())
    rows = []
    deck = Deck.parse(None)
    _warm()
    hands, ups, weights, picked = _classes(deck, full_classes, 1, whole_hands=True)
    chunks = RunSpec.of(deck, rules, chunk=64, price="best").chunks(hands, ups, weights, picked)
    seconds, cpu = _solve_timed(chunks)
    situations = sum(int(weights[i]) for i in picked)
    per_class = cpu / full_classes
    rows.append(("lunar game: full deck, the classes of whole hands priced in one process", seconds,
                 f"{full_classes} classes, {cpu:.1f} s CPU: {per_class * 1000:.2f} ms a class, "
                 f"{full_classes / cpu:.0f} classes/s/core, {situations / cpu:,.0f} situations/s/core; exact run of "
                 f"{len(weights):,} classes: {len(weights) * per_class / 3600:,.1f} core-hours (CPU; target <= 1, "
                 "moonshot <= 1/6)"))
    rows += run_order_rows(deck, rules, len(weights))
    rows += plan_rows(deck, rules)
    small = Deck.parse("9TJQKA")
    small_hands, small_ups, small_weights, small_picked = _classes(small, small_classes, 3)
    small_chunks = RunSpec.of(small, rules, chunk=32).chunks(small_hands, small_ups, small_weights, small_picked)
    seconds, cpu = _solve_timed(small_chunks)
    rows.append((f"lunar game: {small_classes} 9TJQKA classes priced in one process", seconds,
                 f"{cpu:.1f} s CPU: {small_classes / cpu:.1f} classes/s/core; the exact 9TJQKA run "
                 f"of {len(small_weights):,} classes: {len(small_weights) * cpu / small_classes / 60:,.1f} "
                 "core-minutes"))
    # the scaling runs are coordinated by a fresh process, as a run of `combin game lunar` is: this
    # one now holds two decks' tables, and its garbage collector would slow the Dask scheduler
    found = subprocess.run([sys.executable, "-c", "import json; from combin.bench.game import scaling; "
                            f"print(json.dumps(scaling({scaling_classes}, {scaling_chunk}, {scaling_rounds})))"],
                           capture_output=True, text=True, check=True)
    rows += scaling_rows(json.loads(found.stdout), scaling_classes, scaling_chunk)
    return rows


def run_order_rows(deck: Any, rules: Any, total: int, classes: int = 1500,
                   seed: int = 34) -> list[tuple[str, float, str]]:
    """The full deck's classes in the order a run prices them: the first ``classes`` classes of a
    seeded shard (of :data:`~combin.stud.game.shards.DEFAULT_SHARDS`), by rank multiset and up rank
    (:func:`combin.stud.game.chunks.rank_group_order`: the fives of one group share the ranks' part,
    :func:`combin.stud.draw.rank.engine.shared_capacity`, and the forcing sums,
    :func:`combin.stud.draw.rank.engine.memo_bits`), in chunks as a shard cuts them
    (:func:`~combin.stud.game.spec.chunk_size`); priced
    three ways -- the ranks' part per five and no forcing sums kept ("before"), the ranks' part
    shared ("shared ranks"), and the forcing sums kept as well ("now") -- the same records required
    of all, and the projected core-hours of the exact run of ``total`` classes."""
    from combin.stud.draw.rank.engine import memo_bits, shared_capacity
    from combin.stud.game.chunks import rank_group_order, solve_chunk
    from combin.stud.game.shards import DEFAULT_SHARDS, plan_shards, shard_classes
    from combin.stud.game.spec import RunSpec, chunk_size
    shard = plan_shards(deck, DEFAULT_SHARDS)[random.Random(seed).randrange(DEFAULT_SHARDS)]
    _, hands, ups, weights = shard_classes(deck, shard)
    order = rank_group_order(hands, ups)[:classes]
    chunks = RunSpec.of(deck, rules, chunk=chunk_size(deck), price="best").chunks(hands, ups, weights, order)
    found = {}
    for name, most, bits in (("before", 0, 0), ("shared ranks", 16, 0), ("now", 16, 17)):
        previous, previous_bits = shared_capacity(most), memo_bits(bits)
        try:
            cpu = process_time()
            results = [solve_chunk(*chunk) for chunk in chunks]
            found[name] = (process_time() - cpu, _figures(results))
        finally:
            shared_capacity(previous)
            memo_bits(previous_bits)
    if any(figures != found["now"][1] for _, figures in found.values()):
        raise AssertionError("the shared ranks' part or the kept forcing sums changed a figure")
    per = {name: seconds / classes for name, (seconds, _) in found.items()}
    said = ", ".join(f"{name} {per[name] * 1000:.2f} ms ({total * per[name] / 3600:,.2f} core-hours)"
                     for name in ("before", "shared ranks"))
    return [(f"lunar game: full deck, the first {classes} classes of shard {shard.index} in its run's order "
             "(by rank group)", found["now"][0],
             f"{per['now'] * 1000:.2f} ms CPU a class now: exact run of {total:,} classes "
             f"{total * per['now'] / 3600:,.2f} core-hours (target <= 1, moonshot <= 1/6); {said}; "
             f"{per['before'] / per['now']:.2f}x in all")]


def plan_rows(deck: Any, rules: Any, groups: int = 200, seed: int = 34,
              counts: tuple[int, ...] = (256, 16, 1)) -> list[tuple[str, float, str]]:
    """The projected core-hours of the exact run as its shards price it: ``groups`` rank groups (a
    five's rank multiset and up rank, :func:`combin.stud.game.chunks.rank_group_order`) drawn at
    random, each an equal chance, priced in the parts a plan of ``count`` shards cuts it into
    (:func:`~combin.stud.game.shards.plan_shards`; every part set up afresh, as a shard priced
    elsewhere, another day, sets it up: the kept ranks' parts and forcing sums dropped first), for
    each count of ``counts`` (1: whole groups, the least a plan can cost).  The run's time is the
    sum over its groups, so the projection is the number of groups times their mean time; the
    same records are required of every cut."""
    import numpy as np
    from combin.stud.core.classes import situations
    from combin.stud.draw.rank.engine import shared_capacity
    from combin.stud.game.chunks import rank_group_keys, rank_group_order, solve_chunk
    from combin.stud.game.shards import DEFAULT_SHARDS, plan_shards
    from combin.stud.game.spec import RunSpec, chunk_size
    class_rows, hands, ups, weights = situations(deck)
    key = rank_group_keys(hands, ups)
    every = np.unique(key)
    picked = sorted(random.Random(seed).sample(range(len(every)), min(groups, len(every))))
    members = [np.nonzero(key == every[g])[0] for g in picked]
    run = RunSpec.of(deck, rules, chunk=chunk_size(deck), price="best").to_json()
    found: dict[int, tuple[float, Any]] = {}
    parts_of: dict[int, int] = {}

    def chunk_of(part: Any) -> list[list[int]]:
        """The rows of the classes ``part`` in the order a run prices them."""
        order = rank_group_order([hands[i] for i in part], [ups[i] for i in part])
        return [[*map(int, hands[part[i]]), int(ups[part[i]]), int(weights[part[i]]), int(part[i])] for i in order]
    # one pass over the groups first, not measured: a run's worker prices for minutes to hours, so
    # what it keeps across rank groups (the six-card readings by shape, the compiled calls' types)
    # is warm; without it the first cut measured paid for them alone (about 0.1 ms a class)
    for indices in members:
        solve_chunk(run, chunk_of(indices))
    for count in counts:
        lows = np.array([shard.low for shard in plan_shards(deck, count)])
        cpu, records, parts = 0.0, [], 0
        for indices in members:
            shard_of = np.searchsorted(lows, class_rows[indices], side="right")
            for shard in np.unique(shard_of):
                chunk = chunk_of(indices[shard_of == shard])
                previous = shared_capacity(0)           # every part set up afresh
                shared_capacity(previous)
                result = solve_chunk(run, chunk)
                cpu += result["cpu_seconds"]
                records += sorted(result["classes"])
                parts += 1
        found[count] = (cpu, sorted(records))
        parts_of[count] = parts
    if any(records != found[counts[-1]][1] for _, records in found.values()):
        raise AssertionError("a plan's cut changed a record")
    classes = sum(len(m) for m in members)
    said = []
    for count in counts:
        cpu = found[count][0]
        hours = len(every) * cpu / len(members) / 3600
        name = "whole groups" if count == 1 else f"{count} shards" + (" (a new folder's)" if count == DEFAULT_SHARDS
                                                                       else "")
        said.append(f"{name}: {parts_of[count]} parts, {cpu / classes * 1000:.3f} ms a class, {hours:,.2f} core-hours")
    cpu = found[DEFAULT_SHARDS][0] if DEFAULT_SHARDS in found else found[counts[0]][0]
    return [(f"lunar game: full deck, {len(members)} rank groups at random ({classes:,} classes) priced in the "
             f"parts a plan cuts them into, projected over the {len(every):,} groups", cpu,
             "; ".join(said) + " (target <= 1 core-hour, moonshot <= 1/6)")]


def scaling_rows(found, classes, chunk):
    """The bench rows of :func:`scaling`'s result (read back from JSON: worker counts as strings)."""
    from statistics import median

    def ratios(row, what):
        one, two = row[what]["1"], row[what]["2"]
        return one / two if what == "wall" else two / one

    dask, plain = found["dask"], found["plain"][0]
    rows = []
    for workers in ("1", "2"):
        walls = [row["wall"][workers] for row in dask]
        busy = [row["busy"][workers] for row in dask]
        rows.append((f"lunar game: {classes} {found['deck']} classes in chunks of {chunk}, {workers} Dask "
                     f"worker(s), median of {len(dask)}", median(walls),
                     f"{classes / median(walls):.2f} classes/s; {median(busy):.2f} classes/s while "
                     "every worker was busy"))
    busy = [ratios(row, "busy") for row in dask]
    wall = [ratios(row, "wall") for row in dask]
    rows.append(("lunar game: scaling 1 -> 2 Dask workers", median(row["wall"]["2"] for row in dask),
                 f"{median(busy):.2f}x in classes/s while every worker was busy (rounds "
                 f"{', '.join(f'{x:.2f}' for x in busy)}; goal 1.8x); {median(wall):.2f}x in wall "
                 f"time (rounds {', '.join(f'{x:.2f}' for x in wall)})"))
    rows.append(("lunar game: scaling 1 -> 2 plain processes (no Dask)", plain["wall"]["2"],
                 f"{ratios(plain, 'busy'):.2f}x while both were busy, {ratios(plain, 'wall'):.2f}x "
                 "in wall time: the same work shared without Dask, against which Dask's cost is read"))
    return rows


def timed_chunk(*chunk):
    """:func:`combin.stud.game.chunks.solve_chunk` with when and where it ran.

    The result gains ``"ran": [start, stop, process id]``, the two times read
    from ``time.monotonic`` (one clock for every process of this machine, so
    the spans of local workers can be laid side by side).
    """
    from combin.stud.game.chunks import solve_chunk
    start = monotonic()
    result = solve_chunk(*chunk)
    result["ran"] = [start, monotonic(), os.getpid()]
    return result


def busy_rate(spans):
    """Work per second while every worker was computing.

    ``spans`` is ``[(work, start, stop, worker), ...]``, one per chunk.  The
    window runs from the last worker's first start to the first worker's last
    stop: before it some worker had not begun (a client connecting, a first
    task in flight), after it some worker had run out (the tail of a short
    run, which a run of hours does not have).  A chunk counts for the part of
    its span inside the window, its work spread evenly over its span; the gaps
    between one worker's chunks stay in the window, since a long run pays them
    too.

    >>> busy_rate([(8, 0, 4, "a"), (8, 4, 8, "a"), (8, 1, 5, "b"), (8, 5, 9, "b")])
    Fraction(4, 1)
    >>> busy_rate([(8, 0, 2, "a"), (8, 3, 5, "a")])
    Fraction(16, 5)
    """
    from fractions import Fraction
    first, last = {}, {}
    for _, start, stop, worker in spans:
        first[worker] = min(first.get(worker, start), start)
        last[worker] = max(last.get(worker, stop), stop)
    begin, end = max(first.values()), min(last.values())
    if end <= begin:
        raise ValueError("the workers were never all busy at once: too few chunks")
    work = Fraction(0)
    for size, start, stop, _ in spans:
        inside = min(stop, end) - max(start, begin)
        if inside > 0:
            work += Fraction(size) * Fraction(inside) / Fraction(stop - start)
    return work / Fraction(end - begin)


def _figures(results):
    """The exact records of chunk results; when and how long they ran is no figure."""
    return [{k: v for k, v in part.items() if k not in ("cpu_seconds", "setup_seconds", "ran")}
            for part in results]


def _on_dask(chunks, workers, deck_text):
    """``(wall seconds, spans, results)`` of ``chunks`` on a fresh local cluster of ``workers``."""
    from distributed import Client
    from combin.running.executor import local_cluster, run_chunks
    with local_cluster(workers) as cluster:
        with Client(cluster) as client:
            client.run(_warm, deck_text)                  # every worker: hand table and kernel
        start = monotonic()
        results = run_chunks(timed_chunk, chunks, scheduler=cluster.scheduler_address,
                             stream=io.StringIO())
        wall = monotonic() - start
    return wall, _spans(chunks, results), results


def _spans(chunks, results):
    return [(len(chunk[1]), *result["ran"]) for chunk, result in zip(chunks, results)]


def _plain_process(chunks, tasks, barrier, out, deck_text):
    """A plain process: warm up, wait for the others, then take chunks from ``tasks`` until None."""
    _warm(deck_text)
    barrier.wait()
    done = {}
    while True:
        index = tasks.get()
        if index is None:
            break
        done[index] = timed_chunk(*chunks[index])
    out.put(done)


def _plain(chunks, workers, deck_text):
    """``(wall seconds, spans, results)`` of ``chunks`` on ``workers`` plain processes, no Dask.

    The processes (spawned, as Dask's are) take the chunks from one queue, so
    the work is shared as a Dask scheduler shares it; against this, Dask's own
    cost is read.  Their results come back through the same JSON round trip
    as a Dask run's.
    """
    import multiprocessing
    import queue
    context = multiprocessing.get_context("spawn")
    tasks, out = context.Queue(), context.Queue()
    for index in range(len(chunks)):
        tasks.put(index)
    for _ in range(workers):
        tasks.put(None)
    barrier = context.Barrier(workers + 1)
    processes = [context.Process(target=_plain_process, args=(chunks, tasks, barrier, out, deck_text))
                 for _ in range(workers)]
    for process in processes:
        process.start()
    barrier.wait()
    start = monotonic()
    found = {}
    while len(found) < len(chunks):
        try:
            found.update(out.get(timeout=1))
        except queue.Empty:
            if any(process.exitcode not in (None, 0) for process in processes):
                raise RuntimeError("a plain bench process failed (its traceback is above)") from None
    wall = monotonic() - start
    for process in processes:
        process.join()
    results = [json.loads(json.dumps(found[index], sort_keys=True)) for index in range(len(chunks))]
    return wall, _spans(chunks, results), results


def scaling(classes, chunk, rounds=3, deck_text=None):
    """1 against 2 workers on the same seeded classes, in chunks of ``chunk``.

    Returns ``{"deck": name, "dask": [...], "plain": [...]}``: for each of ``rounds`` rounds
    on fresh local Dask clusters (the order of 1 and 2 alternating from round
    to round, so that a drift of the machine falls on both), and for one round
    of plain processes, ``{"wall": {1: s, 2: s}, "busy": {1: rate, 2: rate}}``
    with the wall seconds and the classes per second while every worker was
    busy (:func:`busy_rate`, a float for display).  Every run must give the
    same exact records, or no time is reported.
    """
    from combin.stud.core.deck import Deck
    from combin.stud.game.spec import RunSpec, resolve_rules
    deck = Deck.parse(deck_text)
    hands, ups, weights, picked = _classes(deck, classes, 2, whole_hands=deck.full)
    price = {"price": "best"} if deck.full else {}
    chunks = RunSpec.of(deck, resolve_rules("lunar", None, ()), chunk=chunk, **price).chunks(hands, ups, weights,
                                                                                             picked)
    found = {"deck": "full-deck" if deck_text is None else deck_text, "dask": [], "plain": []}
    reference = None
    plan = [("dask", _on_dask, (1, 2) if r % 2 == 0 else (2, 1)) for r in range(rounds)]
    plan.append(("plain", _plain, (1, 2)))
    for kind, run, order in plan:
        row = {"wall": {}, "busy": {}}
        for workers in order:
            wall, spans, results = run(chunks, workers, deck_text)
            if reference is None:
                reference = _figures(results)
            elif _figures(results) != reference:
                raise AssertionError("the game's results depend on how it was run")
            row["wall"][workers] = wall
            row["busy"][workers] = float(busy_rate(spans))
        found[kind].append(row)
    return found
