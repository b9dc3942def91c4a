"""Shared fixtures: outcome spaces are computed once per test session (once in each worker
process of a parallel run, make test's pytest-xdist: a session fixture is never shared between
workers, so each must be cheap or worth building twice, and must use no fixed port or file).
One is shared between the workers: :func:`jqka_store`, the exact JQKA game's store, made by
whichever worker asks first (the suite's own folder, :func:`pytest_configure`, is the workers'
too: they inherit it from the process that starts them)."""

import os
import tempfile

import pytest

from combin.baccarat import Shoe, outcomes


@pytest.fixture(scope="session")
def eight_decks():
    return outcomes(decks=8)


@pytest.fixture(scope="session")
def six_decks():
    return outcomes(decks=6)


@pytest.fixture(scope="session")
def one_deck():
    return outcomes(decks=1)


@pytest.fixture(scope="session")
def full_shoe():
    return Shoe.full(8)


@pytest.fixture(scope="session")
def dice_sheet():
    """A par sheet worked by hand: two dice; a twelve pays 30 to 1, ten or more 2 to 1, a
    seven pushes.  Ways: 1, 5 (10 and 11), 6 and 24 of 36.  Expected return
    (30 + 10 - 24) / 36 = 4/9; E[X^2] = (900 + 20 + 24) / 36, variance 2108/81."""
    from combin.core.outcomes import OutcomeSpace
    from combin.core.parsheet import build
    from combin.core.pays import Pay
    from combin.core.paytable import Paytable
    from combin.core.wager import Event, Wager
    space = OutcomeSpace({total: 6 - abs(total - 7) for total in range(2, 13)}, 36, "two dice",
                         "every ordered pair of faces")
    events = (Event("twelve", "A twelve", lambda t, i: t == 12),
              Event("high", "Ten or more", lambda t, i: t >= 10),
              Event("seven", "A seven", lambda t, i: t == 7))
    wager = Wager("dice.high", "High | low", "dice", "none", events, "T")
    table = Paytable("dice.high", "T", "Test", '=HYPERLINK("x")',
                     (("twelve", Pay.parse("30 to 1")), ("high", Pay.parse("2 to 1")),
                      ("seven", Pay.parse("push"))))
    return build(wager, table, space)


@pytest.fixture(scope="module")
def dask_cluster(tmp_path_factory):
    """A real Dask scheduler and two single-thread worker processes on 127.0.0.1.

    Started for each test module that asks for it and shut down at the module's end (no stray
    processes), with the housekeeping settings of the command line's own clusters
    (:data:`combin.running.executor.LOCAL_CONFIG`).  An idle cluster is not free: with dask's
    defaults its scheduler, nannies and workers took about 16 % of a core (5 CPU-seconds in 30 s
    of waiting), 2 % with these settings; kept for the whole session, one in each test worker, it
    took about 180 CPU-seconds of ``make test``.
    """
    import logging
    import dask
    from distributed import LocalCluster
    from combin.running.executor import LOCAL_CONFIG
    # the workers' scratch space in the test's own temporary folder (Dask's default is a shared
    # dask-scratch-space in the system's, left behind)
    scratch = str(tmp_path_factory.mktemp("dask"))
    with dask.config.set(dict(LOCAL_CONFIG, **{"temporary-directory": scratch})):
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                               dashboard_address="127.0.0.1:0", silence_logs=logging.ERROR,
                               local_directory=scratch)
    with cluster:
        yield cluster


#: What :func:`jqka_store` holds: the default Lunar game on JQKA, exact (its classes and its
#: round), and the run at the regulation's draw fee that ``solve lunar --vary draws.fee`` starts
#: from (a game file's run, keyed by its text).
JQKA_RUNS = (["game", "lunar", "--deck", "JQKA", "--workers", "0"],
             ["solve", "lunar", "--vary", "draws.fee", "--deck", "JQKA", "--target-edge=-500%"])


@pytest.fixture(scope="session")
def jqka_store():
    """``fill(path)``: writes at ``path`` a copy of a store that holds :data:`JQKA_RUNS`, for
    the tests whose subject is what a command does with a finished run (its tables, its JSON, a
    remedy's steps), not the run: about 15 CPU-seconds once in the suite, where each such test
    ran the game again.  The runs are the command line's own (``combin.cli.main``, in this
    process); the first worker to ask makes the store under a lock while the other waits, and
    a test gets its own copy, so nothing a test does reaches another.  Every run the suite
    checks is still run from nothing by the tests of the engines, the store and the commands."""
    import contextlib
    import fcntl
    import io
    import shutil
    from combin.cli import main
    path = os.path.join(os.environ[SESSION_FOLDER], "jqka-store.sqlite")
    with open(path + ".lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(path):
            making = path + f".{os.getpid()}"
            for argv in JQKA_RUNS:
                with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                    assert main(["-q", *argv, "--store", making]) == 0, argv
            os.replace(making, path)

    def fill(target):
        shutil.copyfile(path, target)
        return target
    return fill


@pytest.fixture(scope="session")
def jqka_shards():
    """``copy(folder)``: copies into ``folder`` (new) the 3 shards of the exact JQKA game that priced
    the best option alone, as ``combin game lunar --shards`` writes them, for the second passes
    along a run's shards (the basic strategy's, the strategy card's): made once in the suite, the
    first worker to ask making it under a lock, and each test module given its own copy (a pass
    writes its files beside the shards).  The shards themselves are checked by test_stud_shards."""
    import fcntl
    import io
    import shutil
    from combin.stud.core.deck import Deck
    from combin.stud.core.rules import load_rules
    from combin.stud.game.shards import run_shards
    path = os.path.join(os.environ[SESSION_FOLDER], "jqka-shards")
    with open(path + ".lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(path):
            making = path + f".{os.getpid()}"
            run_shards(Deck.parse("JQKA"), load_rules("lunar").resolve(), making, 3, store_path=making + ".sqlite",
                       price="best", stream=io.StringIO())
            os.replace(making, path)

    def copy(target):
        shutil.copytree(path, target)
        return target
    return copy


_OWN_CACHE: list[str] = []
#: The variable naming the session's own folder (what the test processes share: the JQKA store).
SESSION_FOLDER = "COMBIN_TEST_SESSION_FOLDER"


def pytest_configure(config):
    """The suite's cached arrays (combin.running.cache) go to a folder of its own, not the user's cache,
    and what its processes share to a folder of the session (never kept from one run to the
    next, whatever the caller's environment); both removed when the run ends.  The process that
    starts the test workers makes them, and the workers inherit them."""
    if "COMBIN_CACHE_DIR" not in os.environ:
        _OWN_CACHE.append(tempfile.mkdtemp(prefix="combin-test-cache-"))
        os.environ["COMBIN_CACHE_DIR"] = _OWN_CACHE[-1]
    if SESSION_FOLDER not in os.environ:
        _OWN_CACHE.append(tempfile.mkdtemp(prefix="combin-test-session-"))
        os.environ[SESSION_FOLDER] = _OWN_CACHE[-1]


def pytest_unconfigure(config):
    import shutil
    for folder in _OWN_CACHE:
        shutil.rmtree(folder, ignore_errors=True)
    for name in ("COMBIN_CACHE_DIR", SESSION_FOLDER):
        if os.environ.get(name) in _OWN_CACHE:
            del os.environ[name]
    _OWN_CACHE.clear()
