"""One rank order and one reader for both games."""

import pytest

from combin.baccarat.shoe import RANK_VALUE
from combin.errors import CombinError
from combin.core.cards import parse_card
from combin.core.ranks import RANKS, parse_rank


def test_every_rank_reads_back_and_ten_has_two_spellings():
    assert [parse_rank(r.lower()) for r in RANKS] == list(RANKS)
    assert parse_rank(" 10 ") == "T"


@pytest.mark.parametrize("bad", ["", "1", "11", "X", "AA", "0"])
def test_anything_else_is_one_error(bad):
    with pytest.raises(CombinError, match="unknown rank"):
        parse_rank(bad)


def test_both_games_read_the_same_letters():
    assert set(RANK_VALUE) == set(RANKS)
    # Poker order: the ace is the highest rank; in baccarat it counts one point.
    assert parse_card("As") > parse_card("Ks") and RANK_VALUE["A"] == 1 and RANK_VALUE["K"] == 0
