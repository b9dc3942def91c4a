"""The command line: outputs, exact JSON, and one clear error for bad input."""

import csv
import io
import json
import subprocess
import sys
from fractions import Fraction

import pytest
from jsondoc import figure, rows

from combin.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_names_every_wager_and_interpretation(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0
    for word in ("eclipse.supreme7", "baccarat.banker", "super6", "E1", "paid-rows", "9to1"):
        assert word in out


def test_par_json_is_exact(capsys):
    code, out, _ = run(capsys, "par", "eclipse.supreme7", "--paytable", "B", "--format", "json")
    sheet = json.loads(out)
    subject = sheet["subject"]
    assert code == 0 and subject["wager"] == "eclipse.supreme7" and subject["paytable"] == "B"
    assert subject["cycle"] == "4998398275503360"
    lines = rows(sheet, "outcomes")                   # the records only; the Total row apart
    assert sum(int(line["combinations"]) for line in lines) == int(subject["cycle"])
    assert sheet["tables"]["outcomes"]["totals"][0]["combinations"] == subject["cycle"]
    assert subject["interpretations"] == {"E2": "fixed"}
    for line in lines:
        assert isinstance(line["combinations"], str)
        assert Fraction(line["probability"]) == Fraction(int(line["combinations"]),
                                                         int(subject["cycle"]))
    ev = sum(Fraction(line["return"]) for line in lines)
    assert Fraction(figure(sheet, "Expected return")) == ev == \
        -Fraction(figure(sheet, "House edge"))


def test_par_csv_is_tidy_with_plain_digits(capsys):
    code, out, _ = run(capsys, "par", "baccarat.banker", "--format", "csv")
    table = list(csv.reader(io.StringIO(out)))
    assert table[0][:5] == ["event", "pays", "payout", "payout_decimal", "combinations"]
    assert all(len(row) == len(table[0]) for row in table) and "=" not in out
    assert not [row for row in table if row and row[0] == "Total"]   # apart from the records
    assert sum(int(row[4]) for row in table[1:]) == 4998398275503360
    win = [row for row in table if row and row[0] == "Banker wins"][0]
    assert win[2] == "19/20" and win[4] == "2292252566437888"


@pytest.mark.parametrize("fmt", ["text", "md"])
def test_par_text_and_markdown(capsys, fmt):
    code, out, _ = run(capsys, "par", "eclipse.sun7", "--decks", "6", "--format", fmt)
    assert code == 0 and "6 decks (312 cards)" in out and "40 to 1" in out


def test_shoe_option_and_rules(capsys):
    code, out, _ = run(capsys, "par", "baccarat.banker", "--shoe", "8d-T", "--rules", "ez",
                       "--format", "json")
    subject = json.loads(out)["subject"]
    assert code == 0 and subject["shoe"]["cards"] == 415 and subject["rules"] == "ez"


def test_sensitivity_shows_each_value(capsys):
    code, out, _ = run(capsys, "sensitivity", "eclipse.eclipse", "--paytable", "B")
    assert code == 0 and "E1=events" in out and "E1=paid-rows" in out


def test_interpretation_is_recorded(capsys):
    code, out, _ = run(capsys, "par", "eclipse.eclipse", "--interpret", "E1=paid-rows",
                       "--format", "json")
    assert json.loads(out)["subject"]["interpretations"]["E1"] == "paid-rows"


@pytest.mark.parametrize("argv, words", [
    (["par", "eclipse.sun9"], "unknown wager"),
    (["par", "eclipse.sun7", "--paytable", "Z"], "unknown paytable"),
    (["par", "eclipse.sun7", "--decks", "0"], "at least 1"),
    (["par", "eclipse.sun7", "--decks", "-3"], "at least 1"),
    (["par", "eclipse.sun7", "--decks", "7.5"], "whole number"),
    (["par", "eclipse.sun7", "--shoe", "A=-1"], "negative"),
    (["par", "eclipse.sun7", "--shoe", "A=1,2=1,3=1,4=1,5=0,6=0,7=0,8=0,9=0,0=1"], "at least 6"),
    (["par", "baccarat.banker", "--rules", "vegas"], "unknown rule set"),
    (["par", "baccarat.banker", "--rules", "ez", "--paytable", "standard"], "rule set"),
    (["par", "eclipse.eclipse", "--interpret", "E1=maybe"], "no value"),
    (["par", "eclipse.eclipse", "--interpret", "E9=x"], "unknown interpretation"),
    (["par", "eclipse.sun7", "--interpret", "E1=events"], "does not apply"),
    (["par", "eclipse.sun7", "--interpret", "E1"], "ID=VALUE"),
    (["sensitivity", "eclipse.sun7"], "no switchable"),
    (["par", "lunar.instant"], "lunar.instant is not a wager: see `combin game lunar`"),
])
def test_bad_input_is_one_clear_message_and_exit_2(capsys, tmp_path, argv, words):
    target = tmp_path / "sheet.txt"
    code, out, err = run(capsys, *argv, "--out", str(target))
    assert code == 2 and out == ""
    assert err.startswith("combin: error: ") and words in err and err.count("\n") == 1
    assert not target.exists() and list(tmp_path.iterdir()) == []


def test_argparse_errors_are_one_line_and_exit_2(capsys):
    code, out, err = run(capsys, "par", "eclipse.sun7", "--format", "pdf")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("combin: error: par: argument --format: invalid choice: 'pdf'")


def test_out_writes_the_same_bytes_as_stdout(capsys, tmp_path):
    target = tmp_path / "sheet.md"
    assert main(["par", "eclipse.moon8", "--format", "md", "--out", str(target)]) == 0
    main(["par", "eclipse.moon8", "--format", "md"])
    assert target.read_text(encoding="utf-8") == capsys.readouterr().out


def test_python_dash_m_and_startup_imports():
    code = ("import sys, combin.cli; combin.cli.build_parser(); "
            "print(' '.join(m for m in ('sympy', 'numpy', 'tabulate') if m in sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == ""
    version = subprocess.run([sys.executable, "-m", "combin", "--version"], capture_output=True,
                             text=True, check=True)
    assert version.stdout.startswith("combin ")


def test_a_run_configures_its_command_and_imports_only_its_game():
    from combin.cli import build_parser
    parser = build_parser(["-q", "par", "eclipse.eclipse"])
    assert list(parser.commands) == ["par"] and parser.commands["par"].get_default("run")
    assert list(build_parser(["list"]).commands) == ["list"]     # a command named unlike its module
    assert len(build_parser(["nope"]).commands) == len(build_parser().commands) == 17
    code = ("import sys, combin.cli; combin.cli.build_parser(['par'])\n"
            "print(' '.join(m for m in sys.modules if m.startswith('combin.commands.')))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert sorted(loaded.stdout.split()) == ["combin.commands.options", "combin.commands.par"]
    code = ("import io, sys, contextlib, combin.cli\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    combin.cli.main(['par', 'eclipse.eclipse'])\n"
            "print(' '.join(m for m in ('combin.lunar', 'combin.caribbean', 'combin.stud',\n"
            "                           'combin.files.paytable_file', 'combin.running.numba_cache',\n"
            "                           'pathlib', 'importlib.metadata') if m in sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == ""


def test_every_subcommand_help_gives_meaning_default_and_examples():
    import argparse

    from combin.cli import HelpFormatter, build_parser
    parser = build_parser()
    commands = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)][0]
    for name, sub in commands.choices.items():
        text = sub.format_help()
        assert "\nexamples:\n  combin " in text, name
        formatter = HelpFormatter(name)
        for action in sub._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            assert action.help, f"{name} {action.dest} has no help"
            if action.option_strings and action.default not in (None, False, [],
                                                                argparse.SUPPRESS):
                assert "default" in formatter._get_help_string(action), (name, action.dest)


def _combin(*argv, **kwargs):
    import os
    from pathlib import Path
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]),
               **kwargs.pop("env", {}))
    return subprocess.Popen([sys.executable, "-m", "combin", *argv], env=env, **kwargs)


