"""combin.running.store: runs keyed by their description, chunks committed one by one."""

import sqlite3

import pytest

from combin.errors import CombinError
from pathlib import Path

from combin.running.store import _SCHEMA, SCHEMA_VERSION, Store, canonical, run_key


def test_canonical_and_key_do_not_depend_on_key_order():
    assert canonical({"b": 1, "a": [2, 3]}) == '{"a":[2,3],"b":1}'
    assert run_key({"a": 1, "b": 2}) == run_key({"b": 2, "a": 1})
    assert run_key({"a": 1}) != run_key({"a": 2})


def test_chunks_survive_reopening_and_big_integers_stay_exact(tmp_path):
    path = tmp_path / "sub" / "store.sqlite"
    big = 3 ** 200
    with Store(path) as store:
        key = store.begin({"job": "x"}, 3)
        store.save(key, 2, {"total": big, "names": ["a"]})
        other = store.begin({"job": "y"}, 1)
        store.save(other, 0, [1])
    with Store(path) as store:
        assert store.begin({"job": "x"}, 3) == key
        assert store.finished(key) == {2: {"total": big, "names": ["a"]}}
        assert store.finished(other) == {0: [1]}
        assert [(d, c, f) for _, d, c, f in store.runs()] == [
            (d, c, f) for d, c, f in sorted([({"job": "x"}, 3, 1), ({"job": "y"}, 1, 1)],
                                            key=lambda row: run_key(row[0]))]


def test_a_run_cut_differently_is_refused(tmp_path):
    with Store(tmp_path / "s.sqlite") as store:
        store.begin({"job": "x"}, 3)
        with pytest.raises(CombinError, match="3 chunks"):
            store.begin({"job": "x"}, 4)


def test_an_unusable_path_is_a_user_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(CombinError, match="under a file"):
        Store(blocker / "store.sqlite")
    with pytest.raises(CombinError, match="not a directory"):
        Store(str(tmp_path) + "/")
    assert [p.name for p in tmp_path.iterdir()] == ["file"]


def test_the_file_is_plain_sqlite(tmp_path):
    path = tmp_path / "s.sqlite"
    with Store(path) as store:
        store.save(store.begin({"j": 1}, 1), 0, 7)
    rows = sqlite3.connect(path).execute("SELECT chunk, result FROM chunks").fetchall()
    assert rows == [(0, "7")]


def test_a_new_store_carries_its_schema_version(tmp_path):
    from combin.running.store import SCHEMA_VERSION
    path = tmp_path / "s.sqlite"
    Store(path).close()
    assert SCHEMA_VERSION == 2
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone() == (2,)
    with Store(path) as store:                    # and opens again
        assert store.runs() == []


