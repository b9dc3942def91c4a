"""``combin par WAGER``: one par sheet."""

import argparse

from combin.commands.options import add_sheet_options, sheet_options

NAME = "par"
HELP = "one par sheet"


def configure(parser: argparse.ArgumentParser) -> None:
    add_sheet_options(parser)


def run(args: argparse.Namespace) -> str:
    from combin.analysis import par_sheet
    from combin.paytable_file import warn_generous
    from combin.render import render
    options = sheet_options(args, warn=False)
    sheet = par_sheet(args.wager, **options)
    warn_generous(options, sheet)
    return render(sheet, args.format)
