"""A stud deck: a set of ranks in four suits.

Lunar Poker and Caribbean Stud use one 52-card deck; for cross-checks the
engine also plays on a reduced deck (``9TJQKA`` is 24 cards).  Card ids are
those of :mod:`combin.core.cards` (``rank * 4 + suit``), so a reduced deck's
cards keep their names and hand rules never change with the deck.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from combin.errors import CombinError
from combin.core.cards import RANKS, format_card

__all__ = ["Deck", "FULL_RANKS"]

FULL_RANKS = tuple(range(13))
_ALIASES = {"10": "T"}


@dataclass(frozen=True)
class Deck:
    """The ranks in play (ascending rank indices) and their cards (ascending ids).

    >>> Deck.parse("KA")
    Deck(ranks=(11, 12), cards=(44, 45, 46, 47, 48, 49, 50, 51))
    """

    ranks: tuple[int, ...]
    cards: tuple[int, ...]

    @classmethod
    def of_ranks(cls, ranks: Iterable[int]) -> "Deck":
        """The deck of these rank indices in four suits.

        >>> Deck.of_ranks([12, 11]).cards
        (44, 45, 46, 47, 48, 49, 50, 51)
        """
        found = tuple(sorted(ranks))
        return cls(found, tuple(rank * 4 + suit for rank in found for suit in range(4)))

    @classmethod
    def parse(cls, text: object = None, need: int | None = None) -> "Deck":
        """The deck written as ranks (``"9TJQKA"``); ``None`` or ``""`` is all 13 ranks.

        ``need`` is the fewest cards the game deals (a deck smaller is an error).

        >>> deck = Deck.parse("akqjt9")
        >>> deck.text, len(deck), Deck.parse(None).full
        ('9TJQKA', 24, True)
        """
        if text is None or not str(text).strip():
            deck = cls.of_ranks(FULL_RANKS)
        else:
            word = str(text).strip().upper().replace("10", "T")
            found: list[int] = []
            for symbol in word:
                if symbol not in RANKS:
                    raise CombinError(f"--deck {text!r}: {symbol!r} is not a rank; ranks are {RANKS}")
                rank = RANKS.index(symbol)
                if rank in found:
                    raise CombinError(f"--deck {text!r}: rank {symbol} is named twice")
                found.append(rank)
            deck = cls.of_ranks(found)
        if need is not None and len(deck) < need:
            raise CombinError(f"--deck {text!r} has {len(deck)} cards; the game needs at least {need}")
        if not deck.ranks:
            raise CombinError(f"--deck {text!r} names no rank")
        return deck

    @property
    def text(self) -> str:
        """The deck's ranks as written (``"9TJQKA"``), all 13 for the full deck.

        >>> Deck.parse("AKQ").text
        'QKA'
        """
        return "".join(RANKS[rank] for rank in self.ranks)

    @property
    def full(self) -> bool:
        """Whether all 13 ranks are in play.

        >>> Deck.parse(None).full, Deck.parse("9TJQKA").full
        (True, False)
        """
        return self.ranks == FULL_RANKS

    def check(self, cards: Sequence[int]) -> Sequence[int]:
        """Raise :class:`CombinError` naming the first card whose rank is not in the deck.

        >>> from combin.core.cards import parse_cards
        >>> Deck.parse("JQKA").check(parse_cards("As Kd"))
        [51, 45]
        >>> Deck.parse("JQKA").check(parse_cards("9s"))
        Traceback (most recent call last):
        ...
        combin.errors.CombinError: 9s is not in the deck JQKA
        """
        ranks = set(self.ranks)
        for card in cards:
            if card // 4 not in ranks:
                raise CombinError(f"{format_card(card)} is not in the deck {self.text}")
        return cards

    def __len__(self) -> int:
        return len(self.cards)
