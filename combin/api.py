"""combin as a library: the public Python API, exported at the top level.

Every function here answers the question of one ``combin`` command and
returns a frozen result whose figures are exact -- :class:`~fractions.Fraction`
and :class:`int` -- and whose :meth:`Result.document` is the very document
the command line renders (so ``result.write("x.xlsx")`` writes what
``combin ... --format xlsx --out x.xlsx`` writes).  Bad arguments raise
:class:`~combin.errors.CombinError` with the sentence the command line prints
after ``combin: error:``.  Nothing here prints; progress is off.

==========================  ===============================================================
:func:`par`                 one wager's par sheet (``combin par``)
:func:`compare`             one wager under several paytables, rule sets, deck counts
:func:`solve`               the return as a function of one pay; the pay for a target edge
:func:`package`             several wagers on one round: their joint result
:func:`eor`                 exact effects of removal and a suggested count
:func:`decks`               the house edge for a list of deck counts
:func:`game`                a whole stud game without draws, or with draws on a reduced deck
:func:`lunar_game`          the committed exact 52-card Lunar Poker run, from its shards
:func:`advise`              every option of one Lunar Poker situation, priced
:func:`strategy`            the optimal option of one situation from the stored strategy
:class:`Result` ...         the results, frozen and exact, from :mod:`combin.results`
==========================  ===============================================================

The standard deviation is irrational: :attr:`ParResult.variance` is exact and
:attr:`ParResult.sd` is its square root as a 40-digit :class:`~decimal.Decimal`
(what every sheet prints); :meth:`ParResult.sd_exact` gives the exact root as
a sympy expression.

The stud engine's internals are imported in this module only, each inside the
function that needs it, so ``import combin`` and the command line's start stay
light.

>>> result = par("eclipse.sun7", paytable="A")
>>> isinstance(result, ParResult), isinstance(result, Result), isinstance(result.lines[0], Outcome)
(True, True, True)
>>> isinstance(result.tables[0], Table)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from os import PathLike
from typing import TYPE_CHECKING, Any, Union

from combin.errors import CombinError
from combin.results import (Advice, CompareResult, DecksResult, EorResult, GameResult, Outcome,
                            PackageResult, ParResult, Result, SolveResult, StrategyAnswer, Table,
                            exact_value)

if TYPE_CHECKING:
    from combin.design.package import Bet
    from combin.core.parsheet import ParSheet
    from combin.render.document import Document
    from combin.render.document import Table as DocumentTable

__all__ = ["par", "compare", "solve", "package", "eor", "decks", "game", "lunar_game", "advise",
           "strategy", "Result", "ParResult", "Outcome", "Table", "CompareResult", "SolveResult",
           "PackageResult", "EorResult", "DecksResult", "GameResult", "Advice", "StrategyAnswer"]

#: ``interpret=``: ``{"E1": "paid-rows"}`` or the command line's ``["E1=paid-rows"]``.
Interpret = Union[Mapping[str, str], Sequence[str], None]
#: ``paytable_file=``: one path or several.
Paths = Union[str, "PathLike[str]", Sequence[Union[str, "PathLike[str]"]], None]


# --- Results (their types: combin.results) ---------------------------------------------------

#: The folder of the exact 52-card Lunar run committed with this version (the command line's
#: ``--shards`` default, where it is run from a checkout).
SHARDS = "tables/lunar/game/full"

def _par_result(sheet: "ParSheet", warnings: Sequence[str] = ()) -> ParResult:
    from combin.documents.parsheet import document
    s = sheet.summary
    lines = tuple(Outcome(line.event_id, line.event, line.pays, line.payout, line.combinations,
                          sheet.probability(line)) for line in sheet.lines)
    return ParResult(kind="parsheet", title=sheet.title, source=document(sheet), wager=sheet.wager,
                     paytable=sheet.paytable, rules=sheet.rules, shoe=sheet.shoe,
                     interpretations=sheet.interpretations, cycle=sheet.cycle,
                     expected_return=s.expected_return, house_edge=s.house_edge,
                     return_to_player=s.return_to_player, hit_frequency=s.hit_frequency,
                     push_frequency=s.push_frequency, variance=s.variance, sd=s.sd, lines=lines,
                     warnings=tuple(warnings))


def say_warnings(result: Result) -> None:
    """Print a result's ``warnings`` as the command line does: ``combin: WARNING: ...`` on
    stderr (for the commands; the API itself prints nothing).

    >>> say_warnings(par("eclipse.sun7"))     # the regulation's paytable: nothing to say
    """
    import sys
    for warning in getattr(result, "warnings", ()):
        print(f"combin: WARNING: {warning}", file=sys.stderr)


# --- Options ---------------------------------------------------------------------------------

def _assignments(interpret: Interpret) -> list[str]:
    """``interpret=`` as the command line's ``ID=VALUE`` words (so the messages are its own)."""
    if interpret is None:
        return []
    if isinstance(interpret, Mapping):
        return [f"{key}={value}" for key, value in interpret.items()]
    if isinstance(interpret, str):
        return [interpret]
    return [str(item) for item in interpret]


