"""The one door from the evidence bundle to the stud engine (Caribbean Stud, the Lunar game).

Every call the bundle makes into the stud and Lunar whole-game code goes through
this module, so that when those engines move (into their own packages, as
registry games) only the imports here change.  Functions return plain values:
rendered pages (``{relative path: text}``) and :class:`~combin.crosscheck.Check`
records.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from combin import display
from combin.crosscheck import Check

__all__ = ["CARIBBEAN_STRATEGIES", "PUBLISHED_CARIBBEAN", "StudPages", "caribbean",
           "lunar_no_draw", "lunar_draws", "committed_game_sheets", "GAME_SHEETS_DIR",
           "REDUCED_DECKS", "instant_paytables", "lunar_interpretations", "CLASSES_SUFFIX",
           "read_priced_classes", "reprice_classes", "FULL_RUN", "FULL_SHEET", "committed_full_run",
           "full_run_sheets", "reprice_kept"]

#: The strategies of the game without draws: optimal, then the fixed ones.
CARIBBEAN_STRATEGIES = ("optimal", "always", "pair", "ace-king", "thumb")

#: Caribbean Stud on 52 cards, the published totals (spec/ANCHORS.md): the game cycle and
#: the player's total loss in Ante units under each strategy they publish.
PUBLISHED_CARIBBEAN = {"cycle": 19_933_230_517_200,
                       "loss": {"optimal": 1_041_372_912_372, "always": 3_310_360_338_060,
                                "thumb": 1_041_417_758_724}}

#: The reduced decks on which the Lunar game with draws is summed exactly in tables/.
REDUCED_DECKS = ("JQKA", "TJQKA", "9TJQKA")

#: A whole-game sample's priced classes (``combin game lunar --classes-out``) are the file of
#: its sheet's name with this ending (``full-deck-sample-2000-seed-1-classes.csv`` beside
#: ``full-deck-sample-2000-seed-1.json``).
CLASSES_SUFFIX = "-classes.csv"

#: The committed whole-game sheets of Lunar Poker (``make lunar-tables``), in a checkout.
GAME_SHEETS_DIR = Path(__file__).resolve().parents[2] / "tables" / "lunar" / "game"

#: The folder (beside the sheets) of the exact 52-card run's shards (``make lunar-game``), and
#: the name of the sheet assembled from them (``.md`` and ``.json``).
FULL_RUN = "full"
FULL_SHEET = "full-deck"


@dataclass(frozen=True)
class StudPages:
    """Pages of one whole game and the checks that tie them."""

    pages: dict[str, str | bytes]
    checks: list[Check]
    figures: list[tuple[str, Any]]       # (label, house edge Fraction) for the report


def _rules(game_id: str, paytable: str | None = None, interpret: dict[str, str] | None = None):
    from combin.stud.core.rules import load_game
    return load_game(game_id).resolve(paytable, interpret)


def _deck(ranks: str | None, need: int):
    from combin.stud.core.deck import Deck
    return Deck.parse(ranks, need=need)


def lunar_interpretations() -> list[str]:
    """The interpretation ids the Lunar whole game reads."""
    from combin.stud.core.rules import load_game
    return list(load_game("lunar").interpretations)


def instant_paytables() -> list[str]:
    """The Lunar instant-payout paytable ids (A, B, C)."""
    from combin.lunar import GAME
    return [p.id for p in GAME.paytables_of("lunar.instant")]


def caribbean(ranks: str | None, progress: Callable[[str], None]) -> StudPages:
    """Caribbean Stud summed exactly under every strategy; on 52 cards the published totals
    are checked to the integer."""
    from combin.render import render
    from combin.documents.stud_game import game_document
    from combin.stud.nodraw.game import whole_game
    rules, deck = _rules("caribbean"), _deck(ranks, 10)
    pages, checks, figures = {}, [], []
    for strategy in CARIBBEAN_STRATEGIES:
        progress(f"caribbean: whole game, strategy {strategy} ({deck.text})")
        result = whole_game(rules, deck, strategy)
        document = game_document(result)
        for fmt in ("md", "json"):
            pages[f"game/{strategy}.{fmt}"] = render(document, fmt)
        figures.append((f"Caribbean Stud, {strategy} ({deck.text})", -result.expected))
        published = PUBLISHED_CARIBBEAN["loss"].get(strategy)
        if deck.full and published is not None:
            # the total is an exact Fraction (whole here); Python 3.11 cannot group one with ","
            loss = Fraction(-result.total)
            shown = display.grouped(loss.numerator) if loss.denominator == 1 else \
                display.rational(loss)
            checks.append(Check("anchor", f"Caribbean Stud, {strategy}: total loss "
                                          f"{published:,} over the cycle {result.cycle:,}",
                                f"computed {shown} over {result.cycle:,}",
                                result.cycle == PUBLISHED_CARIBBEAN["cycle"] and
                                loss == published))
        checks.append(Check("invariant", f"Caribbean Stud, {strategy}: combinations sum to the "
                                         "cycle", f"{sum(result.lines.values()):,}",
                            sum(result.lines.values()) == result.cycle))
    return StudPages(pages, checks, figures)


def lunar_no_draw(paytable: str, interpret: dict[str, str], ranks: str | None,
                  progress: Callable[[str], None]) -> StudPages:
    """The Lunar game without draws (fold, play, force), exactly, under optimal play."""
    from combin.render import render
    from combin.documents.stud_game import game_document
    from combin.stud.nodraw.game import whole_game
    rules, deck = _rules("lunar", paytable, interpret), _deck(ranks, 11)
    progress(f"lunar: the game without draws ({deck.text}), paytable {paytable}")
    result = whole_game(rules, deck, "optimal")
    document = game_document(result)
    pages = {f"game/no-draw.{fmt}": render(document, fmt) for fmt in ("md", "json")}
    check = Check("invariant", "Lunar game without draws: combinations sum to the cycle",
                  f"{sum(result.lines.values()):,}", sum(result.lines.values()) == result.cycle)
    return StudPages(pages, [check], [(f"Lunar Poker without draws ({deck.text})",
                                       -result.expected)])


def lunar_draws(ranks: str, paytable: str, interpret: dict[str, str], workers: int,
                store: str, sample: int | None = None, seed: int = 1,
                classes: Sequence[int] | None = None):
    """The Lunar game with draws on ``ranks``: ``(sheet Markdown, strategy JSON, records)``
    exactly, or a seeded sample of ``sample`` classes; ``records`` ``[(class index, weight,
    exact value)]``."""
    import io
    from combin.stud.game.run import run_game
    from combin.documents.lunar_game import sheet_document
    from combin.stud.game.strategy import strategy_json
    from combin.render import render
    rules, deck = _rules("lunar", paytable, interpret), _deck(ranks, 16)
    sheet, strategy = run_game(deck, rules, workers=workers, store_path=store,
                               chunk=8 if deck.full else 32, sample=sample, seed=seed,
                               want_strategy=sample is None, stream=io.StringIO())
    text = render(sheet_document(sheet, strategy), "md")
    return text, (strategy_json(strategy) if strategy is not None else None)


def committed_game_sheets() -> dict[str, str]:
    """``{name: text}`` of the committed Lunar whole-game sheets (tables/lunar/game)."""
    if not GAME_SHEETS_DIR.is_dir():
        return {}
    return {path.name: path.read_text(encoding="utf-8")
            for path in sorted(GAME_SHEETS_DIR.iterdir()) if path.is_file()}


def committed_full_run() -> dict[str, bytes]:
    """``{name: bytes}`` of the exact 52-card run's folder (its plan, shards and the basic
    strategy's second pass), once its sheet is committed beside it (every shard in); else
    ``{}``."""
    folder = GAME_SHEETS_DIR / FULL_RUN
    if not (GAME_SHEETS_DIR / f"{FULL_SHEET}.json").is_file() or not folder.is_dir():
        return {}
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())
            if path.is_file() and not path.is_symlink()}


def full_run_sheets(folder: Any) -> dict[str, str] | None:
    """``{"full-deck.md": text, "full-deck.json": text}`` assembled again from the shards in
    ``folder`` (for the deck and rules its plan names: 52 cards, Paytable A and the default
    readings as committed), or ``None`` while one is missing."""
    from combin.documents.lunar_game import shards_document
    from combin.render import render
    from combin.stud.game.assembled import read_run
    from combin.stud.game.shards import plan_run
    deck, rules = plan_run(folder)
    found = read_run(deck, rules, folder)
    document = None if found is None else shards_document(found)
    if document is None:
        return None
    return {f"{FULL_SHEET}.{form}": render(document, form) for form in ("md", "json")}


def reprice_kept(folder: Any, count: int, seed: int,
                 progress: Callable[[str], None]) -> list[str]:
    """A seeded random ``count`` of the classes the shards in ``folder`` kept with their exact
    value (the deck and rules of its plan), each priced again here with every option exact by the card-by-card engine
    (:func:`~combin.stud.reference.cards.advise.advise_cards`: no pruning, none of the rank engine's code
    that priced the run): a difference for each class whose best value, or whose stored
    option's value, is not the kept one."""
    import random
    from combin.stud.core.classes import situations_in_rows
    from combin.stud.core.situation import Situation
    from combin.stud.reference.cards.advise import advise_cards
    from combin.stud.game.shards import INSTANT_CODE, kept_values, plan_run, require_plan
    from combin.stud.draw.options import option_keys
    from combin.stud.game.spec import RunSpec
    deck, rules = plan_run(folder)
    plan = require_plan(folder, RunSpec.of(deck, rules))
    kept = kept_values(deck, rules, folder)
    picked = sorted(random.Random(f"{seed} kept values").sample(range(len(kept)), min(count, len(kept))))
    if not picked:
        return []
    progress(f"lunar: {len(picked):,} of the {len(kept):,} classes the 52-card shards kept, priced again")
    keys = option_keys(rules)
    classes: dict[int, tuple[Any, Any]] = {}     # a shard's hands and up cards, listed only for a shard picked
    found = []
    for number in picked:
        shard, index, code, value = kept[number]
        if shard not in classes:
            _, hands, ups, _ = situations_in_rows(deck, plan[shard].low, plan[shard].high)
            classes[shard] = hands, ups
        hands, ups = classes[shard]
        at = index - plan[shard].start           # the class's place among its shard's
        hand = [int(card) for card in hands[at]]
        options = advise_cards(Situation(tuple(hand), int(ups[at]), deck), rules, detail=False)
        by_key = {(o.kind, tuple(sorted(hand.index(c) for c in o.discard))): o.ev for o in options}
        stored = options[0].ev if code == INSTANT_CODE else by_key.get(keys[code])
        if options[0].ev != value or stored != value:
            found.append(f"recomputed figures differ: shard {shard}, class {index}: kept "
                         f"{display.rational(value)}, best option priced again "
                         f"{display.rational(options[0].ev)}, the stored option "
                         f"{display.rational(stored) if stored is not None else 'none'}")
    return found


def read_priced_classes(text: str, source: str) -> list[dict[str, str]]:
    """The rows of a priced-classes CSV (:mod:`combin.stud.game.priced`)."""
    from combin.stud.game.priced import read_classes
    return read_classes(text, source)


def reprice_classes(subject: dict[str, Any], indices: Sequence[int]) -> list[dict[str, str]]:
    """The Lunar classes ``indices`` priced again by the engine, as rows of the priced-classes
    CSV, on the deck, paytable and readings a whole-game sheet's ``subject`` names."""
    from combin.stud.game.priced import reprice
    try:
        rules = _rules("lunar", subject["paytable"], dict(subject["interpretations"]))
        deck = _deck(subject["deck"]["ranks"], 16)
    except (KeyError, TypeError, ValueError):
        from combin.errors import CombinError
        raise CombinError("the sample's sheet does not name its deck, paytable and "
                          "interpretations") from None
    return reprice(deck, rules, indices)
