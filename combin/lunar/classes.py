"""Closed-form counts of poker hand classes for five, six and seven cards.

No hand is ever dealt here.  A hand of *k* cards is split into two independent
parts:

* its **rank multiset** -- how many cards of each rank it holds -- and
* its **suit arrangement** -- which suits the cards of each rank carry.

A rank held *m* times takes any *m* of the four suits, so a rank multiset
stands for ``prod(comb(4, m))`` hands, and every hand belongs to exactly one
multiset.  Pairs, trips, quads and straights are properties of the multiset
alone; only the flush needs suits.  The counts are therefore sums over

* **shapes**: the multiplicities in decreasing order, such as ``(2, 1, 1, 1)``
  for one pair in five cards (the partitions of *k* into parts of at most 4);
* **rank sets**: which *d* distinct ranks a hand holds, classified once by
  whether they contain a straight (a royal one or another) or an ace and a
  king -- a loop over at most ``comb(13, 7) == 1716`` sets;
* **suit arrangements** of a shape, counted with binomial coefficients.

For at most seven cards at most one suit can hold five or more of them, and a
hand with five suited cards cannot also hold quads or a full house (that would
need three more cards of the other suits, leaving too few to make five of one
suit), so a flush hand is classified by its suited ranks alone and every other
hand by its rank multiset alone.  All arithmetic is on Python integers.

    >>> counts = class_counts(5)
    >>> counts["royal_flush"], counts["four_of_a_kind"], sum(counts.values())
    (4, 624, 2598960)

>>> HAND_SIZES, SUPER_KEY[:3]
((5, 6, 7), ('hand_class', 'pictures', 'court'))
>>> counts = class_counts(5)
>>> counts["royal_flush"], sum(counts.values())
(4, 2598960)
"""

from itertools import combinations, permutations
from math import comb, factorial, prod
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from combin.errors import CombinError
from combin.core.cards import ACE, CLASSES, JACK, KING, QUEEN, TEN

__all__ = [
    "HAND_SIZES",
    "SUPER_KEY", "SuperKey",
    "class_counts",
    "super_feature_counts",
]

HAND_SIZES = (5, 6, 7)
"""The hand sizes counted: five cards, and best five of six or of seven."""

class SuperKey(NamedTuple):
    """What the Super reads of five cards: the outcome of the Lunar Poker space.

    ``hand_class`` is a class id of :data:`~combin.core.cards.CLASSES`;
    ``pictures``: all five are J, Q or K; ``court``: all five are J, Q, K or A
    (interpretation L1); ``same_color``: all red or all black; ``akq``: an ace,
    a king and a queen; ``akq_suited``: an ace, a king and a queen of one suit.
    """

    hand_class: str
    pictures: bool
    court: bool
    same_color: bool
    akq: bool
    akq_suited: bool


#: The fields of :class:`SuperKey`, in order.
SUPER_KEY = SuperKey._fields
"""The fields of a key of :func:`super_feature_counts`, in order."""

_RANKS = 13
_SUITS = 4
_DECK = _RANKS * _SUITS


def _rank_mask(ranks: Iterable[int]) -> int:
    return sum(1 << rank for rank in ranks)


def _straight_masks() -> tuple[int, ...]:
    # Five consecutive ranks ending at a six (index 4) up to an ace (12),
    # then the wheel A-2-3-4-5, where the ace plays low.  No wrap-around.
    masks = [_rank_mask(range(top - 4, top + 1)) for top in range(4, _RANKS)]
    masks.append(_rank_mask((ACE, 0, 1, 2, 3)))
    return tuple(masks)


_STRAIGHTS = _straight_masks()
_ROYAL = _rank_mask((TEN, JACK, QUEEN, KING, ACE))
_ACE_KING = _rank_mask((ACE, KING))
_ACE_KING_QUEEN = _rank_mask((ACE, KING, QUEEN))
_PICTURES = _rank_mask((JACK, QUEEN, KING))
_COURT = _rank_mask((JACK, QUEEN, KING, ACE))


