"""Hostile inputs for the command line, by category, and the runner that judges the answers.

Each :class:`Case` is one try an attacker or a careless user makes.  :func:`attempt` runs it
in-process in a fresh directory and says whether the answer is clean:

* no exception escapes ``main`` and no traceback is printed;
* the expected exit status: 2 for bad input (then exactly one stderr line
  ``combin: error: ...`` and nothing on stdout), 1 for tampered evidence (never the word
  "verified"), 0 where the input must be accepted and made harmless;
* the expected words, and none of the words that must not appear;
* no file left: the directory is exactly as the case set it up (except what a successful
  command was asked to write), and nothing is ever written outside it.

Nothing here writes to /dev, /proc or /sys: a device is only ever ``stat``-ed, and every
write of the package is checked to land inside the case's directory (:func:`guarded`).

Run ``python tests/hostile_cases.py`` for the per-category count of tries answered cleanly.
"""

import contextlib
import csv
import io
import json
import os
import sys
import tempfile
import traceback
from dataclasses import dataclass, field
from pathlib import Path

HUGE = "0" * 5000 + "8"          # 5,001 characters that normalise to 8
NINES = "9" * 5000


@dataclass(frozen=True)
class Case:
    category: str
    name: str
    argv: tuple                  # "{d}" stands for the case's directory
    code: int = 2
    words: tuple = ()            # must appear (stderr when code != 0, else stdout)
    absent: tuple = ()           # must not appear anywhere
    setup: object = None         # setup(d): make the files the case needs
    stdout: str = "capture"      # "capture", "broken", "full" or "ascii"
    check: object = None         # check(out, err, d) -> bool, for what words cannot say
    creates: tuple = ()          # files a successful case is asked to write


# --- set-ups ---------------------------------------------------------------------------------

def _paytable(citation='"a test"', pays='player_wins_three_card_8 = "30 to 1"',
              wager="eclipse.moon8", title=None, extra=""):
    title_line = f"title = {title}\n" if title else ""
    return (f'[[paytable]]\nwager = "{wager}"\nid = "X"\n{title_line}citation = {citation}\n'
            f"{extra}[paytable.pays]\n{pays}\n")


def write_file(name, text):
    def setup(d):
        data = text if isinstance(text, bytes) else text.encode("utf-8")
        (d / name).write_bytes(data)
    return setup


def sqlite_file(name, script, version=None):
    def setup(d):
        import sqlite3
        db = sqlite3.connect(d / name)
        db.executescript(script)
        if version is not None:
            db.execute(f"PRAGMA user_version = {version}")
        db.commit()
        db.close()
    return setup


def make_fifo(name):
    return lambda d: os.mkfifo(d / name)


def make_dir(name, with_file=None):
    def setup(d):
        (d / name).mkdir()
        if with_file:
            (d / name / with_file).write_text("a user's own file")
    return setup


def make_link(name, target):
    return lambda d: os.symlink(target, d / name)


def both(*setups):
    def setup(d):
        for one in setups:
            one(d)
    return setup


PARAMETERS = {"seed": 5, "rounds": 2000, "hands": 2000, "shoes": 300}


def bundle_files():
    """A small, self-consistent bundle (what --hashes-only checks), written by hand."""
    files, verdicts = {"README.md": "# combin evidence bundle\n"}, {}
    for game, rounds in (("baccarat", "rounds"), ("lunar", "hands")):
        checks = [{"group": "g", "name": "n", "detail": "d", "passed": True}] * 3
        confirmations = [{"exact_inside": True}] * 2
        files[f"{game}/checks.json"] = json.dumps(checks)
        files[f"{game}/simulation.json"] = json.dumps(
            {"parameters": {"seed": 5, "rounds": PARAMETERS[rounds]},
             "confirmations": confirmations})
        files[f"{game}/parsheets/sheet.csv"] = "event,combinations\nwin,=\"12\"\n"
        verdicts[game] = {"checks": "3/3", "simulation_inside_99": "2/2",
                          "all_checks_passed": True}
    return files, verdicts


def make_bundle(edit=None, after=None):
    """Write the bundle under d/bundle; ``edit(manifest dict)`` tampers with its manifest,
    ``after(root)`` with its files."""
    def setup(d):
        from combin.audit.bundle import manifest
        files, verdicts = bundle_files()
        command = "combin audit " + " ".join(f"--{k} {v}" for k, v in PARAMETERS.items())
        root = d / "bundle"
        for relative, text in files.items():
            (root / relative).parent.mkdir(parents=True, exist_ok=True)
            (root / relative).write_text(text, encoding="utf-8")
        recorded = json.loads(manifest(files, verdicts, PARAMETERS, command))
        if edit is not None:
            edited = edit(recorded)
            recorded = recorded if edited is None else edited
        text = recorded if isinstance(recorded, str) else json.dumps(recorded, indent=2)
        (root / "manifest.json").write_text(text, encoding="utf-8")
        if after is not None:
            after(root)
    return setup


def _set(path, value):
    def edit(recorded):
        target = recorded
        for key in path[:-1]:
            target = target[key]
        if value is _DELETE:
            del target[path[-1]]
        else:
            target[path[-1]] = value
    return edit


_DELETE = object()


def _add_file_entry(path, digest="0" * 64):
    def edit(recorded):
        recorded["files"][path] = digest
    return edit


# --- checks for cases that must be accepted and made harmless ---------------------------------

ACTIVE = ("=", "+", "-", "@", "\t", "\r")


