"""Means, ratio estimates and 95% confidence intervals from exact sums.

A simulation sums integers (payouts scaled to whole units, bets, rounds) per
independent replication -- here a shoe -- and keeps the sums of squares and
cross products.  From those exact sums:

* :func:`mean` -- the sample mean of ``x`` with standard error
  ``sqrt(s² / n)``, ``s² = (sum x² - (sum x)² / n) / (n - 1)``;
* :func:`ratio` -- the ratio estimate ``R = sum x / sum y`` (a rate per bet or
  per round, where the denominator varies by shoe) with the delta-method
  standard error ``sqrt(n / (n - 1) · sum (x - R y)² ) / sum y``, the sum
  expanded as ``sum x² - 2 R sum xy + R² sum y²``.

The point estimate and the variance are exact Fractions; only the square
root, and so the interval ``estimate -+ z · se`` with the two-sided 95% normal
quantile ``z`` of :mod:`combin.core.risk`, is a 40-digit :class:`decimal.Decimal`.

>>> estimate = mean(4, 2, 4)            # the values 1, 1, 1, -1
>>> estimate.value, estimate.variance, estimate.contains(Fraction(0)), str(Z95)[:5]
(Fraction(1, 2), Fraction(1, 4), True, '1.959')
>>> ratio(2, 2, 4, 2, 8, 4).value, ratio(2, 1, 0, 1, 0, 0) is None, isinstance(estimate, Estimate)
(Fraction(1, 2), True, True)
"""

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from combin.files import display
from combin.files.display import CONTEXT, to_decimal
from combin.core.risk import CONFIDENCES

__all__ = ["Estimate", "Z95", "mean", "ratio"]

#: Two-sided 95% standard normal quantile.
Z95 = dict(CONFIDENCES)["95%"]
_CONTEXT = CONTEXT


@dataclass(frozen=True)
class Estimate:
    """``value`` (exact Fraction) with its standard error and 95% interval (Decimals, or None)."""

    value: Fraction
    variance: Fraction | None = None  # exact: the squared standard error
    se: Decimal | None = None
    low: Decimal | None = None
    high: Decimal | None = None

    def contains(self, figure: Fraction) -> bool | None:
        """Whether the 95% interval contains the exact ``figure`` (compared exactly)."""
        if self.variance is None:
            return False
        gap = Fraction(figure) - self.value
        # |gap| <= z se  <=>  gap² <= z² var, with z rounded outward at 40 digits.
        z = Fraction(Z95) + Fraction(1, 10**20)
        return gap * gap <= z * z * self.variance


def _with_interval(value: Fraction, variance: Fraction) -> Estimate:
    if variance is None:
        return Estimate(value)
    se = display.sqrt(variance)
    centre = to_decimal(value)
    half = _CONTEXT.multiply(Z95, se)
    return Estimate(value, variance, se, _CONTEXT.subtract(centre, half),
                    _CONTEXT.add(centre, half))


def mean(n: int, total: int, squares: int, scale: int = 1) -> Estimate:
    """Mean of ``n`` values ``x / scale`` from ``sum x`` and ``sum x²`` (ints or Fractions)."""
    if n < 1:
        raise ValueError("a mean needs at least one value")
    value = Fraction(total, 1) / (n * scale)
    if n < 2:
        return Estimate(value)
    spread = (Fraction(squares) - Fraction(total) ** 2 / n) / (n - 1)
    return _with_interval(value, spread / n / (scale * scale))


def ratio(n: int, sx: int, sy: int, sxx: int, syy: int, sxy: int,
          factor: Fraction | int = 1) -> Estimate | None:
    """``factor · sum x / sum y`` over ``n`` replications, with its delta-method interval.

    ``None`` when ``sum y`` is 0 (nothing to divide by, e.g. no bet was made).
    """
    if sy == 0:
        return None
    r = Fraction(sx, sy) if isinstance(sx, int) and isinstance(sy, int) else Fraction(sx) / sy
    value = r * factor
    if n < 2:
        return Estimate(value)
    residual = Fraction(sxx) - 2 * r * sxy + r * r * syy
    variance = residual * n / ((n - 1) * Fraction(sy) ** 2)
    return _with_interval(value, variance * factor * factor)
