"""The round as dealt: the game with draws and a side wager settled on the first five, exact.

Where a side wager is mandatory on the player's own hand (Lunar Poker's
Super, § 671a.7(c)(2)), a round at the table is the game ``G`` (per Ante) and
``k`` units of the side wager ``S`` per Ante, both read off the same first
five.  The round's net is ``X = G + k S``.

=====================  ==============================================================
:class:`SideWager`     what the engine needs of the side wager: the key of a first five, its pays
:func:`side_wager`     the game's side wager (:attr:`combin.core.game.Solver.side_wager`), or ``None``
:func:`side_mean`      the side wager's exact mean per unit, from a run's sums by its key
:class:`RoundFigures`  mean, house edge per Ante and per initial wager, element of risk, SD, hit
:func:`from_sums`      the round from the game's sums by side key (exact mean, covariance, SD)
:func:`dealt_nets`     per side key, the exact distribution of the game's net and amount wagered
:func:`strategy_nets`  :func:`dealt_nets` of several strategies in one pass over the classes
:func:`from_nets`      the round from those distributions (adds the hit frequency)
=====================  ==============================================================

Why the sums by side key are enough for the mean and the SD.  ``S`` is a
function of the first five, so it is constant on each situation class; with
``W_j`` the weight and ``V_j`` the sum of ``weight x value`` (numerators over
``L``) of the classes of key ``j`` and ``s_j`` its pay, ``E[G S] = sum_j s_j
V_j / (L W)``.  Then ``Var X = Var G + k^2 Var S + 2 k Cov(G, S)`` needs only
``E[G^2]`` (kept for the whole game) and these sums.  The hit frequency
``P(G + k s_j > 0)`` is not a moment: it needs the distribution of ``G``'s
net within each key, which :func:`dealt_nets` reads from the card-by-card
engine (:func:`combin.stud.reference.cards.advise.distribution`) -- practical
on reduced decks only.

An instant payout ends the round (L7=ends-round): ``G`` is the instant pay
and the side wager is settled as always (it reads the same first five).

>>> side = SideWager("s", "a side", "here", lambda hand: "x", lambda: {"x": Fraction(-1)}, lambda: "")
>>> found = from_sums(Fraction(1), side.pays(), {"x": {"weight": 2, "best": 4}}, 1, 2, "best", 20, Fraction(3))
>>> found.expected, found.covariance, found.variance, found.edge_initial
(Fraction(1, 1), Fraction(0, 1), Fraction(6, 1), Fraction(-1, 2))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from importlib import import_module
from typing import TYPE_CHECKING, Any

from combin.files import display
from combin.stud.core.situation import Situation

if TYPE_CHECKING:
    from combin.stud.core.rules import StudRules

__all__ = ["SideWager", "RELABELLINGS", "side_wager", "side_mean", "RoundFigures", "from_sums", "dealt_nets", "strategy_nets", "from_nets",
           "round_wagered"]


@dataclass(frozen=True)
class SideWager:
    """A wager settled on the player's first five: ``key(hand)`` (text) and ``pays()`` (net per key)."""

    id: str
    title: str
    citation: str
    key: Callable[[Sequence[int]], str]
    pays: Callable[[], dict[str, Fraction]]
    #: Its paytable and readings in words.
    reading: Callable[[], str]
    #: E[S] over the five-card hands of a deck, where known without the game's sums (else None).
    mean: Callable[[Any], Fraction | None] = lambda deck: None
    #: ``((key, share), ...)``: the keys of the hand's images under the :data:`RELABELLINGS`
    #: relabellings of the suits, each with how many of them give it, where the key is not the
    #: same for every image (a suit class holds every image of its canonical hand); ``None`` when
    #: it is (the key reads no suit but through equal suits).
    shares: Callable[[Sequence[int]], tuple[tuple[str, int], ...]] | None = None

    def split(self, hand: Sequence[int]) -> tuple[tuple[str, int], ...]:
        """``((key, share), ...)`` of the hand's suit class, shares out of :data:`RELABELLINGS`.

        >>> wager = SideWager("w", "W", "c", lambda hand: "k", lambda: {"k": Fraction(0)}, lambda: "")
        >>> wager.split((0, 4, 8, 12, 16))
        (('k', 24),)
        """
        return ((self.key(hand), RELABELLINGS),) if self.shares is None else self.shares(hand)


#: The relabellings of four suits (4!): a situation class is the orbit of its canonical situation
#: under them, each member the image of as many of them (its stabiliser's order).
RELABELLINGS = 24


