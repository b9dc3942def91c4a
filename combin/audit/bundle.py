"""Build, write and verify the evidence bundle.

:func:`build` computes every file of the bundle in memory --
``{relative path: text or bytes}`` -- and :func:`write` writes them (each file
atomically) with ``manifest.json``.  Nothing in the bundle depends on the
clock or the machine's paths: two builds at the same commit with the same
parameters are identical byte for byte.  :func:`verify` checks the manifest's
shape (:func:`read_manifest`), refuses to follow a path that is absolute, leaves
the bundle or is a link, re-hashes every file, compares the manifest's metadata
(tool version, git commit, command, parameters, verdicts) with this tool and the
bundle's own files, and rebuilds the bundle in memory from the manifest's
parameters, reporting every difference; it never writes.
"""

import hashlib
import json
import subprocess
import sys
from importlib import metadata
from pathlib import Path

from combin import __version__
from combin.analysis import select_wager
from combin.audit import DEFAULTS, checks as audit_checks, report as texts
from combin.audit.protection import protection_files
from combin.audit.simulate import RNG, confirm, tally
from combin.documents.audit import checks_document, simulation_document
from combin.cli import build_parser
from combin.errors import CombinError
from combin.fileio import read_text, write_tree
from combin.game import AuditSection
from combin.progress import StderrProgress, messages
from combin.registry import find_game, games
from combin.render import render
from combin.tables import jobs, sensitivity_pages, stem

__all__ = ["DEFAULTS", "build", "write", "verify", "read_manifest", "manifest", "audit_command"]

DEPENDENCIES = ("sympy", "numpy", "tabulate", "more-itertools", "tomli-w", "markdown", "matplotlib")

#: Progress lines on stderr (:func:`combin.progress.messages`).
_progress = messages("audit")


def _parsheet_files(game, progress):
    """Every par sheet of ``game`` in Markdown, CSV, JSON and HTML: ``(files, [(shoe label,
    sheet), ...], [(label, space), ...], [(sheet, HTML page path), ...])``."""
    files, sheets, spaces, sheet_pages = {}, [], [], []
    for label, options in game.table_shoes:
        space = game.outcomes(**options)
        spaces.append((label, space))
        progress(f"{game.id}: par sheets, {space.shoe}")
        for wager, paytable, rules in jobs(game):
            sheet = select_wager(game, wager, paytable=paytable, rules=rules).sheet(space)
            base = f"parsheets/{label}/{stem(wager, paytable, rules)}"
            sheets.append((label, sheet))
            sheet_pages.append((sheet, f"{game.id}/{base}.html"))
            for fmt in ("md", "csv", "json", "html"):
                files[f"{base}.{fmt}"] = render(sheet, fmt)
    return files, sheets, spaces, sheet_pages


