"""The punto banco drawing rules (58 Pa. Code Chapter 631a: the third-card tableau), as data.

A two-card total of 8 or 9 is a natural and both hands stand.  Otherwise the
Player draws on 0-5.  A Banker whose Player stood draws on 0-5; a Banker whose
Player drew looks up :data:`BANKER_DRAWS_ON`: its own two-card total against
the point value of the Player's third card.

>>> is_natural(8), is_natural(7), 5 in PLAYER_DRAWS_ON, 6 in BANKER_DRAWS_WHEN_PLAYER_STANDS
(True, False, True, False)
>>> banker_draws(3, 8), banker_draws(3, 9), banker_draws(6, None), sorted(BANKER_DRAWS_ON[6])
(False, True, False, [6, 7])
>>> CITATION.split(" (")[0]
'Punto banco third-card rules'
"""

__all__ = ["CITATION", "PLAYER_DRAWS_ON", "BANKER_DRAWS_ON", "BANKER_DRAWS_WHEN_PLAYER_STANDS",
           "is_natural", "banker_draws"]

CITATION = "Punto banco third-card rules (58 Pa. Code Chapter 631a)"

PLAYER_DRAWS_ON = frozenset(range(6))
BANKER_DRAWS_WHEN_PLAYER_STANDS = frozenset(range(6))
#: Banker two-card total -> point values of the Player's third card on which the Banker draws.
BANKER_DRAWS_ON = {
    0: frozenset(range(10)),
    1: frozenset(range(10)),
    2: frozenset(range(10)),
    3: frozenset(range(10)) - {8},
    4: frozenset(range(2, 8)),
    5: frozenset(range(4, 8)),
    6: frozenset({6, 7}),
    7: frozenset(),
}


def is_natural(total: int) -> bool:
    return total >= 8


def banker_draws(banker_total: int, player_third: int | None) -> bool:
    """Whether the Banker draws; ``player_third`` is ``None`` when the Player stood."""
    if player_third is None:
        return banker_total in BANKER_DRAWS_WHEN_PLAYER_STANDS
    return player_third in BANKER_DRAWS_ON.get(banker_total, frozenset())
