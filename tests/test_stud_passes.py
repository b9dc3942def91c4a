"""combin.stud.game.passes: a second pass along a run's shards, its walk and its refusals."""

import io
from math import comb

import pytest

from combin.errors import CombinError
from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from combin.stud.game.passes import Pass, along_shards

RULES = load_rules("lunar").resolve()


def count_chunk(run, rows):
    """A chunk's classes, weight, optimal codes and class indices, in the order they came."""
    return {"classes": len(rows), "weight": sum(row[6] for row in rows), "codes": sorted({row[8] for row in rows}),
            "indices": [row[7] for row in rows]}


@pytest.fixture(scope="module")
def jqka(tmp_path_factory, jqka_shards):
    folder = tmp_path_factory.mktemp("passes")
    jqka_shards(folder / "shards")
    return Deck.parse("JQKA"), folder


@pytest.mark.parametrize("grouped", [False, True])
def test_every_class_of_every_shard_once(jqka, tmp_path, grouped):
    deck, folder = jqka
    seen = {}

    def write(shard, results, classes):
        assert sum(r["classes"] for r in results) == classes
        seen[shard.index] = results
    work = Pass("test", count_chunk, {"x": 1}, "test pass", lambda index: index in seen, write, grouped, 50)
    written = along_shards(deck, RULES, folder / "shards", work, store_path=str(tmp_path / "s.sqlite"),
                           stream=io.StringIO(), most=2)
    assert written == [0, 1] and sorted(seen) == [0, 1]
    assert along_shards(deck, RULES, folder / "shards", work, store_path=str(tmp_path / "s.sqlite"),
                        stream=io.StringIO()) == [2]
    results = [r for index in sorted(seen) for r in seen[index]]
    assert sum(r["weight"] for r in results) == comb(16, 5) * 11          # every situation once
    indices = [i for r in results for i in r["indices"]]
    assert sorted(indices) == list(range(len(indices)))
    codes = {code for r in results for code in r["codes"]}
    assert len(codes) > 3 and codes <= set(range(29))                   # each class's optimal option
    # in the shard's order, every chunk but a shard's last holds `chunk` classes
    if not grouped:
        assert indices == sorted(indices)


def test_a_missing_shard_is_refused(jqka, tmp_path):
    import shutil
    deck, folder = jqka
    copy = tmp_path / "shards"
    shutil.copytree(folder / "shards", copy)
    (copy / "shard-001.json.gz").unlink()
    with pytest.raises(CombinError, match="shard 1 is not in; the test pass is priced once every shard is"):
        along_shards(deck, RULES, copy, Pass("test", count_chunk, {}, "test pass", lambda index: False,
                                             lambda *a: None), store_path=str(tmp_path / "s.sqlite"), stream=io.StringIO())
