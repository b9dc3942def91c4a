"""``combin game caribbean|lunar``: the whole stud game's par sheet, summed exactly."""

import sys

from combin.commands.options import add_output_options
from combin.errors import CombinError

NAME = "game"
HELP = "a whole stud game (Caribbean Stud, Lunar Poker without draws) summed exactly"
EXAMPLES = """examples:
  combin game caribbean --deck 9TJQKA
  combin game lunar --no-draw --deck 9TJQKA --format json"""


def configure(parser):
    parser.add_argument("game", help="caribbean or lunar")
    parser.add_argument("--no-draw", action="store_true",
                        help="Lunar Poker: fold, play and force only (no sixth card, no exchange)")
    parser.add_argument("--strategy", default="optimal",
                        help="optimal (default), always, pair, ace-king, thumb")
    parser.add_argument("--deck", metavar="RANKS", help="ranks in play, e.g. 9TJQKA (default: all 13)")
    parser.add_argument("--paytable", help="Lunar Poker instant payout paytable: A (default), B or C")
    parser.add_argument("--interpret", metavar="ID=VALUE", action="extend", nargs="+", default=[],
                        help="switch an interpretation, e.g. L8=even-money (repeatable)")
    add_output_options(parser)


def _progress(message):
    print(f"game: {message}", file=sys.stderr, flush=True)


def run(args):
    from combin.interpret import parse_assignments
    from combin.stud.deck import Deck
    from combin.render import emit
    from combin.stud.report import game_document
    from combin.stud.rules import load_game
    from combin.stud.whole import STRATEGIES, whole_game

    game = load_game(args.game)
    if game.can_draw and not args.no_draw:
        raise CombinError(f"the whole {game.title} game with draws is not summed yet; "
                          "add --no-draw (fold, play and force only)")
    if args.strategy not in STRATEGIES:
        raise CombinError(f"unknown strategy '{args.strategy}' (strategies: {', '.join(STRATEGIES)})")
    rules = game.resolve(args.paytable, parse_assignments(args.interpret))
    deck = Deck.parse(args.deck, need=11 if game.can_force else 10)
    result = whole_game(rules, deck, args.strategy, progress=_progress)
    return emit(game_document(result), args)
