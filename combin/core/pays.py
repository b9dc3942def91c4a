"""Pays as printed on a layout, and the exact net payout they mean.

A :class:`Pay` is read from the words a paytable uses -- ``"40 to 1"``,
``"19 to 20"``, ``"2 for 1"``, ``"push"``, ``"loss"`` -- and carries the net
result of one unit staked as an exact :class:`fractions.Fraction`:

* ``"X to Y"`` wins X/Y units and returns the stake: net ``X/Y``;
* ``"X for Y"`` returns X/Y units *including* the stake: net ``X/Y - 1``;
* ``"push"`` returns the stake: net 0;
* ``"loss"`` keeps the stake: net -1.

X and Y may be whole numbers or exact decimals (``"7.5 to 1"``); they are
parsed with :class:`~fractions.Fraction` from their text, never through a
float, so the Banker's ``19 to 20`` is exactly 19/20.

>>> Pay.parse("19 to 20").net, Pay.parse("3 for 1").net, LOSS.net, PUSH.net
(Fraction(19, 20), Fraction(2, 1), Fraction(-1, 1), Fraction(0, 1))
"""

import re
from dataclasses import dataclass
from fractions import Fraction

from combin.errors import CombinError

__all__ = ["Pay", "LOSS", "PUSH"]

_NUMBER = r"[0-9][0-9,_]*(?:\.[0-9]+)?"
_RATIO = re.compile(rf"^\s*({_NUMBER})\s+(to|for)\s+({_NUMBER})\s*$", re.IGNORECASE)


def _number(text: str) -> Fraction:
    return Fraction(text.replace(",", "").replace("_", ""))


@dataclass(frozen=True, order=False)
class Pay:
    """A pay as printed (``text``) and its exact net result per unit (``net``)."""

    text: str
    net: Fraction

    @classmethod
    def parse(cls, text: object) -> "Pay":
        """Read a pay from its printed form; raise :class:`CombinError` if it is not one."""
        if not isinstance(text, str):
            raise CombinError(f"a pay must be text such as '40 to 1', not {text!r}")
        words = " ".join(text.split()).lower()
        if words == "push":
            return PUSH
        if words in ("loss", "lose", "loses"):
            return LOSS
        match = _RATIO.match(words)
        if not match:
            raise CombinError(
                f"cannot read the pay {text!r}: write 'X to Y', 'X for Y', 'push' or 'loss'"
            )
        x, kind, y = _number(match[1]), match[2], _number(match[3])
        if x <= 0 or y <= 0:
            raise CombinError(f"the pay {text!r} must use positive numbers")
        net = x / y if kind == "to" else x / y - 1
        if net < 0:
            raise CombinError(f"the pay {text!r} returns less than the stake; write 'loss'")
        return cls(f"{match[1]} {kind} {match[3]}", net)

    @property
    def is_loss(self) -> bool:
        return self.net == -1

    def __str__(self) -> str:
        return self.text


PUSH = Pay("push", Fraction(0))
LOSS = Pay("loss", Fraction(-1))
