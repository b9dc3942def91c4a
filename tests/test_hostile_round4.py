"""Hostile input, round 4: a store never destroyed or lost to a race, scope options checked
before any work, exact numbers of any length displayed, user text never forging a line or
markup, every manifest field type-checked, and the smaller holes.

Each test states the exact one line ``combin: error: ...`` (exit 2, nothing written); the
store race runs real processes on one real SQLite file.
"""

import json
import os
import sqlite3
import subprocess
import sys
import time
from decimal import Decimal
from pathlib import Path

import pytest

from hostile_cases import make_bundle, run_cli, snapshot

ROOT = Path(__file__).resolve().parent.parent
LUNAR = ["game", "lunar", "--deck", "JQKA", "--workers", "0"]


def _refused(argv, d, message):
    """``combin ARGV`` in ``d``: exactly ``combin: error: MESSAGE``, exit 2, ``d`` unchanged."""
    before = snapshot(d)
    code, out, err = run_cli([word.replace("{d}", str(d)) for word in argv], d)
    assert (code, out, err) == (2, "", f"combin: error: {message.replace('{d}', str(d))}\n")
    assert snapshot(d) == before


# --- 1. every output against every other, the store and its SQLite files --------------------

def _store(d):
    import sqlite3
    db = sqlite3.connect(d / "S.sqlite")
    db.execute("CREATE TABLE songs (title TEXT)")
    db.commit()
    db.close()


@pytest.mark.parametrize("option, target, message", [
    ("--classes-out", "S.sqlite", "--classes-out and --store name the same file S.sqlite; give each its own"),
    ("--out", "S.sqlite-wal", "--out names S.sqlite-wal, a file SQLite keeps beside the store; give it a "
                              "file of its own"),
    ("--strategy-out", "S.sqlite-shm", "--strategy-out names S.sqlite-shm, a file SQLite keeps beside the "
                                       "store; give it a file of its own"),
    ("--classes-out", "S.sqlite-journal", "--classes-out names S.sqlite-journal, a file SQLite keeps "
                                          "beside the store; give it a file of its own"),
])
def test_no_output_is_written_over_the_store_or_its_sqlite_files(tmp_path, monkeypatch, option, target,
                                                                message):
    _store(tmp_path)
    monkeypatch.chdir(tmp_path)         # the working folder restored after the test
    _refused(LUNAR + ["--store", "S.sqlite", option, target], tmp_path, message)


def test_a_hard_link_or_a_symbolic_link_to_the_store_is_the_store(tmp_path):
    _store(tmp_path)
    os.link(tmp_path / "S.sqlite", tmp_path / "hard.csv")
    os.symlink("S.sqlite-wal", tmp_path / "wal-link")
    _refused(LUNAR + ["--store", "{d}/S.sqlite", "--classes-out", "{d}/hard.csv"], tmp_path,
             "--classes-out and --store name the same file {d}/S.sqlite; give each its own")
    _refused(LUNAR + ["--store", "{d}/S.sqlite", "--out", "{d}/wal-link"], tmp_path,
             "--out names {d}/S.sqlite-wal, a file SQLite keeps beside the store; give it a file of its own")
    _refused(LUNAR + ["--out", "{d}/a.csv", "--classes-out", "{d}/a.csv"], tmp_path,
             "--out and --classes-out name the same file {d}/a.csv; give each its own")


def test_a_store_inside_the_shards_folder_is_refused_before_the_folder_is_made(tmp_path):
    _refused(LUNAR + ["--shards", "{d}/run", "--store", "{d}/run/plan.json"], tmp_path,
             "--store {d}/run/plan.json is inside the --shards folder, among the run's own files; "
             "keep the store outside it")
    assert not (tmp_path / "run").exists()


# --- 3. two runs on one new store at once ----------------------------------------------------

#: Twenty new stores, one every quarter of a second from ``start``: each opened at the same
#: instant by the two processes running this (one import each, not forty).
_OPEN_AT = """
import sys, time
from pathlib import Path
from combin.running.store import Store
start = float(sys.argv[2])
for attempt in range(20):
    time.sleep(max(0.0, start + attempt / 10 - time.time()))     # an attempt takes a few ms
    with Store(Path(sys.argv[1]) / f"new-{attempt}.sqlite") as store:
        key = store.begin({"command": "race"}, 7)
        store.save(key, int(sys.argv[3]), {"chunk": int(sys.argv[3])})
    print(key)
"""


