"""``combin solve WAGER``: the return as a function of the pays; the pay for a target edge."""

import argparse

from combin.commands.options import add_sheet_options

NAME = "solve"
HELP = "a wager's return as an exact function of its pays, and the pay for a target house edge"
EXAMPLES = """examples:
  combin solve eclipse.moon8 --target-edge 5%
  combin solve eclipse.supreme7 --paytable B --line both_three_card_7 --target-edge 4%"""


def configure(parser: argparse.ArgumentParser) -> None:
    add_sheet_options(parser)
    parser.add_argument("--line", metavar="EVENT",
                        help="the paytable line to vary (default: the only line that pays)")
    parser.add_argument("--target-edge", metavar="EDGE",
                        help="house edge to reach, e.g. 5%%, 0.05 or 1/20")


def run(args: argparse.Namespace) -> str | bytes:
    from combin.api import say_warnings, solve
    from combin.render import emit
    solved = solve(args.wager, line=args.line, target_edge=args.target_edge, paytable=args.paytable,
                   rules=args.rules, decks=args.decks, shoe=args.shoe, interpret=args.interpret,
                   paytable_file=args.paytable_file)
    say_warnings(solved)     # a user's paytable file that returns 100% or more
    return emit(solved.document(), args)
