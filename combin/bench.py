"""``make bench``: timings of the exact computations, beside naive references.

Run as ``python -m combin.bench``.  Speed is measured here, never asserted in
a test.  The baccarat reference is :func:`nested_loop_rounds`, a plain
nested loop over the ten point values written the obvious way: deal Player,
Banker, Player, Banker, draw by the tableau, multiply the remaining counts.
It is also a third method the tests compare the fast enumerator with.
"""

import sys
import time
from collections import Counter

from combin.baccarat.enumeration import Round
from combin.baccarat.tableau import banker_draws

__all__ = ["nested_loop_rounds", "main"]


def nested_loop_rounds(counts):
    """Exact round counts by a plain nested loop over point values (the naive reference)."""
    n = list(counts)
    cards = sum(n)
    result = Counter()

    def take(value):
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


def _draws(n, result, weight, cards, player, banker, take):
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


def _time(function, repeat=5):
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        value = function()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None or elapsed < best else best
    return best, value


def baccarat_rows():
    from combin.analysis import paytable_ids, par_sheet
    from combin.baccarat import GAME
    from combin.baccarat.enumeration import outcome_space
    from combin.baccarat.shoe import Shoe

    shoe = Shoe.full(8)

    def full_analysis():
        space = outcome_space(shoe)
        sheets = []
        for wager in GAME.wagers.values():
            if wager.id.startswith("dragon."):
                continue
            rules = GAME.rulesets if wager.ruled else [None]
            for rule in rules:
                imposed = GAME.rulesets[rule].paytables.get(wager.id) if rule else None
                for paytable in [imposed] if imposed else paytable_ids(GAME, wager):
                    sheet = par_sheet(wager.id, paytable=paytable, rules=rule, space=space)
                    sheet.summary, sheet.risk
                    sheets.append(sheet)
        return sheets

    enumerate_time, _ = _time(lambda: outcome_space(shoe))
    full_time, sheets = _time(full_analysis)
    naive_time, naive = _time(lambda: nested_loop_rounds(shoe.counts), repeat=2)
    assert naive == outcome_space(shoe).counts, "the naive and fast enumerations disagree"
    return [
        ("baccarat: fast enumeration, 8 decks", enumerate_time, ""),
        (f"baccarat: full 8-deck analysis ({len(sheets)} par sheets)", full_time, "target < 0.100 s"),
        ("baccarat: plain nested-loop enumeration, 8 decks", naive_time,
         f"{naive_time / full_time:.1f}x the full analysis, "
         f"{naive_time / enumerate_time:.1f}x the fast enumeration (target >= 5x)"),
    ]


#: Benchmark sections, ``"module:function"``; each function returns ``[(label, seconds, note)]``.
SECTIONS = (
    "combin.bench:baccarat_rows",
    "combin.lunar.bench:bench_rows",
    "combin.lunar.bench:joint_rows",
    "combin.protection.bench:bench_rows",
)


def main(argv=None):
    from importlib import import_module
    rows = []
    for section in SECTIONS:
        module, function = section.split(":")
        print(f"bench: {section}", file=sys.stderr, flush=True)
        rows += getattr(import_module(module), function)()
    width = max(len(label) for label, _, _ in rows)
    print(f"{'benchmark'.ljust(width)}  {'seconds':>9}  note")
    for label, seconds, note in rows:
        print(f"{label.ljust(width)}  {seconds:9.4f}  {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
