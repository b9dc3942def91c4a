"""``combin game caribbean|lunar``: a whole stud game, summed exactly.

Without draws (Caribbean Stud, or Lunar Poker with ``--no-draw``) the stud
engine core sums every situation at once under a chosen strategy.  Lunar
Poker with draws is priced class by class under optimal play -- exact over
every situation class (reduced decks such as ``--deck TJQKA``; the full deck
when there is time), or ``--sample N --seed S``: a seeded stratified sample,
each class exact, with a 99% interval.  Its chunks run in this process
(``--workers 0``), on a local Dask cluster (``--workers N``) or on an existing
one (``--scheduler tcp://host:8786``), kept in an SQLite store (``--store``)
so an interrupted run resumes.
"""

import argparse
from fractions import Fraction
import os
from typing import TYPE_CHECKING

from combin.errors import CombinError

if TYPE_CHECKING:
    from combin.stud.core.deck import Deck
    from combin.stud.core.rules import Rules, StudRules

NAME = "game"
HELP = ("a whole stud game summed exactly: Caribbean Stud, Lunar Poker without draws, or "
        "Lunar Poker with draws under optimal play (exact or sampled, on Dask)")
EXAMPLES = """examples:
  combin game caribbean --deck 9TJQKA
  combin game lunar --no-draw --deck 9TJQKA --format json"""

_DRAW_ONLY = ("super", "sample", "chunk", "strategy_out", "classes_out", "shards", "shard_count", "max_shards",
              "readings")


def configure(parser: argparse.ArgumentParser) -> None:
    from combin.commands.options import add_output_options
    parser.add_argument("game", help="caribbean or lunar")
    parser.add_argument("--no-draw", action="store_true",
                        help="Lunar Poker: fold, play and force only (no sixth card, no exchange)")
    parser.add_argument("--strategy", default="optimal",
                        help="without draws: optimal (default), always, pair, ace-king, thumb, akj83")
    parser.add_argument("--deck", metavar="RANKS", help="ranks in play, e.g. 9TJQKA (default: all 13)")
    parser.add_argument("--paytable", help="Lunar Poker instant payout paytable: A (default), B or C")
    parser.add_argument("--interpret", metavar="ID=VALUE", action="extend", nargs="+", default=[],
                        help="switch an interpretation, e.g. L8=even-money (repeatable)")
    parser.add_argument("--game-file", metavar="FILE",
                        help="a game file: TOML of the shape of the game's stud.toml, with id, title, "
                             "citation and derived_from, and the rules it changes (fees, sixth card, "
                             "exchange sizes, pays)")
    draws = parser.add_argument_group(
        "Lunar Poker with draws (--workers, --scheduler and --store also run the game without "
        "draws and Caribbean Stud on the executor, resumable)")
    draws.add_argument("--sample", metavar="N", default=None,
                       help="price a seeded stratified sample of N situation classes instead of all")
    draws.add_argument("--seed", metavar="S", default="1", help="seed of --sample (default 1)")
    draws.add_argument("--scheduler", metavar="ADDRESS",
                       help="an existing Dask scheduler, e.g. tcp://127.0.0.1:8786")
    draws.add_argument("--connect-timeout", metavar="SECONDS", default=None,
                       help="wait at most SECONDS for the --scheduler to answer (default 30)")
    draws.add_argument("--workers", metavar="N", default=None,
                       help="local Dask worker processes (default: one per core; 0 runs here)")
    draws.add_argument("--store", metavar="FILE", default=None,
                       help="SQLite store of finished chunks (default build/combin-store.sqlite)")
    draws.add_argument("--chunk", metavar="C", default=None,
                       help="situation classes per task (default 32; 64 on the full deck)")
    draws.add_argument("--shards", metavar="DIR",
                       help="cut the exact run into numbered shards kept in DIR (plan.json, "
                            "shard-NNN.json.gz), compute those missing, and write the sheet when all are in")
    draws.add_argument("--shard-count", metavar="S", default=None,
                       help="shards of a new --shards folder (default 16; a folder with a plan keeps "
                            "its own count)")
    draws.add_argument("--max-shards", metavar="K", default=None,
                       help="with --shards: compute at most K missing shards (and at most K shards of "
                            "the basic strategy's second pass), then stop; 0 computes nothing and writes "
                            "the sheet from the files there")
    draws.add_argument("--readings", metavar="FILE", default=None,
                       help="with --shards, of the default game: the variants table (the JSON of "
                            "combin lunar variants) whose rows of the other readings the sheet shows "
                            "beside its own house edge, with a ruling flag where one moves it")
    draws.add_argument("--super", metavar="K", default=None,
                       help="the mandatory Super on the player's own hand at K x Ante in the round as "
                            "dealt (an exact number: 1, 3/2 or 1.5; at least 1, § 671a.7(c)(2); "
                            "default 1)")
    draws.add_argument("--strategy-table", action="store_true",
                       help="append the strategy table and the basic strategy to the sheet")
    draws.add_argument("--strategy-out", metavar="FILE",
                       help="also write the optimal option of every class as JSON")
    draws.add_argument("--classes-out", metavar="FILE",
                       help="also write every priced class (its situation, weight, times drawn, "
                            "best option and exact values with and without draws) as CSV")
    add_output_options(parser)