def _paths(paths: Paths) -> list[str]:
    if paths is None:
        return []
    if isinstance(paths, (str, PathLike)):
        return [str(paths)]
    return [str(path) for path in paths]


def _text(value: object) -> str | None:
    """A number option as the command line receives it (a word), ``None`` kept."""
    return None if value is None else str(value)


def _sheet_options(wager: str | None, *, paytable: str | None = None, decks: object = None,
                   shoe: str | None = None, rules: str | None = None, interpret: Interpret = None,
                   paytable_file: Paths = None) -> dict[str, Any]:
    """The options of :func:`combin.core.analysis.par_sheet`, read as ``combin par`` reads them."""
    from combin.commands.options import options_of
    return options_of(wager, paytable=paytable, decks=_text(decks), shoe=shoe, rules=rules,
                      interpret=_assignments(interpret), paytable_files=_paths(paytable_file),
                      warn=False)


def _warnings(options: Mapping[str, Any], sheets: Sequence["ParSheet"]) -> list[str]:
    """What the command line warns of: a paytable of a user's file that returns 100% or more."""
    mine = {(p.wager, p.id): p for p in options.get("extra_paytables", ())}
    if not mine:
        return []
    from combin.files.paytable_file import return_warning
    found = [return_warning(mine[(s.wager, s.paytable)], s) for s in sheets
             if (s.wager, s.paytable) in mine]
    return [message for message in found if message]


# --- The wagers ------------------------------------------------------------------------------

def par(wager: str, *, paytable: str | None = None, rules: str | None = None,
        decks: int | str | None = None, shoe: str | None = None, interpret: Interpret = None,
        paytable_file: Paths = None) -> ParResult:
    """The exact par sheet of ``wager`` (``combin par``): ``decks`` or an explicit ``shoe``
    (``"8d-TT5"``), a ``rules`` set, ``interpret`` readings (``{"E1": "paid-rows"}``) and
    paytables of your own from TOML files (``paytable_file``).

    >>> par("eclipse.sun7", paytable="A").house_edge
    Fraction(64613588827, 848912750595)
    >>> par("baccarat.banker", rules="ez", decks=6).rules
    'ez'
    >>> par("eclipse.sun7", paytable="Z")
    Traceback (most recent call last):
    combin.errors.CombinError: unknown paytable of eclipse.sun7 'Z' (known: A, B, C)
    """
    from combin.core.analysis import par_sheet
    from combin.registry import find_wager
    _, found = find_wager(wager)
    if found.reported_in:   # the Lunar instant payout: a part of the Ante, not a wager
        raise CombinError(f"{found.id} is not a wager: see `combin game lunar` ("
                          f"{found.reported_in.split(': ', 1)[-1]})")
    options = _sheet_options(wager, paytable=paytable, decks=decks, shoe=shoe, rules=rules,
                             interpret=interpret, paytable_file=paytable_file)
    sheet = par_sheet(wager, other_readings=True, **options)
    return _par_result(sheet, _warnings(options, [sheet]))


def _listed(items: str | Sequence[object] | None) -> str | None:
    """A list option in the command line's words (``"A,B"``), so its checks and messages hold."""
    if items is None or isinstance(items, str):
        return items
    return ",".join(str(item) for item in items)


def compare(wager: str, *, paytable: str | Sequence[str] | None = None,
            rules: str | Sequence[str] | None = None, decks: str | Sequence[int] | None = None,
            interpret: Interpret = None, paytable_file: Paths = None) -> CompareResult:
    """``wager`` under several paytables, rule sets or deck counts (``combin compare``):
    each a list (or the command line's ``"A,B,C"``).

    >>> banker = compare("baccarat.banker", rules=["standard", "ez"], decks=[6, 8])
    >>> [heading for heading, _ in banker.columns][:2]
    ['rules standard 6 decks', 'rules ez 6 decks']
    """
    base = _sheet_options(None, interpret=interpret, paytable_file=paytable_file)
    document, columns = comparison(wager, _listed(paytable), _listed(rules), _listed(decks), base)
    return CompareResult(kind=document.kind, title=document.title, source=document,
                      columns=tuple((heading, _par_result(sheet)) for heading, sheet in columns))


