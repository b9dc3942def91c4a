"""One executor for all heavy work: chunks as Dask tasks, results exact and stored.

:func:`run_chunks` runs a module-level function on every chunk of a job and
returns the results in chunk order.  It knows no game:

* ``workers=0`` runs every chunk here, one after another (the single-process
  reference);
* ``workers=N`` starts a Dask ``LocalCluster`` of ``N`` worker processes (one
  thread each) on 127.0.0.1 -- the embedded default, nothing to set up;
* ``scheduler="tcp://host:8786"`` sends the same chunks to an existing Dask
  cluster unchanged (its workers must be able to import ``combin``);
* within :func:`kept_cluster`, every run on ``N`` local workers shares one cluster:
  a job of many runs (a 52-card game in 256 shards) starts its workers, and loads
  the compiled kernel and the deck's tables in them, once instead of once a run.

Why every path gives the same bytes.  A chunk's result is a function of its
arguments alone (a chunk carries its own seed when it simulates), results are
JSON-able objects of exact integers and strings, and every result -- computed
here, on a worker or read back from the store -- passes through the same
canonical JSON round trip before it is returned.  The caller sums them in
chunk order, so neither the number of workers nor the order in which chunks
finish can change a digit.

With a :class:`combin.running.store.Store`, each finished chunk is committed as soon
as it arrives; chunks already stored are not recomputed, so an interrupted run
resumes and a finished run is read back without starting a cluster.  Progress
(chunks, items per second, ETA) goes to standard error; Ctrl-C cancels what is
pending, shuts the cluster down and re-raises ``KeyboardInterrupt`` (the
command line exits 130); nothing already stored is lost.
"""

import atexit
import hashlib
import json
import itertools
import logging
import os
import pickle
import shutil
import signal
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from multiprocessing import resource_tracker
from typing import TYPE_CHECKING, Any, TextIO

from combin.files.bounded import parse_int
from combin.errors import CombinError
from combin.running.interrupt import received, shielded
from combin.running.progress import ChunkProgress, messages
from combin.running.store import canonical

if TYPE_CHECKING:       # the store and Dask's types for the annotations only
    import threading

    from distributed import Client, LocalCluster

    from combin.running.store import Store

__all__ = ["run_chunks", "MAX_WORKERS", "check_workers", "default_scheduler", "kept_cluster", "local_cluster",
           "close_cluster", "LOCAL_CONFIG"]

MAX_WORKERS = 256
#: How many seconds a run waits for a scheduler it names, unless :func:`default_scheduler` says.
CONNECT_TIMEOUT = 30
_DEFAULT: dict[str, Any] = {"scheduler": None, "connect_timeout": CONNECT_TIMEOUT}


@contextmanager
def default_scheduler(address: str | None, connect_timeout: int | None = None) -> Iterator[None]:
    """Within the block, every run that names no ``scheduler`` goes to ``address`` (if not None),
    and a run waits at most ``connect_timeout`` seconds for a scheduler (if not None).

    A command whose heavy work is several runs deep (``combin audit``) sets
    its ``--scheduler`` once here instead of passing it through every layer.

    >>> with default_scheduler(None, connect_timeout=2):
    ...     _DEFAULT["scheduler"], _DEFAULT["connect_timeout"]
    (None, 2)
    """
    before = dict(_DEFAULT)
    if address is not None:
        _DEFAULT["scheduler"] = address
    if connect_timeout is not None:
        _DEFAULT["connect_timeout"] = connect_timeout
    try:
        yield
    finally:
        _DEFAULT.update(before)


#: The local cluster shared by the runs of a :func:`kept_cluster` block: ``{"workers": N}``, and
#: ``"cluster"`` once the first run has started it.
_KEPT: dict[str, Any] = {}


