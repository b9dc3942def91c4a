"""The doctests' shared namespace: ``combin`` itself, as a reader of an example has it after
``import combin`` (a module of the package importing ``combin`` would import the package's
public API into itself and run in a circle)."""

import pytest


@pytest.fixture(autouse=True)
def _combin_in_doctests(doctest_namespace: dict) -> None:
    import combin
    doctest_namespace["combin"] = combin
