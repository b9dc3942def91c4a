"""Timings of the stud engine, for ``make bench``.

:func:`whole_rows` times the tables of the full deck (every hand's value, the
dealer-counting tables, the situation classes) and the whole Caribbean Stud
game under optimal play, and checks the timed total against the published
loss, so a fast wrong answer cannot pass for a fast one.  The ratio is to the
19.9 trillion hand comparisons a brute force makes (every player hand, up
card and dealer hand).

:func:`advise_rows` times ``combin lunar advise``: every option (29, with the
best option's result probabilities) of a fixed set of full-deck situations --
drawn once with a seeded :class:`random.Random`, instant-payout hands skipped
-- reporting the median, the fastest and the slowest, each measured with
:func:`time.perf_counter`, and the median CPU time of the process
(:func:`time.process_time`, which a shared machine's load disturbs less).  The
process-wide index arrays of every k-subset of the 46 unseen cards are built
once before timing (a warm-up situation).

:func:`bench_rows` is both.
"""

import random
import statistics
import sys
from math import comb
from time import perf_counter, process_time

__all__ = ["bench_rows", "advise_rows", "whole_rows", "situations", "PUBLISHED_LOSS"]

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


def advise_rows(count=50):
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
        print(f"\rbench: lunar advise {index}/{count}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    median = statistics.median(times)
    return [(f"lunar advise: one full-deck situation, all 29 options (median of {count})", median,
             f"fastest {min(times):.2f} s, slowest {max(times):.2f} s; CPU median "
             f"{statistics.median(cpu):.2f} s; target < 2 s, moonshot < 0.1 s")]


PUBLISHED_LOSS = -1041372912372
"""Caribbean Stud, optimal play: total result in Ante units (ANCHORS.md)."""


def _timed(compute):
    start = perf_counter()
    result = compute()
    return result, perf_counter() - start


def whole_rows():
    from combin.stud.dealer import dealer_counter
    from combin.stud.deck import Deck
    from combin.stud.rules import load_game
    from combin.stud.situations import situations
    from combin.stud.values import hand_table
    from combin.stud.whole import whole_game

    deck = Deck.parse(None)
    rows = []
    _, seconds = _timed(lambda: hand_table(deck))
    rows.append(("stud: value of every 5-card hand", seconds, f"{comb(52, 5):,} hands"))
    _, seconds = _timed(lambda: dealer_counter(deck))
    rows.append(("stud: dealer-counting tables", seconds, "1- to 4-card sets, sorted levels"))
    classes, seconds = _timed(lambda: situations(deck))
    rows.append(("stud: situation classes (suit symmetry)", seconds, f"{len(classes[3]):,} classes"))
    result, seconds = _timed(lambda: whole_game(load_game("caribbean").resolve(), deck))
    if result.total != PUBLISHED_LOSS:
        raise AssertionError(f"Caribbean Stud total {result.total} is not the published figure")
    brute = comb(52, 5) * 47 * comb(46, 4)
    rows.append(("stud: Caribbean Stud whole game, optimal", seconds,
                 f"published total reproduced; brute force is {brute:,} comparisons "
                 f"({brute / seconds:,.0f} per second here); target < 600 s"))
    return rows


def bench_rows():
    """The whole-game rows, then the advise rows."""
    return whole_rows() + advise_rows()
