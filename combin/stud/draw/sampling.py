"""A seeded stratified sample of situation classes, and its estimate with a 99% interval.

Strata are the classes of the player's first five cards (high card, ace-king,
one pair, ... royal flush), the two largest split by rank (:func:`stratum`):
a high card by its highest card, one pair by the pair's rank -- the gain of
drawing differs most between those, so the finer strata narrow the interval.  Stratum ``h`` holds the fraction ``W_h`` of all
situations (exact: its weight over ``C(n, 5) * (n - 5)``).  :func:`plan`
gives stratum ``h`` a share ``n_h`` of the ``N`` draws in proportion to
``W_h`` (largest remainders, at least two where the stratum has more than one
class, one where it has a single class) and draws classes with probability
proportional to their weight, with replacement, from ``random.Random(seed)``:
each draw is then a uniformly random situation of its stratum.

Every sampled value is exact, so the only uncertainty is which situations
were drawn.  :func:`estimate` returns the stratified mean ``sum_h W_h *
mean_h`` (an exact :class:`~fractions.Fraction`) and its variance ``sum_h
W_h**2 * s_h**2 / n_h`` (exact too, from the spread across the draws); only
the square root for the interval is taken in decimals, for display.

The same estimator serves any per-class figure: the whole-game sheet
(:func:`combin.stud.draw.sheet.sample_sheet`) also estimates E[X^2], the
mean of the classes' exact second moments of a round's net.  The SD is
not a mean over classes (a class's SD does not add up across classes), so
it is given as ``sqrt(E[X^2] - E[X]^2)`` of the two estimates, without an
interval.
"""

import random
from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction
from math import comb

from combin.errors import CombinError

__all__ = ["plan", "estimate", "Estimate", "Z99", "stratum", "least_sample", "class_count",
           "deck_strata", "check_sample"]

#: Two-sided 99% normal quantile.
Z99 = Decimal("2.5758293035489004")


def stratum(value):
    """The stratum of a first five of hand value ``value`` (:mod:`combin.stud.core.values`).

    >>> from combin.stud.core.values import hand_value
    >>> from combin.cards import parse_cards
    >>> stratum(hand_value(parse_cards("7H 7C AS KD 2D"))), stratum(hand_value(parse_cards("QH 9C 7S 4D 2D")))
    ('one_pair:7', 'high_card:Q')
    >>> stratum(hand_value(parse_cards("AH KC 7S 4D 2D")))
    'ace_king'
    """
    from combin.ranks import RANKS
    from combin.stud.core.values import value_class
    name = value_class(value)
    if name in ("one_pair", "high_card"):
        # the first rank of the value's tiebreak: the pair's rank, or the highest card
        return f"{name}:{RANKS[(int(value) >> 16) & 15]}"
    return name


def least_sample(strata):
    """The least ``--sample`` that gives every stratum its floor (two draws, one for a single class).

    >>> least_sample(["a", "a", "b"])
    3
    """
    members: dict[str, int] = {}
    for name in strata:
        members[name] = members.get(name, 0) + 1
    return sum(1 if count == 1 else 2 for count in members.values())


def _fixed(ranks, fixed_suits, cycles):
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


def class_count(deck):
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


def deck_strata(deck):
    """The strata of :func:`stratum` that the first fives of ``deck`` fall in, sorted, from the
    rank multisets of five cards (a few thousand) rather than the hands."""
    from itertools import combinations_with_replacement
    from combin.stud.core.values import hand_value
    found = set()
    for ranks in combinations_with_replacement(deck.ranks, 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        suits = [ranks[:i].count(rank) for i, rank in enumerate(ranks)]
        if len(set(ranks)) == 5:
            found.add(stratum(hand_value([r * 4 for r in ranks])))          # a flush
            suits = [0, 1, 0, 0, 0]
        found.add(stratum(hand_value([r * 4 + s for r, s in zip(ranks, suits)])))
    return sorted(found)


def check_sample(size, deck):
    """Refuse ``--sample size`` on ``deck`` before any work: at least two draws a stratum
    (every stratum holds at least two classes: the up card alone, drawn from the eleven or
    more cards a first five leaves, takes three ranks or more), at most the deck's classes."""
    if size < 1:
        raise CombinError(f"--sample must be at least 1, not {size}")
    classes = class_count(deck)
    if size > classes:
        raise CombinError(f"--sample {size:,} is more than the {classes:,} classes of the deck "
                          f"{deck.text[:100]}; leave --sample out for the exact run")
    strata = len(deck_strata(deck))
    if size < 2 * strata:
        raise CombinError(f"--sample {size} is too small: {strata} strata need at least "
                          f"{2 * strata} draws")


def plan(strata, weights, size, seed):
    """``{stratum: [class index, ...]}``: the seeded draws (indices may repeat).

    ``strata[i]`` names the stratum of class ``i``, ``weights[i]`` its weight.
    """
    if size < 1:
        raise CombinError(f"--sample must be at least 1, not {size}")
    members: dict[str, list[int]] = {}
    for index, name in enumerate(strata):
        members.setdefault(name, []).append(index)
    names = sorted(members)
    total = sum(int(w) for w in weights)
    floor = {name: 1 if len(members[name]) == 1 else 2 for name in names}
    if size < sum(floor.values()):
        raise CombinError(f"--sample {size} is too small: {len(names)} strata need at least "
                          f"{sum(floor.values())} draws")
    mass = {name: sum(int(weights[i]) for i in members[name]) for name in names}
    share = {name: Fraction(mass[name] * size, total) for name in names}
    count = {name: max(floor[name], int(share[name])) for name in names}
    while sum(count.values()) > size:      # floors took draws: give back where most above share
        name = max((n for n in names if count[n] > floor[n]), key=lambda n: (count[n] - share[n], n))
        count[name] -= 1
    while sum(count.values()) < size:      # largest remainders first
        name = max(names, key=lambda n: (share[n] - count[n], n))
        count[name] += 1
    rng = random.Random(seed)
    draws = {}
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

    def half_width(self, places=40):
        """``Z99 * sqrt(variance)`` as a Decimal (display only)."""
        with localcontext() as context:
            context.prec = places
            root = (Decimal(self.variance.numerator) / Decimal(self.variance.denominator)).sqrt()
            return Z99 * root

    def interval(self, places=40):
        with localcontext() as context:
            context.prec = places
            centre = Decimal(self.value.numerator) / Decimal(self.value.denominator)
            half = self.half_width(places)
            return centre - half, centre + half


def estimate(draws, shares, value):
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
