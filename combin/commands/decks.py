"""``combin decks WAGER``: the exact house edge for a list of deck counts, per paytable."""

import argparse

from combin.commands.options import add_sheet_options, sheet_options
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
    from combin.documents.protection import decks_document
    from combin.protection.decks import DEFAULT_DECKS_LIST, deck_table, parse_decks_list
    from combin.render import emit
    if args.shoe is not None:
        raise CombinError("combin decks tabulates full shoes; use 'combin shoe' for --shoe")
    if args.decks is not None and args.decks_list is not None:
        raise CombinError("give the deck counts once: --decks-list or --decks")
    text = args.decks_list if args.decks_list is not None else args.decks
    decks_list = DEFAULT_DECKS_LIST if text is None else parse_decks_list(text)
    args.decks = None  # a list here, not the one deck count of the par-sheet options
    options = sheet_options(args)
    if args.paytable is None:
        options["paytable"] = None  # every paytable, a --paytable-file's included, side by side
    options.pop("decks", None), options.pop("shoe", None)
    return emit(decks_document(deck_table(args.wager, decks_list, **options)), args)
