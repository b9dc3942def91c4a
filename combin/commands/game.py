"""``combin game lunar``: the whole Lunar Poker game under optimal play, on the executor.

Exact over every situation class (reduced decks such as ``--deck TJQKA``; the
full deck when there is time), or ``--sample N --seed S``: a seeded stratified
sample of classes, each exact, with a 99% interval.  Chunks run in this
process (``--workers 0``), on a local Dask cluster (``--workers N``) or on an
existing one (``--scheduler tcp://host:8786``), and are kept in an SQLite
store (``--store``) so an interrupted run resumes.
"""

import os
import sys
import time

from combin.errors import CombinError

NAME = "game"
HELP = "Lunar Poker whole game with draws under optimal play (exact or sampled), on Dask"


def configure(parser):
    from combin.commands.options import add_output_options
    parser.add_argument("game", choices=["lunar"], help="the game (lunar)")
    parser.add_argument("--paytable", default=None, help="instant-payout paytable: A (default), B or C")
    parser.add_argument("--interpret", metavar="ID=VALUE", action="extend", nargs="+", default=[],
                        help="switch an interpretation the game reads (L7-L12)")
    parser.add_argument("--deck", metavar="RANKS",
                        help="ranks in the deck, four suits each (default all 13; e.g. 9TJQKA)")
    parser.add_argument("--no-draw", action="store_true",
                        help="the game without buying or exchanging (fold, play, force)")
    parser.add_argument("--sample", metavar="N", default=None,
                        help="price a seeded stratified sample of N situation classes instead of all")
    parser.add_argument("--seed", metavar="S", default="1", help="seed of --sample (default 1)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="an existing Dask scheduler, e.g. tcp://127.0.0.1:8786")
    parser.add_argument("--workers", metavar="N", default=None,
                        help="local Dask worker processes (default: one per core; 0 runs here)")
    parser.add_argument("--store", metavar="FILE", default=None,
                        help="SQLite store of finished chunks (default build/combin-store.sqlite)")
    parser.add_argument("--chunk", metavar="C", default=None,
                        help="situation classes per task (default 32; 1 on the full deck)")
    parser.add_argument("--strategy-out", metavar="FILE",
                        help="also write the optimal option of every class as JSON")
    parser.add_argument("--strategy", action="store_true",
                        help="append the strategy table and the basic strategy to the sheet")
    add_output_options(parser)


def _int(text, what, low):
    try:
        value = int(str(text))
    except ValueError:
        raise CombinError(f"{what} must be a whole number, not {text!r}") from None
    if value < low:
        raise CombinError(f"{what} must be at least {low}, not {value}")
    return value


def run(args):
    from combin.executor import check_workers
    from combin.interpret import parse_assignments
    from combin.stud.deck import Deck
    from combin.stud.rules import load_game
    rules = load_game("lunar").resolve(args.paytable, parse_assignments(args.interpret))
    deck = Deck.parse(args.deck, need=16)
    if args.no_draw:
        if args.sample is not None or args.strategy or args.strategy_out:
            raise CombinError("--no-draw sums every situation at once; --sample and --strategy "
                              "apply to the game with draws")
        from combin.stud.nodraw import no_draw_sheet
        from combin.stud.gamesheet import render_sheet
        return render_sheet(no_draw_sheet(deck, rules), args.format)
    workers = check_workers(args.workers if args.workers is not None else (os.cpu_count() or 1))
    chunk = _int(args.chunk, "--chunk", 1) if args.chunk is not None else (1 if deck.full else 32)
    sample = _int(args.sample, "--sample", 1) if args.sample is not None else None
    seed = _int(args.seed, "--seed", 0)
    from combin.stud.gamerun import run_game
    sheet, strategy = run_game(deck, rules, workers=workers, scheduler=args.scheduler,
                               store_path=args.store, chunk=chunk, sample=sample, seed=seed,
                               want_strategy=args.strategy or bool(args.strategy_out))
    from combin.stud.gamesheet import render_sheet
    text = render_sheet(sheet, args.format)
    if args.strategy:
        from combin.stud.strategy import render_strategy
        text += "\n" + render_strategy(strategy, args.format)
    if args.strategy_out:
        from combin.fileio import write_atomic
        from combin.stud.strategy import strategy_json
        write_atomic(args.strategy_out, strategy_json(strategy))
    return text