def _rank_set_kind(mask: int) -> str:
    """Name the kind of a set of distinct ranks, given as a bit mask.

    ``"royal"`` holds 10-J-Q-K-A, ``"straight"`` holds another five in a row
    (and not 10-J-Q-K-A), ``"ace_king"`` holds no straight but an ace and a
    king, and ``"plain"`` is every other set.
    """
    if mask & _ROYAL == _ROYAL:
        return "royal"
    for straight in _STRAIGHTS:
        if mask & straight == straight:
            return "straight"
    if mask & _ACE_KING == _ACE_KING:
        return "ace_king"
    return "plain"


def _rank_set_kinds(size: int) -> dict[str, int]:
    """Count the ``comb(13, size)`` sets of *size* distinct ranks by kind.

    This is the only loop over ranks in the class counts: each set is
    looked at once, so the four counts add up to ``comb(13, size)``.
    """
    kinds = dict.fromkeys(("royal", "straight", "ace_king", "plain"), 0)
    for ranks in combinations(range(_RANKS), size):
        kinds[_rank_set_kind(_rank_mask(ranks))] += 1
    return kinds


def _shapes(cards: int, largest: int = _SUITS) -> Iterator[tuple[int, ...]]:
    """Yield the shapes of *cards* cards: partitions into parts of at most 4.

    A shape is a nonincreasing tuple of multiplicities, such as ``(3, 2)``
    for a five-card full house; it has at most 13 parts (one per rank).
    """
    if cards == 0:
        yield ()
        return
    for part in range(min(cards, largest), 0, -1):
        for rest in _shapes(cards - part, part):
            yield (part,) + rest


def _placements(shape: tuple[int, ...]) -> int:
    """Count the ways to give the parts of *shape* to a set of ``len(shape)`` ranks.

    Parts of equal size are interchangeable, so this is the multinomial
    ``d! / prod(c!)`` over the counts *c* of each part size.
    """
    ways = factorial(len(shape))
    for size in set(shape):
        ways //= factorial(shape.count(size))
    return ways


def _choose(n: int, k: int) -> int:
    return comb(n, k) if 0 <= k <= n else 0


def _suit_arrangements(shape: tuple[int, ...]) -> tuple[int, int]:
    """Return ``(all, flush)`` suit arrangements of a rank multiset of *shape*.

    A rank held *m* times takes an *m*-subset of the four suits, so there are
    ``prod(comb(4, m))`` arrangements in all.  A flush arrangement gives one
    suit *s* to at least five ranks.  Fix *s* and the set *F* of ranks whose
    cards include suit *s*: a rank in *F* chooses its other ``m - 1`` suits
    among the three left, a rank outside *F* chooses all *m* among those
    three.  Summing over every *F* of five or more ranks counts each flush
    arrangement with suit *s* once, and no arrangement of at most nine cards
    has two such suits, so the four suits add up without overlap.
    """
    everything = prod(comb(_SUITS, m) for m in shape)
    in_suit = 0
    positions = range(len(shape))
    for size in range(5, len(shape) + 1):
        for suited in combinations(positions, size):
            in_suit += prod(
                _choose(_SUITS - 1, m - 1) if i in suited else _choose(_SUITS - 1, m)
                for i, m in enumerate(shape)
            )
    return everything, _SUITS * in_suit


def _made_hand(shape: tuple[int, ...]) -> str | None:
    """Return the class a rank multiset of *shape* makes unless it is a straight.

    ``None`` means no pair: the class then depends on the ranks themselves.
    """
    if shape[0] == 4:
        return "four_of_a_kind"
    if shape[0] == 3:
        return "full_house" if len(shape) > 1 and shape[1] >= 2 else "three_of_a_kind"
    if shape[0] == 2:
        return "two_pair" if shape[1] == 2 else "one_pair"
    return None


def _check_cards(cards: object) -> int:
    """Return *cards* as an int if it is a hand size counted here, else raise."""
    if isinstance(cards, int) and not isinstance(cards, bool) and cards in HAND_SIZES:
        return int(cards)
    raise CombinError(f"hands of {cards!r} cards are not counted; use 5, 6 or 7")


