"""What a winning Bet pays: the best hand, and the second combination of L11.

A *combination* is a paytable hand made by some of the player's cards, named
by its *core* -- the cards that make it, kickers excluded:

=================  ==================================  ==========
class              core                                core size
=================  ==================================  ==========
royal / straight   five suited cards in sequence        5
flush              five suited cards, not in sequence   5
straight           five cards in sequence, not suited   5
full house         three of a rank and two of another   5
four of a kind     four of a rank                       4
three of a kind    three of a rank                      3
two pair           two of a rank and two of another     4
one pair           two of a rank                        2
ace-king           an ace and a king                    2
=================  ==================================  ==========

The *first combination* is a combination of the hand's best class.  Under
``L11=best-pair`` a second combination is paid too when its core holds at
least one card outside the first one's core; the pays add and, over every
valid pair, the one that pays most is paid (so K-Q-J-10-9-9 pays two
straights).  Under ``L11=first-only`` only the first is paid.  A hand below
ace-king cannot win against a qualifying dealer: its Bet pays nothing here.

:func:`bet_pays` reads one hand; :func:`bet_distribution` counts every hand
of five or six cards in closed form, by rank multiset and flush pattern, so
that each evaluation stands for a counted number of hands.

>>> from combin.core.cards import parse_cards, rank_of, suit_of
>>> hand = [(rank_of(c), suit_of(c)) for c in parse_cards("AS AD AH KC KS")]
>>> found = combinations_in(hand)
>>> best_class(found), hand_bet_pays(hand), L11_VALUES
('full_house', ('full_house', Fraction(7, 1)), (<L11.BEST_PAIR: 'best-pair'>, <L11.FIRST_ONLY: 'first-only'>))
>>> pays, citation = bet_pays()
>>> str(pays["full_house"])
'7 to 1'
>>> sum(bet_distribution(5).values())
2598960
"""

import tomllib
from collections import Counter
from functools import cache
from itertools import combinations, product
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from math import comb, prod

from combin.errors import CombinError
from combin.core.game import read_data
from combin.core.interpret import value_of
from combin.core.cards import ACE, CLASSES, KING, TEN
from combin.lunar.readings import L11
from combin.core.pays import Pay

__all__ = ["L11_VALUES", "combinations_in", "hand_bet_pays", "bet_pays", "bet_distribution",
           "best_class"]

#: The readings of interpretation L11 (from the data, through :class:`~combin.lunar.readings.L11`).
#: A card as the Bet reads it: ``(rank, suit)``.
Card = tuple[int, int]
#: A combination in a hand: ``(class id, positions of its cards)``.
Found = tuple[str, frozenset[int]]

L11_VALUES = tuple(L11)
_RANK_ORDER = {name: index for index, name in enumerate(CLASSES)}


@cache
def _bet_table() -> tuple[dict[str, Pay], str]:
    document = tomllib.loads(read_data("combin.lunar", "bet.toml"))
    pays = {name: Pay.parse(text) for name, text in document["pays"].items()}
    return pays, document["citation"]


def bet_pays() -> tuple[dict[str, Pay], str]:
    """``{class id: Pay}`` of a winning Bet, and its citation (data/bet.toml)."""
    return _bet_table()


_STRAIGHT_RANKS = tuple(tuple(range(top - 4, top + 1)) for top in range(4, 13)) + ((ACE, 0, 1, 2, 3),)
_ROYAL = frozenset(range(TEN, ACE + 1))


def combinations_in(hand: Sequence[Card]) -> list[Found]:
    """Every combination in ``hand`` (a list of ``(rank, suit)``): ``[(class, core), ...]``.

    ``core`` is a frozenset of positions in ``hand``.
    """
    by_rank: dict[int, list[int]] = {}
    for position, (rank, _) in enumerate(hand):
        by_rank.setdefault(rank, []).append(position)
    found: list[Found] = []
    groups = {rank: positions for rank, positions in by_rank.items() if len(positions) >= 2}
    for rank, positions in groups.items():
        found += [("one_pair", frozenset(c)) for c in combinations(positions, 2)]
        found += [("three_of_a_kind", frozenset(c)) for c in combinations(positions, 3)]
        found += [("four_of_a_kind", frozenset(c)) for c in combinations(positions, 4)]
    for low, high in combinations(sorted(groups), 2):
        for a, b in product(combinations(groups[low], 2), combinations(groups[high], 2)):
            found.append(("two_pair", frozenset(a + b)))
    for trips, pair in product(groups, groups):
        if trips != pair:
            for three, two in product(combinations(groups[trips], 3), combinations(groups[pair], 2)):
                found.append(("full_house", frozenset(three + two)))
    for ace, king in product(by_rank.get(ACE, ()), by_rank.get(KING, ())):
        found.append(("ace_king", frozenset((ace, king))))
    for ranks in _STRAIGHT_RANKS:
        if all(rank in by_rank for rank in ranks):
            for chosen in product(*(by_rank[rank] for rank in ranks)):
                if len({hand[p][1] for p in chosen}) == 1:
                    name = "royal_flush" if set(ranks) == _ROYAL else "straight_flush"
                else:
                    name = "straight"
                found.append((name, frozenset(chosen)))
    by_suit: dict[int, list[int]] = {}
    for position, (_, suit) in enumerate(hand):
        by_suit.setdefault(suit, []).append(position)
    for positions in by_suit.values():
        for chosen in combinations(positions, 5):
            held = sorted(hand[p][0] for p in chosen)
            if not any(sorted(s) == held for s in _STRAIGHT_RANKS):
                found.append(("flush", frozenset(chosen)))
    return found


