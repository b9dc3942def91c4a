"""A second pass along a run's shards: what the basic strategy's and the strategy card's passes share.

A pass prices again, shard by shard, the classes of a complete run (its shards and their
optimal codes in a folder), and keeps one small file per shard beside them, written the moment
the shard's chunks are in, so that it outlives a machine and goes on where it stopped.
:func:`along_shards` walks the plan: it skips the shards whose file is there (``done``), stops
after ``most`` new ones, hands each shard's classes -- ``[5 card ids, up, weight, class index,
optimal option index]``, ``-1`` for an instant payout -- to the executor in chunks, and gives the
chunks' results to ``write``.  The pass's own module says what a chunk computes and what a file
holds (:mod:`combin.stud.game.basic`, :mod:`combin.stud.game.human_run`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from combin.errors import CombinError
from combin.stud.game.chunks import group_cuts, rank_group_order
from combin.stud.game.spec import RunSpec

__all__ = ["along_shards", "Pass"]


@dataclass(frozen=True)
class Pass:
    """What a pass does: ``function(run, rows)`` prices a chunk (a worker's task, importable by name),
    ``write(shard, results, classes)`` keeps a shard's results; ``done(index)`` says a shard's file is
    there; the run's description is in ``mode`` with ``extra``; ``label`` names it on the progress
    line; ``grouped``: the classes go rank group by rank group, whole groups a chunk (a group's
    classes share the ranks' part), else in the shard's order, ``chunk`` a chunk."""

    mode: str
    function: Callable[..., Any]
    extra: dict[str, Any]
    label: str
    done: Callable[[int], bool]
    write: Callable[[Any, list[Any], int], None]
    grouped: bool = False
    chunk: int = 64


def along_shards(deck: Any, rules: Any, folder: Any, work: Pass, *, workers: int = 0, scheduler: str | None = None,
                 store_path: str | None = None, stream: Any = None, most: int | None = None,
                 reader: Any = None) -> list[int]:
    """The pass ``work`` along the shards of ``folder`` (every one in): its function on each chunk of each
    shard not done, then its ``write``; at most ``most`` new shards (``None``: every one missing).
    The shards written."""
    from combin.running.executor import kept_cluster, run_chunks
    from combin.running.store import DEFAULT_STORE, Store
    from combin.stud.game.shards import FolderReader, require_plan, shard_classes
    stream = sys.stderr if stream is None else stream
    spec = RunSpec.of(deck, rules)
    reader = FolderReader(folder, spec) if reader is None else reader
    shards = reader.plan() or require_plan(Path(folder), spec)
    written: list[int] = []
    with Store(store_path or DEFAULT_STORE) as store, kept_cluster(workers):
        for shard in shards:
            if work.done(shard.index):
                continue
            if most is not None and len(written) >= most:
                break
            found = reader.shard(shard)
            if found is None:
                raise CombinError(f"{str(folder)[:100]}: shard {shard.index} is not in; the {work.label} is priced "
                                  "once every shard is")
            _, hands, ups, weights = shard_classes(deck, shard)
            codes = found["codes"]
            run = dict(RunSpec.of(deck, rules, work.mode, work.chunk, shard=shard.index).to_json(), **work.extra)
            order = rank_group_order(hands, ups) if work.grouped else list(range(len(hands)))
            cuts = (group_cuts(hands, ups, order, work.chunk) if work.grouped else list(range(0, len(order), work.chunk))) \
                + [len(order)]
            table = [[*map(int, hands[i]), int(ups[i]), int(weights[i]), shard.start + i,
                      -1 if codes[i] == 255 else codes[i]] for i in order]
            chunks = [(run, table[a:b]) for a, b in zip(cuts, cuts[1:]) if b > a]
            results = run_chunks(work.function, chunks, workers=workers, scheduler=scheduler, store=store,
                                 description=run, label=f"{work.label}, shard {shard.index} of {len(shards)}",
                                 items=[len(c[1]) for c in chunks], unit="classes", stream=stream)
            work.write(shard, results, len(table))
            written.append(shard.index)
    return written