def test_a_closed_stdout_is_one_line_and_exit_2():
    process = _combin("hands", "--cards", "5", stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()  # the reader went away before the first byte
    err = process.stderr.read().decode()
    assert process.wait() == 2
    assert err == "combin: error: cannot write to standard output: Broken pipe\n"


def test_stdout_closed_from_the_start_is_one_line_and_exit_2(tmp_path):
    """``combin ... >&-``: no stdout at all; the command says so before any work, and --out works."""
    import os
    for argv in (("game", "caribbean", "--deck", "JQKA"), ("par", "eclipse.sun7")):
        process = _combin(*argv, stderr=subprocess.PIPE, preexec_fn=lambda: os.close(1))
        assert process.wait() == 2
        assert process.stderr.read() == b"combin: error: standard output is closed; give --out FILE\n"
    target = tmp_path / "sun7.txt"
    process = _combin("par", "eclipse.sun7", "--out", str(target), stderr=subprocess.PIPE,
                      preexec_fn=lambda: os.close(1))
    assert process.wait() == 0 and process.stderr.read() == b"" and target.read_text()


def test_an_ascii_terminal_gets_an_escape_not_a_traceback():
    process = _combin("list", stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                      env={"PYTHONIOENCODING": "ascii"})
    out, err = process.communicate()
    assert process.returncode == 0 and err == b""
    assert b"58 Pa. Code \\xa7 631b.11" in out and max(out) < 128


def test_output_checks_come_before_the_work(capsys, tmp_path, monkeypatch):
    import combin.core.analysis
    monkeypatch.setattr(combin.core.analysis, "par_sheet", lambda *a, **k: pytest.fail("computed"))
    code, out, err = run(capsys, "par", "eclipse.sun7", "--out", str(tmp_path))
    assert code == 2 and err.endswith("must be a regular file; this is a directory\n")


def test_list_offers_the_banker_paytables_through_the_rule_sets(capsys):
    code, out, _ = run(capsys, "list")
    banker = [line for line in out.splitlines() if line.startswith("baccarat.banker")][0]
    assert "by --rules: standard* ez super6" in banker
    for rules in ("standard", "ez", "super6"):
        assert run(capsys, "par", "baccarat.banker", "--rules", rules)[0] == 0
    code, _, err = run(capsys, "par", "baccarat.banker", "--paytable", "ez")
    assert code == 2 and "choose --rules ez" in err and "means" not in err


# --- every --help example, run as written ----------------------------------------------------

#: Examples not run as written, and why: each would run for minutes to hours, or write
#: outside the test's folder; the rest are run exactly as their --help prints them.
_NOT_RUN = {
    "audit --out build/audit": "the whole bundle: hours",
    "audit --out b --game baccarat --wager eclipse.eclipse --paytable B --rules ez --pdf":
        "needs Chromium",
    "audit --out l --game lunar --paytable A --client Casino --submission RS-12": "minutes",
    "audit --out rs --game baccarat --game lunar --wager eclipse.eclipse:B --rules ez --decks 8 --paytable A":
        "minutes (tests/test_audit_games.py builds and verifies a two-game bundle)",
    "audit --verify build/audit": "needs the whole bundle",
    "audit --verify l --verify-classes 500": "needs the Lunar bundle and prices 500 52-card classes",
    "solve lunar --vary bet_pays.pays.one_pair --deck JQKA --target-edge=-844%":
        "three exact JQKA runs (tests/test_stud_remedy.py solves the same bracket)",
    "solve lunar --vary draws.fee --target-edge 0%": "an exact 52-card run: hours",
    "solve lunar --vary bet_pays.pays.one_pair --target-edge 0% --shards tables/lunar/game/remedies":
        "exact 52-card runs in shards: hours each (tests/test_stud_remedy.py solves through shards on JQKA)",
    "solve lunar --vary draws.fee --deck JQKA --target-edge=-500%":
        "two exact JQKA runs; tests/test_schemas.py runs this command as written (its JSON)",
    "tables": "rewrites the committed tables",
    "tables --out /some/where": "writes outside the test's folder",
    "lunar variants --shards build/variants --only L8-even-money --workers 2": "two exact 52-card runs: hours",
    "lunar simulate --rounds 100000 --seed 1":
        "plays by the committed shards of the exact 52-card run, which live in the repository, not here "
        "(tests/test_stud_simulate.py deals by shards of its own)",
}
#: Examples run smaller than written (the same options, fewer shoes).
_SMALLER = {"--shoes 100000": "--shoes 2000"}
#: Examples run with fewer rows than written: the default row and one change of the fourteen (the
#: whole JQKA table, about four CPU-minutes, is regenerated against the committed one by make slow).
_FEWER = {"lunar variants --deck JQKA --folder tables/lunar/game": ["--only", "no-exchange"],
          # 1,000 shoes rather than the default 10,000: the example's cluster, tags and plot are
          # the same, in a third of its time
          "count eclipse.moon8 --trigger 4 --tags suggested --plot triggers.png": ["--shoes", "1000"]}


def _examples():
    import os
    import shlex
    from pathlib import Path
    from combin.commands import MODULES
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    found = []
    for name in MODULES:
        command = "list" if name == "listing" else name
        text = subprocess.run([sys.executable, "-m", "combin", command, "--help"], env=env,
                              capture_output=True, text=True, check=True).stdout
        lines = text.split("examples:\n", 1)[1].splitlines()
        for index, line in enumerate(lines):
            if not line.startswith("  combin "):
                continue
            words, _, comment = line.partition("  #")
            note = comment or (lines[index + 1] if index + 1 < len(lines)
                               and not lines[index + 1].lstrip().startswith(("combin", "#"))
                               else "")
            argv = shlex.split(words)[1:]
            found.append((" ".join(argv), argv, note.strip()))
    return found


def test_every_help_example_runs_as_described(tmp_path, jqka_store):
    """Each ``combin COMMAND --help`` example runs (a real process, in one folder, in the order
    printed: paytable's example writes the file its next example reads) with ``-q``, exit 0 and
    nothing but its result (not a byte on stderr: every command's ``-q``); an ``--out`` the example (or its comment) calls a folder is a
    folder of CSV files, any other ``--out`` or ``--plot`` one regular file.  The folder's
    default store holds the exact JQKA game (the variants example reads its default row there,
    as it would after ``combin game lunar --deck JQKA``; its other row is run)."""
    import os
    from pathlib import Path
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    (tmp_path / "build").mkdir()
    jqka_store(tmp_path / "build" / "combin-store.sqlite")
    (tmp_path / "m8n.toml").write_text(     # the workbench example's own paytable file
        '[[paytable]]\nwager = "eclipse.moon8"\nid = "M8N"\ncitation = "a test"\n'
        '[paytable.pays]\nplayer_wins_three_card_8 = "30 to 1"\n')
    examples = _examples()
    assert len(examples) >= 30 and set(_NOT_RUN) | set(_FEWER) <= {key for key, _, _ in examples}
    for key, argv, note in examples:
        if key in _NOT_RUN:
            continue
        for written, smaller in _SMALLER.items():
            option, value = written.split()
            if option in argv and argv[argv.index(option) + 1] == value:
                argv = [smaller.split()[1] if i and argv[i - 1] == option else word
                        for i, word in enumerate(argv)]
        argv = argv + _FEWER.get(key, [])
        done = subprocess.run([sys.executable, "-m", "combin", "-q", *argv], cwd=tmp_path, env=env,
                              capture_output=True, timeout=900)
        assert done.returncode == 0 and done.stderr == b"", (key, done.stderr[-2000:])
        for option in ("--out", "--plot"):
            if option in argv:
                target = tmp_path / argv[argv.index(option) + 1]
                folder = ("folder" in note or "directory" in note or key.startswith("workbench")
                          or ("csv" in argv and "--table" not in argv))
                assert target.is_dir() if folder else target.is_file(), (key, note)
                # a folder is not named like a file, a file is named by its format
                assert not target.suffix if folder else target.suffix in (
                    ".png", ".toml", f".{argv[argv.index('--format') + 1]}"
                    if "--format" in argv else ".txt"), (key, target.name)
                if folder and not key.startswith("workbench"):
                    assert sorted(p.suffix for p in target.iterdir()) == [".csv"] * len(
                        list(target.iterdir())) and list(target.iterdir())
        if "--folder" in argv:          # tables written as NAME.md and NAME.json in that folder
            files = list((tmp_path / argv[argv.index("--folder") + 1]).iterdir())
            stems = {p.stem for p in files}
            # and, beside a table, the page a person prints (the strategy card's .html)
            assert files and sorted(p.name for p in files if p.suffix != ".html") == sorted(
                f"{stem}{suffix}" for stem in stems for suffix in (".json", ".md")), (key, files)
        if not any(option in argv for option in ("--out", "--plot", "--folder")):
            assert done.stdout, key
    assert (tmp_path / "build" / "workbench" / "index.html").is_file()  # "then open ..."


def test_quiet_holds_for_one_call_of_main(capsys):
    """``-q`` silences the progress of its own call; a later call (or a library caller in the same
    process) gets its progress again."""
    from combin.running import progress
    assert progress.QUIET is False
    assert main(["-q", "list"]) == 0
    assert progress.QUIET is False
    assert main(["-q", "eclipse", "--nope"]) == 2          # an error leaves it as it was, too
    assert progress.QUIET is False
    capsys.readouterr()
