"""The strategy pass of :mod:`combin.stud.game.human` along a run's shards, or over a reduced deck's run.

On the full deck the pass prices, for each of the 5,649,150 classes, its cell's candidate actions
and its optimal option exactly (hours of CPU); like the run it follows it is cut along the run's
shards and keeps one small file per shard beside them (``human-NNN.json.gz``: the shard's
:class:`~combin.stud.game.human.Cells` and the digest of the candidates priced), written the
moment the shard's chunks are in, so that it outlives a machine and goes on where it stopped.
A file priced for other candidates is priced again.  On a reduced deck, whose run prices every
option of every class, the cells are read off the run's records
(:func:`~combin.stud.game.human.cells_of_records`; the tests price them again by the pass).

=====================  =========================================================================
:func:`run_pass`       the pass along the shards of a folder: the shards' files written, the cells
:func:`reduced_cells`  a reduced deck's cells and totals from its exact run (through the store)
:func:`pass_cells`     the cells of every shard's file, or ``None`` while one is missing
=====================  =========================================================================
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import Any

from combin.errors import CombinError
from combin.stud.draw.options import option_keys
from combin.stud.game.human import Cells, candidates, candidates_digest, cells_of_records, price_chunk, UNIVERSAL
from combin.stud.game.spec import price_mode

__all__ = ["run_pass", "pass_cells", "reduced_cells", "game_candidates", "HUMAN_FORMAT"]

#: The format of a shard's file of the strategy pass.
HUMAN_FORMAT = "combin.stud_human/2"
# /2: a pair's cell is its draw where it has one, a four to a straight's its highest card and
# whether it is open-ended (/1 files, summed by the coarser cells, are priced again)


def game_candidates(rules: Any, totals: Any) -> dict[str, tuple[str, ...]]:
    """The candidate actions of a run's totals, with the actions every hand of this game has."""
    kinds = {key[0] for key in option_keys(rules)}
    universal = [a for a in UNIVERSAL if {"play": "play", "fold": "fold", "buy a sixth card": "buy"}[a] in kinds]
    return candidates(totals, universal)


def _path(folder: Any, index: int) -> Path:
    return Path(folder) / f"human-{index:03d}.json.gz"


def _body_digest(body: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _read(folder: Any, index: int, digest: str) -> Cells | None:
    """A shard's cells of the pass for the candidates of ``digest``, else ``None``; a damaged file is
    refused in one line."""
    from combin.stud.game import shards as shard_files
    path = _path(folder, index)
    if not path.is_file():
        return None
    obj = shard_files.read_shard_file(path, "strategy pass shard")
    try:
        if isinstance(obj, dict) and str(obj.get("format", "")).startswith("combin.stud_human/") \
                and obj.get("format") != HUMAN_FORMAT:
            return None                 # summed by an earlier version's cells: priced again
        if not isinstance(obj, dict) or obj.get("format") != HUMAN_FORMAT or obj.get("shard") != index:
            raise ValueError("it is not a shard of the strategy pass")
        body = {k: v for k, v in obj.items() if k != "digest"}
        if obj.get("digest") != _body_digest(body):
            raise ValueError("its digest is not its content's")
        if obj.get("candidates") != digest:
            return None                 # priced for other candidates: priced again
        return Cells.from_json(obj["cells"])
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        raise CombinError(f"{path}: the strategy pass shard cannot be used ({str(error)[:80]}); remove it "
                          "to compute it again") from None


def pass_cells(folder: Any, count: int, chosen: dict[str, tuple[str, ...]]) -> Cells | None:
    """The cells of all ``count`` shards' files for the candidates ``chosen``, or ``None`` while one
    is missing."""
    digest = candidates_digest(chosen)
    total = Cells()
    for index in range(count):
        found = _read(folder, index, digest)
        if found is None:
            return None
        total.merge(found)
    return total


def run_pass(deck: Any, rules: Any, folder: Any, chosen: dict[str, tuple[str, ...]], scale: int,
             workers: int = 0, scheduler: str | None = None, store_path: str | None = None, chunk: int = 64,
             stream: Any = None, most: int | None = None) -> list[int]:
    """The pass along the run's shards in ``folder`` (every one in): each shard's cells written beside it
    as soon as its chunks are in; those there for these candidates kept; at most ``most`` new ones
    (``None``: every one missing).  The shards written."""
    from combin.files.fileio import write_atomic
    from combin.stud.game.passes import Pass, along_shards
    digest = candidates_digest(chosen)

    def write(shard: Any, results: list[Any], classes: int) -> None:
        cells = Cells()
        for result in results:
            cells.merge(Cells.from_json(result["cells"]))
        if cells.classes != classes:
            raise AssertionError(f"shard {shard.index}: the pass summed {cells.classes} classes of {classes}")
        body = {"format": HUMAN_FORMAT, "shard": shard.index, "candidates": digest,
                "cpu_seconds": str(round(sum(float(r["cpu_seconds"]) for r in results), 1)),
                "cells": cells.to_json()}
        text = json.dumps(dict(body, digest=_body_digest(body)), separators=(",", ":")) + "\n"
        write_atomic(_path(folder, shard.index), gzip.compress(text.encode(), compresslevel=9, mtime=0),
                     "strategy pass shard")

    # the cells' format in the run's description: a store's chunks summed by other cells are not read
    extra = {"candidates": {k: list(v) for k, v in sorted(chosen.items())}, "denominator": str(scale),
             "cells": HUMAN_FORMAT}
    work = Pass("human", price_chunk, extra, "strategy pass", lambda index: _read(folder, index, digest) is not None,
                write, grouped=True, chunk=chunk)
    return along_shards(deck, rules, folder, work, workers=workers, scheduler=scheduler, store_path=store_path,
                        stream=stream, most=most)


def reduced_cells(deck: Any, rules: Any, workers: int = 0, store_path: Any = None,
                  stream: Any = None) -> tuple[Cells, Any, int, dict[str, tuple[str, ...]]]:
    """A reduced deck's ``(cells, totals, denominator, candidates)`` from its exact run, every option
    of every class priced (through the store: a run made once is read back)."""
    from combin.stud.game.remedy import exact_run
    if price_mode(deck) != "all":
        raise CombinError("the full deck's strategy pass runs along its shards (--shards DIR)")
    run = exact_run(deck, rules, workers, store_path, stream)
    chosen = game_candidates(rules, run.totals)
    return cells_of_records(run.records, option_keys(rules), rules, chosen), run.totals, run.scale, chosen
