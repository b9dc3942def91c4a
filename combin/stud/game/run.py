"""One whole-game run of Lunar Poker with draws: classes, chunks, executor, store, sheet.

:func:`run_game` lists the situation classes of the deck, picks all of them
(exact) or a seeded stratified sample (:mod:`combin.stud.game.sampling`), cuts
them into chunks, runs :func:`combin.stud.game.chunks.solve_chunk` on the
executor (:mod:`combin.running.executor`, resumable through :mod:`combin.running.store`) and
builds the sheet (:mod:`combin.stud.game.sheet`).  The measured throughput --
classes and situations per second per core -- and the projected core-hours of
the full exact run go to standard error: timings are never part of a sheet,
so the same command prints the same bytes.
"""

import json
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any, TextIO

from combin.running import progress
from combin.errors import CombinError
from combin.running.executor import run_chunks
from combin.stud.draw.options import option_keys
from combin.stud.game.chunks import GROUPED, cpu_per_class, grouped_chunks, records_of, solve_chunk
from combin.stud.game.control import control_value, no_draw_expected
from combin.stud.game.priced import classes_csv
from combin.stud.game.round import side_wager, strategy_nets
from combin.stud.game.sampling import (check_sample, class_count, class_strata, phase_sizes, plan,
                                       spreads_of)
from combin.stud.game.sheet import sample_sheet, totals_sheet
from combin.stud.game.spec import RunSpec, price_mode
from combin.stud.game.totals import totals_of

if TYPE_CHECKING:
    from combin.running.store import Store
    from combin.stud.core.deck import Deck
    from combin.stud.core.rules import Rules
    from combin.stud.game.sampling import Draws
    from combin.stud.draw.options import OptionKey
    from combin.stud.game.chunks import ClassRecord

__all__ = ["run_game", "Throughput", "announce_exact_run", "LONG_RUN_CLASSES", "ROUND_NET_CLASSES",
           "round_nets", "class_nets", "stored_round"]

#: The most classes whose round with the side wager is also summed net by net by the card-by-card
#: engine (the hit frequency; seconds up to the 24-card deck 9TJQKA's 38,622 classes).
ROUND_NET_CLASSES = 50_000

#: An exact run of more classes than this is announced before it starts (its projected
#: core-hours, what the store already holds, how to sample instead).
LONG_RUN_CLASSES = 100_000


class Throughput:
    """Classes and situations priced, and the seconds and cores they took."""

    def __init__(self, classes: int, situations: int, seconds: float, cores: int) -> None:
        self.classes, self.situations, self.seconds, self.cores = classes, situations, seconds, cores

    def per_core(self) -> tuple[float, float]:
        """(classes, situations) per second per core."""
        core_seconds = max(self.seconds * self.cores, 1e-9)
        return self.classes / core_seconds, self.situations / core_seconds

    def projected_core_hours(self, total_classes: int) -> float:
        classes_rate, _ = self.per_core()
        return total_classes / classes_rate / 3600 if classes_rate > 0 else float("inf")




def size_hint(stream: TextIO, summary: dict[str, Any], per_core: float, cores: int | None,
              classes: int | None = None) -> None:
    """The sample size for a 99% half-width of 0.25% (the sheet's figure) and how long it would
    take here, at this run's classes per second per core: on standard error, never on a sheet.
    A size that prices as many classes as the deck holds points at the exact run instead."""
    needed = summary.get("draws for a 99% half-width of 0.25%")
    if needed is None or per_core <= 0:
        return
    distinct = summary["situation classes sampled (distinct)"] / max(summary["draws"], 1)
    if classes is not None and needed * distinct >= classes:
        stream.write(f"game: a 99% half-width of 0.25% needs about as many classes as the deck's {classes:,}: "
                     f"run the exact game instead (about {classes / per_core / 3600:,.1f} core-hours here)\n")
        return
    hours = needed * distinct / per_core / 3600
    here = f", about {hours / cores:,.1f} hours on {cores} worker{'s' if cores > 1 else ''} here" if cores else ""
    stream.write(f"game: for a 99% half-width of 0.25% use about --sample {needed:,} "
                 f"({hours:,.1f} core-hours at {per_core:.2f} classes/s/core{here})\n")


