"""``combin hands --cards 5|6|7``: Lunar Poker hand-class counts and the Bet on a win."""

import argparse

from combin.commands.options import add_output_options

NAME = "hands"
HELP = "Lunar Poker: counts of the best hand with 5, 6 or 7 cards, and what a winning Bet pays"


def configure(parser: argparse.ArgumentParser) -> None:
    from combin.bounded import int_option  # stdlib only: bounded numbers for argparse
    parser.add_argument("--cards", type=int_option("--cards"), default=5, choices=[5, 6, 7])
    parser.add_argument("--method", default="closed-form", choices=["closed-form", "exhaustive"],
                        help="count in closed form (default) or by evaluating every hand")
    parser.add_argument("--interpret", metavar="ID=VALUE", action="extend", nargs="+", default=[],
                        help="L11=best-pair (default) or L11=first-only")
    add_output_options(parser)


def run(args: argparse.Namespace) -> str:
    from combin.errors import CombinError
    from combin.interpret import parse_assignments
    from combin.lunar.hands import hand_report, render_report
    chosen = parse_assignments(args.interpret)
    unknown = set(chosen) - {"L11"}
    if unknown:
        raise CombinError(f"combin hands reads only interpretation L11, not {', '.join(sorted(unknown))}")
    return render_report(hand_report(args.cards, args.method, chosen.get("L11")),
                         args.format)
