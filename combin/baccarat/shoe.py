"""Baccarat shoes: counts of cards by point value, full or depleted.

Suits never matter in baccarat and neither do the four ten-valued ranks
individually, so a :class:`Shoe` is the count of cards of each point value
0-9 (value 0 gathers 10, J, Q and K: 16 cards per deck).  :func:`parse_shoe`
reads the friendly forms a user types:

* ``8`` or ``8d`` -- eight full decks;
* ``8d-TT5`` or ``8d minus T,T,5`` -- eight decks less the cards named
  (ranks ``A 2-9 T J Q K``; ``10`` is also a ten);
* ``A=32,2=32,...,9=32,T=32,J=32,Q=32,K=32`` -- counts per rank, every rank
  named once; ``0=128`` may stand for the four ten-valued ranks together.

>>> shoe = parse_shoe("8d-TT5")
>>> shoe.cards, shoe.counts[0], Shoe.full(parse_decks("6")).describe()
(413, 126, '6 decks (312 cards)')
>>> RANKS[-1], RANK_VALUE["K"], RANK_VALUE["9"], VALUE_NAMES[0]
('A', 0, 9, 'T/J/Q/K')
"""

import re
from dataclasses import dataclass
from typing import Any

from combin.files.bounded import parse_int
from combin.errors import CombinError
from combin.core.ranks import RANKS, parse_rank

__all__ = ["Shoe", "RANKS", "RANK_VALUE", "VALUE_NAMES", "parse_decks", "parse_shoe"]

#: The baccarat point value of each of the thirteen ranks (:data:`combin.core.ranks.RANKS`, the
#: one rank order and reader of both games).
RANK_VALUE = {"A": 1, **{str(v): v for v in range(2, 10)}, "T": 0, "J": 0, "Q": 0, "K": 0}
#: How the ten point values are named in tables (value 0 gathers the ten-valued ranks).
VALUE_NAMES = ("T/J/Q/K", "A", "2", "3", "4", "5", "6", "7", "8", "9")
#: Cards of each point value in one 52-card deck.
PER_DECK = (16, 4, 4, 4, 4, 4, 4, 4, 4, 4)
#: The fewest cards a shoe must hold: a round can use six.
MIN_CARDS = 6
#: Deck counts are read from at most this many digits.
MAX_DECK_DIGITS = 6


@dataclass(frozen=True)
class Shoe:
    """Card counts by point value (index 0 = ten-valued); ``decks`` when it is a full shoe."""

    counts: tuple[int, ...]
    decks: int | None = None

    def __post_init__(self) -> None:
        if len(self.counts) != 10:
            raise CombinError("a shoe needs a count for each of the ten point values")
        if any(not isinstance(c, int) or c < 0 for c in self.counts):
            raise CombinError("a shoe cannot hold a negative number of cards")
        if sum(self.counts) < MIN_CARDS:
            raise CombinError(f"a shoe needs at least {MIN_CARDS} cards for a round; "
                              f"this one holds {sum(self.counts)}")

    @classmethod
    def full(cls, decks: object) -> "Shoe":
        decks = parse_decks(decks)
        return cls(tuple(decks * n for n in PER_DECK), decks)

    @property
    def cards(self) -> int:
        return sum(self.counts)

    def without(self, value: int, number: int = 1) -> "Shoe":
        """This shoe less ``number`` cards of point ``value``."""
        counts = list(self.counts)
        if counts[value] < number:
            raise CombinError(f"cannot remove {number} card(s) of value {VALUE_NAMES[value]}: "
                              f"the shoe holds {counts[value]}")
        counts[value] -= number
        return Shoe(tuple(counts))

    def describe(self) -> str:
        if self.decks is not None:
            plural = "deck" if self.decks == 1 else "decks"
            return f"{self.decks} {plural} ({self.cards} cards)"
        parts = " ".join(f"{name}:{count}" for name, count in zip(VALUE_NAMES, self.counts))
        return f"{self.cards} cards ({parts})"

    def detail(self) -> dict[str, Any]:
        detail: dict[str, Any] = {"cards": self.cards,
                  "counts_by_value": {name: count for name, count in zip(VALUE_NAMES, self.counts)}}
        if self.decks is not None:
            detail = {"decks": self.decks, **detail}
        return detail


def parse_decks(text: object) -> int:
    """A deck count: a whole number from 1 to 999,999, refused by length before it is
    converted and compared after leading zeros are dropped (:func:`combin.files.bounded.parse_int`)."""
    return parse_int(text, "the number of decks", 1, 10**MAX_DECK_DIGITS - 1)


#: A shoe spec longer than this is refused before it is read.
MAX_SPEC_CHARS = 4000

