"""The Lunar whole game in the evidence bundle (``combin audit``): its pages and their verification.

:data:`combin.lunar.GAME` names these functions in its :class:`~combin.core.game.AuditPages`;
the audit calls them without naming the game.

* :func:`pages` -- the folder ``lunar/game/`` of a bundle: in the committed configuration
  the committed sheets of ``tables/lunar/game`` (and the exact 52-card run's shards, with
  the sheet assembled from them again), otherwise the game without draws summed here;
* :func:`verify` -- what ``--verify`` sums again beyond the rebuild: the committed game
  without draws and each reduced deck in full (:func:`draw_differences`), a seeded sample
  of the 52-card sample's classes (:func:`class_differences`) and of the classes the exact
  run's shards kept (:func:`shard_differences`);
* :func:`interpretations` -- the interpretation ids the whole game reads.

>>> REDUCED_DECKS, FULL_RUN, FULL_SHEET
(('JQKA', 'TJQKA', '9TJQKA'), 'full', 'full-deck')
>>> "full-deck-sample-2000-seed-1" + CLASSES_SUFFIX
'full-deck-sample-2000-seed-1-classes.csv'
"""

import fnmatch
import io
import json
import random
import tempfile
import tomllib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from combin.files import display
from combin.audit.diff import differences as file_differences
from combin.audit.simulate import stream_seed
from combin.audit.verify import MAX_MANIFEST_BYTES, unsafe_path
from combin.core.crosscheck import Check
from combin.documents.lunar_game import shards_document, sheet_document
from combin.documents.stud_game import game_document
from combin.errors import CombinError
from combin.files.fileio import read_text
from combin.core.game import GamePages, read_data
from combin.lunar import GAME
from combin.stud.game.readings import beside, run_readings
from combin.lunar.lead import lead_tables, method_page
from combin.lunar.optional_supers import optional_super_pages
from combin.render import render, render_text
from combin.stud.core.classes import situations_in_rows
from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from combin.stud.core.situation import Situation
from combin.stud.draw.options import option_keys
from combin.stud.game.assembled import read_run
from combin.stud.game.priced import read_classes, reprice
from combin.stud.game.run import run_game
from combin.stud.game.shards import INSTANT_CODE, kept_values, plan_run, require_plan
from combin.stud.game.spec import RunSpec
from combin.stud.game.strategy import strategy_json
from combin.stud.reference.cards.advise import advise_cards
from combin.stud.nodraw.game import whole_game


__all__ = ["REDUCED_DECKS", "CLASSES_SUFFIX", "GAME_SHEETS_DIR", "FULL_RUN", "FULL_SHEET",
           "pages", "verify", "interpretations", "instant_paytables", "optional_pages", "no_draw", "draws",
           "committed_game_sheets", "committed_full_run", "full_run_sheets", "reprice_kept",
           "read_priced_classes", "reprice_classes", "draw_differences", "class_differences",
           "shard_differences", "whole_shards"]

Progress = Callable[[str], None]

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

#: Where the whole game's pages are inside a bundle (the game's folder, then ``game/``).
_IN_BUNDLE = "lunar/game"


def _rules(paytable: str | None = None, interpret: dict[str, str] | None = None) -> Any:
    return load_rules("lunar").resolve(paytable, interpret)


def _deck(ranks: str | None, need: int) -> Any:
    return Deck.parse(ranks, need=need)


def interpretations() -> list[str]:
    """The interpretation ids the Lunar whole game reads.

    >>> "L11" in interpretations()
    True
    """
    return list(load_rules("lunar").interpretations)


def instant_paytables() -> list[str]:
    """The Lunar instant-payout paytable ids.

    >>> instant_paytables()
    ['A', 'B', 'C']
    """
    return [p.id for p in GAME.paytables_of("lunar.instant")]