def solve(wager: str, *, line: str | None = None, target_edge: Fraction | str | None = None,
          paytable: str | None = None, rules: str | None = None, decks: int | str | None = None,
          shoe: str | None = None, interpret: Interpret = None,
          paytable_file: Paths = None) -> SolveResult:
    """The pay of ``line`` that gives a target house edge (``combin solve``); ``target_edge``
    as a Fraction or in words (``"5%"``, ``"0.05"``, ``"1/20"``).

    >>> solve("eclipse.moon8", target_edge="1/20").payout
    Fraction(71497149976019, 2697824425984)
    """
    from combin.design.solve import solve as solved_by
    from combin.documents.design import solve_document
    options = _sheet_options(wager, paytable=paytable, decks=decks, shoe=shoe, rules=rules,
                             interpret=interpret, paytable_file=paytable_file)
    solved = solved_by(wager, line=line, target_edge=target_edge, **options)
    document = solve_document(solved)
    solution = solved.solution
    return SolveResult(kind=document.kind, title=document.title, source=document,
                       wager=solved.sheet.wager, house_edge=solved.sheet.summary.house_edge,
                       line=solved.line.event_id if solved.line else None,
                       target=solution.target if solution else None,
                       payout=solution.payout if solution else None,
                       warnings=tuple(_warnings(options, [solved.sheet])))


def package(*bets: str, sets: Sequence[str] = (), paytable: str | None = None,
            rules: str | None = None, decks: int | str | None = None, shoe: str | None = None,
            interpret: Interpret = None, paytable_file: Paths = None) -> PackageResult:
    """The exact joint result of ``bets`` (``"WAGER[:PAYTABLE][=STAKE]"``) and of the named
    ``sets`` (``"eclipse"``) on one round (``combin package``); a paytable file's paytable
    pays the bets of its wager that name none.

    >>> package("eclipse.supreme7:B=2", "eclipse.sun7=1/2").wagers
    ('eclipse.supreme7:B', 'eclipse.sun7:A')
    """
    from combin.design.package import named_bets, parse_bet
    from combin.design.package import package as joint
    from combin.documents.design import package_document
    chosen = [bet for name in sets for bet in named_bets(name)] + [parse_bet(b) for b in bets]
    if not chosen:
        raise CombinError("name at least one wager (WAGER[:PAYTABLE][=STAKE]) or give "
                          "--set NAME (e.g. --set eclipse)")
    files = _paths(paytable_file)
    options = _sheet_options(None, paytable=paytable, decks=decks, shoe=shoe, rules=rules,
                             interpret=interpret, paytable_file=files)
    if files:
        chosen = resolve_files(files, chosen, options)
    result = joint(chosen, **options)
    document = package_document(result)
    return PackageResult(kind=document.kind, title=document.title, source=document,
                         wagers=tuple(bet.label for bet in result.bets),
                         house_edge=result.house_edge, variance=result.variance,
                         hit_frequency=result.hit_frequency, distribution=result.distribution,
                         cycle=result.cycle, warnings=tuple(_warnings(options, result.sheets)))


def eor(wager: str, *, max_tag: int | None = None, paytable: str | None = None,
        rules: str | None = None, decks: int | str | None = None, shoe: str | None = None,
        interpret: Interpret = None, paytable_file: Paths = None) -> EorResult:
    """The exact effect of removing one card of each value, and a count (``combin eor``).

    >>> eor("eclipse.sun7", max_tag=1).tags
    (0, 0, 0, 0, 0, 0, -1, -1, 1, 1)
    """
    from combin.core.analysis import select
    from combin.documents.protection import eor_document
    from combin.protection.decks import protected
    from combin.protection.eor import DEFAULT_MAX_TAG, check_max_tag, effects_of_removal
    options = _sheet_options(wager, paytable=paytable, decks=decks, shoe=shoe, rules=rules,
                             interpret=interpret, paytable_file=paytable_file)
    count, spec = options.pop("decks", None), options.pop("shoe", None)
    chosen = protected(select(wager, **options))
    tag = DEFAULT_MAX_TAG if max_tag is None else check_max_tag(max_tag)
    result = effects_of_removal(chosen, spec, tag, decks=count)
    document = eor_document(result)
    from combin.registry import find_wager
    protection = find_wager(result.sheet.wager)[0].protection
    values = protection.values if protection is not None else ()
    found = EorResult(kind=document.kind, title=document.title, source=document,
                      wager=result.sheet.wager, expected=result.expected,
                      effects=dict(zip(values, result.effects)), tags=tuple(result.suggested.tags),
                      identity_holds=result.identity_holds,
                      warnings=tuple(_warnings(options, [result.sheet])))
    object.__setattr__(found, "_effects", result)   # for chart(): not a field of the promise
    return found


