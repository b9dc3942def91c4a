"""``combin game``: the whole-game par sheet on the command line.

Without draws: against the brute force.  With draws (Lunar Poker): the same
bytes in this process, on a local cluster and on an existing Dask cluster;
resume after a kill; Ctrl-C; user errors."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from combin.cli import main
from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules

from test_stud_whole import brute_totals


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_is_exact_and_matches_the_brute_force(capsys):
    code, out, _ = run(capsys, "game", "caribbean", "--deck", "JQKA", "--format", "json")
    assert code == 0
    obj = json.loads(out)
    sheet = obj["subject"]
    cycle = comb(16, 5) * 11 * comb(10, 4)
    assert sheet["cycle"] == str(cycle) and sheet["deck"] == {"ranks": "JQKA", "cards": 16}
    brute = brute_totals(load_rules("caribbean").resolve(), Deck.parse("JQKA"))["optimal"][0]
    summary = {r["figure"]: r["value"] for r in obj["tables"]["summary"]["rows"]}
    assert Fraction(summary["Expected return per Ante"]) == Fraction(brute, cycle)
    assert sum(int(line["combinations"]) for line in obj["tables"]["outcomes"]["rows"][:-1]) == cycle
    assert obj["tool"]["name"] == "combin" and sheet["strategy"] == "optimal"
    assert sheet["interpretations"] == {}


def test_lunar_records_interpretations_and_every_format(capsys, tmp_path):
    argv = ["game", "lunar", "--no-draw", "--deck", "3579J", "--paytable", "B",
            "--interpret", "L8=even-money", "--strategy", "always"]
    code, out, err = run(capsys, *argv, "--format", "json")
    sheet = json.loads(out)["subject"]
    assert sheet["paytable"] == "B" and sheet["interpretations"]["L8"] == "even-money"
    assert int(sheet["forced_dealer_hands"]) > 0 and "game:" in err
    target = tmp_path / "sheet.md"
    assert main(argv + ["--format", "md", "--out", str(target)]) == 0
    assert "L8=even-money" in target.read_text(encoding="utf-8")


@pytest.mark.parametrize("fmt", ["text", "md", "csv", "json"])
def test_out_writes_the_same_bytes_as_stdout(capsys, tmp_path, fmt):
    argv = ["game", "caribbean", "--deck", "JQKA", "--strategy", "pair", "--format", fmt,
            *(["--table", "outcomes"] if fmt == "csv" else [])]
    target = tmp_path / "sheet"
    assert main(argv + ["--out", str(target)]) == 0
    capsys.readouterr()
    main(argv)
    assert target.read_text(encoding="utf-8") == capsys.readouterr().out


@pytest.mark.parametrize("argv, words", [
    (["game", "caribbean", "--deck", "9TJQKX"], "not a rank"),
    (["game", "caribbean", "--deck", "9TJQKK"], "twice"),
    (["game", "caribbean", "--deck", "AK"], "at least 10"),
    (["game", "caribbean", "--strategy", "sometimes"], "unknown strategy"),
    (["game", "holdem"], "unknown stud game"),
    (["game", "lunar", "--deck", "TJQKA", "--strategy", "always"], "--no-draw"),
    (["game", "caribbean", "--deck", "JQKA", "--sample", "5"], "apply to Lunar Poker with draws"),
    (["game", "lunar", "--no-draw", "--paytable", "Z"], "unknown paytable"),
    (["game", "lunar", "--no-draw", "--interpret", "L8=double"], "no value"),
    (["game", "caribbean", "--interpret", "L8=push"], "does not read"),
    # the store is a regular file (checked by stat only: nothing is opened here)
    (["game", "lunar", "--deck", "JQKA", "--workers", "0", "--store", "/dev/null"],
     "must be a regular file"),
    (["game", "lunar", "--deck", "JQKA", "--workers", "0", "--store", "/"], "not a directory"),
    # numbers are refused by their length before they are converted
    (["game", "lunar", "--deck", "JQKA", "--sample", "9" * 5000], "characters long"),
    (["game", "lunar", "--deck", "JQKA", "--workers", "0" * 4999 + "1"], "characters long"),
    (["game", "lunar", "--deck", "JQKA", "--chunk", "0"], "at least 1"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, tmp_path, argv, words):
    target = tmp_path / "sheet.txt"
    code, out, err = run(capsys, *argv, "--out", str(target))
    assert code == 2 and out == ""
    assert err.startswith("combin: error: ") and words in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ["game", "lunar", "--deck", "JQKA", "--sample", "80", "--seed", "3", "--chunk", "3",
          "--format", "json"]


def _run(argv, capsys):
    assert main(argv) == 0
    return capsys.readouterr().out


def test_single_process_local_cluster_and_scheduler_give_identical_bytes(tmp_path, capsys, dask_cluster):
    single = _run(SAMPLE + ["--workers", "0", "--store", str(tmp_path / "a.sqlite")], capsys)
    remote = _run(SAMPLE + ["--scheduler", dask_cluster.scheduler_address,
                            "--store", str(tmp_path / "b.sqlite")], capsys)
    local = _run(SAMPLE + ["--workers", "2", "--store", str(tmp_path / "c.sqlite")], capsys)
    assert single == remote == local
    sheet = json.loads(single)
    subject = sheet["subject"]
    assert subject["mode"] == "sample" and subject["seed"] == 3 and subject["sample"] == 80
    # read back from the store: no work, the same bytes
    again = _run(SAMPLE + ["--workers", "0", "--store", str(tmp_path / "a.sqlite")], capsys)
    assert again == single


def test_resume_after_a_kill_gives_the_identical_result(tmp_path, capsys):
    store = tmp_path / "store.sqlite"
    argv = ["game", "lunar", "--deck", "JQKA", "--sample", "80", "--seed", "5", "--chunk", "2",
            "--workers", "0", "--format", "json"]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "combin", *argv, "--store", str(store)],
                               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    stored = 0
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.05)
            if store.exists():
                try:
                    stored = sqlite3.connect(store).execute("SELECT COUNT(*) FROM chunks").fetchone()[0]
                except sqlite3.Error:
                    continue
                if stored >= 3:
                    break
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    assert stored >= 3
    total = sqlite3.connect(store).execute("SELECT chunks FROM runs").fetchone()[0]
    done = sqlite3.connect(store).execute("SELECT COUNT(*) FROM chunks").fetchone()[0]
    assert done < total, "the run finished before it was killed: nothing to resume"
    resumed = _run(argv + ["--store", str(store)], capsys)
    fresh = _run(argv + ["--store", str(tmp_path / "fresh.sqlite")], capsys)
    assert resumed == fresh


@pytest.mark.parametrize("argv, message", [
    (["--sample", "0"], "--sample must be at least 1"),
    (["--workers", "two"], "--workers must be a whole number"),
    (["--deck", "XYZ"], "is not a rank"),
    (["--deck", "QKA"], "needs at least 16"),
    (["--paytable", "Z"], "unknown paytable"),
    (["--no-draw", "--sample", "3"], "apply to Lunar Poker with draws"),
    (["--strategy", "pair"], "add --no-draw"),
])
def test_bad_draw_options_are_one_line_and_exit_2(tmp_path, capsys, argv, message):
    out = tmp_path / "sheet.txt"
    code = main(["game", "lunar", "--deck", "JQKA", "--workers", "0", "--store",
                 str(tmp_path / "s.sqlite"), "--out", str(out), *argv])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("combin: error: ") and message in err and err.count("\n") == 1
    assert not out.exists()


@pytest.mark.slow
def test_reduced_deck_game_on_two_workers_equals_the_naive_walk(tmp_path, capsys):
    """Every class of JQKA on a local Dask cluster, against the naive game-tree walk (minutes)."""
    from fractions import Fraction
    from combin.stud.core.deck import Deck
    from combin.stud.game.spec import RunSpec, resolve_rules
    from combin.stud.reference.naive import option_values
    from combin.stud.core.situation import Situation
    from combin.stud.core.classes import situations
    text = _run(["game", "lunar", "--deck", "JQKA", "--workers", "2", "--format", "json",
                 "--store", str(tmp_path / "s.sqlite")], capsys)
    sheet = json.loads(text)
    deck, rules = Deck.parse("JQKA"), resolve_rules("lunar", None, ())
    _, hands, ups, weights = situations(deck)
    total = Fraction(0)
    for hand, up, weight in zip(hands.tolist(), ups.tolist(), weights.tolist()):
        total += weight * max(option_values(Situation(tuple(hand), up, deck), rules).values())
    expected = total / int(weights.sum())
    rows = sheet["tables"]["summary"]["rows"]
    assert rows[3]["value"] == f"{expected.numerator}/{expected.denominator}"


@pytest.mark.slow
def test_sample_interval_contains_the_exact_figure_of_a_reduced_deck(tmp_path, capsys):
    """Two decks, three seeds each: every sample's 99% interval holds the exact house edge."""
    from fractions import Fraction
    store = ["--store", str(tmp_path / "s.sqlite"), "--workers", "0", "--format", "json"]

    def figure(sheet, name):
        return Fraction(next(row["value"] for row in sheet["tables"]["summary"]["rows"] if row["figure"] == name))
    for deck, size in (("JQKA", 200), ("TJQKA", 400)):
        exact = json.loads(_run(["game", "lunar", "--deck", deck, *store], capsys))
        edge = figure(exact, "house edge per Ante")
        for seed in ("1", "2", "3"):
            sample = json.loads(_run(["game", "lunar", "--deck", deck, "--sample", str(size), "--seed", seed,
                                      *store], capsys))
            low = figure(sample, "99% interval of the house edge, low")
            high = figure(sample, "99% interval of the house edge, high")
            assert low <= edge <= high, (deck, seed)


