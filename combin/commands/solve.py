"""``combin solve WAGER``: the return as a function of the pays; the pay for a target edge.

``combin solve GAME --vary SETTING``: a whole stud game with draws (Lunar Poker), the exact fee of
the draws or Bet pay at which the house edge under optimal play is the target
(:mod:`combin.stud.game.remedy`): Newton steps from exact runs of the game."""

import argparse

from combin.commands.options import add_sheet_options
from combin.errors import CombinError

NAME = "solve"
HELP = ("a wager's return as an exact function of its pays, and the pay for a target house edge; "
        "or a game's fee or Bet pay for a target house edge under optimal play (--vary)")
EXAMPLES = """examples:
  combin solve eclipse.moon8 --target-edge 5%
  combin solve eclipse.supreme7 --paytable B --line both_three_card_7 --target-edge 4%
  combin solve lunar --vary draws.fee --deck JQKA --target-edge=-500%
  combin solve lunar --vary bet_pays.pays.one_pair --deck JQKA --target-edge=-844%
  combin solve lunar --vary draws.fee --target-edge 0%   # 52 cards: an exact run of hours
  combin solve lunar --vary bet_pays.pays.one_pair --target-edge 0% --shards tables/lunar/game/remedies
                                                        # 52 cards: a run of hours per whole pay, in shards"""

#: The options of a wager's solve that a game's remedy does not read.
_WAGER_ONLY = ("line", "rules", "decks", "shoe")


def configure(parser: argparse.ArgumentParser) -> None:
    add_sheet_options(parser)
    parser.add_argument("--line", metavar="EVENT",
                        help="the paytable line to vary (default: the only line that pays)")
    parser.add_argument("--target-edge", metavar="EDGE",
                        help="house edge to reach, e.g. 5%%, 0.05 or 1/20")
    game = parser.add_argument_group(
        "a whole game with draws (WAGER is the game: lunar): the fee or the Bet pay for a target "
        "house edge under optimal play, exact")
    game.add_argument("--vary", metavar="SETTING",
                      help="draws.fee (the fee of an exchange or a sixth card, in Antes) or "
                           "bet_pays.pays.LINE (the Bet's pay on a hand class, e.g. bet_pays.pays.one_pair)")
    game.add_argument("--deck", metavar="RANKS", help="ranks in play, e.g. JQKA (default: all 13)")
    game.add_argument("--game-file", metavar="FILE", help="a game file the setting is varied in")
    game.add_argument("--per", choices=("ante", "round"), default="ante",
                      help="the target is the house edge per Ante of the game (ante, default) or of the "
                           "round as dealt with the mandatory Super (round)")
    game.add_argument("--super", metavar="K", default=None,
                      help="with --per round: the Super at K x Ante (default 1)")
    game.add_argument("--workers", metavar="N", default="0",
                      help="local worker processes of each exact run (default 0: in this process)")
    game.add_argument("--store", metavar="FILE", default=None,
                      help="SQLite store of finished chunks (default build/combin-store.sqlite)")
    game.add_argument("--shards", metavar="DIR", default=None,
                      help="keep each exact run in shards of its own, DIR/SETTING=VALUE (the way of the "
                           "full deck: hours a run, resumable; the draw fee's one run re-priced from its "
                           "classes through --store); on 52 cards the run of the game as it is is the "
                           "committed run (tables/lunar/game/full), read there")


def run(args: argparse.Namespace) -> str | bytes:
    if args.vary is not None:
        return _remedy(args)
    for name in ("deck", "game_file", "super", "store", "shards"):
        if getattr(args, name) is not None:
            raise CombinError(f"--{name.replace('_', '-')} applies to a game's remedy (--vary)")
    from combin.api import say_warnings, solve
    from combin.render import emit
    solved = solve(args.wager, line=args.line, target_edge=args.target_edge, paytable=args.paytable,
                   rules=args.rules, decks=args.decks, shoe=args.shoe, interpret=args.interpret,
                   paytable_file=args.paytable_file)
    say_warnings(solved)     # a user's paytable file that returns 100% or more
    return emit(solved.document(), args)


def _remedy(args: argparse.Namespace) -> str | bytes:
    from combin.commands.game import super_multiple
    from combin.core.interpret import parse_assignments
    from combin.design.solve import parse_edge
    from combin.documents.remedy import remedy_document
    from combin.render import emit
    from combin.running.executor import check_workers
    from combin.running.progress import progress_stream
    from combin.stud.core.deck import Deck
    from combin.stud.core.variant import stud_rules
    from combin.stud.game.remedy import solve_remedy
    given = [f"--{name.replace('_', '-')}" for name in _WAGER_ONLY if getattr(args, name) is not None]
    given += ["--paytable-file"] if args.paytable_file else []
    if given:
        raise CombinError(f"{', '.join(given)} apply to a wager's solve, not to a game's remedy (--vary)")
    if args.target_edge is None:
        raise CombinError("--vary needs --target-edge (e.g. 0%)")
    if args.super is not None and args.per != "round":
        raise CombinError("--super applies to --per round")
    target = parse_edge(args.target_edge)
    multiple = super_multiple(args.super)
    game = stud_rules(args.wager, args.game_file)
    rules = game.resolve(args.paytable, parse_assignments(args.interpret))
    deck = Deck.parse(args.deck, need=16)
    workers = check_workers(args.workers)
    if args.shards is not None:
        import os
        if os.path.exists(args.shards) and not os.path.isdir(args.shards):
            raise CombinError(f"--shards {args.shards[:100]}: not a folder")
    remedy = solve_remedy(game, deck, args.vary, target, paytable=args.paytable,
                          interpret=parse_assignments(args.interpret), per=args.per, multiple=multiple,
                          workers=workers, store_path=args.store, stream=progress_stream(),
                          shards=args.shards)
    return emit(remedy_document(remedy, game, deck, rules), args)
