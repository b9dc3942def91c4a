"""Timings of ``combin lunar advise``, for ``make bench``.

:func:`bench_rows` prices every option (29, with the best option's result
probabilities) of a fixed set of full-deck situations -- drawn once with a
seeded :class:`random.Random`, instant-payout hands skipped -- and reports the
median, the fastest and the slowest, each measured with
:func:`time.perf_counter`, and the median CPU time of the process
(:func:`time.process_time`, which a shared machine's load disturbs less).  The process-wide index arrays of every k-subset of
the 46 unseen cards are built once before timing (a warm-up situation).
"""

import random
import statistics
import sys
from time import perf_counter, process_time

__all__ = ["bench_rows", "situations"]

SEED = 20261201


def situations(count=50, seed=SEED):
    """``count`` fixed full-deck situations (no royal or straight flush in the five)."""
    from combin.stud.situation import Situation
    from combin.stud.values import hand_value, value_class
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        cards = rng.sample(range(52), 6)
        if value_class(hand_value(cards[:5])) in ("royal_flush", "straight_flush"):
            continue
        found.append(Situation(tuple(cards[:5]), cards[5]))
    return found


def bench_rows(count=50):
    """``[(label, seconds, note)]``: the median of one situation, all options, over ``count``."""
    from combin.stud.advise import advise
    from combin.stud.rules import load_game
    rules = load_game("lunar").resolve()
    chosen = situations(count)
    advise(chosen[0], rules)                       # warm-up: subset index arrays
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
    median = statistics.median(times)
    return [(f"lunar advise: one full-deck situation, all 29 options (median of {count})", median,
             f"fastest {min(times):.2f} s, slowest {max(times):.2f} s; CPU median "
             f"{statistics.median(cpu):.2f} s; target < 2 s, moonshot < 0.1 s")]