@pytest.mark.slow
def test_committed_game_sheet_regenerates(tmp_path, capsys):
    for deck in ("JQKA",):
        committed = (ROOT / "tables" / "lunar" / "game" / f"{deck}.md").read_text(encoding="utf-8")
        text = _run(["game", "lunar", "--deck", deck, "--workers", "0", "--strategy-table", "--format", "md",
                     "--store", str(tmp_path / "s.sqlite")], capsys)
        assert text == committed


def test_ctrl_c_stops_the_cluster_and_keeps_what_is_stored(tmp_path):
    """SIGINT: exit 130, one line on stderr, the Dask worker processes gone, chunks kept."""
    import psutil
    store = tmp_path / "store.sqlite"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "combin", "game", "lunar", "--deck", "JQKA",
                                "--sample", "1500", "--chunk", "2", "--workers", "2",
                                "--store", str(store)],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    children, stored = [], 0
    deadline = time.monotonic() + 90
    try:
        while time.monotonic() < deadline and process.poll() is None and stored < 2:
            time.sleep(0.1)
            children = psutil.Process(process.pid).children(recursive=True)
            if store.exists():
                try:
                    stored = sqlite3.connect(store).execute("SELECT COUNT(*) FROM chunks").fetchone()[0]
                except sqlite3.Error:
                    pass
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert stored >= 2
    assert process.returncode == 130
    assert err.decode().rstrip("\n").splitlines()[-1] == "combin: interrupted"
    assert b"Traceback" not in err and out == b""
    gone, alive = psutil.wait_procs(children, timeout=10)
    assert alive == []
    kept = sqlite3.connect(store).execute("SELECT COUNT(*) FROM chunks").fetchone()[0]
    assert kept >= stored


