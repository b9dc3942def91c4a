from decimal import Decimal
from fractions import Fraction

from combin.files import display


def test_rational_text():
    assert display.rational(Fraction(6, 4)) == "3/2"
    assert display.rational(Fraction(-4, 2)) == "-2"


def test_decimal_rounds_half_to_even_exactly():
    assert display.decimal(Fraction(1, 8), 2) == "0.12"   # 0.125 -> even
    assert display.decimal(Fraction(3, 8), 2) == "0.38"   # 0.375 -> even
    assert display.decimal(Fraction(-1, 3), 4) == "-0.3333"
    assert display.decimal(Fraction(2, 3), 0) == "1"
    assert display.decimal(Fraction(1, 200000), 4) == "0.0000"


def test_percent_and_grouping():
    assert display.percent(Fraction(1, 8)) == "12.5000%"
    assert display.grouped(4998398275503360) == "4,998,398,275,503,360"


def test_sqrt_is_correct_to_its_precision():
    root = display.sqrt(Fraction(2))
    assert str(root)[:22] == "1.41421356237309504880"
    assert display.sqrt(Fraction(9, 4)) == Decimal("1.5")


def test_one_in():
    assert display.one_in(0, 10) == "never"
    assert display.one_in(3, 10) == "3.33"


def test_percent_given_never_rounds_a_users_figure_into_another():
    from combin.files.display import percent_given
    assert percent_given(Fraction(9999999, 10**9)) == "0.9999999%"
    assert percent_given(Fraction(99999999, 10**8)) == "99.999999%"
    assert percent_given(Fraction(1, 20)) == "5.0000%"
    assert percent_given(Fraction(1, 3)) == "33.3333% (exactly 1/3)"
    assert percent_given(1) == "100.0000%"


def test_a_zero_decimal_prints_fixed_point():
    assert display.decimal(Decimal(0), 6) == "0.000000" and display.decimal(Decimal("-0.5"), 2) == "-0.50"