def _old_store(path, version=0):
    """A store as combin wrote it before stores had a version (or with another version)."""
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE runs (key TEXT PRIMARY KEY, description TEXT NOT NULL, chunks INTEGER NOT NULL);
        CREATE TABLE chunks (run TEXT NOT NULL, chunk INTEGER NOT NULL, result TEXT NOT NULL,
                             PRIMARY KEY (run, chunk));
        INSERT INTO runs VALUES ('k', '{}', 1);
        INSERT INTO chunks VALUES ('k', 0, '{"denominator":10,"classes":[]}');
    """)
    db.execute(f"PRAGMA user_version = {version}")
    db.commit()
    db.close()


@pytest.mark.parametrize("version, words", [(0, "before stores had a version"),
                                            (3, "store version 3")])
def test_a_store_of_another_version_is_refused_not_read(tmp_path, version, words):
    path = tmp_path / "old.sqlite"
    _old_store(path, version)
    with pytest.raises(CombinError, match="give --store a new file") as error:
        Store(path)
    assert str(path) in str(error.value) and words in str(error.value)
    # untouched
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone() == (version,)


def test_the_command_refuses_an_old_store_in_one_line(tmp_path, capsys):
    from combin.cli import main
    path = tmp_path / "old.sqlite"
    _old_store(path)
    code = main(["game", "lunar", "--deck", "JQKA", "--workers", "0", "--store", str(path)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert err.startswith(f"combin: error: the store {path} was written by another version")
    assert "give --store a new file" in err and "delete" not in err


# --- damaged, foreign, read-only and tampered stores: one line naming the store --------------

def _made(path, script, version=None):
    from hostile_cases import sqlite_file
    sqlite_file(path.name, script, version)(path.parent)
    return path


def _refused(path, *words, absent=("delete", "Traceback")):
    with pytest.raises(CombinError) as caught:
        with Store(path) as store:
            key = store.begin({"job": "x"}, 3)
            store.finished(key)
    message = str(caught.value)
    assert str(path) in message and "\n" not in message, message
    for word in words:
        assert word in message, message
    for word in absent:
        assert word not in message, message
    return message


def test_a_store_of_this_version_without_tables_is_damaged(tmp_path):
    path = _made(tmp_path / "s.sqlite", "", version=SCHEMA_VERSION)
    _refused(path, "damaged", "no table runs")


def test_a_store_missing_a_column_is_damaged(tmp_path):
    path = _made(tmp_path / "s.sqlite",
                 "CREATE TABLE runs (key TEXT PRIMARY KEY, description TEXT NOT NULL);"
                 "CREATE TABLE chunks (run TEXT, chunk INTEGER, result TEXT);",
                 version=SCHEMA_VERSION)
    _refused(path, "damaged", "column chunks")


def test_another_programs_database_is_never_called_ours(tmp_path):
    path = _made(tmp_path / "s.sqlite", "CREATE TABLE songs (title TEXT);", version=7)
    message = _refused(path, "another program", "songs")
    assert "version of combin" not in message


def test_a_file_that_is_no_database_is_said_to_be_none(tmp_path):
    path = tmp_path / "s.sqlite"
    path.write_text("my notes, not a database\n" * 40)
    _refused(path, "not an SQLite database")
    assert path.read_text() == "my notes, not a database\n" * 40


def test_an_older_store_is_refused_without_advice_to_delete_it(tmp_path):
    path = _made(tmp_path / "s.sqlite", _SCHEMA, version=1)
    _refused(path, "another version of combin", "store version 1")


def _corrupted(path):
    """A store of three chunks whose second page is overwritten past its header."""
    with Store(path) as store:
        key = store.begin({"job": "x"}, 3)
        for chunk in range(3):
            store.save(key, chunk, {"total": 7 ** 400 + chunk})
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) >= 2 * page
    data[page + 8: 2 * page] = b"\xa5" * (page - 8)    # the second page, past its header
    path.write_bytes(bytes(data))
    return path


def test_a_corrupted_page_is_damage(tmp_path):
    _refused(_corrupted(tmp_path / "s.sqlite"), "damaged")


def _tampered(path, chunk, result):
    with Store(path) as store:
        key = store.begin({"job": "x"}, 3)
        store.save(key, 0, {"total": 1})
    db = sqlite3.connect(path)
    db.execute("UPDATE chunks SET chunk = ?, result = ?", (chunk, result))
    db.commit()
    db.close()


def test_a_chunk_that_is_not_json_names_the_store_and_the_chunk(tmp_path):
    path = tmp_path / "s.sqlite"
    _tampered(path, 0, "{total: 1}")
    _refused(path, "damaged", "chunk 0 is not JSON")


def test_a_chunk_outside_its_run_is_damage(tmp_path):
    path = tmp_path / "s.sqlite"
    _tampered(path, 99, '{"total":1}')
    _refused(path, "damaged", "chunk 99 of a run of 3 chunks")


def test_a_store_that_cannot_be_written_is_refused_before_any_work(tmp_path):
    """An immutable file (chattr +i): even root may not write it, as a user may not write a
    store of someone else's."""
    import shutil
    import subprocess
    path = tmp_path / "s.sqlite"
    with Store(path) as store:
        store.save(store.begin({"job": "x"}, 3), 1, {"total": 5})
    if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(path)],
                                                         capture_output=True).returncode:
        pytest.skip("chattr +i is not available here")
    try:
        with pytest.raises(CombinError) as caught:
            Store(path)
        assert str(caught.value) == (f"the store {path} cannot be written (attempt to write a "
                                     "readonly database); give --store a file you may write")
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)
    with Store(path) as store:                           # nothing stored was lost
        assert store.finished(store.begin({"job": "x"}, 3)) == {1: {"total": 5}}


