"""``combin lunar advise HAND --up CARD``: the exact value of every option of one Lunar Poker situation."""

import argparse

from combin.errors import CombinError

NAME = "lunar"
HELP = "Lunar Poker main game: the exact value of every option of one situation (advise)"
EXAMPLES = """examples:
  combin lunar advise "AS KD 7H 7C 2D" --up 9S
  combin lunar advise "AS KD 7H 7C 2D" --up 9S --format json"""


def configure(parser: argparse.ArgumentParser) -> None:
    from combin.commands.options import add_output_options
    sub = parser.add_subparsers(dest="lunar_command", metavar="SUBCOMMAND", required=True,
                                help="advise: every option of one situation with its exact value")
    advise = sub.add_parser(
        "advise", help="every option (fold, play, buy, 26 exchanges) with its exact EV",
        description="Every option of one situation with its exact expected value per unit of "
                    "Ante, best first; the best option's result probabilities.")
    advise.add_argument("hand", help='the player\'s five cards, e.g. "AS KD 7H 7C 2D"')
    advise.add_argument("--up", required=True, help="the dealer's up card, e.g. 9S")
    advise.add_argument("--deck", metavar="RANKS",
                        help="ranks in the deck, four suits each (default all 13; e.g. 9TJQKA)")
    advise.add_argument("--paytable", default=None, help="instant-payout paytable: A (default), B or C")
    advise.add_argument("--interpret", metavar="ID=VALUE", action="extend", nargs="+", default=[],
                        help="switch an interpretation the game reads (L7-L12), e.g. L8=even-money")
    add_output_options(advise)


def run(args: argparse.Namespace) -> str | bytes:
    if args.lunar_command != "advise":
        raise CombinError(f"unknown lunar sub-command {args.lunar_command!r}")
    from combin.interpret import parse_assignments
    from combin.progress import StderrProgress
    from combin.render import emit
    from combin.stud.draw.report import advice_document, advice_report
    from combin.stud.core.rules import load_game
    from combin.stud.core.situation import Situation
    situation = Situation.parse(args.hand, args.up, args.deck)
    rules = load_game("lunar").resolve(args.paytable, parse_assignments(args.interpret))
    progress = StderrProgress("lunar advise: options priced")
    try:
        report = advice_report(situation, rules, progress)
    finally:
        progress.close()
    return emit(advice_document(report), args)
