"""``combin eor WAGER``: exact effects of removal and a suggested count."""

import argparse

from combin.commands.options import add_sheet_options

NAME = "eor"
HELP = "exact effect of removing one card of each value, with a suggested count"
EXAMPLES = """examples:
  combin eor eclipse.moon8 --max-tag 3 --plot eor.png
  combin eor eclipse.sun7 --format csv --out eor-sun7   # a directory: one CSV per table"""


def configure(parser: argparse.ArgumentParser) -> None:
    from combin.files.bounded import int_option  # stdlib only: bounded numbers for argparse
    add_sheet_options(parser)
    parser.add_argument("--max-tag", metavar="M", type=int_option("--max-tag"),
                        default=None,
                        help="the largest tag, in size, of the suggested count (default 2)")
    parser.add_argument("--plot", metavar="FILE.png",
                        help="also draw a bar chart of the effects (needs matplotlib)")


def run(args: argparse.Namespace) -> str | bytes:
    from combin.api import eor, say_warnings
    if args.plot:
        from combin.protection.charts import require_matplotlib
        require_matplotlib()
    found = eor(args.wager, max_tag=args.max_tag, paytable=args.paytable, rules=args.rules,
                decks=args.decks, shoe=args.shoe, interpret=args.interpret,
                paytable_file=args.paytable_file)
    say_warnings(found)      # a user's paytable file that returns 100% or more
    from combin.render import emit
    text = emit(found.document(), args)
    if args.plot:
        from combin.files.fileio import write_atomic, write_files
        chart = found.chart()
        if args.out and text:  # both files or neither (a CSV directory is written already)
            write_files({args.out: text, args.plot: chart})
            return ""
        write_atomic(args.plot, chart)
    return text
