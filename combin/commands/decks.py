"""``combin decks WAGER``: the exact house edge for a list of deck counts, per paytable."""

import argparse

from combin.commands.options import add_sheet_options
from combin.errors import CombinError

NAME = "decks"
HELP = ("exact house edge of a wager dealt from a shoe for 1 to 8 decks (or any list), "
        "one column per paytable")
EXAMPLES = """examples:
  combin decks eclipse.sun7 --decks-list 1,2,6,8
  combin decks baccarat.banker --rules ez --format xlsx --out banker-decks.xlsx"""


def configure(parser: argparse.ArgumentParser) -> None:
    add_sheet_options(parser)
    parser.add_argument("--decks-list", metavar="LIST",
                        help="deck counts, comma separated (default 1,2,3,4,5,6,7,8); "
                             "'--decks LIST' is read the same way")


def run(args: argparse.Namespace) -> str | bytes:
    from combin.api import decks, say_warnings
    from combin.render import emit
    if args.shoe is not None:
        raise CombinError("combin decks tabulates full shoes; use 'combin shoe' for --shoe")
    if args.decks is not None and args.decks_list is not None:
        raise CombinError("give the deck counts once: --decks-list or --decks")
    text = args.decks_list if args.decks_list is not None else args.decks
    result = decks(args.wager, text, paytable=args.paytable, rules=args.rules,
                   interpret=args.interpret, paytable_file=args.paytable_file)
    say_warnings(result)     # a user's paytable file that returns 100% or more
    return emit(result.document(), args)
