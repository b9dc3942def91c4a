"""A seeded stratified sample of situation classes, and its estimate with a 99% interval.

Strata are the classes of the player's first five cards (high card, ace-king,
one pair, ... royal flush), the two largest split by rank (:func:`stratum`):
a high card by its highest card, one pair by the pair's rank.  Each is then
split by what the five can draw to and by the dealer's up card
(:func:`refined`, :func:`class_strata`): four to a flush, four to an open or an
inside straight, and for a high card, ace-king or one pair an up card of queen
or higher against a lower one.  The gain of drawing differs most between those:
on the committed 52-card sample of 2,000 classes the spread of the gain within a
stratum falls from 0.29 to 0.10 Ante, so the same number of classes gives an
interval about a third as wide.  Stratum ``h`` holds the fraction ``W_h`` of all
situations (exact: its weight over ``C(n, 5) * (n - 5)``).

A sample of ``N`` draws comes in two phases (:func:`phase_sizes`): the first,
a quarter of them, in proportion to ``W_h``; the second, the rest, in
proportion to ``W_h * s_h`` (Neyman's allocation, the least variance for its
draws), ``s_h`` the first phase's spread of the gain in stratum ``h``
(:func:`spreads_of`).  A stratum whose gain does not vary -- most made hands
never draw -- keeps only its floor, and the draws go where the gain varies.
:func:`plan` gives every stratum at least two draws a phase (largest
remainders; a class of its own is drawn twice) and draws classes with
probability proportional to their weight, with replacement, from
:class:`random.Random` (the seed; ``"SEED:phase 2"`` for the second phase):
each draw is then a uniformly random situation of its stratum.

Every sampled value is exact, so the only uncertainty is which situations
were drawn.  :func:`estimate` returns a phase's stratified mean ``sum_h W_h *
mean_h`` (an exact :class:`~fractions.Fraction`) and its variance ``sum_h
W_h**2 * s_h**2 / n_h`` (exact too, from the spread across the draws);
:func:`combined` weights the phases by their share of the draws (fixed before
any draw); only the square root for the interval is taken in decimals, for
display.

The same estimator serves any per-class figure: the whole-game sheet
(:func:`combin.stud.game.sheet.sample_sheet`) also estimates E[X^2], the
mean of the classes' exact second moments of a round's net.  The SD is
not a mean over classes (a class's SD does not add up across classes), so
it is given as ``sqrt(E[X^2] - E[X]^2)`` of the two estimates, without an
interval.

>>> from statistics import NormalDist          # Z99: the two-sided 99% point of the normal law
>>> abs(NormalDist().inv_cdf(0.995) - float(Z99)) < 1e-12
True
"""

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb
from typing import TYPE_CHECKING, Any

from combin.core.cards import CLASS_NAMES
from combin.errors import CombinError
from combin.core.ranks import RANKS

if TYPE_CHECKING:
    from combin.stud.core.deck import Deck

__all__ = ["plan", "phase_sizes", "spreads_of", "combined", "estimate", "Estimate", "Z99", "stratum", "refined",
           "class_strata", "stratum_words", "stratum_order", "least_sample", "class_count", "deck_strata", "check_sample"]

#: Two-sided 99% normal quantile.
Z99 = Decimal("2.5758293035489004")

#: ``{stratum: [class index, ...]}``: the draws of one phase (indices may repeat).
Draws = dict[str, list[int]]


def stratum(value: int) -> str:
    """The stratum of a first five of hand value ``value`` (:mod:`combin.stud.core.values`).

    >>> from combin.stud.core.values import hand_value
    >>> from combin.core.cards import parse_cards
    >>> stratum(hand_value(parse_cards("7H 7C AS KD 2D"))), stratum(hand_value(parse_cards("QH 9C 7S 4D 2D")))
    ('one_pair:7', 'high_card:Q')
    >>> stratum(hand_value(parse_cards("AH KC 7S 4D 2D")))
    'ace_king'
    """
    from combin.stud.core.values import value_class
    name = value_class(value)
    if name in ("one_pair", "high_card"):
        # the first rank of the value's tiebreak: the pair's rank, or the highest card
        return f"{name}:{RANKS[(int(value) >> 16) & 15]}"
    return name


