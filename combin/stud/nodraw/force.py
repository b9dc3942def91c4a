"""Forcing a non-qualifying dealer (L10), summed exactly, with a bound that skips most hands.

The dealer's hand ``D`` does not qualify, so it has five distinct ranks; its
highest card ``h`` (its lowest under L10=replace-lowest-once: ``which``, a
:class:`~combin.stud.core.rules.ForceCard`) is replaced by a card ``c`` from
the ``M = n - 10`` cards neither the player's nor the dealer's.  Write
``R = D - h``.  With the
dealer's five cards in view the player forces iff

    F(D) = -fee*M + sum over c of settle(R + c)  >  M * take(v)

(``take`` is the Ante pay on a non-qualifying dealer; everything in units of
``1/M``).  ``settle(R + c)`` is ``ante_win + bet*pay`` when ``R + c`` qualifies
below the player, ``-(1 + bet)`` when it beats the player, 0 on a tie or when it
still does not qualify.

**The bound.**  ``sum settle <= W * (ante_win + bet*pay)`` where ``W`` counts
replacement cards that requalify the dealer below the player.  ``R`` holds
four distinct ranks, so ``R + c`` is at best a pair, a straight, a flush or a
straight flush -- or, with the lowest card replaced, an ace-king (an ace or a
king kept, the other drawn: 4 cards; with the highest replaced never,
:data:`~combin.stud.core.rules.WEAK_OUTS`).  A player below a straight beats
only the pairs and ace-kings: ``W <= 12`` (three more cards of each of R's
ranks), ``+ 4`` ace-kings with the lowest replaced; a player below ace-king
beats none, an ace-king player the ace-kings alone (0 or 4); a straight beats
those and the straights: ``W <= 12 + 8`` (two straight or ace-king ranks at
most); anything better: ``W <= 12 + 8 + 9`` (nine more cards of R's suit).  When ``Wmax * (ante_win +
bet*pay) <= M * (take + fee)`` forcing never gains, for any dealer hand, and the
hand is settled as if the player always takes the Ante pay
(:func:`never_gains`).  On 52 cards (M = 42) that decides every high-card,
one-pair, two-pair and straight hand and every three of a kind without a
second combination; the rest are summed exactly by :func:`force_by_up_card`.

**The exact sum.**  For a hand that the bound does not decide, a second bound
per dealer hand -- ``Q(R)``, the cards of the whole deck that requalify ``R``,
at least ``W`` -- discards every dealer hand with ``Q(R) * (ante_win + bet*pay)
<= M * (take + fee)``.  For the others the replacement counts come from the
hands containing ``R`` (:class:`~combin.stud.nodraw.dealer.DealerCounter`'s sorted
four-card segments: exact counts below each level), less the five hands
``R + p`` for the player's cards ``p`` and the hand ``R + h = D`` itself, which
leaves exactly the ``M`` replacement cards.  All counts are integers.
"""

from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from combin.stud.core.rules import WEAK_OUTS, ForceCard
from combin.stud.nodraw.dealer import DealerCounter, colex
from combin.stud.core.values import HIGH_CARD, STRAIGHT, category_of, lex_index

__all__ = ["max_requalifying_wins", "never_gains", "force_by_up_card", "FORCE_FIELDS"]

Array = NDArray[Any]

FORCE_FIELDS = ("gain", "forced", "win", "tie", "lose", "not_qualified")
"""Per up card: the summed gain (scaled), the dealer hands forced, and their replacement outcomes."""


def max_requalifying_wins(value: int, qualify: int, which: ForceCard = ForceCard.HIGHEST) -> int:
    """The most replacement cards that can requalify the dealer below a player of ``value`` when
    forcing replaces the dealer's ``which`` card.

    >>> from combin.core.cards import parse_cards
    >>> from combin.stud.core.values import QUALIFY, hand_value
    >>> max_requalifying_wins(hand_value(parse_cards("As Ad Kh 5c 2d")), QUALIFY)   # the pair outs only
    12
    >>> max_requalifying_wins(hand_value(parse_cards("As Kd Qh 5c 2d")), QUALIFY, ForceCard.LOWEST)  # 4 ace-kings
    4
    """
    weak = WEAK_OUTS[which]
    category = category_of(value)
    if value < qualify:
        return 0  # the player beats no qualifying hand
    if category == HIGH_CARD:
        return weak - WEAK_OUTS[ForceCard.HIGHEST]  # the ace-king outs alone (none: at least a pair)
    if category < STRAIGHT:
        return weak
    return 12 + 8 if category == STRAIGHT else 12 + 8 + 9