@contextmanager
def kept_cluster(workers: object) -> Iterator[None]:
    """Within the block, the runs on ``workers`` local workers (no scheduler named) share one local
    cluster, started by the first run that needs one and closed when the block ends -- at once
    (its workers killed, the chunks they hold lost; every finished chunk is stored) when the block
    ends in an exception such as an interrupt.  A block within a block, or of 0 workers, keeps
    nothing of its own.

    >>> with kept_cluster(0):
    ...     run_chunks(pow, [(2, 10), (3, 2)])
    [1024, 9]
    """
    count = check_workers(workers)
    if _KEPT or count == 0:
        yield
        return
    _KEPT["workers"] = count
    stopped = False
    try:
        yield
    except BaseException:
        stopped = True
        raise
    finally:
        cluster = _KEPT.pop("cluster", None)
        _KEPT.clear()
        if cluster is not None:
            if stopped:
                _quiet_dask()
            close_cluster(cluster, at_once=stopped)


def check_workers(workers: object) -> int:
    """``workers`` as an int in 0..MAX_WORKERS (0: in this process), or a CombinError."""
    return parse_int(workers, "--workers", 0, MAX_WORKERS)


def _canonical(result: Any) -> Any:
    return json.loads(json.dumps(result, sort_keys=True))


def run_chunks(function: Callable[..., Any], chunks: Iterable[Sequence[Any]], *, workers: object = 0,
               scheduler: str | None = None, store: "Store | None" = None, description: Any = None,
               label: str = "chunks", items: Sequence[int] | None = None, unit: str = "items",
               stream: TextIO | None = None, on_result: Callable[[int, Any], None] | None = None,
               as_json: bool = True) -> list[Any]:
    """``[function(*chunk) for chunk in chunks]``, on Dask, resumable; results in chunk order.

    ``function`` must be importable by name on the workers and return a
    JSON-able object.  ``store`` and ``description`` (a JSON-able dict naming
    the run) make the run resumable.  ``items[i]`` is the work in chunk ``i``
    (for the rate on the progress line); a ``scheduler`` is waited for at most
    :data:`CONNECT_TIMEOUT` seconds (or as :func:`default_scheduler` says).  ``on_result(index,
    result)`` is called as each chunk is finished (a caller that keeps a
    partial result when interrupted adds them up there).  ``as_json=False``
    returns results as the function made them (exact objects that JSON cannot
    hold, such as counters keyed by tuples); a store needs JSON.
    """
    if store is not None and not as_json:
        raise ValueError("a store keeps JSON results only")
    if scheduler is None:
        scheduler = _DEFAULT["scheduler"]
    workers = check_workers(workers)
    tuples = [tuple(chunk) for chunk in chunks]
    results: list[Any] = [None] * len(tuples)
    key = None
    if store is not None:
        key = store.begin(description, len(tuples))
        for index, result in store.finished(key).items():
            results[index] = _canonical(result)
    todo = [i for i, result in enumerate(results) if result is None]
    progress = ChunkProgress(label, len(tuples), items, unit, stream)
    for i, result in enumerate(results):
        if result is not None:
            progress.stored(i)
            if on_result is not None:
                on_result(i, result)
    try:
        if not todo:
            return results
        progress.begin(len(todo))
        if scheduler is None and workers == 0:
            asked = _stop_watch()
            for i in todo:
                _finish(results, i, function(*tuples[i]), store, key, progress, on_result, as_json)
                asked()
        else:
            _distributed(function, tuples, todo, results, workers, scheduler, store, key, progress,
                         on_result, as_json)
    finally:
        progress.close()
    return results


def _finish(results: list[Any], index: int, result: Any, store: "Store | None", key: str | None,
            progress: ChunkProgress, on_result: Callable[[int, Any], None] | None,
            as_json: bool) -> None:
    text = None
    if as_json:
        # one canonical text: what the store keeps and what every path returns (read back); a
        # worker sends it made (_unpacked), the chunks run here make it now
        text = result if isinstance(result, _Text) else canonical(result)
        results[index] = json.loads(text)
    else:
        results[index] = result
    if store is not None and key is not None:
        store.save(key, index, results[index], text)
    if on_result is not None:
        on_result(index, results[index])
    progress(index)


