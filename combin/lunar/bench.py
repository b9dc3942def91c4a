"""Timings of the Lunar Poker hand-class counts, for ``make bench``.

:func:`bench_rows` times the closed-form five-card class table and the
exhaustive five- and six-card passes, each once, with
:func:`time.perf_counter`, and checks that every timed result is right, so a
fast wrong answer cannot pass for a fast one.
"""

from itertools import combinations
from math import comb
from time import perf_counter

from combin.lunar.cards import format_card
from combin.lunar.classes import class_counts

__all__ = ["bench_rows"]


def _timed(compute):
    start = perf_counter()
    result = compute()
    return result, perf_counter() - start


def bench_rows(six_cards=True):
    """Return ``[(label, seconds, note), ...]`` for the Lunar Poker counts.

    Rows: the closed-form five-card class table, the exhaustive five-card
    pass and, unless *six_cards* is false, the exhaustive six-card pass.
    Each exhaustive result is compared with the closed form; a mismatch
    raises AssertionError rather than reporting a time.
    """
    from combin.lunar.exhaustive import class_counts_exhaustive

    rows = []
    closed, seconds = _timed(lambda: class_counts(5))
    rows.append(("lunar: closed-form 5-card classes", seconds,
                 f"{len(closed)} classes, {comb(52, 5):,} hands"))
    for cards in (5, 6) if six_cards else (5,):
        counted, seconds = _timed(lambda: class_counts_exhaustive(cards))
        if counted != class_counts(cards):
            raise AssertionError(f"exhaustive {cards}-card counts differ from the closed form")
        rows.append((f"lunar: exhaustive {cards}-card pass", seconds,
                     f"{comb(52, cards):,} hands, agrees with closed form"))
    rows.append(_eval7_row())
    return rows


def _eval7_row():
    """eval7 (the ``peers`` extra) evaluating every five-card hand, for comparison."""
    try:
        import eval7
    except ImportError:
        return ("lunar: eval7, every 5-card hand (peer)", float("nan"),
                "eval7 not installed (make peers installs it)")
    deck = [eval7.Card(format_card(card)) for card in range(52)]
    evaluate = eval7.evaluate
    start = perf_counter()
    for hand in combinations(deck, 5):
        evaluate(hand)
    return ("lunar: eval7, every 5-card hand (peer)", perf_counter() - start,
            f"{comb(52, 5):,} hands, one call each")