#: The first-five classes whose strata are also split by the dealer's up card.
UP_SPLIT = ("high_card", "ace_king", "one_pair")
#: The lowest rank (0 is a deuce) of an up card counted as high: a queen.
UP_HIGH = 10
_STRAIGHT_KINDS = ("", ", four to an open straight", ", four to an inside straight")


def refined(base: str, four_flush: bool, straight_kind: int, up_high: bool | None) -> str:
    """The full name of a stratum: the first five's class ``base`` (:func:`stratum`) and its splits.

    ``straight_kind`` is 0 (none), 1 (four to an open straight) or 2 (four to an
    inside straight); ``up_high`` is None where the class is not split by the up
    card (:data:`UP_SPLIT`), else whether the up card is a queen or higher.

    >>> refined("high_card:K", True, 1, False)
    'high_card:K, four to a flush, four to an open straight, up card below Q'
    >>> refined("two_pair", False, 0, None)
    'two_pair'
    """
    up = "" if up_high is None else (", up card Q or higher" if up_high else ", up card below Q")
    return f"{base}{', four to a flush' if four_flush else ''}{_STRAIGHT_KINDS[straight_kind]}{up}"


def draw_features(hands: Any) -> tuple[Any, Any]:
    """Per five (rows of card codes): four to a flush, and the straight kind (0 none, 1 open, 2 inside).

    A five has four to a straight when some five consecutive ranks (the ace also
    low) hold four of its ranks and it is not a straight; open when those four are
    consecutive and a card of either neighbouring rank completes them (2345 to
    TJQK), inside otherwise (a gap, or A234 and JQKA, which one rank completes).
    """
    import numpy as np
    ranks = hands >> 2
    suits = hands & 3
    four_flush = np.max(np.stack([(suits == s).sum(axis=1) for s in range(4)]), axis=0) == 4
    mask = np.zeros(len(hands), dtype=np.int64)
    for column in range(hands.shape[1]):
        mask |= np.int64(1) << ranks[:, column]
    # bit 0 the ace played low, bit k + 1 the rank k (bit 13 the ace high)
    ext = (mask << 1) | ((mask >> 12) & 1)
    ones = np.array([bin(i).count("1") for i in range(32)], dtype=np.int64)
    most = np.max(np.stack([ones[(ext >> lo) & 31] for lo in range(10)]), axis=0)
    four = most == 4
    # four in a row at bits p..p+3 with both neighbours p - 1 >= 0 and p + 4 <= 13 on the board
    run = np.zeros(len(hands), dtype=bool)
    for p in range(1, 10):
        run |= ((ext >> p) & 15) == 15
    kind = np.where(four, np.where(run, 1, 2), 0)
    return four_flush, kind


def _stratum_parts(name: str) -> tuple[str, int | None, str]:
    """``(class, rank or None, splits)`` of a stratum's name: ``"high_card:K, four to a flush"``
    gives ``("high_card", 11, ", four to a flush")``."""
    base, comma, rest = name.partition(",")
    kind, _, rank = base.partition(":")
    return kind, RANKS.index(rank) if rank else None, comma + rest


def stratum_words(name: str) -> str:
    """A stratum's name (:func:`refined`) with its first five's class in a player's words, as the
    sheets show it.

    >>> stratum_words("high_card:K, four to a flush, up card below Q")
    'king high, four to a flush, up card below Q'
    >>> stratum_words("one_pair:7"), stratum_words("ace_king, up card Q or higher")
    ('pair of 7s', 'ace-king, up card Q or higher')
    >>> stratum_words("four_of_a_kind")
    'four of a kind'
    """
    from combin.stud.game.features import class_words
    kind, rank, rest = _stratum_parts(name)
    return class_words(kind, rank) + rest


def stratum_order(name: str) -> tuple[int, int, str]:
    """A sort key of stratum names, strongest first five first: by class, then the pair's rank or
    the highest card (higher first), then the splits.

    >>> sorted(["high_card:9", "one_pair:2", "ace_king", "one_pair:A", "flush"], key=stratum_order)
    ['flush', 'one_pair:A', 'one_pair:2', 'ace_king', 'high_card:9']
    """
    kind, rank, rest = _stratum_parts(name)
    return list(CLASS_NAMES).index(kind), -(rank or 0), rest


