"""Build and write the evidence bundle.

:func:`build` computes every file of the bundle in memory --
``{relative path: text or bytes}`` -- and :func:`write` writes them (each file
atomically) with ``manifest.json`` (:func:`manifest`).  Nothing in the bundle
depends on the clock or the machine's paths: two builds at the same commit with
the same parameters are identical byte for byte.  Checking a bundle is
:mod:`combin.audit.verify`.

>>> FORMAT, MARKER[0], PDF, sorted(EMPTY_LAB), DEFAULTS["seed"], PARAMETERS
('combin.audit/2', 'manifest.json', 'REPORT.pdf', ['client', 'date', 'prepared_by', 'submission'], 20261129, ('seed', 'rounds', 'hands', 'shoes'))
>>> from combin.audit.scope import Scope
>>> audit_command({"seed": 1, "rounds": 1000, "hands": 1000, "shoes": 100, "scope": Scope(game="baccarat")})
'combin audit --seed 1 --rounds 1000 --hands 1000 --shoes 100 --game baccarat'
"""

import hashlib
import json
import shlex
import subprocess
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from importlib import metadata
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

from combin.audit.submission import parse_submission
from combin.version import __version__
from combin.core.analysis import Selection, select_wager, sensitivity_of
from combin.audit import DEFAULTS, LIMITS, checks as audit_checks, report as texts
from combin.audit.protection import protection_files
from combin.audit.scope import (INPUTS, Scope, check_interpretations, check_scope, jobs as scope_jobs,
                                per_game, scoped_games)
from combin.audit.simulate import RNG, Confirmation, confirm, stream_seed, tally_many
from combin.core.crosscheck import Check
from combin.documents.audit import checks_document, simulation_document
from combin.documents.bundle import report_document
from combin.documents.comparison import document as comparison_document
from combin.documents.parsheet import document as sheet_document
from combin.errors import CombinError
from combin.files.fileio import PathLike, write_tree
from combin.core.game import AuditPages, AuditSection, Game, GamePages
from combin.core.outcomes import OutcomeSpace
from combin.core.parsheet import ParSheet
from combin.running.progress import Messages, StderrProgress, messages
from combin.registry import games
from combin.render import render
from combin.render.document import Document, Percent, Table
from combin.documents.tables import stem
from combin.core.wager import Wager

__all__ = ["DEFAULTS", "build", "write", "manifest", "audit_command", "EMPTY_LAB", "FORMAT", "MARKER",
           "PDF"]

DEPENDENCIES = ("sympy", "numpy", "tabulate", "more-itertools", "tomli-w", "markdown", "matplotlib")

#: Progress lines on stderr (:func:`combin.running.progress.messages`).
PROGRESS = messages("audit")

#: The files of a bundle, or of one game's folder: ``{relative path: text or bytes}``.
Files = dict[str, str | bytes]
#: A scope's paytable files: ``(paytables, rule sets)`` (:meth:`Scope.extra`).
Extra = tuple[list[Any], list[Any]]
#: One distinct sheet of a scope: ``(path stem, selection, sheet, [rule set, ...])``.
Group = tuple[str, Selection, ParSheet, list[str | None]]
#: A verdict: the checks passed, the simulations inside their interval, all passed.
Verdict = dict[str, Any]
#: The first lines of a report for a title and its verdict (:func:`_head`).
Head = Callable[[str, Verdict], tuple[tuple[str, str], ...]]


def _figures(sheet: ParSheet) -> tuple[Any, ...]:
    """What makes two sheets the same figures: every line's event, pays and count."""
    return sheet.cycle, tuple((line.event, str(line.pays), line.combinations)
                              for line in sheet.lines)


def _interpret(game: Game, wager: Wager, scope: Scope) -> dict[str, str]:
    return {key: value for key, value in scope.interpret if key in wager.interpretations}


