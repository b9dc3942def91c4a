"""combin.commands.preflight and the bounds checked before the work, run as real ``python -m combin``
processes in a fresh directory with a fresh, empty cache folder.

The work of these commands writes the cache folder (the hand table, the Bet pay levels), a
store or a ``--strategy-out`` file, and prints progress on stderr: a refusal before the work
leaves the directory and the cache folder empty and prints exactly one line.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _combin(tmp_path, *argv):
    work, cache = tmp_path / "work", tmp_path / "cache"
    work.mkdir(exist_ok=True)
    cache.mkdir(exist_ok=True)
    env = dict(os.environ, PYTHONPATH=str(ROOT), COMBIN_CACHE_DIR=str(cache))
    done = subprocess.run([sys.executable, "-m", "combin", *argv], cwd=work, env=env,
                          capture_output=True, text=True, timeout=600)
    return done.returncode, done.stdout, done.stderr, work, cache


def _refused_before_work(tmp_path, argv, words):
    code, out, err, work, cache = _combin(tmp_path, *argv)
    assert code == 2, err[-2000:]
    assert out == "" and err.count("\n") == 1 and err.startswith("combin: error: "), err[-2000:]
    for word in words:
        assert word in err, err
    assert list(work.iterdir()) == [] and list(cache.iterdir()) == []
    return err


LUNAR = ("game", "lunar", "--deck", "JQKA", "--workers", "0")
ADVISE = ("lunar", "advise", "AS KD TH TC 9D", "--up", "9S", "--deck", "9TJQKA")
COUNT = ("count", "eclipse.sun7", "--trigger", "1", "--shoes", "2000", "--workers", "1")


@pytest.mark.parametrize("argv, tables", [
    (LUNAR + ("--strategy-out", "s.json"), "summary, options, results, instant, paytables, round)"),
    (LUNAR + ("--sample", "80", "--store", "s.sqlite"), "summary, strata"),
    (LUNAR + ("--strategy-table",), "instant, paytables, round, strategy, basic_strategy, basic_strategy_edge"),
    (("game", "lunar", "--no-draw", "--deck", "JQKA"), "outcomes, summary, options, strategy"),
    (("game", "caribbean", "--deck", "9TJQKA"), "outcomes, summary, options, strategy"),
    (ADVISE, "options, results"),
    (("package", "--lunar-supers", "2"), "covariance, correlation, joint_lines"),
    (COUNT, "(tables: triggers)"),
    (("hands", "--cards", "7", "--method", "exhaustive"), "(tables: classes)"),
], ids=["game lunar", "game lunar --sample", "--strategy-table", "--no-draw", "caribbean",
        "lunar advise", "package --lunar-supers", "count", "hands"])
def test_an_unknown_table_is_refused_before_any_work(tmp_path, argv, tables):
    _refused_before_work(tmp_path, argv + ("--table", "nope"), ("no table 'nope'", tables))


def test_xlsx_without_out_is_refused_before_any_work(tmp_path):
    _refused_before_work(tmp_path, LUNAR + ("--format", "xlsx", "--strategy-out", "s.json"),
                         ("--out FILE.xlsx",))


def _tables(tmp_path, argv):
    code, out, err, _, _ = _combin(tmp_path, *argv, "--format", "json")
    assert code == 0, err[-2000:]
    return [table for table in json.loads(out)["tables"]]


@pytest.mark.parametrize("argv, table", [
    (ADVISE, "results"),
    (("game", "caribbean", "--deck", "9TJQKA"), "ace_king"),
    (LUNAR + ("--sample", "80"), "strata"),
    (LUNAR + ("--strategy-table",), "basic_strategy_edge"),
    (("hands", "--cards", "6"), "bet"),
    (("hands", "--cards", "7"), "classes"),
    (("lunar", "strategy", "AS KD QH JC JD", "--up", "JS", "--deck", "JQKA"), "strategy"),
    (LUNAR + ("--shards", "full", "--shard-count", "1"), "derived_basic_strategy"),
], ids=["lunar advise", "caribbean", "game lunar --sample", "--strategy-table", "hands 6",
        "hands 7", "lunar strategy", "game lunar --shards"])
def test_the_tables_named_before_the_work_are_the_outputs_tables(tmp_path, argv, table, jqka_store):
    """What the refusal lists is what the output holds: each name is read back from the real
    output, and one of them selected by --table."""
    from combin.cli import build_parser
    parser = build_parser()
    args = parser.parse_args(list(argv))
    if argv[:2] == ("game", "lunar") and "--shards" not in argv and "--store" not in argv:
        # the tables of a finished run: the exact game read from a store that holds it (the
        # sample runs; its second run reads the first one's chunks back)
        (tmp_path / "work").mkdir()
        jqka_store(tmp_path / "work" / "s.sqlite")
        argv += ("--store", "s.sqlite")
    assert _tables(tmp_path, argv) == list(args.table_names(args))
    code, out, err, _, _ = _combin(tmp_path, *argv, "--table", table, "--format", "csv")
    assert code == 0 and out, err[-2000:]


@pytest.mark.parametrize("argv, words", [
    (("game", "lunar", "--workers", "0", "--sample", "16"),
     ("--sample 16 is too small: 263 strata need at least 1052 draws (two phases of 526)",)),
    (("game", "lunar", "--workers", "0", "--sample", "1051"), ("263 strata need at least 1052",)),
    (("game", "lunar", "--workers", "0", "--sample", "99999999999"),
     ("--sample 99,999,999,999 is more than the 5,649,150 classes",)),
    (LUNAR + ("--sample", "2425"), ("--sample 2,425 is more than the 2,424 classes",)),
    (LUNAR + ("--sample", "79", "--store", "s.sqlite"), ("20 strata need at least 80 draws",)),
    (("game", "lunar", "--deck", "TJQKA", "--workers", "2", "--sample", "16"),
     ("43 strata need at least 172 draws",)),
], ids=["16 on 52 cards", "1051 on 52 cards", "above 52 cards' classes", "above JQKA's classes",
        "79 on JQKA", "16 on TJQKA with workers"])
def test_a_sample_out_of_bounds_is_refused_before_any_work(tmp_path, argv, words):
    _refused_before_work(tmp_path, argv, words)


def test_the_least_sample_is_accepted(tmp_path):
    """The lower bound is the true one: 80 draws on JQKA's 20 strata (two phases of 40) run."""
    from jsondoc import figure
    code, out, err, _, _ = _combin(tmp_path, *LUNAR, "--sample", "80", "--format", "json",
                                   "--store", str(tmp_path / "s.sqlite"))
    assert code == 0, err[-2000:]
    assert figure(json.loads(out), "draws") == "80"
