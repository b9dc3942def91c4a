"""``make bench``: timings of the exact computations, beside naive references.

Run as ``python -m combin.bench``.  Every benchmark module of the project is here,
one per subject: :mod:`~combin.bench.startup` (the command line as a whole process),
:mod:`~combin.bench.baccarat`, :mod:`~combin.bench.lunar` (the side
bets), :mod:`~combin.bench.protection`, :mod:`~combin.bench.stud` (the no-draw game),
:mod:`~combin.bench.advise` (one situation with draws), :mod:`~combin.bench.profile`
(the engine's time step by step) and :mod:`~combin.bench.game`
(the whole game with draws).  Speed is measured here, never asserted in a test.

>>> len(SECTIONS), SECTIONS[0]
(9, 'combin.bench.startup:bench_rows')
"""

import sys
from importlib import import_module

__all__ = ["SECTIONS", "main"]


#: Benchmark sections, ``"module:function"``; each function returns ``[(label, seconds, note)]``.
SECTIONS = (
    "combin.bench.startup:bench_rows",
    "combin.bench.baccarat:bench_rows",
    "combin.bench.lunar:bench_rows",
    "combin.bench.lunar:joint_rows",
    "combin.bench.protection:bench_rows",
    "combin.bench.stud:bench_rows",
    "combin.bench.advise:bench_rows",
    "combin.bench.profile:profile_rows",
    "combin.bench.game:bench_rows",
)


def main(argv: list[str] | None = None) -> int:
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

