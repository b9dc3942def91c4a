"""Build, write and verify the evidence bundle.

:func:`build` computes every file of the bundle in memory --
``{relative path: text or bytes}`` -- and :func:`write` writes them (each file
atomically) with ``manifest.json``.  Nothing in the bundle depends on the
clock or the machine's paths: two builds at the same commit with the same
parameters are identical byte for byte.  :func:`verify` re-hashes a written
bundle against its manifest and rebuilds it from the manifest's parameters,
reporting every difference.
"""

import hashlib
import json
from importlib import import_module
import subprocess
import sys
from importlib import metadata
from pathlib import Path

from combin import __version__
from combin.audit import DEFAULTS
from combin.audit import checks as audit_checks
from combin.audit import report as texts
from combin.audit.simulate import RNG, confirm, tally
from combin.errors import CombinError
from combin.fileio import write_tree

__all__ = ["DEFAULTS", "build", "write", "verify", "manifest"]

DEPENDENCIES = ("sympy", "numpy", "tabulate", "more-itertools", "tomli-w", "markdown", "matplotlib")

#: Per game: the checks it runs, the modules its method statement names, how rounds are dealt.
GAMES = {
    "baccarat": {
        "checks": audit_checks.baccarat_checks,
        "modules": ("combin.baccarat.shoe", "combin.baccarat.tableau",
                    "combin.baccarat.enumeration", "combin.baccarat.naive",
                    "combin.baccarat.events", "combin.baccarat.wagers", "combin.parsheet",
                    "combin.risk", "combin.display"),
        "dealing": ("Each simulated round draws six cards without replacement from a full "
                    "8-deck shoe and plays them card by card (combin.baccarat.naive.deal)."),
        "rounds": "rounds",
        "extras": "combin.audit.protection:protection_files",
    },
    "lunar": {
        "checks": audit_checks.lunar_checks,
        "modules": ("combin.lunar.cards", "combin.lunar.classes", "combin.lunar.exhaustive",
                    "combin.lunar.hand", "combin.lunar.wagers", "combin.lunar.bet",
                    "combin.lunar.joint", "combin.lunar.supers",
                    "combin.parsheet", "combin.risk", "combin.display"),
        "dealing": ("Each simulated hand is five cards drawn without replacement from one "
                    "52-card deck and read directly (combin.lunar.hand.super_key)."),
        "rounds": "hands",
    },
}


def _progress(message):
    print(f"audit: {message}", file=sys.stderr, flush=True)


def _game_files(game, parameters, workers, progress):
    from combin.analysis import par_sheet, payouts
    from combin.render import render
    from combin.tables import jobs, sensitivity_pages, stem

    plan = GAMES[game.id]
    files, sheets, spaces = {}, [], []
    for label, options in game.table_shoes:
        space = game.outcomes(**options)
        spaces.append((label, space))
        progress(f"{game.id}: par sheets, {space.shoe}")
        for wager, paytable, rules in jobs(game):
            sheet = par_sheet(wager.id, paytable=paytable, rules=rules, space=space)
            sheets.append((label, sheet))
            base = f"parsheets/{label}/{stem(wager, paytable, rules)}"
            for fmt, ext in (("md", "md"), ("csv", "csv"), ("json", "json")):
                files[f"{base}.{ext}"] = render(sheet, fmt)
    first_label, first_space = spaces[0]
    pages = {}
    for (wager_id, interp), page in sensitivity_pages(game, first_space).items():
        pages.setdefault(interp, []).append(page)
    if game.extra_tables is not None:
        for _, produced in game.extra_tables():
            for relative, text in produced.items():
                files[f"tables/{relative}"] = text

    if "extras" in plan:
        module, function = plan["extras"].split(":")
        files.update(getattr(import_module(module), function)(parameters, workers, progress))

    found = plan["checks"](progress)
    found.append(audit_checks.cycle_check([sheet for _, sheet in sheets]))

    rounds = parameters[plan["rounds"]]
    progress(f"{game.id}: Monte Carlo, {rounds:,} {plan['rounds']} (seed {parameters['seed']})")
    counts = tally(game.id, rounds, parameters["seed"], workers,
                   _counter(f"audit: {game.id} simulation"))
    confirmations = []
    simulated = [sheet for label, sheet in sheets if label == first_label]
    for sheet in simulated:
        wager = game.wagers[sheet.wager]
        name = sheet.paytable if sheet.rules in (None, "any", sheet.paytable) else \
            f"{sheet.paytable}, rules {sheet.rules}"
        rules = None if sheet.rules == "any" else sheet.rules
        for reading in audit_checks.readings(game, wager):
            variant, table = payouts(wager.id, paytable=sheet.paytable, rules=rules,
                                     interpret=reading, space=first_space)
            confirmations.append(confirm(counts, table, variant.summary.expected_return,
                                         wager.id, name,
                                         ", ".join(f"{k}={v}" for k, v in reading.items())))
    simulation = {"rng": RNG.replace("{game}", game.id), "seed": parameters["seed"],
                  "rounds": rounds, "dealing": plan["dealing"]}

    files["method.md"] = texts.method_statement(game, [(l, s) for l, s in spaces], plan["modules"])
    files["interpretations.md"] = texts.register(game, pages)
    files["checks.md"] = texts.checks_text(game.title, found)
    files["checks.json"] = texts.checks_json(found)
    files["simulation.md"] = texts.simulation_text(game.title, confirmations, simulation)
    files["simulation.json"] = texts.simulation_json(confirmations, simulation)
    listed = ["method.md", "interpretations.md", "checks.md", "simulation.md"]
    listed += sorted(path for path in files if path.startswith("protection/"))
    files["REPORT.md"] = texts.report(game, simulated, found, confirmations, pages, listed)
    files["REPORT.html"] = texts.html_page(files["REPORT.md"], f"{game.title}: certification report")
    verdict = {"checks": f"{sum(c.passed for c in found)}/{len(found)}",
               "simulation_inside_99": f"{sum(c.inside for c in confirmations)}/{len(confirmations)}",
               "all_checks_passed": all(c.passed for c in found)}
    return {f"{game.id}/{path}": text for path, text in files.items()}, verdict