def test_a_scheduler_that_never_answers_leaves_no_store_and_no_traceback(tmp_path):
    """A real process against a port that accepts and never answers: after the bounded wait
    (``--connect-timeout 2``; 30 s by default), one error line, exit 2, and the store it would
    have made (with its new folders) is gone."""
    import os
    import socket
    import subprocess
    import sys
    from pathlib import Path
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)
    try:
        port = silent.getsockname()[1]
        env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
        done = subprocess.run([sys.executable, "-m", "combin", "game", "lunar", "--deck", "JQKA",
                               "--scheduler", f"tcp://127.0.0.1:{port}", "--connect-timeout", "2",
                               "--store", "new/dir/s.sqlite"], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=300)
    finally:
        silent.close()
    assert done.returncode == 2, done.stderr[-2000:]
    lines = done.stderr.splitlines()
    assert lines[-1].startswith(f"combin: error: cannot reach the Dask scheduler at "
                                f"tcp://127.0.0.1:{port}"), done.stderr[-2000:]
    assert "(at most 2 s)" in done.stderr          # the wait the option gave
    assert "Traceback" not in done.stderr and "Exception in thread" not in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_chunk_of_another_record_format_names_the_store(tmp_path):
    """A real run's store whose chunk says nothing of its record format (an edit, or another
    version's chunk): the rerun (a real process) names the store in its one line."""
    import os
    import subprocess
    import sys
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    argv = [sys.executable, "-m", "combin", "-q", "game", "lunar", "--deck", "JQKA", "--workers",
            "0", "--sample", "80", "--store", "s.sqlite"]
    assert subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True).returncode == 0
    db = sqlite3.connect(tmp_path / "s.sqlite")
    db.execute("UPDATE chunks SET result = ? WHERE chunk = 0", ('{"a": 1}',))
    db.commit()
    db.close()
    done = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("combin: error: the store s.sqlite: chunk results of another "
                                  "record format") and done.stderr.count("\n") == 1, done.stderr


def test_a_reader_in_the_middle_of_a_read_never_stops_a_run_writing(tmp_path):
    """A second connection inside a read (as a second command's check of a big store holds one)
    and the run's next chunk: with the write-ahead log the chunk is committed at once and the
    reader keeps its snapshot; in the rollback journal the commit waited for the reader and the
    run stopped with "database is locked"."""
    path = tmp_path / "store.sqlite"
    with Store(path) as store:
        key = store.begin({"job": "long"}, 3)
        store.save(key, 0, [1])
        reader = sqlite3.connect(path, timeout=1)
        assert reader.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        reader.execute("BEGIN")
        assert reader.execute("SELECT COUNT(*) FROM chunks").fetchone() == (1,)
        store.save(key, 1, [2])
        assert reader.execute("SELECT COUNT(*) FROM chunks").fetchone() == (1,)
        reader.rollback()
        assert reader.execute("SELECT COUNT(*) FROM chunks").fetchone() == (2,)
        reader.close()
        assert sorted(store.finished(key)) == [0, 1]
    with Store(path) as store:          # the mode stays in the file; the chunks are there on reopening
        assert sorted(store.finished(key)) == [0, 1]


def test_a_chunk_committed_survives_the_process_killed_at_once(tmp_path):
    """Commits in the write-ahead log do not wait for the disk (synchronous NORMAL), and a chunk
    committed is still there when the process that wrote it is killed (SIGKILL) right after: the
    store opens whole, with the chunk."""
    import os
    import signal
    import subprocess
    import sys
    path = tmp_path / "store.sqlite"
    script = ("import sys, time\nfrom combin.running.store import Store\n"
              "store = Store(sys.argv[1])\nkey = store.begin({'job': 'killed'}, 2)\n"
              "store.save(key, 0, {'n': 12345678901234567890})\n"
              "print(store._connection().execute('PRAGMA synchronous').fetchone()[0], flush=True)\n"
              "time.sleep(60)\n")
    root = Path(__file__).resolve().parents[1]
    child = subprocess.Popen([sys.executable, "-c", script, str(path)], stdout=subprocess.PIPE, text=True,
                             env=dict(os.environ, PYTHONPATH=str(root)))
    try:
        assert child.stdout.readline().strip() == "1"       # NORMAL
        os.kill(child.pid, signal.SIGKILL)
        child.wait(10)
    finally:
        if child.poll() is None:
            child.kill()
    with Store(path) as store:
        assert store.finished(store.begin({"job": "killed"}, 2)) == {0: {"n": 12345678901234567890}}


def test_a_corrupted_page_of_a_large_store_is_damage_when_it_is_read(tmp_path, monkeypatch):
    """A store above CHECK_WHOLE_UP_TO is not read whole when opened (a 7.7 GB store took minutes
    before a run began): the damaged page is named when a query reads it, the same one line."""
    import combin.running.store as store_module
    path = _corrupted(tmp_path / "s.sqlite")
    monkeypatch.setattr(store_module, "CHECK_WHOLE_UP_TO", 0)
    with Store(path) as store:              # opened: its pages are not all read
        with pytest.raises(CombinError) as caught:
            key = store.begin({"job": "x"}, 3)
            store.finished(key)
    message = str(caught.value)
    assert str(path) in message and "damaged" in message and "\n" not in message, message
