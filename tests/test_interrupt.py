"""combin.running.interrupt: SIGINT to a real process group and SIGTERM to a real parent, with a
local Dask cluster on 127.0.0.1.

Each run is ``python -m combin ...`` in a session of its own (``start_new_session``: a
process group, as a terminal makes one) with a private, empty ``$TMPDIR``.  Once the run
has shown that its workers are busy, the signal goes to the whole group (as Ctrl-C does)
or to the parent alone (as ``kill`` does).  Then the exit status, every stderr line, the
processes that ran (by PID: the parent's descendants at the moment of the signal) and the
private ``$TMPDIR`` are checked.
"""

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from combin.running import interrupt

ROOT = Path(__file__).resolve().parents[1]


def _descendants(pid):
    """The PIDs of every living descendant of ``pid`` (read from /proc)."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(entry.name)] = int(fields[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def _alive(pid):
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _interrupted_run(tmp_path, argv, ready, signum, group, workers_expected=2):
    """Run ``combin argv``, send ``signum`` once a stderr line contains ``ready``; return
    ``(exit status, stdout, stderr lines, pids, seconds from the signal to the exit)``."""
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    work = tmp_path / "work"
    work.mkdir()
    env = dict(os.environ, TMPDIR=str(scratch), PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "combin", *argv], cwd=work, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    lines, seen = [], threading.Event()

    def read():
        for line in process.stderr:
            lines.append(line.rstrip("\n"))
            if ready in line:
                seen.set()
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    out = []
    writer = threading.Thread(target=lambda: out.append(process.stdout.read()), daemon=True)
    writer.start()
    try:
        assert seen.wait(240), f"never saw {ready!r}: {lines[-5:]}"
        deadline = time.monotonic() + 120
        pids = _descendants(process.pid)
        while len(pids) < workers_expected + 1 and time.monotonic() < deadline:
            time.sleep(0.2)                              # the workers and the resource tracker
            pids = _descendants(process.pid)
        assert len(pids) >= workers_expected + 1, pids
        start = time.monotonic()
        if group:
            os.killpg(process.pid, signum)
        else:
            os.kill(process.pid, signum)
        code = process.wait(60)
        seconds = time.monotonic() - start
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    reader.join(10)
    writer.join(10)
    time.sleep(0.5)
    left = sorted(pid for pid in pids if _alive(pid))
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert left == [], f"processes left behind: {left}"
    assert sorted(os.listdir(scratch)) == [], "the private TMPDIR is not empty"
    return code, out[0] if out else "", lines, seconds, work


COUNT = ["count", "eclipse.sun7", "--triggers", "always,2", "--shoes", "20000", "--workers", "2",
         "--format", "json"]


@pytest.mark.parametrize("signum, group, status, last", [
    (signal.SIGINT, True, 130, "combin: interrupted"),              # Ctrl-C in a terminal
    (signal.SIGTERM, False, 143, "combin: terminated (SIGTERM)"),   # kill PID
], ids=["sigint-to-the-group", "sigterm-to-the-parent"])
def test_a_signal_stops_count_and_its_workers(tmp_path, signum, group, status, last):
    code, out, lines, seconds, _ = _interrupted_run(tmp_path, COUNT, "count: ", signum, group)
    assert code == status
    assert seconds < 15
    assert lines[-1] == last
    assert all(line.startswith("count: ") for line in lines[:-1]), lines
    partial = json.loads(out)["subject"]                 # the partial result, on stdout
    assert partial["interrupted"] is True
    assert 0 < partial["shoes"] < partial["shoes_requested"] == 20000


def test_an_interrupted_audit_writes_no_bundle(tmp_path):
    argv = ["audit", "--out", "bundle", "--rounds", "1000", "--hands", "1000", "--shoes", "3000"]
    code, out, lines, seconds, work = _interrupted_run(tmp_path, argv, "count simulation for",
                                                       signal.SIGINT, group=True)
    assert code == 130 and out == ""
    assert lines[-1] == "combin: interrupted"
    assert all(line.startswith("audit: ") for line in lines[:-1]), lines
    assert not (work / "bundle").exists() and os.listdir(work) == []


def test_a_signal_in_a_shield_is_raised_when_the_shield_ends():
    interrupt.install()
    try:
        with pytest.raises(KeyboardInterrupt):
            with interrupt.shielded():
                os.kill(os.getpid(), signal.SIGTERM)
                time.sleep(0.05)                         # recorded, not raised, in here
        assert interrupt.exit_status() == 128 + signal.SIGTERM
        with interrupt.shielded(reraise=False):
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)
        assert interrupt.received() == [signal.SIGTERM, signal.SIGINT]
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


@pytest.mark.parametrize("signum, group, status", [(signal.SIGINT, True, 130),
                                                   (signal.SIGINT, False, 130),
                                                   (signal.SIGTERM, False, 143)],
                         ids=["sigint-to-the-group", "sigint-to-the-parent", "sigterm-to-the-parent"])
def test_a_signal_while_the_cluster_starts_stops_the_run_within_seconds(tmp_path, signum, group,
                                                                        status):
    """The signal lands as the first worker process of the local cluster appears (the cluster
    is still starting: no chunk has run): the run stops within 3 s (it took 5 to 12 s when the start was waited for) -- not
    once the whole cluster has started -- with one line, no process and no scratch left."""
    scratch, work = tmp_path / "tmp", tmp_path / "work"
    scratch.mkdir()
    work.mkdir()
    env = dict(os.environ, TMPDIR=str(scratch), PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "combin", *COUNT], cwd=work, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    try:
        deadline, pids = time.monotonic() + 240, set()
        while len(pids) < 2 and time.monotonic() < deadline:     # the tracker and one worker
            time.sleep(0.02)
            pids |= _descendants(process.pid)
        assert len(pids) >= 2, pids
        start = time.monotonic()
        (os.killpg if group else os.kill)(process.pid, signum)
        code = process.wait(60)
        seconds = time.monotonic() - start
        pids |= _descendants(process.pid)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    out, err = process.stdout.read(), process.stderr.read()
    time.sleep(0.5)
    left = sorted(pid for pid in pids if _alive(pid))
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert code == status, err[-2000:]
    assert seconds < 3, seconds
    assert "Traceback" not in err and err.splitlines()[-1].startswith("combin: "), err[-2000:]
    assert left == [] and os.listdir(scratch) == []


def test_an_interrupt_inside_compiled_code_stops_cleanly(monkeypatch, capsys):
    # numba hands a KeyboardInterrupt raised while it loads a cached function back as a SystemError
    # caused by it: the command line stops as for any interrupt (one line, exit 130), no traceback
    from combin import cli
    from combin.commands import lunar

    def compiled(args):
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as inner:
            raise SystemError("a dispatcher returned a result with an exception set") from inner
    monkeypatch.setattr(lunar, "run", compiled)
    assert cli.main(["lunar", "advise", "AS KD 7H 7C 2D", "--up", "9S"]) == 130
    assert capsys.readouterr().err.strip() == "combin: interrupted"


def test_a_system_error_without_an_interrupt_is_not_swallowed(monkeypatch):
    from combin import cli
    from combin.commands import lunar

    def broken(args):
        raise SystemError("a real fault")
    monkeypatch.setattr(lunar, "run", broken)
    with pytest.raises(SystemError):
        cli.main(["lunar", "advise", "AS KD 7H 7C 2D", "--up", "9S"])


def test_an_interrupted_variants_table_keeps_its_finished_rows_and_writes_no_table(tmp_path):
    """``combin lunar variants`` on two local workers, Ctrl-C as the second row starts: exit 130,
    progress lines then one line, no table written (not even one of its two files), and the
    first row's chunks kept in the store for the next run (all its chunks, intact)."""
    import sqlite3
    argv = ["lunar", "variants", "--deck", "JQKA", "--folder", "out", "--store", "s.sqlite",
            "--workers", "2"]
    code, out, lines, seconds, work = _interrupted_run(tmp_path, argv, "variants: L", signal.SIGINT,
                                                       group=True)
    assert code == 130 and out == "" and seconds < 15
    assert lines[0] == "variants: default on JQKA" and lines[-1] == "combin: interrupted", lines
    assert all(line.startswith(("variants: ", "solve lunar (JQKA): ")) for line in lines[:-1]), lines
    assert not (work / "out").exists() or os.listdir(work / "out") == []
    with sqlite3.connect(work / "s.sqlite") as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        # the default row's run whole (every chunk its run was cut into: 58 of whole rank groups on
        # JQKA), and at most part of the second row's
        per_run = sorted(db.execute("SELECT COUNT(c.chunk), r.chunks FROM runs r JOIN chunks c ON c.run = r.key "
                                    "GROUP BY r.key"))
        assert per_run[-1] == (58, 58) and len(per_run) <= 2 and all(n < whole for n, whole in per_run[:-1]), per_run


