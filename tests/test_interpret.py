"""Interpretations: parsing, resolving, and the code's readings bound to the data."""

from dataclasses import replace
from enum import StrEnum

import pytest

from combin.errors import CombinError
from combin.core.interpret import (bind_readings, parse_assignments, parse_interpretations, reading,
                              resolve, value_of)

DATA = """
[[interpretation]]
id = "X1"
title = "A test reading"
reads = "nothing"
default = "b"
wagers = ["w"]
[interpretation.values]
a = "first in the file"
b = "the default"
"""


class Wager:
    id = "w"
    interpretations = ("X1",)


def test_the_default_comes_first_whatever_the_file_order():
    (x1,) = parse_interpretations(DATA, "test")
    assert list(x1.values) == ["b", "a"] and x1.alternatives == ("a",) and not x1.fixed


def test_a_default_that_is_not_a_value_is_refused():
    with pytest.raises(ValueError, match="default 'c'"):
        parse_interpretations(DATA.replace('default = "b"', 'default = "c"'), "test")


def test_assignments_and_their_mistakes():
    assert parse_assignments(["x1=a", " X2 = b "]) == {"X1": "a", "X2": "b"}
    for bad in (["X1"], ["=a"], ["X1=a", "X1=b"]):
        with pytest.raises(CombinError):
            parse_assignments(bad)


def test_resolve_fills_defaults_and_refuses_unknowns():
    registry = {i.id: i for i in parse_interpretations(DATA, "test")}
    assert resolve(Wager, {}, registry) == (("X1", "b"),)
    assert resolve(Wager, {"X1": "a"}, registry) == (("X1", "a"),)
    for chosen, message in (({"X9": "a"}, "unknown interpretation"),
                            ({"X1": "z"}, "has no value 'z'")):
        with pytest.raises(CombinError, match=message):
            resolve(Wager, chosen, registry)


def test_a_bound_enum_reads_its_default_from_the_data():
    registry = {i.id: i for i in parse_interpretations(DATA, "test")}

    class X1(StrEnum):
        A = "a"
        B = "b"
    bind_readings(registry, X1)
    assert reading({}, X1) is X1.B and reading({"X1": "a"}, X1) is X1.A
    assert value_of(X1) is X1.B
    with pytest.raises(ValueError):
        reading({"X1": "renamed"}, X1)


GAMES = [("combin.baccarat.readings", ("E1",)),
         ("combin.lunar.readings", ("L1", "L2", "L3", "L4", "L5", "L11"))]


@pytest.mark.parametrize("module, names", GAMES)
def test_every_reading_of_the_code_matches_the_data(module, names):
    from importlib import import_module
    readings = import_module(module)
    for name in names:
        enum = getattr(readings, name)
        assert sorted(enum) == sorted(readings.INTERPRETATIONS[name].values)
        assert reading({}, enum) == readings.INTERPRETATIONS[name].default


@pytest.mark.parametrize("module, names", GAMES)
def test_renaming_a_value_in_the_data_only_fails(module, names):
    from importlib import import_module
    readings = import_module(module)
    for name in names:
        data = readings.INTERPRETATIONS[name]
        first, *rest = data.values
        renamed = replace(data, values={first + "-renamed": "", **{v: "" for v in rest}},
                          default=first + "-renamed")
        with pytest.raises(ValueError, match=f"interpretation {name}: the code knows"):
            bind_readings({**readings.INTERPRETATIONS, name: renamed}, getattr(readings, name))
    # Binding again with the real data restores the defaults.
    bind_readings(readings.INTERPRETATIONS, *(getattr(readings, n) for n in names))
