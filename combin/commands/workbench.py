"""``combin workbench --out DIR``: the paytable workbench page (one self-contained index.html)."""

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from combin.core.paytable import Paytable

NAME = "workbench"
HELP = "the paytable workbench: one offline page that re-prices linear wagers exactly"
#: ``--out`` names a directory, written all or nothing (combin.files.fileio.write_tree).
OUTPUT = "directory"
EXAMPLES = """examples:
  combin workbench --out build/workbench
  combin workbench --out build/m8n --paytable-file m8n.toml   # a file's paytables as presets
  # then open build/workbench/index.html#wager=eclipse.moon8&decks=8&paytable=A&player_wins_three_card_8=30to1"""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", required=True, metavar="DIR",
                        help="the directory to write index.html to (new, or holding only it)")
    parser.add_argument("--paytable-file", metavar="FILE", action="append", default=[],
                        help="TOML file of your own paytables (and events), offered as presets "
                             "beside the built-in ones (repeatable)")


def run(args: argparse.Namespace) -> str:

    from combin.workbench import write_page
    extra: "tuple[Paytable, ...]" = ()
    if args.paytable_file:
        from combin.files.paytable_file import read_paytable_files
        from combin.workbench.data import check_extra
        loaded = read_paytable_files(args.paytable_file)
        check_extra(loaded.paytables, loaded.rulesets)      # nothing of the file dropped silently
        extra = loaded.paytables
    written = write_page(args.out, extra)
    from combin.running.progress import messages
    messages("combin")(f"wrote {written}")
    return ""
