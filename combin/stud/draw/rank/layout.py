"""The option arrays of a five, filled in one compiled call.

:func:`fill_layout` gives, per option key of the rules
(:func:`~combin.stud.draw.options.option_keys`), the ranks it keeps, the one suit of the cards it
keeps, and for the sixth card its final level and win by the card bought -- what
:class:`~combin.stud.draw.rank.records.OptionArrays` holds besides the mode and the cards drawn.  The
rules' part (which positions each option holds, which option buys) and the five's sixth-card table
(by the card's rank and whether it is of the five's suit of four or five cards) are the caller's;
the loop over options and cards in Python, per five, was a tenth of a 52-card run.
"""

import numpy as np

from combin.stud.core.compiled import jit

__all__ = ["fill_layout"]


@jit
def fill_layout(held, mode, cards, level, win, buy, sixth):
    """``(kept, suit, six_level, six_win)`` of the five ``cards`` (5 card ids): ``held[o, i]`` is 1
    where option ``o`` keeps the five's ``i``-th card, ``mode[o]`` -1 where it is not priced (its
    rows left as none: no rank kept, suit -1); ``level`` and ``win`` (``(2, 13)``) a sixth card's by
    its rank and whether it is of a suit the five hold four or five of (row 1); ``buy`` the option
    that buys it (-1: none) and ``sixth`` the one card it can be (-1: every card the five leave).

    >>> import numpy as np
    >>> held = np.array([[1, 1, 1, 1, 1], [1, 0, 0, 0, 0], [0, 0, 0, 0, 0]])
    >>> cards = np.array([0, 4, 8, 12, 17])          # 2c 3c 4c 5c 6d: the kept ranks and suits
    >>> table = np.arange(26).reshape(2, 13)
    >>> kept, suit, six_level, six_win = fill_layout(held, np.array([0, 0, 0]), cards, table, table, 0, -1)
    >>> kept[1].tolist()[:3], suit.tolist()
    ([1, 0, 0], [-1, 0, -2])
    >>> int(six_level[0, 20]), int(six_level[0, 21]), int(six_level[0, 17])   # 7c (of the four clubs), 7d, held
    (18, 5, -1)
    """
    options = held.shape[0]
    kept = np.zeros((options, 13), np.int64)
    suit = np.full(options, -1, np.int64)
    six_level = np.full((options, 52), -1, np.int64)
    six_win = np.zeros((options, 52), np.int64)
    by_suit = np.zeros(4, np.int64)
    for i in range(5):
        by_suit[cards[i] & 3] += 1
    for o in range(options):
        if mode[o] < 0:
            continue
        first = -2                      # the one suit of the cards kept: -2 none kept, -1 two suits
        for i in range(5):
            if held[o, i]:
                kept[o, cards[i] >> 2] += 1
                s = cards[i] & 3
                if first == -2:
                    first = s
                elif first != s:
                    first = -1
        suit[o] = first
    if buy >= 0:
        for card in range(52):
            if sixth >= 0 and card != sixth:
                continue
            own = False
            for i in range(5):
                if cards[i] == card:
                    own = True
            if own:
                continue
            row = 1 if by_suit[card & 3] >= 4 else 0
            six_level[buy, card] = level[row, card >> 2]
            six_win[buy, card] = win[row, card >> 2]
    return kept, suit, six_level, six_win
