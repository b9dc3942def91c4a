"""The naive game-tree oracle of one Lunar Poker situation.

:func:`option_values` walks every branch of the round card by card: every
exchange or sixth card, every four hidden dealer cards, and, when the dealer
does not qualify, every card that could replace its highest card (its lowest
under L10=replace-lowest-once) when the player forces.  At each decision it takes the better branch (fold or play
after a draw; take the Ante pay or force, with the dealer's five in view), and
it averages each chance node with :class:`~fractions.Fraction` (the dealer's
hands of a showdown counted as won, tied or lost, and the three nets multiplied
once), so its values are exact by construction.  It has its own plain hand comparison
(:func:`plain_value`: the class of :func:`combin.core.cards.hand_class`, then
the ranks by count and height, written from the rules) and shares nothing with
the fast engine (:mod:`combin.stud.draw.advise`) except the Bet pays per hand
(:func:`combin.stud.core.rules.bet_pay`) and the amounts of the game's data
(:class:`combin.stud.core.rules.Rules`).  It is slow on purpose: the test oracle on
reduced decks, and for fold, play and buy on the full deck.
"""

from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import combinations
from typing import Any

from combin.core.cards import hand_class
from combin.errors import CombinError
from combin.stud.core.rules import Rules, bet_pay
from combin.stud.core.situation import Situation
from combin.stud.core.values import CATEGORY_SHIFT, STRAIGHT

__all__ = ["plain_value", "plain_best", "qualifies", "option_values", "option_keys"]

# Categories for comparing hands: a royal flush is the top straight flush, and an
# ace-king hand is a high-card hand (its kickers already place it above the rest).
#: A comparable key of five cards: category, then the tie-breaking ranks.
PlainValue = tuple[int, tuple[int, ...]]
#: An option: ``("fold",)``, ``("play",)``, ``("buy",)`` or ``("exchange", positions)``.
OptionKey = tuple[Any, ...]

_CATEGORY = {"royal_flush": 8, "straight_flush": 8, "four_of_a_kind": 7, "full_house": 6,
             "flush": 5, "straight": 4, "three_of_a_kind": 3, "two_pair": 2, "one_pair": 1,
             "ace_king": 0, "high_card": 0}
_STRAIGHT_OR_BETTER = {"royal_flush", "straight_flush", "four_of_a_kind", "full_house",
                       "flush", "straight"}


def plain_value(cards: Sequence[int]) -> PlainValue:
    """A comparable key of five cards: category, then the ranks that break ties.

    Straights compare by their top card, the wheel A-2-3-4-5 by its five;
    every other hand by its ranks ordered by how often they occur, then by height.

    >>> from combin.core.cards import parse_cards
    >>> plain_value(parse_cards("As 2d 3h 4c 5s")) < plain_value(parse_cards("2s 3d 4h 5c 6s"))   # the wheel
    True
    """
    name = hand_class(cards)
    ranks = sorted((card >> 2 for card in cards), reverse=True)
    if name in ("royal_flush", "straight_flush", "straight"):
        top = 3 if ranks == [12, 3, 2, 1, 0] else ranks[0]
        return (_CATEGORY[name], (top,))
    counts = Counter(ranks)
    order = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    return (_CATEGORY[name], tuple(order))


def plain_best(cards: Iterable[int]) -> tuple[PlainValue, str]:
    """The best :func:`plain_value` of any five of ``cards``, and that five's class.

    >>> from combin.core.cards import parse_cards
    >>> plain_best(parse_cards("As Ad Ks Qd 9s 9d"))[1]
    'two_pair'
    """
    return max((plain_value(five), hand_class(five)) for five in combinations(cards, 5))


def qualifies(cards: Sequence[int]) -> bool:
    """Does the dealer's five qualify?  Ace-king or better.

    >>> from combin.core.cards import parse_cards
    >>> qualifies(parse_cards("As Kd 7h 5c 2d")), qualifies(parse_cards("Qs Jd 7h 5c 2d"))
    (True, False)
    """
    return hand_class(cards) != "high_card"


def option_keys(sizes: Iterable[int] = (2, 3, 4, 5), buy: bool = True) -> list[OptionKey]:
    """The option keys: fold, play, buy (unless not ``buy``), then every exchange of ``sizes`` positions (29).

    >>> len(option_keys()), option_keys()[:3]
    (29, [('fold',), ('play',), ('buy',)])
    """
    keys: list[OptionKey] = [("fold",), ("play",)] + ([("buy",)] if buy else [])
    for size in sizes:
        keys += [("exchange", positions) for positions in combinations(range(5), size)]
    return keys


