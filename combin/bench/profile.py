"""Where the decision engine's time goes, step by step, for ``make bench``.

:func:`profile` prices every option of the bench's 50 fixed full-deck
situations (:func:`combin.bench.advise.situations`, the same as the advise
timings) with the best option's distribution, and charges the processor time
(:func:`time.process_time`) of each compiled step of the kernel to its name:
the dealer tables (per situation), the gathering of the forcing rows around
them (the rest of :meth:`~combin.stud.draw.engine.Engine._tables`), the draw
listing, the draw groups, the first pass, the sums of :func:`option_sums`
(with each of its passes apart where the kernel exposes them: the level
sweep, the numerators and forcing), and the best option's distribution.
The steps are found by name on :mod:`combin.stud.draw.kernel`; each is
wrapped for the measurement and restored after, so the figures come from the
production path, not a copy of it.  :func:`profile_rows` gives the bench
rows: per step, the CPU milliseconds per situation and the share of the whole.

>>> sorted(STEPS)[:3]
['dealer_tables', 'distribution', 'draw_groups']
"""

from __future__ import annotations

from collections import defaultdict
from time import process_time
from typing import Callable

__all__ = ["STEPS", "profile", "profile_rows"]

#: Kernel entry points timed, in the order of a situation's work, with what the bench calls them.
STEPS = {
    "dealer_tables": "dealer tables",
    "own_outs": "forcing rows: own outs",
    "enumerate_draws": "draw listing",
    "draw_groups": "draw groups",
    "first_pass": "first pass",
    "level_sweep": "level sweep",
    "numerators": "numerators and forcing",
    "option_sums": "option sums (sweep, numerators, forcing)",
    "distribution": "best option's distribution",
}


def _timed(function: Callable, spent: dict, name: str) -> Callable:
    def timed(*args, **kwargs):
        start = process_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent[name] += process_time() - start
    return timed


def profile(count: int = 50) -> tuple[dict, float, int]:
    """``({step: CPU seconds}, total CPU seconds, situations)`` over ``count`` fixed situations.

    The warm-up situation (the deck's hand table, the compiled kernel) is
    priced first and not counted.  A step nested in another (a pass inside
    :func:`option_sums`) is charged to both: its share is of the whole, not
    of its parent.
    """
    from combin.bench.advise import situations
    from combin.stud.draw import advise as advise_module
    from combin.stud.draw import engine as engine_module
    from combin.stud.draw import kernel
    from combin.stud.draw.chunks import warm_up
    from combin.stud.draw.spec import resolve_rules
    from combin.stud.core.deck import Deck
    rules = resolve_rules("lunar", None, ())
    warm_up(Deck.parse(None), rules)
    spent: dict = defaultdict(float)
    patched = []
    targets = [kernel, engine_module]
    for name in STEPS:
        for module in targets:
            if hasattr(module, name):
                patched.append((module, name, getattr(module, name)))
                setattr(module, name, _timed(getattr(module, name), spent, name))
    for sub in ("tables", "draws", "groups", "sums", "forcing"):
        module = getattr(kernel, sub, None)
        for name in STEPS:
            if module is not None and hasattr(module, name):
                patched.append((module, name, getattr(module, name)))
                setattr(module, name, _timed(getattr(module, name), spent, name))
    patched.append((advise_module, "distribution", advise_module.distribution))
    advise_module.distribution = _timed(advise_module.distribution, spent, "distribution")
    original_tables = engine_module.Engine._tables

    def tables(self):
        fresh = self._kernel is None
        start = process_time()
        try:
            return original_tables(self)
        finally:
            if fresh:
                spent["tables"] += process_time() - start
    engine_module.Engine._tables = tables
    try:
        found = situations(count)
        start = process_time()
        for situation in found:
            advise_module.advise(situation, rules, detail=True)
        total = process_time() - start
    finally:
        engine_module.Engine._tables = original_tables
        for module, name, function in reversed(patched):
            setattr(module, name, function)
    # the gathering around the dealer tables: the per-situation table time less the compiled steps
    spent["gathering"] = spent.pop("tables", 0.0) - spent.get("dealer_tables", 0.0) - spent.get("own_outs", 0.0)
    return dict(spent), total, len(found)


def profile_rows(count: int = 50) -> list[tuple[str, float, str]]:
    """The bench rows of :func:`profile`: a total, then one row per step, largest first."""
    spent, total, situations = profile(count)
    labels = dict(STEPS, gathering="forcing rows: gathering (numpy, per situation)")
    rows = [(f"lunar engine profile: {situations} full-deck situations, every option", total,
             f"{total / situations * 1000:.1f} ms CPU per situation (the whole of advise, detail on)")]
    for name, seconds in sorted(spent.items(), key=lambda item: -item[1]):
        if seconds <= 0:
            continue
        rows.append((f"  step: {labels.get(name, name)}", seconds,
                     f"{seconds / situations * 1000:.2f} ms per situation, "
                     f"{seconds / total * 100:.1f}% of the whole"))
    return rows