@pytest.mark.parametrize("where", ["/dev/null", "a-file/strategy.json", "."])
def test_an_unwritable_strategy_output_is_refused_before_any_work(capsys, tmp_path, where):
    (tmp_path / "a-file").write_text("")
    target = where if where.startswith("/") else str(tmp_path / where)
    store = tmp_path / "store.sqlite"
    code, out, err = run(capsys, "game", "lunar", "--deck", "JQKA", "--workers", "0", "--store", str(store),
                         "--strategy-out", target)
    assert code == 2 and out == "" and err.startswith("combin: error: ") and err.count("\n") == 1
    assert not store.exists()                  # refused before the run: nothing computed, nothing stored


def test_the_game_without_draws_runs_on_a_dask_cluster_and_resumes_from_its_store(tmp_path, capsys,
                                                                                   dask_cluster):
    """Caribbean Stud and Lunar Poker without draws on the executor: a real scheduler on
    127.0.0.1, then the store read back, give the bytes of the single pass in this process."""
    for game in (["caribbean", "--deck", "TJQKA"], ["lunar", "--no-draw", "--deck", "TJQKA"]):
        argv = ["game", *game, "--format", "json"]
        here = _run(argv, capsys)
        store = str(tmp_path / f"{game[0]}.sqlite")
        remote = _run([*argv, "--scheduler", dask_cluster.scheduler_address, "--store", store], capsys)
        again = _run([*argv, "--workers", "0", "--store", store], capsys)   # every span from the store
        assert remote == here == again
        import sqlite3
        with sqlite3.connect(store) as db:
            assert db.execute("select count(*) from chunks").fetchone()[0] == 64