def class_strata(deck: "Deck", rows: Any, hands: Any, ups: Any) -> list[str]:
    """The stratum name (:func:`refined`) of every situation class, from its hand-table row, its
    five cards and its up card (the arrays of :func:`combin.stud.core.classes.situations`).

    >>> from combin.stud.core.classes import situations
    >>> from combin.stud.core.deck import Deck
    >>> deck = Deck.parse("JQKA")
    >>> rows, hands, ups, _ = situations(deck)
    >>> names = class_strata(deck, rows, hands, ups)
    >>> len(names) == len(ups), len(set(names)) == len(deck_strata(deck))
    (True, True)
    """
    import numpy as np
    from combin.stud.core.values import hand_table
    values = hand_table(deck).values[rows]
    unique, inverse = np.unique(values, return_inverse=True)
    bases = [stratum(v) for v in unique.tolist()]
    split = np.array([b.split(":")[0] in UP_SPLIT for b in bases], dtype=bool)
    four_flush, kind = draw_features(np.asarray(hands, dtype=np.int64))
    inverse = inverse.reshape(-1)
    up = np.where(split[inverse], np.where((np.asarray(ups) >> 2) >= UP_HIGH, 2, 1), 0)
    codes = ((inverse * 2 + four_flush) * 3 + kind) * 3 + up
    found, back = np.unique(codes, return_inverse=True)
    names: list[str] = []
    for code in found.tolist():
        code, up_code = divmod(code, 3)
        code, kind_code = divmod(code, 3)
        base, flush_code = divmod(code, 2)
        names.append(refined(bases[base], bool(flush_code), kind_code,
                             None if up_code == 0 else up_code == 2))
    return [names[i] for i in back.reshape(-1).tolist()]


def least_sample(strata: Sequence[str]) -> int:
    """The least draws of one phase: two a stratum (a stratum of one class draws it twice).

    >>> least_sample(["a", "a", "b"])
    4
    """
    return 2 * len(set(strata))


