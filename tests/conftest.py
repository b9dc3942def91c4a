"""Shared fixtures: outcome spaces are computed once per test session."""

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
def dask_cluster():
    """A real Dask scheduler and two single-thread worker processes on 127.0.0.1.

    Started once for the session and shut down at its end (no stray processes).
    """
    import logging
    from distributed import LocalCluster
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address="127.0.0.1:0", silence_logs=logging.ERROR) as cluster:
        yield cluster
