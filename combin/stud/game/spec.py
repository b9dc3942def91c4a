"""One run of a stud game with draws, frozen: what it computes, resolved once, passed down.

A :class:`RunSpec` names a run -- the game, the deck, the instant paytable,
the readings of the interpretations, the mode (``exact``, ``sample``,
``shard``), the chunk size and the mode's own parameters (the sample's size
and seed, a shard's number).  The command builds it once from its options;
everything below takes it as it is: :meth:`RunSpec.to_json` is the run's
description in the store and the argument every chunk carries to its
worker, :meth:`RunSpec.resolve` gives the deck and the rules (once per
process), :meth:`RunSpec.chunks` cuts the classes into the chunks that
:func:`combin.stud.game.chunks.solve_chunk` prices.  :meth:`RunSpec.game_json`
is the part that names the game alone (the shard files keep it).  A game read from a game
file (:mod:`combin.stud.core.variant`) carries the file's text in both, so its runs, store keys
and shards never mix with the registered game's; the registered game's keys are unchanged.

>>> from combin.lunar import GAME as LUNAR
>>> spec = RunSpec(LUNAR.id, "JQKA", "A", (("L8", "push"),), mode="sample", extra=(("seed", 1),))
>>> RunSpec.from_json(spec.to_json()) == spec
True
>>> spec.game_json()
{'game': 'lunar', 'deck': 'JQKA', 'paytable': 'A', 'interpretations': {'L8': 'push'}}
>>> deck, rules = spec.resolve()
>>> deck.text, rules.instant.id, len(deck)
('JQKA', 'A', 16)
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from functools import lru_cache
from collections.abc import Sequence
from typing import Any

from combin.errors import CombinError
from combin.stud.core.deck import Deck
from combin.stud.core.variant import parse_variant, variant_rules
from combin.version import __version__

__all__ = ["RunSpec", "resolve_rules", "price_mode", "chunk_size"]


def price_mode(deck: Any) -> str:
    """What a run prices per class: ``"best"`` on the full deck (the best option exactly, the other
    options only as far as their bounds leave them able to be the best:
    :meth:`combin.stud.draw.rank.engine.RankEngine.record`),
    ``"all"`` on a reduced deck, whose sheets also sum the strategies that read every option.

    >>> from combin.stud.core.deck import Deck
    >>> price_mode(Deck.parse(None)), price_mode(Deck.parse("9TJQKA"))
    ('best', 'all')
    """
    return "best" if deck.full else "all"

def chunk_size(deck: Any) -> int:
    """The classes of a chunk (a task) unless told: 64 on the full deck (about a tenth of a second
    of work: a task's round trip through Dask and the store's commit are small beside it, and the
    classes of a rank group stay together on one worker), 32 on a reduced deck.

    >>> from combin.stud.core.deck import Deck
    >>> chunk_size(Deck.parse(None)), chunk_size(Deck.parse("9TJQKA"))
    (64, 32)
    """
    return 64 if deck.full else 32


_BASE = ("command", "version", "game", "deck", "paytable", "interpretations", "mode", "chunk", "game_file")


@lru_cache(maxsize=16)
def resolve_rules(game: str, paytable: str | None, readings: tuple[tuple[str, str], ...],
                  game_file: str | None = None) -> Any:
    """The :class:`~combin.stud.core.rules.Rules` of a game, paytable and readings (cached);
    ``game_file``: the text of a game file derived from ``game``.

    >>> from combin.lunar import GAME as LUNAR
    >>> resolve_rules(LUNAR.id, None, ()).instant.id
    'A'
    """
    from combin.stud.core.rules import load_rules
    if game_file is None:
        return load_rules(game).resolve(paytable, dict(readings))
    source = f"game file {hashlib.sha256(game_file.encode('utf-8')).hexdigest()[:12]}"
    variant = parse_variant(game_file, source)
    if variant.derived_from != game:
        raise CombinError(f"{source} is derived from {variant.derived_from}, not {game}")
    return variant_rules(variant).resolve(paytable, dict(readings))


@dataclass(frozen=True)
class RunSpec:
    """A run: ``game``, ``deck`` (ranks), ``paytable``, ``readings``, ``mode``, ``chunk``, ``extra``."""

    game: str
    deck: str
    paytable: str | None
    readings: tuple[tuple[str, str], ...]
    mode: str = "exact"
    chunk: int = 32
    extra: tuple[tuple[str, Any], ...] = ()
    game_file: str | None = None          # the text of the game file the game is read from

    @classmethod
    def of(cls, deck: Any, rules: Any, mode: str = "exact", chunk: int = 32, **extra: Any) -> RunSpec:
        """The run of a :class:`~combin.stud.core.deck.Deck` and resolved rules."""
        variant = rules.stud.variant
        return cls(rules.stud.game.id, deck.text, None if rules.instant is None else rules.instant.id,
                   tuple((str(k), str(v)) for k, v in rules.readings), mode, chunk,
                   tuple(sorted(extra.items())), None if variant is None else variant.text)

    def with_mode(self, mode: str, **extra: Any) -> RunSpec:
        """The same game in another mode (a shard of the exact run, a sample)."""
        return replace(self, mode=mode, extra=tuple(sorted(extra.items())))

    def game_json(self) -> dict[str, Any]:
        """The game alone: ``{game, deck, paytable, interpretations}`` (and ``game_file``, its text,
        for a game read from a game file)."""
        found: dict[str, Any] = {"game": self.game, "deck": self.deck, "paytable": self.paytable,
                                 "interpretations": dict(self.readings)}
        if self.game_file is not None:
            found["game_file"] = self.game_file
        return found

    def to_json(self) -> dict[str, Any]:
        """The run's description (the store's key; each chunk's first argument)."""
        return {"command": f"game {self.game}", "version": __version__, **self.game_json(),
                "mode": self.mode, "chunk": self.chunk, **dict(self.extra)}

    @classmethod
    def from_json(cls, obj: Any) -> RunSpec:
        """The spec of :meth:`to_json` or of :meth:`game_json`; a ``ValueError`` for anything else."""
        if not isinstance(obj, dict) or not {"game", "deck", "paytable", "interpretations"} <= set(obj) \
                or not isinstance(obj["interpretations"], dict):
            raise ValueError("the run description does not have the expected entries")
        extra = tuple(sorted((k, v) for k, v in obj.items() if k not in _BASE))
        return cls(str(obj["game"]), str(obj["deck"]),
                   None if obj["paytable"] is None else str(obj["paytable"]),
                   tuple((str(k), str(v)) for k, v in obj["interpretations"].items()),
                   str(obj.get("mode", "exact")), int(obj.get("chunk", 32)), extra,
                   None if obj.get("game_file") is None else str(obj["game_file"]))

    def same_game(self, other: RunSpec) -> bool:
        return self.game_json() == other.game_json()

    def resolve(self) -> tuple[Any, Any]:
        """``(Deck, Rules)`` of the run (the rules cached per process)."""
        return Deck.parse(self.deck), resolve_rules(self.game, self.paytable, self.readings, self.game_file)

    def chunks(self, hands: Any, ups: Any, weights: Any, indices: Any, first: int = 0,
               cuts: Sequence[int] | None = None) -> list[Any]:
        """``[(description, rows)]``: the classes of ``indices`` (in that order), :attr:`chunk` a
        chunk, or cut before each position of ``cuts`` (ascending, the first 0); a row is
        ``[5 card ids, up, weight, class index + first]``."""
        described = self.to_json()
        indices = list(indices)
        starts = list(range(0, len(indices), self.chunk)) if cuts is None else list(cuts)
        ends = starts[1:] + [len(indices)]
        return [(described, [[*map(int, hands[i]), int(ups[i]), int(weights[i]), int(i) + first]
                             for i in indices[start:end]])
                for start, end in zip(starts, ends)]