def announce_exact_run(stream: TextIO, deck: "Deck", rules: "Rules", chunks: Sequence[Any], store: "Store",
                       description: dict[str, Any], workers: int | None, probe: int = 12, seed: int = 1) -> None:
    """Tell, before a long exact run starts: its projected core-hours, the chunks stored, a sample.

    The projection prices the classes of ``probe`` seeded rank groups in this process, as a run
    orders them (:func:`~combin.stud.game.chunks.cpu_per_class`; the one-time setup is not
    counted), and scales their processor time to every class; it is a measurement of this machine
    now, printed on standard error, never on a sheet.
    """
    rows = [row for chunk in chunks for row in chunk[1]]
    total = len(rows)
    stream.write(f"game: the exact game of {deck.text} prices {total:,} situation classes; measuring the "
                 f"classes of {min(probe, total)} of its rank groups first ...\n")
    stream.flush()
    per_class, priced = cpu_per_class(chunks[0][0], rows, probe, seed)
    core_hours = total * per_class / 3600
    done = len(store.finished(store.begin(description, len(chunks))))
    cores = (f" (about {core_hours / workers:,.1f} hours on {workers} worker{'s' if workers > 1 else ''})"
             if workers else "")
    stream.write(f"game: projected {core_hours:,.1f} core-hours{cores} at {per_class * 1000:.1f} ms CPU per "
                 f"class ({len(priced)} classes measured); chunks already in the store: {done:,} of "
                 f"{len(chunks):,}.\n")
    solver = rules.stud.game.solver
    folder, make = (solver.shards, solver.make) if solver is not None else (None, None)
    shards = _committed_shards(deck, rules, folder) if folder else ""
    if shards and make:
        stream.write(f"game: {shards}; make {make} computes the missing ones and assembles the sheet "
                     "from them.\n")
    kept = f" (make {make} keeps them in {folder})" if folder and make else ""
    stream.write(f"game: for an estimate in minutes instead: combin game {rules.stud.game.id} --sample 100000 --seed 1 "
                 "(see README); to keep the exact run as files that outlive this machine and its store, cut "
                 f"it into shards: --shards DIR{kept}\n")
    stream.flush()


def _committed_shards(deck: "Deck", rules: "Rules", folder: str) -> str:
    """``"N of M shards of this run are in FOLDER"`` where the game keeps its exact run's shards
    (:attr:`combin.core.game.Solver.shards`, relative to the working folder, as ``make`` keeps them),
    else ``""``."""
    from pathlib import Path
    from combin.stud.game.shards import load_plan, load_shard
    spec = RunSpec.of(deck, rules)
    where = Path(folder)
    try:
        shards = load_plan(where, spec) if where.is_dir() else None
        if shards is None:
            return ""
        found = sum(1 for shard in shards if load_shard(where, spec, shard) is not None)
    except CombinError:
        return ""
    return f"{found} of {len(shards)} shards of this run are in {folder}"


@contextmanager
def _from_store(store: "Store") -> Iterator[None]:
    """A chunk result of the right run that is not what solve_chunk makes (the sheet's checks
    fail on it) was altered or damaged in the store: one error naming the store."""
    try:
        yield
    except CombinError as error:            # what the records say is wrong, named with the store
        if store.shown in str(error):
            raise
        raise CombinError(f"the store {store.shown}: {error}") from None
    except (AssertionError, AttributeError, KeyError, TypeError, IndexError, ValueError) as error:
        raise CombinError(f"the store {store.shown} holds chunk results this run cannot use "
                          f"({type(error).__name__}: {str(error)[:100]}); give --store a new file") \
            from None


def round_nets(deck: "Deck", rules: "Rules", records: Sequence["ClassRecord"]) -> dict[str, Any] | None:
    """``{"optimal": ..., "basic": ...}``: :func:`combin.stud.game.round.dealt_nets` of the
    classes' optimal options (the run's) and of the basic strategy's, when the game has a side
    wager and the deck at most :data:`ROUND_NET_CLASSES` classes; else ``None``."""
    return class_nets(deck, rules, [(r.hand, r.up, r.weight, r.best) for r in records])


def class_nets(deck: "Deck", rules: "Rules",
               classes: Sequence[tuple[Sequence[int], int, int, int]]) -> dict[str, Any] | None:
    """:func:`round_nets` of ``[(hand, up, weight, best option index or -1 for an instant
    payout)]`` -- the run's records, or the class list and the strategy codes of its shards."""
    from combin.stud.game.features import basic_option, basic_rules
    side = side_wager(rules.stud)
    if side is None or len(classes) > ROUND_NET_CLASSES:
        return None
    # a command that writes one sheet in several forms, or assembles the same shards again (a
    # verify), or a process that runs the same game twice, asks for the same classes of the same
    # game: counted once per process.  The game is named by its run's description (game, deck,
    # paytable, readings, the game file's text): what keys its chunks in a store, so two rules
    # it cannot tell apart already share their stored results.
    game = json.dumps(RunSpec.of(deck, rules).game_json(), sort_keys=True)
    listed = tuple((tuple(int(c) for c in hand), int(up), int(weight), int(best)) for hand, up, weight, best in classes)
    for held_game, held, found in _NETS:
        if held_game == game and held == listed:
            return _copied(found)
    keys = option_keys(rules)
    basic, _ = basic_rules(rules.stud)

    # each class's option under each strategy (None: an instant payout, no option), the basic one
    # worked out once
    options = [(keys[best], basic_option(hand, basic, keys)) if best >= 0 else (None, None)
               for hand, _, _, best in listed]
    strategies: tuple[str, ...] = ("optimal", "basic")
    if any(best >= 0 and move is None for (_, _, _, best), (_, move) in zip(listed, options)):
        strategies = ("optimal",)       # the basic strategy names an exchange this game does not have
    counted = strategy_nets(deck, rules, ((hand, up, weight, list(chosen[:len(strategies)]))
                                          for (hand, up, weight, _), chosen in zip(listed, options)), side)
    found = dict(zip(strategies, counted))
    _NETS.insert(0, (game, listed, found))
    del _NETS[_NETS_KEPT:]
    return _copied(found)