def _groups(game: Game, scope: Scope, extra: Extra, space: OutcomeSpace) -> list[Group]:
    """``[(path stem, selection, sheet, [rule set, ...]), ...]``: each distinct sheet of the
    scope on ``space`` once; a wager whose figures do not depend on the rule set is one sheet
    listing the rule sets it holds for."""
    found: list[Group] = []
    for wager, paytable, rule_ids in scope_jobs(game, scope, *extra):
        groups: list[tuple[tuple[Any, ...], list[str | None], Selection, ParSheet]] = []
        for rules in rule_ids:
            chosen = select_wager(game, wager, paytable=paytable, rules=rules,
                                  interpret=_interpret(game, wager, scope),
                                  extra_paytables=extra[0], extra_rulesets=extra[1])
            sheet = chosen.sheet(space, other_readings=True)
            same = next((g for g in groups if g[0] == _figures(sheet)), None)
            if same is None:
                groups.append((_figures(sheet), [rules], chosen, sheet))
            else:
                same[1].append(rules)
        for _, held, chosen, sheet in groups:
            if len(held) > 1:
                sheet = replace(sheet, rules=", ".join(cast(list[str], held)), rules_title=(
                    "the same figures under each of these rule sets (the wager's settlement "
                    "does not depend on the rule)"))
            found.append((stem(wager, paytable, held[0] if len(held) == 1 else None), chosen,
                          sheet, held))
    return found


def _spaces(game: Game, scope: Scope) -> list[tuple[str, dict[str, Any]]]:
    """``[(label, options), ...]``: the scope's shoe, or every shoe the game tabulates."""
    if scope.decks is None and scope.shoe is None:
        return list(game.table_shoes)
    game.space(scope.decks, scope.shoe)  # refused here when the game has a fixed deck
    label = f"{scope.decks}-decks" if scope.decks is not None else "shoe"
    return [(label, {k: v for k, v in (("decks", scope.decks), ("shoe", scope.shoe))
                     if v is not None})]


def _parsheet_files(game: Game, scope: Scope, extra: Extra, progress: Messages) -> tuple[
        Files, list[tuple[str, Group]], list[tuple[str, OutcomeSpace]], list[tuple[ParSheet, str]]]:
    """Every par sheet of the scope in Markdown, CSV, JSON and HTML: ``(files, [(shoe label,
    group), ...], [(label, space), ...], [(sheet, HTML page path), ...])``."""
    files: Files = {}
    sheets: list[tuple[str, Group]] = []
    spaces: list[tuple[str, OutcomeSpace]] = []
    sheet_pages: list[tuple[ParSheet, str]] = []
    for label, options in _spaces(game, scope):
        space = game.space(**options) if options else game.outcomes()
        spaces.append((label, space))
        progress(f"{game.id}: par sheets, {space.shoe}")
        for group in _groups(game, scope, extra, space):
            base = f"parsheets/{label}/{group[0]}"
            sheets.append((label, group))
            sheet_pages.append((group[2], f"{game.id}/{base}.html"))
            page = sheet_document(group[2])
            for fmt in ("md", "csv", "json", "html"):
                files[f"{base}.{fmt}"] = render(page, fmt)
    return files, sheets, spaces, sheet_pages


def _sensitivity(game: Game, groups: Sequence[Group], space: OutcomeSpace) -> dict[str, list[Document]]:
    """``{interpretation: [Document]}``: each scoped wager under every value of each open
    interpretation it reads, one comparison per sheet."""
    by_wager: dict[str, list[tuple[Selection, ParSheet]]] = {}
    for _, chosen, sheet, rules in groups:
        by_wager.setdefault(chosen.wager.id, []).append((chosen, sheet))
    pages: dict[str, list[Document]] = {}
    for wager_id, chosen_sheets in by_wager.items():
        wager = game.wagers[wager_id]
        for interp in wager.interpretations:
            if game.interpretations[interp].fixed:
                continue
            comparisons = [(f"paytable_{sheet.paytable}".lower(), f"{wager.title}, paytable "
                            f"{sheet.paytable}: sensitivity to {interp}",
                            [(f"{interp}={value}", variant) for value, variant in
                             sensitivity_of(chosen, interp, space)])
                           for chosen, sheet in chosen_sheets]
            pages.setdefault(interp, []).append(comparison_document(
                "sensitivity", f"{wager.title}: sensitivity to {interp}", comparisons))
    return pages


