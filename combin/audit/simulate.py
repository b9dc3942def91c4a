"""Seeded Monte Carlo confirmation of the exact figures.

A simulation deals rounds the physical way, by the game's own dealer
(``Game.dealer``: for instance six cards drawn without replacement from the
full shoe and played card by card), and only *counts* how often each final
state occurs.  Every wager is then settled on those counts through
its own paytable, so the simulated return, its variance and its confidence
interval are computed from exact integer tallies; only the square root of the
standard error is taken in decimal arithmetic.

Independence: every simulation has its own stream.  Its seed is derived from
the bundle's seed and what it simulates -- wager, paytable, rule set, reading
(:func:`stream_seed`) -- and recorded beside its result, so no two
confirmations share a round.

Reproducibility: the rounds are split into chunks of :data:`CHUNK`; chunk
``i`` uses Python's ``random.Random`` (Mersenne Twister MT19937) seeded with
the string ``"combin:{game}:{seed}:{i}"``, ``seed`` the stream's own seed.  The tallies are added in chunk
order, so the result depends on the seed and the number of rounds only, not
on how many worker processes dealt them.  The chunks run on
:mod:`combin.running.executor`, the executor of all heavy work.
"""

import decimal
import hashlib
import io
import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from combin.files.display import CONTEXT, to_decimal
from combin.running.executor import run_chunks
from combin.core.game import Dealer, Game
from combin.core.risk import CONFIDENCES

__all__ = ["CHUNK", "RNG", "Confirmation", "tally", "tally_many", "confirm", "deal_chunk",
           "stream_seed"]

CHUNK = 50_000
RNG = "Python random.Random (Mersenne Twister MT19937), seeded per chunk with 'combin:{game}:{seed}:{chunk}'"
Z99 = dict((label, z) for label, z, in CONFIDENCES)["99%"]
_CONTEXT = CONTEXT


def stream_seed(seed: int, *parts: str) -> int:
    """The seed of one simulation's own stream: the first 63 bits of the SHA-256 of
    ``combin:SEED:PART:PART...`` (the bundle's seed and what the simulation confirms; 63
    bits, so that it is a valid ``--seed`` of every simulation).

    >>> stream_seed(20261129, "eclipse.sun7", "A", "any", "")
    4315640965271604329
    """
    text = ":".join(["combin", str(seed), *parts])
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:16], 16) >> 1


def deal_chunk(dealer: Dealer, game_id: str, seed: int, index: int,
               rounds: int) -> Counter[Hashable]:
    """Chunk ``index`` of a simulation: ``rounds`` rounds dealt by ``dealer`` with its own seed."""
    return dealer(random.Random(f"combin:{game_id}:{seed}:{index}"), rounds)


def tally(game: Game, rounds: int, seed: int, workers: int = 2,
          progress: Callable[[int, int], None] | None = None) -> Counter[Hashable]:
    """:func:`tally_many` of one stream."""
    return tally_many(game, rounds, [seed], workers, progress)[0]


def tally_many(game: Game, rounds: int, seeds: list[int], workers: int = 2,
               progress: Callable[[int, int], None] | None = None) -> list[Counter[Hashable]]:
    """How often each final state occurs in ``rounds`` seeded rounds of ``game``.

    The rounds are dealt by the game's own dealer (``game.dealer``), chunk by
    chunk on :func:`combin.running.executor.run_chunks` (here with one worker, a
    local Dask cluster with more, or the scheduler a command set with
    :func:`combin.running.executor.default_scheduler`); the counts are added in chunk
    order.
    """
    if game.dealer is None:
        raise ValueError(f"{game.id} has no simulation dealer")
    sizes = [CHUNK] * (rounds // CHUNK) + ([rounds % CHUNK] if rounds % CHUNK else [])
    items = [(game.dealer, game.id, seed, index, size) for seed in seeds
             for index, size in enumerate(sizes)]
    done = [0]

    def count(index: int, _counts: Any) -> None:
        done[0] += items[index][4]
        if progress:
            progress(done[0], rounds * len(seeds))

    # Every stream's chunks go to the executor at once (one cluster for all streams).
    parts = run_chunks(deal_chunk, items, workers=0 if workers <= 1 else workers,
                       on_result=count, as_json=False, stream=io.StringIO())
    totals: list[Counter[Hashable]] = [Counter() for _ in seeds]
    for number, counts in enumerate(parts):
        totals[number // len(sizes)].update(counts)  # added in chunk order, stream by stream
    return totals


@dataclass(frozen=True)
class Confirmation:
    """A wager's simulated return beside its exact value."""

    wager: str
    paytable: str
    reading: str
    rounds: int
    simulated: Fraction
    standard_error: decimal.Decimal
    low: decimal.Decimal
    high: decimal.Decimal
    exact: Fraction
    seed: int = 0
    rules: str = ""

    @property
    def inside(self) -> bool:
        exact = to_decimal(self.exact)
        return self.low <= exact <= self.high


def confirm(counts: Mapping[Any, int], payouts: Mapping[Any, Fraction], exact: Fraction,
            wager: str = "", paytable: str = "", reading: str = "", seed: int = 0,
            rules: str = "") -> Confirmation:
    """Confirm ``exact`` with the tallies ``counts`` settled by ``payouts`` (state -> net).

    The simulated mean is ``S / n`` with ``S`` the exact sum of payouts; the
    sample variance ``(Q - S^2/n) / (n - 1)``; the 99% interval ``mean +- z
    sqrt(variance / n)`` with z = 2.5758...
    """
    n = sum(counts.values())
    s = sum((count * payouts[state] for state, count in counts.items()), Fraction(0))
    q = sum((count * payouts[state] ** 2 for state, count in counts.items()), Fraction(0))
    mean = s / n
    variance = (q - s * s / n) / (n - 1)
    se = _CONTEXT.sqrt(to_decimal(variance / n))
    centre = to_decimal(mean)
    half = _CONTEXT.multiply(Z99, se)
    return Confirmation(wager, paytable, reading, n, mean, se, _CONTEXT.subtract(centre, half),
                        _CONTEXT.add(centre, half), Fraction(exact), seed, rules)