#: The Dask configuration of :func:`local_cluster`.  By Dask's defaults a cluster of 2 workers has
#: its timers fire some 300 times a second (a 20 ms tick in each of its 5 servers: scheduler, 2
#: nannies, 2 workers; a 100 ms memory check in each nanny and worker).  Measured on 2 cores: the
#: idle cluster took 0.055 of a core, 0.012 with these settings; with both workers busy on Lunar
#: classes, the classes/s rose 0.6-3.3% in each of four alternating rounds.
LOCAL_CONFIG = {
    # the nanny's environment for its workers: none (not MALLOC_TRIM_THRESHOLD_, see local_cluster)
    "distributed.nanny.pre-spawn-environ": {},
    # the statistical profiler samples every worker thread every 10 ms, the GIL monitor every 1 ms
    "distributed.worker.profile.enabled": False,
    "distributed.admin.system-monitor.gil.enabled": False,
    # every server's event-loop tick (default 20 ms: scheduler, each nanny, each worker) only
    # measures how late it is, to warn of a blocked loop after distributed.admin.tick.limit (3 s)
    "distributed.admin.tick.interval": "1s",
    # the nanny's and worker's memory checks (default 100 ms): a worker over its limit is still
    # paused or restarted, a second later at most
    "distributed.worker.memory.monitor-interval": "1s",
    # the CPU, memory and network samples for the dashboard (default 500 ms)
    "distributed.admin.system-monitor.interval": "2s",
}


def local_cluster(workers: int) -> "LocalCluster":
    """A Dask ``LocalCluster`` of ``workers`` single-threaded processes on 127.0.0.1.

    Dask's nanny starts its workers with ``MALLOC_TRIM_THRESHOLD_`` set, and
    setting it switches off glibc's dynamic mmap threshold: every large array a
    task frees goes back to the system and the next one is faulted in page by
    page (measured: 40% more CPU per Lunar class, all of it page faults).  The
    workers started here are spawned without it: none in the configuration,
    and none in this process's environment while they start (a nanny started
    earlier in this process writes it there; it is put back afterwards).

    On a machine whose every core runs a worker, whatever else the cluster
    does takes the workers' time, so the cluster runs with :data:`LOCAL_CONFIG`:
    no profiler or GIL monitor sampling the workers' threads, and its
    housekeeping less often (see there).

    The cluster is started inside :func:`combin.running.interrupt.shielded`, so its
    workers never receive SIGINT or SIGTERM (the caller stops them by closing
    the cluster), and its scratch folders go to a private temporary folder
    that :func:`close_cluster` (or, at the latest, the interpreter's exit) removes.
    """
    import dask
    from distributed import LocalCluster
    # started now, unshielded: starting it later (from the cluster's thread) would unblock
    # SIGINT and SIGTERM in that thread (multiprocessing.resource_tracker.ensure_running)
    _start_tracker()
    scratch = tempfile.mkdtemp(prefix="combin-dask-")
    atexit.register(shutil.rmtree, scratch, True)
    saved = os.environ.pop("MALLOC_TRIM_THRESHOLD_", None)
    made: dict[str, Any] = {}

    def start() -> None:        # in a thread started shielded: it and its processes never get a signal
        try:
            made["cluster"] = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                           host="127.0.0.1", dashboard_address="127.0.0.1:0",
                                           silence_logs=logging.CRITICAL, local_directory=scratch)
        except BaseException as error:      # noqa: BLE001 -- raised in the waiting thread
            made["error"] = error
    try:
        with dask.config.set(dict(LOCAL_CONFIG, **{"temporary-directory": scratch})):
            known = _started_clusters()
            thread = threading.Thread(target=start, daemon=True, name="combin cluster start")
            with shielded():
                thread.start()
            try:
                while thread.is_alive():        # a signal stops this wait at once, not the
                    thread.join(0.1)            # whole start (seconds on a busy machine)
            except BaseException:
                _quiet_dask()
                _kill_starting(thread)
                _forget_unstarted(known)
                raise
        if "error" in made:
            raise made["error"]
        cluster: LocalCluster = made["cluster"]
        setattr(cluster, "combin_scratch", scratch)     # for close_cluster: an attribute of ours
        # the scheduler, in this process, times every garbage collection from a gc callback
        # (distributed.gc); a signal that lands inside it skips the callback's other half, and
        # every later collection then prints an AssertionError traceback: no callback here (the
        # workers get no signal, so theirs stay)
        from distributed.gc import disable_gc_diagnosis
        disable_gc_diagnosis(force=True)
    except BaseException:
        # interrupted while it started or failed to start
        if made.get("cluster") is not None:
            _quiet_dask()
            close_cluster(made["cluster"], at_once=True)
        shutil.rmtree(scratch, ignore_errors=True)
        raise
    finally:
        if saved is not None:
            os.environ["MALLOC_TRIM_THRESHOLD_"] = saved
    return cluster


