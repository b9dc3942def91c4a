"""A hand and an option in a player's words, and the basic strategy's rules: what the totals and the tables read.

:func:`hand_feature` names a first five as a player does (one of :data:`FEATURES`),
:func:`action_of` an option of it by what it keeps; :func:`basic_rules` reads a stud
game's ``data/basic_strategy.toml`` and :func:`basic_option` applies it to a hand.
:mod:`combin.stud.game.totals` sums by these, :mod:`combin.stud.game.strategy` tabulates
them.

>>> from combin.core.cards import parse_cards
>>> hand = parse_cards("As Kd 7h 7c 2d")
>>> hand_feature(hand), action_of(("exchange", (0, 1, 4)), hand)
('one_pair/pair of 7s', 'keep the pair')
"""

import tomllib
from collections.abc import Collection, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from combin.core.cards import CLASS_NAMES
from combin.errors import CombinError
from combin.core.game import read_data
from combin.stud.core.values import best_value, value_class

if TYPE_CHECKING:
    from combin.stud.core.rules import StudRules
    from combin.stud.draw.options import OptionKey

__all__ = ["basic_rules", "basic_option", "hand_feature", "class_words", "action_of", "FEATURES", "kind_words", "draw_of",
           "BasicRules"]

#: The rules of a basic strategy file: ``[(hand classes, action)]``.
BasicRules = list[tuple[tuple[str, ...], str]]


def basic_rules(stud: "StudRules") -> tuple[BasicRules, str]:
    """The rules of the ``data/basic_strategy.toml`` of the game of ``stud``: ``[(hand classes, action)]``
    and the citation.

    >>> from combin.lunar import GAME as LUNAR
    >>> from combin.stud.core.rules import load_rules
    >>> rules, citation = basic_rules(load_rules(LUNAR.id))
    >>> len(rules) > 3, all(isinstance(hands, tuple) for hands, _ in rules)
    (True, True)
    """
    document = tomllib.loads(read_data(stud.package, "basic_strategy.toml"))
    rules: BasicRules = [(tuple(rule["hands"]), rule["do"]) for rule in document["rule"]]
    citation: str = document["citation"]
    return rules, citation


def basic_option(hand: Sequence[int], rules: BasicRules, keys: Collection["OptionKey"]) -> "OptionKey | None":
    """The option key the basic strategy picks for a hand of five card ids, or ``None`` where the
    exchange it names is not an option of the game (the card is written for the regulation's
    game; a variant without the exchange, or without that size, has no move for it there).

    >>> from combin.core.cards import parse_cards
    >>> rules = [(("one_pair",), "play"), (("high_card",), "keep-high 2")]
    >>> keys = [("fold", ()), ("play", ()), ("exchange", (2, 3, 4))]
    >>> basic_option(parse_cards("7s 7d Ks Qd 2s"), rules, keys), basic_option(parse_cards("Ks Qd 7s 5d 2s"), rules, keys)
    (('play', ()), ('exchange', (2, 3, 4)))
    >>> basic_option(parse_cards("Ks Qd 7s 5d 2s"), rules, [("fold", ()), ("play", ()), ("buy", ())]) is None
    True
    """
    name = value_class(best_value(list(hand)))
    for hands, action in rules:
        if name in hands:
            break
    else:
        raise CombinError(f"the basic strategy has no rule for {name}")
    if action in ("play", "fold", "buy"):
        return (action, ())
    ranks = [card >> 2 for card in hand]
    if action == "exchange-singles":
        singles = tuple(i for i, rank in enumerate(ranks) if ranks.count(rank) == 1)
        return ("exchange", singles) if len(singles) >= 2 else ("play", ())
    word, _, count = action.partition(" ")
    if word == "keep-high" and count.isdigit():
        order = sorted(range(5), key=lambda i: (-ranks[i], i))
        discard = tuple(sorted(order[int(count):]))
        key: "OptionKey" = ("exchange", discard)
        return key if key in keys else None
    raise CombinError(f"basic strategy: unknown action {action!r}")


# ---- the strategy in a player's words: plain hands, actions, and a basic strategy derived from it

_RANK_WORDS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace")
_PLURAL = ("2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens", "kings", "aces")
_MADE = {"royal_flush": "royal flush", "straight_flush": "straight flush", "four_of_a_kind": "four of a kind",
         "full_house": "full house", "flush": "flush", "straight": "straight",
         "three_of_a_kind": "three of a kind", "two_pair": "two pair"}
_DRAWS = ("four to a flush", "four to a straight")

#: Every plain hand :func:`hand_feature` gives, strongest first: ``"class/words"``.
FEATURES = tuple(
    [f"{name}/{words}" for name, words in _MADE.items()]
    + [f"one_pair/pair of {_PLURAL[rank]}" for rank in range(12, -1, -1)]
    + [f"ace_king/ace-king, {draw}" for draw in _DRAWS] + ["ace_king/ace-king"]
    + [f"high_card/{draw}" for draw in _DRAWS]
    + [f"high_card/{_RANK_WORDS[rank]} high" for rank in range(12, 4, -1)])


def class_words(name: str, rank: int | None = None) -> str:
    """A first five's class in a player's words; ``rank`` (0 a deuce, 12 an ace) is the pair's rank
    of one pair, the highest card of a high card.

    >>> class_words("one_pair", 5), class_words("high_card", 11), class_words("ace_king")
    ('pair of 7s', 'king high', 'ace-king')
    >>> class_words("four_of_a_kind")
    'four of a kind'
    """
    if name == "one_pair" and rank is not None:
        return f"pair of {_PLURAL[rank]}"
    if name == "high_card" and rank is not None:
        return f"{_RANK_WORDS[rank]} high"
    return CLASS_NAMES[name].lower()