def never_gains(value: int, qualify: int, win_net: int, take: int, fee: int, replacements: int,
                which: ForceCard = ForceCard.HIGHEST) -> bool:
    """True when the bound proves forcing never beats taking the Ante pay (all scaled alike), the
    dealer's ``which`` card replaced.

    >>> from combin.core.cards import parse_cards
    >>> from combin.stud.core.values import QUALIFY, hand_value
    >>> pair = hand_value(parse_cards("As Ad Kh 5c 2d"))
    >>> never_gains(pair, QUALIFY, 3, 1, 1, 42), never_gains(pair, QUALIFY, 8, 1, 1, 42)    # 36 <= 84 < 96
    (True, False)
    """
    return max_requalifying_wins(value, qualify, which) * win_net <= replacements * (take + fee)


#: The four positions kept of a non-qualifying hand's five, sorted ascending (rank order: five
#: distinct ranks), by the card replaced: the highest is the last, the lowest the first.
_KEPT = {ForceCard.HIGHEST: slice(0, 4), ForceCard.LOWEST: slice(1, 5)}


@lru_cache(maxsize=4)
def non_qualifying(counter: DealerCounter, which: ForceCard = ForceCard.HIGHEST) -> tuple[Array, Array, Array, Array, Array]:
    """Every non-qualifying hand of the deck: its cards, R = D - (its ``which`` card), and Q(R)."""
    table = counter.table
    rows = np.nonzero(table.dense < counter.qualify_level)[0]
    positions = table.positions[rows].astype(np.int64)  # sorted ascending: highest is last
    cards = table.hands[rows].astype(np.int64)
    masks = np.zeros(len(rows), dtype=np.uint64)
    for column in range(5):
        masks |= np.left_shift(np.uint64(1), cards[:, column].astype(np.uint64))
    rest = positions[:, _KEPT[which]]
    index = colex(rest)
    # in the order of R's index, so the searches into ``keys4`` (here and per player hand) walk it
    # forwards instead of at random: the same hands, a far smaller share of cache misses
    order = np.argsort(index, kind="stable")
    cards, masks, rest, index = cards[order], masks[order], rest[order], index[order]
    first = np.searchsorted(counter.keys4, index * counter.levels + counter.qualify_level)
    requalify = counter.segment4 - (first - index * counter.segment4)
    return cards, masks, rest, index, requalify


def force_by_up_card(counter: DealerCounter, player: ArrayLike, value: int, win_net: int, take: int, fee: int,
                     lose_net: int, which: ForceCard = ForceCard.HIGHEST) -> Array:
    """``(52, 6)`` exact int64 sums, per up card, of :data:`FORCE_FIELDS` for one player hand.

    ``win_net``, ``take``, ``fee`` and ``lose_net`` (a positive loss) are the
    scaled integer results; the gain of a forced hand is ``F(D) - M * take``;
    ``which``: the dealer's card replaced.
    """
    cards, masks, rest, index, requalify = non_qualifying(counter, which)
    n = counter.n
    replacements = n - 10
    cards_held = np.asarray(player, dtype=np.int64)
    pmask = np.uint64(0)
    for card in cards_held.tolist():
        pmask |= np.uint64(1) << np.uint64(card)
    keep = ((masks & pmask) == 0) & (requalify * win_net > replacements * (take + fee))
    out = np.zeros((52, len(FORCE_FIELDS)), dtype=np.int64)
    if not keep.any():
        return out
    cards, rest, index = cards[keep], rest[keep], index[keep]
    levels = counter.table.levels
    low = int(np.searchsorted(levels, value, side="left"))
    high = int(np.searchsorted(levels, value, side="right"))
    q = counter.qualify_level
    thresholds = np.array([q, max(low, q), max(high, q)], dtype=np.int64)
    found = np.searchsorted(counter.keys4, index[:, None] * counter.levels + thresholds[None, :])
    f = found - (index * counter.segment4)[:, None]
    nq, below, tie = f[:, 0].copy(), f[:, 1] - f[:, 0], f[:, 2] - f[:, 1]
    above = counter.segment4 - f[:, 2]
    nq -= 1  # R + h is the dealer's own hand, which does not qualify (h highest or lowest alike)
    dense = counter.hand_dense
    for p in counter.table.positions_of(cards_held).tolist():
        hands = np.sort(np.column_stack([rest, np.full(len(rest), p)]), axis=1)
        level = dense[lex_index(hands, n)].astype(np.int64)
        nq -= level < q
        below -= (level >= q) & (level < low)
        tie -= (level >= low) & (level < high) & (level >= q)
        above -= (level >= high) & (level >= q)
    force_value = below * win_net - above * lose_net - replacements * fee
    chosen = force_value > replacements * take
    if not chosen.any():
        return out
    # only the chosen hands' fields are formed
    gain = force_value[chosen] - replacements * take
    fields = (gain, np.ones(len(gain), dtype=np.int64), below[chosen], tie[chosen], above[chosen], nq[chosen])
    # every dealer hand adds its fields to each of its five cards as the up card: an unbuffered
    # integer add per card position and field (int64; an up card sums at most C(51,4) hands of
    # at most M * (win + take) each, far below 2**63)
    held = cards[chosen]
    for k, values in enumerate(fields):
        column = out[:, k]
        for position in range(5):
            np.add.at(column, held[:, position], values)
    return out
