"""Verify an evidence bundle: its manifest, its hashes, and a rebuild of every figure.

:func:`verify` checks the manifest's shape (:func:`read_manifest`), refuses to
follow a path that is absolute, leaves the bundle or is a link, re-hashes every
file, compares the manifest's metadata (tool version, git commit, command,
parameters, verdicts) with this tool and the bundle's own files, and rebuilds
the bundle in memory from the manifest's parameters
(:func:`combin.audit.bundle.build`), reporting every difference -- the file,
the line or cell and both values -- once; it never writes.

>>> from pathlib import Path
>>> unsafe_path(Path("bundle"), "../etc/passwd"), unsafe_path(Path("bundle"), "baccarat/REPORT.md")
('an absolute path or one leaving the bundle', None)
>>> VERIFY_CLASSES, MAX_MANIFEST_BYTES
(200, 16777216)
"""

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NoReturn

from combin.audit.submission import disagreement, parse_submission
from combin.version import __version__
from combin.audit import LIMITS
from combin.audit.bundle import (EMPTY_LAB, FORMAT, PARAMETERS, PDF, PROGRESS, file_digest, git_commit,
                                 audit_command, build)
from combin.audit.diff import differences as file_differences
from combin.audit.scope import INPUTS, Scope
from combin.audit.simulate import stream_seed
from combin.errors import CombinError
from combin.files.fileio import PathLike, read_text
from combin.running.progress import Messages
from combin.registry import find_game, games

__all__ = ["verify", "read_manifest", "unsafe_path", "VERIFY_CLASSES", "VERIFY_SHARDS", "MAX_MANIFEST_BYTES"]


MAX_MANIFEST_BYTES = 16 * 1024 * 1024
_HEX = frozenset("0123456789abcdef")


def _invalid(root: Path, reason: str) -> NoReturn:
    raise CombinError(f"{root}: not a valid manifest ({reason})")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_manifest(directory: PathLike) -> dict[str, Any]:
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
    if recorded.get("format") != FORMAT:
        _invalid(root, f"format is {str(recorded.get('format'))[:40]!r}, not {FORMAT!r}")
    files = recorded.get("files")
    if not isinstance(files, dict):
        _invalid(root, f"'files' is {type(files).__name__ if files is not None else 'null'}, "
                       "not an object")
    for path, digest in files.items():
        if not (isinstance(digest, str) and len(digest) == 64 and set(digest) <= _HEX):
            _invalid(root, f"the hash of {path[:80]!r} is not 64 hex digits")
    parameters = recorded.get("parameters")
    if not isinstance(parameters, dict) or set(parameters) != set(PARAMETERS) or \
            not all(_is_int(parameters[name]) for name in PARAMETERS):
        _invalid(root, "'parameters' must hold the whole numbers seed, rounds, hands and shoes")
    tool = recorded.get("tool")
    if not isinstance(tool, dict) or not isinstance(tool.get("version"), str):
        _invalid(root, "'tool' must name the tool's version")
    for name in ("git_commit", "command"):
        if not isinstance(recorded.get(name), str):
            _invalid(root, f"'{name}' must be a string")
    verdicts = recorded.get("verdicts")
    if not isinstance(verdicts, dict) or not verdicts or \
            not all(isinstance(v, dict) for v in verdicts.values()):
        _invalid(root, "'verdicts' must hold one verdict per game of the bundle")
    _check_scope(root, recorded.get("scope"))
    for game, verdict in verdicts.items():
        if not all(isinstance(verdict.get(name), str) for name in ("checks", "simulation_inside_99")) \
                or not isinstance(verdict.get("all_checks_passed"), bool):
            _invalid(root, f"the verdict of {str(game)[:40]!r} must hold the strings checks and "
                           "simulation_inside_99 and the true or false all_checks_passed")
    for name in ("python", "dependencies"):
        if name in recorded and not isinstance(recorded[name], (str, dict)):
            _invalid(root, f"'{name}' must be a string or an object")
    lab = recorded.get("lab")
    if not isinstance(lab, dict) or set(lab) != set(EMPTY_LAB) or \
            not all(isinstance(value, str) for value in lab.values()):
        _invalid(root, f"'lab' must hold the strings {', '.join(EMPTY_LAB)}")
    return recorded


#: Each field of a manifest's scope and the type its value must have (``None``: absent).
_SCOPE_TEXT = ("game", "paytable", "rules", "decks", "shoe", "deck", "submission_file")


def _check_scope(root: Path, scope: Any) -> None:
    """The manifest's scope: exactly the fields a bundle records, each of its type (a text
    or null; a list of texts; an object of texts)."""
    if not isinstance(scope, dict):
        _invalid(root, "'scope' must be an object")
    fields = set(_SCOPE_TEXT) | {"wagers", "interpret", "paytable_files", "include", "games"}
    if set(scope) != fields:
        _invalid(root, f"'scope' must hold exactly {', '.join(sorted(fields))}")
    for name in _SCOPE_TEXT:
        if scope[name] is not None and not isinstance(scope[name], str):
            _invalid(root, f"the scope's {name} must be a string or null, not "
                           f"{type(scope[name]).__name__}")
    for name in ("wagers", "paytable_files", "include", "games"):
        if not isinstance(scope[name], list) or not all(isinstance(x, str) for x in scope[name]):
            _invalid(root, f"the scope's {name} must be a list of strings")
    interpret = scope["interpret"]
    if not isinstance(interpret, dict) or not all(isinstance(v, str) for v in interpret.values()):
        _invalid(root, "the scope's interpret must be an object of strings")


