"""A stud game's rules as whole-number pays: the one place the exact engines read them from.

The engines sum in integers, so every pay they read must be a whole number of
Ante units; :func:`whole_pays` turns a game's :class:`~combin.stud.core.rules.Rules`
into :class:`WholePays` once (refusing a pay that is not whole), and
:func:`level_pays` gives the Bet pay of a five-card hand of each hand value
(one representative hand per value: a value fixes the ranks and whether the
hand is suited, all the Bet pays read).  The rank engine
(:mod:`combin.stud.draw.rank`), the card-by-card reference
(:mod:`combin.stud.reference.cards`) and its numpy twin read these and nothing
else of the rules' numbers.

>>> from combin.stud.core.rules import load_rules, stud_games
>>> pays = whole_pays(load_rules(stud_games()[0]).resolve())
>>> pays.bet, pays.loss, pays.take_low, pays.take_high, pays.force_fee, pays.draw_fee
(2, 3, 1, 4, 1, 1)
"""

import hashlib
import sys
from fractions import Fraction
from importlib.resources import files
from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

import combin.stud.core.rules
import combin.stud.core.values
from combin.running.cache import source_digest
from combin.errors import CombinError
from combin.stud.core.rules import bet_pay
from combin.stud.core.values import CATEGORY_SHIFT, FLUSH, STRAIGHT, STRAIGHT_FLUSH, category_of, hand_value

__all__ = ["WholePays", "whole", "whole_pays", "NO_PAY", "representative", "value_pay", "level_pays",
           "pay_key"]

#: The mark of a pay that is not a whole number of Ante units (refused where a hand reads it).
NO_PAY = int(np.iinfo(np.int64).min)


class WholePays(NamedTuple):
    """A game's pays in whole Ante units, as the exact engines read them (numba reads it too)."""

    #: The Bet, in Antes.
    bet: int
    #: What a play loses to a qualifying dealer above the player: the Ante and the Bet.
    loss: int
    #: The Ante pay when the player beats a qualifying dealer.
    ante_win: int
    #: The Ante pay when the dealer does not qualify: below a straight, and at a straight or better.
    take_low: int
    take_high: int
    #: The force fee (L10), or -1 when the game has no forcing.
    force_fee: int
    #: The fee of an exchange, or 0 when the game has no draws.
    draw_fee: int
    #: Whether the game has forcing (L10) and draws.
    can_force: bool
    can_draw: bool


def whole(x: Any, what: str) -> int:
    """``x`` as an int, or a :class:`CombinError` naming ``what`` when it is not a whole number.

    >>> whole(Fraction(4), "the Ante pay"), whole("2", "the Bet")
    (4, 2)
    >>> whole(Fraction(1, 2), "the Bet")
    Traceback (most recent call last):
    ...
    combin.errors.CombinError: the Bet must be a whole number of Ante units for the exact engine, not 1/2
    """
    x = Fraction(x)
    if x.denominator != 1:
        raise CombinError(f"{what} must be a whole number of Ante units for the exact engine, not {x}")
    return int(x)


def whole_pays(rules: Any, dealt: Sequence[int] | None = None) -> WholePays:
    """The :class:`WholePays` of ``rules`` (a :class:`~combin.stud.core.rules.Rules`).

    Under L9=first-five (:attr:`~combin.stud.core.rules.Rules.ante_reads_first_five`) the Ante pay of
    a non-qualifying dealer is fixed by the five cards ``dealt``, whatever the final hand: both
    ``take_low`` and ``take_high`` are that one pay, so every engine that picks one of the two by
    the final hand's level reads the dealt hand's pay without knowing the reading.

    >>> from combin.core.cards import parse_cards
    >>> from combin.stud.core.rules import load_rules, stud_games
    >>> rules = load_rules(stud_games()[0]).resolve(interpret={"L9": "first-five"})
    >>> pays = whole_pays(rules, parse_cards("9s Ts Jd Qc Kh"))      # a straight, as dealt
    >>> pays.take_low, pays.take_high
    (4, 4)
    """
    bet = whole(rules.bet, "the Bet")
    take_low = whole(rules.ante_not_qualified(0), "the Ante pay")
    take_high = whole(rules.ante_not_qualified(STRAIGHT * CATEGORY_SHIFT), "the Ante pay")
    if getattr(rules, "ante_reads_first_five", False):
        if dealt is None:
            raise CombinError("the Ante pay reads the five cards dealt (L9=first-five): the engine needs them")
        # the one pay the dealt five gives, whatever is drawn (L9=first-five)
        take_low = take_high = take_high if category_of(hand_value(dealt)) >= STRAIGHT else take_low
    return WholePays(
        bet=bet, loss=1 + bet, ante_win=whole(rules.ante_win, "the Ante pay on a win"),
        take_low=take_low, take_high=take_high,
        force_fee=-1 if rules.force_fee is None else whole(rules.force_fee, "the force fee"),
        draw_fee=0 if rules.draw_fee is None else whole(rules.draw_fee, "the draw fee"),
        can_force=rules.force_fee is not None, can_draw=rules.draw_fee is not None)