def tables(args: argparse.Namespace) -> tuple[str, ...] | None:
    """The tables of the sheet this command line asks for (checked before any work)."""
    if args.game not in ("lunar", "caribbean"):
        return None                                     # refused by load_rules, with the games
    if args.game == "caribbean" or args.no_draw:
        return ("outcomes", "summary", "options", "strategy", "ace_king")
    # an exact sheet carries the round as dealt with the mandatory Super after the paytables
    names: tuple[str, ...] = ("summary", "strata") if args.sample is not None else (
        "summary", "options", "results", "instant", "paytables", "round")
    if args.shards is not None:        # a sheet assembled from shards carries every strategy table
        return names + ("strategy", "basic_strategy", "basic_strategy_edge", "plain_strategy",
                        "derived_basic_strategy", "derived_basic_edge")
    if args.strategy_table:
        names += ("strategy", "basic_strategy") + (() if args.sample is not None
                                                   else ("basic_strategy_edge",))
    return names


def _progress(message: str) -> None:
    from combin.running.progress import messages
    messages("game")(message)


def _int(text: str, what: str, low: int) -> int:
    from combin.files.bounded import parse_int        # refused by length before it is converted
    return parse_int(text, what, low)


def run(args: argparse.Namespace) -> str | bytes:
    from combin.core.interpret import parse_assignments
    from combin.stud.core.deck import Deck
    from combin.stud.core.variant import stud_rules
    stud = stud_rules(args.game, args.game_file)
    rules = stud.resolve(args.paytable, parse_assignments(args.interpret))
    if not stud.can_draw or args.no_draw:
        given = [f"--{name.replace('_', '-')}" for name in _DRAW_ONLY
                 if getattr(args, name) is not None] + (["--strategy-table"] if args.strategy_table else [])
        if given:
            raise CombinError(f"{', '.join(given)} apply to Lunar Poker with draws, not to the game "
                              "without draws, which is summed at once")
        return _no_draw(args, stud, rules)
    if args.strategy != "optimal":
        raise CombinError("the game with draws is summed under optimal play; --strategy names a "
                          "strategy of the game without draws (add --no-draw)")
    return _with_draws(args, rules, Deck.parse(args.deck, need=16))


def _no_draw(args: argparse.Namespace, stud: "StudRules", rules: "Rules") -> str | bytes:
    from combin.render import emit
    from combin.stud.core.deck import Deck
    from combin.documents.stud_game import game_document
    from combin.stud.nodraw.game import STRATEGIES, whole_game
    if args.strategy not in STRATEGIES:
        raise CombinError(f"unknown strategy '{args.strategy}' (strategies: {', '.join(STRATEGIES)})")
    deck = Deck.parse(args.deck, need=11 if stud.can_force else 10)
    workers = 0
    if args.workers is not None:
        from combin.running.executor import check_workers
        workers = check_workers(args.workers)
    result = whole_game(rules, deck, args.strategy, progress=_progress, workers=workers,
                        scheduler=args.scheduler, store_path=args.store)
    return emit(game_document(result), args)


