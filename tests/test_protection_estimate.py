"""Estimates from exact sums, against the statistics module on exact Fractions."""

import statistics
from fractions import Fraction

import pytest

from combin.protection.estimate import Z95, mean, ratio

X = [3, -1, 4, 1, -5, 9, 2, -6, 5, 3]
Y = [2, 1, 3, 4, 1, 5, 2, 3, 3, 1]


def test_mean_and_its_variance_are_exact():
    e = mean(len(X), sum(X), sum(x * x for x in X))
    assert e.value == statistics.mean(Fraction(x) for x in X)
    assert e.variance == statistics.variance([Fraction(x) for x in X]) / len(X)
    assert abs(Fraction(e.se) ** 2 - e.variance) < Fraction(1, 10**30)
    assert abs(Fraction(e.high) - e.value - Fraction(Z95) * Fraction(e.se)) < Fraction(1, 10**30)


def test_scaled_mean():
    e = mean(len(X), sum(X), sum(x * x for x in X), scale=20)
    assert e.value == statistics.mean(Fraction(x, 20) for x in X)
    assert e.variance == statistics.variance([Fraction(x, 20) for x in X]) / len(X)


def test_ratio_is_the_delta_method_of_the_residuals():
    n = len(X)
    e = ratio(n, sum(X), sum(Y), sum(x * x for x in X), sum(y * y for y in Y),
              sum(x * y for x, y in zip(X, Y)), factor=Fraction(100, 20))
    r = Fraction(sum(X), sum(Y))
    assert e.value == 5 * r
    residuals = [x - r * y for x, y in zip(X, Y)]
    y_mean = statistics.mean(Fraction(y) for y in Y)
    direct = sum(d * d for d in residuals) / (n - 1) / n / y_mean ** 2
    assert e.variance == 25 * direct


def test_contains_is_an_exact_comparison():
    e = mean(len(X), sum(X), sum(x * x for x in X))
    assert e.contains(e.value) and e.contains(Fraction(e.high) - Fraction(1, 10**9))
    assert not e.contains(Fraction(e.high) + Fraction(1, 10**9))


def test_degenerate_cases():
    assert mean(1, 5, 25).se is None and mean(1, 5, 25).value == 5
    assert ratio(3, 1, 0, 1, 0, 0) is None
    assert not mean(1, 5, 25).contains(5)
    with pytest.raises(ValueError):
        mean(0, 0, 0)