def decks(wager: str, decks: Sequence[int] | str | None = None, *, paytable: str | None = None,
          rules: str | None = None, interpret: Interpret = None,
          paytable_file: Paths = None) -> DecksResult:
    """The exact house edge of ``wager`` for each deck count (default 1 to 8), one column per
    paytable unless one is named (``combin decks``).

    >>> sorted(decks("eclipse.sun7", "1,2", paytable="A").house_edge)
    [(1, 'A'), (2, 'A')]
    """
    from combin.documents.protection import decks_document
    from combin.protection.decks import DEFAULT_DECKS_LIST, deck_table, parse_decks_list
    listed = _listed(decks)
    counts = DEFAULT_DECKS_LIST if listed is None else parse_decks_list(listed)
    options = _sheet_options(wager, paytable=paytable, rules=rules, interpret=interpret,
                             paytable_file=paytable_file)
    warnings: list[str] = []
    if options["extra_paytables"]:   # the file's paytable for the wager, on the default shoe
        from combin.core.analysis import par_sheet
        warnings = _warnings(options, [par_sheet(wager, **options)])
    if paytable is None:
        options["paytable"] = None  # every paytable, a file's included, side by side
    options.pop("decks", None), options.pop("shoe", None)
    table = deck_table(wager, counts, **options)
    document = decks_document(table)
    edges = {(count, heading): sheet.summary.house_edge for count, _, _, sheets in table.rows
             for heading, sheet in zip(table.headings, sheets)}
    return DecksResult(kind=document.kind, title=document.title, source=document, wager=table.wager,
                     headings=table.headings, house_edge=edges, warnings=tuple(warnings))


# --- The stud games (the only module that imports combin.stud) ------------------------------


def _stud(name: str, game_file: str | PathLike[str] | None) -> Any:
    """The :class:`~combin.stud.core.rules.StudRules` ``name``, or the game of a game file derived
    from it (:mod:`combin.stud.core.variant`: read and checked before any work)."""
    from combin.stud.core.variant import stud_rules
    return stud_rules(name, game_file)


def _rules(name: str, paytable: str | None, interpret: Interpret,
           game_file: str | PathLike[str] | None = None) -> Any:
    from combin.core.interpret import parse_assignments
    return _stud(name, game_file).resolve(paytable, parse_assignments(_assignments(interpret)))


def _parsed(interpret: Interpret) -> dict[str, str]:
    from combin.core.interpret import parse_assignments
    return parse_assignments(_assignments(interpret))


def _quietly(run_game: Any, deck: Any, rules: Any) -> Any:
    """The sheet of the exact game with draws on ``deck``, priced in this process with no
    progress shown and its chunks kept in a temporary store (nothing left behind)."""
    import io
    import tempfile

    from combin.running import progress
    quiet, progress.QUIET = progress.QUIET, True
    try:
        with tempfile.TemporaryDirectory() as folder:
            return run_game(deck, rules, workers=0, store_path=f"{folder}/store.sqlite", chunk=32,
                            stream=io.StringIO())[0]
    finally:
        progress.QUIET = quiet


def _figures(document: "Document") -> dict[str, Any]:
    """``{label: exact value}`` of a document's summary table (label, value, ...)."""
    return {str(exact_value(row[0])): exact_value(row[1]) for row in document.table("summary").rows}


