"""combin.running.executor on real Dask: one scheduler and two workers on 127.0.0.1, no mock.

The chunks are ``math.comb(n, k)`` -- importable on any worker, exact big
integers -- so the results are checked against the closed form, and the three
ways to run (here, a local cluster started by the executor, an existing
cluster reached by its address) must give identical bytes.
"""

import io
import json
from math import comb

import pytest

from combin.errors import CombinError
from combin.running.executor import check_workers, default_scheduler, run_chunks
from combin.running.progress import ChunkProgress
from combin.running.store import Store

CHUNKS = [(n, k) for n in range(60, 64) for k in (0, 7, 30)]
EXPECTED = [comb(n, k) for n, k in CHUNKS]


@pytest.fixture
def cluster(dask_cluster):
    """The session's Dask scheduler and two workers on 127.0.0.1 (tests/conftest.py)."""
    return dask_cluster


def test_single_process_matches_the_closed_form():
    stream = io.StringIO()
    assert run_chunks(comb, CHUNKS, workers=0, stream=stream) == EXPECTED
    assert stream.getvalue().endswith("\n") and f"{len(CHUNKS)}/{len(CHUNKS)} chunks" in stream.getvalue()


def test_existing_cluster_and_local_cluster_give_identical_bytes(cluster, tmp_path):
    address = cluster.scheduler_address
    assert address.startswith("tcp://127.0.0.1:")
    assert len(cluster.workers) == 2
    remote = run_chunks(comb, CHUNKS, scheduler=address, stream=io.StringIO())
    local = run_chunks(comb, CHUNKS, workers=2, stream=io.StringIO())
    single = run_chunks(comb, CHUNKS, workers=0, stream=io.StringIO())
    assert json.dumps(remote) == json.dumps(local) == json.dumps(single)
    assert remote == EXPECTED


def test_a_stored_run_is_read_back_without_computing(tmp_path, cluster):
    path = tmp_path / "store.sqlite"
    description = {"job": "comb", "chunks": CHUNKS}
    with Store(path) as store:
        first = run_chunks(comb, CHUNKS, scheduler=cluster.scheduler_address, store=store,
                           description=description, stream=io.StringIO())
    with Store(path) as store:
        # A function that cannot run proves that nothing is recomputed.
        again = run_chunks(_never, CHUNKS, workers=0, store=store, description=description,
                           stream=io.StringIO())
    assert first == again == EXPECTED


def test_a_partial_run_resumes_with_only_the_missing_chunks(tmp_path):
    path = tmp_path / "store.sqlite"
    description = {"job": "comb"}
    with Store(path) as store:
        key = store.begin(description, len(CHUNKS))
        for index in (0, 5, 11):
            store.save(key, index, EXPECTED[index])
        calls = []
        results = run_chunks(_counting(calls), CHUNKS, store=store, description=description,
                             stream=io.StringIO())
    assert results == EXPECTED
    assert sorted(calls) == sorted(c for i, c in enumerate(CHUNKS) if i not in (0, 5, 11))


def test_bad_worker_counts_and_an_unreachable_scheduler_are_user_errors():
    assert check_workers("3") == 3
    for bad in ("-1", "two", "1000"):
        with pytest.raises(CombinError, match="--workers"):
            check_workers(bad)
    with pytest.raises(CombinError, match="cannot reach the Dask scheduler"), \
            default_scheduler(None, connect_timeout=2):
        run_chunks(comb, [(3, 1)], scheduler="tcp://127.0.0.1:9", stream=io.StringIO())


def test_progress_shows_rate_and_eta():
    ticks = iter([0.0, 2.0, 4.0])
    stream = io.StringIO()
    progress = ChunkProgress("job", 2, items=[10, 30], unit="situations", stream=stream,
                             clock=lambda: next(ticks))
    progress(0)
    assert "1/2 chunks, 5.000 situations/s, ETA 00:00:06" in stream.getvalue()
    progress(1)
    progress.close()
    assert "2/2 chunks, 10.0 situations/s, ETA 00:00:00" in stream.getvalue()
    assert "\r" not in stream.getvalue()   # a log file gets plain lines


