"""Timings of ``combin lunar advise``, for ``make bench``.

:func:`bench_rows` prices the options (29, with the best option's result
probabilities) of a fixed set of full-deck situations -- drawn once with a
seeded :class:`random.Random`, instant-payout hands skipped -- and reports the
median, the fastest and the slowest, each measured with
:func:`time.perf_counter`, the median and mean CPU time of the process
(:func:`time.process_time`, which a shared machine's load disturbs less) and
the share of options pruned.  A warm-up situation first loads the tables and
the compiled kernel (its CPU time is reported as the first-call cost).
Beside it: the card-by-card engine and the numpy reference engine on a few of
the same situations (the same values, checked) and the projected core-hours
of the exact 52-card game.
"""

import random
import statistics
import sys
from time import perf_counter, process_time

__all__ = ["bench_rows", "situations", "whole_process"]

SEED = 20261201


def situations(count=50, seed=SEED):
    """``count`` fixed full-deck situations (no royal or straight flush in the five).

    >>> found = situations(3)
    >>> len(found), found == situations(3), all(len(s.player) == 5 for s in found)
    (3, True, True)
    """
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
    """``[(label, seconds, note)]``: one situation at a time, the rank engine against the card engine.

    ``combin lunar advise`` (the rank engine, :mod:`combin.stud.draw.rank`: the
    best option and the runner-up exact, every other option proven below them)
    is timed on ``count`` fixed situations; the card-by-card engine (every
    option, :func:`combin.stud.reference.cards.advise.advise_cards`: the engine before
    the rank engine) and the numpy reference path (``Engine(reference=True)``)
    on the first ``reference_count`` of them, each checked to give the same
    values.  The projected core-hours of the exact full-deck game are
    5,649,150 classes times the mean (and the median) CPU seconds of one situation.
    """
    from combin.stud.draw.advise import advise
    from combin.stud.reference.cards.advise import advise_cards, price
    from combin.stud.reference.cards.engine import Engine
    from combin.stud.draw.options import option_keys
    from combin.stud.core.rules import load_rules
    rules = load_rules("lunar").resolve()
    chosen = situations(count)
    start_cpu = process_time()
    advise(chosen[0], rules)                       # warm-up: the tables, compiled code
    first = process_time() - start_cpu
    times, cpu = [], []
    pruned = 0
    for index, situation in enumerate(chosen, 1):
        start, start_cpu = perf_counter(), process_time()
        options = advise(situation, rules)
        times.append(perf_counter() - start)
        cpu.append(process_time() - start_cpu)
        if len(options) != 29:
            raise AssertionError("advise did not price 29 options")
        pruned += sum(1 for option in options if option.bound)
        print(f"bench: lunar advise {index}/{count}", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    card_cpu, reference_cpu = [], []
    for situation in chosen[:reference_count]:
        fast = {(o.kind, o.discard): o.ev for o in advise(situation, rules, detail=False, everything=True)}
        start_cpu = process_time()
        cards = {(o.kind, o.discard): o.ev for o in advise_cards(situation, rules)}
        card_cpu.append(process_time() - start_cpu)
        start_cpu = process_time()
        engine = Engine(situation, rules, reference=True)
        player = list(situation.player)
        slow = {(kind, tuple(player[p] for p in positions)): price(engine, player, kind, positions)
                for kind, positions in option_keys(rules)}
        reference_cpu.append(process_time() - start_cpu)
        if cards != fast or slow != fast:
            raise AssertionError("the rank, card and reference engines disagree")
    median, median_cpu, mean_cpu = statistics.median(times), statistics.median(cpu), statistics.mean(cpu)
    card = statistics.median(card_cpu)
    share = pruned / (29 * count)
    return [(f"lunar advise: one full-deck situation, rank engine (median of {count})", median,
             f"fastest {min(times):.4f} s, slowest {max(times):.4f} s; CPU median {median_cpu * 1000:.2f} ms, "
             f"mean {mean_cpu * 1000:.2f} ms ({1 / mean_cpu:.0f} situations/s/core); options pruned "
             f"{share:.1%} (priced exactly: the best, the runner-up and those whose bound reached them); "
             f"first call {first:.1f} s CPU"),
            (f"lunar advise: card-by-card engine, every option (median of {reference_count})", card,
             f"CPU; card / rank = {card / statistics.median(cpu[:reference_count]):.1f}x, same values"),
            (f"lunar advise: numpy reference engine (median of {reference_count})",
             statistics.median(reference_cpu),
             f"CPU; reference / rank = {statistics.median(reference_cpu) / statistics.median(cpu[:reference_count]):.0f}x, "
             "same values"),
            ("lunar game: projected exact full-deck run", mean_cpu * FULL_DECK_CLASSES / 3600,
             f"core-hours (not seconds): {FULL_DECK_CLASSES:,} classes x {mean_cpu * 1000:.2f} ms mean CPU "
             f"({median_cpu * FULL_DECK_CLASSES / 3600:.1f} at the median); target <= 10, moonshot <= 2"),
            *whole_process()]


def whole_process(argv=("lunar", "advise", "AS KD 7H 7C 2D", "--up", "9S"), runs=3):
    """``combin lunar advise`` as a whole process: the first run (an empty cache folder) and the next.

    Each run is a fresh interpreter (``python -m combin -q ...``) with its own
    cache folder (:mod:`combin.running.cache`); the first builds the deck's hand table
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