def _start_tracker() -> None:
    """Start multiprocessing's resource tracker, silent at its exit.

    A worker killed while the cluster starts (an interrupt) may have unlinked a semaphore
    without telling the tracker, which then warns at its exit of a "leaked" semaphore
    that no longer exists -- a line after the command's last one.  The tracker takes
    its warning filters from this interpreter's ``-W`` options as it is spawned
    (``subprocess._args_from_interpreter_flags``), so one is added for that moment only.

    >>> _start_tracker(); resource_tracker._resource_tracker._pid is not None
    True
    """
    quiet = "ignore:resource_tracker:UserWarning"
    sys.warnoptions.append(quiet)
    try:
        resource_tracker.ensure_running()
    finally:
        sys.warnoptions.remove(quiet)


def _started_clusters() -> set[Any]:
    """The clusters Dask closes at the interpreter's exit (``distributed.deploy.spec``)."""
    from distributed.deploy.spec import SpecCluster
    return set(SpecCluster._instances)          # Dask keeps them only there


def _forget_unstarted(known: set[Any]) -> None:
    """A cluster whose start was stopped has no loop left to close it with: Dask's own
    close at exit would fail with a traceback; its processes are killed, its folder removed."""
    for cluster in _started_clusters() - known:
        cluster.shutdown_on_close = False


def _kill_starting(thread: "threading.Thread", seconds: float = 3.0) -> None:
    """Stop a cluster's start at once: kill the worker processes it has spawned (this process's
    children, but multiprocessing's resource tracker) until its thread gives up, which it
    does as soon as a worker it waits for is gone -- well within ``seconds``."""
    import psutil
    tracker = getattr(resource_tracker._resource_tracker, "_pid", None)
    deadline, quiet = time.monotonic() + seconds, 0
    while time.monotonic() < deadline:
        try:
            children = [c for c in psutil.Process().children(recursive=True) if c.pid != tracker]
        except psutil.Error:
            children = []
        for child in children:
            try:
                os.kill(child.pid, signal.SIGKILL)
            except OSError:
                pass
        # done when the start has given up and no process was spawned for a while (a worker
        # spawned as it gave up would print a traceback once this process is gone)
        quiet = 0 if children or thread.is_alive() else quiet + 1
        if quiet >= 6:
            return
        thread.join(0.05)


