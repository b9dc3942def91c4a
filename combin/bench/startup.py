"""Start-up of the command line, for ``make bench``: ``combin par`` as a whole process.

:func:`bench_rows` times ``combin par eclipse.eclipse`` run as a process (the
interpreter's start, the imports, the 8-deck enumeration, the sheet) beside a
plain nested-loop enumerator of the same 8-deck rounds run as a script
(:data:`PLAIN`: no ``combin`` import, the tableau written inline), best of
several runs each.  The target is a ratio of at most 0.8: registering a game
must not import its heavy parts (cross-checks, simulation dealers), which load
when a command asks for them (:class:`combin.core.game.Lazy`).

Both run as an installed program runs: with compiled bytecode.  A
``PYTHONDONTWRITEBYTECODE`` in the environment is dropped for the runs (the
first run, not counted, writes the ``.pyc`` files), since otherwise every start
would compile the forty-odd modules of ``combin par`` from source -- a cost an
installed package does not pay.

>>> "def banker_draws" in PLAIN
True
>>> import sys
>>> cpu, wall = process_times([sys.executable, "-c", "pass"], repeat=1)
>>> 0 < process_seconds([sys.executable, "-c", "pass"], repeat=1) < 60
True
"""

import os
import subprocess
import sys
from time import perf_counter

__all__ = ["bench_rows", "PLAIN", "process_seconds", "process_times"]

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


def process_times(argv: list[str], repeat: int = 9) -> tuple[float, float]:
    """The fastest wall time and the least CPU time (user and system) of ``repeat`` runs of
    the process ``argv`` (its output discarded), after one run that is not counted.  The
    CPU time is what a busy machine changes least: it leaves out the waits for a core."""
    import resource
    environ = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    wall = cpu = float("inf")
    for attempt in range(repeat + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env=environ)
        elapsed = perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if attempt:             # the first run writes the bytecode
            wall = min(wall, elapsed)
            cpu = min(cpu, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return wall, cpu


def process_seconds(argv: list[str], repeat: int = 9) -> float:
    """The fastest wall time of ``repeat`` runs of the process ``argv`` (:func:`process_times`)."""
    return process_times(argv, repeat)[0]


def bench_rows() -> list[tuple[str, float, str]]:
    par, par_cpu = process_times([sys.executable, "-m", "combin", "par", "eclipse.eclipse"])
    plain, plain_cpu = process_times([sys.executable, "-c", PLAIN])
    return [("start-up: combin par eclipse.eclipse, whole process", par,
             f"{par / plain:.2f}x a plain nested-loop enumerator script ({plain:.3f} s; target "
             f"<= 0.8x); CPU {par_cpu:.3f} s against {plain_cpu:.3f} s, {par_cpu / plain_cpu:.2f}x"),
            ("start-up: plain nested-loop enumerator script, 8 decks", plain, "")]
