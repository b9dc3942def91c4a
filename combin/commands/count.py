"""``combin count WAGER``: a seeded simulation of whole shoes, betting on a count.

Ctrl-C stops the simulation: the shoes finished so far are reported on stdout
(marked as a partial result), no ``--out`` or ``--plot`` file is written, and
the exit status is 130.
"""

import argparse
import os
import sys

from combin.commands.options import add_sheet_options, sheet_options
from combin.errors import CombinError

NAME = "count"
HELP = "simulate whole shoes, betting the wager when a card count reaches a trigger"
EXAMPLES = """examples:
  combin count eclipse.sun7 --true-count --triggers always,2,4,6 --shoes 100000
  combin count eclipse.moon8 --trigger 4 --tags suggested --plot triggers.png"""


def configure(parser: argparse.ArgumentParser) -> None:
    from combin.files.bounded import int_option  # stdlib only: bounded numbers for argparse
    add_sheet_options(parser)
    parser.add_argument("--tags", metavar="TAGS", default="suggested",
                        help="ten integers in value order T/J/Q/K,A,2,...,9, or RANK=TAG pairs "
                             "(A=0,4=-1,...,9=2; unnamed ranks 0), or 'suggested' (default: the "
                             "count 'combin eor' suggests for the shoe)")
    parser.add_argument("--max-tag", metavar="M", type=int_option("--max-tag"),
                        default=None,
                        help="largest tag of the suggested count (default 2)")
    triggers = parser.add_mutually_exclusive_group()
    triggers.add_argument("--trigger", metavar="T",
                          help="bet when the count >= T (a number, or 'always' to bet every round)")
    triggers.add_argument("--triggers", metavar="LIST",
                          help="several triggers, compared on the same shoes (e.g. always,0,2,4)")
    parser.add_argument("--true-count", action="store_true",
                        help="compare running count / (cards remaining / 52) with the trigger")
    parser.add_argument("--initial-count", metavar="N", default="0",
                        help="the running count at the start of each shoe (default 0)")
    parser.add_argument("--cut-card", metavar="C", default="14",
                        help="cards left behind the cut card, never dealt (default 14, at least 5)")
    parser.add_argument("--burn", metavar="RULE", default="face",
                        help="'face' (default): show the first card (counted) and burn its value "
                             "face down, 10 for a ten-valued card; or a number of cards burned "
                             "face down")
    parser.add_argument("--shoes", metavar="N", default="10000",
                        help="shoes to deal (default 10000)")
    parser.add_argument("--seed", metavar="S", default="1", help="random seed (default 1)")
    parser.add_argument("--workers", metavar="W", default=None,
                        help="worker processes of a local Dask cluster (default: one per core; "
                             "1 deals here); the result does not depend on it")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="deal on an existing Dask cluster, e.g. tcp://127.0.0.1:8786")
    parser.add_argument("--connect-timeout", metavar="SECONDS", default=None,
                        help="wait at most SECONDS for the --scheduler to answer (default 30)")
    parser.add_argument("--plot", metavar="FILE.png",
                        help="also draw win per shoe against the trigger (needs matplotlib)")


def tables(args: argparse.Namespace) -> tuple[str, ...]:
    """The tables of the result (checked before any work)."""
    return ("triggers",)


def run(args: argparse.Namespace) -> str | bytes:
    from combin.core.analysis import select
    from combin.documents.protection import count_document
    from combin.running.progress import StderrProgress
    from combin.protection.decks import protected
    from combin.protection.simulate import parse_tags, parse_triggers, simulate
    if args.plot:
        from combin.protection.charts import require_matplotlib
        require_matplotlib()
    options = sheet_options(args)
    decks, spec = options.pop("decks", None), options.pop("shoe", None)
    if spec is not None:
        raise CombinError("combin count deals whole shoes of --decks N full decks; "
                          "--shoe does not apply")
    if args.trigger is None and args.triggers is None:
        raise CombinError("give --trigger T or --triggers T1,T2,... "
                          "(numbers, or 'always' to bet every round)")
    triggers = parse_triggers(args.trigger if args.trigger is not None else args.triggers)
    tags = None if args.tags.strip().lower() == "suggested" else parse_tags(args.tags)
    if tags is not None and args.max_tag is not None:
        raise CombinError("--max-tag shapes the suggested count; it does not apply with --tags")
    workers = args.workers if args.workers is not None else (os.cpu_count() or 1)
    chosen = protected(select(args.wager, **options))
    result = simulate(chosen, decks=8 if decks is None else decks, cut=args.cut_card,
                      burn=args.burn, tags=tags, triggers=triggers, true_count=args.true_count,
                      initial_count=args.initial_count, seed=args.seed, shoes=args.shoes,
                      workers=workers, max_tag=args.max_tag, scheduler=args.scheduler,
                      progress=StderrProgress("count", unit="shoes"))
    if result.interrupted:
        from combin.render import render_text
        sys.stdout.write(render_text(count_document(result), "json" if args.format == "xlsx" else args.format))
        sys.stdout.flush()
        raise KeyboardInterrupt
    if args.plot:
        from combin.files.fileio import write_atomic, write_files
        from combin.protection.charts import trigger_chart
        chart = trigger_chart(result)
    from combin.render import emit
    text = emit(count_document(result), args)
    if args.plot:
        if args.out and text:  # both files or neither
            write_files({args.out: text, args.plot: chart})
            return ""
        write_atomic(args.plot, chart)
    return text