def close_cluster(cluster: Any, at_once: bool = False) -> None:
    """Close a :func:`local_cluster` (its workers included) and remove its scratch folder;
    no signal interrupts the closing (one received meanwhile is raised after it, unless
    the closing is already the clean-up of an interrupt).  ``at_once`` (after an interrupt): the workers are
    killed first instead of being asked to finish the chunk they hold (which is lost
    either way; every finished chunk is already with the caller)."""
    with shielded(reraise=not at_once):
        if at_once:
            for nanny in list(getattr(cluster, "workers", {}).values()):
                try:
                    nanny.auto_restart = False
                    os.kill(nanny.process.process.pid, signal.SIGKILL)
                except (AttributeError, TypeError, OSError):
                    pass            # not started, or gone already
        if at_once:
            try:                # the workers are gone: what is left to close is in-process
                cluster.close(timeout=2)
            except Exception:   # noqa: BLE001 -- past the time-out, or a worker already gone
                pass
            cluster.shutdown_on_close = False      # not closed again at the exit
        else:
            cluster.close()
        # the nanny's clean-up at exit would complain that the folders removed here are gone
        logging.getLogger("distributed.diskutils").setLevel(logging.CRITICAL + 1)
        scratch = getattr(cluster, "combin_scratch", None)
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)


def _stop_watch() -> Callable[[], None]:
    """A check that raises KeyboardInterrupt once a signal has arrived since it was made.

    The signal handler raises at once, but wherever the main thread happens to be: inside
    a garbage-collector callback of Dask's (``distributed.gc``), the exception is printed
    as "ignored" and lost.  The executor's loops call the check between chunks, so such a
    signal still stops the run, a moment later."""
    before = len(received())

    def asked() -> None:
        if len(received()) > before:
            raise KeyboardInterrupt
    return asked


def _quiet_dask() -> None:
    """An interrupt can land inside Dask's own waiting (distributed.utils.sync), whose clean-up
    then logs a traceback through tornado while the cluster closes: the user asked to stop,
    and gets one line (the command line's), nothing else."""
    for name in ("tornado.application", "distributed", "asyncio"):
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


#: The fewest chunks a distributed run keeps in flight (at least 8 per worker thread).
WINDOW = 256


def _distributed(function: Callable[..., Any], chunks: list[tuple[Any, ...]], todo: list[int],
                 results: list[Any], workers: int, scheduler: str | None, store: "Store | None",
                 key: str | None, progress: ChunkProgress,
                 on_result: Callable[[int, Any], None] | None, as_json: bool) -> None:
    from distributed import Client, as_completed
    cluster: Any = None
    client: Any = None
    warnings.filterwarnings("ignore", module="distributed")
    flight: dict[str, tuple[int, Any]] = {}          # the chunks in flight: a future's key -> (chunk index, future)
    stopped = False
    # a cluster kept by the block around this run (kept_cluster) is started once, closed by the block
    kept = scheduler is None and _KEPT.get("workers") == workers
    try:
        if scheduler is None:
            cluster = _KEPT.get("cluster") if kept else None
            if cluster is None:
                cluster = local_cluster(workers)
                if kept:
                    _KEPT["cluster"] = cluster
            with shielded():
                client = Client(cluster)
        else:
            client = _connect(Client, scheduler, _DEFAULT["connect_timeout"])
        # a window of chunks in flight, topped up as they finish: submitting every chunk of a long
        # run first (706,144 of the 52-card Lunar game) took minutes before the first result and
        # made a stop wait for the submitting
        waiting = iter(todo)

        def submit(i: int) -> Any:
            # the chunk goes as one pickled argument: Dask walks every argument it is given for
            # futures and tasks inside (600,000 calls for three 52-card shards' rows, half a
            # second of this process's time a shard), and a chunk holds none
            future = client.submit(_unpacked, function, pickle.dumps(chunks[i], protocol=pickle.HIGHEST_PROTOCOL),
                                   as_json, key=f"combin-{i}-{_token(chunks[i])}", pure=False)
            flight[future.key] = (i, future)
            return future
        window = max(WINDOW, 8 * sum(client.nthreads().values()))
        pending = as_completed([submit(i) for i in itertools.islice(waiting, window)])
        asked = _stop_watch()
        while not pending.is_empty():
            batch = pending.next_batch(block=False)
            for future in batch:
                _finish(results, flight.pop(future.key)[0], future.result(), store, key, progress,
                        on_result, as_json)
                following = next(waiting, None)
                if following is not None:
                    pending.add(submit(following))
            asked()
            if not batch:
                time.sleep(0.05)
    except KeyboardInterrupt:
        _quiet_dask()
        stopped = True
        if (cluster is None or kept) and client is not None:
            # another's scheduler keeps running (or the block's kept cluster, closed at once when
            # the interrupt leaves the block): this run's tasks are cancelled, in one call (the
            # workers of a cluster of this run's own are killed below instead)
            with shielded(reraise=False):
                _bounded(lambda: client.cancel([future for _, future in flight.values()]))
        raise
    finally:
        # a signal while a finished run closes stops the command once the cluster is closed
        with shielded(reraise=not stopped):
            if client is not None:
                if stopped:
                    _bounded(lambda: client.close(timeout=2))
                    # a close cut short leaves the client "closing", and its finaliser at the
                    # exit would wait on a loop that is gone: it is closed as far as this run goes
                    client.status = "closed"
                else:
                    client.close()
            if cluster is not None and not kept:
                close_cluster(cluster, at_once=stopped)