def side_wager(stud: StudRules) -> SideWager | None:
    """The side wager the solver of the game of the rules ``stud`` names (``"module:function"``),
    or ``None``.

    >>> from combin.caribbean import GAME as CARIBBEAN
    >>> from combin.lunar import GAME as LUNAR
    >>> from combin.stud.core.rules import load_rules
    >>> side_wager(load_rules(LUNAR.id)).id, side_wager(load_rules(CARIBBEAN.id))
    ('lunar.super', None)
    """
    solver = stud.game.solver
    name = None if solver is None else solver.side_wager
    if not name:
        return None
    module, _, function = name.partition(":")
    side: SideWager = getattr(import_module(module), function)()
    return side


def side_mean(rules: Any, totals: Any, deck: Any = None) -> Fraction | None:
    """The mean per unit of the side wager of ``rules`` from a run's ``totals``: the sum over its
    keys of pay x weight, over the run's weight (the sums by key the run keeps); for a run written
    without them, the side wager's own mean on ``deck`` where one is given and it knows it, else
    ``None``; ``None`` for a game with no side wager.

    >>> from types import SimpleNamespace
    >>> from combin.lunar import GAME as LUNAR
    >>> from combin.stud.core.rules import load_rules
    >>> rules = SimpleNamespace(stud=load_rules(LUNAR.id))
    >>> key = next(iter(side_wager(rules.stud).pays()))
    >>> side_mean(rules, SimpleNamespace(side={key: {"weight": 3}}, weight=6)) == side_wager(rules.stud).pays()[key] / 2
    True
    >>> side_mean(rules, SimpleNamespace(side={}, weight=6)) is None
    True
    """
    side = side_wager(rules.stud)
    if side is None:
        return None
    if not totals.side:
        return None if deck is None else side.mean(deck)
    pays = side.pays()
    total = sum((pays[key] * int(sums["weight"]) for key, sums in totals.side.items()), Fraction(0))
    return total / int(totals.weight)


@dataclass(frozen=True)
class RoundFigures:
    """The round ``X = G + k S`` per Ante under one strategy; ``None`` where not computable."""

    multiple: Fraction
    expected: Fraction
    side_expected: Fraction
    covariance: Fraction | None
    second: Fraction | None
    wagered: Fraction | None
    hit: Fraction | None = None

    @property
    def edge(self) -> Fraction:
        """The house edge per Ante."""
        return -self.expected

    @property
    def edge_initial(self) -> Fraction:
        """The house edge per unit of initial wagers (Ante + Super = 1 + k)."""
        return -self.expected / (1 + self.multiple)

    @property
    def risk(self) -> Fraction | None:
        """The element of risk: the house edge per unit of everything wagered."""
        return None if self.wagered is None else -self.expected / self.wagered

    @property
    def variance(self) -> Fraction | None:
        return None if self.second is None else self.second - self.expected ** 2

    @property
    def sd(self) -> Any:
        return None if self.variance is None else display.sqrt(self.variance)


def from_sums(multiple: Fraction, pays: Mapping[str, Fraction], side: Mapping[str, Mapping[str, int]],
              scale: int, weight: int, field: str, second: int | None,
              wagered: Fraction | None) -> RoundFigures:
    """The round from the game's sums by side key (``side[key][field]``: ``weight x value``
    numerators over ``scale``), its ``second`` moment numerator (``None``: not known) and the
    game's average ``wagered``."""
    whole = scale * weight
    game = Fraction(sum(cell[field] for cell in side.values()), whole)
    # S is constant on a key's classes: E[S], E[S^2] by weight, E[G S] by each key's value sum
    s1 = Fraction(sum(pays[key] * cell["weight"] for key, cell in side.items()), weight)
    s2 = Fraction(sum(pays[key] ** 2 * cell["weight"] for key, cell in side.items()), weight)
    gs = sum((pays[key] * cell[field] for key, cell in side.items()), Fraction(0)) / whole
    if sum(cell["weight"] for cell in side.values()) != weight:
        raise AssertionError("the side keys' weights do not add up to every situation")
    k = Fraction(multiple)
    moment = None if second is None else Fraction(second, whole) + 2 * k * gs + k * k * s2
    return RoundFigures(k, game + k * s1, s1, gs - game * s1, moment,
                        None if wagered is None else wagered + k)


def round_wagered(rules: Any, kind: str, result: str) -> Fraction:
    """Ante units wagered in the game (the side wager not counted) by an option of ``kind`` that
    ends in ``result``: the Ante, the draw fee when it draws, the Bet unless it folds, the force
    fee when forcing.

    >>> from combin.lunar import GAME as LUNAR
    >>> from combin.stud.core.rules import load_rules
    >>> rules = load_rules(LUNAR.id).resolve()
    >>> str(round_wagered(rules, "exchange", "fold")), str(round_wagered(rules, "play", "forced_won"))
    ('2', '4')
    """
    drew = kind in ("buy", "exchange")
    amount = Fraction(1 + (rules.draw_fee or 0) * drew)
    if result in ("fold", "instant"):
        return amount
    return Fraction(amount + rules.bet + (rules.force_fee or 0) * result.startswith("forced"))


