"""Dealing a count simulation in seeded chunks, here or on the Dask executor.

Shoes are dealt in chunks of :data:`CHUNK` shoes; chunk ``k`` is dealt by
``random.Random(f"combin.count/{seed}/{k}")``.  Each chunk returns integer
sums, and sums of integers do not depend on the order they are added in, so
the result for a seed is the same whatever the number of worker processes.
One worker deals here; more, or ``--scheduler``, go to :mod:`combin.running.executor`
(a local Dask cluster, or an existing one), the executor of all heavy work.
Ctrl-C stops the run: the chunks already finished make the (partial) result.
"""

import io
import random
from collections.abc import Callable
from typing import Any

from combin.running.executor import run_chunks as execute
from combin.protection.count_options import MAX_SHOES, MAX_WORKERS, whole
from combin.protection.dealer import play_shoe
from combin.protection.plan import Plan

__all__ = ["CHUNK", "play_chunk", "run_chunks"]

#: Shoes per chunk: the unit of work and of seeding (changing it changes the shoes dealt).
CHUNK = 250


def _zero_sums(triggers: int) -> dict[str, Any]:
    per = {"wins": 0, "wins_sq": 0, "bets": 0, "bets_sq": 0, "wins_bets": 0, "wins_rounds": 0}
    return {"shoes": 0, "rounds": 0, "rounds_sq": 0, "first": [0] * 400,
            "triggers": [dict(per) for _ in range(triggers)]}


def play_chunk(job: tuple[Plan, int, int]) -> dict[str, Any]:
    """Deal one chunk: ``job = (plan, chunk index, shoes)``; return its integer sums."""
    plan, chunk, shoes = job
    rng = random.Random(f"combin.count/{plan.seed}/{chunk}")
    cards = list(plan.cards)
    size = len(cards)
    limit = size - plan.cut
    tags, pay, thresholds = plan.tags, plan.pay, plan.thresholds
    levels = len(thresholds) + 1
    sums = _zero_sums(len(thresholds))
    per_trigger = sums["triggers"]
    first_states = sums["first"]
    face = plan.burn == "face"
    for _ in range(shoes):
        rng.shuffle(cards)
        count = plan.initial_count
        if face:
            shown = cards[0]
            count += tags[shown]
            position = 1 + (shown or 10)
        else:
            position = int(plan.burn)
        wins = [0] * levels
        bets = [0] * levels
        rounds, first, _ = play_shoe(cards, position, limit, count, tags, pay, thresholds,
                                     plan.true_count, wins, bets)
        sums["shoes"] += 1
        sums["rounds"] += rounds
        sums["rounds_sq"] += rounds * rounds
        if first >= 0:
            first_states[first] += 1
        w = b = 0
        for j in range(levels - 2, -1, -1):
            w += wins[j + 1]
            b += bets[j + 1]
            s = per_trigger[j]
            s["wins"] += w
            s["wins_sq"] += w * w
            s["bets"] += b
            s["bets_sq"] += b * b
            s["wins_bets"] += w * b
            s["wins_rounds"] += w * rounds
    return sums


def _add(total: dict[str, Any], part: dict[str, Any]) -> None:
    for key in ("shoes", "rounds", "rounds_sq"):
        total[key] += part[key]
    total["first"] = [a + b for a, b in zip(total["first"], part["first"])]
    for mine, theirs in zip(total["triggers"], part["triggers"]):
        for key in mine:
            mine[key] += theirs[key]


def _chunks(shoes: int) -> list[tuple[int, int]]:
    return [(k, min(CHUNK, shoes - k * CHUNK)) for k in range((shoes + CHUNK - 1) // CHUNK)]


def run_chunks(plan: Plan, shoes: object, workers: object = 1,
               progress: Callable[[int, int], None] | None = None,
               scheduler: str | None = None) -> tuple[dict[str, Any], bool]:
    """Deal ``shoes`` shoes in chunks; return ``(sums, interrupted)``.

    With ``workers`` > 1 (or a ``scheduler`` address) the chunks go to
    :func:`combin.running.executor.run_chunks`; chunks are added as they finish (sums
    of integers: the order does not matter).  Ctrl-C stops the run: the chunks
    already finished make the (partial) result.
    """
    shoes = whole(shoes, "--shoes", 1, MAX_SHOES)
    workers = whole(workers, "--workers", 1, MAX_WORKERS)
    total = _zero_sums(len(plan.triggers))
    jobs = [((plan, k, n),) for k, n in _chunks(shoes)]

    def add(_index: int, part: dict[str, Any]) -> None:
        _add(total, part)
        if progress:
            progress(total["shoes"], shoes)

    try:
        execute(play_chunk, jobs, workers=0 if workers == 1 or len(jobs) == 1 else workers,
                scheduler=scheduler, on_result=add, stream=io.StringIO())
    except KeyboardInterrupt:
        return total, True
    return total, False