def _simulations(game: Game, groups: Sequence[Group], space: OutcomeSpace, parameters: Mapping[str, int], unit: str, workers: int) -> list[Confirmation]:
    """One Monte Carlo confirmation per distinct settlement of the scope (a sheet under
    one reading), each on its own stream; identical settlements are simulated once."""
    rounds = parameters.get(unit, parameters["rounds"])
    planned: list[tuple[Any, ...]] = []
    seen: set[frozenset[Any]] = set()
    for _, chosen, sheet, rules in groups:
        wager = chosen.wager
        rule_text = "any" if rules == [None] else "+".join(cast(list[str], rules))
        for reading in audit_checks.readings(game, wager):
            variant = chosen if not reading else chosen.reading(*next(iter(reading.items())))
            payouts = variant.payouts(space)
            key = frozenset(payouts.items())
            if key in seen:
                continue  # the same settlement is one confirmation, not two
            seen.add(key)
            text = ", ".join(f"{k}={v}" for k, v in reading.items())
            planned.append((variant, payouts, wager.id, sheet.paytable, rule_text, text,
                            stream_seed(parameters["seed"], wager.id, sheet.paytable, rule_text,
                                        text)))
    if not planned:
        return []
    streams = tally_many(game, rounds, [p[-1] for p in planned], workers,
                         StderrProgress(f"audit: {game.id} simulations", unit=unit))
    return [confirm(counts, payouts, variant.sheet(space).summary.expected_return, wager,
                    paytable, text, seed, rule_text)
            for (variant, payouts, wager, paytable, rule_text, text, seed), counts
            in zip(planned, streams)]


def _pages_of(files: Files) -> None:
    for path in [p for p in files if p.endswith(".md") and p[:-3] + ".html" not in files]:
        text = str(files[path])     # a page's Markdown is text


def _verdict(found: Sequence[Check], confirmations: Sequence[Confirmation]) -> Verdict:
    return {"checks": f"{sum(c.passed for c in found)}/{len(found)}",
            "simulation_inside_99": f"{sum(c.inside for c in confirmations)}/{len(confirmations)}",
            "all_checks_passed": all(c.passed for c in found)}


def _game_files(game: Game, scope: Scope, extra: Extra, parameters: Mapping[str, int], workers: int, progress: Messages, head: Head, stud_pages: GamePages | None = None) -> tuple[Files, Verdict, str, tuple[Any, ...]]:
    section = game.audit or AuditSection((), "Rounds are dealt by the game's own dealer.")
    files, sheets, spaces, sheet_pages = _parsheet_files(game, scope, extra, progress)
    first_label, first_space = spaces[0]
    first = [group for label, group in sheets if label == first_label]
    pages = _sensitivity(game, first, first_space)
    if game.extra_tables is not None and scope.full:
        for _, produced in game.extra_tables():
            for relative, text in produced.items():
                files[f"tables/{relative}"] = text
    scoped: dict[str, list[Any]] = {}
    for _, chosen, _, _ in first:     # the scope's selections, each wager's in scope order
        scoped.setdefault(chosen.wager.id, []).append(chosen)
    if game.protection is not None and set(scoped) & set(game.protection.wagers):
        files.update(protection_files(game, parameters, workers, progress, scoped))

    found = audit_checks.game_checks(game, progress)
    found.append(audit_checks.cycle_check([group[2] for _, group in sheets]))
    if stud_pages is not None:
        found += stud_pages.checks
        files.update(stud_pages.pages)

    unit = section.unit
    rounds = parameters.get(unit, parameters["rounds"])
    confirmations = []
    if game.dealer is not None:
        progress(f"{game.id}: Monte Carlo, {rounds:,} {unit} per simulation, one stream each")
        confirmations = _simulations(game, first, first_space, parameters, unit, workers)
    simulation = {"rng": RNG.replace("{game}", game.id), "seed": parameters["seed"],
                  "rounds": rounds, "unit": unit, "dealing": section.dealing,
                  "streams": "one per simulation: the seed of each is derived from the bundle's "
                             "seed, the wager, the paytable, the rule sets and the reading "
                             "(SHA-256, combin.audit.simulate.stream_seed) and recorded beside it"}

    files["method.md"] = texts.method_statement(game, [(l, s) for l, s in spaces], section.modules)
    files["interpretations.md"] = texts.register(game, pages)
    for name, page in (("checks", checks_document(game.title, found)),
                       ("simulation", simulation_document(game.title, confirmations, simulation))):
        files[f"{name}.md"] = render(page, "md")
        files[f"{name}.html"] = render(page, "html")
    files["checks.json"] = texts.checks_json(found)
    files["simulation.json"] = texts.simulation_json(confirmations, simulation)
    listed = ["method.md", "interpretations.md", "checks.md", "simulation.md"]
    listed += sorted(path for path in files if (path.startswith("protection/") or
                                                path.startswith("game/"))
                     and not path.endswith((".html", ".json", ".png", ".gz")))
    verdict = _verdict(found, confirmations)
    game_report = texts.report(game, [group[2] for group in first], found, confirmations, pages,
                               listed, head(game.title, verdict),
                               [] if stud_pages is None else stud_pages.figures,
                               () if stud_pages is None else stud_pages.lead)
    files["REPORT.md"] = render(game_report, "md")
    files["REPORT.html"] = render(game_report, "html")
    _pages_of(files)
    simulation_note = f"{rounds:,} {unit} per simulation" if confirmations else "no"
    summary = (game, sheet_pages, verdict,
               [f"{game.id}/{p}" for p in ["REPORT.md", *listed]],
               {f"{game.id}/{p}": c for p, c in files.items() if p.endswith(".png")},
               () if stud_pages is None else stud_pages.lead)
    return {f"{game.id}/{path}": text for path, text in files.items()}, verdict, simulation_note, summary