_TOKEN = re.compile(r"10|\s*,\s*|\s+|.", re.DOTALL)


def _removed_cards(text: str, spec: object) -> list[int]:
    """The point values of the cards named after 'minus': ranks, optionally separated by
    one comma or by spaces.  Anything else -- another character, a doubled separator,
    a separator at either end -- is an error."""
    rest = text.strip()
    if not rest:
        raise CombinError(f"shoe spec {spec!r} says minus but names no card")
    values: list[int] = []
    after_comma = True  # a comma may not come first
    for match in _TOKEN.finditer(rest):
        token = match.group()
        if token.strip() == ",":
            if after_comma:
                where = "begin with a comma" if not values else "have a doubled separator"
                raise CombinError(f"the cards removed in shoe spec {spec!r} {where}; "
                                  "write e.g. 8d-TT5 or 8d-T,T,5")
            after_comma = True
            continue
        if token.isspace():
            continue
        try:
            rank = parse_rank(token)
        except CombinError:
            raise CombinError(f"unknown rank or separator {token!r} among the cards removed in "
                              f"shoe spec {spec!r} (ranks: A 2-9 T J Q K, separated by nothing, "
                              "a comma or spaces)") from None
        values.append(RANK_VALUE[rank])
        after_comma = False
    if after_comma:
        raise CombinError(f"the cards removed in shoe spec {spec!r} end with a comma")
    return values


def _remove(shoe: Shoe, values: list[int]) -> Shoe:
    """``shoe`` less the cards of ``values``, each value's total checked at once."""
    counts = list(shoe.counts)
    for value in sorted(set(values)):
        wanted = values.count(value)
        if wanted > counts[value]:
            raise CombinError(f"cannot remove {wanted} card(s) of value {VALUE_NAMES[value]}: "
                              f"{shoe.describe()} holds {counts[value]}")
        counts[value] -= wanted
    return Shoe(tuple(counts))


def parse_shoe(spec: object) -> Shoe:
    """Read a shoe from the forms in the module docstring."""
    text = str(spec).strip()
    if len(text) > MAX_SPEC_CHARS:
        raise CombinError(f"the shoe spec is {len(text):,} characters long; at most "
                          f"{MAX_SPEC_CHARS:,} are read")
    if re.fullmatch(r"[+-]?[0-9]*\.[0-9]+\s*(?:d|decks?)?", text, re.IGNORECASE):
        raise CombinError(f"the number of decks must be a whole number, not {spec!r}")
    full = re.fullmatch(r"([+-]?[0-9]+)\s*(?:d|decks?)?\s*(?:(?:-|minus)\s*(.*))?", text,
                        re.IGNORECASE | re.DOTALL)
    if full and "=" not in text:
        shoe = Shoe.full(full[1])
        return shoe if full[2] is None else _remove(shoe, _removed_cards(full[2], spec))
    if "=" not in text:
        raise CombinError(f"cannot read the shoe spec {spec!r}: write '8d', '8d-TT5' or "
                          "'A=32,2=32,...,K=32'")
    counts = [0] * 10
    named = set()
    for item in (part.strip() for part in text.split(",")):
        if not item:
            raise CombinError(f"shoe spec {spec!r} has an empty item (a doubled or misplaced "
                              "comma); write A=32,2=32,...,K=32")
        rank, sep, number = (piece.strip() for piece in item.partition("="))
        if rank != "0":  # 0 names the four ten-valued ranks together
            try:
                rank = parse_rank(rank)
            except CombinError:
                raise CombinError(f"unknown rank '{rank.upper()}' in the shoe spec (ranks: A 2-9 T "
                                  "J Q K, or 0)") from None
        if not re.fullmatch(r"[+-]?[0-9]{1,9}", number):
            raise CombinError(f"the count of rank {rank} must be a whole number of at most nine "
                              f"digits, not {number!r}")
        if rank in named:
            raise CombinError(f"rank {rank} is named twice in the shoe spec")
        named.add(rank)
        if int(number) < 0:
            raise CombinError(f"rank {rank} has a negative count ({number})")
        counts[0 if rank == "0" else RANK_VALUE[rank]] += int(number)
    tens = {"T", "J", "Q", "K"}
    if "0" in named and named & tens:
        raise CombinError("the shoe spec names 0 (all ten-valued cards) and a ten-valued rank too")
    expected = set("A23456789") | ({"0"} if "0" in named else tens)
    missing = sorted(expected - named, key=lambda r: ("A234567890TJQK".index(r)))
    if missing:
        raise CombinError(f"the shoe spec gives no count for rank(s) {' '.join(missing)}")
    return Shoe(tuple(counts))