def test_two_processes_opening_one_new_store_at_once_both_succeed(tmp_path):
    """Real processes, a real file, the same instant, twenty times over: both open the new
    store, register the one run and save their chunk; neither is told the store is damaged."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = f"{time.time() + 1.0:.3f}"
    runs = [subprocess.Popen([sys.executable, "-c", _OPEN_AT, str(tmp_path), start, str(n)], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for n in (0, 1)]
    answers = [run.communicate(timeout=120) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], answers
    keys = [answer[0].split() for answer in answers]
    assert keys[0] == keys[1] and len(keys[0]) == 20        # the same run key, each time
    from combin.running.store import Store
    for attempt in range(20):
        with Store(tmp_path / f"new-{attempt}.sqlite") as store:
            (key, description, chunks, finished), = store.runs()
            assert (description, chunks, finished) == ({"command": "race"}, 7, 2)


def test_two_game_runs_on_one_new_store_at_once(tmp_path):
    """Two whole game commands on one new store, once; the opening race itself is tried twenty
    times by the test above.  The game is Caribbean Stud on TJQKA: its 64 chunks go through the
    same store calls as the Lunar game's (``run_chunks``: begin, finished, save), in a second
    rather than the 40 s of two Lunar JQKA runs at a time on a 2-core machine."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "combin", "-q", "game", "caribbean", "--deck", "TJQKA",
               "--workers", "0", "--store", "C.sqlite"]
    for attempt in range(1):
        (tmp_path / "C.sqlite").unlink(missing_ok=True)
        runs = [subprocess.Popen(command, cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True) for _ in range(2)]
        answers = [run.communicate(timeout=600) for run in runs]
        assert [run.returncode for run in runs] == [0, 0], [err for _, err in answers]
        assert answers[0][0] == answers[1][0] and "House edge per Ante" in answers[0][0]
        with sqlite3.connect(tmp_path / "C.sqlite") as db:       # one copy of each chunk
            assert db.execute("SELECT COUNT(*), COUNT(DISTINCT run || chunk) FROM chunks").fetchone() == (64, 64)


def test_a_store_error_never_advises_throwing_a_good_store_away():
    import sqlite3
    from combin.running.store import Store
    store = Store.__new__(Store)
    store.shown = "C.sqlite"
    message = str(store._damaged(sqlite3.IntegrityError("UNIQUE constraint failed: runs.key")))
    assert message == ("the store C.sqlite was changed by another run at the same moment (UNIQUE "
                       "constraint failed: runs.key); run the command again (the store keeps its chunks)")
    locked = str(store._damaged(sqlite3.OperationalError("database is locked")))
    assert "new file" not in locked and "run the command again when it has finished" in locked


# --- 4. every scope option of combin audit before any work ----------------------------------

@pytest.mark.parametrize("options, message", [
    (["--game", "baccarat", "--wager", "eclipse.sun7", "--paytable", "ZZ"],
     "unknown paytable 'ZZ' (known: A, B, C)"),
    (["--game", "lunar", "--paytable", "D"], "unknown paytable 'D' (known: A, B, C, posted)"),
    (["--game", "caribbean", "--paytable", "ZZ"], "caribbean has no paytables; drop --paytable"),
    (["--game", "baccarat", "--wager", "eclipse.sun7", "--rules", "nope"],
     "unknown rule set 'nope' (known: standard, ez, super6)"),
    (["--game", "baccarat", "--interpret", "E1=nope"],
     "interpretation E1 has no value 'nope' (values: events, paid-rows)"),
    (["--game", "lunar", "--interpret", "L8=nope"],
     "interpretation L8 has no value 'nope' (values: push, even-money)"),
    (["--game", "lunar", "--decks", "8"], "lunar is dealt from a fixed deck; --decks does not apply"),
    (["--game", "caribbean", "--shoe", "8d"], "caribbean is dealt from a fixed deck; --shoe does not apply"),
])
def test_every_audit_scope_option_is_checked_before_any_work(tmp_path, options, message):
    before = snapshot(tmp_path)
    started = time.monotonic()
    code, out, err = run_cli(["audit", "--out", str(tmp_path / "b"), "--rounds", "1000",
                              "--shoes", "100", "--workers", "1", *options], tmp_path)
    assert time.monotonic() - started < 30          # no par sheet, no whole game computed
    assert (code, out, err) == (2, "", f"combin: error: {message}\n")
    assert snapshot(tmp_path) == before


# --- 5. exact numbers of any length ----------------------------------------------------------

