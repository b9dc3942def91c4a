"""The tableau as data against the drawing rules written out as plain ifs (the naive dealer)."""

from combin.baccarat import naive
from combin.baccarat.tableau import PLAYER_DRAWS_ON, banker_draws, is_natural


def test_the_tableau_data_is_the_rule_book():
    for total in range(10):
        assert (total in PLAYER_DRAWS_ON) == naive._player_draws(total)
        assert is_natural(total) == (total >= 8)
        if total <= 7:
            assert banker_draws(total, None) == naive._banker_draws(total, None)
            for third in range(10):
                assert banker_draws(total, third) == naive._banker_draws(total, third), (total, third)