def no_draw(paytable: str, interpret: dict[str, str], ranks: str | None,
            progress: Progress) -> GamePages:
    """The Lunar game without draws (fold, play, force), exactly, under optimal play."""
    rules, deck = _rules(paytable, interpret), _deck(ranks, 11)
    progress(f"lunar: the game without draws ({deck.text}), paytable {paytable}")
    result = whole_game(rules, deck, "optimal")
    document = game_document(result)
    found: dict[str, str | bytes] = {f"game/no-draw.{fmt}": render(document, fmt)
                                     for fmt in ("md", "json")}
    check = Check("invariant", "Lunar game without draws: combinations sum to the cycle",
                  f"{sum(result.lines.values()):,}", sum(result.lines.values()) == result.cycle)
    return GamePages(found, [check], [(f"Lunar Poker without draws ({deck.text})",
                                       -result.expected)])


def draws(ranks: str, paytable: str, interpret: dict[str, str], workers: int,
          store: str, sample: int | None = None, seed: int = 1) -> tuple[str, str | None]:
    """The Lunar game with draws on ``ranks``: ``(sheet Markdown, strategy JSON)`` exactly (the
    strategy ``None`` for a seeded sample of ``sample`` classes)."""
    rules, deck = _rules(paytable, interpret), _deck(ranks, 16)
    sheet, strategy = run_game(deck, rules, workers=workers, store_path=store,
                               chunk=8 if deck.full else 32, sample=sample, seed=seed,
                               want_strategy=sample is None, stream=io.StringIO())
    text = render_text(sheet_document(sheet, strategy), "md")
    return text, (strategy_json(strategy) if strategy is not None else None)