def test_progress_of_long_chunks_shows_a_line_a_minute_and_the_work_at_once():
    """A log gets the work to do before any chunk ends, then a line per tenth of the chunks or per
    HEARTBEAT seconds, whichever comes first (64 chunks of a minute each: not 6 minutes silent)."""
    from combin.running.progress import HEARTBEAT
    ticks = iter([0.0, 30.0, 30.0 + HEARTBEAT + 1, 40.0 + HEARTBEAT])
    stream = io.StringIO()
    progress = ChunkProgress("job", 64, stream=stream, clock=lambda: next(ticks))
    progress.begin(60)
    for chunk in range(3):
        progress(chunk)
    lines = stream.getvalue().splitlines()
    assert lines[0] == "job: 60 of 64 chunks to compute (4 read from the store)"
    assert [line.split(",")[0] for line in lines[1:]] == ["job: 1/64 chunks", "job: 2/64 chunks"]


def _never(*args):
    raise AssertionError("a stored chunk was recomputed")


def _counting(calls):
    def function(n, k):
        calls.append((n, k))
        return comb(n, k)
    return function


def test_results_that_json_cannot_hold_and_a_callback_per_chunk(cluster):
    from collections import Counter
    chunks = [([(1, 2), (1, 2)],), ([(3, 4)],), ([],)]     # tuple keys: not JSON
    seen = []
    found = run_chunks(Counter, chunks, scheduler=cluster.scheduler_address, as_json=False,
                       on_result=lambda index, result: seen.append(index), stream=io.StringIO())
    assert found == [Counter({(1, 2): 2}), Counter({(3, 4): 1}), Counter()]
    assert all(type(result) is Counter for result in found)
    assert sorted(seen) == [0, 1, 2]
    with pytest.raises(ValueError, match="JSON"):
        run_chunks(Counter, chunks, store=object(), as_json=False)


def test_a_default_scheduler_serves_runs_that_name_none(cluster):
    from combin.running.executor import default_scheduler
    with default_scheduler(cluster.scheduler_address):
        # workers=0 would run here; the default scheduler takes the run instead
        found = run_chunks(_worker_pid, [(1,), (2,)], workers=0, stream=io.StringIO())
    import os
    assert all(pid != os.getpid() for pid in found)
    with default_scheduler(None):
        assert run_chunks(_worker_pid, [(1,)], workers=0, stream=io.StringIO()) == [os.getpid()]


def _worker_pid(_):
    import os
    return os.getpid()


def _malloc_setting():
    import os
    import dask
    return (os.environ.get("MALLOC_TRIM_THRESHOLD_"), dask.config.get("distributed.worker.profile.enabled"),
            dask.config.get("distributed.admin.system-monitor.gil.enabled"))


def _housekeeping(dask_worker=None, server=None):
    """Milliseconds between a server's tick, memory check and system sample (None: it has none)."""
    callbacks = (server or dask_worker).periodic_callbacks
    return tuple(callbacks[name].callback_time if name in callbacks else None
                 for name in ("tick", "memory_monitor", "monitor"))


def test_local_workers_keep_the_dynamic_mmap_threshold_and_light_housekeeping():
    # Dask's nanny would set MALLOC_TRIM_THRESHOLD_ in its workers, which fixes glibc's mmap
    # threshold and faults every large array in afresh; the local cluster's workers must not have it,
    # nor run the profiler and GIL monitor that sample their threads, and the cluster's housekeeping
    # (Dask's defaults: a tick every 20 ms, a memory check every 100 ms, a system sample every 500 ms)
    # runs at LOCAL_CONFIG's intervals in every server of it
    # (a nanny of an earlier cluster in this process leaves it in os.environ: set it here as one would)
    import os
    from distributed import Client
    from combin.running.executor import local_cluster
    before = os.environ.get("MALLOC_TRIM_THRESHOLD_")
    os.environ["MALLOC_TRIM_THRESHOLD_"] = "65536"
    try:
        with local_cluster(1) as cluster, Client(cluster) as client:
            assert list(client.run(_malloc_setting).values()) == [(None, False, False)]
            assert list(client.run(_housekeeping).values()) == [(1000, 1000, 2000)]
            nanny, = cluster.workers.values()
            assert _housekeeping(server=nanny) == (1000, 1000, 2000)
            assert _housekeeping(server=cluster.scheduler) == (1000, None, 2000)
        assert os.environ["MALLOC_TRIM_THRESHOLD_"] == "65536"        # put back for this process
    finally:
        if before is None:
            del os.environ["MALLOC_TRIM_THRESHOLD_"]
        else:
            os.environ["MALLOC_TRIM_THRESHOLD_"] = before


