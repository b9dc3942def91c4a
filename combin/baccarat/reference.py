"""The plain reference count of baccarat rounds: a nested loop over the ten point values.

:func:`nested_loop_rounds` is written the obvious way -- deal Player, Banker,
Player, Banker, draw by the tableau, multiply the remaining counts -- and
shares nothing with the fast enumerator (:mod:`combin.baccarat.enumeration`)
but the :class:`~combin.baccarat.enumeration.Round` it reports.  It is the
second method the tests and the audit compare the enumerator with, and the
naive side of ``make bench``.  Why it is exact: every weight is a product of
integer card counts; a round that ends before the sixth card is weighted by
the ordered ways ``(N - 4)(N - 5)`` or ``N - 5`` its unused tail can be drawn,
so every count shares the denominator ``N (N-1) ... (N-5)``.
"""

from collections import Counter
from collections.abc import Callable, Sequence

from combin.baccarat.enumeration import Round
from combin.baccarat.tableau import banker_draws

__all__ = ["nested_loop_rounds"]


def nested_loop_rounds(counts: Sequence[int]) -> dict[Round, int]:
    """Exact round counts by a plain nested loop over point values (the naive reference)."""
    n = list(counts)
    cards = sum(n)
    result: Counter[Round] = Counter()

    def take(value: int) -> int:
        weight = n[value]
        n[value] -= 1
        return weight

    for p1 in range(10):
        w1 = take(p1)
        for b1 in range(10):
            w2 = w1 * take(b1)
            for p2 in range(10):
                w3 = w2 * take(p2)
                for b2 in range(10):
                    w4 = w3 * take(b2)
                    if w4:
                        _draws(n, result, w4, cards, (p1 + p2) % 10, (b1 + b2) % 10, take)
                    n[b2] += 1
                n[p2] += 1
            n[b1] += 1
        n[p1] += 1
    return {state: count for state, count in result.items() if count}


def _draws(n: list[int], result: Counter[Round], weight: int, cards: int, player: int,
           banker: int, take: Callable[[int], int]) -> None:
    if player >= 8 or banker >= 8:
        result[Round(2, player, 2, banker)] += weight * (cards - 4) * (cards - 5)
        return
    if player >= 6:
        if banker <= 5:
            for b3 in range(10):
                result[Round(2, player, 3, (banker + b3) % 10)] += weight * n[b3] * (cards - 5)
        else:
            result[Round(2, player, 2, banker)] += weight * (cards - 4) * (cards - 5)
        return
    for p3 in range(10):
        w5 = weight * take(p3)
        total = (player + p3) % 10
        if banker_draws(banker, p3):
            for b3 in range(10):
                result[Round(3, total, 3, (banker + b3) % 10)] += w5 * n[b3]
        else:
            result[Round(3, total, 2, banker)] += w5 * (cards - 5)
        n[p3] += 1