def game(name: str, *, deck: str | None = None, strategy: str = "optimal", draws: bool = True,
         paytable: str | None = None, interpret: Interpret = None,
         game_file: str | PathLike[str] | None = None) -> GameResult:
    """A whole stud game summed exactly (``combin game``): Caribbean Stud, Lunar Poker without
    draws (``draws=False``) under a ``strategy``, or Lunar Poker with draws under optimal play
    on a reduced ``deck`` (``"JQKA"``), in this process.  ``game_file``: a game file derived
    from ``name`` (``combin game --game-file``: its fees, pays and rules over the registered
    game's; :mod:`combin.stud.core.variant`).

    >>> game("lunar", deck="9TJQKA", draws=False).figures["House edge per Ante"]
    Fraction(-4325322961, 2883046320)
    >>> from pathlib import Path
    >>> example = Path(combin.__file__).parents[1] / "docs" / "examples" / "lunar-fee-2.toml"
    >>> game("lunar", deck="9TJQKA", draws=False, game_file=example).figures["House edge per Ante"]
    Fraction(-3494556721, 2883046320)
    >>> game("caribbean", strategy="never")
    Traceback (most recent call last):
    combin.errors.CombinError: unknown strategy 'never' (strategies: optimal, always, pair, ace-king, thumb, akj83)
    """
    from combin.stud.core.deck import Deck
    stud = _stud(name, game_file)
    rules = stud.resolve(paytable, _parsed(interpret))
    if not stud.can_draw or not draws:
        from combin.documents.stud_game import game_document
        from combin.stud.nodraw.game import STRATEGIES, whole_game
        if strategy not in STRATEGIES:
            raise CombinError(f"unknown strategy '{strategy}' (strategies: {', '.join(STRATEGIES)})")
        result = whole_game(rules, Deck.parse(deck, need=11 if stud.can_force else 10), strategy)
        document = game_document(result)
        expected = result.expected
        risk: Fraction | None = result.element_of_risk
    else:
        if strategy != "optimal":
            raise CombinError("the game with draws is summed under optimal play; --strategy names "
                              "a strategy of the game without draws (add --no-draw)")
        from combin.documents.lunar_game import sheet_document
        from combin.stud.game.run import run_game
        cards = Deck.parse(deck, need=16)
        if cards.full:
            raise CombinError("the full 52-card game with draws runs for hours: read the "
                              "committed run with lunar_game(), or run `make lunar-game`")
        sheet = _quietly(run_game, cards, rules)
        document = sheet_document(sheet, None)
        figures = _figures(document)
        expected = figures["expected result per Ante"]
        risk = figures.get("element of risk (house edge per unit wagered)")
    return GameResult(kind=document.kind, title=document.title, source=document, game=name,
                      deck=Deck.parse(deck, need=0).text, expected=expected, house_edge=-expected,
                      element_of_risk=risk, figures=_figures(document))


def lunar_game(shards: str | PathLike[str] = SHARDS, *, paytable: str | None = None,
               interpret: Interpret = None, readings: str | PathLike[str] | bool = True) -> GameResult:
    """The exact 52-card Lunar Poker game with draws under optimal play, read from the
    committed shards of its run (``combin game lunar --shards DIR --max-shards 0``); nothing
    is priced, so it takes seconds.  ``shards`` defaults to ``tables/lunar/game/full`` of the
    working folder (a checkout of the repository), as the command line does.  ``readings``: the
    variants table whose other readings the sheet shows beside its house edge (``combin game
    lunar --readings FILE``); ``True``, the default, reads the ``variants.json`` beside the shards
    folder where it is there and the game is the default; ``False``, none.

    >>> from pathlib import Path
    >>> full = lunar_game(Path(combin.__file__).parents[1] / SHARDS)   # from any folder
    >>> full.figures["situations: C(n,5) x (n-5)"], full.house_edge < 0
    (122151120, True)
    """
    import os

    from combin.documents.lunar_game import shards_document
    from combin.stud.core.deck import Deck
    from combin.stud.game.assembled import read_run
    folder = str(shards)
    if not os.path.isdir(folder):
        raise CombinError(f"{folder[:100]}: no such folder of shards (the exact run keeps them)")
    rules = _rules("lunar", paytable, interpret)
    deck = Deck.parse(None, need=16)
    found = read_run(deck, rules, folder)          # the folder read once
    from combin.stud.game.readings import beside, run_readings
    table = None if readings is False else beside(folder) if readings is True else readings
    document = None if found is None else shards_document(
        found, readings=run_readings(found, table, strict=not isinstance(readings, bool)))
    if document is None:
        raise CombinError(f"{folder[:100]}: not every shard is in; run `make lunar-game`")
    figures = _figures(document)
    expected = figures["expected result per Ante"]
    return GameResult(kind=document.kind, title=document.title, source=document, game="lunar",
                      deck=deck.text, expected=expected, house_edge=-expected,
                      element_of_risk=figures.get("element of risk (house edge per unit wagered)"),
                      figures=figures)


def advise(hand: str, up: str, *, deck: str | None = None, paytable: str | None = None,
           interpret: Interpret = None, everything: bool = False,
           progress: bool = False, game_file: str | PathLike[str] | None = None) -> Advice:
    """Price every option of a Lunar Poker situation (``combin lunar advise``): those that can
    be the best or the runner-up exactly, the others by a proven bound (all exactly with
    ``everything``); ``progress`` shows the options priced on stderr, as the command does;
    ``game_file``: a game file derived from Lunar Poker (:func:`game`).

    >>> advise("AS KD TH TC 9D", "QS", deck="9TJQKA").margin
    Fraction(800069, 2042040)
    """
    from combin.documents.advice import advice_document
    from combin.stud.core.situation import Situation
    from combin.stud.draw.report import advice_report
    rules = _rules("lunar", paytable, interpret, game_file)
    situation = Situation.parse(hand, up, deck)
    shown = None
    if progress:
        from combin.running.progress import StderrProgress
        shown = StderrProgress("lunar advise: options priced")
    try:
        report = advice_report(situation, rules, shown, everything=everything)
    finally:
        if shown is not None:
            shown.close()
    document = advice_document(report)
    rows = Table.of(document.table("options")).rows
    options = tuple((str(row[2]), row[5], row[6] == "exact") for row in rows)
    return Advice(kind=document.kind, title=document.title, source=document, best=options[0][0],
                  options=options, margin=report.margin)