def _own_folder(game: Game, stud: GamePages, head: Head) -> tuple[Files, Verdict, tuple[Any, ...]]:
    """The folder of a game with whole-game pages and no par sheets: its pages, their checks
    and a report of the house edge under each strategy."""
    files = dict(stud.pages)
    files["checks.md"] = render(checks_document(game.title, stud.checks), "md")
    files["checks.json"] = texts.checks_json(stud.checks)
    files["simulation.json"] = texts.simulation_json([], {"rounds": 0})
    verdict = _verdict(stud.checks, [])
    rows = [[label, Percent(edge)] for label, edge in stud.figures]
    info = head(game.title, verdict)
    report = Document("report", f"{game.title}: certification report", info, (*stud.lead,
        Table.of("strategies", "The whole game under each strategy (exact)",
                 ["Strategy", ("house_edge", "House edge per Ante")], rows, stud.note)))
    files["REPORT.md"] = render(report, "md")
    files["REPORT.html"] = render(report, "html")
    _pages_of(files)
    pages = [f"{game.id}/REPORT.md", f"{game.id}/checks.md",
             *sorted(f"{game.id}/{p}" for p in stud.pages if p.endswith(".md"))]
    named = SimpleNamespace(id=game.id, title=f"{game.title} (the whole game, exact)")
    return ({f"{game.id}/{path}": text for path, text in files.items()}, verdict,
            (named, [], verdict, pages, {}, stud.lead))


