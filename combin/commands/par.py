"""``combin par WAGER``: one par sheet."""

import argparse

from combin.commands.options import add_sheet_options, sheet_options

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
    from combin.analysis import par_sheet
    from combin.documents.parsheet import document
    from combin.errors import CombinError
    from combin.registry import find_wager
    from combin.render import emit
    _, wager = find_wager(args.wager)
    if wager.reported_in:   # the Lunar instant payout: a part of the Ante, not a wager
        raise CombinError(f"{wager.id} is not a wager: see `combin game lunar` ("
                          f"{wager.reported_in.split(': ', 1)[-1]})")
    options = sheet_options(args, warn=False)
    sheet = par_sheet(args.wager, other_readings=True, **options)
    if options.get("extra_paytables"):   # a user's paytable file: warned of if generous
        from combin.paytable_file import warn_generous
        warn_generous(options, sheet)
    return emit(document(sheet), args)