@pytest.mark.parametrize("signum, group, status, last", [
    (signal.SIGINT, True, 130, "combin: interrupted"),
    (signal.SIGTERM, False, 143, "combin: terminated (SIGTERM)"),
], ids=["sigint-to-the-group", "sigterm-to-the-parent"])
def test_a_signal_stops_a_sharded_run_on_its_kept_cluster(tmp_path, signum, group, status, last):
    """A sharded run keeps one local cluster for all its shards (combin.running.executor.kept_cluster):
    stopped once a shard is written, while the next runs on the same workers, it exits with the
    signal's status and one line, leaves no process and no scratch folder, and keeps the shard
    written (intact: a second run reads it and computes only the others)."""
    argv = ["game", "lunar", "--deck", "TJQKA", "--shards", "out", "--shard-count", "24", "--workers", "2",
            "--store", "s.sqlite"]
    code, out, lines, seconds, work = _interrupted_run(tmp_path, argv, "shard 1 of 24 written", signum, group)
    assert code == status and seconds < 15, (code, lines[-3:])
    assert lines[-1] == last, lines[-3:]
    written = sorted(p.name for p in (work / "out").glob("shard-*.json.gz"))
    assert "shard-000.json.gz" in written and "shard-001.json.gz" in written and len(written) < 24
    from combin.stud.core.deck import Deck
    from combin.stud.game.shards import load_plan, load_shard
    from combin.stud.game.spec import RunSpec, resolve_rules
    spec = RunSpec.of(Deck.parse("TJQKA"), resolve_rules("lunar", None, ()))
    shards = load_plan(work / "out", spec)
    assert all(load_shard(work / "out", spec, shards[int(name[6:9])]) is not None for name in written)
