"""``combin shoe WAGER --shoe SPEC``: the exact par sheet of a remaining shoe."""

import argparse

from combin.commands.options import add_sheet_options, sheet_options
from combin.errors import CombinError

NAME = "shoe"
HELP = "exact par sheet of a remaining shoe, compared with the full shoe"


def configure(parser: argparse.ArgumentParser) -> None:
    add_sheet_options(parser)


def run(args: argparse.Namespace) -> str:
    from combin.analysis import select
    from combin.protection.decks import protected
    from combin.protection.depleted import depleted_sheet, render
    options = sheet_options(args)
    decks, spec = options.pop("decks", None), options.pop("shoe", None)
    if decks is not None:
        raise CombinError("combin shoe reads --shoe SPEC (e.g. --shoe '8d-TT5'); "
                          "for a full shoe write --shoe 6d")
    return render(depleted_sheet(protected(select(args.wager, **options)), spec), args.format)