def _counter(label):
    def report(done, total):
        if done == total or done % 200_000 == 0:
            print(f"{label}: {done:,}/{total:,}", file=sys.stderr, flush=True)
    return report


def build(seed=DEFAULTS["seed"], rounds=DEFAULTS["rounds"], hands=DEFAULTS["hands"],
          shoes=DEFAULTS["shoes"], workers=2, progress=_progress):
    """Every file of the bundle but the manifest, and each game's verdict."""
    from combin.registry import games
    if rounds < 1000 or hands < 1000 or shoes < 100:
        raise CombinError("the simulations need at least 1,000 rounds and hands and 100 shoes "
                          "to mean anything")
    parameters = {"seed": seed, "rounds": rounds, "hands": hands, "shoes": shoes}
    files, verdicts = {}, {}
    for game in games():
        produced, verdicts[game.id] = _game_files(game, parameters, workers, progress)
        files.update(produced)
    files["README.md"] = _index(files, verdicts, parameters)
    return files, verdicts, parameters


def _index(files, verdicts, parameters):
    lines = ["# combin evidence bundle", "",
             f"Generated by combin {__version__}. Seed {parameters['seed']}; "
             f"{parameters['rounds']:,} simulated baccarat rounds; {parameters['hands']:,} "
             f"simulated Lunar Poker hands; {parameters['shoes']:,} shoes per count simulation. `manifest.json` lists the SHA-256 of every file; "
             "`combin audit --verify DIR` re-hashes the bundle and recomputes it.", ""]
    for game, verdict in verdicts.items():
        lines += [f"- [{game}/REPORT.md]({game}/REPORT.md): cross-checks {verdict['checks']} "
                  f"passed; Monte Carlo {verdict['simulation_inside_99']} inside the 99% interval."]
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


def write(out, files, verdicts, parameters, command):
    write_tree(out, {**files, "manifest.json": manifest(files, verdicts, parameters, command)})


def verify(directory, workers=2, progress=_progress, recompute=True):
    """Differences between a bundle on disk and its manifest (and a rebuild): ``[message]``."""
    root = Path(directory)
    try:
        recorded = json.loads((root / "manifest.json").read_text(encoding="utf-8"))
        hashes = recorded["files"]
        parameters = recorded["parameters"]
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise CombinError(f"{root}: no readable manifest.json ({error})") from None
    differences = []
    for path, digest in sorted(hashes.items()):
        target = root / path
        if not target.is_file():
            differences.append(f"missing: {path}")
        elif hashlib.sha256(target.read_bytes()).hexdigest() != digest:
            differences.append(f"hash differs: {path}")
    on_disk = {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}
    differences += [f"not in the manifest: {path}" for path in sorted(on_disk - set(hashes) - {"manifest.json"})]
    if recompute:
        progress("recomputing the bundle from its recorded parameters")
        files, _, _ = build(parameters["seed"], parameters["rounds"], parameters["hands"],
                            parameters["shoes"], workers, progress)
        for path, content in sorted(files.items()):
            data = content if isinstance(content, bytes) else content.encode("utf-8")
            target = root / path
            if target.is_file() and target.read_bytes() != data:
                differences.append(f"recomputed figures differ: {path}")
            elif path not in hashes:
                differences.append(f"recomputation produces a file the bundle lacks: {path}")
    return differences