def csv_is_inert(out, err, d):
    """No cell a spreadsheet would run: plain numbers and exact fractions ("-2/3") aside."""
    import re
    number = re.compile(r"[+-]?[0-9][0-9,]*(?:\.[0-9]+)?(?:/[0-9]+)?%?")
    cells = [cell for row in csv.reader(io.StringIO(out)) for cell in row]
    return bool(cells) and not [c for c in cells if c.lstrip(" ").startswith(ACTIVE) and c != "-"
                                and not number.fullmatch(c)]


def neutralised(text):
    """The hostile citation is in the CSV, inert: neutralised with a leading quote where it
    would start a cell, or inside a cell that starts with plain words ("user file p.toml
    (citation given: ...)")."""
    def check(out, err, d):
        cells = [cell for row in csv.reader(io.StringIO(out)) for cell in row]
        return csv_is_inert(out, err, d) and any(text in cell for cell in cells)
    return check


def listed_paytables_are_accepted(out, err, d):
    """Every paytable `combin list` offers for a wager is accepted by --paytable."""
    from combin.cli import main
    for line in out.splitlines():
        words = line.split()
        if not words or "." not in words[0] or words[0].startswith(("58", "E", "L")):
            continue
        if "by" in words and "--rules:" in words:
            continue  # the rule set chooses: offered to --rules, not --paytable
        wager = words[0]
        offered = [w.rstrip("*") for w in words if w.endswith("*")]
        if not offered:
            continue
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            if main(["par", wager, "--paytable", offered[0]]) != 0:
                return False
    return "by --rules: standard* ez super6" in out


# --- the cases -------------------------------------------------------------------------------

SUN = ("par", "eclipse.sun7")
LUNAR = ("game", "lunar", "--deck", "JQKA", "--workers", "0")
COUNT = ("count", "eclipse.sun7", "--trigger", "1", "--shoes", "100", "--workers", "1")
MOON_FILE = ("par", "eclipse.moon8", "--paytable-file", "{d}/p.toml")

