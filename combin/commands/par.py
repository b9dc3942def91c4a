"""``combin par WAGER``: one par sheet."""

import argparse

from combin.commands.options import add_sheet_options

NAME = "par"
HELP = "one par sheet"
EXAMPLES = """examples:
  combin par eclipse.supreme7 --paytable B
  combin par baccarat.banker --rules ez --decks 6 --format csv --out banker-ez-csv
      (a folder of one CSV per table; add --table ID for one file)
  combin par eclipse.sun7 --format xlsx --out sun7.xlsx"""


def configure(parser: argparse.ArgumentParser) -> None:
    add_sheet_options(parser)


def run(args: argparse.Namespace) -> str | bytes:
    from combin.api import par, say_warnings
    from combin.render import emit
    result = par(args.wager, paytable=args.paytable, rules=args.rules, decks=args.decks,
                 shoe=args.shoe, interpret=args.interpret, paytable_file=args.paytable_file)
    say_warnings(result)     # a user's paytable file that returns 100% or more
    return emit(result.document(), args)