def _fixed(ranks: int, fixed_suits: int, cycles: Sequence[int]) -> int:
    """Situations (a first five, an up card not in it) that a suit permutation with
    ``fixed_suits`` fixed suits and the other suits in ``cycles`` leaves unchanged: the
    first five is a union of the permutation's card orbits (one per rank and cycle), the up
    card a fixed card outside it -- ``ranks * fixed_suits * [x^5] (1 + x)^(ranks * fixed_suits - 1)
    * prod over cycles of length l of (1 + x^l)^ranks``."""
    if fixed_suits == 0:
        return 0
    poly = [comb(ranks * fixed_suits - 1, k) for k in range(6)]
    for length in cycles:
        poly = [sum(poly[d - length * k] * comb(ranks, k) for k in range(d // length + 1))
                for d in range(6)]
    return ranks * fixed_suits * poly[5]


def class_count(deck: "Deck") -> int:
    """The number of situation classes of ``deck`` (:func:`combin.stud.core.classes.situations`:
    a first five and an up card, up to the 24 permutations of the suits), by Burnside's lemma,
    without listing them: the identity, the 6 transpositions and the 8 three-cycles fix
    situations (a permutation with no fixed suit fixes no up card).

    >>> from combin.stud.core.deck import Deck
    >>> class_count(Deck.parse("JQKA")), class_count(Deck.parse("TJQKA"))
    (2424, 11330)
    """
    r = len(deck.ranks)
    return (_fixed(r, 4, ()) + 6 * _fixed(r, 2, (2,)) + 8 * _fixed(r, 1, (3,))) // 24


def deck_strata(deck: "Deck") -> list[str]:
    """The strata of :func:`class_strata` that the classes of ``deck`` fall in, sorted, from the
    rank multisets of five cards (a few thousand) rather than the classes.

    A multiset of ranks gives its class unsuited; with four ranks or more also four
    cards of one suit, and with five ranks the flush.  The up card of a class split
    by it (:data:`UP_SPLIT`, never more than two cards of a rank in the five) can be
    any rank of the deck, so each side of queen the deck has.
    """
    import numpy as np
    from combin.stud.core.values import hand_value
    sides = sorted({r >= UP_HIGH for r in deck.ranks})
    found: set[str] = set()
    for ranks in combinations_with_replacement(deck.ranks, 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        distinct = sorted(set(ranks))
        # the ranks come sorted, so equal ranks are neighbours and take different suits; no
        # more than two cards share a suit
        plain = [r * 4 + i % 4 for i, r in enumerate(ranks)]
        patterns = [plain]
        if len(distinct) >= 4:        # four distinct ranks in spades, the fifth card another suit
            spades = distinct[:4]
            rest = list(ranks)
            for r in spades:
                rest.remove(r)
            patterns.append([r * 4 + 3 for r in spades] + [rest[0] * 4])
        if len(distinct) == 5:
            patterns.append([r * 4 for r in ranks])
        for cards in patterns:
            base = stratum(hand_value(cards))
            four_flush, kind = draw_features(np.array([cards], dtype=np.int64))
            for up in (sides if base.split(":")[0] in UP_SPLIT else [None]):
                found.add(refined(base, bool(four_flush[0]), int(kind[0]), up))
    return sorted(found)


def check_sample(size: int, deck: "Deck") -> None:
    """Refuse ``--sample size`` on ``deck`` before any work: two phases of at least two draws
    a stratum (:func:`phase_sizes`), at most the deck's classes."""
    if size < 1:
        raise CombinError(f"--sample must be at least 1, not {size}")
    classes = class_count(deck)
    if size > classes:
        raise CombinError(f"--sample {size:,} is more than the {classes:,} classes of the deck "
                          f"{deck.text[:100]}; leave --sample out for the exact run")
    strata = len(deck_strata(deck))
    if size < 4 * strata:
        raise CombinError(f"--sample {size} is too small: {strata} strata need at least "
                          f"{4 * strata} draws (two phases of {2 * strata})")


def phase_sizes(size: int, strata: Sequence[str]) -> tuple[int, int]:
    """``(first, second)``: the draws of the two phases of a ``--sample size`` over ``strata``.

    The first phase takes a quarter of the draws (at least every stratum's floor,
    :func:`least_sample`), the second the rest (it needs the floors too).

    >>> phase_sizes(100, ["a", "a", "b", "b"])
    (25, 75)
    >>> phase_sizes(10, ["a", "a", "b", "b"])
    (4, 6)
    """
    least = least_sample(strata)
    first = max(least, -(-size // 4))
    if size - first < least:
        raise CombinError(f"--sample {size} is too small: {len(set(strata))} strata need at least "
                          f"{2 * least} draws (two phases of {least})")
    return first, size - first


def spreads_of(draws: Mapping[str, Sequence[int]], value: Callable[[int], Fraction | int],
               places: int = 30) -> dict[str, Decimal]:
    """``{stratum: s_h}``: the SD of ``value`` over each stratum's draws (0 with fewer than two),
    as a Decimal of ``places`` digits -- an allocation's input, never a figure of a sheet.

    >>> spreads = spreads_of({"pairs": [0, 1, 2], "alone": [3]}, lambda i: [0, 2, 4, 7][i])
    >>> str(spreads["pairs"]), spreads["alone"]
    ('2', Decimal('0'))
    """
    found: dict[str, Decimal] = {}
    for name, indices in draws.items():
        xs = [Fraction(value(i)) for i in indices]
        n = len(xs)
        if n < 2:
            found[name] = Decimal(0)
            continue
        mean = sum(xs, Fraction(0)) / n
        spread = sum(((x - mean) ** 2 for x in xs), Fraction(0)) / (n - 1)
        with localcontext() as context:
            context.prec = places
            found[name] = (Decimal(spread.numerator) / Decimal(spread.denominator)).sqrt()
    return found


def plan(strata: Sequence[str], weights: Sequence[int], size: int, seed: int | str,
         spreads: Mapping[str, Decimal] | None = None) -> tuple[Draws, dict[str, Fraction]]:
    """``({stratum: [class index, ...]}, {stratum: W_h})``: the seeded draws (indices may repeat).

    ``strata[i]`` names the stratum of class ``i``, ``weights[i]`` its weight.
    Without ``spreads`` the draws go to the strata in proportion to their shares
    ``W_h``; with ``spreads`` (``{stratum: s_h}``, :func:`spreads_of` of an
    earlier phase) in proportion to ``W_h * s_h`` (Neyman's allocation, the
    least variance for ``size`` draws), by shares where every ``s_h`` is 0.
    Every stratum gets its floor either way.  A string ``seed`` seeds
    :class:`random.Random` by its SHA-512, the same on every machine.
    """
    if size < 1:
        raise CombinError(f"--sample must be at least 1, not {size}")
    members: dict[str, list[int]] = {}
    for index, name in enumerate(strata):
        members.setdefault(name, []).append(index)
    names = sorted(members)
    total = sum(int(w) for w in weights)
    floor = {name: 2 for name in names}       # two draws a stratum, for its spread (one class: twice)
    if size < sum(floor.values()):
        raise CombinError(f"--sample {size} is too small: {len(names)} strata need at least "
                          f"{sum(floor.values())} draws")
    mass = {name: sum(int(weights[i]) for i in members[name]) for name in names}
    aim = {name: Fraction(mass[name]) for name in names}
    if spreads is not None and any(spreads.get(name, 0) > 0 for name in names):
        aim = {name: Fraction(mass[name]) * Fraction(spreads.get(name, 0)) for name in names}
    whole = sum(aim.values())
    share = {name: aim[name] * size / whole for name in names}
    count = {name: max(floor[name], int(share[name])) for name in names}
    while sum(count.values()) > size:      # floors took draws: give back where most above share
        name = max((n for n in names if count[n] > floor[n]), key=lambda n: (count[n] - share[n], n))
        count[name] -= 1
    while sum(count.values()) < size:      # largest remainders first
        name = max(names, key=lambda n: (share[n] - count[n], n))
        count[name] += 1
    rng = random.Random(seed)
    draws: Draws = {}
    for name in names:
        population = members[name]
        if len(population) == 1:
            draws[name] = population * count[name]
        else:
            draws[name] = rng.choices(population, weights=[int(weights[i]) for i in population],
                                      k=count[name])
    return draws, {name: Fraction(mass[name], total) for name in names}


@dataclass(frozen=True)
class Estimate:
    value: Fraction        # the stratified estimate (exact given the draws)
    variance: Fraction     # its estimated variance (exact given the draws)
    draws: int

    def half_width(self, places: int = 40) -> Decimal:
        """``Z99 * sqrt(variance)`` as a Decimal (display only)."""
        with localcontext() as context:
            context.prec = places
            root = (Decimal(self.variance.numerator) / Decimal(self.variance.denominator)).sqrt()
            return Z99 * root

    def interval(self, places: int = 40) -> tuple[Decimal, Decimal]:
        with localcontext() as context:
            context.prec = places
            centre = Decimal(self.value.numerator) / Decimal(self.value.denominator)
            half = self.half_width(places)
            return centre - half, centre + half


def estimate(draws: Mapping[str, Sequence[int]], shares: Mapping[str, Fraction],
             value: Callable[[int], Fraction]) -> Estimate:
    """The stratified estimate of the mean of ``value(class index)`` (exact Fractions)."""
    total, variance, count = Fraction(0), Fraction(0), 0
    for name, indices in draws.items():
        xs = [value(i) for i in indices]
        n = len(xs)
        mean = sum(xs, Fraction(0)) / n
        total += shares[name] * mean
        if n > 1:
            spread = sum(((x - mean) ** 2 for x in xs), Fraction(0)) / (n - 1)
            variance += shares[name] ** 2 * spread / n
        count += n
    return Estimate(total, variance, count)


def combined(phases: Sequence[Mapping[str, Sequence[int]]], shares: Mapping[str, Fraction],
             value: Callable[[int], Fraction]) -> Estimate:
    """The estimate of two (or more) phases of draws: their stratified estimates
    (:func:`estimate`) weighted by each phase's share of the draws.

    The weights ``a_k = n_k / N`` are fixed before any class is drawn
    (:func:`phase_sizes`), and each phase's estimate is unbiased given the phases
    before it (its allocation depends on them, its draws do not), so the sum is
    unbiased; and the phases' errors are uncorrelated (each has mean zero given
    the earlier ones), so its variance is ``sum_k a_k^2 v_k``.

    >>> from fractions import Fraction
    >>> first, second = {"a": [0, 1]}, {"a": [1, 1, 2, 2]}
    >>> result = combined([first, second], {"a": Fraction(1)}, [Fraction(0), Fraction(2), Fraction(4)].__getitem__)
    >>> result.value, result.draws          # (1/3) * 1 + (2/3) * 3
    (Fraction(7, 3), 6)
    """
    parts = [estimate(draws, shares, value) for draws in phases]
    total = sum(part.draws for part in parts)
    return Estimate(sum((Fraction(part.draws, total) * part.value for part in parts), Fraction(0)),
                    sum((Fraction(part.draws, total) ** 2 * part.variance for part in parts), Fraction(0)),
                    total)
