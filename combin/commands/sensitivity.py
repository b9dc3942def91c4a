"""``combin sensitivity WAGER``: the wager under each value of an interpretation."""

import argparse

from combin.commands.options import add_sheet_options, sheet_options
from combin.errors import CombinError

NAME = "sensitivity"
HELP = "one wager under each value of an interpretation, side by side"


def configure(parser: argparse.ArgumentParser) -> None:
    add_sheet_options(parser)
    parser.add_argument("--interpretation", metavar="ID",
                        help="the interpretation to vary (default: each one the wager reads)")


def run(args: argparse.Namespace) -> str:
    from combin.analysis import select_wager, sensitivity_of
    from combin.registry import find_wager
    from combin.render import render_comparison
    options = sheet_options(args)
    game, wager = find_wager(args.wager)
    wanted = ([args.interpretation] if args.interpretation else
              [i for i in wager.interpretations if not game.interpretations[i].fixed])
    if not wanted:
        raise CombinError(f"{args.wager} reads no switchable interpretation")
    chosen = select_wager(game, wager, **options)   # resolved once, for every reading
    space = chosen.space(options.get("decks"), options.get("shoe"))
    parts = []
    for interp in wanted:
        columns = [(f"{interp.upper()}={value}", sheet)
                   for value, sheet in sensitivity_of(chosen, interp, space)]
        parts.append(render_comparison(f"{wager.title}: sensitivity to {interp.upper()}",
                                       columns, args.format))
    return "\n".join(parts)
