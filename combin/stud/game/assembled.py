"""The exact run kept in a shards folder, read once: what a sheet of it is built from.

:func:`read_run` reads a folder of :mod:`combin.stud.game.shards` through one
:class:`~combin.stud.game.shards.FolderReader` -- the plan, every shard, the second
pass of the derived basic strategy (:mod:`combin.stud.game.basic`) -- and gives an
:class:`AssembledRun`; the document builder
(:func:`combin.documents.lunar_game.shards_document`) reads no file, only this.

>>> from combin.stud.core.deck import Deck
>>> from combin.stud.core.rules import load_rules, stud_games
>>> read_run(Deck.parse("JQKA"), load_rules(stud_games()[0]).resolve(), "no-such-folder")
Traceback (most recent call last):
...
combin.errors.CombinError: no-such-folder: no shard plan (plan.json) in this folder
"""

import os
from typing import Any, NamedTuple

from combin.stud.game.basic import BasicStrategy, basic_done, basic_totals, cost_rows, derive
from combin.stud.game.run import ROUND_NET_CLASSES, class_nets
from combin.stud.game.shards import FolderReader, assemble, provenance
from combin.stud.game.spec import RunSpec
from combin.stud.game.strategy import Strategy
from combin.stud.game.totals import GameTotals

__all__ = ["AssembledRun", "read_run"]


class AssembledRun(NamedTuple):
    """A whole exact run from its shards: everything its sheet shows, no file left to read."""

    deck: Any
    rules: Any
    #: The common denominator of every value, the totals of the whole game, how many shards.
    scale: int
    totals: GameTotals
    shards: int
    #: The optimal strategy (by plain hand and up card, from the totals).
    strategy: Strategy
    #: ``None`` when the strategy is complete; else ``(derived basic strategy, cost rows,
    #: expected)`` once its second pass is in for every shard, or ``(derived, None, (shards
    #: done, shards))`` while it is not.
    basic: tuple[BasicStrategy, Any, Any] | None
    #: What the sheet says of the folder: its plan's digest, and whether it is the committed
    #: run of this version (:func:`~combin.stud.game.shards.provenance`).
    plan: str
    #: The round with the game's side wager, net by net (:func:`combin.stud.game.run.class_nets`,
    #: from the class list and the shards' strategy codes), on a deck small enough; else None.
    nets: Any = None


def read_run(deck: Any, rules: Any, folder: str | os.PathLike[str],
             reader: FolderReader | None = None) -> AssembledRun | None:
    """The :class:`AssembledRun` of the shards in ``folder`` (``None`` while a shard is missing),
    read through ``reader`` (a new one by default): each file once."""
    reader = FolderReader(folder, RunSpec.of(deck, rules)) if reader is None else reader
    found = assemble(deck, rules, folder, reader)
    if found is None:
        return None
    scale, totals, shards = found
    strategy = Strategy(deck, rules, scale, None, totals=totals)
    basic: tuple[BasicStrategy, Any, Any] | None = None
    if not strategy.complete:
        derived = derive(totals)
        sums = basic_totals(folder, shards, derived, reader)
        if sums is not None:
            rows, expected = cost_rows(derived, sums, totals, scale)
            basic = (derived, rows, expected)
        else:                   # its rules now, their cost once the second pass is in everywhere
            basic = (derived, None, (basic_done(folder, shards, derived, reader), shards))
    return AssembledRun(deck, rules, scale, totals, shards, strategy, basic, provenance(folder),
                        _nets(deck, rules, reader))


def _nets(deck: Any, rules: Any, reader: FolderReader) -> Any:
    """The round's distributions from the class list and every shard's strategy codes (read
    once through ``reader``), on a deck of at most ``ROUND_NET_CLASSES`` classes."""
    from combin.stud.core.classes import situations
    from combin.stud.game.shards import INSTANT_CODE
    plan = reader.plan()
    if plan is None or sum(shard.classes for shard in plan) > ROUND_NET_CLASSES:
        return None
    codes = b"".join(bytes(found["codes"]) for found in map(reader.shard, plan) if found is not None)
    _, hands, ups, weights = situations(deck)
    if len(codes) != len(weights):
        return None
    return class_nets(deck, rules, [(tuple(int(c) for c in hand), int(up), int(weight),
                                     -1 if code == INSTANT_CODE else code)
                                    for hand, up, weight, code in zip(hands, ups, weights, codes)])