def _game_files(game, parameters, workers, progress):
    section = game.audit or AuditSection((), "Rounds are dealt by the game's own dealer.")
    files, sheets, spaces, sheet_pages = _parsheet_files(game, progress)
    first_label, first_space = spaces[0]
    pages = {}
    for (wager_id, interp), page in sensitivity_pages(game, first_space).items():
        pages.setdefault(interp, []).append(page)
    if game.extra_tables is not None:
        for _, produced in game.extra_tables():
            for relative, text in produced.items():
                files[f"tables/{relative}"] = text

    if game.protection is not None:
        files.update(protection_files(game, parameters, workers, progress))

    found = audit_checks.game_checks(game, progress)
    found.append(audit_checks.cycle_check([sheet for _, sheet in sheets]))

    unit = section.unit
    rounds = parameters.get(unit, parameters["rounds"])
    confirmations = []
    if game.dealer is not None:
        progress(f"{game.id}: Monte Carlo, {rounds:,} {unit} (seed {parameters['seed']})")
        counts = tally(game, rounds, parameters["seed"], workers,
                       StderrProgress(f"audit: {game.id} simulation", unit=unit))
    simulated = [sheet for label, sheet in sheets if label == first_label]
    for sheet in simulated if game.dealer is not None else ():
        wager = game.wagers[sheet.wager]
        name = sheet.paytable if sheet.rules in (None, "any", sheet.paytable) else \
            f"{sheet.paytable}, rules {sheet.rules}"
        rules = None if sheet.rules == "any" else sheet.rules
        for reading in audit_checks.readings(game, wager):
            variant = select_wager(game, wager, paytable=sheet.paytable, rules=rules,
                                   interpret=reading)
            confirmations.append(confirm(counts, variant.payouts(first_space),
                                         variant.sheet(first_space).summary.expected_return,
                                         wager.id, name,
                                         ", ".join(f"{k}={v}" for k, v in reading.items())))
    simulation = {"rng": RNG.replace("{game}", game.id), "seed": parameters["seed"],
                  "rounds": rounds, "unit": unit, "dealing": section.dealing}

    files["method.md"] = texts.method_statement(game, [(l, s) for l, s in spaces], section.modules)
    files["interpretations.md"] = texts.register(game, pages)
    for name, page in (("checks", checks_document(game.title, found)),
                       ("simulation", simulation_document(game.title, confirmations, simulation))):
        files[f"{name}.md"] = render(page, "md")
        files[f"{name}.html"] = render(page, "html")
    files["checks.json"] = texts.checks_json(found)
    files["simulation.json"] = texts.simulation_json(confirmations, simulation)
    listed = ["method.md", "interpretations.md", "checks.md", "simulation.md"]
    listed += sorted(path for path in files if path.startswith("protection/")
                     and not path.endswith(".html"))
    game_report = texts.report(game, simulated, found, confirmations, pages, listed)
    files["REPORT.md"] = render(game_report, "md")
    files["REPORT.html"] = render(game_report, "html")
    for path in [p for p in files if p.endswith(".md") and p[:-3] + ".html" not in files]:
        files[path[:-3] + ".html"] = texts.html_page(files[path], texts.page_title(files[path]))
    verdict = {"checks": f"{sum(c.passed for c in found)}/{len(found)}",
               "simulation_inside_99": f"{sum(c.inside for c in confirmations)}/{len(confirmations)}",
               "all_checks_passed": all(c.passed for c in found)}
    simulated = f"{rounds:,} {unit}" if game.dealer is not None else "no"
    summary = (game, sheet_pages, verdict,
               [f"{game.id}/{p}" for p in ["REPORT.md", *listed] if not p.endswith(".png")],
               {f"{game.id}/{p}": c for p, c in files.items() if p.endswith(".png")})
    return {f"{game.id}/{path}": text for path, text in files.items()}, verdict, simulated, summary


def build(seed=DEFAULTS["seed"], rounds=DEFAULTS["rounds"], hands=DEFAULTS["hands"],
          shoes=DEFAULTS["shoes"], workers=2, progress=_progress, only=None):
    """Every file of the bundle but the manifest, and each game's verdict.

    ``only`` (a list of game ids) limits the bundle to those games; such a
    partial bundle is for tests and previews (``verify`` rebuilds every game).
    """
    if rounds < 1000 or hands < 1000 or shoes < 100:
        raise CombinError("the simulations need at least 1,000 rounds and hands and 100 shoes "
                          "to mean anything")
    parameters = {"seed": seed, "rounds": rounds, "hands": hands, "shoes": shoes}
    files, verdicts, simulated, summaries = {}, {}, {}, []
    for game in [find_game(game_id) for game_id in only] if only else _audited():
        produced, verdicts[game.id], simulated[game.id], summary = _game_files(
            game, parameters, workers, progress)
        files.update(produced)
        summaries.append(summary)
    files["README.md"] = _index(verdicts, simulated, parameters)
    from combin.documents.bundle import report_document
    from combin.render import render
    files["REPORT.html"] = render(report_document(summaries, parameters, __version__), "html")
    return files, verdicts, parameters