def build(seed: int = DEFAULTS["seed"], rounds: int = DEFAULTS["rounds"],
          hands: int = DEFAULTS["hands"], shoes: int = DEFAULTS["shoes"], workers: int = 2,
          progress: Messages = PROGRESS, scope: Scope | None = None,
          lab: Mapping[str, str] | None = None) -> tuple[Files, dict[str, Verdict], dict[str, Any]]:
    """Every file of the bundle but the manifest, each game's verdict and the parameters.

    ``scope`` (a :class:`~combin.audit.scope.Scope`) limits the bundle to one
    configuration; ``lab`` holds the laboratory's fields (client, submission,
    prepared_by, date) printed at the head of every report.
    """
    if rounds < LIMITS["rounds"][0] or hands < LIMITS["hands"][0] or shoes < LIMITS["shoes"][0]:
        raise CombinError("the simulations need at least 1,000 rounds and hands and 100 shoes "
                          "to mean anything")
    scope = scope or Scope()
    lab = {**EMPTY_LAB, **(lab or {})}
    parameters = {"seed": seed, "rounds": rounds, "hands": hands, "shoes": shoes}
    every = games()
    parts = per_game(scope, every)
    commit = git_commit()
    prepared = [_prepare(part, every) for part in parts]      # every part refused before any work

    files: Files = {}
    verdicts: dict[str, Verdict] = {}
    simulation_notes: dict[str, str] = {}
    summaries: list[tuple[Any, ...]] = []
    for name, text in scope.paytable_files + scope.submission:
        files[f"{INPUTS}/{name}"] = text
    for part, (extra, registry, whole) in zip(parts, prepared):
        def head(title: str, verdict: Verdict, part: Scope = part) -> tuple[tuple[str, str], ...]:
            return _head(title, part.describe(), lab, commit, verdict)

        for game in registry:
            stud = whole[game.id].build(part, parameters, workers, progress) \
                if game.id in whole else None
            produced, verdicts[game.id], simulation_notes[game.id], summary = _game_files(
                game, part, extra, parameters, workers, progress, head, stud)
            files.update(produced)
            summaries.append(summary)
        for game in every:
            if game.id in whole and not game.table_shoes:     # whole-game pages only: a folder of their own
                stud = whole[game.id].build(part, parameters, workers, progress)
                produced, verdicts[game.id], summary = _own_folder(game, stud, head)
                files.update(produced)
                simulation_notes[game.id] = "no (the whole game is summed exactly)"
                summaries.append(summary)
    files["README.md"] = _index(verdicts, simulation_notes, parameters)
    document = report_document(summaries, parameters, __version__, _head(
        "combin evidence bundle", scope.describe(), lab, commit, _overall(verdicts)))
    files["REPORT.html"] = render(document, "html")
    files["REPORT.md"] = render(document, "md")
    return files, verdicts, {**parameters, "scope": scope, "lab": lab}


#: The laboratory's own fields, empty unless given.
EMPTY_LAB = {"client": "", "submission": "", "prepared_by": "", "date": ""}


def _overall(verdicts: Mapping[str, Verdict]) -> Verdict:
    checks = [v["checks"].split("/") for v in verdicts.values()]
    inside = [v["simulation_inside_99"].split("/") for v in verdicts.values()]
    return {"checks": f"{sum(int(a) for a, _ in checks)}/{sum(int(b) for _, b in checks)}",
            "simulation_inside_99": f"{sum(int(a) for a, _ in inside)}/"
                                    f"{sum(int(b) for _, b in inside)}",
            "all_checks_passed": all(v["all_checks_passed"] for v in verdicts.values())}


def _prepare(scope: Scope, every: Sequence[Game]) -> tuple[Extra, list[Game], dict[str, AuditPages]]:
    """A one-game scope checked before any work: ``(its paytable files' paytables and rule
    sets, the games with par sheets it covers, {id: whole-game pages})``."""
    extra = scope.extra()
    registry, studs = scoped_games(scope, every)
    whole = {game.id: game.audit_pages for game in every
             if game.id in studs and game.audit_pages is not None}
    check_interpretations(scope, registry, studs)
    check_scope(scope, registry, studs, *extra)
    return extra, registry, whole


def _head(title: str, configuration: str, lab: Mapping[str, str], commit: str, verdict: Verdict) -> tuple[tuple[str, str], ...]:
    """The first lines of every report: the verdict, then what it is the verdict on."""
    passed, run = verdict["checks"].split("/")
    inside, simulations = verdict["simulation_inside_99"].split("/")
    words = (f"{passed} of {run} checks passed, {inside} of {simulations} simulations inside "
             "their 99 % interval")
    if passed != run or inside != simulations:
        words = "NOT PASSED: " + words
    rows = [("Verdict", words), ("Configuration", configuration),
            ("Tool", f"combin {__version__}"), ("Git commit", commit),
            ("Date", lab["date"] or "not given")]
    rows += [(name, lab[key]) for key, name in (("client", "Client"),
                                                 ("submission", "Submission"),
                                                 ("prepared_by", "Prepared by")) if lab[key]]
    return tuple(rows)


