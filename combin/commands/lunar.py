"""``combin lunar advise|strategy HAND --up CARD``: one Lunar Poker situation.

``simulate`` deals whole rounds and plays them by that stored strategy
(:mod:`combin.stud.game.simulate`).  ``advise`` prices exactly every option that can be the best or the runner-up and
gives the others a proven upper bound ("cannot be best"); ``--all`` prices every
option exactly.  ``strategy`` answers with the optimal
option from the committed strategy of the exact run (its shards, see
:mod:`combin.stud.game.shards`) and that option's exact value, priced now
for this one option -- or, where the situation's shard is not computed yet,
prices every option on the spot and says so.
"""

import argparse
from typing import Any

from combin.errors import CombinError

NAME = "lunar"
HELP = ("Lunar Poker main game: every option of one situation priced (advise), or the optimal "
        "option from the stored strategy (strategy)")
EXAMPLES = """examples:
  combin lunar advise "AS KD 7H 7C 2D" --up 9S
  combin lunar advise "AS KD 7H 7C 2D" --up 9S --format json
  combin lunar advise "AS KD 7H 7C 2D" --up 9S --all
  combin lunar strategy "AS KD 7H 7C 2D" --up 9S
  combin lunar simulate --rounds 100000 --seed 1
  combin lunar variants --deck JQKA --folder tables/lunar/game
  combin lunar card --deck JQKA --folder tables/lunar/game
  combin lunar variants --shards build/variants --only L8-even-money --workers 2   # one 52-card row: hours"""

#: Where ``combin lunar strategy`` looks for the exact run's shards unless told (``make lunar-game``).
from combin.api import SHARDS as DEFAULT_SHARDS_FOLDER