def class_counts(cards: object) -> dict[str, int]:
    """Count the hands of *cards* cards (5, 6 or 7) in each class of :data:`CLASSES`.

    Six and seven cards are classified by their best five.  The result maps
    every class id, highest first, to a Python integer; the counts add up to
    ``comb(52, cards)``.

    Why the counts are exact:

    * **Flush hands.**  A hand holds five or more cards of suit *s* exactly
      when its cards of suit *s* have some rank set *F* with ``|F| >= 5`` and
      its other ``cards - |F|`` cards come from the 39 cards of the other
      suits: ``comb(39, cards - |F|)`` hands for each *s* and *F*, each hand
      counted once (it has one such suit and one such *F*).  Such a hand is a
      straight flush if *F* holds five ranks in a row -- royal if it holds
      10-J-Q-K-A, the best of them -- and otherwise a flush: with at most
      two off-suit cards it cannot hold quads or a full house.
    * **Other hands.**  Every rank multiset of a given shape has the same
      number of non-flush suit arrangements (suits are interchangeable), and
      its class follows from its shape -- quads, full house, trips, two pair,
      one pair -- unless its ranks hold a straight, which outranks trips and
      pairs, or it has no pair, when an ace and a king make it ``ace_king``.
      The multisets of a shape with *d* distinct ranks whose rank set is of
      a given kind number ``sets_of_that_kind * placements(shape)``.
    """
    cards = _check_cards(cards)
    counts = dict.fromkeys(CLASSES, 0)
    kinds = {size: _rank_set_kinds(size) for size in range(5, cards + 1)}

    for suited in range(5, cards + 1):
        kind = kinds[suited]
        rest = comb(_DECK - _RANKS, cards - suited)
        counts["royal_flush"] += _SUITS * kind["royal"] * rest
        counts["straight_flush"] += _SUITS * kind["straight"] * rest
        counts["flush"] += _SUITS * (kind["ace_king"] + kind["plain"]) * rest

    for shape in _shapes(cards):
        everything, flush = _suit_arrangements(shape)
        ways = everything - flush
        made = _made_hand(shape)
        distinct = len(shape)
        placed = _placements(shape) * ways
        if made is not None and (made in ("four_of_a_kind", "full_house") or distinct < 5):
            counts[made] += comb(_RANKS, distinct) * placed
            continue
        kind = kinds[distinct]
        counts["straight"] += (kind["royal"] + kind["straight"]) * placed
        if made is None:
            counts["ace_king"] += kind["ace_king"] * placed
            counts["high_card"] += kind["plain"] * placed
        else:
            counts[made] += (kind["ace_king"] + kind["plain"]) * placed
    return counts


def _matched(shape_by_rank: tuple[int, ...], common: tuple[int, ...], suits: int) -> int:
    """Count suit arrangements within *suits* suits where the ranks at *common* share a suit.

    *shape_by_rank* lists the multiplicity of each rank; each rank takes an
    m-subset of the *suits* allowed suits.  By inclusion--exclusion over the
    set *T* of suits that every rank in *common* holds:
    ``sum((-1)**(i+1) * comb(suits, i) * prod(comb(suits - i, m - i)))`` over
    ``i = |T| >= 1``, where ranks in *common* must contain *T* and the others
    are free.  With *common* empty this is simply every arrangement.
    """
    free = prod(_choose(suits, m) for i, m in enumerate(shape_by_rank) if i not in common)
    if not common:
        return free
    total = 0
    for shared in range(1, suits + 1):
        fixed = prod(_choose(suits - shared, shape_by_rank[i] - shared) for i in common)
        total += (-1) ** (shared + 1) * comb(suits, shared) * fixed
    return total * free


