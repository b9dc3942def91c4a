"""One Lunar Poker decision: the player's five cards, the dealer's up card, the deck.

A :class:`Situation` is what the player sees before deciding (RULES.md §3):
its five cards and the dealer's up card, dealt from a
:class:`~combin.stud.core.deck.Deck`; every other card of the deck is unseen.
:meth:`Situation.parse` reads it from the command line and turns every
mistake into one :class:`~combin.errors.CombinError`.  The pays and readings
the round is played under are a :class:`combin.stud.core.rules.Rules`.
"""

from dataclasses import dataclass

from combin.errors import CombinError
from combin.core.cards import format_card, parse_card
from combin.stud.core.deck import Deck

__all__ = ["Situation", "card_text"]


def card_text(card: int) -> str:
    """A card as the command line prints it: rank and upper-case suit (``"7H"``).

    >>> card_text(23)
    '7S'
    """
    text = format_card(card)
    return text[0] + text[1].upper()


@dataclass(frozen=True)
class Situation:
    """The player's five cards, the dealer's up card (card ids) and the deck.

    >>> Situation((51, 47, 43, 39, 35), 3).deck.full    # the full deck unless one is given
    True
    """

    player: tuple[int, ...]
    up: int
    deck: Deck = Deck.parse(None)

    @classmethod
    def parse(cls, player_text: str, up_text: str, deck_text: str | None = None) -> "Situation":
        """Read ``"AS KD 7H 7C 2D"``, ``"9S"`` and ``"9TJQKA"``; bad input is a CombinError.

        >>> situation = Situation.parse("AS KD 9H 9C JD", "QS", "9TJQKA")
        >>> len(situation.unseen), card_text(situation.up)
        (18, 'QS')
        """
        deck = Deck.parse(deck_text)
        words = player_text.replace(",", " ").split()
        if len(words) != 5:
            raise CombinError(f"the player holds five cards, not {len(words)} ({player_text!r})")
        player = [parse_card(word) for word in words]
        if len(set(player)) != 5:
            raise CombinError(f"a card appears twice in {player_text!r}")
        up_words = up_text.split()
        if len(up_words) != 1:
            raise CombinError(f"--up takes one card, not {up_text!r}")
        up = parse_card(up_words[0])
        if up in player:
            raise CombinError(f"the up card {card_text(up)} is among the player's cards")
        if len(deck) < 16:
            raise CombinError(f"--deck {deck.text} has {len(deck)} cards; a situation needs "
                              "at least 16 (six seen, five drawn, four for the dealer, "
                              "one to replace)")
        deck.check(player + [up])
        return cls(tuple(player), up, deck)

    @property
    def unseen(self) -> tuple[int, ...]:
        """The cards the player has not seen, in id order.

        >>> Situation.parse("AS KD 9H 9C JD", "QS", "9TJQKA").unseen[:3]
        (29, 31, 32)
        """
        seen = set(self.player) | {self.up}
        return tuple(card for card in self.deck.cards if card not in seen)
