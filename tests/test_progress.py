"""The one progress reporter: a tqdm bar on a terminal, plain lines in a log, or nothing."""

import io

from combin.running import progress
from combin.running.progress import StderrProgress, messages


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_percent_mode_writes_a_line_per_tenth_and_no_carriage_return():
    stream = io.StringIO()
    report = StderrProgress("five cards", stream)
    report(1, 4)
    report(1, 4)
    report(4, 4)
    report.close()
    assert stream.getvalue() == "five cards:  25%\nfive cards: 100%\n"


def test_a_terminal_gets_one_tqdm_bar_with_an_eta():
    stream = Terminal()
    report = StderrProgress("count", stream, unit="shoes")
    for done in range(0, 101, 10):
        report(done, 100)
    text = stream.getvalue()
    assert "count: 100%" in text and "100/100" in text and "shoes/s" in text


def test_quiet_turns_progress_off(monkeypatch):
    monkeypatch.setattr(progress, "QUIET", True)
    stream = io.StringIO()
    StderrProgress("count", stream, unit="shoes")(5, 10)
    messages("audit", stream)("one")
    assert stream.getvalue() == ""


def test_counted_mode_writes_a_line_per_tenth_when_not_a_terminal():
    stream = io.StringIO()
    report = StderrProgress("count", stream, unit="shoes")
    for done in range(1, 101):
        report(done, 100)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 11   # the first call, then each tenth 1..10
    assert lines[-1].startswith("count: 100/100 shoes (") and lines[-1].endswith(" shoes/s)")


def test_messages_are_prefixed_lines():
    stream = io.StringIO()
    say = messages("audit", stream)
    say("one")
    say("two")
    assert stream.getvalue() == "audit: one\naudit: two\n"


# --- -q after a command, from a store, on a bundle: as real processes ---------------------------

#: Every command's ``--help`` examples run with ``-q`` before the command and an empty stderr
#: (tests/test_cli.py: the variants example runs a JQKA game's chunks, a count its shoes); these
#: add what they do not hold: ``-q`` after the command, a run read back from its store (the
#: suite's finished JQKA game, tests/conftest.py::jqka_store), and an evidence bundle written
#: and verified.
QUIET_RUNS = [
    ("list",), ("par", "eclipse.sun7"), ("hands", "--cards", "5"),
    ("game", "lunar", "--deck", "JQKA", "--workers", "0", "--store", "s.sqlite"),   # read back
    ("audit", "--out", "bundle", "--game", "baccarat", "--rules", "ez", "--rounds", "1000",
     "--hands", "1000", "--shoes", "100", "--workers", "1"),
    ("audit", "--verify", "bundle", "--hashes-only"),
]


def test_quiet_prints_nothing_on_stderr_wherever_it_stands(tmp_path, jqka_store):
    """``combin -q COMMAND`` (and ``combin COMMAND -q``): a successful run prints its result on
    stdout and nothing at all on stderr -- no progress, no "wrote N files", no throughput, no
    "verified" beside a result, not from a store read back either (the verdict of
    ``audit --verify`` is its result: on stdout, with -q too)."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    jqka_store(tmp_path / "s.sqlite")
    for index, argv in enumerate(QUIET_RUNS):
        flags = ["-q", *argv] if index % 2 else [*argv, "-q"]
        done = subprocess.run([sys.executable, "-m", "combin", *flags], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=900)
        assert done.returncode == 0, (argv, done.stderr[-2000:])
        assert done.stderr == "", (argv, done.stderr[-2000:])
        if "--verify" in argv:   # -q keeps a command's result: the verdict
            assert done.stdout.startswith("bundle: verified: every file's hash"), done.stdout
    assert (tmp_path / "bundle" / "manifest.json").is_file()


def test_quiet_keeps_the_errors_and_the_differences(tmp_path):
    """-q silences progress, not what went wrong: a bad input's one line, a bundle's
    differences and their count."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    from hostile_cases import _set, make_bundle
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    done = subprocess.run([sys.executable, "-m", "combin", "-q", "par", "nope.wager"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 2 and done.stderr.startswith("combin: error: ")
    make_bundle(edit=_set(["verdicts", "lunar", "checks"], "4/4"))(tmp_path)
    done = subprocess.run([sys.executable, "-m", "combin", "-q", "audit", "--verify", "bundle",
                           "--hashes-only"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 1
    assert "recorded verdict differs" in done.stderr and "1 difference(s)" in done.stderr