def test_a_scheduler_that_never_answers_is_reported_in_bounded_time():
    """A port that accepts and never answers (the client's own timeout does not bound it)."""
    import socket
    import time
    from distributed import Client
    from combin.running.executor import _connect
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(4)
    address = f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    stream = io.StringIO()
    start = time.monotonic()
    try:
        with pytest.raises(CombinError, match=f"cannot reach the Dask scheduler at {address}"):
            import contextlib
            with contextlib.redirect_stderr(stream):
                _connect(Client, address, 2)
    finally:
        listener.close()
    assert time.monotonic() - start < 2 + 5 + 3
    assert stream.getvalue() == f"combin: connecting to the Dask scheduler at {address} (at most 2 s)\n"


def test_a_scheduler_without_workers_is_reported_with_progress(capsys, tmp_path):
    import logging
    from distributed import Client, LocalCluster
    from combin.running.executor import _connect
    import dask
    # Dask's scratch space in this test's temporary folder, not a shared one in the system's
    with dask.config.set({"temporary-directory": str(tmp_path)}), \
            LocalCluster(n_workers=0, processes=False, protocol="tcp://", host="127.0.0.1",
                         dashboard_address="127.0.0.1:0", silence_logs=logging.ERROR,
                         local_directory=str(tmp_path)) as empty:
        with pytest.raises(CombinError, match="has no workers \\(none joined within 2 s\\)"):
            _connect(Client, empty.scheduler_address, 2)
    assert capsys.readouterr().err.splitlines()[-1] == ("combin: the scheduler has no worker yet; "
                                                        "waiting at most 2 s for one")


def test_no_garbage_collection_callback_of_dask_in_the_signalled_process():
    # the scheduler of a local cluster times every collection from a gc callback of this process;
    # a SIGTERM landing inside it left every later collection printing an AssertionError
    # traceback ("Exception ignored in ... GCDiagnosis._gc_callback"): the callback is removed
    import gc
    from combin.running.executor import local_cluster

    def dask_callbacks():
        return [c for c in gc.callbacks if "distributed" in getattr(c, "__module__", "")
                or "GCDiagnosis" in repr(c)]
    with local_cluster(1):
        assert dask_callbacks() == []
        gc.collect()
    assert dask_callbacks() == []


def test_a_stop_whose_client_close_times_out_still_stops_at_once(monkeypatch):
    # on a busy machine Dask's Client.close can run past its 60 s and raise TimeoutError (an
    # OSError): the stop printed "cannot write the output: timed out after 60 s." and the client's
    # finaliser then waited on a closed loop at the exit. The stop stays a KeyboardInterrupt,
    # within seconds, and the client is left closed. (The time-out is injected into the real
    # client of a real local cluster.)
    import gc
    import time
    from distributed import Client
    real_close = Client.close
    made = []

    def slow_close(self, timeout=None):
        made.append(self)
        real_close(self, timeout=timeout)
        raise TimeoutError("timed out after 60 s.")
    monkeypatch.setattr(Client, "close", slow_close)

    def stop(index, result):
        raise KeyboardInterrupt
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        run_chunks(comb, CHUNKS, workers=2, stream=io.StringIO(), on_result=stop)
    assert time.monotonic() - start < 60
    assert made and all(client.status == "closed" for client in made)
    monkeypatch.setattr(Client, "close", real_close)
    del made[:]
    gc.collect()


