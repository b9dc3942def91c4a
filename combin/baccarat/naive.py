"""A naive card-by-card baccarat dealer, the independent check of the enumerator.

:func:`deal_every_sequence` lays out the shoe as physical cards and deals a
round from every ordered sequence of six distinct cards
(``itertools.permutations``), following the tableau as spec/RULES.md §1.2 words
it, written out here as plain ``if`` statements rather than read from
:mod:`combin.baccarat.tableau`.  Each sequence is one equally likely start of
the shoe, so a round's count is simply how many sequences deal it: no
weights, no tail factors, no falling factorials.  It shares nothing with
:mod:`combin.baccarat.enumeration` but the :class:`Round` tuple it reports,
and it is only usable on small shoes (``n`` cards give ``n!/(n-6)!``
sequences).

>>> deal([9, 8, 0, 0])
([9, 0], [8, 0])
>>> deal([2, 3, 1, 2, 5, 7])
([2, 1, 5], [3, 2, 7])
>>> MAX_CARDS
12
"""

import random
from collections import Counter
from collections.abc import Hashable, Sequence
from itertools import permutations

from combin.baccarat.enumeration import Round
from combin.baccarat.shoe import Shoe

__all__ = ["deal", "deal_every_sequence", "deal_rounds", "MAX_CARDS"]

#: The largest shoe the naive dealer accepts (12 cards: 665,280 sequences).
MAX_CARDS = 12


def _player_draws(total: int) -> bool:
    return total <= 5


def _banker_draws(total: int, third: int | None) -> bool:
    if third is None:
        return total <= 5
    if total <= 2:
        return True
    if total == 3:
        return third != 8
    if total == 4:
        return 2 <= third <= 7
    if total == 5:
        return 4 <= third <= 7
    if total == 6:
        return third in (6, 7)
    return False


def deal(cards: Sequence[int]) -> tuple[list[int], list[int]]:
    """Deal one round from ``cards`` (point values, in shoe order); return ``(player, banker)`` hands."""
    player = [cards[0], cards[2]]
    banker = [cards[1], cards[3]]
    position = 4
    player_total, banker_total = sum(player) % 10, sum(banker) % 10
    if player_total >= 8 or banker_total >= 8:
        return player, banker
    third = None
    if _player_draws(player_total):
        third = cards[position]
        position += 1
        player.append(third)
    if _banker_draws(banker_total, third):
        banker.append(cards[position])
    return player, banker


def deal_every_sequence(values: Sequence[int]) -> dict[Round, int]:
    """Counts of every :class:`Round` over all ordered six-card sequences of ``values``.

    ``values`` lists the point value of each physical card in the shoe.
    """
    if not 6 <= len(values) <= MAX_CARDS:
        raise ValueError(f"the naive dealer takes 6 to {MAX_CARDS} cards, not {len(values)}")
    counts: Counter[Round] = Counter()
    for sequence in permutations(values, 6):
        player, banker = deal(sequence)
        counts[Round(len(player), sum(player) % 10, len(banker), sum(banker) % 10)] += 1
    return dict(counts)


def deal_rounds(rng: random.Random, rounds: int, decks: int = 8) -> Counter[Hashable]:
    """How often each final :class:`Round` occurs in ``rounds`` rounds dealt with ``rng``.

    Each round draws six cards without replacement from a full shoe of
    ``decks`` decks (:meth:`random.Random.sample`) and plays them card by card
    (:func:`deal`).  This is the game's seeded simulation dealer.
    """
    cards = [value for value, count in enumerate(Shoe.full(decks).counts) for _ in range(count)]
    counts: Counter[Hashable] = Counter()
    sample = rng.sample
    for _ in range(rounds):
        player, banker = deal(sample(cards, 6))
        counts[Round(len(player), sum(player) % 10, len(banker), sum(banker) % 10)] += 1
    return counts
