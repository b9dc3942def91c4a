"""``combin list``: every wager, paytable, rule set and interpretation."""

import argparse

NAME = "list"
HELP = "every wager, paytable, rule set and interpretation with its default"
EXAMPLES = """examples:
  combin list
  combin list --events eclipse.moon8
  combin list --format json --out list.json"""


def configure(parser: argparse.ArgumentParser) -> None:
    from combin.commands.options import add_output_options
    parser.add_argument("--events", metavar="WAGER|GAME",
                        help="the fields a paytable file's own events may read, and the built-in "
                             "events, of a wager or a game (e.g. eclipse.moon8, baccarat)")
    add_output_options(parser)


def run(args: argparse.Namespace) -> str | bytes:
    from combin.render import emit
    if args.events is not None:
        from combin.design.fields import events_document
        return emit(events_document(args.events), args)
    from combin.documents.listing import listing_document
    return emit(listing_document(), args)
