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

__all__ = ["bench_rows", "joint_rows"]


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


def joint_rows():
    """Rows for the joint Super tables (several Supers at one table, :mod:`combin.lunar.joint`).

    The two-hand table of the 52-card deck, best of three, checked against its
    total and the single-hand margins; the three-hand table of the 20-card deck
    TJQKA; and the plain enumeration of every ordered pair on 20 cards beside
    the fast count of the same deck.
    """
    from combin.lunar.classes import super_feature_counts
    from combin.lunar.joint import (cycle, margin, plain_pair_counts, three_hand_counts,
                                    two_hand_counts)
    best = None
    for _ in range(3):
        counts, seconds = _timed(two_hand_counts)
        best = seconds if best is None else min(best, seconds)
    single = {key: deals * comb(47, 5) for key, deals in super_feature_counts().items()}
    if sum(counts.values()) != cycle(52, 2) or margin(counts, 0) != single:
        raise AssertionError("the two-hand joint table misses its total or its margins")
    rows = [("lunar: two Super hands, joint table, 52 cards", best,
             f"{len(counts):,} cells, {cycle(52, 2):,} deals (target < 3 s, moonshot < 0.3 s)")]
    three, seconds = _timed(lambda: three_hand_counts("TJQKA"))
    rows.append(("lunar: three Super hands, 20-card deck TJQKA", seconds,
                 f"{len(three):,} cells; 52 cards: 350,272 two-hand counts, not done"))
    fast, fast_seconds = _timed(lambda: two_hand_counts("TJQKA"))
    plain, seconds = _timed(lambda: plain_pair_counts("TJQKA"))
    if fast != plain:
        raise AssertionError("fast and plain two-hand counts differ on TJQKA")
    rows.append(("lunar: plain enumeration of every pair, 20 cards", seconds,
                 f"{seconds / fast_seconds:.0f}x the fast count of the same deck"))
    return rows
