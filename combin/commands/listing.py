"""``combin list``: every wager, paytable, rule set and interpretation."""

import argparse

NAME = "list"
HELP = "every wager, paytable, rule set and interpretation with its default"
EXAMPLES = """examples:
  combin list
  combin list --format json --out list.json"""


def configure(parser: argparse.ArgumentParser) -> None:
    from combin.commands.options import add_output_options
    add_output_options(parser)


def run(args: argparse.Namespace) -> str | bytes:
    from combin.listing import listing_document
    from combin.render import emit
    return emit(listing_document(), args)
