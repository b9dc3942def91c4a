"""``combin sensitivity WAGER``: the wager under each value of an interpretation."""

import argparse

from combin.commands.options import add_sheet_options, sheet_options
from combin.errors import CombinError

NAME = "sensitivity"
HELP = "one wager under each value of an interpretation, side by side"
EXAMPLES = """examples:
  combin sensitivity eclipse.eclipse --paytable B
  combin sensitivity lunar.super --interpretation L5 --format csv --out l5"""


def configure(parser: argparse.ArgumentParser) -> None:
    add_sheet_options(parser)
    parser.add_argument("--interpretation", metavar="ID",
                        help="the interpretation to vary, e.g. E1 (default: each switchable one "
                             "the wager reads)")


def run(args: argparse.Namespace) -> str | bytes:
    from combin.core.analysis import select_wager, sensitivity_of
    from combin.documents.comparison import document
    from combin.registry import find_wager
    from combin.render import emit
    options = sheet_options(args)
    game, wager = find_wager(args.wager)
    wanted = ([args.interpretation] if args.interpretation else
              [i for i in wager.interpretations if not game.interpretations[i].fixed])
    if not wanted:
        raise CombinError(f"{args.wager} reads no switchable interpretation")
    chosen = select_wager(game, wager, **options)   # resolved once, for every reading
    space = chosen.space(options.get("decks"), options.get("shoe"))
    comparisons = []
    for interp in wanted:
        columns = [(f"{interp.upper()}={value}", sheet)
                   for value, sheet in sensitivity_of(chosen, interp, space)]
        comparisons.append((interp.lower(), f"{wager.title}: sensitivity to {interp.upper()}",
                            columns))
    return emit(document("sensitivity", f"{wager.title}: sensitivity to "
                         f"{', '.join(i.upper() for i in wanted)}", comparisons), args)
