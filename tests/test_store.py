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