def configure(parser: argparse.ArgumentParser) -> None:
    from combin.commands.options import add_output_options
    sub = parser.add_subparsers(dest="lunar_command", metavar="SUBCOMMAND", required=True,
                                help="advise: every option of one situation with its exact value; "
                                     "strategy: the optimal option from the stored strategy")
    advise = sub.add_parser(
        "advise", help="every option (fold, play, buy, 26 exchanges) with its exact EV",
        description="Every option of one situation with its exact expected value per unit of "
                    "Ante, best first; the best option's result probabilities.")
    advise.add_argument("hand", help='the player\'s five cards, e.g. "AS KD 7H 7C 2D"')
    advise.add_argument("--up", required=True, help="the dealer's up card, e.g. 9S")
    advise.add_argument("--deck", metavar="RANKS",
                        help="ranks in the deck, four suits each (default all 13; e.g. 9TJQKA)")
    advise.add_argument("--paytable", default=None, help="instant-payout paytable: A (default), B or C")
    advise.add_argument("--game-file", metavar="FILE",
                        help="a game file derived from Lunar Poker (see combin game --game-file)")
    advise.add_argument("--interpret", metavar="ID=VALUE", action="extend", nargs="+", default=[],
                        help="switch an interpretation the game reads (L7-L12), e.g. L8=even-money")
    advise.add_argument("--all", action="store_true",
                        help="price every option exactly (by default an option that cannot be the best "
                             "or the runner-up is shown with a proven upper bound of its value)")
    add_output_options(advise)
    strategy = sub.add_parser(
        "strategy", help="the optimal option of one situation from the stored optimal strategy",
        description="The optimal option of one situation, read from the shards of the exact run "
                    f"(--shards, default {DEFAULT_SHARDS_FOLDER} when it is there), with its exact "
                    "value priced for that option; a situation whose shard is not computed yet is "
                    "priced in full on the spot.")
    strategy.add_argument("hand", help='the player\'s five cards, e.g. "AS KD 7H 7C 2D"')
    strategy.add_argument("--up", required=True, help="the dealer's up card, e.g. 9S")
    strategy.add_argument("--deck", metavar="RANKS", help="ranks in the deck (default all 13)")
    strategy.add_argument("--paytable", default=None, help="instant-payout paytable: A (default), B or C")
    strategy.add_argument("--game-file", metavar="FILE",
                        help="a game file derived from Lunar Poker (see combin game --game-file)")
    strategy.add_argument("--interpret", metavar="ID=VALUE", action="extend", nargs="+", default=[],
                          help="switch an interpretation the game reads (L7-L12)")
    strategy.add_argument("--shards", metavar="DIR", default=None,
                          help=f"the exact run's shards (default {DEFAULT_SHARDS_FOLDER})")
    add_output_options(strategy)
    simulate = sub.add_parser(
        "simulate", help="whole rounds dealt card by card and played by the stored optimal strategy",
        description="Seeded whole rounds, dealt card by card in the order of the table and played by the "
                    "optimal strategy of the exact run (its shards, --shards), the decisions after the draw "
                    "and on forcing priced for the cards in front of the player, each round settled card "
                    "by card: the mean net per Ante with its 99%% interval beside the exact figure of the "
                    "same shards.")
    simulate.add_argument("--rounds", metavar="N", default="100000", help="rounds to deal (default 100000)")
    simulate.add_argument("--seed", metavar="S", default="1", help="seed of the shuffles (default 1)")
    simulate.add_argument("--deck", metavar="RANKS", help="ranks in the deck (default all 13)")
    simulate.add_argument("--paytable", default=None, help="instant-payout paytable: A (default), B or C")
    simulate.add_argument("--game-file", metavar="FILE",
                        help="a game file derived from Lunar Poker (see combin game --game-file)")
    simulate.add_argument("--interpret", metavar="ID=VALUE", action="extend", nargs="+", default=[],
                          help="switch an interpretation the game reads (L7-L12)")
    simulate.add_argument("--shards", metavar="DIR", default=None,
                          help=f"the exact run's shards, every one in (default {DEFAULT_SHARDS_FOLDER})")
    simulate.add_argument("--super", metavar="K", default=None,
                          help="the rounds as dealt: each also carries the mandatory Super on the player's own "
                               "hand at K x Ante (at least 1, § 671a.7(c)(2)), settled on the five as dealt, "
                               "beside the round's exact mean and SD")
    add_output_options(simulate)
    card = sub.add_parser(
        "card", help="a strategy card of a few rules by hand and up card, and the skill curve, exact",
        description="The best strategy found with at most k rules (k = 1 .. --rules), each rule a range of hands by a "
                    "range of up cards taking one action, its house edge exact; the card is the fewest rules "
                    "found within --target points of an Ante of optimal play.  On a reduced deck from its exact "
                    "run; on 52 cards from a pass along the run's shards (--shards DIR; hours of CPU, kept "
                    "beside the shards as human-NNN.json.gz, resumable).  With --folder DIR: strategy-card.md/"
                    ".json and skill-curve.md/.json (-RANKS on a reduced deck).")
    card.add_argument("--deck", metavar="RANKS", help="ranks in the deck (default all 13: needs --shards)")
    card.add_argument("--paytable", default=None, help="instant-payout paytable: A (default), B or C")
    card.add_argument("--interpret", metavar="ID=VALUE", action="extend", nargs="+", default=[],
                      help="switch an interpretation the game reads (L7-L12)")
    card.add_argument("--shards", metavar="DIR", default=None,
                      help=f"the exact run's shards, the pass kept beside them (52 cards: default {DEFAULT_SHARDS_FOLDER}; "
                           "a reduced deck without it: from its exact run)")
    card.add_argument("--rules", metavar="K", default="25", help="the most rules searched (default 25)")
    card.add_argument("--target", metavar="POINTS", default="1",
                      help="the card's gap from optimal play, in points of an Ante (default 1)")
    card.add_argument("--max-shards", metavar="K", default=None,
                      help="price at most K shards of the pass, then stop (with --shards)")
    card.add_argument("--mix", metavar="NAME=SHARE,...", default=None,
                      help="the skill mix's weighted hold: shares of never-draw, pair-then-card, card and optimal "
                           "adding up to 1, e.g. optimal=0.05,card=0.6,pair-then-card=0.2,never-draw=0.15")
    card.add_argument("--super", metavar="K", default=None,
                      help="the skill mix's round: the mandatory Super on the player's own hand at K x Ante (default 1)")
    card.add_argument("--folder", metavar="DIR",
                      help="write the card's, the curve's and the skill mix's .md and .json into DIR, and the card "
                           "as one printable HTML page (strategy-card.html)")
    card.add_argument("--plot", metavar="FILE.png",
                      help="also draw the skill curve: the house edge against the rules, beside optimal play and "
                           "the cells' limit (needs matplotlib)")
    card.add_argument("--pdf", action="store_true",
                      help="with --folder: the card printed to one PDF page by headless Chromium too "
                           "(strategy-card.pdf; Chromium stamps a time in it, so its bytes differ run to run)")
    card.add_argument("--format", default="text", choices=("text", "md", "json"),
                      help="without --folder: the card on standard output in this format (default text)")
    card.add_argument("--workers", metavar="N", default="0", help="local worker processes (default 0: here)")
    card.add_argument("--store", metavar="FILE", default=None,
                      help="SQLite store of finished chunks (default build/combin-store.sqlite)")
    variants = sub.add_parser(
        "variants", help="the default game and each single change of data/variants.toml, exact",
        description="The house edge per Ante, element of risk, SD and probability of drawing of the default "
                    "game and of each single change listed in the game's data/variants.toml (a reading, a fee, "
                    "a pay), every figure exact under optimal play; with --folder DIR, written as "
                    "variants.md and variants.json (variants-RANKS.* on a reduced deck).")
    variants.add_argument("--deck", metavar="RANKS", help="ranks in the deck (default all 13: hours per row)")
    variants.add_argument("--only", metavar="ID", action="extend", nargs="+", default=[],
                          help="price these changes only (ids of data/variants.toml); the default row is always "
                               "priced too (on 52 cards with --shards: read from the committed run, "
                               f"{DEFAULT_SHARDS_FOLDER}, unless DIR/default is there)")
    variants.add_argument("--folder", metavar="DIR", help="write the table's .md and .json into DIR")
    variants.add_argument("--format", default="text", choices=("text", "md", "json"),
                          help="without --folder: the format on standard output (default text)")
    variants.add_argument("--shards", metavar="DIR",
                          help="cut each row's exact run into shards kept in DIR/ID (the full deck's way: "
                               "resumable, kept as files); the table is written when every row is in")
    variants.add_argument("--workers", metavar="N", default="0", help="local worker processes (default 0: here)")
    variants.add_argument("--store", metavar="FILE", default=None,
                          help="SQLite store of finished chunks (default build/combin-store.sqlite)")