def unsafe_path(root: Path, path: str) -> str | None:
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


def _submission_differences(scope: Scope, lab: Mapping[str, str]) -> list[str]:
    """Where the manifest's scope and laboratory fields are not what the bundle's submission
    file (``inputs/NAME``, a copy hashed with the rest) says."""
    if not scope.submission:
        return []
    name, text = scope.submission[0]
    where = f"{INPUTS}/{name}"
    try:
        given = parse_submission(text, where)
    except CombinError as error:
        return [f"the submission file is not readable: {error}"]
    return [f"the submission file {where} disagrees: {line}" for line in disagreement(given, scope, lab)]


def _command_matches(root: Path, recorded: Mapping[str, Any]) -> bool:
    """Whether the recorded command line is the one :func:`audit_command` writes for the
    manifest's parameters, scope and laboratory fields (the bundle records its command as
    data: no command line is parsed here; a submission file is read, since it gives the
    laboratory's fields the command leaves out)."""
    submission = recorded["scope"].get("submission_file")

    def read(path: str) -> str:        # options name the paytable files; their text is not needed
        return _read_input(root, path) if path == submission else ""
    try:
        scope = Scope.of_record(recorded["scope"], read)
    except CombinError:
        return False
    record = {**recorded["parameters"], "scope": scope, "lab": recorded["lab"]}
    return bool(recorded["command"] == audit_command(record))


def _recorded_verdict(root: Path, game: str) -> tuple[dict[str, Any] | None, Any]:
    """A game's verdict as the bundle's own ``checks.json`` and ``simulation.json`` give it."""
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


def _simulated(game_id: str) -> bool:
    """Whether a game's folder holds a simulation: not when it holds whole-game pages only
    (no par sheets); an unknown id as if it did."""
    try:
        return bool(find_game(game_id).table_shoes)
    except CombinError:
        return True


def _unit(game_id: str) -> str:
    """What a game's simulation deals (its audit parameter), ``rounds`` for an unknown id."""
    try:
        section = find_game(game_id).audit
    except CombinError:
        return "rounds"
    return section.unit if section is not None else "rounds"


def _metadata(root: Path, recorded: Mapping[str, Any]) -> list[str]:
    """Differences between the manifest's metadata and this tool, its command and its files."""
    differences = []
    if recorded["tool"]["version"] != __version__:
        differences.append(f"tool version differs: the bundle says {recorded['tool']['version']!r}, "
                           f"this is combin {__version__}")
    commit = git_commit()
    if recorded["git_commit"] != commit:
        differences.append(f"git commit differs: the bundle says {recorded['git_commit'][:80]!r}, "
                           f"this checkout is {commit}")
    parameters = recorded["parameters"]
    if not _command_matches(root, recorded):
        differences.append(f"the recorded command {recorded['command'][:120]!r} does not give "
                           "the recorded parameters")
    report = root / "REPORT.md"
    if report.is_file() and not report.is_symlink():
        head = report.read_text(encoding="utf-8", errors="replace")[:8000]
        for key, value in recorded["lab"].items():
            if value and value not in head:
                differences.append(f"the manifest's {key} {value[:80]!r} is not the one "
                                   "REPORT.md opens with")
    # every game whose checks the bundle holds has its verdict in the manifest (a deleted one
    # would leave a game's checks unread by this loop)
    checked = {path.split("/")[0] for path in recorded["files"]
               if path.count("/") == 1 and path.endswith("/checks.json")}
    for game in sorted(checked - set(recorded["verdicts"])):
        differences.append(f"the manifest records no verdict for {game[:80]}, whose "
                           f"{game[:80]}/checks.json the bundle holds")
    for game, verdict in sorted(recorded["verdicts"].items()):
        found, simulation_parameters = _recorded_verdict(root, game)
        if found is None:
            continue  # the missing or changed file is reported by its hash
        if not _simulated(game):
            found = {**found, "simulation_inside_99": verdict.get("simulation_inside_99")}
        if verdict != found:
            differences.append(f"recorded verdict differs from {game}/checks.json and "
                               f"{game}/simulation.json: {game}")
        rounds = parameters.get(_unit(game), parameters["rounds"])
        if _simulated(game) and (not isinstance(simulation_parameters, dict) or
                                    simulation_parameters.get("seed") != parameters["seed"] or
                                    simulation_parameters.get("rounds") != rounds):
            differences.append(f"recorded parameters differ from {game}/simulation.json")
    return differences