def stored_round(store: "Store", description: Any,
                 count: "Callable[[], dict[str, Any] | None]") -> dict[str, Any] | None:
    """The round of the exact run ``description`` (:func:`round_nets`) from ``store``, or counted
    by ``count`` and stored as one more run of one chunk, keyed by the run it belongs to: a
    command that reads a finished run back reads its round too (on JQKA the round is half of a
    run's time).  The round is what the run's records decide (each class's best option and the
    rules the description names), so the run's key is the round's."""
    # the round's format in the key: nets of an earlier version (each class under its canonical
    # five's side key alone) are not read
    key = store.begin({"round_of": description, "format": ROUND_FORMAT}, 1)
    held = store.finished(key)
    if 0 in held:
        return {strategy: {side: {(int(net), Fraction(amount)): Fraction(p) for net, amount, p in cell}
                           for side, cell in nets.items()} for strategy, nets in held[0].items()}
    found = count()
    if found is not None:
        store.save(key, 0, {strategy: {side: [[net, str(amount), str(p)] for (net, amount), p in cell.items()]
                                       for side, cell in nets.items()} for strategy, nets in found.items()})
    return found


def _copied(found: dict[str, Any]) -> dict[str, Any]:
    """A copy of kept nets down to their cells, so a caller cannot change what is kept."""
    return {strategy: {key: dict(cell) for key, cell in nets.items()} for strategy, nets in found.items()}


#: The format of the round's nets a store keeps (2: each class split among its members' side keys).
ROUND_FORMAT = 2

#: The last rounds counted by :func:`class_nets` (the game as its run describes it, classes, nets), newest first.
_NETS: list[tuple[str, tuple[tuple[tuple[int, ...], int, int, int], ...], dict[str, Any]]] = []
_NETS_KEPT = 2