def tables(args: argparse.Namespace) -> tuple[str, ...]:
    """The tables of the advice, the strategy's answer or the simulation (checked before any work)."""
    return {"strategy": ("strategy",), "simulate": ("summary", "decisions"),
            "variants": ("variants", "changes"), "card": ("card", "edge")}.get(
        args.lunar_command, ("options", "results"))


def run(args: argparse.Namespace) -> str | bytes:
    if args.lunar_command == "strategy":
        return _strategy(args)
    if args.lunar_command == "simulate":
        return _simulate(args)
    if args.lunar_command == "variants":
        return _variants(args)
    if args.lunar_command == "card":
        return _card(args)
    if args.lunar_command != "advise":
        raise CombinError(f"unknown lunar sub-command {args.lunar_command!r}")
    from combin.api import advise
    from combin.render import emit
    advice = advise(args.hand, args.up, deck=args.deck, paytable=args.paytable,
                    interpret=args.interpret, everything=args.all, progress=True, game_file=args.game_file)
    return emit(advice.document(), args)


def _strategy(args: argparse.Namespace) -> str | bytes:
    from combin.api import strategy
    from combin.render import emit
    answer = strategy(args.hand, args.up, deck=args.deck, paytable=args.paytable,
                      interpret=args.interpret, shards=args.shards, game_file=args.game_file)
    return emit(answer.document(), args)


def _whole_run(args: argparse.Namespace, deck: Any, rules: Any, why: str) -> tuple[str, Any]:
    """``(folder, (L, totals, shards))`` of the exact run in ``--shards`` (default the committed one),
    every shard in; else one error line ending in ``why``."""
    import os
    from combin.stud.game.shards import assemble
    folder: str = args.shards if args.shards is not None else DEFAULT_SHARDS_FOLDER
    if not os.path.isdir(folder):
        raise CombinError(f"{folder[:100]}: no such folder of shards (the exact run keeps them; --shards DIR)")
    found = assemble(deck, rules, folder)
    if found is None:
        raise CombinError(f"{folder[:100]}: not every shard is in; {why}")
    return folder, found


def _simulate(args: argparse.Namespace) -> str | bytes:
    from fractions import Fraction
    from combin.files.bounded import parse_int
    from combin.documents.simulation import simulation_document
    from combin.core.interpret import parse_assignments
    from combin.running.progress import StderrProgress
    from combin.render import emit
    from combin.stud.core.deck import Deck
    from combin.stud.core.variant import stud_rules
    from combin.stud.game.simulate import StoredStrategy, simulate
    rounds = parse_int(args.rounds, "--rounds", 2)
    seed = parse_int(args.seed, "--seed", 0)
    deck = Deck.parse(args.deck, need=16)
    rules = stud_rules("lunar", args.game_file).resolve(args.paytable, parse_assignments(args.interpret))
    side, multiple = None, Fraction(1)
    if args.super is not None:          # checked before any work
        from combin.commands.game import super_multiple
        from combin.stud.game.round import side_wager
        side, multiple = side_wager(rules.stud), super_multiple(args.super)
    folder, found = _whole_run(args, deck, rules, "the simulation plays the whole strategy")
    strategy = StoredStrategy(deck, rules, folder)
    progress = StderrProgress("lunar simulate: rounds")
    try:
        result, counts = simulate(deck, rules, strategy, rounds, seed, progress, side=side, multiple=multiple)
    finally:
        progress.close()
    return emit(simulation_document(deck, rules, result, counts, found, seed, folder, side, multiple), args)