def _audited():
    """The games the bundle covers: those with par sheets (Caribbean Stud's whole game is
    ``combin game caribbean`` and ``tables/caribbean/game/``; it has no bundle section yet)."""
    return [game for game in games() if game.table_shoes]


def _index(verdicts, simulated, parameters):
    lines = ["# combin evidence bundle", "",
             f"Generated by combin {__version__}. Seed {parameters['seed']}; "
             f"{parameters['shoes']:,} shoes per count simulation. `manifest.json` lists the "
             "SHA-256 of every file; `combin audit --verify DIR` re-hashes the bundle and "
             "recomputes it. [REPORT.html](REPORT.html) is the one-page report: every wager's "
             "figures, the verdicts, the charts and links to every rendered page.", ""]
    for game, verdict in verdicts.items():
        lines += [f"- [{game}/REPORT.html]({game}/REPORT.html): cross-checks {verdict['checks']} "
                  f"passed; Monte Carlo ({simulated[game]} simulated) "
                  f"{verdict['simulation_inside_99']} inside the 99% interval."]
    return "\n".join(lines) + "\n"


def _git_commit():
    root = Path(__file__).resolve().parents[2]
    try:
        commit = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True,
                                text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--", "combin"],
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown (not a git checkout)"
    return commit + ("+uncommitted-changes" if dirty else "")


def _versions():
    found = {}
    for name in DEPENDENCIES:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = "not installed"
    return found


def _file_digest(path):
    """The SHA-256 of a regular file, read in blocks (a huge file costs no memory)."""
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def _digest(content):
    data = content if isinstance(content, bytes) else content.encode("utf-8")
    return hashlib.sha256(data).hexdigest()


def manifest(files, verdicts, parameters, command):
    """The manifest: tool, commit, Python and dependency versions, command, hashes."""
    return json.dumps({
        "format": "combin.audit/1",
        "tool": {"name": "combin", "version": __version__},
        "git_commit": _git_commit(),
        "python": sys.version.split()[0],
        "dependencies": _versions(),
        "command": command,
        "parameters": parameters,
        "verdicts": verdicts,
        "files": {path: _digest(content) for path, content in sorted(files.items())},
    }, indent=2, ensure_ascii=False) + "\n"


def audit_command(parameters):
    """The command line that builds a bundle with ``parameters`` (recorded in the manifest;
    the output directory and worker count do not change the bundle, so they are left out)."""
    return "combin audit " + " ".join(f"--{name} {parameters[name]}" for name in _PARAMETERS)


#: The first bytes of a manifest: a directory holding one is a previous bundle.
MARKER = ("manifest.json", b'{\n  "format": "combin.audit/1"')


def write(out, files, verdicts, parameters, command):
    write_tree(out, {**files, "manifest.json": manifest(files, verdicts, parameters, command)},
               marker=MARKER)


#: A manifest is a few hundred kilobytes; refuse to read more than this.
MAX_MANIFEST_BYTES = 16 * 1024 * 1024
_HEX = frozenset("0123456789abcdef")
_PARAMETERS = ("seed", "rounds", "hands", "shoes")