def run_game(deck: "Deck", rules: "Rules", workers: int = 0, scheduler: str | None = None,
             store_path: Any = None, chunk: int = 32, sample: int | None = None, seed: int = 1,
             want_strategy: bool = False, stream: TextIO | None = None, want_classes: bool = False,
             multiple: Fraction = Fraction(1)) -> tuple[Any, ...]:
    """``(sheet, strategy or None)`` of the whole game (exact) or of a sample; with
    ``want_classes`` ``(sheet, strategy or None, priced classes CSV)``
    (:mod:`combin.stud.game.priced`); ``multiple``: the side wager's units per Ante in the
    round as dealt (:func:`combin.stud.game.sheet.round_section`)."""
    from combin.running.store import DEFAULT_STORE, Store
    from combin.stud.core.classes import situations
    stream = sys.stderr if stream is None else stream
    if sample is not None:
        check_sample(sample, deck)                      # counted, not listed: before any work
    rows, hands, ups, weights = situations(deck)
    n = len(deck)
    if int(weights.sum()) != comb(n, 5) * (n - 5):     # every situation in exactly one class
        raise AssertionError(f"class weights sum to {int(weights.sum())}, not C({n},5)*{n - 5}")
    if len(weights) != class_count(deck):
        raise AssertionError(f"{len(weights)} situation classes listed, {class_count(deck)} counted")
    control: Fraction = Fraction(0)        # the sample's control E[X]: summed below when sampling
    price = {"price": "best"} if price_mode(deck) == "best" else {}
    if sample is None:
        # by rank groups, a chunk of whole groups (combin.stud.game.chunks.grouped_chunks)
        phases: list[tuple[list[int], dict[str, Any]]] = [([], {"order": GROUPED})]   # every class
        mode = "exact"
        extra: dict[str, Any] = {}
    else:
        # two phases: a quarter of the draws by the strata's shares, then the rest by Neyman's
        # allocation from the first phase's spread of the gain (combin.stud.game.sampling)
        strata = class_strata(deck, rows, hands, ups)
        first, second = phase_sizes(sample, strata)
        draws, shares = plan(strata, weights.tolist(), first, seed)
        phases = [(sorted({i for picked in draws.values() for i in picked}), {"phase": 1})]
        mode = "sample"
        extra = {"sample": sample, "seed": seed}
        # the exact game without draws, the sample's control: shipped or summed before any class is priced
        # summed here when not shipped (any reading but the defaults): minutes on the full deck,
        # reported from its first step on the run's stream
        control = no_draw_expected(deck, rules, progress=None if progress.QUIET else progress.messages(
            f"game {rules.stud.game.id} sample ({deck.text}), the control", stream))
    start = time.monotonic()
    found: dict[int, Any] = {}
    fresh_rows: list[int] = []
    cpu = setup = 0.0
    scale: int | None = None
    with Store(store_path or DEFAULT_STORE) as store:
        phase = 0
        while phase < len(phases):
            indices, more = phases[phase]
            spec = RunSpec.of(deck, rules, mode, chunk, **extra, **more, **price)
            chunks = (grouped_chunks(spec, hands, ups, weights) if sample is None
                      else spec.chunks(hands, ups, weights, [i for i in indices if i not in found]))
            description = spec.to_json()
            items = [len(c[1]) for c in chunks]
            with _from_store(store):
                stored = set(store.finished(store.begin(description, len(chunks))))
            if sample is None and len(weights) > LONG_RUN_CLASSES and not progress.QUIET:
                announce_exact_run(stream, deck, rules, chunks, store, description,
                                   max(workers, 1) if scheduler is None else None)
            label = f"game {rules.stud.game.id} {mode} ({deck.text})" + (f", phase {more['phase']} of 2" if "phase" in more else "")
            results = run_chunks(solve_chunk, chunks, workers=workers, scheduler=scheduler, store=store,
                                 description=description, label=label, items=items, unit="classes",
                                 stream=stream)
            with _from_store(store):
                scale, records = records_of(results)
            found.update((r.index, r) for r in records)
            # the throughput of the chunks computed now (a chunk read back carries its old timings)
            for i, (c, result) in enumerate(zip(chunks, results)):
                if i not in stored and result.get("cpu_seconds"):
                    cpu += result["cpu_seconds"]
                    setup += result.get("setup_seconds", 0)
                    fresh_rows.extend(row[-1] for row in c[1])
            if sample is not None and phase == 0:
                spreads = spreads_of(draws, lambda i: Fraction(found[i].best_value - control_value(
                    found[i].best, found[i].values), scale))
                later, _ = plan(strata, weights.tolist(), second, f"{seed}:phase 2", spreads)
                phases.append((sorted({i for picked in later.values() for i in picked}), {"phase": 2}))
            phase += 1
    seconds = time.monotonic() - start
    records = sorted(found.values(), key=lambda r: r.index)
    if scale is None:
        scale = 1
    if cpu > 0 and not progress.QUIET:
        weight_of = {r.index: r.weight for r in records}
        speed = Throughput(len(fresh_rows), sum(weight_of[i] for i in fresh_rows), cpu, 1)
        per_class, per_situation = speed.per_core()
        stream.write(f"throughput: {per_class:.4f} classes/s/core, {per_situation:.2f} "
                     f"situations/s/core ({cpu:,.1f} CPU seconds for {len(fresh_rows):,} classes, and "
                     f"{setup:,.1f} of one-time setup per process; "
                     f"{seconds:,.1f} s wall now); the exact run of {len(weights):,} classes: "
                     f"{speed.projected_core_hours(len(weights)):,.1f} core-hours\n")
    run = {"classes_total": len(weights)}
    totals = None          # a sample's strategy sums its own records
    with _from_store(store):
        if sample is None:
            totals = totals_of(records, option_keys(rules), rules.stud)   # summed once: sheet and strategy
            with Store(store_path or DEFAULT_STORE) as store:
                nets = stored_round(store, description, lambda: round_nets(deck, rules, records))
            sheet = totals_sheet(deck, rules, scale, totals, run, multiple, nets)
        else:
            values = {r.index: r.best_value for r in records}
            second_moments = {r.index: r.second_moment for r in records}
            controls = {r.index: control_value(r.best, r.values) for r in records}
            sheet = sample_sheet(deck, rules, [draws, later], shares, values, scale, dict(run, **extra),
                                 second_moments, control=(control, controls))
            if cpu > 0 and not progress.QUIET:
                size_hint(stream, dict(sheet.sections["summary"]), len(fresh_rows) / cpu,
                           max(workers, 1) if scheduler is None else None, len(weights))
    strategy = None
    if want_strategy:
        from combin.stud.game.strategy import Strategy
        strategy = Strategy(deck, rules, scale, records, exact=sample is None, totals=totals)
    if want_classes:
        times = None if sample is None else Counter(i for phase in (draws, later)
                                                    for picked in phase.values() for i in picked)
        return sheet, strategy, classes_csv(scale, records, rules, times)
    return sheet, strategy
