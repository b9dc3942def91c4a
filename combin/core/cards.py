"""The card vocabulary both stud games use: cards of the 52-card deck, the poker hand classes.

A card is the integer ``rank * 4 + suit``.  Ranks run ``0..12`` for
2, 3, ..., 10, J, Q, K, A; suits run ``0..3`` for clubs, diamonds, hearts and
spades.  So the deck is ``range(52)``, ``card // 4`` is the rank and
``card % 4`` the suit, and sorting card ids sorts by rank first.

Cards are written the usual two-character way, rank then suit::

    >>> parse_card("As"), parse_card("Td"), parse_card("9c")
    (51, 33, 28)
    >>> format_cards([51, 33, 28])
    'As Td 9c'

:data:`CLASSES` lists the hand-class ids, highest first, and
:data:`CLASS_NAMES` gives each its human name; :func:`hand_class` reads the
class of five cards straight from the rules.

>>> len(DECK), RANKS[-1], SUITS, [format_card(c) for c in parse_cards("AS TD")]
(52, 'A', 'cdhs', ['As', 'Td'])
>>> rank_of(card(ACE, SPADES)) == ACE, TEN < JACK < QUEEN < KING < ACE, (CLUBS, DIAMONDS, HEARTS, SPADES)
(True, True, (0, 1, 2, 3))
>>> CLASSES[0], CLASS_NAMES[CLASSES[0]]
('royal_flush', 'Royal flush')
"""

import operator
from collections import Counter
from collections.abc import Iterable, Sequence

from combin.errors import CombinError
from combin.core.ranks import RANKS, parse_rank

__all__ = [
    "RANKS", "SUITS", "DECK",
    "TEN", "JACK", "QUEEN", "KING", "ACE",
    "CLUBS", "DIAMONDS", "HEARTS", "SPADES",
    "card", "rank_of", "suit_of",
    "parse_card", "parse_cards", "format_card", "format_cards",
    "CLASSES", "CLASS_NAMES", "hand_class",
]

#: Rank symbols, lowest first (:data:`combin.core.ranks.RANKS`); a rank is its index in this string.

SUITS = "cdhs"
"""Suit symbols: clubs, diamonds, hearts, spades; a suit is its index."""

DECK = tuple(range(52))

TEN, JACK, QUEEN, KING, ACE = 8, 9, 10, 11, 12
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3

CLASSES = (
    "royal_flush",
    "straight_flush",
    "four_of_a_kind",
    "full_house",
    "flush",
    "straight",
    "three_of_a_kind",
    "two_pair",
    "one_pair",
    "ace_king",
    "high_card",
)
"""Hand-class ids, highest first.

``straight_flush`` excludes the royal flush, ``flush`` and ``straight``
exclude straight flushes, ``ace_king`` is a hand below one pair holding an
ace and a king, and ``high_card`` is every other hand below one pair.
"""

CLASS_NAMES = {
    "royal_flush": "Royal flush",
    "straight_flush": "Straight flush",
    "four_of_a_kind": "Four of a kind",
    "full_house": "Full house",
    "flush": "Flush",
    "straight": "Straight",
    "three_of_a_kind": "Three of a kind",
    "two_pair": "Two pair",
    "one_pair": "One pair",
    "ace_king": "Ace-king",
    "high_card": "High card",
}

def card(rank: int, suit: int) -> int:
    """Return the card id of *rank* (0..12) and *suit* (0..3).

    >>> card(12, 3)      # the ace of spades
    51
    """
    if not (0 <= rank < 13 and 0 <= suit < 4):
        raise CombinError(f"no card has rank {rank!r} and suit {suit!r}")
    return rank * 4 + suit


def rank_of(card_id: int) -> int:
    """Return the rank (0 for a deuce .. 12 for an ace) of *card_id*.

    >>> rank_of(51)
    12
    """
    return card_id // 4


def suit_of(card_id: int) -> int:
    """Return the suit (0 clubs, 1 diamonds, 2 hearts, 3 spades) of *card_id*.

    >>> suit_of(51)
    3
    """
    return card_id % 4


def parse_card(text: object) -> int:
    """Return the card id written as *text*, such as ``"As"`` or ``"10h"``.

    Rank and suit letters may be in either case.

    >>> parse_card("10h"), parse_card("tH")
    (34, 34)
    """
    if not isinstance(text, str) or len(text.strip()) < 2:
        raise CombinError(f"{text!r} is not a card; write a rank and a suit, like 'As'")
    word = text.strip()
    rank_text, suit_text = word[:-1], word[-1].lower()
    try:
        rank = parse_rank(rank_text)
    except CombinError:
        rank = ""
    if not rank or suit_text not in SUITS:
        raise CombinError(f"{text!r} is not a card; ranks are {RANKS}, suits are {SUITS}")
    return RANKS.index(rank) * 4 + SUITS.index(suit_text)


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Return the card ids of a hand written like ``"As Kd 9c"`` (or a list of words).

    A card named twice is an error: the deck holds one of each.

    >>> parse_cards("As, Kd 9c")
    [51, 45, 28]
    """
    words = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards = [parse_card(word) for word in words]
    if len(set(cards)) != len(cards):
        raise CombinError(f"a card appears twice in {text!r}")
    return cards


def format_card(card_id: int) -> str:
    """Return the two-character name of *card_id*, such as ``"As"``.

    >>> format_card(34)
    'Th'
    """
    try:
        index = operator.index(card_id)
    except TypeError:
        index = -1
    if not 0 <= index < 52:
        raise CombinError(f"{card_id!r} is not a card id; ids run from 0 to 51")
    return RANKS[index // 4] + SUITS[index % 4]


def format_cards(card_ids: Iterable[int]) -> str:
    """Return the names of *card_ids*, separated by spaces.

    >>> format_cards([51, 45])
    'As Kd'
    """
    return " ".join(format_card(c) for c in card_ids)


_ROYAL = frozenset(range(TEN, ACE + 1))
_WHEEL = frozenset((ACE, 0, 1, 2, 3))


def hand_class(cards: Sequence[int]) -> str:
    """The class id of five cards (see :data:`CLASSES`), read straight from the rules.

    >>> hand_class(parse_cards("As Ks Qs Js Ts")), hand_class(parse_cards("Ad Kc 7h 5s 2d"))
    ('royal_flush', 'ace_king')
    """
    ranks = [card >> 2 for card in cards]
    distinct = set(ranks)
    shape = sorted(Counter(ranks).values(), reverse=True)
    flush = len({card & 3 for card in cards}) == 1
    straight = len(distinct) == 5 and (max(distinct) - min(distinct) == 4 or distinct == _WHEEL)
    if straight and flush:
        return "royal_flush" if distinct == _ROYAL else "straight_flush"
    if shape[0] == 4:
        return "four_of_a_kind"
    if shape[:2] == [3, 2]:
        return "full_house"
    if flush:
        return "flush"
    if straight:
        return "straight"
    if shape[0] == 3:
        return "three_of_a_kind"
    if shape[:2] == [2, 2]:
        return "two_pair"
    if shape[0] == 2:
        return "one_pair"
    return "ace_king" if {ACE, KING} <= distinct else "high_card"
