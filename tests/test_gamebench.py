"""The Lunar game rows of ``make bench``: the busy window and the scaling runs (no time is asserted)."""

import json
from fractions import Fraction

import pytest

from combin.bench.game import busy_rate, scaling, scaling_rows, timed_chunk


def test_busy_rate_counts_only_the_window_where_every_worker_computes():
    # a: 0-4, 4-8; b: 2-6, 7-9.  Window 2 (b's first start) to 8 (a's last stop): a's first chunk
    # half inside (2 of its 4 s), a's second whole, b's first whole, b's second 1 of its 2 s
    spans = [(8, 0, 4, "a"), (8, 4, 8, "a"), (8, 2, 6, "b"), (4, 7, 9, "b")]
    assert busy_rate(spans) == Fraction(4 + 8 + 8 + 2, 6)


def test_busy_rate_keeps_the_gaps_between_one_workers_chunks():
    # one worker, two chunks of 10 with an idle second between them: 20 in 5 s, not in 4
    assert busy_rate([(10, 0, 2, "a"), (10, 3, 5, "a")]) == 4


def test_busy_rate_refuses_workers_that_never_overlap():
    with pytest.raises(ValueError, match="never all busy"):
        busy_rate([(1, 0, 1, "a"), (1, 2, 3, "b")])


def test_timed_chunk_adds_when_and_where_it_ran_and_nothing_else():
    from combin.stud.core.deck import Deck
    from combin.stud.game.chunks import solve_chunk
    from combin.stud.game.spec import RunSpec, resolve_rules
    from combin.stud.core.classes import situations
    deck = Deck.parse("JQKA")
    _, hands, ups, weights = situations(deck)
    chunk = RunSpec.of(deck, resolve_rules("lunar", None, ()), chunk=3).chunks(hands, ups, weights, [0, 1, 2])[0]
    timed, plain = timed_chunk(*chunk), solve_chunk(*chunk)
    start, stop, pid = timed.pop("ran")
    assert start <= stop and pid > 0
    for part in (timed, plain):
        del part["cpu_seconds"], part["setup_seconds"]
    assert timed == plain


def test_scaling_runs_both_ways_on_real_processes_and_gives_the_rows():
    # 12 seeded 9TJQKA classes in chunks of 2 on a local Dask cluster (127.0.0.1) and on plain
    # processes; every run is checked against the first one inside scaling()
    found = json.loads(json.dumps(scaling(12, 2, rounds=1, deck_text="9TJQKA")))
    assert len(found["dask"]) == 1 and len(found["plain"]) == 1
    assert found["deck"] == "9TJQKA"
    for row in found["dask"] + found["plain"]:
        assert set(row["wall"]) == set(row["busy"]) == {"1", "2"}
        assert all(value > 0 for part in row.values() for value in part.values())
    rows = scaling_rows(found, 12, 2)
    assert [label.split(": ", 1)[1] for label, _, _ in rows] == [
        "12 9TJQKA classes in chunks of 2, 1 Dask worker(s), median of 1",
        "12 9TJQKA classes in chunks of 2, 2 Dask worker(s), median of 1",
        "scaling 1 -> 2 Dask workers",
        "scaling 1 -> 2 plain processes (no Dask)"]
    ratio = found["dask"][0]["busy"]["2"] / found["dask"][0]["busy"]["1"]
    assert f"{ratio:.2f}x in classes/s while every worker was busy" in rows[2][2]


def test_whole_hands_are_every_up_card_of_the_hands_drawn():
    from combin.bench.game import _classes
    from combin.stud.core.classes import situations
    from combin.stud.core.deck import Deck
    deck = Deck.parse("JQKA")
    rows, _, _, _ = situations(deck)
    _, _, _, picked = _classes(deck, 40, 5, whole_hands=True)
    assert len(picked) == 40 and picked == sorted(set(picked))
    hands = {int(rows[i]) for i in picked}
    # every class of the hands drawn but (at most) the last one's, cut at the count
    complete = [row for row in hands if all(i in picked for i in range(len(rows)) if rows[i] == row)]
    assert len(complete) >= len(hands) - 1


def test_the_plan_rows_price_each_group_in_the_parts_each_cut_makes_with_the_same_records():
    import re
    import numpy as np
    from combin.bench.game import plan_rows
    from combin.stud.core.classes import situations
    from combin.stud.core.deck import Deck
    from combin.stud.game.shards import plan_shards
    from combin.stud.game.spec import resolve_rules
    deck = Deck.parse("JQKA")
    rules = resolve_rules("lunar", None, ())
    (name, cpu, text), = plan_rows(deck, rules, groups=5, seed=2, counts=(8, 3, 1))
    assert "5 rank groups at random" in name and cpu >= 0
    parts = {int(count): int(n) for count, n in re.findall(r"(\d+) shards: (\d+) parts", text)}
    whole = int(re.search(r"whole groups: (\d+) parts", text).group(1))
    assert whole == 5
    # the parts counted again from the plans: a group's classes in as many shards as hold them
    rows, hands, ups, _ = situations(deck)
    key = (np.sort(np.asarray(hands) >> 2, axis=1) @ (13 ** np.arange(4, -1, -1))) * 13 + (np.asarray(ups) >> 2)
    import random
    every = np.unique(key)
    picked = sorted(random.Random(2).sample(range(len(every)), 5))
    for count in (8, 3):
        lows = np.array([s.low for s in plan_shards(deck, count)])
        expected = sum(len(set(np.searchsorted(lows, rows[key == every[g]], side="right").tolist())) for g in picked)
        assert parts[count] == expected >= 5