def best_class(found: Sequence[Found]) -> str | None:
    """The best class among ``found`` combinations (``None`` below ace-king)."""
    return min((name for name, _ in found), key=_RANK_ORDER.__getitem__, default=None)


def hand_bet_pays(hand: Sequence[Card], rule: str | None = None,
                  table: Mapping[str, Fraction] | None = None) -> tuple[str | None, Fraction | int]:
    """``(best class, pays to 1)`` of a winning Bet for one hand; ``(None, 0)`` below ace-king.
    ``table``: ``{class id: net pay}`` (a game file's pays; default data/bet.toml's)."""
    pays = table if table is not None else {name: pay.net for name, pay in _bet_table()[0].items()}
    found = combinations_in(hand)
    best = best_class(found)
    if best is None:
        return None, 0
    first = pays.get(best, Fraction(0))
    if value_of(L11, rule) is L11.FIRST_ONLY:
        return best, first
    total = first
    for name, core in found:
        if name != best:
            continue
        second = max((pays.get(other, Fraction(0)) for other, other_core in found if other_core - core),
                     default=0)
        total = max(total, first + second)
    return best, total


def _check(cards: object, rule: str | None) -> L11:
    if cards not in (5, 6):
        raise CombinError(f"the Bet tables are for five or six cards, not {cards!r}")
    if rule is not None and rule not in L11_VALUES:
        raise CombinError(f"interpretation L11 has no value '{rule}' (values: {', '.join(L11_VALUES)})")
    return value_of(L11, rule)


def _multisets(cards: int) -> Iterator[tuple[tuple[int, int], ...]]:
    """Rank multisets of ``cards`` cards: tuples of (rank, multiplicity), multiplicities <= 4."""
    def extend(start: int, left: int) -> Iterator[tuple[tuple[int, int], ...]]:
        if left == 0:
            yield ()
            return
        for rank in range(start, 13):
            for m in range(1, min(4, left) + 1):
                for rest in extend(rank + 1, left - m):
                    yield ((rank, m),) + rest
    return extend(0, cards)


def _plain_hand(multiset: tuple[tuple[int, int], ...]) -> list[Card]:
    """A hand of these ranks with no five cards of one suit: suits dealt round-robin."""
    ranks = [rank for rank, m in multiset for _ in range(m)]
    return [(rank, position % 4) for position, rank in enumerate(ranks)]


def _flush_patterns(multiset: tuple[tuple[int, int], ...], cards: int) -> list[tuple[list[Card], int]]:
    """``[(hand, arrangements), ...]`` for the suit arrangements with five or more suited cards.

    Five or more cards of one suit need five distinct ranks: with five cards
    that is all five suited (4 arrangements); with six distinct ranks, all six
    suited (4) or five suited and one named card off-suit (4 x 3 each); with
    five distinct ranks and one doubled, the five ranks suited and the second
    card of the doubled rank off-suit (4 x 3).  Every such arrangement is a
    suit relabelling of the representative hand, which is therefore read once.
    """
    ranks = [rank for rank, _ in multiset]
    if len(ranks) < 5:
        return []
    if cards == 5:
        return [([(rank, 0) for rank in ranks], 4)]
    if len(ranks) == 6:
        patterns = [([(rank, 0) for rank in ranks], 4)]
        for off in ranks:
            patterns.append(([(rank, 1 if rank == off else 0) for rank in ranks], 12))
        return patterns
    doubled = [rank for rank, m in multiset if m == 2][0]
    return [([(rank, 0) for rank in ranks] + [(doubled, 1)], 12)]


def bet_distribution(cards: int = 5, rule: str | None = None) -> dict[tuple[str | None, Fraction | int], int]:
    """Count every hand of ``cards`` cards by ``(best class, Bet pays on a win)``.

    Why it is exact: every hand has one rank multiset and one suit
    arrangement.  For a multiset the arrangements are ``prod(comb(4, m))``;
    those with five suited cards are listed by :func:`_flush_patterns`, and
    every other arrangement has the same combinations up to which card of a
    rank is which (no flush, no straight flush), so one plain hand stands for
    them all.  The counts add up to ``comb(52, cards)``.
    """
    rule = _check(cards, rule)
    counts: Counter[tuple[str | None, Fraction | int]] = Counter()
    for multiset in _multisets(cards):
        total = prod(comb(4, m) for _, m in multiset)
        flushes = _flush_patterns(multiset, cards)
        for hand, ways in flushes:
            counts[hand_bet_pays(hand, rule)] += ways
        counts[hand_bet_pays(_plain_hand(multiset), rule)] += total - sum(w for _, w in flushes)
    return dict(counts)