def _super_suit_cells(shape_by_rank: tuple[int, ...], common: tuple[int, ...]) -> dict[tuple[bool, bool, bool], int]:
    """Split the suit arrangements of one five-card rank multiset by suit features.

    Returns ``{(flush, same_color, akq_suited): arrangements}`` where
    *common* holds the positions of the ace, king and queen when the hand has
    all three (``akq_suited`` is then "they share a suit"), else is empty
    (``akq_suited`` is then false).

    * all: ``prod(comb(4, m))``;
    * same colour: all cards within the two black suits or within the two
      red ones -- ``2 * prod(comb(2, m))``, the colours being disjoint;
    * ace, king and queen suited: :func:`_matched` over four suits, and over
      two suits (times two colours) for those also of one colour;
    * flush (five cards of one suit): four arrangements when the five ranks
      are distinct, none otherwise; a flush is of one colour, and its ace,
      king and queen are suited whenever it holds them.

    The four cells of (same colour, suited) follow by inclusion--exclusion,
    and the flush arrangements are moved out of their cell.
    """
    everything = _matched(shape_by_rank, (), _SUITS)
    one_color = 2 * _matched(shape_by_rank, (), 2)
    suited = _matched(shape_by_rank, common, _SUITS) if common else 0
    both = 2 * _matched(shape_by_rank, common, 2) if common else 0
    flush = _SUITS if len(shape_by_rank) == 5 else 0
    cells = {
        (False, True, True): both,
        (False, True, False): one_color - both,
        (False, False, True): suited - both,
        (False, False, False): everything - one_color - suited + both,
    }
    cells[(False, True, bool(common))] -= flush
    cells[(True, True, bool(common))] = flush
    return cells


def super_feature_counts() -> dict[SuperKey, int]:
    """Count five-card hands by the Super Wager key :data:`SUPER_KEY`.

    The key is ``(class, pictures, court, same_color, akq, akq_suited)``: the
    class id from :data:`CLASSES`; all five cards are jacks, queens or kings
    (aces are not pictures); all five are jacks, queens, kings or aces (the
    alternative reading of "picture cards", interpretation L1); all five are
    red or all five black; the hand holds an
    ace, a king and a queen; it holds an ace, a king and a queen of one suit.
    Only keys that occur are present, and the counts add up to
    ``comb(52, 5)``.

    Why the counts are exact: the loop runs over the 6,175 rank multisets of
    five cards (every shape, every set of distinct ranks, every distinct
    placement of the shape's parts on those ranks), each once.  Class (but
    for the flush), pictures, court and ``akq`` depend on the multiset alone.  Its
    suit arrangements are split by :func:`_super_suit_cells`, whose counts
    depend only on the multiplicities and on where the ace, king and queen
    sit, and are therefore computed once per such pattern.
    """
    counts: dict[SuperKey, int] = {}
    cells_of: dict[tuple[tuple[int, ...], tuple[int, ...]], dict[tuple[bool, bool, bool], int]] = {}
    kinds: dict[int, str] = {}
    for shape in _shapes(5):
        made = _made_hand(shape)
        placements = sorted(set(permutations(shape)))
        for ranks in combinations(range(_RANKS), len(shape)):
            mask = _rank_mask(ranks)
            pictures = mask & ~_PICTURES == 0
            court = mask & ~_COURT == 0
            akq = mask & _ACE_KING_QUEEN == _ACE_KING_QUEEN
            common = tuple(ranks.index(r) for r in (ACE, KING, QUEEN)) if akq else ()
            if made is None:
                kind = kinds.setdefault(mask, _rank_set_kind(mask))
                if kind in ("royal", "straight"):
                    plain_class = "straight"
                    flush_class = "royal_flush" if kind == "royal" else "straight_flush"
                else:
                    plain_class = "ace_king" if kind == "ace_king" else "high_card"
                    flush_class = "flush"
            else:
                plain_class = flush_class = made
            for shape_by_rank in placements:
                pattern = (shape_by_rank, common)
                cells = cells_of.get(pattern)
                if cells is None:
                    cells = cells_of[pattern] = _super_suit_cells(shape_by_rank, common)
                for (flush, same_color, suited), ways in cells.items():
                    if ways:
                        key = SuperKey(flush_class if flush else plain_class,
                                       pictures, court, same_color, akq, suited)
                        counts[key] = counts.get(key, 0) + ways
    return counts
