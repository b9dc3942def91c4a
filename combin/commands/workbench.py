"""``combin workbench --out DIR``: the paytable workbench page (one self-contained index.html)."""

import argparse

NAME = "workbench"
HELP = "the paytable workbench: one offline page that re-prices linear wagers exactly"
#: ``--out`` names a directory, written all or nothing (combin.fileio.write_tree).
OUTPUT = "directory"
EXAMPLES = """examples:
  combin workbench --out build/workbench
  # then open build/workbench/index.html#wager=eclipse.moon8&decks=8&paytable=A&player_wins_three_card_8=30to1"""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", required=True, metavar="DIR",
                        help="the directory to write index.html to (new, or holding only it)")


def run(args: argparse.Namespace) -> str:
    import sys

    from combin.workbench import write_page
    written = write_page(args.out)
    print(f"combin: wrote {written}", file=sys.stderr)
    return ""