def dealt_nets(deck: Any, rules: Any, classes: Iterable[tuple[Sequence[int], int, int, Any]],
               side: SideWager) -> dict[str, dict[tuple[int, Fraction], Fraction]]:
    """``{side key: {(net, wagered): probability}}`` of the game under the options chosen:
    ``classes`` yields ``(hand, up, weight, option key)`` of every class.  Each option's
    distribution is the card-by-card engine's, independent of the rank engine."""
    found = strategy_nets(deck, rules, ((hand, up, weight, (option,)) for hand, up, weight, option in classes),
                          side)
    return found[0] if found else {}


def strategy_nets(deck: Any, rules: Any, classes: Iterable[tuple[Sequence[int], int, int, Sequence[Any]]],
                  side: SideWager) -> list[dict[str, dict[tuple[int, Fraction], Fraction]]]:
    """:func:`dealt_nets` of several strategies in one pass: ``classes`` yields ``(hand, up,
    weight, (option key of each strategy))``; one card-by-card engine per class serves every
    strategy (its dealer tables are the situation's, whatever the option), and an option two
    strategies share is counted once."""
    from combin.stud.draw.advise import instant_of
    from combin.stud.reference.cards.advise import Engine, distribution, option_sums_of
    # per strategy, side key and (net, wagered): integer sums of weight x count by the option's
    # denominator ``whole`` (a few distinct ones: one per draw size), divided once at the end
    out: list[dict[str, dict[tuple[int, Fraction], dict[int, int]]]] = []
    wagered: dict[tuple[str, str], Fraction] = {}
    total = 0
    for hand, up, weight, options in classes:
        total += weight
        while len(out) < len(options):
            out.append({})
        # the class's members by their side key (a key that reads the suits' colours differs
        # among them): each key's cells with its share of the class's weight
        parts = []
        for key, share in side.split(hand):
            part, left = divmod(weight * share, RELABELLINGS)
            if left:
                raise AssertionError("a side key's share of a class is not whole")
            parts.append(([found.setdefault(key, {}) for found in out], part))
        bonus, settled = instant_of(list(hand), rules, False)
        if settled is not None:       # the instant payout ends the round: its pay is the net
            net = settled[0].ev
            if net.denominator != 1:
                raise AssertionError("an instant pay is not a whole number of Antes")
            for cells, part in parts:
                for cell in cells:
                    sums = cell.setdefault((int(net), Fraction(1)), {})
                    sums[1] = sums.get(1, 0) + part
            continue
        engine = Engine(Situation(tuple(hand), up, deck), rules)
        counted: dict[Any, tuple[int, dict[tuple[str, int], int]]] = {}
        for index, option in enumerate(options):
            kind, positions = option
            if option not in counted:
                nets: dict[tuple[str, int], int] = {}
                whole, _ = distribution(engine, option_sums_of(engine, list(hand), kind, positions, True)[1],
                                        nets)
                counted[option] = (whole, nets)
            whole, nets = counted[option]
            for (result, game_net), count in nets.items():
                amount = wagered.get((kind, result))
                if amount is None:
                    amount = wagered[(kind, result)] = round_wagered(rules, kind, result)
                for cells, part in parts:
                    sums = cells[index].setdefault((game_net + int(bonus), amount), {})
                    sums[whole] = sums.get(whole, 0) + part * count
    return [{key: {at: sum((Fraction(v, whole) for whole, v in sums.items()), Fraction(0)) / total
                   for at, sums in sorted(cell.items())}
             for key, cell in sorted(found.items())} for found in out]


def from_nets(multiple: Fraction, pays: Mapping[str, Fraction],
              nets: Mapping[str, Mapping[tuple[int, Fraction], Fraction]]) -> RoundFigures:
    """The round from :func:`dealt_nets`: every figure exact, the hit frequency
    ``P(G + k S > 0)`` included."""
    k = Fraction(multiple)
    mean = side = gs = second = wagered = hit = game = Fraction(0)
    for key, cell in nets.items():
        s = pays[key]
        for (net, amount), p in cell.items():
            x = net + k * s
            mean += p * x
            second += p * x * x
            wagered += p * (amount + k)
            hit += p if x > 0 else 0
            side += p * s
            game += p * net
            gs += p * net * s
    if sum(sum(cell.values()) for cell in nets.values()) != 1:
        raise AssertionError("the distributions do not add up to 1")
    return RoundFigures(k, mean, side, gs - game * side, second, wagered, hit)