class Walker:
    """The naive game tree of one situation: every draw, every dealer hand, every replacement card."""

    def __init__(self, situation: Situation, rules: Rules) -> None:
        self.rules = rules
        self.up = situation.up
        self.ante_win = rules.ante_win
        # The two Ante pays on a dealer who does not qualify, read from the data by
        # asking for a hand below a straight (value 0) and the lowest value of a straight.
        self.take_low = rules.ante_not_qualified(0)
        self.take_high = rules.ante_not_qualified(STRAIGHT * CATEGORY_SHIFT)
        self.fee = rules.draw_fee
        self.force_fee = rules.force_fee
        # L9=first-five: the Ante pay of a non-qualifying dealer is the dealt five's, whatever is drawn
        self.dealt_name = hand_class(situation.player) if rules.ante_reads_first_five else None
        # the card forcing replaces, picked here by rank (ace high) as the reading names it
        self.replaced = {"highest": max, "lowest": min}[str(rules.force_replaces or "highest")]
        self._dealer: dict[frozenset[int], tuple[bool, PlainValue]] = {}

    def dealer(self, cards: Sequence[int]) -> tuple[bool, PlainValue]:
        key = frozenset(cards)
        if key not in self._dealer:
            self._dealer[key] = (qualifies(cards), plain_value(cards))
        return self._dealer[key]

    def settle(self, player: tuple[PlainValue, Fraction], dealer_value: PlainValue) -> Fraction:
        """Net of Ante and Bet against a qualifying dealer (fee not included)."""
        value, pays = player
        if value > dealer_value:
            return self.ante_win + self.rules.bet * pays
        return Fraction(-1 - self.rules.bet if value < dealer_value else 0)

    def play(self, hand: Sequence[int], pool: Sequence[int]) -> Fraction:
        """Exact value of playing ``hand`` (5 or 6 cards) when ``pool`` is unseen."""
        best, name = plain_best(hand)
        player = (best, bet_pay(self.rules, hand))
        read = name if self.dealt_name is None else self.dealt_name
        take = self.take_high if read in _STRAIGHT_OR_BETTER else self.take_low
        # a showdown against a qualifying dealer is won, tied or lost: each hidden four is
        # counted by its showdown, and the three nets (settle's) multiplied once at the end;
        # a forced dealer's value is summed the same way over its replacement cards
        won = self.settle(player, (-1, ()))             # below every hand: the win's net
        lost = self.settle(player, (99, ()))            # above every hand: the loss's net
        showdowns = Counter[int]()
        forced, count = Fraction(0), 0
        for hidden in combinations(pool, 4):
            dealer = (self.up,) + hidden
            qualified, value = self.dealer(dealer)
            count += 1
            if qualified:
                showdowns[(best > value) - (best < value)] += 1
                continue
            gone = self.replaced(dealer, key=lambda card: card >> 2)
            rest = [card for card in dealer if card != gone]
            left = [card for card in pool if card not in hidden]
            if self.force_fee is None:
                raise CombinError("the naive walk forces a dealer who does not qualify: the game has no force fee")
            after = Counter[int]()
            for new in left:
                qualified, value = self.dealer(rest + [new])
                if qualified:
                    after[(best > value) - (best < value)] += 1
            # the mean over the replacement cards of (the showdown's net, 0 if the dealer still
            # does not qualify) less the fee
            force = (after[1] * won + after[-1] * lost) / len(left) - self.force_fee
            forced += max(Fraction(take), force)
        return (showdowns[1] * won + showdowns[-1] * lost + forced) / count

    def draw(self, kept: Iterable[int], pool: Sequence[int], size: int) -> Fraction:
        """Fee, then ``size`` new cards, then the better of fold (-1) or play."""
        total, count = Fraction(0), 0
        for new in combinations(pool, size):
            left = [card for card in pool if card not in new]
            total += max(Fraction(-1), self.play(list(kept) + list(new), left))
            count += 1
        return -(self.fee or 0) + total / count


def option_values(situation: Situation, rules: Rules,
                  keys: Iterable[OptionKey] | None = None) -> dict[OptionKey, Fraction]:
    """``{option key: Fraction EV per unit of Ante}`` by walking every branch.

    ``keys`` limits the walk to some of :func:`option_keys` (default all);
    an exchange key is ``("exchange", positions in the player's five)``.
    Under L7 ``ends-round`` a royal or straight flush dealt in the first five
    gives ``{("instant",): pay}`` alone; under ``continue`` the instant pay is
    added to every option.
    """
    walker = Walker(situation, rules)
    player = list(situation.player)
    pool = list(situation.unseen)
    first = hand_class(player)
    instant = dict(rules.instant.lines) if rules.instant is not None else {}
    bonus = Fraction(instant[first].net) if first in instant else Fraction(0)
    if first in instant and rules.instant_ends_round:
        return {("instant",): bonus}
    values: dict[OptionKey, Fraction] = {}
    for key in keys or option_keys(rules.exchange_sizes, rules.buy > 0):
        if key[0] == "fold":
            value = Fraction(-1)
        elif key[0] == "play":
            value = walker.play(player, pool)
        elif key[0] == "buy":
            value = walker.draw(player, pool, rules.buy)
        else:
            kept = [card for i, card in enumerate(player) if i not in key[1]]
            value = walker.draw(kept, pool, len(key[1]))
        values[key] = value + bonus
    return values