def _bounded(step: Callable[[], object]) -> None:
    """Run one clean-up step of a stopped run; a step that fails or times out (a busy machine:
    Dask's own waits end in TimeoutError, an OSError) is given up, since the user asked to stop."""
    try:
        step()
    except Exception:   # noqa: BLE001 -- the stop goes on; the step's result is not needed
        pass


def _connect(client_class: "type[Client]", scheduler: str, timeout: int) -> "Client":
    """A client of the scheduler at ``scheduler`` that has at least one worker, within about
    ``timeout`` seconds for each, saying on stderr what it waits for; else a CombinError."""
    say = messages("combin")
    say(f"connecting to the Dask scheduler at {scheduler} (at most {timeout} s)")
    made: dict[str, Any] = {}

    def connect() -> None:      # in a thread: a port that accepts and never answers is not bounded
        try:            # by the client's own timeout
            made["client"] = client_class(scheduler, timeout=timeout)
        except BaseException as error:      # noqa: BLE001 -- told by the waiting thread
            made["error"] = str(error)[:200] or type(error).__name__
    thread = threading.Thread(target=connect, daemon=True, name="combin scheduler connect")
    thread.start()
    thread.join(timeout + 5)
    if "client" not in made:
        reason = made.get("error", f"no answer within {timeout} s")
        raise CombinError(f"cannot reach the Dask scheduler at {scheduler}: {reason}")
    client: Client = made["client"]
    try:
        if not client.scheduler_info().get("workers"):
            say(f"the scheduler has no worker yet; waiting at most {timeout} s for one")
            client.wait_for_workers(1, timeout=timeout)
    except (OSError, TimeoutError) as error:
        client.close()
        raise CombinError(f"the Dask scheduler at {scheduler} has no workers (none joined within "
                          f"{timeout} s)") from None
    return client


class _Text(str):
    """A result's canonical JSON text, made on the worker (:func:`_unpacked`)."""


def _unpacked(function: Callable[..., Any], chunk: bytes, as_text: bool = False) -> Any:
    """``function(*chunk)`` of a chunk pickled by :func:`_distributed` (on a worker); with
    ``as_text``, its canonical JSON text (:class:`_Text`): the run's own process then unpickles one
    string, not every object of the result (half a second of its time a 52-card shard), and makes
    no text of it again for the store.

    >>> _unpacked(pow, pickle.dumps((2, 10))), _unpacked(divmod, pickle.dumps((7, 2)), True)
    (1024, '[3,1]')
    """
    result = function(*pickle.loads(chunk))
    return _Text(canonical(result)) if as_text else result


def _token(chunk: tuple[Any, ...]) -> str:
    return hashlib.sha256(repr(chunk).encode()).hexdigest()[:12]