def _invalid(root, reason):
    raise CombinError(f"{root}: not a valid manifest ({reason})")


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def read_manifest(directory):
    """The manifest of the bundle in ``directory``, its shape checked.

    A manifest whose fields have the wrong types (``files: null``, missing
    ``parameters``, a hash that is not 64 hex digits, ...) is refused with one
    :class:`CombinError` saying "not a valid manifest".
    """
    root = Path(directory)
    try:
        text = read_text(root / "manifest.json", MAX_MANIFEST_BYTES, "manifest")
    except CombinError as error:
        raise CombinError(f"{root}: no readable manifest.json ({error})") from None
    try:
        recorded = json.loads(text)
    except (ValueError, RecursionError):
        _invalid(root, "manifest.json is not JSON")
    if not isinstance(recorded, dict):
        _invalid(root, "not a JSON object")
    if recorded.get("format") != "combin.audit/1":
        _invalid(root, f"format is {str(recorded.get('format'))[:40]!r}, not 'combin.audit/1'")
    files = recorded.get("files")
    if not isinstance(files, dict):
        _invalid(root, f"'files' is {type(files).__name__ if files is not None else 'null'}, "
                       "not an object")
    for path, digest in files.items():
        if not (isinstance(digest, str) and len(digest) == 64 and set(digest) <= _HEX):
            _invalid(root, f"the hash of {path[:80]!r} is not 64 hex digits")
    parameters = recorded.get("parameters")
    if not isinstance(parameters, dict) or set(parameters) != set(_PARAMETERS) or \
            not all(_is_int(parameters[name]) for name in _PARAMETERS):
        _invalid(root, "'parameters' must hold the whole numbers seed, rounds, hands and shoes")
    tool = recorded.get("tool")
    if not isinstance(tool, dict) or not isinstance(tool.get("version"), str):
        _invalid(root, "'tool' must name the tool's version")
    for name in ("git_commit", "command"):
        if not isinstance(recorded.get(name), str):
            _invalid(root, f"'{name}' must be a string")
    verdicts = recorded.get("verdicts")
    known = [game.id for game in _audited()]
    if not isinstance(verdicts, dict) or set(verdicts) != set(known) or \
            not all(isinstance(v, dict) for v in verdicts.values()):
        _invalid(root, f"'verdicts' must hold one verdict per game ({', '.join(known)})")
    return recorded


def _unsafe(root, path):
    """Why the manifest path ``path`` may not be read inside ``root`` (``None``: it may)."""
    pure = Path(path)
    if not path or "\0" in path or "\\" in path or pure.is_absolute() or ".." in pure.parts:
        return "an absolute path or one leaving the bundle"
    inside = root.resolve()
    try:
        (root / path).resolve().relative_to(inside)
    except ValueError:
        return "a path leading outside the bundle"
    if any((root / Path(*pure.parts[:n])).is_symlink() for n in range(1, len(pure.parts) + 1)):
        return "a symbolic link"
    return None


def _command_parameters(command):
    """The parameters the recorded ``combin audit`` command line asks for, or ``None``."""
    words = command.split()
    if words[:2] != ["combin", "audit"]:
        return None
    try:
        args = build_parser().parse_args(words[1:])
    except (CombinError, SystemExit):
        return None
    if args.verify is not None:
        return None
    return {name: getattr(args, name) for name in _PARAMETERS}


def _recorded_verdict(root, game):
    """A game's verdict as the bundle's own ``checks.json`` and ``simulation.json`` give it."""
    from combin.fileio import read_text
    try:
        if any((root / game / name).is_symlink() for name in ("", "checks.json", "simulation.json")):
            return None, None
        checks = json.loads(read_text(root / game / "checks.json", MAX_MANIFEST_BYTES))
        simulation = json.loads(read_text(root / game / "simulation.json", MAX_MANIFEST_BYTES))
        confirmations = simulation["confirmations"]
        return {"checks": f"{sum(c['passed'] is True for c in checks)}/{len(checks)}",
                "simulation_inside_99": f"{sum(c['exact_inside'] is True for c in confirmations)}"
                                        f"/{len(confirmations)}",
                "all_checks_passed": all(c["passed"] is True for c in checks)}, \
            simulation["parameters"]
    except (CombinError, OSError, ValueError, KeyError, TypeError, RecursionError):
        return None, None


def _unit(game_id):
    """What a game's simulation deals (its audit parameter), ``rounds`` for an unknown id."""
    try:
        section = find_game(game_id).audit
    except CombinError:
        return "rounds"
    return section.unit if section is not None else "rounds"