def draw_of(ranks: Sequence[int], suits: Sequence[int]) -> str | None:
    """``four to a flush``, ``four to a straight`` (four ranks within five in a row, the ace
    high or low) or ``None``, for the ranks and suits of five cards (a pair's rank counts once).

    >>> draw_of([12, 11, 9, 7, 7], [0, 0, 0, 0, 1]), draw_of([0, 0, 1, 2, 12], [0, 1, 2, 3, 0])
    ('four to a flush', 'four to a straight')
    >>> draw_of([12, 11, 9, 7, 2], [0, 1, 2, 3, 0]) is None
    True
    """
    if max(suits.count(s) for s in set(suits)) == 4:
        return _DRAWS[0]
    spots = set(ranks) | ({-1} if 12 in ranks else set())     # the ace also plays low
    if any(len(spots & set(range(low, low + 5))) >= 4 for low in range(-1, 9)):
        return _DRAWS[1]
    return None


def hand_feature(hand: Sequence[int]) -> str:
    """The first five in a player's words, ``"class/words"`` (one of :data:`FEATURES`).

    >>> from combin.core.cards import parse_cards
    >>> hand_feature(parse_cards("As Kd 7h 7c 2d")), hand_feature(parse_cards("As Kd 9h 7c 2d"))
    ('one_pair/pair of 7s', 'ace_king/ace-king')
    >>> hand_feature(parse_cards("Qs Jd 8h 7c 2d")), hand_feature(parse_cards("Ks Td 9h 6c 2d"))
    ('high_card/queen high', 'high_card/king high')
    >>> hand_feature(parse_cards("Qs Js 9s 8s 2d")), hand_feature(parse_cards("Qs Jd Th 8c 2d"))
    ('high_card/four to a flush', 'high_card/four to a straight')
    """
    name = value_class(best_value(list(hand)))
    ranks = [card >> 2 for card in hand]
    if name in _MADE:
        return f"{name}/{_MADE[name]}"
    if name == "one_pair":
        return f"one_pair/{class_words(name, max(r for r in ranks if ranks.count(r) == 2))}"
    draw = draw_of(ranks, [card & 3 for card in hand])
    if name == "ace_king":
        return "ace_king/ace-king" + (f", {draw}" if draw else "")
    return f"high_card/{draw or _RANK_WORDS[max(ranks)] + ' high'}"


_ORDINALS = ("highest", "2nd", "3rd", "4th", "5th")


def action_of(key: "OptionKey", hand: Sequence[int]) -> str:
    """An option of ``hand`` as a player names it, the same for every hand it fits.

    Cards are ordered as a player sorts them: the most of a rank first, then
    higher ranks.  An exchange is named by what it keeps.

    >>> from combin.core.cards import parse_cards
    >>> hand = parse_cards("As Kd 7h 7c 2d")
    >>> action_of(("exchange", (0, 1, 4)), hand), action_of(("exchange", (1, 2, 3)), hand)
    ('keep the pair', 'keep the 3rd and 5th best')
    >>> action_of(("exchange", (2, 3, 4)), parse_cards("As Kd 9h 7c 2d")), action_of(("play", ()), hand)
    ('keep the 2 best', 'play')
    >>> action_of(("exchange", (1, 4)), parse_cards("As Kd 9s 7s 2d"))
    'keep three suited'
    """
    kind, positions = key
    if kind != "exchange":
        return "buy a sixth card" if kind == "buy" else kind
    # the words read only the ranks and whether the kept cards share a suit: one answer per
    # (exchange, ranks, suited) -- a run names up to 30 options of every class it prices in full,
    # and a class of the same ranks (a run goes rank group by rank group) asks the same again
    suits = {hand[i] & 3 for i in range(5) if i not in positions}
    return _exchange_words(positions, tuple(card >> 2 for card in hand), len(suits) == 1)


@lru_cache(maxsize=1 << 16)
def _exchange_words(positions: tuple[int, ...], rank_tuple: tuple[int, ...], suited: bool) -> str:
    """:func:`action_of` for an exchange of ``positions`` of a hand of ranks ``rank_tuple``
    (``suited``: the kept cards share one suit)."""
    ranks = list(rank_tuple)
    kept = [i for i in range(5) if i not in positions]
    if not kept:
        return "exchange all five"
    order = sorted(range(5), key=lambda i: (-ranks.count(ranks[i]), -ranks[i], i))
    places = sorted(order.index(i) for i in kept)
    paired = [i for i in range(5) if ranks.count(ranks[i]) >= 2]
    if paired and sorted(kept) == paired:
        return {2: "keep the pair", 3: "keep the three of a kind", 4: "keep the two pairs"}[len(paired)]
    if places == list(range(len(kept))):
        return f"keep the {len(kept)} best" if len(kept) > 1 else "keep the best card"
    if len(kept) == 3 and suited:
        return "keep three suited"
    words = [_ORDINALS[p] if p else "highest" for p in places]
    return "keep the " + (" and ".join(words) if len(words) < 3 else ", ".join(words[:-1]) + " and " + words[-1]) + \
        (" best" if words[-1] != "highest" else "")


def kind_words(kind: str) -> str:
    """A kind of option in words.

    >>> kind_words("exchange 3"), kind_words("buy"), kind_words("play")
    ('exchange 3 cards', 'buy a sixth card', 'play')
    """
    return {"buy": "buy a sixth card"}.get(kind, f"{kind} cards" if kind.startswith("exchange") else kind)
