"""Timings of the stud engine, for ``make bench``.

:func:`bench_rows` times the tables of the full deck (every hand's value, the
dealer-counting tables, the situation classes) and the whole Caribbean Stud
game under optimal play, and checks the timed total against the published
loss, so a fast wrong answer cannot pass for a fast one.  The ratio is to the
19.9 trillion hand comparisons a brute force makes (every player hand, up
card and dealer hand).

>>> PUBLISHED_LOSS
-1041372912372
"""

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, TypeVar
from math import comb
from time import perf_counter

__all__ = ["bench_rows", "PUBLISHED_LOSS"]

T = TypeVar("T")

PUBLISHED_LOSS = -1041372912372
"""Caribbean Stud, optimal play: total result in Ante units (ANCHORS.md)."""


def _timed(compute: Callable[[], T]) -> tuple[T, float]:
    start = perf_counter()
    result = compute()
    return result, perf_counter() - start


def bench_rows() -> list[tuple[str, float, str]]:
    from combin.stud.nodraw.dealer import dealer_counter
    from combin.stud.core.deck import Deck
    from combin.stud.core.rules import load_rules
    from combin.stud.core.classes import list_situations
    from combin.stud.core.values import hand_table
    from combin.stud.nodraw.game import whole_game

    deck = Deck.parse(None)
    rows = []
    _, seconds = _timed(lambda: hand_table(deck))
    rows.append(("stud: value of every 5-card hand", seconds, f"{comb(52, 5):,} hands"))
    _, seconds = _timed(lambda: dealer_counter(deck))
    rows.append(("stud: dealer-counting tables", seconds, "1- to 4-card sets, sorted levels"))
    classes, seconds = _timed(lambda: list_situations(deck))     # computed, not a kept copy
    rows.append(("stud: situation classes (suit symmetry)", seconds, f"{len(classes[3]):,} classes"))
    result, seconds = _timed(lambda: whole_game(load_rules("caribbean").resolve(), deck))
    if result.total != PUBLISHED_LOSS:
        raise AssertionError(f"Caribbean Stud total {result.total} is not the published figure")
    brute = comb(52, 5) * 47 * comb(46, 4)
    rows.append(("stud: Caribbean Stud whole game, optimal", seconds,
                 f"published total reproduced; brute force is {brute:,} comparisons "
                 f"({brute / seconds:,.0f} per second here); target < 600 s"))
    return rows
