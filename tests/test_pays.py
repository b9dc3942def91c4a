from fractions import Fraction

import pytest

from combin.errors import CombinError
from combin.core.pays import LOSS, PUSH, Pay


@pytest.mark.parametrize("text, net", [
    ("40 to 1", Fraction(40)), ("19 to 20", Fraction(19, 20)), ("1 to 2", Fraction(1, 2)),
    ("2 for 1", Fraction(1)), ("7.5 to 1", Fraction(15, 2)), ("1,500 to 1", Fraction(1500)),
    ("  25   TO 1 ", Fraction(25)), ("push", Fraction(0)), ("Loss", Fraction(-1)),
])
def test_parse_gives_exact_net(text, net):
    assert Pay.parse(text).net == net


def test_to_and_for_differ_by_the_stake():
    assert Pay.parse("6 to 1").net - Pay.parse("6 for 1").net == 1


def test_decimal_pay_is_not_a_float():
    # 0.1 is not representable in binary; the Fraction must be exactly 1/10.
    assert Pay.parse("0.1 to 1").net == Fraction(1, 10)


@pytest.mark.parametrize("text", ["forty to one", "40:1", "-5 to 1", "0 to 1", "1 to 0",
                                  "1 for 2", "", 40])
def test_bad_pays_are_user_errors(text):
    with pytest.raises(CombinError):
        Pay.parse(text)


def test_constants():
    assert PUSH.net == 0 and LOSS.is_loss and not PUSH.is_loss