def _with_draws(args: argparse.Namespace, rules: "Rules", deck: "Deck") -> str | bytes:
    from combin.running.executor import check_workers
    from combin.stud.game.run import run_game
    from combin.render import emit
    from combin.documents.lunar_game import sheet_document
    from combin.files.fileio import check_output
    from combin.stud.game.spec import chunk_size
    for path, what in ((args.strategy_out, "strategy output"), (args.classes_out, "classes output")):
        if path:
            check_output(path, what)     # refused before any work, as --out is
    workers = check_workers(args.workers if args.workers is not None else (os.cpu_count() or 1))
    chunk = _int(args.chunk, "--chunk", 1) if args.chunk is not None else chunk_size(deck)
    sample = _int(args.sample, "--sample", 1) if args.sample is not None else None
    seed = _int(args.seed, "--seed", 0)
    multiple = super_multiple(args.super)
    if args.shards is not None:
        return _sharded(args, rules, deck, workers, chunk, multiple)
    if args.shard_count is not None or args.max_shards is not None or args.readings is not None:
        raise CombinError("--shard-count, --max-shards and --readings apply to a run with --shards DIR")
    sheet, strategy, *classes = run_game(
        deck, rules, workers=workers, scheduler=args.scheduler, store_path=args.store,
        chunk=chunk, sample=sample, seed=seed,
        want_strategy=args.strategy_table or bool(args.strategy_out),
        want_classes=bool(args.classes_out), multiple=multiple)
    from combin.files.fileio import write_atomic
    if args.strategy_out:
        from combin.stud.game.strategy import strategy_json
        write_atomic(args.strategy_out, strategy_json(strategy))
    if args.classes_out:
        write_atomic(args.classes_out, classes[0])
    return emit(sheet_document(sheet, strategy if args.strategy_table else None), args)


def super_multiple(text: str | None) -> Fraction:
    """The Super's multiple of the Ante from ``--super`` (1 by default): exact, at least 1.

    >>> super_multiple(None), super_multiple("3/2"), super_multiple("1.5")
    (Fraction(1, 1), Fraction(3, 2), Fraction(3, 2))
    """
    if text is None:
        return Fraction(1)
    try:
        value = Fraction(text) if len(text) <= 20 else None
    except (ValueError, ZeroDivisionError):
        value = None
    if value is None or value < 1 or value > 1000:
        raise CombinError(f"--super takes an exact number of Antes from 1 to 1000 (the Super on the "
                          f"player's own hand is at least the Ante, § 671a.7(c)(2)), not {text[:30]!r}")
    return value


def _sharded(args: argparse.Namespace, rules: "Rules", deck: "Deck", workers: int, chunk: int,
             multiple: Fraction = Fraction(1)) -> str | bytes:
    """The exact run in the shards of ``--shards DIR``: the missing ones computed, then the sheet."""
    from combin.render import emit
    from combin.stud.game.assembled import read_run
    from combin.stud.game.shards import FolderReader, run_shards
    from combin.stud.game.spec import RunSpec
    from combin.documents.lunar_game import shards_document
    if args.sample is not None or args.strategy_out or args.classes_out:
        raise CombinError("--shards keeps the exact run; --sample, --strategy-out and --classes-out "
                          "do not apply "
                          "(the shards hold the strategy: combin lunar strategy reads them)")
    if not args.shards:
        raise CombinError("--shards needs a folder")
    if args.readings is not None:
        from combin.stud.game.readings import check_table, load_table
        # read and checked before any work (and read again, with the run's figures, at the end)
        check_table(load_table(args.readings), rules, deck, args.readings)
    # a new folder's plan: --shard-count, else the default; a folder with a plan keeps its own
    count = _int(args.shard_count, "--shard-count", 1) if args.shard_count is not None else None
    most = _int(args.max_shards, "--max-shards", 0) if args.max_shards is not None else None
    # one reading of the folder for every step: each file is read once
    reader = FolderReader(args.shards, RunSpec.of(deck, rules))
    run_shards(deck, rules, args.shards, count, workers=workers, scheduler=args.scheduler,
               store_path=args.store, chunk=chunk, most=most, reader=reader)
    found = read_run(deck, rules, args.shards, reader)
    if found is None:
        _progress("the sheet is written when every shard is in; run the same command again to go on")
        return ""
    if found.basic is not None and found.basic[1] is None:
        # the basic strategy derived from the optimal one, priced exactly by a second pass along
        # the shards (kept beside them as the run's own files)
        from combin.stud.game.basic import run_basic
        run_basic(deck, rules, args.shards, found.basic[0], workers=workers, scheduler=args.scheduler,
                  store_path=args.store, most=most, reader=reader)
        found = read_run(deck, rules, args.shards, reader)     # what the second pass wrote
        if found is None:
            raise CombinError(f"{str(args.shards)[:100]}: a shard went missing while the sheet was assembled")
    if found.basic is not None and found.basic[1] is not None:
        # a second pass written before its files were pinned is pinned now, as a plan is
        from combin.stud.game.basic import pin_basic
        if pin_basic(args.shards, found.shards, found.basic[0]):
            reader.wrote(("basic", "pins"))
            found = read_run(deck, rules, args.shards, reader)
            if found is None:
                raise CombinError(f"{str(args.shards)[:100]}: a shard went missing while the sheet was assembled")
    from combin.stud.game.readings import run_readings
    document = shards_document(found, multiple, run_readings(found, args.readings))
    return emit(document, args)