CASES = [
    # 1. One error path: argparse, OSError, RecursionError, ValueError, stdout.
    Case("error path", "no command", ()),
    Case("error path", "unknown command", ("frobnicate",), words=("invalid choice",)),
    Case("error path", "missing wager", ("par",), words=("required",)),
    Case("error path", "unknown format", SUN + ("--format", "pdf"), words=("invalid choice",)),
    Case("error path", "unknown option", SUN + ("--bogus",), words=("unrecognized",)),
    Case("error path", "conflicting options", SUN + ("--decks", "6", "--shoe", "8d"),
         words=("not allowed with",)),
    Case("error path", "two trigger options", COUNT[:2] + ("--trigger", "1", "--triggers", "1,2"),
         words=("not allowed with",)),
    Case("error path", "option missing its value", SUN + ("--decks",), words=("expected one",)),
    Case("error path", "audit wrong type", ("audit", "--rounds", "many"), words=("--rounds",)),
    Case("error path", "missing paytable file (OSError)", MOON_FILE, words=("No such file",)),
    Case("error path", "NUL in a file name (ValueError)",
         ("par", "eclipse.moon8", "--paytable-file", "{d}/a\0b"), words=("null",)),
    Case("error path", "NUL in an output name", SUN + ("--out", "{d}/a\0b"),
         words=("not a usable",)),
    Case("error path", "deeply nested TOML (RecursionError)", MOON_FILE,
         setup=write_file("p.toml", "a = " + "[" * 5000 + "]" * 5000 + "\n"),
         words=("nested too deeply",)),
    Case("error path", "deeply nested manifest (RecursionError)",
         ("audit", "--verify", "{d}/bundle", "--hashes-only"),
         setup=make_bundle(edit=lambda m: "[" * 100_000 + "]" * 100_000),
         words=("not a valid manifest",)),
    Case("error path", "closed stdout", ("list",), stdout="broken",
         words=("cannot write to standard output",)),
    Case("error path", "full stdout", ("list",), stdout="full",
         words=("cannot write to standard output", "No space")),
    Case("error path", "ASCII stdout prints the section sign escaped", ("list",), code=0,
         stdout="ascii", words=("58 Pa. Code \\xa7 631b.11",)),
    Case("error path", "interpretation without a value", SUN + ("--interpret", "E1"),
         words=("E1",)),

    # 2. Numbers: refused by length before conversion; limits after normalising.
    Case("numbers", "--decks 000...08", SUN + ("--decks", HUGE), words=("characters long",)),
    Case("numbers", "--decks with leading zeros past the limit", SUN + ("--decks", "0001000000"),
         words=("at most 999,999",)),
    Case("numbers", "--decks 0", SUN + ("--decks", "000"), words=("at least 1",)),
    Case("numbers", "--decks -3", SUN + ("--decks=-3",), words=("at least 1",)),
    Case("numbers", "--decks 1e3", SUN + ("--decks", "1e3"), words=("whole number",)),
    Case("numbers", "--decks 8.0", SUN + ("--decks", "8.0"), words=("whole number",)),
    Case("numbers", "--seed of 5,000 digits", COUNT + ("--seed", NINES), words=("characters long",)),
    Case("numbers", "--shoes of 5,000 digits", COUNT[:4] + ("--shoes", NINES),
         words=("characters long",)),
    Case("numbers", "--workers of 5,000 digits", COUNT[:6] + ("--workers", NINES),
         words=("characters long",)),
    Case("numbers", "--tags of 5,000 digits", COUNT + ("--tags", ",".join([NINES] * 10)),
         words=("characters long",)),
    Case("numbers", "--tags RANK=huge", COUNT + ("--tags", f"A={NINES}"),
         words=("characters long",)),
    Case("numbers", "--cut-card of 5,000 digits", COUNT + ("--cut-card", NINES),
         words=("characters long",)),
    Case("numbers", "--initial-count of 5,000 digits", COUNT + ("--initial-count", NINES),
         words=("characters long",)),
    Case("numbers", "--burn of 5,000 digits", COUNT + ("--burn", NINES),
         words=("characters long",)),
    Case("numbers", "--triggers of 5,000 digits", COUNT[:2] + ("--triggers", "1," + NINES),
         words=("number or 'always'",)),
    Case("numbers", "--trigger 1e999999999", COUNT[:2] + ("--trigger", "1e999999999"),
         words=("number or 'always'",)),
    Case("numbers", "count --decks 000...08", COUNT + ("--decks", HUGE), words=("characters long",)),
    Case("numbers", "--max-tag of 5,000 digits", ("eor", "eclipse.sun7", "--max-tag", NINES),
         words=("characters long",)),
    Case("numbers", "--decks-list item of 5,000 digits",
         ("decks", "eclipse.sun7", "--decks-list", "1," + HUGE), words=("characters long",)),
    Case("numbers", "audit --seed of 5,000 digits", ("audit", "--seed", NINES),
         words=("characters long",)),
    Case("numbers", "audit --rounds below the floor", ("audit", "--rounds", "0000999"),
         words=("at least 1,000",)),
    Case("numbers", "audit --workers 0", ("audit", "--workers", "0"), words=("at least 1",)),
    Case("numbers", "hands --cards of 5,000 digits", ("hands", "--cards", HUGE),
         words=("--cards",)),
    Case("numbers", "stake 1e999999999", ("package", "eclipse.sun7=1e999999999"),
         words=("stake",)),
    Case("numbers", "stake of 5,000 digits", ("package", f"eclipse.sun7={NINES}"),
         words=("stake",)),
    Case("numbers", "target edge 1e99999999%", ("solve", "eclipse.moon8", "--target-edge",
                                                "1e99999999%"), words=("target house edge",)),
    Case("numbers", "target edge of 5,000 digits", ("solve", "eclipse.moon8", "--target-edge",
                                                    "0." + NINES), words=("target house edge",)),
    Case("numbers", "a pay of 5,000 digits", MOON_FILE,
         setup=write_file("p.toml", _paytable(pays=f'player_wins_three_card_8 = "{NINES} to 1"')),
         words=("longer than",)),

    # 3. Shoe specs, strictly.
    Case("shoe specs", "8d-5*2", SUN + ("--shoe", "8d-5*2"), words=("'*'",)),
    Case("shoe specs", "1d-AAAAA", SUN + ("--shoe", "1d-AAAAA"),
         words=("cannot remove 5 card(s) of value A: 1 deck (52 cards) holds 4",),
         absent=("holds 0",)),
    Case("shoe specs", "1d less 17 tens", SUN + ("--shoe", "1d-" + "T" * 17),
         words=("cannot remove 17 card(s) of value T/J/Q/K", "holds 16")),
    Case("shoe specs", "doubled comma", SUN + ("--shoe", "8d-T,,T"), words=("doubled",)),
    Case("shoe specs", "leading comma", SUN + ("--shoe", "8d-,T"), words=("begin with a comma",)),
    Case("shoe specs", "trailing comma", SUN + ("--shoe", "8d-T,"), words=("end with a comma",)),
    Case("shoe specs", "second minus", SUN + ("--shoe", "8d-TT-5"), words=("'-'",)),
    Case("shoe specs", "semicolon", SUN + ("--shoe", "8d-T;5"), words=("';'",)),
    Case("shoe specs", "non-ASCII rank", SUN + ("--shoe", "8d-TŦ"), words=("'Ŧ'",)),
    Case("shoe specs", "minus and nothing", SUN + ("--shoe", "8d-"), words=("names no card",)),
    Case("shoe specs", "minus word and nothing", SUN + ("--shoe", "8 decks minus "),
         words=("names no card",)),
    Case("shoe specs", "counts with a doubled comma", SUN + ("--shoe", "A=32,,2=32"),
         words=("empty item",)),
    Case("shoe specs", "counts with a trailing comma",
         SUN + ("--shoe", ",".join(f"{r}=4" for r in "A23456789TJQK") + ","),
         words=("empty item",)),
    Case("shoe specs", "a count of 50 digits", SUN + ("--shoe", "A=" + "9" * 50),
         words=("at most nine digits",)),
    Case("shoe specs", "a spec of 5,000 characters", SUN + ("--shoe", "8d-" + "T" * 5000),
         words=("characters long",)),
    Case("shoe specs", "decks of 5,000 digits", SUN + ("--shoe", HUGE + "d"),
         words=("characters long",)),
    Case("shoe specs", "fractional decks", SUN + ("--shoe", "7.5d"), words=("whole number",)),
    Case("shoe specs", "rank named twice", SUN + ("--shoe", "A=1,A=2"), words=("twice",)),
    Case("shoe specs", "negative count", SUN + ("--shoe", "A=-1,2=4"), words=("negative",)),
    Case("shoe specs", "a shoe spec for a depleted-shoe sheet",
         ("shoe", "eclipse.sun7", "--shoe", "8d-9*"), words=("'*'",)),
    Case("shoe specs", "a shoe spec for the effects of removal",
         ("eor", "eclipse.sun7", "--shoe", "8d-99,,8"), words=("doubled",)),

    # 4. Paytable files.
    Case("paytable files", "a FIFO", MOON_FILE, setup=make_fifo("p.toml"), words=("a FIFO",)),
    Case("paytable files", "a directory", MOON_FILE, setup=make_dir("p.toml"),
         words=("a directory",)),
    Case("paytable files", "/dev/zero", ("par", "eclipse.moon8", "--paytable-file", "/dev/zero"),
         words=("a device",)),
    Case("paytable files", "a link to /dev/zero", MOON_FILE,
         setup=make_link("p.toml", "/dev/zero"), words=("a device",)),
    Case("paytable files", "over the size cap", MOON_FILE,
         setup=write_file("p.toml", "#" * (1024 * 1024 + 1)), words=("larger than",)),
    Case("paytable files", "not UTF-8", MOON_FILE, setup=write_file("p.toml", b"\xff\xfe\x00"),
         words=("not a text",)),
    Case("paytable files", "nested 20 deep", MOON_FILE,
         setup=write_file("p.toml", "a = " + "[" * 20 + "]" * 20 + "\n"),
         words=("nested too deeply",)),
    Case("paytable files", "nested inline tables", MOON_FILE,
         setup=write_file("p.toml", "a = " + "{b = " * 3000 + "1" + "}" * 3000 + "\n"),
         words=("nested too deeply",)),
    Case("paytable files", "citation forging a House edge line", MOON_FILE,
         setup=write_file("p.toml", _paytable(citation='"x\\nHouse edge        0.0000%"')),
         words=("control character", "U+000A")),
    Case("paytable files", "citation with an escape sequence", MOON_FILE,
         setup=write_file("p.toml", _paytable(citation='"x\\u001b[2J"')),
         words=("control character",)),
    Case("paytable files", "title with a bidirectional override", MOON_FILE,
         setup=write_file("p.toml", _paytable(title='"evil\\u202etxt"')),
         words=("control character",)),
    Case("paytable files", "citation with a line separator", MOON_FILE,
         setup=write_file("p.toml", _paytable(citation='"a\\u2028b"')),
         words=("control character",)),
    Case("paytable files", "citation of 100,000 characters", MOON_FILE,
         setup=write_file("p.toml", _paytable(citation='"' + "c" * 100_000 + '"')),
         words=("longer than",)),
    Case("paytable files", "an empty file", MOON_FILE, setup=write_file("p.toml", ""),
         words=("no [[paytable]]",)),
    Case("paytable files", "binary garbage", MOON_FILE,
         setup=write_file("p.toml", bytes(range(1, 128))), words=("not a valid TOML",)),
    Case("paytable files", "pays is not a table", MOON_FILE,
         setup=write_file("p.toml", '[[paytable]]\nwager = "eclipse.moon8"\nid = "X"\n'
                                    'citation = "c"\npays = 3\n'), words=("pays",)),
    Case("paytable files", "citation is a number", MOON_FILE,
         setup=write_file("p.toml", _paytable(citation="5")), words=("citation",)),

    # 5. CSV: formula cells neutralised (the command succeeds; the cells are inert).
    *[Case("csv", f"citation {text!r}", MOON_FILE + ("--format", "csv", "--table",
                                                          "identification"), code=0,
           setup=write_file("p.toml", _paytable(citation=json.dumps(text))),
           check=neutralised(text))
      for text in ('=HYPERLINK("http://example.com","x")', "+1+1", "-2+3", "@SUM(A1:A9)",
                   ' =1+1', '=cmd|" /C calc"!A0')],
    Case("csv", "title =1+1", MOON_FILE + ("--format", "csv"), code=0,
         setup=write_file("p.toml", _paytable(title='"=1+1"')), check=csv_is_inert),
    Case("csv", "solve with a formula citation",
         ("solve", "eclipse.moon8", "--paytable-file", "{d}/p.toml", "--format", "csv",
          "--table", "identification"), code=0,
         setup=write_file("p.toml", _paytable(citation='"=1+1"')), check=neutralised("=1+1")),
    Case("csv", "decks with a formula title",
         ("decks", "eclipse.moon8", "--paytable-file", "{d}/p.toml", "--paytable", "X",
          "--decks-list", "1,8", "--format", "csv"), code=0,
         setup=write_file("p.toml", _paytable(citation='"@x"')), check=csv_is_inert),
    Case("csv", "depleted shoe sheet", ("shoe", "eclipse.moon8", "--paytable-file", "{d}/p.toml",
                                        "--shoe", "8d-99", "--format", "csv"), code=0,
         setup=write_file("p.toml", _paytable(citation='"-1"')), check=csv_is_inert),
    Case("csv", "package", ("package", "eclipse.moon8:X", "--paytable-file", "{d}/p.toml",
                            "--format", "csv"), code=0,
         setup=write_file("p.toml", _paytable(citation='"+x"')), check=csv_is_inert),

    # 6. Output paths.
    Case("output paths", "--out an existing directory", SUN + ("--out", "{d}/dir"),
         setup=make_dir("dir"), words=("a directory",)),
    Case("output paths", "--out /dev/null", SUN + ("--out", "/dev/null"), words=("a device",)),
    Case("output paths", "--out a link to /dev/null", SUN + ("--out", "{d}/null"),
         setup=make_link("null", "/dev/null"), words=("a device",)),
    Case("output paths", "--out a FIFO", SUN + ("--out", "{d}/fifo"), setup=make_fifo("fifo"),
         words=("a FIFO",)),
    Case("output paths", "--out under a file", SUN + ("--out", "{d}/file.txt/x.csv"),
         setup=write_file("file.txt", "keep"), words=("under a file",)),
    Case("output paths", "--out deep under a file", SUN + ("--out", "{d}/file.txt/a/b/x.csv"),
         setup=write_file("file.txt", "keep"), words=("under",)),
    Case("output paths", "--out a name too long", SUN + ("--out", "{d}/" + "n" * 300),
         words=("too long",)),
    Case("output paths", "--out a path too long", SUN + ("--out", "{d}/" + "a/" * 2100 + "x"),
         words=("too long",)),
    Case("output paths", "--out ending in a slash", SUN + ("--out", "{d}/new/"),
         words=("not a directory",)),
    Case("output paths", "--out empty", SUN + ("--out", ""), words=("not a usable",)),
    Case("output paths", "--plot a directory", ("eor", "eclipse.sun7", "--plot", "{d}/dir"),
         setup=make_dir("dir"), words=("a directory",)),
    Case("output paths", "--plot under a file",
         ("count",) + COUNT[1:] + ("--plot", "{d}/file.txt/c.png"),
         setup=write_file("file.txt", "keep"), words=("under a file",)),
    Case("output paths", "eor: good --plot, bad --out: neither written",
         ("eor", "eclipse.sun7", "--plot", "{d}/ok.png", "--out", "{d}/dir"),
         setup=make_dir("dir"), words=("a directory",)),
    Case("output paths", "paytable --out a directory",
         ("paytable", "eclipse.moon8", "--out", "{d}/dir"), setup=make_dir("dir"),
         words=("a directory",)),
    Case("output paths", "tables --out a file", ("tables", "--out", "{d}/file.txt"),
         setup=write_file("file.txt", "keep"), words=("must be a directory",)),
    Case("output paths", "tables --out a directory of a user's files",
         ("tables", "--out", "{d}/mine"), setup=make_dir("mine", "thesis.tex"),
         words=("would not write",)),
    Case("output paths", "tables --out under a file", ("tables", "--out", "{d}/file.txt/t"),
         setup=write_file("file.txt", "keep"), words=("under",)),
    Case("output paths", "tables --check a FIFO among the tables",
         ("tables", "--check", "--out", "{d}/t"), code=1,
         setup=both(make_dir("t"), make_fifo("t/README.md")),
         words=("not a regular file:",)),
    Case("output paths", "audit --out a file", ("audit", "--out", "{d}/file.txt"),
         setup=write_file("file.txt", "keep"), words=("must be a directory",)),
    Case("output paths", "audit --out a directory of a user's files",
         ("audit", "--out", "{d}/mine"), setup=make_dir("mine", "notes.md"),
         words=("would not write",)),
    Case("output paths", "audit --out a link to a directory", ("audit", "--out", "{d}/link"),
         setup=both(make_dir("dir"), make_link("link", "dir")), words=("symbolic link",)),

    # 7. The evidence bundle.
    Case("evidence bundle", "an untouched bundle verifies", ("audit", "--verify", "{d}/bundle",
                                                             "--hashes-only"),
         code=0, setup=make_bundle(), check=lambda out, err, d: "verified" in out),
    Case("evidence bundle", "--verify ''", ("audit", "--verify", ""), words=("empty name",)),
    Case("evidence bundle", "--verify a missing directory", ("audit", "--verify", "{d}/none"),
         words=("no readable manifest.json",)),
    Case("evidence bundle", "--verify a file", ("audit", "--verify", "{d}/file.txt"),
         setup=write_file("file.txt", "x"), words=("no readable manifest.json",)),
    Case("evidence bundle", "files: null", ("audit", "--verify", "{d}/bundle", "--hashes-only"),
         setup=make_bundle(edit=_set(["files"], None)), words=("not a valid manifest",)),
    Case("evidence bundle", "files: a list", ("audit", "--verify", "{d}/bundle", "--hashes-only"),
         setup=make_bundle(edit=_set(["files"], [])), words=("not a valid manifest",)),
    Case("evidence bundle", "parameters missing",
         ("audit", "--verify", "{d}/bundle", "--hashes-only"),
         setup=make_bundle(edit=_set(["parameters"], _DELETE)), words=("not a valid manifest",)),
    Case("evidence bundle", "a parameter of the wrong type",
         ("audit", "--verify", "{d}/bundle", "--hashes-only"),
         setup=make_bundle(edit=_set(["parameters", "seed"], "5")),
         words=("not a valid manifest",)),
    Case("evidence bundle", "a hash that is not hex",
         ("audit", "--verify", "{d}/bundle", "--hashes-only"),
         setup=make_bundle(edit=_set(["files", "README.md"], "z" * 64)),
         words=("not a valid manifest",)),
    Case("evidence bundle", "verdicts missing", ("audit", "--verify", "{d}/bundle", "--hashes-only"),
         setup=make_bundle(edit=_set(["verdicts"], _DELETE)), words=("not a valid manifest",)),
    Case("evidence bundle", "a manifest that is a list",
         ("audit", "--verify", "{d}/bundle", "--hashes-only"),
         setup=make_bundle(edit=lambda m: "[]"), words=("not a valid manifest",)),
    Case("evidence bundle", "a manifest that is not JSON",
         ("audit", "--verify", "{d}/bundle", "--hashes-only"),
         setup=make_bundle(edit=lambda m: "{files"), words=("not a valid manifest",)),
    Case("evidence bundle", "a manifest that is a FIFO",
         ("audit", "--verify", "{d}/bundle", "--hashes-only"),
         setup=make_bundle(after=lambda root: ((root / "manifest.json").unlink(),
                                               os.mkfifo(root / "manifest.json"))),
         words=("a FIFO",)),
    Case("evidence bundle", "an absolute path", ("audit", "--verify", "{d}/bundle", "--hashes-only"),
         code=1, setup=make_bundle(edit=_add_file_entry("/etc/hostname")),
         words=("unsafe path in the manifest",)),
    Case("evidence bundle", "a path leaving the bundle",
         ("audit", "--verify", "{d}/bundle", "--hashes-only"), code=1,
         setup=make_bundle(edit=_add_file_entry("../outside.txt")),
         words=("unsafe path in the manifest",)),
    Case("evidence bundle", "a symbolic link out of the bundle",
         ("audit", "--verify", "{d}/bundle", "--hashes-only"), code=1,
         setup=both(write_file("secret.txt", "s"),
                    make_bundle(edit=_add_file_entry("leak.txt"),
                                after=lambda root: os.symlink("../secret.txt", root / "leak.txt"))),
         words=("unsafe path in the manifest", "symbolic link")),
    Case("evidence bundle", "an edited tool version",
         ("audit", "--verify", "{d}/bundle", "--hashes-only"), code=1,
         setup=make_bundle(edit=_set(["tool", "version"], "99.0")), words=("tool version differs",)),
    Case("evidence bundle", "an edited git commit",
         ("audit", "--verify", "{d}/bundle", "--hashes-only"), code=1,
         setup=make_bundle(edit=_set(["git_commit"], "0" * 40)), words=("git commit differs",)),
    Case("evidence bundle", "an edited command",
         ("audit", "--verify", "{d}/bundle", "--hashes-only"), code=1,
         setup=make_bundle(edit=_set(["command"], "combin audit --seed 6 --rounds 2000 "
                                                  "--hands 2000 --shoes 300")),
         words=("recorded command",)),
    Case("evidence bundle", "an edited verdict",
         ("audit", "--verify", "{d}/bundle", "--hashes-only"), code=1,
         setup=make_bundle(edit=_set(["verdicts", "lunar", "checks"], "4/4")),
         words=("recorded verdict differs",)),
    Case("evidence bundle", "an edited parameter",
         ("audit", "--verify", "{d}/bundle", "--hashes-only"), code=1,
         setup=make_bundle(edit=_set(["parameters", "seed"], 6)),
         words=("recorded parameters differ", "recorded command")),
    Case("evidence bundle", "a changed byte", ("audit", "--verify", "{d}/bundle", "--hashes-only"),
         code=1, setup=make_bundle(after=lambda root: (root / "README.md").write_text("# edited\n")),
         words=("hash differs: README.md",)),
    Case("evidence bundle", "a file added", ("audit", "--verify", "{d}/bundle", "--hashes-only"),
         code=1, setup=make_bundle(after=lambda root: (root / "lunar/extra.md").write_text("x")),
         words=("not in the manifest: lunar/extra.md",)),
    Case("evidence bundle", "a file removed", ("audit", "--verify", "{d}/bundle", "--hashes-only"),
         code=1, setup=make_bundle(after=lambda root: (root / "README.md").unlink()),
         words=("missing: README.md",)),

    Case("evidence bundle", "checks.json replaced by a FIFO",
         ("audit", "--verify", "{d}/bundle", "--hashes-only"), code=1,
         setup=make_bundle(after=lambda root: ((root / "lunar/checks.json").unlink(),
                                               os.mkfifo(root / "lunar/checks.json"))),
         words=("missing: lunar/checks.json",)),
    Case("evidence bundle", "a manifest over the size cap",
         ("audit", "--verify", "{d}/bundle", "--hashes-only"),
         setup=make_bundle(edit=lambda m: " " * (16 * 1024 * 1024 + 1)),
         words=("larger than",)),

    # 8. The four wrong messages.
    Case("wrong messages", "solve: only push and loss lines",
         ("solve", "eclipse.supreme7", "--paytable-file", "{d}/p.toml", "--target-edge", "5%"),
         setup=write_file("p.toml", _paytable(wager="eclipse.supreme7",
                                              pays='both_three_card_7 = "push"\n'
                                                   'both_two_card_7 = "loss"')),
         words=("none of its lines pays",), absent=("several lines",)),
    Case("wrong messages", "solve: one push line is the line to vary",
         ("solve", "eclipse.moon8", "--paytable-file", "{d}/p.toml", "--target-edge", "5%"),
         code=0, setup=write_file("p.toml", _paytable(pays='player_wins_three_card_8 = "push"')),
         words=("Exact pay",)),
    Case("wrong messages", "solve: a target edge just under 100%",
         ("solve", "eclipse.moon8", "--target-edge", "99.99999%"),
         words=("99.99999%",), absent=("100.0000%",)),
    Case("wrong messages", "package baccarat.banker:ez", ("package", "baccarat.banker:ez"),
         words=("--rules ez",), absent=("means",)),
    Case("wrong messages", "par baccarat.banker --paytable super6",
         ("par", "baccarat.banker", "--paytable", "super6"), words=("--rules super6",),
         absent=("means",)),
    Case("wrong messages", "list offers only paytables --paytable accepts", ("list",), code=0,
         check=listed_paytables_are_accepted),
    Case("wrong messages", "a 30,000-card hand is echoed in at most ~100 characters",
         ("lunar", "advise", "ASKD7H" * 10000, "--up", "2C"), words=("(60,004 characters)",),
         check=lambda out, err, d: len(err) < 300),
    Case("wrong messages", "a 30,000-character paytable id is not echoed whole",
         SUN + ("--paytable", "Q" * 30000), words=("(30,002 characters)",),
         check=lambda out, err, d: len(err) < 300),
    *[Case("wrong messages", f"compare {option} {value!r}",
           ("compare", "baccarat.banker", option, value), words=words, absent=("A,B,C",))
      for option, value, words in [("--decks", "", ("--decks: an empty name",)),
                                   ("--rules", "standard,,ez", ("--rules standard,,ez: item 2",)),
                                   ("--decks", "8,08", ("'8' and '08' are the same number",)),
                                   ("--decks", "8,+8", ("'8' and '+8' are the same number",))]],
    # 9. (round 3) Outputs checked before any work: collisions, empty values, probes.
    *[Case("outputs before work", f"{name}", argv, words=words) for name, argv, words in [
        ("--out equal to --store", LUNAR + ("--store", "{d}/s.sqlite", "--out", "{d}/s.sqlite"),
         ("--out and --store name the same file",)),
        ("--strategy-out equal to --store",
         LUNAR + ("--store", "{d}/s.sqlite", "--strategy-out", "{d}/./s.sqlite"),
         ("--strategy-out and --store name the same file",)),
        ("--strategy-out equal to --out", LUNAR + ("--out", "{d}/a", "--strategy-out", "{d}/a"),
         ("--out and --strategy-out name the same file",)),
        ("--store empty", LUNAR + ("--store", ""), ("--store: an empty name",)),
        ("--strategy-out empty", LUNAR + ("--strategy-out", ""), ("--strategy-out: an empty",)),
        ("--paytable empty on game", LUNAR + ("--paytable", ""), ("--paytable: an empty",)),
        ("--paytable blank on par", SUN + ("--paytable", " "), ("--paytable: an empty",)),
    ]],
    Case("outputs before work", "--strategy-out under a file",
         LUNAR + ("--strategy-out", "{d}/f.txt/s.json"), setup=write_file("f.txt", "keep"),
         words=("under a file",)),
    Case("outputs before work", "--store under a file", LUNAR + ("--store", "{d}/f.txt/s"),
         setup=write_file("f.txt", "keep"), words=("under a file",)),
    # 10. (round 3) Scheduler addresses parsed before anything, before a store is made.
    *[Case("schedulers", f"--scheduler {address}", LUNAR + ("--scheduler", address, "--store",
                                                            "{d}/s.sqlite"), words=words)
      for address, words in [("ucx://127.0.0.1:8786", ("'ucx' is not supported",)),
                             ("tls://127.0.0.1:8786", ("'tls' is not supported",)),
                             ("inproc://x", ("'inproc' is not supported",)),
                             ("tcp://127.0.0.1:0", ("from 1 to 65,535",)),
                             ("tcp://127.0.0.1:-1", ("from 1 to 65,535",)),
                             ("tcp://127.0.0.1:99999", ("from 1 to 65,535",)),
                             ("tcp://:8786", ("give tcp://HOST:PORT",)),
                             ("tcp://127.0.0.1", ("give tcp://HOST:PORT",))]],
    Case("schedulers", "audit --scheduler ucx, refused before any work",
         ("audit", "--out", "{d}/b", "--scheduler", "ucx://h:1"), words=("not supported",)),
    *[Case("schedulers", f"{argv[0]} --connect-timeout {value[:8]!r}{' with' if scheduler else ' without'} a scheduler",
           argv + ("--connect-timeout", value, *(("--scheduler", "tcp://127.0.0.1:9") if scheduler else ())),
           words=words)
      for argv in (LUNAR + ("--store", "{d}/s.sqlite"), COUNT, ("audit", "--out", "{d}/b"))
      for value, scheduler, words in [("0", True, ("--connect-timeout", "at least 1")),
                                      ("3601", True, ("--connect-timeout", "at most 3,600")),
                                      ("2.5", True, ("--connect-timeout",)),
                                      ("9" * 400, True, ("--connect-timeout",)),
                                      ("5", False, ("--connect-timeout is how long to wait for a --scheduler",))]],
    # 12. (round 3) Bounds known before the work.
    Case("bounds before work", "--sample above the number of classes",
         LUNAR + ("--sample", "99999999999", "--store", "{d}/s.sqlite"),
         words=("more than the 2,424 classes",)),
    Case("bounds before work", "--sample one above the number of classes",
         LUNAR + ("--sample", "2425", "--store", "{d}/s.sqlite"), words=("--sample 2,425",)),
    *[Case("bounds before work", f"--format xlsx without --out: {' '.join(argv[:2])}",
           argv + ("--format", "xlsx"), words=("--out FILE.xlsx",))
      for argv in (LUNAR, COUNT, ("game", "caribbean"), SUN)],
    *[Case("bounds before work", f"--table nope: {' '.join(argv)[:40]}",
           argv + ("--table", "nope", "--strategy-out", "{d}/s.json")[:4 if argv[:2] == LUNAR[:2]
                                                                     else 2],
           words=("no table 'nope'",))
      for argv in (LUNAR, LUNAR + ("--sample", "80"), COUNT, ("game", "caribbean"),
                   ("lunar", "advise", "AS KD TH TC 9D", "--up", "9S"),
                   ("package", "--lunar-supers", "3"))],
    Case("bounds before work", "--sample below the strata's floor on 52 cards",
         ("game", "lunar", "--workers", "0", "--sample", "1051"),
         words=("263 strata need at least 1052 draws",)),
    # 11. (round 3) Stores: another program's database, a file that is none.
    Case("stores", "--store another program's SQLite database", LUNAR + ("--store", "{d}/s.db"),
         setup=sqlite_file("s.db", "CREATE TABLE songs (title TEXT);"),
         words=("another program", "songs"), absent=("delete", "version of combin")),
    Case("stores", "--store a text file", LUNAR + ("--store", "{d}/notes.txt"),
         setup=write_file("notes.txt", "my notes"), words=("not an SQLite database",),
         absent=("delete",)),
    Case("stores", "--store of this version with no tables", LUNAR + ("--store", "{d}/s.db"),
         setup=sqlite_file("s.db", "", version=2), words=("damaged", "no table runs"),
         absent=("delete",)),
    Case("stores", "--store with a table missing a column", LUNAR + ("--store", "{d}/s.db"),
         setup=sqlite_file("s.db", "CREATE TABLE runs (key TEXT); CREATE TABLE chunks (run TEXT);",
                           version=2), words=("damaged", "has no column"), absent=("delete",)),
    Case("stores", "--store of store version 1", LUNAR + ("--store", "{d}/s.db"),
         setup=sqlite_file("s.db", "CREATE TABLE runs (key TEXT); CREATE TABLE chunks (run TEXT);",
                           version=1), words=("another version of combin",), absent=("delete",)),
    Case("stores", "--store empty SQLite file of another program",
         LUNAR + ("--store", "{d}/s.db"), setup=sqlite_file("s.db", "", version=9),
         words=("another program",), absent=("delete", "version of combin")),
]

