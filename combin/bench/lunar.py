"""Timings of the Lunar Poker hand-class counts, for ``make bench``.

:func:`bench_rows` times the closed-form five-card class table and the
exhaustive five- and six-card passes, each once, with
:func:`time.perf_counter`, and checks that every timed result is right, so a
fast wrong answer cannot pass for a fast one.
"""

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, TypeVar
from itertools import combinations
from math import comb
from time import perf_counter, process_time

from combin.core.cards import format_card
from combin.lunar.classes import class_counts

__all__ = ["bench_rows", "joint_rows"]

T = TypeVar("T")


def _timed(compute: Callable[[], T]) -> tuple[T, float]:
    start = perf_counter()
    result = compute()
    return result, perf_counter() - start


def bench_rows(six_cards: bool = True) -> list[tuple[str, float, str]]:
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


def _eval7_row() -> tuple[str, float, str]:
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


def joint_rows() -> list[tuple[str, float, str]]:
    """Rows for the joint Super tables (several Supers at one table, :mod:`combin.lunar.joint`).

    The two-hand table of the 52-card deck, best of three, checked against its
    total and the single-hand margins; the three-hand tables (:func:`_three_hand_rows`);
    and the plain enumeration of every ordered pair on 20 cards beside the fast count
    of the same deck.
    """
    from combin.lunar.classes import super_feature_counts
    from combin.lunar.joint import cycle, margin, plain_pair_counts, two_hand_counts
    best = float("inf")
    for _ in range(3):
        counts, seconds = _timed(two_hand_counts)
        best = min(best, seconds)
    single = {key: deals * comb(47, 5) for key, deals in super_feature_counts().items()}
    if sum(counts.values()) != cycle(52, 2) or margin(counts, 0) != single:
        raise AssertionError("the two-hand joint table misses its total or its margins")
    rows = [("lunar: two Super hands, joint table, 52 cards", best,
             f"{len(counts):,} cells, {cycle(52, 2):,} deals (target < 3 s, moonshot < 0.3 s)")]
    rows += _three_hand_rows()
    fast, fast_seconds = _timed(lambda: two_hand_counts("TJQKA"))
    plain, seconds = _timed(lambda: plain_pair_counts("TJQKA"))
    if fast != plain:
        raise AssertionError("fast and plain two-hand counts differ on TJQKA")
    rows.append(("lunar: plain enumeration of every pair, 20 cards", seconds,
                 f"{seconds / fast_seconds:.0f}x the fast count of the same deck"))
    return rows


def _cpu(compute: Callable[[], T]) -> tuple[T, float]:
    start = process_time()
    result = compute()
    return result, process_time() - start


def _three_hand_rows() -> list[tuple[str, float, str]]:
    """The three-hand table of the 52-card deck by the rank scan, in CPU seconds (numba compiled
    first, on a 16-card deck), checked against its total and the single-hand margins, beside the
    time conditioning on the first hand would take: its count of the 20-card deck TJQKA, and
    two of the 350,272 two-hand counts of the 52-card deck (the first hand's suit classes)
    timed and multiplied out."""
    from combin.lunar.classes import super_feature_counts
    from combin.lunar.joint import (MAX_THREE_HAND_CARDS, suit_classes, key_index, pair_matrix,
                                    cycle, deck, margin, three_hand_counts, three_hand_scan)
    import numpy as np
    three_hand_scan("JQKA")                                   # compile the inner loop
    counts, seconds = _cpu(three_hand_scan)
    single = {key: deals * comb(47, 5) * comb(42, 5) for key, deals in super_feature_counts().items()}
    if sum(counts.values()) != cycle(52, 3) or any(margin(counts, hand) != single
                                                   for hand in range(3)):
        raise AssertionError("the three-hand joint table misses its total or its margins")
    cards = deck()
    codes, index, hands, _ = key_index(cards)
    first, sizes = suit_classes(cards, hands)
    sample = (0, len(first) // 2)
    _, per_class = _cpu(lambda: [pair_matrix(np.setdiff1d(cards, cards[hands[first[row]]]),
                                              index, len(codes)) for row in sample])
    projected = per_class / len(sample) * len(first)
    small, small_seconds = _cpu(lambda: three_hand_counts("TJQKA"))
    scanned, scan_seconds = _cpu(lambda: three_hand_scan("TJQKA"))
    if small != scanned:
        raise AssertionError("rank scan and conditioning differ on TJQKA")
    return [
        ("lunar: three Super hands, joint table, 52 cards (rank scan, CPU s)", seconds,
         f"{len(counts):,} cells, {cycle(52, 3):,} deals; conditioning on the first hand "
         f"projects to {projected / 3600:,.0f} CPU hours ({len(first):,} two-hand counts of "
         f"{per_class / len(sample):.2f} s): {projected / seconds:,.0f}x (target < 10 min)"),
        (f"lunar: three Super hands, 20-card deck TJQKA, conditioning (CPU s; decks of at most "
         f"{MAX_THREE_HAND_CARDS} cards)", small_seconds,
         f"{len(small):,} cells; the rank scan of the same deck {scan_seconds:.2f} s"),
    ]
