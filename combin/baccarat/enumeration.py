"""Exact enumeration of a baccarat round over every ordered card sequence.

:func:`enumerate_rounds` returns, for a shoe, every distinct final state of a
round -- a :class:`Round`: each hand's number of cards and point total --
with the exact number of ordered six-card sequences that end in it.  The
counting convention is spec/RULES.md §1.3: the game cycle is ``N (N-1) ... (N-5)``
for an ``N``-card shoe, and a round that uses only ``k`` < 6 cards is weighted
by the ``(N-k) ... (N-5)`` ways its unused tail could be drawn.

How, and why it is exact
------------------------
The number of ordered sequences of physical cards whose point values are a
given sequence ``s`` is a product of falling factorials, ``prod_v n_v (n_v - 1)
... (n_v - m_v + 1)`` where ``m_v`` counts the value ``v`` in ``s``: it depends
on the multiset of values only.  The first four cards (Player, Banker, Player,
Banker) decide a *class* -- the two two-card totals ``(p, b)`` -- and, through
the tableau, whether a fifth and sixth card are drawn.  Drawing a fifth card of
value ``v`` multiplies the weight by ``n_v - r_v``, where ``r`` counts the
values already dealt, and a sixth card of value ``u`` by ``n_u - r_u -
[u = v]``.  These factors are polynomials of degree one and two in ``r``, so
for every class it is enough to know three exact sums over its first-four
sequences ``s``::

    S0 = sum w(s),   S1[v] = sum w(s) r_v(s),   S2[v][u] = sum w(s) r_v(s) r_u(s)

and then, for instance, the Player drawing ``v`` and the Banker ``u`` is::

    sum w (n_v - r_v)(n_u - d - r_u)
        = n_v (n_u - d) S0 - n_v S1[u] - (n_u - d) S1[v] + S2[v][u],   d = [u = v]

an identity of integer polynomials.  The sums are built per multiset of the
first four values (715 of them), each split over the ways to arrange it into
a Player pair and a Banker pair.  Nothing but integer additions and
multiplications happens: the counts are exact, and they are checked against
a naive card-by-card dealer (:mod:`combin.baccarat.naive`) in the tests.

>>> game_cycle(416) == 416 * 415 * 414 * 413 * 412 * 411   # six cards of an 8-deck shoe
True
>>> METHOD.split(";")[0][:40]
'every ordered sequence of six cards deal'
"""

from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import NamedTuple

from combin.baccarat.shoe import Shoe
from combin.baccarat.tableau import banker_draws, is_natural, PLAYER_DRAWS_ON
from combin.core.outcomes import OutcomeSpace

__all__ = ["Round", "enumerate_rounds", "outcome_space", "game_cycle", "METHOD"]

METHOD = ("every ordered sequence of six cards dealt from the shoe (Player, Banker, Player, "
          "Banker, then third cards); rounds that use 4 or 5 cards are weighted by the number "
          "of ways the unused cards could follow, so every count shares the denominator "
          "N(N-1)(N-2)(N-3)(N-4)(N-5)")


class Round(NamedTuple):
    """A round's final state: each hand's number of cards and point total."""

    player_cards: int
    player_total: int
    banker_cards: int
    banker_total: int


#: One multiset of the first four values: its removal, removal pairs and class splits.
Plan = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int, int], ...],
             tuple[tuple[tuple[int, int], int, int], ...]]


def game_cycle(cards: int) -> int:
    """``cards`` P 6: the number of ordered six-card sequences from ``cards`` cards."""
    cycle = 1
    for k in range(6):
        cycle *= cards - k
    return cycle


@cache
def _first_four() -> tuple[Plan, ...]:
    """Shoe-independent plan: for each multiset of the first four values, its classes.

    Returns a tuple of ``(removal, removal_pairs, splits)``: ``removal`` lists
    ``(value, multiplicity)``; ``removal_pairs`` lists ``(v, u, m_v * m_u)``;
    ``splits`` lists ``(class, arrangements, depth)`` where ``arrangements`` is
    the number of orders ``(p1, b1, p2, b2)`` of the multiset landing in
    ``class = (player total, banker total)`` and ``depth`` says which moment the
    class needs (0: nobody draws; 1: one third card; 2: possibly two).
    """
    # A deal (p1, b1, p2, b2) is an ordered Player pair (p1, p2) and an ordered Banker pair
    # (b1, b2).  The unordered pair {a, c} stands for 2 ordered pairs when a != c, else 1, and
    # both orders give the same multiset and the same totals: so summing wp * wb over the
    # 55 x 55 unordered pairs counts each of the 10,000 ordered deals once.
    halves = [((a, c), (a + c) % 10, 1 if a == c else 2) for a in range(10) for c in range(a, 10)]
    plan: dict[tuple[int, ...], dict[tuple[int, int], int]] = {}
    for player, p, wp in halves:
        for banker, b, wb in halves:
            key = tuple(sorted(player + banker))
            classes = plan.get(key)
            if classes is None:
                classes = plan[key] = {}
            classes[p, b] = classes.get((p, b), 0) + wp * wb
    result: list[Plan] = []
    for key, classes in sorted(plan.items()):
        removal = tuple(sorted(Counter(key).items()))
        pairs = tuple((v, u, m * n) for v, m in removal for u, n in removal)
        splits = tuple((cls, arrangements, _depth(*cls)) for cls, arrangements in sorted(classes.items()))
        result.append((removal, pairs, splits))
    return tuple(result)


