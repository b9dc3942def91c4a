"""The count simulation's dealer: rounds dealt card by card from a shuffled shoe.

:func:`play_shoe` plays rounds by the punto banco tableau -- read from
:mod:`combin.baccarat.tableau`, not restated -- and files each final state
under its dense index (:func:`combin.protection.settlement.state_index`), by
which the wager's integer payouts are looked up.  The tables below are built
once from those two sources so the inner loop only indexes tuples.
"""

from collections.abc import Sequence
from typing import Any

from combin.baccarat.tableau import PLAYER_DRAWS_ON, banker_draws, is_natural
from combin.protection.settlement import state_index

__all__ = ["play_shoe"]

_NATURAL = tuple(is_natural(total) for total in range(10))
_PLAYER_DRAWS = tuple(total in PLAYER_DRAWS_ON for total in range(10))
_BANKER_DRAWS_ALONE = tuple(banker_draws(total, None) for total in range(10))
#: ``_BANKER_DRAWS[banker total][player's third card]``.
_BANKER_DRAWS = tuple(tuple(banker_draws(total, third) for third in range(10))
                      for total in range(10))


def _states(player_cards: int, banker_cards: int) -> tuple[int, ...]:
    """``index[player total * 10 + banker total]`` for hands of the given sizes."""
    return tuple(state_index(player_cards, p, banker_cards, b) for p in range(10)
                 for b in range(10))


_S22, _S23, _S32, _S33 = _states(2, 2), _states(2, 3), _states(3, 2), _states(3, 3)


def play_shoe(cards: Sequence[int], position: int, limit: int, count: int, tags: Sequence[int],
              pay: Sequence[Any], thresholds: Sequence[tuple[int, int]], true_count: bool,
              wins: list[int], bets: list[int]) -> tuple[int, int, int]:
    """Deal rounds from ``cards[position:]`` while ``position < limit``.

    Before each round the number of thresholds the count meets (its *level*)
    is found; the round's scaled payout is added to ``wins[level]`` and one bet
    to ``bets[level]`` (trigger ``j`` bets exactly the rounds of level > ``j``).
    Returns ``(rounds, first state index, final count)``.
    """
    natural, player_draws = _NATURAL, _PLAYER_DRAWS
    alone, draws = _BANKER_DRAWS_ALONE, _BANKER_DRAWS
    s22, s23, s32, s33 = _S22, _S23, _S32, _S33
    size = len(cards)
    rounds = 0
    first = -1
    remaining = 1
    while position < limit:
        if true_count:
            remaining = size - position
        level = 0
        for a, b in thresholds:
            if count * a >= b * remaining:
                level += 1
            else:
                break
        p1 = cards[position]
        b1 = cards[position + 1]
        p2 = cards[position + 2]
        b2 = cards[position + 3]
        position += 4
        count += tags[p1] + tags[b1] + tags[p2] + tags[b2]
        player = (p1 + p2) % 10
        banker = (b1 + b2) % 10
        if natural[player] or natural[banker]:
            state = s22[player * 10 + banker]
        elif not player_draws[player]:
            if alone[banker]:
                third = cards[position]
                position += 1
                count += tags[third]
                state = s23[player * 10 + (banker + third) % 10]
            else:
                state = s22[player * 10 + banker]
        else:
            third = cards[position]
            position += 1
            count += tags[third]
            player = (player + third) % 10
            if draws[banker][third]:
                last = cards[position]
                position += 1
                count += tags[last]
                state = s33[player * 10 + (banker + last) % 10]
            else:
                state = s32[player * 10 + banker]
        wins[level] += pay[state]
        bets[level] += 1
        rounds += 1
        if first < 0:
            first = state
    return rounds, first, count