CATEGORIES = tuple(dict.fromkeys(case.category for case in CASES))


# --- running a case --------------------------------------------------------------------------

class _FailingStdout(io.StringIO):
    def __init__(self, error):
        super().__init__()
        self.error = error

    def write(self, text):
        raise self.error

    def flush(self):
        raise self.error


def _stdout(kind):
    import errno
    if kind == "broken":
        return _FailingStdout(BrokenPipeError(errno.EPIPE, "Broken pipe"))
    if kind == "full":
        return _FailingStdout(OSError(errno.ENOSPC, "No space left on device"))
    if kind == "ascii":
        return io.TextIOWrapper(io.BytesIO(), encoding="ascii", newline="\n")
    return io.StringIO()


def snapshot(root):
    """Every path under ``root`` with its kind and bytes (special files are not opened)."""
    found = {}
    for path in sorted(Path(root).rglob("*")):
        if path.is_symlink():
            found[path.relative_to(root).as_posix()] = ("link", os.readlink(path))
        elif path.is_dir():
            found[path.relative_to(root).as_posix()] = ("dir",)
        elif path.is_file():
            found[path.relative_to(root).as_posix()] = ("file", path.read_bytes())
        else:
            found[path.relative_to(root).as_posix()] = ("special",)
    return found


@contextlib.contextmanager
def guarded(root):
    """Make any write of the package outside ``root`` an error before it happens."""
    from combin.files import fileio
    original = fileio._write_temporary
    inside = Path(root).resolve()

    def write_temporary(target, content):
        resolved = Path(target).resolve()
        if resolved != inside and inside not in resolved.parents:
            raise AssertionError(f"the package tried to write outside the case: {target}")
        return original(target, content)
    fileio._write_temporary = write_temporary
    try:
        yield
    finally:
        fileio._write_temporary = original


