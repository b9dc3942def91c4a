"""``combin list``: every wager, paytable, rule set and interpretation."""

import argparse

NAME = "list"
HELP = "every wager, paytable, rule set and interpretation with its default"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", default="text", choices=["text", "md"])


def run(args: argparse.Namespace) -> str:
    from combin.listing import listing
    return listing(args.format)
