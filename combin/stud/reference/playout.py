"""Whole rounds of Lunar Poker dealt at random and played by a stored strategy.

:func:`play_rounds` is the third check of the whole game: it deals seeded
rounds card by card -- the player's five and the up card, the cards drawn,
the dealer's four hidden cards, the replacement when forcing -- plays the
first decision from the stored optimal strategy (mapped back from the
situation's class by the suit relabelling that made it canonical), takes the
later decisions (fold or play after a draw; take the Ante pay or force) by
exact expectation over the cards still unseen (the naive walker's
:meth:`~combin.stud.reference.naive.Walker.play` and a plain average over the
replacements), and settles each round with
:func:`combin.stud.core.rules.settle`.  The sum of nets and of squared nets are
exact Fractions (with the cubes and fourth powers); the 99% intervals of
the mean and of the variance are the only decimals.
"""

import random
from decimal import Decimal, localcontext
from collections.abc import Sequence
from fractions import Fraction
from itertools import permutations
from typing import TYPE_CHECKING

from combin.errors import CombinError
from combin.stud.core.situation import Situation
from combin.stud.draw.options import option_keys

if TYPE_CHECKING:
    from combin.stud.core.deck import Deck
    from combin.stud.core.rules import Rules
    from combin.stud.game.chunks import ClassRecord

__all__ = ["play_rounds", "RoundsResult"]

_PERMUTATIONS: list[tuple[int, ...]] = list(permutations(range(4)))


def relabel(card: int, perm: Sequence[int]) -> int:
    return (card & ~3) | perm[card & 3]


def canonical(hand: Sequence[int], up: int) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """(canonical hand, canonical up, the relabelling used): the least image of the situation."""
    best: tuple[tuple[tuple[int, ...], int], tuple[int, ...]] | None = None
    for perm in _PERMUTATIONS:
        image = (tuple(sorted(relabel(c, perm) for c in hand)), relabel(up, perm))
        if best is None or image < best[0]:
            best = (image, perm)
    assert best is not None       # there is at least the identity
    return best[0][0], best[0][1], best[1]


class RoundsResult:
    """Sums of the nets of ``rounds`` rounds and of their squares, cubes and fourth powers.

    The sums are exact; :meth:`interval` and :meth:`variance_interval` are the
    only decimals (99%: z = 2.5758).  The sample variance ``s^2`` has the
    asymptotic variance ``(mu4 - sigma^4) / n`` (``mu4`` the fourth central
    moment), estimated from the same sums: the interval of the variance is
    ``s^2 +- z sqrt((m4 - s^4) / n)``.
    """

    def __init__(self, rounds: int, total: Fraction, squares: Fraction, cubes: Fraction | None = None,
                 fourths: Fraction | None = None) -> None:
        self.rounds, self.total, self.squares = rounds, total, squares
        self.cubes, self.fourths = cubes, fourths

    @property
    def mean(self) -> Fraction:
        return self.total / self.rounds

    @property
    def variance(self) -> Fraction:
        n = self.rounds
        return (self.squares - self.total * self.total / n) / (n - 1)

    def fourth_central(self) -> Fraction:
        """``m4 = (1/n) sum (x - m)^4`` from the power sums (exact)."""
        if self.cubes is None or self.fourths is None:
            raise CombinError("the fourth central moment needs the sums of cubes and fourth powers")
        n = self.rounds
        m = self.total / n
        return (self.fourths - 4 * m * self.cubes + 6 * m * m * self.squares
                - 4 * m ** 3 * self.total + n * m ** 4) / n

    def variance_interval(self, z: Decimal = Decimal("2.5758293035489004")) -> tuple[Decimal, Decimal]:
        """The 99% interval of the variance of one round's net (delta method, decimals)."""
        n = self.rounds
        spread = (self.fourth_central() - self.variance ** 2) / n
        with localcontext() as context:
            context.prec = 40
            half = z * (Decimal(spread.numerator) / Decimal(spread.denominator)).sqrt()
            centre = Decimal(self.variance.numerator) / Decimal(self.variance.denominator)
            return centre - half, centre + half

    def interval(self, z: Decimal = Decimal("2.5758293035489004")) -> tuple[Decimal, Decimal]:
        with localcontext() as context:
            context.prec = 40
            variance = self.variance / self.rounds
            half = z * (Decimal(variance.numerator) / Decimal(variance.denominator)).sqrt()
            centre = Decimal(self.mean.numerator) / Decimal(self.mean.denominator)
            return centre - half, centre + half


def play_rounds(deck: "Deck", rules: "Rules", records: Sequence["ClassRecord"], rounds: int,
                seed: int) -> RoundsResult:
    """Deal and play ``rounds`` seeded rounds by the strategy ``records`` (every class of the deck)."""
    from combin.stud.reference.naive import Walker
    from combin.stud.core.rules import instant_pay, settle
    from combin.stud.core.values import QUALIFY, hand_value
    keys = option_keys(rules)
    by_class = {(record.hand, record.up): record for record in records}
    rng = random.Random(f"combin.playout/{seed}")
    total = squares = cubes = fourths = Fraction(0)
    for _ in range(rounds):
        cards = list(deck.cards)
        rng.shuffle(cards)
        hand, up, rest = cards[:5], cards[5], cards[6:]
        class_hand, class_up, perm = canonical(hand, up)
        record = by_class[(class_hand, class_up)]
        inverse = [perm.index(s) for s in range(4)]
        if record.best < 0:
            net = settle(rules, hand, [up] + rest[:4], "fold")    # the instant payout settles it
        else:
            kind, positions = keys[record.best]
            discard = [relabel(class_hand[p], inverse) for p in positions]
            size = (rules.buy if kind == "buy" else len(positions))
            final = [c for c in hand if c not in discard] + rest[:size] if kind != "play" else hand
            pool = rest[size:] if kind in ("buy", "exchange") else rest
            drew = kind in ("buy", "exchange")
            walker = Walker(Situation(tuple(hand), up, deck), rules)
            if kind == "fold" or (drew and walker.play(final, pool) < -1):
                net = settle(rules, final, [up] + pool[:4], "fold", drew=drew, first_five=hand)
            else:
                dealer = [up] + pool[:4]
                left = pool[4:]
                decision, replacement = "play", None
                if hand_value(dealer) < QUALIFY and rules.force_fee is not None:
                    take = settle(rules, final, dealer, "play", drew=drew, first_five=hand)
                    force = sum((settle(rules, final, dealer, "force", card, drew, hand) for card in left),
                                Fraction(0)) / len(left)
                    if force > take:
                        decision, replacement = "force", left[0]
                net = settle(rules, final, dealer, decision, replacement, drew, hand)
        if not rules.instant_ends_round:
            net += instant_pay(rules, hand) or 0     # L7=continue: paid beside the main game
        total += net
        squares += net * net
        cubes += net ** 3
        fourths += net ** 4
    return RoundsResult(rounds, total, squares, cubes, fourths)