def strategy(hand: str, up: str, *, deck: str | None = None, paytable: str | None = None,
             interpret: Interpret = None, shards: str | PathLike[str] | None = None,
             game_file: str | PathLike[str] | None = None) -> StrategyAnswer:
    """The optimal option of a Lunar Poker situation from the stored strategy of the exact run
    (``combin lunar strategy``), with its exact value priced now for that option; ``game_file``: a
    game file derived from Lunar Poker (:func:`game`; the stored strategy of another game is not
    read: its shards are keyed by the game file's content).

    >>> strategy("AS KD 7H 7C 2D", "9S").value
    Fraction(-4150, 32637)
    """
    import os

    from combin.stud.core.situation import Situation
    from combin.stud.draw.advise import advise as priced
    from combin.stud.game.chunks import option_label
    from combin.stud.draw.rank.engine import RankEngine
    from combin.stud.game.shards import lookup, provenance
    rules = _rules("lunar", paytable, interpret, game_file)
    situation = Situation.parse(hand, up, deck)
    folder = str(shards) if shards is not None else SHARDS
    if shards is not None and not os.path.isdir(folder):
        raise CombinError(f"{folder[:100]}: no such folder of shards")
    cards = list(situation.player)
    found = lookup(situation.deck, rules, folder, cards, situation.up, strict=shards is not None)
    if found is None:
        best = priced(situation, rules, detail=False)[0]
        key = (best.kind, tuple(cards.index(c) for c in best.discard))
        value, shard = best.ev, None
        source = ("priced now: every option (no stored strategy of this run holds the situation)"
                  if os.path.isdir(folder) else
                  f"priced now: every option (no folder {folder[:100]} of stored shards here; --shards DIR)")
    else:
        key, shard = found
        if key[0] == "instant":
            value = priced(situation, rules, detail=False)[0].ev
        else:
            value = RankEngine(situation, rules).exact_value(key)
        source = (f"the stored optimal strategy (shard {shard} of {folder[:100]}; "
                  f"{provenance(folder)}); its value priced now")
    label = "instant payout" if key[0] == "instant" else option_label(key, cards)
    card = None if found is None else _card_option(situation, rules, folder, key, label, Fraction(value))
    document = _strategy_document(situation, rules, key, label, value, shard, folder, source, card)
    return StrategyAnswer(kind=document.kind, title=document.title, source=document, option=label,
                          value=Fraction(value), shard=shard, source_text=source,
                          card_rule=None if card is None else card[0], card_option=None if card is None else card[1],
                          card_value=None if card is None else card[3],
                          cost=None if card is None else Fraction(value) - card[3])


def _card_option(situation: Any, rules: Any, folder: str, key: Any, label: str,
                 value: Fraction) -> tuple[str, str, Any, Fraction, str] | None:
    """``(rule in words, option label, option key, exact value, the strategy's name)`` of the situation
    under the strategy card of the stored run when its pass is in every shard (:func:`_human_card`),
    else under the basic strategy derived from it (:func:`combin.stud.game.basic.derive`): the
    card a person follows; ``None`` while a shard of the run is missing (the card is derived from
    all of them).  An instant payout leaves no choice: the card's is the optimal one."""
    from combin.stud.draw.options import option_keys
    from combin.stud.draw.rank.engine import RankEngine
    from combin.stud.game.basic import basic_option, derive
    from combin.stud.game.chunks import option_label
    from combin.stud.game.shards import assemble
    cards = list(situation.player)
    if key[0] == "instant":
        return ("an instant payout: no decision", label, key, value,
                "no strategy: an instant payout settles the round")
    keys = option_keys(rules)
    # the card kept beside the pass answers at once; else the run's totals (what the search and
    # derive read), not the whole sheet's reading of the folder
    card = _kept_card(situation, rules, folder)
    found = None
    if card is None:
        found = assemble(situation.deck, rules, folder)
        if found is None:
            return None
        card = _searched_card(rules, folder, found)
    human = None if card is None else _card_rule(situation, card, keys)
    if human is not None:
        words, chosen = human
        priced = value if chosen == key else RankEngine(situation, rules).exact_value(chosen)
        return (words, option_label(chosen, cards), chosen, priced,
                "the strategy card of the stored run (combin lunar card)")
    if found is None:
        return None
    card = derive(found[1])
    index, code = basic_option(card, cards, keys)
    rule = card.rules[index]
    chosen = keys[code]
    words = f"{rule.first}: {rule.action}" if rule.first == rule.last else f"{rule.first} to {rule.last}: {rule.action}"
    priced = value if chosen == key else RankEngine(situation, rules).exact_value(chosen)
    return words, option_label(chosen, cards), chosen, priced, "the basic strategy derived from the stored run"