def run_cli(argv, directory, stdout="capture"):
    """``(exit status, stdout, stderr)`` of ``combin ARGV`` run in-process in ``directory``;
    an exception escaping ``main`` comes back as status ``"exception"`` with its traceback."""
    from combin.cli import main
    out, err = _stdout(stdout), io.StringIO()
    with contextlib.chdir(directory), guarded(directory), \
            contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as stop:
            code = stop.code
        except BaseException:  # noqa: BLE001 -- the point is to catch what escapes
            code = "exception"
            err.write(traceback.format_exc())
    if stdout == "ascii":
        out.flush()
        text = out.buffer.getvalue().decode("ascii")
    elif isinstance(out, _FailingStdout):
        text = ""
    else:
        text = out.getvalue()
    return code, text, err.getvalue()


def verdict(case, directory):
    """``(clean, explanation)`` for one try of ``case`` in the empty ``directory``."""
    d = Path(directory)
    if case.setup is not None:
        case.setup(d)
    before = snapshot(d)
    argv = [word.replace("{d}", str(d)) for word in case.argv]
    code, out, err = run_cli(argv, d, case.stdout)
    problems = []
    if "Traceback" in err or code == "exception":
        problems.append("traceback")
    if code != case.code:
        problems.append(f"exit {code}, expected {case.code}")
    if case.code == 2 and not (err.count("\n") == 1 and err.startswith("combin: error: ")
                               and out == ""):
        problems.append("not exactly one 'combin: error:' line")
    if case.code == 1 and "verified" in err + out:
        problems.append("called tampered evidence verified")
    if case.code == 0 and "combin: error" in err:
        problems.append("an error on stderr")
    where = err if case.code else out
    problems += [f"missing {w!r}" for w in case.words if w not in where]
    problems += [f"says {w!r}" for w in case.absent if w in out + err]
    if case.check is not None and not case.check(out, err, d):
        problems.append("check failed")
    after = snapshot(d)
    if {k: v for k, v in after.items() if k not in case.creates} != before:
        problems.append("files changed: " + ", ".join(sorted(set(after) ^ set(before))[:3]))
    return not problems, f"{case.category} / {case.name}: {'; '.join(problems) or 'clean'}" \
        + ("" if not problems else f"\n  stderr: {err[-300:]!r}")


def summary():
    """``{category: (tries, answered cleanly)}`` over every case, and the unclean ones."""
    counts, unclean = {c: [0, 0] for c in CATEGORIES}, []
    for case in CASES:
        with tempfile.TemporaryDirectory() as directory:
            clean, explanation = verdict(case, directory)
        counts[case.category][0] += 1
        counts[case.category][1] += clean
        if not clean:
            unclean.append(explanation)
    return {c: tuple(n) for c, n in counts.items()}, unclean


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    counts, unclean = summary()
    width = max(len(c) for c in counts)
    print(f"{'category'.ljust(width)}  tries  clean")
    for category, (tries, clean) in counts.items():
        print(f"{category.ljust(width)}  {tries:5}  {clean:5}")
    total = [sum(n[i] for n in counts.values()) for i in (0, 1)]
    print(f"{'all'.ljust(width)}  {total[0]:5}  {total[1]:5}")
    for line in unclean:
        print("UNCLEAN", line)
    sys.exit(1 if unclean else 0)
