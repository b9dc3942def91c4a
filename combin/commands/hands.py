"""``combin hands --cards 5|6|7``: Lunar Poker hand-class counts and the Bet on a win."""

import argparse

from combin.commands.options import add_output_options

NAME = "hands"
HELP = "Lunar Poker: counts of the best hand with 5, 6 or 7 cards, and what a winning Bet pays"
EXAMPLES = """examples:
  combin hands --cards 6
  combin hands --cards 7 --method exhaustive --format json"""


def configure(parser: argparse.ArgumentParser) -> None:
    from combin.files.bounded import int_option  # stdlib only: bounded numbers for argparse
    parser.add_argument("--cards", type=int_option("--cards"), default=5, choices=[5, 6, 7],
                        help="cards in the hand: the best five-card hand of 5, 6 or 7 cards")
    parser.add_argument("--method", default="closed-form", choices=["closed-form", "exhaustive"],
                        help="count in closed form (default) or by evaluating every hand")
    parser.add_argument("--interpret", metavar="ID=VALUE", action="extend", nargs="+", default=[],
                        help="L11=best-pair (default) or L11=first-only")
    add_output_options(parser)


def tables(args: argparse.Namespace) -> tuple[str, ...]:
    """The tables of the counts (checked before any work): the Bet's with 5 or 6 cards."""
    return ("classes", "bet") if args.cards in (5, 6) else ("classes",)


def run(args: argparse.Namespace) -> str | bytes:
    from combin.errors import CombinError
    from combin.core.interpret import parse_assignments
    from combin.documents.hands import hands_document
    from combin.lunar.hands import hand_report
    from combin.render import emit
    chosen = parse_assignments(args.interpret)
    unknown = set(chosen) - {"L11"}
    if unknown:
        raise CombinError(f"combin hands reads only interpretation L11, not {', '.join(sorted(unknown))}")
    return emit(hands_document(hand_report(args.cards, args.method, chosen.get("L11"))), args)