def representative(value: int) -> list[int]:
    """Five cards with this hand value (ranks from the value, suited iff a flush category).

    >>> from combin.core.cards import format_cards
    >>> from combin.stud.core.values import best_value
    >>> from combin.core.cards import parse_cards
    >>> format_cards(representative(best_value(parse_cards("Ah Kh Qh Jh Th"))))
    'Ac Kc Qc Jc Tc'
    """
    category = value // CATEGORY_SHIFT
    digits = [(value >> (4 * (4 - i))) & 15 for i in range(5)]
    if category in (STRAIGHT, STRAIGHT_FLUSH):
        top = digits[0]
        ranks = [3, 2, 1, 0, 12] if top == 3 else [top - i for i in range(5)]
    else:
        ranks = digits
    suited = category in (FLUSH, STRAIGHT_FLUSH)
    return [rank * 4 + (0 if suited else i % 4) for i, rank in enumerate(ranks)]


_PAYS: dict[tuple[str, str | None], dict[int, int]] = {}   # (game, L11) -> {value: Bet pays}; fixed data


def value_pay(rules: Any, value: int) -> int:
    """The Bet pay (to 1, L11 read) of a five-card hand of this value, a whole number, memoised.

    >>> from combin.core.cards import parse_cards
    >>> from combin.stud.core.rules import load_rules, stud_games
    >>> from combin.stud.core.values import best_value
    >>> rules = load_rules(stud_games()[0]).resolve()
    >>> value_pay(rules, best_value(parse_cards("As Ks Qs Js Ts")))
    100
    """
    pays = _PAYS.setdefault((rules.stud.key, rules.second_combination), {})
    if value not in pays:
        pays[value] = whole(bet_pay(rules, representative(value)), "a Bet pay")
    return pays[value]


def level_pays(rules: Any, values: np.ndarray) -> np.ndarray:
    """The Bet pay of a five-card hand of each hand value (:data:`NO_PAY` where it is not whole)."""
    found = []
    for value in values.tolist():
        try:
            found.append(value_pay(rules, value))
        except CombinError:
            found.append(NO_PAY)
    return np.array(found, dtype=np.int64)


def pay_key(rules: Any, deck: Any) -> str:
    """Everything the level pays are computed from, as text (a cache key, :mod:`combin.running.cache`): the
    game, L11, the deck, the Bet table, every data file of the game's package and the code that
    reads a pay (this module, the stud core's rules and values, the game's second-combination
    reader)."""
    data = hashlib.sha256()
    folder = files(rules.stud.package).joinpath("data")
    for entry in sorted(folder.iterdir(), key=lambda item: item.name):
        if entry.name.endswith(".toml"):
            data.update(entry.name.encode() + b"\0" + entry.read_bytes())
    second = getattr(rules.stud, "second_pays", None)
    modules = [combin.stud.core.rules, combin.stud.core.values, sys.modules[__name__]]
    if second is not None:
        modules.append(sys.modules[second.__module__])
    table = sorted((str(k), str(v)) for k, v in (getattr(rules, "bet_table", None) or {}).items())
    return (f"{rules.stud.key}|{rules.second_combination}|{deck.text}|{table}|{data.hexdigest()}|"
            f"{source_digest(*modules)}")