def _metadata(root, recorded):
    """Differences between the manifest's metadata and this tool, its command and its files."""
    differences = []
    if recorded["tool"]["version"] != __version__:
        differences.append(f"tool version differs: the bundle says {recorded['tool']['version']!r}, "
                           f"this is combin {__version__}")
    commit = _git_commit()
    if recorded["git_commit"] != commit:
        differences.append(f"git commit differs: the bundle says {recorded['git_commit'][:80]!r}, "
                           f"this checkout is {commit}")
    parameters = recorded["parameters"]
    if _command_parameters(recorded["command"]) != parameters:
        differences.append(f"the recorded command {recorded['command'][:120]!r} does not give "
                           "the recorded parameters")
    for game, verdict in sorted(recorded["verdicts"].items()):
        found, simulated = _recorded_verdict(root, game)
        if found is None:
            continue  # the missing or changed file is reported by its hash
        if verdict != found:
            differences.append(f"recorded verdict differs from {game}/checks.json and "
                               f"{game}/simulation.json: {game}")
        rounds = parameters.get(_unit(game), parameters["rounds"])
        if not isinstance(simulated, dict) or simulated.get("seed") != parameters["seed"] or \
                simulated.get("rounds") != rounds:
            differences.append(f"recorded parameters differ from {game}/simulation.json")
    return differences


def verify(directory, workers=2, progress=_progress, recompute=True):
    """Differences between a bundle on disk and its manifest (and a rebuild): ``[message]``.

    Checked: the manifest's shape (:func:`read_manifest`); every listed path
    stays inside the bundle and is not a symbolic link; every hash; no file
    unlisted; the tool version and git commit against this tool; the command
    against the parameters; the verdicts against the bundle's checks and
    simulation files; and, with ``recompute``, every file and verdict against a
    rebuild from the parameters.  Nothing is written: the rebuild stays in memory.
    """
    if not str(directory).strip():
        raise CombinError("--verify needs the directory of a bundle")
    root = Path(directory)
    if not root.is_dir():
        raise CombinError(f"{root}: no readable manifest.json (not a directory)")
    recorded = read_manifest(root)
    hashes, parameters = recorded["files"], recorded["parameters"]
    differences = []
    for path, digest in sorted(hashes.items()):
        unsafe = _unsafe(root, path)
        target = root / path
        if unsafe:
            differences.append(f"unsafe path in the manifest ({unsafe}): {path[:200]}")
        elif not target.is_file():
            differences.append(f"missing: {path}")
        elif _file_digest(target) != digest:
            differences.append(f"hash differs: {path}")
    on_disk = set()
    for found in root.rglob("*"):
        if found.is_symlink():
            differences.append(f"symbolic link in the bundle: {found.relative_to(root).as_posix()}")
        elif found.is_file():
            on_disk.add(found.relative_to(root).as_posix())
    differences += [f"not in the manifest: {path}" for path in sorted(on_disk - set(hashes) - {"manifest.json"})]
    differences += _metadata(root, recorded)
    if recompute:
        progress("recomputing the bundle from its recorded parameters")
        files, verdicts, _ = build(parameters["seed"], parameters["rounds"], parameters["hands"],
                                   parameters["shoes"], workers, progress)
        for path, content in sorted(files.items()):
            data = content if isinstance(content, bytes) else content.encode("utf-8")
            target = root / path
            if target.is_file() and not target.is_symlink() and target.read_bytes() != data:
                differences.append(f"recomputed figures differ: {path}")
            elif path not in hashes:
                differences.append(f"recomputation produces a file the bundle lacks: {path}")
        for game in sorted(set(verdicts) | set(recorded["verdicts"])):
            if verdicts.get(game) != recorded["verdicts"].get(game):
                differences.append(f"recorded verdict differs from the recomputation: {game}")
    return differences