def test_more_chunks_than_the_window_in_flight(cluster):
    # a distributed run keeps a window of chunks in flight (8 per worker thread, at least WINDOW)
    # and tops it up as they finish: every chunk once, results in chunk order
    from combin.running import executor
    chunks = [(n, 3) for n in range(60, 60 + 3 * max(executor.WINDOW, 16) + 5)]
    stream = io.StringIO()
    found = run_chunks(comb, chunks, scheduler=cluster.scheduler_address, stream=stream)
    assert found == [comb(n, k) for n, k in chunks]
    assert f"{len(chunks)}/{len(chunks)} chunks" in stream.getvalue()


def test_a_stop_leaves_none_of_its_chunks_on_another_scheduler(cluster):
    """A run on a scheduler that is not its own leaves none of its chunks behind when stopped."""
    import time
    from distributed import Client

    def stop(index, result):
        raise KeyboardInterrupt
    chunks = [(0.05,)] * 600                # more than the window: some still waiting to be sent
    with pytest.raises(KeyboardInterrupt):
        run_chunks(time.sleep, chunks, scheduler=cluster.scheduler_address, stream=io.StringIO(),
                   on_result=stop, as_json=False)

    def ours(dask_scheduler):
        return sum(str(key).startswith("combin-") for key in dask_scheduler.tasks)
    with Client(cluster.scheduler_address) as client:
        deadline = time.monotonic() + 20
        while (left := client.run_on_scheduler(ours)) and time.monotonic() < deadline:
            time.sleep(0.1)
    assert left == 0


@pytest.mark.parametrize("start, warned", [("executor._start_tracker()", False),
                                           ("resource_tracker.ensure_running()", True)],
                         ids=["the-cluster's-tracker", "a-plain-tracker"])
def test_the_cluster_s_resource_tracker_is_silent_at_its_exit(start, warned):
    # a worker killed while the cluster starts can leave the tracker a semaphore it already
    # unlinked; a plain tracker then warns after the command's last line, the cluster's does not
    import subprocess
    import sys
    from pathlib import Path
    script = ("from multiprocessing import resource_tracker\n"
              "from combin.running import executor\n"
              f"{start}\n"
              "resource_tracker.register('/mp-combin-gone', 'semaphore')\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, cwd=Path(__file__).resolve().parents[1])
    assert done.returncode == 0
    assert ("leaked semaphore" in done.stderr) is warned, done.stderr


def _worker_pid(_):
    import os
    return os.getpid()


def test_a_kept_cluster_serves_every_run_of_its_block_and_closes_with_it():
    """Within kept_cluster(2), two runs on two local workers are priced by the same two worker
    processes (one cluster, started once); after the block they are gone, and a run outside it
    starts a cluster of its own.  Results are the same as without the block."""
    import os
    from combin.running.executor import kept_cluster
    with kept_cluster(2):
        first = run_chunks(_worker_pid, [(i,) for i in range(16)], workers=2, stream=io.StringIO())
        second = run_chunks(_worker_pid, [(i,) for i in range(16)], workers=2, stream=io.StringIO())
        assert run_chunks(comb, CHUNKS, workers=2, stream=io.StringIO()) == EXPECTED
    assert set(second) <= set(first) and len(set(first)) <= 2 and os.getpid() not in first
    after = run_chunks(_worker_pid, [(i,) for i in range(4)], workers=2, stream=io.StringIO())
    assert not set(after) & set(first)
    for pid in first:
        assert not os.path.exists(f"/proc/{pid}") or "Z" in open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1][:3]


def test_a_kept_cluster_is_closed_when_its_block_fails():
    """An error inside the block closes the kept cluster at once (its workers killed) and is raised."""
    import os
    import time
    from combin.running.executor import kept_cluster
    pids = []
    with pytest.raises(CombinError, match="stop here"):
        with kept_cluster(2):
            pids = run_chunks(_worker_pid, [(i,) for i in range(8)], workers=2, stream=io.StringIO())
            raise CombinError("stop here")
    time.sleep(0.5)
    assert pids and all(not os.path.exists(f"/proc/{pid}") or
                        "Z" in open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1][:3] for pid in pids)
