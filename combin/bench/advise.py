"""Timings of ``combin lunar advise``, for ``make bench``.

:func:`bench_rows` prices every option (29, with the best option's result
probabilities) of a fixed set of full-deck situations -- drawn once with a
seeded :class:`random.Random`, instant-payout hands skipped -- and reports the
median, the fastest and the slowest, each measured with
:func:`time.perf_counter`, and the median CPU time of the process
(:func:`time.process_time`, which a shared machine's load disturbs less).  A
warm-up situation first builds the deck's hand table and loads the compiled
kernel (its CPU time is reported as the first-call cost).  Beside it: the
numpy reference engine on a few of the same situations (the same values,
checked) and the projected core-hours of the exact 52-card game.
"""

import random
import statistics
import sys
from time import perf_counter, process_time

__all__ = ["bench_rows", "situations", "whole_process"]

SEED = 20261201


def situations(count=50, seed=SEED):
    """``count`` fixed full-deck situations (no royal or straight flush in the five)."""
    from combin.stud.core.situation import Situation
    from combin.stud.core.values import hand_value, value_class
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        cards = rng.sample(range(52), 6)
        if value_class(hand_value(cards[:5])) in ("royal_flush", "straight_flush"):
            continue
        found.append(Situation(tuple(cards[:5]), cards[5]))
    return found


FULL_DECK_CLASSES = 5_649_150


def bench_rows(count=50, reference_count=3):
    """``[(label, seconds, note)]``: one situation, all options, compiled and numpy reference.

    The compiled engine (:mod:`combin.stud.draw.kernel`) is timed on ``count``
    situations; the numpy reference path (``Engine(reference=True)``) on the
    first ``reference_count`` of them, each checked to give the same values.
    The projected core-hours of the exact full-deck game are 5,649,150 classes
    times the median CPU seconds of one situation.
    """
    from combin.stud.draw.advise import advise, price
    from combin.stud.draw.engine import Engine
    from combin.stud.draw.options import option_keys
    from combin.stud.core.rules import load_game
    rules = load_game("lunar").resolve()
    chosen = situations(count)
    start_cpu = process_time()
    advise(chosen[0], rules)                       # warm-up: the hand table, compiled code
    first = process_time() - start_cpu
    times, cpu = [], []
    for index, situation in enumerate(chosen, 1):
        start, start_cpu = perf_counter(), process_time()
        options = advise(situation, rules)
        times.append(perf_counter() - start)
        cpu.append(process_time() - start_cpu)
        if len(options) != 29:
            raise AssertionError("advise did not price 29 options")
        print(f"bench: lunar advise {index}/{count}", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    reference_cpu = []
    for situation in chosen[:reference_count]:
        start_cpu = process_time()
        engine = Engine(situation, rules, reference=True)
        player = list(situation.player)
        slow = {key: price(engine, player, *key) for key in option_keys(rules)}
        reference_cpu.append(process_time() - start_cpu)
        fast = {(o.kind, tuple(sorted(player.index(c) for c in o.discard))): o.ev
                for o in advise(situation, rules, detail=False)}
        if any(fast[key] != value for key, value in slow.items()):
            raise AssertionError("the compiled and reference engines disagree")
    median, median_cpu = statistics.median(times), statistics.median(cpu)
    ratio = statistics.median(reference_cpu) / statistics.median(cpu[:reference_count])
    return [(f"lunar advise: one full-deck situation, all 29 options (median of {count})", median,
             f"fastest {min(times):.3f} s, slowest {max(times):.3f} s; CPU median {median_cpu:.3f} s "
             f"({1 / median_cpu:.2f} situations/s/core); first call {first:.1f} s CPU"),
            (f"lunar advise: numpy reference engine (median of {reference_count})",
             statistics.median(reference_cpu),
             f"CPU; reference / compiled = {ratio:.1f}x, same values"),
            ("lunar game: projected exact full-deck run", median_cpu * FULL_DECK_CLASSES / 3600,
             f"core-hours (not seconds): {FULL_DECK_CLASSES:,} classes x {median_cpu:.3f} CPU s; "
             "target <= 200, moonshot <= 10"),
            *whole_process()]


def whole_process(argv=("lunar", "advise", "AS KD 7H 7C 2D", "--up", "9S"), runs=3):
    """``combin lunar advise`` as a whole process: the first run (an empty cache folder) and the next.

    Each run is a fresh interpreter (``python -m combin -q ...``) with its own
    cache folder (:mod:`combin.cache`); the first builds the deck's hand table
    and the Bet pay levels and writes them, the later runs read them.  Wall
    seconds (:func:`time.perf_counter`) and the processor seconds of the child
    (:func:`resource.getrusage`), median of ``runs`` after the first.
    """
    import os
    import resource
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, COMBIN_CACHE_DIR=folder)
        found = []
        for _ in range(runs + 1):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = perf_counter()
            subprocess.run([sys.executable, "-m", "combin", "-q", *argv], env=env, check=True,
                           stdout=subprocess.DEVNULL)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            found.append((perf_counter() - start, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime))
    first, later = found[0], found[1:]
    wall = statistics.median(w for w, _ in later)
    cpu = statistics.median(c for _, c in later)
    return [("lunar advise: whole process, empty cache folder", first[0], f"{first[1]:.2f} s CPU"),
            (f"lunar advise: whole process, cached tables (median of {runs})", wall,
             f"{cpu:.2f} s CPU; first run / cached = {first[1] / cpu:.1f}x CPU; target <= 0.5 s")]