def _read_input(root: Path, path: str) -> str:
    """A user's paytable file as the bundle holds it (``inputs/NAME``)."""
    if unsafe_path(root, path) or not path.startswith(f"{INPUTS}/"):
        raise CombinError(f"{root}: the scope names an input outside {INPUTS}/: {path[:80]}")
    return read_text(root / path, MAX_MANIFEST_BYTES, "paytable file")


#: The report printed by Chromium (hashed; not re-rendered by --verify, see combin.audit.pdf).


def _edited_parameters(root: Path, parameters: Mapping[str, int]) -> list[str]:
    """A difference for each recorded parameter outside what ``combin audit`` accepts (and so
    records): the manifest was edited, and the bundle cannot be rebuilt from it."""
    found = []
    for name, (low, high) in LIMITS.items():
        value = parameters[name]
        if not low <= value <= high:
            shown = str(value) if len(str(value)) <= 40 else f"{str(value)[:40]}... "
            found.append(f"{root / 'manifest.json'}: the recorded parameter {name} is {shown}, "
                         f"outside the {low:,} to {high:,} combin audit records; the manifest "
                         "was edited")
    return found


#: How many of a 52-card sample's classes ``--verify`` prices again by default (about 0.1 to
#: 0.4 CPU-seconds each, after a minute of one-time setup).
VERIFY_CLASSES = 200
#: Whole shards of each exact whole-game run a full ``--verify`` prices again, class by class.
VERIFY_SHARDS = 1


def verify(directory: PathLike, workers: int = 2, progress: Messages = PROGRESS,
           recompute: bool = True, classes: int = VERIFY_CLASSES, shards: int = VERIFY_SHARDS) -> list[str]:
    """Differences between a bundle on disk and its manifest (and a rebuild): ``[message]``.

    Checked: the manifest's shape (:func:`read_manifest`); every listed path
    stays inside the bundle and is not a symbolic link; every hash; no file
    unlisted; the tool version and git commit against this tool; the command
    against the parameters; the verdicts against the bundle's checks and
    simulation files; and, with ``recompute``, every file and verdict against a
    rebuild from the parameters, and what each game's whole-game pages sum again beyond it
    (:attr:`combin.core.game.AuditPages.verify`: for a game with draws, its reduced decks in full
    and ``classes`` seeded random classes of a sample priced again, their exact values equal
    to the bundle's).  Nothing is written: the rebuild stays in memory.
    Each difference is listed once, though two checks may find it.
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
        unsafe = unsafe_path(root, path)
        target = root / path
        if unsafe:
            differences.append(f"unsafe path in the manifest ({unsafe}): {path[:200]}")
        elif not target.is_file():
            differences.append(f"missing: {path}")
        elif file_digest(target) != digest:
            differences.append(f"hash differs: {path}")
    on_disk = set()
    for found in root.rglob("*"):
        if found.is_symlink():
            differences.append(f"symbolic link in the bundle: {found.relative_to(root).as_posix()}")
        elif found.is_file():
            on_disk.add(found.relative_to(root).as_posix())
    differences += [f"not in the manifest: {path}" for path in sorted(on_disk - set(hashes) - {"manifest.json"})]
    differences += _metadata(root, recorded)
    if recorded["scope"].get("submission_file") is not None:
        try:
            differences += _submission_differences(
                Scope.of_record(recorded["scope"], lambda path: _read_input(root, path)), recorded["lab"])
        except CombinError as error:
            differences.append(f"the submission file cannot be read: {error}")
    edited = _edited_parameters(root, parameters)
    differences += edited
    if recompute and edited:
        progress("not recomputed: the recorded parameters are none combin audit writes")
    elif recompute:
        progress("recomputing the bundle from its recorded parameters and scope")
        scope = Scope.of_record(recorded["scope"], lambda path: _read_input(root, path))
        files, verdicts, _ = build(parameters["seed"], parameters["rounds"], parameters["hands"],
                                   parameters["shoes"], workers, progress, scope, recorded["lab"])
        for path, content in sorted(files.items()):
            data = content if isinstance(content, bytes) else content.encode("utf-8")
            target = root / path
            if target.is_file() and not target.is_symlink() and target.read_bytes() != data:
                differences += ["recomputed figures differ: " + line
                                for line in file_differences(path, target.read_bytes(), data)]
            elif path not in hashes:
                differences.append(f"recomputation produces a file the bundle lacks: {path}")
        differences += [f"the bundle holds a file the recomputation does not produce: {path}"
                        for path in sorted(set(hashes) - set(files) - {PDF})]
        for pages in (game.audit_pages for game in games()):
            if pages is not None and pages.verify is not None:
                differences += pages.verify(root, hashes, classes, parameters["seed"], workers,
                                            progress, shards=shards)
        for game_id in sorted(set(verdicts) | set(recorded["verdicts"])):
            if verdicts.get(game_id) != recorded["verdicts"].get(game_id):
                differences.append(f"recorded verdict differs from the recomputation: {game_id}")
    # a Lunar sheet with draws is compared twice, with the rebuild (as committed) and with its sum
    # in full: one edited cell is one difference, said once
    return list(dict.fromkeys(differences))
