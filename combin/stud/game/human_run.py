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
:func:`pin_card`       keep the card found over a folder's pass beside it (``card.json``), pinned
:func:`pinned_card`    that card, while the run's plan and every file of the pass are the pinned
                       ones; else ``None`` (the card is searched again from the pass)
=====================  =========================================================================

The card a folder keeps (:class:`PinnedCard`) answers ``combin lunar strategy`` at once: without
it the lookup reads the 256 files of the pass and searches the card again (about 10 s).
"""

from __future__ import annotations

import gzip
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from combin.errors import CombinError
from combin.stud.draw.options import option_keys
from combin.stud.game.human import Cells, candidates, candidates_digest, cells_of_records, price_chunk, up_key, UNIVERSAL
from combin.stud.game.skill import covers
from combin.stud.game.spec import price_mode

__all__ = ["run_pass", "pass_cells", "reduced_cells", "game_candidates", "pin_card", "pinned_card", "PinnedCard",
           "HUMAN_FORMAT", "CARD_PINS", "CARD_FORMAT"]

#: The format of a shard's file of the strategy pass.
HUMAN_FORMAT = "combin.stud_human/3"
# /2: a pair's cell is its draw where it has one, a four to a straight's its highest card and
# whether it is open-ended; /3: a high card's or an ace-king's cell says whether three of its cards
# share a suit, a four to a straight's whether two ranks complete it, three of a kind's its rank
# (files of an earlier format, summed by coarser cells, are priced again)


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


#: The file of the card kept beside a folder's pass, and its format.
CARD_PINS = "card.json"
CARD_FORMAT = "combin.stud_card_pins/3"
# /2: a rule may be relational (its up cards against the hand's own rank); /3: the cells of the
# pass's /3 format; a file of an earlier format is searched again
_CARD_LIMIT = 1 << 20               # the most bytes a card's pin file may have


@dataclass(frozen=True)
class PinnedCard:
    """A card kept beside its pass: the grid's hands (fine features, strongest first) and up ranks,
    and its rules as ``(box, action, words, relation)`` (a box: first hand, last hand, first up, last
    up, indices of the grid, inclusive; a relation, :class:`~combin.stud.game.skill.Rule`'s, or ``None``).

    >>> card = PinnedCard(((9, 0), (8, 3)), (0, 1), (((0, 1, 0, 0), "play", "any hand against a 2: play", None),
    ...                                             ((0, 1, 1, 1), "fold", "any hand against a 3: fold", None)))
    >>> card.rule((8, 3), 1)
    ('any hand against a 3: fold', 'fold')
    >>> card.rule((7, 0), 1) is None
    True
    >>> pairs = PinnedCard(((14, 11),), (0, 12), (((0, 0, 0, 1), "play", "below", ("below", 0)),
    ...                                          ((0, 0, 0, 1), "keep the pair", "from", ("from", 0))))
    >>> pairs.rule((14, 11), 0), pairs.rule((14, 11), 12)
    (('below', 'play'), ('from', 'keep the pair'))
    """

    hands: tuple[tuple[int, int], ...]
    ups: tuple[int, ...]
    rules: tuple[tuple[tuple[int, int, int, int], str, str, tuple[str, int] | None], ...]

    @classmethod
    def of(cls, grid: Any, plan: Any) -> PinnedCard:
        """The card of a :class:`~combin.stud.game.skill.Plan` over its
        :class:`~combin.stud.game.skill.Grid`."""
        return cls(tuple(grid.hands), tuple(grid.ups), tuple((r.box, r.action, r.words(), r.relation) for r in plan.rules))

    def rule(self, fine: tuple[int, int], up_rank: int) -> tuple[str, str] | None:
        """``(rule in words, action)`` of the hand's cell, ``None`` where the grid has no such cell."""
        if fine not in self.hands or up_rank not in self.ups:
            return None
        i, j, key = self.hands.index(fine), self.ups.index(up_rank), up_key(fine)
        for box, action, words, relation in self.rules:
            if covers(box, relation, i, j, key, up_rank):
                return words, action
        return None


def _pass_digests(folder: Any, count: int) -> list[str | None]:
    """The SHA-256 of each of the ``count`` files of the pass in the folder, ``None`` where one is missing."""
    from combin.stud.game import shards as shard_files
    found: list[str | None] = []
    for index in range(count):
        path = _path(folder, index)
        found.append(hashlib.sha256(shard_files.read_shard_bytes(path, "strategy pass shard")).hexdigest()
                     if path.is_file() else None)
    return found


def _card_text(folder: Any, count: int, card: PinnedCard) -> str:
    from combin.stud.game.shards import plan_digest
    body = {"format": CARD_FORMAT, "plan": plan_digest(folder), "pass": _pass_digests(folder, count),
            "hands": [list(h) for h in card.hands], "ups": list(card.ups),
            "rules": [{"box": list(box), "action": action, "words": words,
                       "relation": None if relation is None else list(relation)}
                      for box, action, words, relation in card.rules]}
    return json.dumps(dict(body, digest=_body_digest(body)), indent=1) + "\n"


def pin_card(folder: Any, count: int, grid: Any, plan: Any) -> bool:
    """Keep ``plan`` (the card of ``grid``, the pass of the ``count`` files in the folder) in the folder's
    :data:`CARD_PINS` with the SHA-256 of the run's plan and of each file of the pass.  Whether the
    file changed (a card kept as it is is not written again)."""
    from combin.files.fileio import read_bytes, write_atomic
    text = _card_text(folder, count, PinnedCard.of(grid, plan)).encode()
    path = Path(folder) / CARD_PINS
    if path.exists() and read_bytes(path, _CARD_LIMIT, "card pin file") == text:
        return False
    write_atomic(path, text, "card pin file")
    return True


def _relation(found: Any) -> tuple[str, int] | None:
    """A rule's relation as a pin file keeps it (``null`` or ``[side, offset]``), checked."""
    if found is None:
        return None
    side, offset = found
    if side not in ("below", "from") or not isinstance(offset, int) or isinstance(offset, bool) or abs(offset) > 13:
        raise ValueError(f"a rule's relation is not one ({str(found)[:40]})")
    return str(side), int(offset)


def pinned_card(folder: Any, count: int) -> PinnedCard | None:
    """The card kept in the folder (:func:`pin_card`) while its run's plan and the ``count`` files of
    its pass are the ones pinned, else ``None``; a malformed pin file is refused in one line."""
    from combin.files.fileio import read_bytes
    from combin.stud.game.shards import plan_digest
    path = Path(folder) / CARD_PINS
    if not path.exists():
        return None
    try:
        obj = json.loads(read_bytes(path, _CARD_LIMIT, "card pin file"))
        if isinstance(obj, dict) and str(obj.get("format", "")).startswith("combin.stud_card_pins/") \
                and obj.get("format") != CARD_FORMAT:
            return None                 # kept by an earlier version (its rules read otherwise): searched again
        if not isinstance(obj, dict) or obj.get("format") != CARD_FORMAT:
            raise ValueError(f"it is not a card pin file ({CARD_FORMAT})")
        if obj.get("digest") != _body_digest({k: v for k, v in obj.items() if k != "digest"}):
            raise ValueError("its digest is not its content's")
        hands = tuple((int(a), int(b)) for a, b in obj["hands"])
        ups = tuple(int(u) for u in obj["ups"])
        rules = tuple(((int(b[0]), int(b[1]), int(b[2]), int(b[3])), str(r["action"]), str(r["words"]),
                       _relation(r["relation"]))
                      for r in obj["rules"] for b in [r["box"]] if len(b) == 4)
        if len(rules) != len(obj["rules"]) or not isinstance(obj["pass"], list) or not isinstance(obj["plan"], str):
            raise ValueError("its rules or pins are malformed")
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        raise CombinError(f"{path}: the card pin file cannot be used ({str(error)[:80]}); remove it, and "
                          "combin lunar card --shards writes it again") from None
    if obj["plan"] != plan_digest(folder) or obj["pass"] != _pass_digests(folder, count):
        return None                     # another run, or a file of the pass changed: searched again
    return PinnedCard(hands, ups, rules)