def _kept_card(situation: Any, rules: Any, folder: str) -> Any:
    """The card kept beside the folder's pass (:func:`combin.stud.game.human_run.pin_card`, written by
    ``combin lunar card``) while the run and the pass are the ones it pins; else ``None``."""
    from combin.stud.game.human_run import pinned_card
    from combin.stud.game.shards import require_plan
    from combin.stud.game.spec import RunSpec
    return pinned_card(folder, len(require_plan(folder, RunSpec.of(situation.deck, rules))))


def _searched_card(rules: Any, folder: str, found: Any) -> Any:
    """The strategy card (``combin lunar card``: the fewest rules found within 1 point of optimal
    play, else the best of 25) searched again from the pass in every shard of the folder, as a
    :class:`~combin.stud.game.human_run.PinnedCard`; ``None`` while the pass is not in every shard
    (the derived basic strategy answers)."""
    from combin.documents.strategy_card import CARD_RULES, CARD_TARGET, card_plan
    from combin.stud.game.human_run import PinnedCard, game_candidates, pass_cells
    from combin.stud.game.skill import Grid, search
    scale, totals, count = found
    cells = pass_cells(folder, count, game_candidates(rules, totals))
    if cells is None:
        return None
    grid = Grid.of(cells)
    plans = search(grid, CARD_RULES)
    return PinnedCard.of(grid, card_plan(grid, plans, scale, CARD_TARGET)) if plans else None


def _card_rule(situation: Any, card: Any, keys: Any) -> tuple[str, Any] | None:
    """``(the rule in words, its option key)`` of the situation under ``card``, ``None`` where no rule
    of it names an option of the hand."""
    from combin.stud.game.human import action_options, fine_feature
    hand = tuple(situation.player)
    found = card.rule(fine_feature(hand), int(situation.up) >> 2)
    if found is None:
        return None
    words, action = found
    option = action_options(hand, keys, [action])[action]
    return None if option is None else (f"{words} (the card's {len(card.rules)} rules)", keys[option])


def _strategy_document(situation: Any, rules: Any, key: Any, label: str, value: Any,
                       shard: int | None, folder: str, source: str, card: Any = None) -> "Document":
    """The document of ``combin lunar strategy``; ``card``: :func:`_card_option`, or ``None``."""
    from combin.files import display
    from combin.render.document import Document, Percent, Ratio, Text
    from combin.render.document import Table as DocumentTable
    from combin.stud.core.situation import card_text
    hand = list(situation.player)
    rows = [["optimal option", label], ["expected result per Ante", Ratio(value, 10)],
            ["in percent of the Ante", Percent(Fraction(value), 4)]]
    if card is not None:
        rows += [[f"the rule of {card[4]}", Text(card[0])], ["its option", card[1]],
                 ["its expected result per Ante", Ratio(card[3], 10)],
                 ["what following it costs here (per Ante)", Ratio(Fraction(value) - card[3], 10)]]
    readings = ", ".join(f"{k}={v}" for k, v in rules.readings)
    paytable = rules.instant.id if rules.instant else None
    info: tuple[tuple[str, Any], ...] = (("Hand", " ".join(card_text(c) for c in hand)), ("Up card", card_text(situation.up)),
            ("Deck", situation.deck.text), ("Paytable", Text(paytable)), ("Interpretations", readings),
            ("Source", Text(source)))
    subject: tuple[tuple[str, Any], ...] = (("game", rules.stud.game.id), ("deck", {"ranks": situation.deck.text,
                                                  "cards": len(situation.deck)}),
               ("player", [card_text(c) for c in hand]), ("up", card_text(situation.up)),
               ("paytable", paytable), ("interpretations", dict(rules.readings)),
               ("best", {"option": label, "kind": key[0],
                         "discard": [card_text(hand[p]) for p in key[1]],
                         "ev": display.rational(value)}),
               ("source", {"stored": shard is not None, "shard": shard,
                           "folder": None if shard is None else folder}))
    if card is not None:
        subject += (("card", {"strategy": card[4], "rule": card[0],
                              "option": card[1], "kind": card[2][0],
                              "discard": [card_text(hand[p]) for p in card[2][1]],
                              "ev": display.rational(card[3]),
                              "cost": display.rational(Fraction(value) - card[3])}),)
    from combin.stud.core.variant import identification, sheet_lines
    game_file = identification(rules.stud)
    file_rows, file_notes = sheet_lines(game_file)
    info += tuple((name, Text(value)) for name, value in file_rows)
    if game_file is not None:
        subject += (("game_file", game_file),)
    table = DocumentTable.of("strategy", "Optimal option", ["Figure", "Value"], rows)
    return Document("lunar_strategy", "Lunar Poker: the optimal option of one situation", info,
                    (table,), notes=tuple(file_notes + rules.reading_notes()), subject=subject)


