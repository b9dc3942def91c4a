"""``combin compare WAGER``: one wager's figures side by side under several paytables,
rule sets or deck counts."""

import argparse
from typing import TYPE_CHECKING, Any

from combin.errors import CombinError

if TYPE_CHECKING:
    from combin.core.parsheet import ParSheet
    from combin.render.document import Document

NAME = "compare"
HELP = "one wager side by side under several paytables, rule sets or deck counts"
EXAMPLES = """examples:
  combin compare eclipse.sun7 --paytable A,B,C
  combin compare baccarat.banker --rules standard,ez,super6 --decks 6,8
  combin compare eclipse.moon8 --paytable A,B --format xlsx --out moon8.xlsx"""

#: The most sheets one comparison may hold.


#: Each list option's example, for a message about the list the user typed.



def configure(parser: argparse.ArgumentParser) -> None:
    from combin.commands.options import add_output_options
    parser.add_argument("wager", help="wager id, e.g. eclipse.sun7 (see 'combin list')")
    parser.add_argument("--paytable", metavar="A,B,...",
                        help="paytable ids to compare, e.g. A,B,C (default: the wager's first)")
    parser.add_argument("--rules", metavar="R1,R2,...",
                        help="rule set ids to compare, e.g. standard,ez (default: the game's first)")
    parser.add_argument("--decks", metavar="N1,N2,...",
                        help="deck counts to compare, e.g. 6,8 (baccarat; default 8)")
    parser.add_argument("--interpret", metavar="ID=VALUE", action="extend", nargs="+", default=[],
                        help="switch an interpretation for every column, e.g. E1=paid-rows")
    parser.add_argument("--paytable-file", metavar="FILE", action="append", default=[],
                        help="TOML file of your own paytables, whose ids --paytable may name "
                             "(repeatable)")
    add_output_options(parser)


def run(args: argparse.Namespace) -> str | bytes:
    from combin.api import compare
    from combin.render import emit
    result = compare(args.wager, paytable=args.paytable, rules=args.rules, decks=args.decks,
                     interpret=args.interpret, paytable_file=args.paytable_file)
    return emit(result.document(), args)