def _variants(args: argparse.Namespace) -> str | bytes:
    import os
    import sys
    from combin.files.fileio import check_output, write_files
    from combin.render import render_text
    from combin.running.executor import check_workers
    from combin.running.progress import progress_stream
    from combin.stud.core.deck import Deck
    from combin.stud.core.rules import load_rules
    from combin.stud.game.variants import load_changes, price_change, table_name, variants_document
    from combin.lunar import GAME as LUNAR
    game = load_rules(LUNAR.id)
    deck = Deck.parse(args.deck, need=16)
    workers = check_workers(args.workers)
    head, changes = load_changes(game)
    known = [change.id for change in changes]
    unknown = [name for name in args.only if name not in known]
    if unknown:
        raise CombinError(f"unknown change {unknown[0][:40]!r} (changes: {', '.join(known)})")
    chosen = [c for c in changes if not args.only or c.id in args.only or c.is_default]
    for option, folder in (("--shards", args.shards), ("--folder", args.folder)):
        if folder is not None and os.path.exists(folder) and not os.path.isdir(folder):
            raise CombinError(f"{option} {folder[:100]}: not a folder")
    if args.folder is not None:
        name = os.path.join(args.folder, table_name(deck))
        for suffix in (".md", ".json"):
            check_output(name + suffix, "variants table")       # refused before any work
    # on 52 cards the default row is the committed run, where the command runs in a checkout
    committed = DEFAULT_SHARDS_FOLDER if deck.full and os.path.isdir(DEFAULT_SHARDS_FOLDER) else None
    priced = [price_change(game, deck, change, workers=workers, store_path=args.store, stream=progress_stream(),
                           shards=args.shards, committed=committed) for change in chosen]
    rows = [row for row in priced if row is not None]
    if len(rows) < len(priced):
        missing = [c.id for c, row in zip(chosen, priced) if row is None]
        sys.stderr.write(f"variants: the shards of {', '.join(missing)} are not all in; the table is written "
                         "when they are (run the same command again)\n")
        return ""
    document = variants_document(game, deck, head, rows, [c.id for c in changes if c not in chosen])
    if args.folder is None:
        return render_text(document, args.format)
    write_files({name + ".md": render_text(document, "md"), name + ".json": render_text(document, "json")},
                "variants table")
    return ""