def committed_game_sheets() -> dict[str, str | bytes]:
    """``{name: text}`` of the committed Lunar whole-game sheets (tables/lunar/game); a chart
    (``.png``) as its bytes."""
    if not GAME_SHEETS_DIR.is_dir():
        return {}
    return {path.name: path.read_bytes() if path.suffix == ".png" else path.read_text(encoding="utf-8")
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
    readings as committed), or ``None`` while one is missing; with the other readings' house
    edges of the variants table beside the folder (``variants.json``), as committed."""
    deck, rules = plan_run(folder)
    found = read_run(deck, rules, folder)
    document = None if found is None else shards_document(found, readings=run_readings(found, beside(folder),
                                                                                        False))
    if document is None:
        return None
    return {f"{FULL_SHEET}.{form}": render_text(document, form) for form in ("md", "json")}


def reprice_kept(folder: Any, count: int, seed: int, progress: Progress) -> list[str]:
    """A seeded random ``count`` of the classes the shards in ``folder`` kept with their exact
    value (the deck and rules of its plan), each priced again here with every option exact by
    the card-by-card engine (:func:`~combin.stud.reference.cards.advise.advise_cards`: no pruning, none of
    the rank engine's code that priced the run): a difference for each class whose best value,
    or whose stored option's value, is not the kept one."""
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
    rows: list[dict[str, str]] = read_classes(text, source)
    return rows


def reprice_classes(subject: dict[str, Any], indices: Sequence[int]) -> list[dict[str, str]]:
    """The Lunar classes ``indices`` priced again by the engine, as rows of the priced-classes
    CSV, on the deck, paytable and readings a whole-game sheet's ``subject`` names."""
    try:
        rules = _rules(subject["paytable"], dict(subject["interpretations"]))
        deck = _deck(subject["deck"]["ranks"], 16)
    except (KeyError, TypeError, ValueError):
        raise CombinError("the sample's sheet does not name its deck, paytable and "
                          "interpretations") from None
    rows: list[dict[str, str]] = reprice(deck, rules, indices)
    return rows


def optional_pages() -> dict[str, str]:
    """``{name: description}`` of the page groups a bundle carries only when asked
    (``combin audit --include NAME``), from the game's data (``[optional_pages]`` of
    ``data/game.toml``).

    >>> sorted(optional_pages())
    ['reduced-decks', 'samples']
    """
    return {name: entry["text"] for name, entry in _optional_groups().items()}


def _optional_groups() -> dict[str, Any]:
    return dict(tomllib.loads(read_data("combin.lunar", "game.toml")).get("optional_pages", {}))


def _left_out(include: Sequence[str]) -> list[str]:
    """The file patterns of the optional page groups the scope does not include."""
    return [pattern for name, entry in _optional_groups().items() if name not in include
            for pattern in entry["files"]]


def _optional_supers(interpret: Mapping[str, str], progress: Progress) -> dict[str, str | bytes]:
    """The optional Supers (on the dealer's hand, on another player's) as sheets of their own."""
    return {f"game/{name}.{form}": render(document, form)
            for name, document in optional_super_pages(interpret, progress).items()
            for form in ("md", "json")}


def pages(scope: Any, parameters: Mapping[str, int], workers: int, progress: Progress) -> GamePages:
    """The Lunar whole game for the folder ``lunar/game/``.  In the committed configuration
    (paytable A, the default readings, 52 cards) the committed sheets of tables/lunar/game --
    the game without draws and the reduced decks with draws exactly, the 52-card game as
    committed (a sample, with its parameters) -- which ``--verify`` sums again; otherwise the
    game without draws summed here for the scope's paytable, readings and deck."""
    paytable = scope.paytable if scope.paytable in instant_paytables() else "A"
    interpret = dict(scope.interpret)
    committed = committed_game_sheets()
    if not (paytable == "A" and not interpret and scope.deck is None and committed):
        alone = no_draw(paytable, interpret, scope.deck, progress)
        alone.pages.update(_optional_supers(interpret, progress))
        return alone
    progress("lunar: the committed whole-game sheets (tables/lunar/game)")
    # the reduced decks and the samples only when the scope asks for them (--include)
    left_out = _left_out(scope.include)
    committed = {name: text for name, text in committed.items()
                 if not any(fnmatch.fnmatchcase(name, pattern) for pattern in left_out)}
    found: dict[str, str | bytes] = {f"game/{name}": text for name, text in committed.items()}
    expected = ["no-draw.md", *(f"{deck}.md" for deck in REDUCED_DECKS if f"{deck}.md" in committed)]
    expected += [name[:-len(".json")] + CLASSES_SUFFIX for name in committed
                 if name.startswith("full-deck-sample-") and name.endswith(".json")]
    checks = [Check("method", "the committed whole-game sheets are in the bundle; --verify "
                    "sums the game without draws and each reduced deck again in full, and "
                    "prices again a seeded random sample of the 52-card sample's classes "
                    "(--verify-classes)",
                    ", ".join(expected), all(name in committed for name in expected))]
    lead: tuple[Any, ...] = ()
    sentence = ""
    if f"{FULL_SHEET}.json" in committed:
        # the report leads with the Ante/Bet game itself, as its committed 52-card sheet states it
        lead, sentence = lead_tables(json.loads(committed[f"{FULL_SHEET}.json"]))
    found["game/method.md"] = method_page(sentence)
    found.update(_optional_supers(interpret, progress))
    run = committed_full_run()
    if run:
        # the exact 52-card run: its shards travel with the sheet assembled from them
        progress("lunar: the exact 52-card run's shards, assembled again")
        found.update({f"game/{FULL_RUN}/{name}": data for name, data in run.items()})
        again = full_run_sheets(GAME_SHEETS_DIR / FULL_RUN) or {}
        sheets = sorted(again)
        checks.append(Check(
            "method", f"the exact 52-card game's sheet is the sum of its {len(run) - 1} committed "
            "files of shards (lunar/game/full: the plan, each shard's exact sums and strategy "
            "codes, the basic strategy's second pass), assembled again byte for byte; --verify "
            "assembles it from the bundle's copy and prices again, by the card-by-card engine "
            "with every option exact, a seeded random sample of the classes the shards kept "
            "(--verify-classes)",
            ", ".join(f"{FULL_SHEET}.{form}" for form in ("md", "json")),
            bool(sheets) and all(again[name] == committed.get(name) for name in sheets)))
    return GamePages(found, checks, [], sentence, lead)


def _compared(root: Path, hashes: Mapping[str, str], path: str, content: str) -> list[str]:
    """The differences between the bundle's ``path`` and ``content`` (none when the bundle does
    not hold it safely: the hash loop reports that)."""
    target = root / path
    if path not in hashes or not target.is_file() or unsafe_path(root, path):
        return []
    return ["recomputed figures differ: " + line for line in
            file_differences(path, target.read_bytes(), content.encode("utf-8"))]


def draw_differences(root: Path, hashes: Mapping[str, str], workers: int,
                     progress: Progress) -> list[str]:
    """The committed Lunar sheets the bundle holds -- the game without draws, and with draws
    on each reduced deck -- summed again in full here and compared figure by figure."""
    found = []
    if f"{_IN_BUNDLE}/no-draw.md" in hashes and f"{_IN_BUNDLE}/no-draw.json" not in hashes:
        progress("lunar: the committed game without draws, summed again")   # as committed
        text = no_draw("A", {}, None, progress).pages["game/no-draw.md"]
        found += _compared(root, hashes, f"{_IN_BUNDLE}/no-draw.md", str(text))
    for ranks in REDUCED_DECKS:
        sheet, strategy = f"{_IN_BUNDLE}/{ranks}.md", f"{_IN_BUNDLE}/{ranks}-strategy.json"
        if sheet not in hashes or unsafe_path(root, sheet) or not (root / sheet).is_file():
            continue
        progress(f"lunar: the game with draws on {ranks}, summed again in full")
        with tempfile.TemporaryDirectory(prefix="combin-verify-") as folder:
            text, plan = draws(ranks, "A", {}, workers, f"{folder}/store.sqlite")
        found += _compared(root, hashes, sheet, text)
        found += _compared(root, hashes, strategy, plan or "")
    return found


def class_differences(root: Path, hashes: Mapping[str, str], count: int, seed: int,
                      progress: Progress) -> list[str]:
    """A seeded random sample of ``count`` classes of each priced-classes file the bundle
    holds (the 52-card sample's), priced again here and compared with the file cell by cell:
    the situation, its weight, the best option and both exact values."""
    found = []
    for path in sorted(p for p in hashes if p.startswith(f"{_IN_BUNDLE}/") and
                       p.endswith(CLASSES_SUFFIX)):
        sheet = path[:-len(CLASSES_SUFFIX)] + ".json"
        if count == 0 or any(unsafe_path(root, p) or not (root / p).is_file() for p in (path, sheet)):
            continue    # a missing or unsafe file is reported by the hash loop
        try:
            rows = read_priced_classes(
                read_text(root / path, MAX_MANIFEST_BYTES, "priced classes"), path)
            document = json.loads(read_text(root / sheet, MAX_MANIFEST_BYTES, "sheet"))
            subject = document["subject"]
            summary = {row["figure"]: row["value"] for row in document["tables"]["summary"]["rows"]}
            tallies = {"draws": str(sum(int(row["draws"]) for row in rows)),
                       "situation classes sampled (distinct)": str(len(rows))}
        except (CombinError, ValueError, KeyError, TypeError) as error:
            found.append(f"recomputed figures differ: {path}: cannot be read ({error})")
            continue
        found += [f"recomputed figures differ: {path} holds {value} {figure}, its sheet {sheet} "
                  f"says {summary.get(figure)}" for figure, value in tallies.items()
                  if summary.get(figure) != value]
        picked = sorted(random.Random(stream_seed(seed, "verify-classes", path)).sample(
            range(len(rows)), min(count, len(rows))))
        progress(f"lunar: {len(picked):,} of the {len(rows):,} classes of {path}, priced again")
        try:
            again = reprice_classes(subject, [int(rows[i]["class"]) for i in picked])
        except CombinError as error:
            found.append(f"recomputed figures differ: {path}: {error}")
            continue
        by_class = {row["class"]: row for row in again}
        for number in picked:
            row = rows[number]
            recomputed = by_class[str(int(row["class"]))]
            found += [f"recomputed figures differ: {path}, row {number + 2} (class {row['class']}), "
                      f"column {column!r}: bundle {row[column]!r}, recomputed {value!r}"
                      for column, value in recomputed.items()
                      if column != "draws" and row[column] != value]
    return found


def shard_differences(root: Path, hashes: Mapping[str, str], count: int, seed: int,
                      progress: Progress, whole: int = 0, workers: int = 0) -> list[str]:
    """The exact 52-card run's shards the bundle holds (``lunar/game/full/``): its sheet
    assembled again from the bundle's own copy and compared with the bundle's sheet figure by
    figure, and a seeded random ``count`` of the classes the shards kept priced again by the
    card-by-card engine with every option exact."""
    run = f"{_IN_BUNDLE}/{FULL_RUN}/"
    paths = sorted(p for p in hashes if p.startswith(run))
    if f"{run}plan.json" not in paths:
        return []
    if any(unsafe_path(root, p) or not (root / p).is_file() for p in paths):
        return []           # reported by the hash loop
    progress("lunar: the exact 52-card game, assembled again from the bundle's shards")
    folder = root / run
    found = []
    try:
        again = full_run_sheets(folder)
    except CombinError as error:
        return [f"recomputed figures differ: {run}: {error}"]
    if again is None:
        return [f"recomputed figures differ: {run}: a shard of the plan is missing"]
    for name, text in sorted(again.items()):
        path = f"{_IN_BUNDLE}/{name}"
        target = root / path
        if path not in hashes or unsafe_path(root, path) or not target.is_file():
            found.append(f"recomputed figures differ: the bundle holds the shards of {run} "
                         f"but not the sheet {path} assembled from them")
            continue
        found += _compared(root, hashes, path, text)
    try:
        found += reprice_kept(folder, count, seed, progress)
        found += whole_shards(folder, run, whole, seed, progress, workers)
    except CombinError as error:
        found.append(f"recomputed figures differ: {run}: {error}")
    return found


def whole_shards(folder: Path, run: str, whole: int, seed: int, progress: Progress,
                 workers: int) -> list[str]:
    """``whole`` shards of the run chosen at random (seeded) priced again class by class, each
    shard file compared with the bundle's entry by entry
    (:func:`combin.stud.game.shards.reprice_shard`; about 22,000 classes a 52-card shard, 1 to 2
    CPU-minutes).

    >>> whole_shards(Path("no-such-folder"), "lunar/game/full/", 0, 1, print, 0)
    []
    """
    from combin.stud.game.shards import plan_run, reprice_shard, require_plan
    if not whole:
        return []
    count = len(require_plan(folder, RunSpec.of(*plan_run(folder))))
    found = []
    for index in sorted(random.Random(stream_seed(seed, "verify-shards", run)).sample(
            range(count), min(whole, count))):
        progress(f"lunar: shard {index} of {run}, every class priced again")
        with tempfile.TemporaryDirectory(prefix="combin-verify-") as scratch:
            found += [f"recomputed figures differ: {run}{line}" for line in
                      reprice_shard(folder, index, f"{scratch}/store.sqlite", workers)]
    return found


def verify(root: Path, hashes: Mapping[str, str], classes: int, seed: int, workers: int,
           progress: Progress, shards: int = 0) -> list[str]:
    """What ``combin audit --verify`` sums again of the Lunar pages a bundle holds, beyond its
    rebuild: :func:`draw_differences`, :func:`class_differences`, :func:`shard_differences`
    (with ``shards`` whole shards priced again, :func:`whole_shards`)."""
    return (draw_differences(root, hashes, workers, progress) +
            class_differences(root, hashes, classes, seed, progress) +
            shard_differences(root, hashes, classes, seed, progress, shards, workers))
