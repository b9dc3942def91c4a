"""combin.store: runs keyed by their description, chunks committed one by one."""

import sqlite3

import pytest

from combin.errors import CombinError
from combin.store import Store, canonical, run_key


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
    from combin.store import SCHEMA_VERSION
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
                                            (3, "with store version 3")])
def test_a_store_of_another_version_is_refused_not_read(tmp_path, version, words):
    path = tmp_path / "old.sqlite"
    _old_store(path, version)
    with pytest.raises(CombinError, match="delete it or use a new --store") as error:
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
    assert "delete it or use a new --store" in err
