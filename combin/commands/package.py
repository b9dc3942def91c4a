"""``combin package WAGER[:PAYTABLE][=STAKE] ...``: several wagers on the same round."""

import argparse
from typing import TYPE_CHECKING, Any

from combin.files.bounded import int_option
from combin.commands.options import add_sheet_options, sheet_options
from combin.errors import CombinError

if TYPE_CHECKING:
    from combin.design.package import Bet

NAME = "package"
HELP = "several wagers of one game on the same round: the exact joint result"
EXAMPLES = """examples:
  combin package --eclipse --paytable B
  combin package eclipse.supreme7:B=2 eclipse.sun7=1/2 baccarat.banker
  combin package --lunar-supers 2 --format json"""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("bets", nargs="*", metavar="WAGER[:PAYTABLE][=STAKE]",
                        help="a wager, optionally its paytable and its stake (default 1), "
                             "e.g. eclipse.supreme7:B=2")
    parser.add_argument("--set", metavar="NAME", action="append", default=[], dest="sets",
                        help="add a game's named package of wagers at one unit each "
                             "(see 'combin list'; e.g. eclipse)")
    parser.add_argument("--eclipse", action="append_const", const="eclipse", dest="sets",
                        help="the same as --set eclipse: the five Eclipse wagers (§ 631b.11)")
    parser.add_argument("--lunar-supers", type=int_option("--lunar-supers", 2, 3), metavar="N",
                        help="one unit on the Lunar Poker Super Wager of each of N hands (2 or 3) "
                             "dealt from one deck (§ 671a.7(c)(3)): their exact joint result")
    add_sheet_options(parser, wager=False)


def tables(args: argparse.Namespace) -> tuple[str, ...]:
    """The tables of the package (checked before any work)."""
    names = ("distribution", "wagers", "summary", "covariance", "correlation")
    return names + (("joint_lines",) if args.lunar_supers is not None else ())



def run(args: argparse.Namespace) -> str | bytes:
    if getattr(args, "lunar_supers", None) is not None:
        return _lunar_supers(args)
    from combin.api import package, say_warnings
    from combin.render import emit
    result = package(*args.bets, sets=args.sets, paytable=args.paytable, rules=args.rules,
                     decks=args.decks, shoe=args.shoe, interpret=args.interpret,
                     paytable_file=args.paytable_file)
    say_warnings(result)     # a user's paytable file that returns 100% or more
    return emit(result.document(), args)


def _lunar_supers(args: argparse.Namespace) -> str | bytes:
    """``--lunar-supers N``: the Supers of N hands of one deal, one unit each (combin.lunar.supers)."""
    from combin.lunar.joint import joint_space
    from combin.lunar.supers import line_table, supers_package
    from combin.files.paytable_file import report_generous
    if args.bets or args.sets:
        raise CombinError("--lunar-supers is a package by itself; name no other wager")
    options = sheet_options(args)
    for name in ("decks", "shoe", "rules"):
        if options[name] is not None:
            raise CombinError(f"--lunar-supers deals from one 52-card deck; --{name} does not apply")
    mine = [p.id for p in options["extra_paytables"] if p.wager == "lunar.super"]
    if options["paytable"] is None and len(mine) == 1:
        options["paytable"] = mine[0]            # a file's only Super paytable, as `combin par`
    from combin.core.analysis import par_sheet
    par_sheet("lunar.super", paytable=options["paytable"], interpret=options["interpret"],
              extra_paytables=options["extra_paytables"])          # bad options fail first
    from combin.running.progress import messages
    space = joint_space(args.lunar_supers,
                        progress=messages(f"combin: {args.lunar_supers} Super hands"))
    result = supers_package(args.lunar_supers, paytable=options["paytable"],
                            interpret=options["interpret"],
                            extra_paytables=options["extra_paytables"], space=space)
    for paytable in options["extra_paytables"]:
        if (paytable.wager, paytable.id) == ("lunar.super", result.sheets[0].paytable):
            report_generous(paytable, result.sheets[0])
    joint = line_table(space, dict(result.sheets[0].interpretations), result.sheets[0].paytable,
                       options["extra_paytables"])
    from combin.documents.design import package_document
    from combin.render import emit
    return emit(package_document(result, joint), args)
