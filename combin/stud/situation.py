"""One Lunar Poker decision: the situation, and the terms it is played under.

A :class:`Situation` is the player's five cards, the dealer's up card and the
deck (a set of ranks in four suits, RULES.md §3); every other card of the deck
is unseen.  :class:`Terms` holds what the game pays and the readings in force:
the instant-payout paytable (A, B or C), the Bet paytable and the
interpretations the main game reads (L7-L12, data in
``combin/lunar/data/interpretations.toml``).

Both the naive game-tree oracle (:mod:`combin.stud.naive`) and the fast
engine (:mod:`combin.stud.advise`) take these two objects, so they answer the
same question.
"""

from dataclasses import dataclass
from fractions import Fraction

from combin.errors import CombinError
from combin.lunar.cards import RANKS, format_card, parse_card

__all__ = ["Situation", "Terms", "GAME_INTERPRETATIONS", "parse_deck", "card_text"]

#: The interpretations the main game reads (RULES.md §2.4), in print order.
GAME_INTERPRETATIONS = ("L7", "L8", "L9", "L10", "L11", "L12")


def card_text(card):
    """A card as the command line prints it: rank and upper-case suit (``"7H"``)."""
    text = format_card(card)
    return text[0] + text[1].upper()


def parse_deck(text):
    """The ranks of a deck (``"9TJQKA"``; ``None`` for all thirteen) as a sorted tuple."""
    if text is None:
        return tuple(range(13))
    ranks = []
    for letter in text.replace(",", "").replace(" ", "").upper():
        if letter not in RANKS:
            raise CombinError(f"--deck {text!r}: {letter!r} is not a rank (ranks are {RANKS})")
        if RANKS.index(letter) in ranks:
            raise CombinError(f"--deck {text!r}: rank {letter} is named twice")
        ranks.append(RANKS.index(letter))
    if len(ranks) < 5:
        raise CombinError(f"--deck {text!r}: a deck needs at least five ranks")
    return tuple(sorted(ranks))


@dataclass(frozen=True)
class Situation:
    """The player's five cards, the dealer's up card and the deck's ranks."""

    player: tuple
    up: int
    ranks: tuple = tuple(range(13))

    @classmethod
    def parse(cls, player_text, up_text, deck_text=None):
        """Read ``"AS KD 7H 7C 2D"``, ``"9S"`` and ``"9TJQKA"``; bad input is a CombinError."""
        ranks = parse_deck(deck_text)
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
        for card in player + [up]:
            if card >> 2 not in ranks:
                raise CombinError(f"{card_text(card)} is not in the deck "
                                  f"({''.join(RANKS[r] for r in ranks)})")
        return cls(tuple(player), up, ranks)

    @property
    def deck(self):
        """Every card of the deck, as card ids."""
        return tuple(rank * 4 + suit for rank in self.ranks for suit in range(4))

    @property
    def unseen(self):
        """The cards the player has not seen, in id order."""
        seen = set(self.player) | {self.up}
        return tuple(card for card in self.deck if card not in seen)

    @property
    def deck_text(self):
        return "".join(RANKS[r] for r in self.ranks)


@dataclass(frozen=True)
class Terms:
    """Pays and readings: instant paytable id, its pays, the Bet pays and L7-L12."""

    paytable: str
    instant: dict          # class id -> Fraction paid to 1 on the Ante
    bet: dict              # class id -> Fraction paid to 1 on the Bet
    readings: tuple        # ((id, value), ...) in GAME_INTERPRETATIONS order

    @classmethod
    def build(cls, paytable="A", chosen=None):
        """Terms for an instant-payout paytable id and ``{id: value}`` choices."""
        from combin.lunar import GAME
        from combin.lunar.bet import bet_pays
        chosen = dict(chosen or {})
        registry = GAME.interpretations
        for key, value in chosen.items():
            if key not in GAME_INTERPRETATIONS:
                raise CombinError(f"combin lunar advise reads interpretations "
                                  f"{', '.join(GAME_INTERPRETATIONS)}, not {key}")
            if value not in registry[key].values:
                raise CombinError(f"interpretation {key} has no value '{value}' "
                                  f"(values: {', '.join(registry[key].values)})")
        table = GAME.paytables.get(("lunar.instant", paytable or "A"))
        if table is None:
            known = sorted(p for w, p in GAME.paytables if w == "lunar.instant")
            raise CombinError(f"unknown paytable '{paytable}' (paytables: {', '.join(known)})")
        instant = {event: Fraction(pay.net) for event, pay in table.lines}
        bet = {name: Fraction(pay.net) for name, pay in bet_pays()[0].items()}
        readings = tuple((key, chosen.get(key, registry[key].default))
                         for key in GAME_INTERPRETATIONS)
        return cls(table.id, instant, bet, readings)

    def reading(self, key):
        return dict(self.readings)[key]

    @property
    def ante_on_win(self):
        """What the Ante nets when the player beats a qualifying dealer (L8)."""
        return 1 if self.reading("L8") == "even-money" else 0