def _card(args: argparse.Namespace) -> str | bytes:
    import os
    from fractions import Fraction
    from combin.core.interpret import parse_assignments
    from combin.documents.strategy_card import CARD_RULES, CARD_TARGET, card_documents
    from combin.files.bounded import parse_int
    from combin.files.fileio import check_output, write_files
    from combin.render import render_text
    from combin.running.executor import check_workers
    from combin.running.progress import progress_stream
    from combin.stud.core.deck import Deck
    from combin.stud.core.variant import stud_rules
    from combin.stud.game.skill import Grid, search
    most = parse_int(args.rules, "--rules", 1)
    if most > 200:
        raise CombinError(f"--rules takes 1 to 200 rules, not {most}")
    try:
        if len(args.target) > 30:           # never read in part: a number that long is no target
            raise ValueError(args.target)
        target = Fraction(args.target) / 100
    except (ValueError, ZeroDivisionError):
        raise CombinError(f"--target takes a number of points of an Ante, not {args.target[:30]!r}") from None
    if target < 0:
        raise CombinError(f"--target takes a number of points of an Ante at least 0, not {args.target[:30]!r}")
    deck = Deck.parse(args.deck, need=16)
    rules = stud_rules("lunar", None).resolve(args.paytable, parse_assignments(args.interpret))
    workers = check_workers(args.workers)
    from combin.commands.game import super_multiple
    from combin.stud.game.mix import parse_mix
    mix = parse_mix(args.mix) if args.mix is not None else None
    multiple = super_multiple(args.super) if args.super is not None else Fraction(1)
    stem = "" if deck.full else f"-{deck.text}"
    names = {}
    if args.folder is not None:
        if os.path.exists(args.folder) and not os.path.isdir(args.folder):
            raise CombinError(f"--folder {args.folder[:100]}: not a folder")
        for table in ("strategy-card", "skill-curve", "skill-mix"):
            for suffix in (".md", ".json", ".html", ".pdf"):
                if suffix == ".html" and table != "strategy-card" or suffix == ".pdf" and not (
                        args.pdf and table == "strategy-card"):
                    continue
                names[table + suffix] = os.path.join(args.folder, f"{table}{stem}{suffix}")
                check_output(names[table + suffix], "strategy card")      # refused before any work
        if args.pdf:
            from combin.audit.pdf import chromium
            chromium()                      # a missing browser is said before any work
    elif args.pdf:
        raise CombinError("--pdf writes the card into the folder of --folder")
    if args.plot:
        from combin.protection.charts import require_matplotlib
        require_matplotlib()
        check_output(args.plot, "chart")
    most_shards = parse_int(args.max_shards, "--max-shards", 0) if args.max_shards is not None else None
    if deck.full or args.shards is not None:
        from combin.stud.game.human_run import game_candidates, pass_cells, run_pass
        folder, found = _whole_run(args, deck, rules, "the pass follows the whole run")
        if (most, target) == (CARD_RULES, CARD_TARGET):
            from combin.stud.game.human_run import CARD_PINS
            check_output(os.path.join(folder, CARD_PINS), "card pin file")     # refused before any work
        scale, totals, count = found
        chosen = game_candidates(rules, totals)
        run_pass(deck, rules, folder, chosen, scale, workers=workers, store_path=args.store,
                 stream=progress_stream(), most=most_shards)
        cells = pass_cells(folder, count, chosen)
        if cells is None:
            import sys
            sys.stderr.write("lunar card: the pass is not in every shard yet; run the same command again to go on\n")
            return ""
        source = f"the pass along the shards of {folder}"
    else:
        from combin.stud.game.human_run import reduced_cells
        cells, totals, scale, chosen = reduced_cells(deck, rules, workers, args.store, progress_stream())
        source = f"the exact run of {deck.text}, every option of every class priced"
    grid = Grid.of(cells)
    if grid.best_total != totals.best:
        raise AssertionError("the pass's optimal sum is not the run's")
    plans = search(grid, most)
    if not plans:
        raise CombinError("the strategy pass holds no cell: nothing to search")
    from combin.documents.strategy_card import card_plan, mix_document
    from combin.stud.game.mix import strategy_values, super_edge
    chosen_plan = card_plan(grid, plans, scale, target)
    pins = None
    if deck.full or args.shards is not None:
        from combin.stud.game.shards import provenance
        said: tuple[tuple[str, str], ...] = (("plan.json", "run"),)
        if (most, target) == (CARD_RULES, CARD_TARGET):
            from combin.stud.game.human_run import CARD_PINS, pin_card
            pin_card(folder, count, grid, chosen_plan)      # the lookup's card, kept beside the pass
            said += ((CARD_PINS, "strategy card with its pass"),)
        pins = provenance(folder, said)
    card, curve = card_documents(rules, deck, grid, plans, scale, target, source, chosen, most, pins)
    skill = mix_document(rules, deck, strategy_values(grid, chosen_plan), scale * grid.weight, len(chosen_plan.rules),
                         super_edge(rules, deck, totals), multiple, mix, source, pins)
    chart: bytes | None = None
    if args.plot:
        from combin.documents.strategy_card import limit_value
        from combin.protection.charts import curve_chart
        whole = scale * grid.weight
        chart = curve_chart(f"{rules.stud.game.title} ({deck.text}): the best strategy found with at most k rules",
                            "rules", "house edge per Ante (%)",
                            [(len(plan.rules), Fraction(-plan.value * 100, whole)) for plan in plans],
                            [("optimal play", Fraction(-grid.best_total * 100, whole)),
                             ("every cell its best action", Fraction(-limit_value(grid) * 100, whole))])
    if not names:
        if chart is not None:
            write_files({args.plot: chart}, "chart")
        return render_text(card, args.format)
    from combin.documents.strategy_card import printable
    page = render_text(printable(card), "html")
    files: dict["str | os.PathLike[str]", str | bytes] = {names["strategy-card.html"]: page}
    if chart is not None:
        files[args.plot] = chart
    if args.pdf:
        from combin.audit.pdf import print_pdf
        files[names["strategy-card.pdf"]] = print_pdf(page)
    write_files({**files, names["strategy-card.md"]: render_text(card, "md"),
                 names["strategy-card.json"]: render_text(card, "json"),
                 names["skill-curve.md"]: render_text(curve, "md"),
                 names["skill-curve.json"]: render_text(curve, "json"),
                 names["skill-mix.md"]: render_text(skill, "md"),
                 names["skill-mix.json"]: render_text(skill, "json")}, "strategy card")
    return ""
