import pytest

from combin.baccarat.shoe import Shoe, parse_decks, parse_shoe
from combin.errors import CombinError


def test_full_shoe_counts_tens_as_sixteen_per_deck():
    shoe = Shoe.full(8)
    assert shoe.counts == (128,) + (32,) * 9 and shoe.cards == 416 and shoe.decks == 8


@pytest.mark.parametrize("spec", ["8", "8d", "8 decks", " 8D "])
def test_full_shoe_specs(spec):
    assert parse_shoe(spec) == Shoe.full(8)


def test_minus_cards():
    shoe = parse_shoe("8d-TT5")
    assert shoe.counts[0] == 126 and shoe.counts[5] == 31 and shoe.cards == 413
    assert shoe.decks is None
    assert parse_shoe("8 decks minus T, K, 10, 5") == Shoe.full(8).without(0, 3).without(5)


def test_explicit_counts_by_rank_and_by_tens():
    ranks = ",".join(f"{r}=4" for r in "A23456789TJQK")
    assert parse_shoe(ranks) == Shoe((16,) + (4,) * 9)
    assert parse_shoe("A=1,2=0,3=0,4=0,5=0,6=0,7=2,8=0,9=3,0=1") == Shoe((1, 1, 0, 0, 0, 0, 0, 2, 0, 3))


@pytest.mark.parametrize("spec, words", [
    ("0", "at least 1"), ("-2", "at least 1"), ("2.5", "whole number"), ("lots", "cannot read"),
    ("A=4,2=4", "no count for rank"), ("A=-1,2=4", "negative"), ("Z=3", "unknown rank"),
    ("A=1,A=2", "twice"), ("1d-" + "T" * 17, "cannot remove"), ("1d-Z", "unknown rank"),
    ("A=1,2=1,3=1,4=1,5=0,6=0,7=0,8=0,9=0,0=1", "at least 6"),
    ("A=1,2=1,3=1,4=1,5=1,6=1,7=1,8=1,9=1,0=1,T=1", "ten-valued"),
])
def test_bad_specs_name_the_problem(spec, words):
    with pytest.raises(CombinError, match=words):
        parse_shoe(spec)


@pytest.mark.parametrize("value", ["0", "-1", "x", "1.0", True, 0])
def test_bad_deck_counts(value):
    with pytest.raises(CombinError):
        parse_decks(value)


def test_describe():
    assert Shoe.full(1).describe() == "1 deck (52 cards)"
    assert "T/J/Q/K:15" in Shoe.full(1).without(0).describe()


@pytest.mark.parametrize("spec, words", [
    ("8d-5*2", r"'\*'"), ("8d-T,,T", "doubled"), ("8d-,T", "begin with a comma"),
    ("8d-T,", "end with a comma"), ("8d-TT-5", "'-'"), ("8d-", "names no card"),
    ("A=32,,2=32", "empty item"), ("1d-AAAAA", "cannot remove 5 card.s. of value A: "
                                               r"1 deck \(52 cards\) holds 4"),
    ("0" * 5000 + "8d", "characters long"), ("0001000000d", "at most 999,999"),
])
def test_strict_specs(spec, words):
    with pytest.raises(CombinError, match=words):
        parse_shoe(spec)


def test_removal_counts_against_the_plain_loop():
    # Removing cards one at a time (the plain loop) and all at once agree on the counts.
    spec = "8d-AAAA,TJQK 9 9,5"
    shoe = Shoe.full(8)
    for rank in "AAAATJQK995":
        shoe = shoe.without({"A": 1, "T": 0, "J": 0, "Q": 0, "K": 0}.get(rank, int(rank) if
                                                                       rank.isdigit() else 0))
    assert parse_shoe(spec).counts == shoe.counts
    assert parse_shoe("0000008d") == Shoe.full(8)