def _depth(player: int, banker: int) -> int:
    if is_natural(player) or is_natural(banker):
        return 0
    if player not in PLAYER_DRAWS_ON:
        return 1 if banker_draws(banker, None) else 0
    return 2 if banker < 7 else 1


def _moments(n: Sequence[int]) -> tuple[dict[tuple[int, int], int],
                                        dict[tuple[int, int], list[int]],
                                        dict[tuple[int, int], list[list[int]]]]:
    """The sums S0, S1, S2 of the module docstring, per class ``(p, b)``."""
    falling = [[1, c, c * (c - 1), c * (c - 1) * (c - 2), c * (c - 1) * (c - 2) * (c - 3)] for c in n]
    s0: dict[tuple[int, int], int] = {}
    s1: dict[tuple[int, int], list[int]] = {}
    s2: dict[tuple[int, int], list[list[int]]] = {}
    for removal, pairs, splits in _first_four():
        weight = 1
        for value, multiplicity in removal:
            weight *= falling[value][multiplicity]
        if not weight:
            continue
        for cls, arrangements, depth in splits:
            w = weight * arrangements
            s0[cls] = s0.get(cls, 0) + w
            if depth:
                first = s1.setdefault(cls, [0] * 10)
                for value, multiplicity in removal:
                    first[value] += w * multiplicity
                if depth == 2:
                    second = s2.setdefault(cls, [[0] * 10 for _ in range(10)])
                    for v, u, mm in pairs:
                        second[v][u] += w * mm
    return s0, s1, s2


#: Stand-ins for a class whose moments were never needed (every count there is zero).
_NO_FIRST: list[int] = [0] * 10
_NO_SECOND: list[list[int]] = [[0] * 10 for _ in range(10)]


def enumerate_rounds(shoe: Shoe) -> dict[Round, int]:
    """Exact counts of every final :class:`Round` over ``shoe``'s game cycle."""
    n = list(shoe.counts)
    cards = sum(n)
    tail4, tail5 = (cards - 4) * (cards - 5), cards - 5
    s0, s1, s2 = _moments(n)
    counts: Counter[Round] = Counter()
    for (player, banker), zero in s0.items():
        if is_natural(player) or is_natural(banker):
            counts[Round(2, player, 2, banker)] += zero * tail4
            continue
        first = s1.get((player, banker), _NO_FIRST)
        if player not in PLAYER_DRAWS_ON:
            if not banker_draws(banker, None):
                counts[Round(2, player, 2, banker)] += zero * tail4
                continue
            for u in range(10):
                counts[Round(2, player, 3, (banker + u) % 10)] += (n[u] * zero - first[u]) * tail5
            continue
        second = s2.get((player, banker), _NO_SECOND)
        for v in range(10):
            total = (player + v) % 10
            if not banker_draws(banker, v):
                counts[Round(3, total, 2, banker)] += (n[v] * zero - first[v]) * tail5
                continue
            nv, fv, row = n[v], first[v], second[v]
            for u in range(10):
                nu = n[u] - (u == v)
                counts[Round(3, total, 3, (banker + u) % 10)] += (
                    nv * nu * zero - nv * first[u] - nu * fv + row[u])
    return {state: count for state, count in counts.items() if count}


@lru_cache(maxsize=64)
def outcome_space(shoe: Shoe) -> OutcomeSpace:
    """The :class:`~combin.core.outcomes.OutcomeSpace` of one round dealt from ``shoe`` (cached per shoe)."""
    return OutcomeSpace(enumerate_rounds(shoe), game_cycle(shoe.cards), shoe.describe(), METHOD,
                        shoe.detail(), game="baccarat")
