"""Count options read and checked: tags, triggers."""

from fractions import Fraction

import pytest

from combin.errors import CombinError
from combin.protection.count_options import parse_tags, parse_triggers

DRAGON7 = (0, 0, 0, 0, -1, -1, -1, -1, 2, 2)


def test_parse_tags():
    assert parse_tags("0,0,0,0,-1,-1,-1,-1,2,2") == DRAGON7
    assert parse_tags("4=-1,5=-1,6=-1,7=-1,8=2,9=+2") == DRAGON7
    assert parse_tags("k=1,T=1,a=-1") == (1, -1, 0, 0, 0, 0, 0, 0, 0, 0)


@pytest.mark.parametrize("text, words", [
    ("1,2,3", "ten integers"), ("A=1,x", "mixes"), ("Z=1", "unknown rank"), ("T=1,K=2", "two tags"),
    ("A=1.5", "whole number"), ("", "empty"), ("A=5000", "within"),
])
def test_bad_tags(text, words):
    with pytest.raises(CombinError, match=words):
        parse_tags(text)


def test_parse_triggers():
    assert parse_triggers("3, always,-1,2.5") == (None, -1, Fraction(5, 2), 3)
    for bad, words in (("x", "number or 'always'"), ("1,,2", "empty"), ("1,1.0", "twice")):
        with pytest.raises(CombinError, match=words):
            parse_triggers(bad)
