"""The one parser of users' numbers: refused by length first, limits after normalising."""

import argparse
import time
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from combin.files.bounded import MAX_CHARS, int_option, parse_fraction, parse_int
from combin.errors import CombinError


@given(st.from_regex(r"[+-]?[0-9]{1,40}", fullmatch=True))
def test_short_integers_read_as_python_reads_them(text):
    assert parse_int(text, "n") == int(text)


def test_thousands_of_digits_are_refused_by_length_before_conversion():
    huge = "0" * 5000 + "8"
    started = time.process_time()
    with pytest.raises(CombinError, match="5,001 characters long"):
        parse_int(huge, "--decks", 1, 999_999)
    with pytest.raises(CombinError, match="characters long"):
        parse_int("9" * 5000, "--seed", 0)
    assert time.process_time() - started < 0.5
    assert len(str(huge)) > MAX_CHARS


@pytest.mark.parametrize("text, value", [("0000008", 8), ("+8", 8), (" 8 ", 8), (8, 8)])
def test_leading_zeros_and_signs_are_normalised(text, value):
    assert parse_int(text, "--decks", 1, 999_999) == value


@pytest.mark.parametrize("text, words", [
    ("0001000000", "at most 999,999, not 1,000,000"), ("000", "at least 1, not 0"),
    ("-0", "at least 1"), ("8.0", "whole number"), ("0x10", "whole number"), ("", "whole number"),
    ("1_000", "whole number"), ("٣", "whole number"), (True, "whole number"),
])
def test_limits_are_checked_after_normalising(text, words):
    with pytest.raises(CombinError, match=words):
        parse_int(text, "the number of decks", 1, 999_999)


@given(st.integers(-10**12, 10**12), st.integers(1, 10**6))
def test_fractions_read_exactly(numerator, denominator):
    assert parse_fraction(f"{numerator}/{denominator}", "x") == Fraction(numerator, denominator)


@pytest.mark.parametrize("text, value", [("2.5", Fraction(5, 2)), ("-0.05", Fraction(-1, 20)),
                                         (".5", Fraction(1, 2)), ("1/20", Fraction(1, 20))])
def test_fraction_forms(text, value):
    assert parse_fraction(text, "x") == value


@pytest.mark.parametrize("text", ["1e999999999", "1E5", "inf", "nan", "1/0", "1//2", "1/2/3",
                                  "0x1", "1 / 2", "", "9" * 41])
def test_fractions_refuse_exponents_and_oddities(text):
    with pytest.raises(CombinError):
        parse_fraction(text, "a stake")


def test_int_option_is_argparse_one_line():
    parser = argparse.ArgumentParser(exit_on_error=False)
    parser.add_argument("--shoes", type=int_option("--shoes", 1, 10))
    assert parser.parse_args(["--shoes", "010"]).shoes == 10
    with pytest.raises(argparse.ArgumentError, match="at most 10, not 11"):
        parser.parse_args(["--shoes", "11"])