def test_a_decimal_of_any_length_is_displayed_exactly():
    from combin.files import display
    big = Decimal("123456789012345678901234567890.125")
    assert display.decimal(big, 2) == "123456789012345678901234567890.12"     # half to even
    assert display.decimal(Decimal("-123456789012345678901234567890.5"), 0) == "-123456789012345678901234567890"
    assert display.percent(Decimal("9" * 45), 1) == "9" * 45 + "00.0%"


BIG_PAY = ('[[paytable]]\nwager = "eclipse.moon8"\nid = "X"\ncitation = "c"\n[paytable.pays]\n'
           'player_wins_three_card_8 = "999999999999999999999999 to 1"\n')


@pytest.mark.parametrize("argv", [
    ["par", "eclipse.moon8", "--format", "text"], ["par", "eclipse.moon8", "--format", "json"],
    ["par", "eclipse.moon8", "--format", "html"], ["par", "eclipse.moon8", "--format", "md"],
    ["par", "eclipse.moon8", "--format", "csv"],
    ["par", "eclipse.moon8", "--format", "xlsx", "--out", "{d}/o.xlsx"],
    ["package", "eclipse.moon8"], ["compare", "eclipse.moon8", "--paytable", "X,A"]])
def test_a_pay_of_24_digits_gives_a_sheet(tmp_path, argv):
    (tmp_path / "p.toml").write_text(BIG_PAY, encoding="utf-8")
    code, out, err = run_cli([w.replace("{d}", str(tmp_path)) for w in argv]
                             + ["--paytable-file", str(tmp_path / "p.toml")], tmp_path)
    assert code == 0 and "Traceback" not in err and "combin: error" not in err, err[-500:]


def test_a_pay_of_24_digits_shows_its_standard_deviation_in_full(tmp_path):
    (tmp_path / "p.toml").write_text(BIG_PAY, encoding="utf-8")
    code, out, _ = run_cli(["par", "eclipse.moon8", "--paytable-file", str(tmp_path / "p.toml")], tmp_path)
    line = next(line for line in out.splitlines() if line.startswith("Standard deviation"))
    # 24 digits before the point: sqrt(p(1-p)) x 10^24 for the 8-deck probability of the line
    assert len(line.split()[-1].split(".")[0]) == 24


# --- 7. control and bidi characters; Markdown's raw HTML -------------------------------------

@pytest.mark.parametrize("option, value, code_point", [
    ("--client", "Casino\nHouse edge: 0%", "000A"), ("--submission", "RS\r12", "000D"),
    ("--prepared-by", "ev\u202eil", "202E"), ("--client", "a\u2066b", "2066"),
    ("--client", "a\u2028b", "2028"), ("--client", "a\x1b[2Jb", "001B")])
def test_a_lab_field_with_a_control_or_bidi_character_is_refused(tmp_path, option, value, code_point):
    _refused(["audit", "--out", "{d}/b", "--game", "baccarat", "--wager", "eclipse.sun7", option, value],
             tmp_path, f"{option} holds a control character (U+{code_point}); write it on one line of "
                       "visible text")


def test_markup_in_a_paytable_title_is_inert_in_markdown(tmp_path):
    import markdown
    (tmp_path / "p.toml").write_text(
        '[[paytable]]\nwager = "eclipse.moon8"\nid = "X"\ntitle = "<script>alert(1)</script> & <!--"\n'
        'citation = "c <b>"\n[paytable.pays]\nplayer_wins_three_card_8 = "30 to 1"\n', encoding="utf-8")
    code, out, _ = run_cli(["par", "eclipse.moon8", "--paytable-file", str(tmp_path / "p.toml"),
                            "--format", "md"], tmp_path)
    assert code == 0 and "<script" not in out and "<b>" not in out and "<!--" not in out
    assert "X: &lt;script>alert(1)&lt;/script> &amp; &lt;!--" in out
    page = markdown.markdown(out, extensions=["tables"])
    assert "<script" not in page and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;!--" in page


def test_a_paytable_file_name_with_a_newline_is_refused(tmp_path):
    (tmp_path / "a\nb.toml").write_text(BIG_PAY, encoding="utf-8")
    _refused(["par", "eclipse.moon8", "--paytable-file", "{d}/a\nb.toml"], tmp_path,
             "the paytable file's name holds a control character (U+000A); write it on one line of "
             "visible text")


# --- 8. every manifest field type-checked ----------------------------------------------------