def _index(verdicts: Mapping[str, Verdict], simulation_notes: Mapping[str, str], parameters: Mapping[str, int]) -> str:
    lines = ["# combin evidence bundle", "",
             f"Generated by combin {__version__}. Seed {parameters['seed']}; "
             f"{parameters['shoes']:,} shoes per count simulation. `manifest.json` lists the "
             "SHA-256 of every file; `combin audit --verify DIR` re-hashes the bundle and "
             "recomputes it. [REPORT.html](REPORT.html) is the one-page report: every wager's "
             "figures, the verdicts, the charts and links to every rendered page.", ""]
    for game, verdict in verdicts.items():
        lines += [f"- [{game}/REPORT.html]({game}/REPORT.html): cross-checks {verdict['checks']} "
                  f"passed; Monte Carlo ({simulation_notes[game]}) "
                  f"{verdict['simulation_inside_99']} inside the 99% interval."]
    return "\n".join(lines) + "\n"


def git_commit() -> str:
    root = Path(__file__).resolve().parents[2]
    try:
        commit = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True,
                                text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--", "combin"],
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown (not a git checkout)"
    return commit + ("+uncommitted-changes" if dirty else "")


def _versions() -> dict[str, str]:
    found = {}
    for name in DEPENDENCIES:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = "not installed"
    return found


def file_digest(path: PathLike) -> str:
    """The SHA-256 of a regular file, read in blocks (a huge file costs no memory)."""
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def _digest(content: str | bytes) -> str:
    data = content if isinstance(content, bytes) else content.encode("utf-8")
    return hashlib.sha256(data).hexdigest()


def manifest(files: Mapping[str, str | bytes], verdicts: Mapping[str, Verdict], record: Mapping[str, Any], command: str) -> str:
    """The manifest: tool, commit, Python and dependency versions, command, parameters, scope,
    the laboratory's fields, verdicts, hashes."""
    return json.dumps({
        "format": FORMAT,
        "tool": {"name": "combin", "version": __version__},
        "git_commit": git_commit(),
        "python": sys.version.split()[0],
        "dependencies": _versions(),
        "command": command,
        "parameters": {name: record[name] for name in PARAMETERS},
        "scope": record.get("scope", Scope()).record(),
        "lab": {**EMPTY_LAB, **record.get("lab", {})},
        "verdicts": verdicts,
        "files": {path: _digest(content) for path, content in sorted(files.items())},
    }, indent=2, ensure_ascii=False) + "\n"


def audit_command(record: Mapping[str, Any]) -> str:
    """The command line that builds a bundle with ``record`` (parameters, scope, laboratory
    fields; recorded in the manifest; the output directory and worker count do not change
    the bundle, so they are left out)."""
    words = ["combin", "audit"]
    for name in PARAMETERS:
        words += [f"--{name}", str(record[name])]
    scope = record.get("scope", Scope())
    words += scope.options()
    given = _submission_lab(scope)
    for key, value in record.get("lab", {}).items():
        if value and not given.get(key):       # a submission file gives its own fields
            words += [f"--{key.replace('_', '-')}", value]
    return shlex.join(words)


def _submission_lab(scope: Scope) -> dict[str, str]:
    """The laboratory's fields the scope's submission file gives (none without one)."""
    if not scope.submission:
        return {}
    name, text = scope.submission[0]
    return parse_submission(text, f"{INPUTS}/{name}").lab


FORMAT = "combin.audit/2"
#: The first bytes of a manifest: a directory holding one is a previous bundle.
MARKER = ("manifest.json", b'{\n  "format": "combin.audit/')


def write(out: PathLike, files: Files, verdicts: Mapping[str, Verdict], record: Mapping[str, Any], command: str) -> None:
    write_tree(out, {**files, "manifest.json": manifest(files, verdicts, record, command)},
               marker=MARKER)


#: A manifest is a few hundred kilobytes; refuse to read more than this.

PARAMETERS = ("seed", "rounds", "hands", "shoes")
#: The PDF of the report: not rebuilt by verify (the recomputation writes no PDF).
PDF = "REPORT.pdf"
