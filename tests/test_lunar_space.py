"""The five-card space: closed form and exhaustive evaluation agree on every key."""

from math import comb

import pytest

from combin.errors import CombinError
from combin.lunar.classes import SuperKey
from combin.lunar.space import METHODS, outcome_space


def test_both_methods_give_the_same_counts():
    closed, exhaustive = (outcome_space(method) for method in METHODS)
    assert closed.counts == exhaustive.counts and closed.cycle == comb(52, 5)
    assert all(type(key) is SuperKey for key in exhaustive.counts)
    assert closed.method != exhaustive.method


def test_an_unknown_method_is_one_error():
    with pytest.raises(CombinError, match="unknown method 'guess'"):
        outcome_space("guess")