def _scope_edit(key, value):
    def edit(recorded):
        recorded["scope"] = {"game": "baccarat", "games": [], "wagers": [], "paytable": None, "rules": None,
                             "decks": "8", "shoe": None, "deck": None, "interpret": {},
                             "paytable_files": [], "submission_file": None, "include": [], key: value}
    return edit


@pytest.mark.parametrize("key, value, reason", [
    ("decks", 6, "the scope's decks must be a string or null, not int"),
    ("game", ["baccarat"], "the scope's game must be a string or null, not list"),
    ("wagers", "eclipse.sun7", "the scope's wagers must be a list of strings"),
    ("paytable_files", [3], "the scope's paytable_files must be a list of strings"),
    ("interpret", {"E1": 1}, "the scope's interpret must be an object of strings"),
    ("submission_file", 3, "the scope's submission_file must be a string or null, not int"),
    ("include", "samples", "the scope's include must be a list of strings"),
    ("games", "lunar", "the scope's games must be a list of strings"),
    ("extra", 1, "'scope' must hold exactly deck, decks, game, games, include, interpret, paytable, paytable_files, "
                 "rules, shoe, submission_file, wagers")])
def test_a_manifest_scope_field_of_the_wrong_type_is_refused(tmp_path, key, value, reason):
    make_bundle(edit=_scope_edit(key, value))(tmp_path)
    for extra in (["--hashes-only"], []):
        _refused(["audit", "--verify", "{d}/bundle", *extra], tmp_path,
                 f"{{d}}/bundle: not a valid manifest ({reason})")


def test_a_verdict_field_of_the_wrong_type_is_refused(tmp_path):
    def edit(recorded):
        recorded["verdicts"]["lunar"]["checks"] = 3
    make_bundle(edit=edit)(tmp_path)
    _refused(["audit", "--verify", "{d}/bundle", "--hashes-only"], tmp_path,
             "{d}/bundle: not a valid manifest (the verdict of 'lunar' must hold the strings checks and "
             "simulation_inside_99 and the true or false all_checks_passed)")


# --- 9. the smaller ones ---------------------------------------------------------------------

def test_workbench_with_stdout_closed_writes_its_page_and_exits_0(tmp_path):
    run = subprocess.run([sys.executable, "-m", "combin", "workbench", "--out", str(tmp_path / "w")],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT), "PATH": ""}, timeout=300,
                         preexec_fn=lambda: os.close(1))
    assert run.returncode == 0 and run.stderr == f"combin: wrote {tmp_path / 'w' / 'index.html'}\n"


def test_audit_out_a_dangling_link_is_refused_before_the_audit(tmp_path):
    os.symlink(tmp_path / "nowhere", tmp_path / "link")
    _refused(["audit", "--out", "{d}/link", "--game", "baccarat"], tmp_path,
             "{d}/link: the output directory must be a directory; this is a symbolic link to nothing")


def test_a_scheduler_port_of_5000_digits_is_refused_by_its_length(tmp_path):
    code, out, err = run_cli(LUNAR + ["--scheduler", "tcp://127.0.0.1:" + "9" * 5000], tmp_path)
    assert code == 2 and err.count("\n") == 1 and err.endswith("the port must be a number from 1 to 65,535\n")
    assert "digits" not in err and "4300" not in err


def test_pdf_with_a_broken_chromium_is_refused_before_the_audit_in_a_short_line(tmp_path):
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "chromium").write_text("#!/bin/sh\necho 'cannot open display' >&2\nexit 1\n")
    (fake / "chromium").chmod(0o755)
    started = time.monotonic()
    run = subprocess.run([sys.executable, "-m", "combin", "audit", "--out", str(tmp_path / "b"), "--game",
                          "baccarat", "--wager", "eclipse.sun7", "--pdf"], capture_output=True, text=True,
                         cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": str(fake)}, timeout=300)
    assert time.monotonic() - started < 30 and not (tmp_path / "b").exists()
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr == (f"combin: error: Chromium (chromium) could not print the report: it "
                          "exited with status 1 (cannot open display)\n")


def test_quiet_silences_the_shards_count(tmp_path):
    argv = LUNAR + ["--store", str(tmp_path / "s.sqlite"), "--shards", str(tmp_path / "run"),
                    "--shard-count", "2", "--max-shards", "0"]
    code, _, err = run_cli(argv, tmp_path)
    assert code == 0 and err == f"game: 0 of 2 shards are in {tmp_path / 'run'}\n" \
        "game: the sheet is written when every shard is in; run the same command again to go on\n"
    code, _, err = run_cli(["-q"] + argv, tmp_path)
    assert (code, err) == (0, "")
