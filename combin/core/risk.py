"""Risk figures: volatility index and the range of hold over many rounds.

For a wager with house edge ``h`` and standard deviation ``s`` per unit, the
net result of ``n`` independent rounds is approximately normal with mean
``-n h`` and standard deviation ``s sqrt(n)``.  The *volatility index* at
confidence ``c`` is ``VI = z s``, with ``z`` the two-sided normal quantile of
``c``; the house's hold as a fraction of handle then lies, with confidence
``c``, in ``h -+ VI / sqrt(n)``.

These are the only figures of a par sheet that are not exact: ``s`` is the
square root of an exact variance and ``z`` an irrational constant.  Both are
carried in :mod:`decimal` at 40 significant digits, and the constants are
stated on every sheet.

>>> found = risk(Fraction(1, 100), Fraction(1))
>>> isinstance(found, Risk), ROUNDS[:2], [label for label, _ in CONFIDENCES]
(True, (1000, 10000), ['90%', '95%', '99%'])

>>> found = risk(Fraction(1, 100), Fraction(1))
>>> isinstance(found, Risk), ROUNDS[:2], [label for label, _ in CONFIDENCES]
(True, (1000, 10000), ['90%', '95%', '99%'])
"""

import decimal
from dataclasses import dataclass
from fractions import Fraction

from combin.files import display
from combin.files.display import CONTEXT, to_decimal

__all__ = ["CONFIDENCES", "ROUNDS", "Risk", "risk"]

#: Two-sided standard normal quantiles z = Phi^-1((1 + c) / 2), to 20 decimals.
CONFIDENCES = (
    ("90%", decimal.Decimal("1.64485362695147271170")),
    ("95%", decimal.Decimal("1.95996398454005423552")),
    ("99%", decimal.Decimal("2.57582930354890076097")),
)
#: Session lengths for the range of hold.
ROUNDS = (1_000, 10_000, 100_000, 1_000_000)

_CONTEXT = CONTEXT


@dataclass(frozen=True)
class Risk:
    """``volatility``: ``((label, z, VI), ...)``; ``holds``: ``((rounds, label, low, high), ...)``."""

    volatility: tuple[tuple[str, decimal.Decimal, decimal.Decimal], ...]
    holds: tuple[tuple[int, str, decimal.Decimal, decimal.Decimal], ...]


def risk(house_edge: Fraction, variance: Fraction) -> Risk:
    """Volatility index and hold ranges from an exact house edge and variance."""
    sd = display.sqrt(variance)
    edge = to_decimal(house_edge)
    volatility = tuple((label, z, _CONTEXT.multiply(z, sd)) for label, z in CONFIDENCES)
    holds = []
    for rounds in ROUNDS:
        root = _CONTEXT.sqrt(decimal.Decimal(rounds))
        for label, _, vi in volatility:
            half = _CONTEXT.divide(vi, root)
            holds.append((rounds, label, _CONTEXT.subtract(edge, half), _CONTEXT.add(edge, half)))
    return Risk(volatility, tuple(holds))
