"""``combin shoe WAGER --shoe SPEC``: the exact par sheet of a remaining shoe."""

import argparse

from combin.commands.options import add_sheet_options, sheet_options
from combin.errors import CombinError

NAME = "shoe"
HELP = "exact par sheet of a remaining shoe, compared with the full shoe"
EXAMPLES = """examples:
  combin shoe eclipse.sun7 --shoe "8d-99998888"
  combin shoe eclipse.moon8 --shoe "8 decks minus 8,8,8,8" --format json"""


def configure(parser: argparse.ArgumentParser) -> None:
    add_sheet_options(parser)


def run(args: argparse.Namespace) -> str | bytes:
    from combin.core.analysis import select
    from combin.documents.protection import depleted_document
    from combin.protection.decks import protected
    from combin.protection.depleted import depleted_sheet
    from combin.render import emit
    options = sheet_options(args)
    decks, spec = options.pop("decks", None), options.pop("shoe", None)
    if decks is not None:
        raise CombinError("combin shoe reads --shoe SPEC (e.g. --shoe '8d-TT5'); "
                          "for a full shoe write --shoe 6d")
    return emit(depleted_document(depleted_sheet(protected(select(args.wager, **options)), spec)),
                args)
