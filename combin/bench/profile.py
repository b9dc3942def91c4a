"""Where the decision engines' time goes, step by step, for ``make bench``.

:func:`profile` prices every option of the bench's fixed full-deck
situations (:func:`combin.bench.advise.situations`) with the best option's
distribution, and charges the processor time (:func:`time.process_time`) of
each compiled step to its name -- for the card-by-card engine of
:mod:`combin.stud.reference.cards.kernel` (the "before": the dealer tables, the
gathering of the forcing rows, the draw listing, the draw groups, the first
pass, the option sums with their level sweep and numerators, the best
option's distribution) and for the rank engine of
:mod:`combin.stud.draw.rank` that :func:`combin.stud.draw.advise.advise` runs
now (the ranks' part, the bounds' shared part, the suits' part with the bounds and the options chosen and priced with their exact passes (one compiled call),
forcing and the outcomes, and the rest in Python).  The steps are found by
name on their modules; each is wrapped for the measurement and restored
after, so the figures come from the production path, not a copy of it.
:func:`profile_rows` gives the bench rows: per step, the CPU milliseconds per
situation and the share of the whole.

>>> sorted(STEPS)[:3]
['dealer_tables', 'distribution', 'draw_groups']
>>> sorted(RANK_STEPS)
['bound_plan', 'join_ranks', 'prepare_and_price', 'share_ranks']
"""

from __future__ import annotations

from collections import defaultdict
from time import process_time
from typing import Callable

__all__ = ["STEPS", "RANK_STEPS", "profile", "profile_rows"]

#: Kernel entry points of the card engine timed, in the order of a situation's work.
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

#: Kernel entry points of the rank engine timed.
RANK_STEPS = {
    "share_ranks": "ranks' part: blind entries of the five-card options and their level sweep (shared by a rank "
                   "multiset and an up rank)",
    "join_ranks": "ranks' part: a five's sixth-card entries joined to the shared part",
    "bound_plan": "bounds' shared part: per option its entries below a flush, summed (shared by a rank group and "
                  "its pays)",
    "prepare_and_price": "suits' part, then the options chosen and priced (the exact passes of those that can be "
                         "best or runner-up, with forcing and outcomes), in one compiled call",
}


def _timed(function: Callable, spent: dict, name: str) -> Callable:
    def timed(*args, **kwargs):
        start = process_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent[name] += process_time() - start
    return timed


def _patch(targets: list, names: dict, spent: dict) -> list:
    patched = []
    for module in targets:
        for name in names:
            if module is not None and hasattr(module, name):
                patched.append((module, name, getattr(module, name)))
                setattr(module, name, _timed(getattr(module, name), spent, name))
    return patched


def profile(count: int = 50, engine: str = "card") -> tuple[dict, float, int]:
    """``({step: CPU seconds}, total CPU seconds, situations)`` over ``count`` fixed situations.

    ``engine`` is ``"card"`` (the card-by-card engine, every option) or
    ``"rank"`` (the rank engine as advise runs it: pruned).  The warm-up
    situation (tables, compiled code) is priced first and not counted.  A step
    nested in another is charged to both: its share is of the whole, not of its
    parent.
    """
    from combin.bench.advise import situations
    from combin.stud.draw import advise as advise_module
    from combin.stud.reference.cards import advise as cards_advise
    from combin.stud.game.chunks import warm_up
    from combin.stud.game.spec import resolve_rules
    from combin.stud.core.deck import Deck
    rules = resolve_rules("lunar", None, ())
    warm_up(Deck.parse(None), rules)
    spent: dict = defaultdict(float)
    found = situations(count)
    if engine == "rank":
        from combin.stud.draw.rank import kernel as rank_kernel
        price = advise_module.advise
        cards_advise.advise_cards(found[0], rules, detail=False)
        patched = _patch([rank_kernel], RANK_STEPS, spent)
        try:
            start = process_time()
            for situation in found:
                price(situation, rules, detail=True)
            total = process_time() - start
        finally:
            for module, name, function in reversed(patched):
                setattr(module, name, function)
        spent["python"] = total - sum(spent.values())
        return dict(spent), total, len(found)
    from combin.stud.reference.cards import engine as engine_module
    from combin.stud.reference.cards import kernel
    cards_advise.advise_cards(found[0], rules, detail=False)
    patched = _patch([kernel, engine_module] + [getattr(kernel, sub, None) for sub in
                                                 ("tables", "draws", "groups", "sums", "forcing")],
                     STEPS, spent)
    patched.append((cards_advise, "distribution", cards_advise.distribution))
    cards_advise.distribution = _timed(cards_advise.distribution, spent, "distribution")
    original_tables = engine_module.Engine._tables

    def tables(self):
        fresh = self._kernel is None
        start = process_time()
        try:
            return original_tables(self)
        finally:
            if fresh:
                spent["tables"] += process_time() - start
    engine_module.Engine._tables = tables  # type: ignore[method-assign]
    try:
        start = process_time()
        for situation in found:
            cards_advise.advise_cards(situation, rules, detail=True)
        total = process_time() - start
    finally:
        engine_module.Engine._tables = original_tables  # type: ignore[method-assign]
        for module, name, function in reversed(patched):
            setattr(module, name, function)
    # the gathering around the dealer tables: the per-situation table time less the compiled steps
    spent["gathering"] = spent.pop("tables", 0.0) - spent.get("dealer_tables", 0.0) - spent.get("own_outs", 0.0)
    return dict(spent), total, len(found)


def profile_rows(count: int = 50) -> list[tuple[str, float, str]]:
    """The bench rows of :func:`profile`, the card engine (before) then the rank engine (now): a
    total, then one row per step, largest first."""
    rows = []
    labels = dict(STEPS, gathering="forcing rows: gathering (numpy, per situation)", **RANK_STEPS,
                  python="the rest: Python (option arrays, six-card pays, values, the result's moments)")
    for engine, title in (("card", "card-by-card engine (before), every option"),
                          ("rank", "rank engine (now), pruned")):
        spent, total, situations = profile(count, engine)
        rows.append((f"lunar engine profile: {situations} full-deck situations, {title}", total,
                     f"{total / situations * 1000:.1f} ms CPU per situation (the whole of advise, detail on)"))
        for name, seconds in sorted(spent.items(), key=lambda item: -item[1]):
            if seconds <= 0:
                continue
            rows.append((f"  step: {labels.get(name, name)}", seconds,
                         f"{seconds / situations * 1000:.2f} ms per situation, "
                         f"{seconds / total * 100:.1f}% of the whole"))
    return rows
