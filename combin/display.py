"""Decimal and rational text for exact figures.

Every figure ``combin`` computes is an :class:`int` or a
:class:`~fractions.Fraction`.  This module turns them into text, and is the only
place where rounding happens: :func:`decimal` rounds a Fraction half-to-even at
a fixed number of places with integer arithmetic (``round(Fraction, n)`` is
exact), so the same figure always prints the same digits.  Irrational display
figures (a standard deviation) come from :func:`sqrt`, which works in
:mod:`decimal` at a precision well beyond what is shown.
"""

import decimal as _decimal
from fractions import Fraction

__all__ = ["rational", "decimal", "percent", "percent_given", "grouped", "sqrt", "one_in"]


def rational(value):
    """Exact text of a rational: ``"p/q"``, or ``"p"`` when whole."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def decimal(value, places):
    """``value`` rounded half-to-even at ``places`` decimals, as fixed-point text."""
    if isinstance(value, _decimal.Decimal):
        return str(value.quantize(_decimal.Decimal(1).scaleb(-places),
                                  rounding=_decimal.ROUND_HALF_EVEN))
    scaled = round(Fraction(value) * 10**places)
    sign = "-" if scaled < 0 else ""
    digits = str(abs(scaled)).rjust(places + 1, "0")
    if places == 0:
        return sign + digits
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def percent(value, places=4):
    """``value`` as a percentage with ``places`` decimals, e.g. ``"1.0579%"``."""
    if isinstance(value, _decimal.Decimal):
        return decimal(value * 100, places) + "%"
    return decimal(Fraction(value) * 100, places) + "%"


def percent_given(value, places=4, most=12):
    """A percentage a user gave, never rounded into another value: the exact digits when
    they end within ``most`` decimals (``"99.99999%"``), else ``places`` decimals and the
    exact fraction (``"33.3333% (exactly 1/3)"``)."""
    scaled = Fraction(value) * 100
    for shown in range(places, most + 1):
        if (scaled * 10**shown).denominator == 1:
            return decimal(scaled, max(places, _trimmed(scaled, shown))) + "%"
    return f"{decimal(scaled, places)}% (exactly {rational(value)})"


def _trimmed(scaled, shown):
    """The fewest decimals (at most ``shown``) that print ``scaled`` exactly."""
    while shown > 0 and (scaled * 10**(shown - 1)).denominator == 1:
        shown -= 1
    return shown


def grouped(number):
    """An integer with thousands separators: ``4,998,398,275,503,360``."""
    return f"{number:,}"


def sqrt(value, digits=40):
    """The square root of a non-negative rational, as a :class:`decimal.Decimal`.

    Computed in a private decimal context of ``digits`` significant digits, so
    the result is correctly rounded there and independent of the caller's
    context; callers show far fewer digits.
    """
    value = Fraction(value)
    context = _decimal.Context(prec=digits, rounding=_decimal.ROUND_HALF_EVEN)
    quotient = context.divide(_decimal.Decimal(value.numerator), _decimal.Decimal(value.denominator))
    return context.sqrt(quotient)


def one_in(combinations, cycle, places=2):
    """"1 in N" text for an event of ``combinations`` in ``cycle``; "never" for none."""
    if combinations == 0:
        return "never"
    return decimal(Fraction(cycle, combinations), places)
