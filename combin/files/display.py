"""Decimal and rational text for exact figures.

Every figure ``combin`` computes is an :class:`int` or a
:class:`~fractions.Fraction`.  This module turns them into text, and is the only
place where rounding happens: :func:`decimal` rounds a Fraction half-to-even at
a fixed number of places with integer arithmetic (``round(Fraction, n)`` is
exact), so the same figure always prints the same digits.  Irrational display
figures (a standard deviation) come from :func:`sqrt`, which works in
:mod:`decimal` at a precision well beyond what is shown.

>>> rational(Fraction(-1, 3)), decimal(Fraction(1, 3), 4), percent(Fraction(1, 8)), grouped(1234567)
('-1/3', '0.3333', '12.5000%', '1,234,567')
>>> one_in(4, 2_598_960), percent_given(Fraction(1, 3), 2), str(sqrt(Fraction(2)))[:8], CONTEXT.prec >= 40
('649740.00', '33.33% (exactly 1/3)', '1.414213', True)
"""

import decimal as _decimal
from fractions import Fraction

Exact = int | Fraction

__all__ = ["rational", "decimal", "percent", "percent_given", "grouped", "sqrt", "one_in",
           "to_decimal", "CONTEXT"]

#: The decimal context of every irrational display figure: 40 significant digits, half to even.
CONTEXT = _decimal.Context(prec=40, rounding=_decimal.ROUND_HALF_EVEN)


def rational(value: Exact) -> str:
    """Exact text of a rational: ``"p/q"``, or ``"p"`` when whole."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def decimal(value: Exact | _decimal.Decimal, places: int) -> str:
    """``value`` rounded half-to-even at ``places`` decimals, as fixed-point text."""
    if isinstance(value, _decimal.Decimal):
        # fixed-point text always ("0.000000", never "0E-6" for a zero standard deviation),
        # in a context wide enough for every digit of the result (a pay of 24 digits)
        return format(value.quantize(_decimal.Decimal(1).scaleb(-places), context=_wide(value, places)),
                      "f")
    scaled = round(Fraction(value) * 10**places)
    sign = "-" if scaled < 0 else ""
    digits = str(abs(scaled)).rjust(places + 1, "0")
    if places == 0:
        return sign + digits
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def _wide(value: _decimal.Decimal, places: int) -> _decimal.Context:
    """A half-to-even context holding every digit of ``value`` to ``places`` decimals (and
    two more), however long the number.

    >>> decimal(_decimal.Decimal(10) ** 60 / 3, 2)[-6:]
    '000.00'
    >>> percent(_decimal.Decimal("9" * 45), 1)[:3], len(percent(_decimal.Decimal("9" * 45), 1))
    ('999', 50)
    """
    digits = max(value.adjusted(), 0) + places + 4 if value.is_finite() else 28
    return _decimal.Context(prec=max(digits, 28), rounding=_decimal.ROUND_HALF_EVEN,
                            Emax=_decimal.MAX_EMAX, Emin=_decimal.MIN_EMIN)


def percent(value: Exact | _decimal.Decimal, places: int = 4) -> str:
    """``value`` as a percentage with ``places`` decimals, e.g. ``"1.0579%"``."""
    if isinstance(value, _decimal.Decimal):
        return decimal(value.scaleb(2, context=_wide(value, places + 2)), places) + "%"
    return decimal(Fraction(value) * 100, places) + "%"


def percent_given(value: Exact, places: int = 4, most: int = 12) -> str:
    """A percentage a user gave, never rounded into another value: the exact digits when
    they end within ``most`` decimals (``"99.99999%"``), else ``places`` decimals and the
    exact fraction (``"33.3333% (exactly 1/3)"``)."""
    scaled = Fraction(value) * 100
    for shown in range(places, most + 1):
        if (scaled * 10**shown).denominator == 1:
            return decimal(scaled, max(places, _trimmed(scaled, shown))) + "%"
    return f"{decimal(scaled, places)}% (exactly {rational(value)})"


def _trimmed(scaled: Fraction, shown: int) -> int:
    """The fewest decimals (at most ``shown``) that print ``scaled`` exactly."""
    while shown > 0 and (scaled * 10**(shown - 1)).denominator == 1:
        shown -= 1
    return shown


def grouped(number: int) -> str:
    """An integer with thousands separators: ``4,998,398,275,503,360``."""
    return f"{number:,}"


def to_decimal(value: Exact, context: _decimal.Context = CONTEXT) -> _decimal.Decimal:
    """An exact rational as a :class:`decimal.Decimal`: one correctly rounded division in
    ``context`` (40 significant digits) -- the only Fraction-to-Decimal conversion.

    >>> to_decimal(Fraction(1, 3))
    Decimal('0.3333333333333333333333333333333333333333')
    """
    value = Fraction(value)
    return context.divide(_decimal.Decimal(value.numerator), _decimal.Decimal(value.denominator))


def sqrt(value: Exact, digits: int = 40) -> _decimal.Decimal:
    """The square root of a non-negative rational, as a :class:`decimal.Decimal`.

    Computed in a private decimal context of ``digits`` significant digits, so
    the result is correctly rounded there and independent of the caller's
    context; callers show far fewer digits.
    """
    context = _decimal.Context(prec=digits, rounding=_decimal.ROUND_HALF_EVEN)
    return context.sqrt(to_decimal(value, context))


def one_in(combinations: int, cycle: int, places: int = 2) -> str:
    """"1 in N" text for an event of ``combinations`` in ``cycle``; "never" for none."""
    if combinations == 0:
        return "never"
    return decimal(Fraction(cycle, combinations), places)