#: The most columns ``compare`` sets side by side.
MAX_COLUMNS = 64

#: An example of each list option of ``compare`` (its error messages show one).
_EXAMPLE = {"--paytable": "A,B,C", "--rules": "standard,ez", "--decks": "6,8"}


def _items(text: str | None, option: str, what: str) -> list[str | None]:
    """The items of ``option``'s comma-separated list ``text`` (``[None]`` when not given);
    an empty item, or an item named twice (for ``--decks``, the same number: ``8,08``), is an
    error that quotes the user's list."""
    from combin.files.fileio import shown
    if text is None:
        return [None]
    items: list[str | None] = [item.strip() for item in text.split(",")]
    empty = [str(i) for i, item in enumerate(items, 1) if not item]
    if empty:
        which = (f"item {empty[0]} is" if len(empty) == 1
                 else f"items {', '.join(empty[:-1])} and {empty[-1]} are")
        raise CombinError(f"{option} {shown(text)}: {which} empty; separate the {what} by single "
                          f"commas, e.g. {option} {_EXAMPLE[option]}")
    keys: list[object] = list(items)
    if option == "--decks":
        from combin.files.bounded import parse_int
        keys = [parse_int(item, "--decks", 1) for item in items]
    for i, key in enumerate(keys):
        if key in keys[:i]:
            first = keys.index(key)
            same = (f"{items[first]!r} and {items[i]!r} are the same number"
                    if items[first] != items[i] else f"{items[i]!r} is named twice")
            raise CombinError(f"{option} {shown(text)}: {same}; name each of the {what} once")
    return items


def comparison(wager: str, paytable: str | None, rules: str | None, decks: str | None,
               base: dict[str, Any]) -> "tuple[Document, list[tuple[str, ParSheet]]]":
    """The document of ``combin compare`` and its ``(heading, sheet)`` columns, from the
    command line's lists (``"A,B,C"``) and the options ``base`` of every column."""
    from combin.core.analysis import par_sheet
    from combin.documents.comparison import document
    paytables = _items(paytable, "--paytable", "paytables")
    rule_sets = _items(rules, "--rules", "rule sets")
    deck_counts = _items(decks, "--decks", "deck counts")
    combos = [(p, r, d) for d in deck_counts for r in rule_sets for p in paytables]
    if len(combos) > MAX_COLUMNS:
        raise CombinError(f"{len(combos)} combinations to compare; at most {MAX_COLUMNS}")
    columns = []
    for table, rule, deck in combos:
        sheet = par_sheet(wager, paytable=table, rules=rule, decks=deck,
                          interpret=base["interpret"], extra_paytables=base["extra_paytables"],
                          **({"extra_rulesets": base["extra_rulesets"]}
                             if "extra_rulesets" in base else {}))
        heading = " ".join(part for part in (
            f"paytable {table}" if table else None, f"rules {rule}" if rule else None,
            f"{deck} decks" if deck else None) if part) or sheet.paytable
        columns.append((heading, sheet))
    title = f"{columns[0][1].title}: side by side"
    return document("compare", title, [("compare", title, columns)]), columns


def resolve_files(files: list[str], bets: "list[Bet]", options: dict[str, Any]) -> "list[Bet]":
    """Let the paytable files ``files`` (read into ``options``) select each bet's paytable, as
    ``combin par`` does for one wager."""
    from combin.design.package import Bet
    from combin.files.paytable_file import PaytableFile, catalog, choose
    loaded = PaytableFile(tuple(files), tuple(options["extra_paytables"]),
                          tuple(options.get("extra_rulesets", ())))
    known = catalog()
    resolved, rules = [], set()
    for bet in bets:
        paytable = bet.paytable or options["paytable"]
        chosen, rule = choose(loaded, bet.wager, paytable, options["rules"], known.ruled(bet.wager))
        if rule is not None and rule != options["rules"]:
            rules.add(rule)
        resolved.append(Bet(bet.wager, chosen, bet.stake))
    if len(rules) > 1:
        raise CombinError(f"the paytable files select several rule sets ({', '.join(sorted(rules))}); "
                          "choose one with --rules")
    if rules:
        options["rules"] = rules.pop()
    return resolved
