"""Start-up of the command line, for ``make bench``: ``combin par`` as a whole process.

:func:`bench_rows` times ``combin par eclipse.eclipse`` run as a process (the
interpreter's start, the imports, the 8-deck enumeration, the sheet) beside a
plain nested-loop enumerator of the same 8-deck rounds run as a script
(:data:`PLAIN`: no ``combin`` import, the tableau written inline), best of
several runs each.  The target is a ratio of at most 0.8: registering a game
must not import its heavy parts (cross-checks, simulation dealers), which load
when a command asks for them (:class:`combin.game.Lazy`).
"""

import subprocess
import sys
from time import perf_counter

__all__ = ["bench_rows", "PLAIN", "process_seconds"]

#: A plain enumerator of 8-deck baccarat rounds by nested loops over the ten point values.
PLAIN = """
n = [128] + [32] * 9
totals = {}

def banker_draws(b, third):
    if third is None:
        return b <= 5
    if b <= 2:
        return True
    return {3: third != 8, 4: 2 <= third <= 7, 5: 4 <= third <= 7, 6: third in (6, 7)}.get(b, False)

def take(v):
    w = n[v]
    n[v] -= 1
    return w

def add(key, w):
    totals[key] = totals.get(key, 0) + w

for p1 in range(10):
    w1 = take(p1)
    for b1 in range(10):
        w2 = w1 * take(b1)
        for p2 in range(10):
            w3 = w2 * take(p2)
            for b2 in range(10):
                w4 = w3 * take(b2)
                p, b = (p1 + p2) % 10, (b1 + b2) % 10
                if p >= 8 or b >= 8:
                    add((p, b), w4 * (sum(n) - 0) * (sum(n) - 1))
                elif p >= 6:
                    if b <= 5:
                        for b3 in range(10):
                            add((p, (b + b3) % 10), w4 * n[b3] * (sum(n) - 1))
                    else:
                        add((p, b), w4 * sum(n) * (sum(n) - 1))
                else:
                    for p3 in range(10):
                        w5 = w4 * take(p3)
                        q = (p + p3) % 10
                        if banker_draws(b, p3) and b <= 6:
                            for b3 in range(10):
                                add((q, (b + b3) % 10), w5 * n[b3])
                        else:
                            add((q, b), w5 * sum(n))
                        n[p3] += 1
                n[b2] += 1
            n[p2] += 1
        n[b1] += 1
    n[p1] += 1
print(len(totals), sum(totals.values()))
"""


def process_seconds(argv: list[str], repeat: int = 5) -> float:
    """The fastest wall time of ``repeat`` runs of the process ``argv`` (its output discarded)."""
    best = float("inf")
    for _ in range(repeat):
        start = perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        elapsed = perf_counter() - start
        best = min(best, elapsed)
    return best


def bench_rows() -> list[tuple[str, float, str]]:
    par = process_seconds([sys.executable, "-m", "combin", "par", "eclipse.eclipse"])
    plain = process_seconds([sys.executable, "-c", PLAIN])
    return [("start-up: combin par eclipse.eclipse, whole process", par,
             f"{par / plain:.2f}x a plain nested-loop enumerator script ({plain:.3f} s; target <= 0.8x)"),
            ("start-up: plain nested-loop enumerator script, 8 decks", plain, "")]
