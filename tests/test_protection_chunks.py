"""Dealing in seeded chunks: the same result for any number of workers; Ctrl-C keeps the finished chunks."""


import pytest

from combin.errors import CombinError
from combin.protection import chunks
from combin.protection import simulate as sim
from combin.protection.chunks import CHUNK, run_chunks
from combin.protection.count_options import parse_burn
from combin.protection.plan import make_plan
from combin.protection.settlement import settlement
from combin.protection.simulate import parse_triggers, simulate

DRAGON7 = (0, 0, 0, 0, -1, -1, -1, -1, 2, 2)


def flat(wager, shoes=1200, workers=1, seed=3, **options):
    return simulate(wager, tags=DRAGON7, triggers=parse_triggers("always,0,3"), true_count=True,
                    shoes=shoes, seed=seed, workers=workers, **options)


def test_a_seed_gives_the_same_result_whatever_the_number_of_workers():
    one = flat("eclipse.sun7", workers=1)
    two = flat("eclipse.sun7", workers=2)
    assert one.sums == two.sums and one.triggers == two.triggers
    assert flat("eclipse.sun7", shoes=CHUNK, seed=4).sums != flat("eclipse.sun7", shoes=CHUNK).sums
    assert one.shoes == 1200 and one.rounds == one.sums["rounds"]


def test_an_interrupted_run_keeps_the_finished_chunks(monkeypatch):
    calls = []
    real = sim.play_chunk

    def stop_on_second(job):
        calls.append(job[1])
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(job)

    monkeypatch.setattr(chunks, "play_chunk", stop_on_second)
    result = flat("eclipse.sun7", shoes=4 * CHUNK)
    assert result.interrupted and result.shoes == CHUNK and result.requested == 4 * CHUNK


def test_bad_run_sizes():
    plan = make_plan("eclipse.sun7", tags=DRAGON7, triggers=(None,),
                     settled=settlement("eclipse.sun7", 8))
    for shoes, workers, words in ((0, 1, "--shoes"), (10, 0, "--workers"), ("x", 1, "--shoes")):
        with pytest.raises(CombinError, match=words):
            run_chunks(plan, shoes, workers)
    assert parse_burn("FACE") == "face" and parse_burn("3") == 3


def test_an_existing_dask_cluster_deals_the_same_shoes(dask_cluster):
    """--scheduler: the chunks go to a real Dask scheduler and two workers on 127.0.0.1."""
    here = flat("eclipse.sun7", workers=1)
    there = flat("eclipse.sun7", workers=1, scheduler=dask_cluster.scheduler_address)
    from combin.documents.protection import count_document
    from combin.render import render
    assert there.sums == here.sums
    assert render(count_document(there), "json") == render(count_document(here), "json")
