"""combin.running.cache: arrays kept between runs, keyed, checked by their digest, never breaking a run."""

import numpy as np
import pytest

from combin.running import cache
from combin.stud.core.deck import Deck
from combin.stud.core.values import HandTable, values_of


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("COMBIN_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def _counting(arrays):
    calls = []

    def build():
        calls.append(1)
        return {name: value.copy() for name, value in arrays.items()}
    return build, calls


def test_written_once_then_read_back_and_a_new_key_is_a_new_file(folder):
    build, calls = _counting({"a": np.arange(7, dtype=np.int32), "b": np.array([3.0])})
    first = cache.cached_arrays("t", "key-1", build)
    again = cache.cached_arrays("t", "key-1", build)
    assert len(calls) == 1 and again["a"].dtype == np.int32 and again["a"].tolist() == list(range(7))
    cache.cached_arrays("t", "key-2", build)
    assert len(calls) == 2 and len(list(folder.glob("t-*.npz"))) == 2
    assert first.keys() == again.keys()


def test_a_damaged_or_altered_file_is_rebuilt_and_replaced(folder):
    build, calls = _counting({"a": np.arange(1000, dtype=np.int64)})
    cache.cached_arrays("t", "k", build)
    (path,) = folder.glob("t-*.npz")
    # an altered array with a stale digest: refused, rebuilt
    altered = dict(np.load(path))
    altered["a"] = altered["a"] + 1
    np.savez(path, **altered)
    assert cache.cached_arrays("t", "k", build)["a"][0] == 0 and len(calls) == 2
    path.write_bytes(b"not a zip file at all")
    assert cache.cached_arrays("t", "k", build)["a"][-1] == 999 and len(calls) == 3
    assert cache.cached_arrays("t", "k", build)["a"][-1] == 999 and len(calls) == 3   # replaced


def test_no_folder_can_be_made_builds_every_time(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder would go")
    monkeypatch.setenv("COMBIN_CACHE_DIR", str(blocker / "cache"))
    assert cache.cache_dir() is None
    build, calls = _counting({"a": np.zeros(3)})
    cache.cached_arrays("t", "k", build)
    cache.cached_arrays("t", "k", build)
    assert len(calls) == 2


def test_the_hand_table_read_from_the_cache_equals_the_one_built(folder):
    deck = Deck.parse("9TJQKA")
    built = HandTable(deck)           # builds and writes
    read = HandTable(deck)            # reads
    assert len(list(folder.glob("hand-table-*.npz"))) == 1
    direct = values_of(built.hands)
    assert np.array_equal(read.values, direct) and np.array_equal(built.values, direct)
    levels, dense = np.unique(direct, return_inverse=True)
    assert np.array_equal(read.levels, levels) and np.array_equal(read.dense, dense.reshape(-1))
    assert read.qualify_level == built.qualify_level
    assert read.hands.shape == (len(read), 5)
