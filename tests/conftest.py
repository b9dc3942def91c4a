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
