"""Several wagers of one game on the same round: the exact joint result.

A player who bets all five Eclipse wagers (§ 631b.11) on a round does not
face five independent bets: the wagers read the same cards.  A package is a
list of :class:`Bet` -- wager, paytable, stake -- and its analysis settles
*the same outcome* under every wager: for each outcome of the game's
:class:`~combin.core.outcomes.OutcomeSpace` (with its exact count), each wager's
net payout per unit comes from :func:`combin.core.analysis.payouts`, the very
settlement the par sheets use, and the round's net result is
``sum_i stake_i * payout_i``.

Exactness: counts are integers and payouts Fractions, so the distribution
(net result -> combinations), the means, the covariance matrix

    Cov(X_i, X_j) = sum_o count_o x_i(o) x_j(o) / cycle - E[X_i] E[X_j]

and the package's variance are exact Fractions.  Only the standard deviation
and the correlations (square roots) are decimals, from :func:`combin.files.display.sqrt`.
Two identities hold exactly and are tested: the package's mean is
``sum_i stake_i EV_i`` with ``EV_i`` from the par sheets, and its variance is
``stakes^T Cov stakes``.

>>> bet = parse_bet("eclipse.sun7:A=2")
>>> isinstance(bet, Bet), bet.wager, parse_stake("2.5"), [b.wager for b in named_bets("eclipse")][:2]
(True, 'eclipse.sun7', Fraction(5, 2), ['eclipse.sun7', 'eclipse.moon8'])
"""

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cached_property
from math import lcm

from combin.files import display
from combin.core.analysis import select_wager
from combin.files.bounded import parse_fraction
from combin.errors import CombinError
from combin.core.game import Game, RuleSet
from combin.core.parsheet import ParSheet
from combin.core.paytable import Paytable
from combin.registry import find_package, find_wager
from combin.core.wager import Wager

__all__ = ["Bet", "Package", "parse_bet", "parse_stake", "package", "named_bets", "settle"]

_BET = re.compile(r"^\s*(?P<wager>[^:=\s]+)\s*(?::\s*(?P<paytable>[^:=\s]+)\s*)?"
                  r"(?:=\s*(?P<stake>[^=]+?)\s*)?$")
_MAX_STAKE_TEXT = 40


@dataclass(frozen=True)
class Bet:
    """One wager of a package: its id, its paytable (``None``: the default) and its stake."""

    wager: str
    paytable: str | None = None
    stake: Fraction = Fraction(1)

    @property
    def label(self) -> str:
        return self.wager if self.paytable is None else f"{self.wager}:{self.paytable}"


def parse_stake(text: object) -> Fraction:
    """A positive exact stake from ``"2"``, ``"0.5"`` or ``"1/2"``."""
    words = str(text).strip()
    try:
        stake = parse_fraction(words, "a stake", _MAX_STAKE_TEXT)
    except CombinError:
        raise CombinError(f"a stake must be a positive number such as 1, 2.5 or 1/2, "
                          f"not {str(text)[:_MAX_STAKE_TEXT]!r}") from None
    if stake <= 0:
        raise CombinError(f"a stake must be positive, not {words}")
    return stake


def parse_bet(text: object) -> Bet:
    """``WAGER[:PAYTABLE][=STAKE]`` (e.g. ``eclipse.supreme7:B=2``) as a :class:`Bet`."""
    match = _BET.match(str(text))
    if not match:
        raise CombinError(f"cannot read the bet {str(text)[:60]!r}: write WAGER, WAGER=STAKE or "
                          "WAGER:PAYTABLE=STAKE (for example eclipse.supreme7:B=2)")
    stake = Fraction(1) if match["stake"] is None else parse_stake(match["stake"])
    return Bet(match["wager"], match["paytable"], stake)


@dataclass(frozen=True)
class Package:
    """The joint result of several wagers on one round.

    ``bets`` carry the paytable actually used; ``sheets`` are their par sheets
    (same outcome space); ``distribution`` is ``((net result, combinations),
    ...)``, highest first; ``means`` and ``covariance`` are per unit staked on
    each wager; ``winners`` is ``((number of wagers that win, combinations),
    ...)``, from none up.
    """

    game: str
    shoe: str
    method: str
    cycle: int
    bets: tuple[Bet, ...]
    sheets: tuple[ParSheet, ...]
    distribution: tuple[tuple[Fraction, int], ...]
    means: tuple[Fraction, ...]
    covariance: tuple[tuple[Fraction, ...], ...]
    winners: tuple[tuple[int, int], ...] = ()

    @property
    def stakes(self) -> tuple[Fraction, ...]:
        return tuple(bet.stake for bet in self.bets)

    @property
    def total_stake(self) -> Fraction:
        return sum(self.stakes, Fraction(0))

    def probability(self, combinations: int) -> Fraction:
        return Fraction(combinations, self.cycle)

    @cached_property
    def expected(self) -> Fraction:
        """Expected net result per round (all stakes together)."""
        return sum((self.probability(c) * net for net, c in self.distribution), Fraction(0))

    @property
    def return_per_staked(self) -> Fraction:
        """Expected net result per unit staked in total (``-house edge``)."""
        return self.expected / self.total_stake

    @property
    def house_edge(self) -> Fraction:
        return -self.return_per_staked

    @cached_property
    def variance(self) -> Fraction:
        """Variance of the net result per round."""
        second = sum((self.probability(c) * net**2 for net, c in self.distribution), Fraction(0))
        return second - self.expected**2

    @property
    def variance_per_staked(self) -> Fraction:
        return self.variance / self.total_stake**2

    @property
    def sd(self) -> Decimal:
        return display.sqrt(self.variance)

    @property
    def sd_per_staked(self) -> Decimal:
        return display.sqrt(self.variance_per_staked)

    @property
    def hit_frequency(self) -> Fraction:
        return sum((self.probability(c) for net, c in self.distribution if net > 0), Fraction(0))

    @property
    def push_frequency(self) -> Fraction:
        return sum((self.probability(c) for net, c in self.distribution if net == 0), Fraction(0))

    @property
    def independent_variance(self) -> Fraction:
        """The variance per round if the wagers were independent: ``sum stake_i^2 Var_i``."""
        return sum((s * s * self.covariance[i][i] for i, s in enumerate(self.stakes)), Fraction(0))

    @property
    def independent_sd(self) -> Decimal:
        return display.sqrt(self.independent_variance)

    def winning(self, least: int) -> Fraction:
        """The probability that at least ``least`` of the wagers win (net > 0) in one round."""
        return sum((self.probability(c) for k, c in self.winners if k >= least), Fraction(0))

    def correlation(self, i: int, j: int) -> Decimal | None:
        """The correlation of wagers ``i`` and ``j`` as a Decimal (``None`` if one never varies)."""
        vi, vj, c = self.covariance[i][i], self.covariance[j][j], self.covariance[i][j]
        if vi == 0 or vj == 0:
            return None
        root = display.sqrt(c * c / (vi * vj))
        return root if c >= 0 else -root


def named_bets(package_id: str) -> list[Bet]:
    """One unit on each wager of a game's named package (``eclipse``: the five Eclipse
    wagers); the game says which packages it has (``Game.packages``)."""
    _, named = find_package(package_id)
    return [Bet(wager) for wager in named.wagers]


def _interpretations(game: Game, wagers: Sequence[Wager],
                     chosen: Mapping[str, str]) -> list[dict[str, str]]:
    readers = {key for wager in wagers for key in wager.interpretations}
    for key in chosen:
        if key not in game.interpretations:
            raise CombinError(f"unknown interpretation {key!r} (known: "
                              f"{', '.join(sorted(game.interpretations))})")
        if key not in readers:
            raise CombinError(f"interpretation {key} applies to none of the package's wagers")
    return [{k: v for k, v in chosen.items() if k in wager.interpretations} for wager in wagers]


def package(bets: Sequence[Bet], *, paytable: str | None = None, decks: object = None,
            shoe: object = None, rules: str | None = None,
            interpret: Mapping[str, str] | None = None,
            extra_paytables: Iterable[Paytable] = (),
            extra_rulesets: Iterable[RuleSet] = ()) -> Package:
    """The :class:`Package` of ``bets`` (a list of :class:`Bet`) on one round.

    ``paytable`` is the paytable of every bet that names none; the other
    options are those of :func:`combin.core.analysis.par_sheet` and apply to all.
    """
    if not bets:
        raise CombinError("a package needs at least one wager (or --set NAME)")
    found = [find_wager(bet.wager) for bet in bets]
    games: dict[str, str] = {}
    for (game, _), bet in zip(found, bets):
        games.setdefault(game.id, bet.wager)
    if len(games) > 1:
        named = ", ".join(f"{wager} ({game})" for game, wager in games.items())
        raise CombinError(f"a package bets on one round of one game, but its wagers belong to "
                          f"different games: {named}")
    game = found[0][0]
    space = game.space(decks, shoe)
    chosen = _interpretations(game, [w for _, w in found], interpret or {})
    used, sheets, payouts, labels = [], [], [], set()
    for bet, (_, wager), mine in zip(bets, found, chosen):
        selection = select_wager(game, wager, paytable=bet.paytable or paytable, rules=rules,
                                 interpret=mine, extra_paytables=extra_paytables,
                                 extra_rulesets=extra_rulesets)
        sheet, table = selection.sheet(space), selection.payouts(space)
        resolved = Bet(wager.id, sheet.paytable, bet.stake)
        if resolved.label in labels:
            raise CombinError(f"{resolved.label} is listed twice; give it one stake")
        labels.add(resolved.label)
        used.append(resolved)
        sheets.append(sheet)
        payouts.append(table)
    return settle(game.id, space, used, sheets, payouts)


def _reader(table: Mapping[Any, int], read: Callable[[Any], Any]) -> Callable[[Any], int]:
    """The net payout of an outcome of the joint space: ``table`` at the outcome ``read`` picks."""
    return lambda outcome: table[read(outcome)]


def settle(game_id: str, space: Any, bets: Sequence[Bet], sheets: Sequence[ParSheet],
           payouts: Sequence[Mapping[Any, Fraction]],
           reads: Sequence[Callable[[Any], Any]] | None = None) -> Package:
    """The :class:`Package` of ``bets`` settled on every outcome of ``space``.

    ``payouts[i]`` maps an outcome to the net payout per unit of bet ``i``;
    ``reads[i]`` (optional) first turns an outcome of ``space`` into the outcome
    that bet settles on -- one hand of a deal of several hands, when each wager
    reads one hand.  The sums over outcomes are Python integers (payouts and stakes
    scaled to whole numbers), divided once at the end into Fractions.
    """
    count = len(bets)
    # L: the least common denominator of every payout; W: of every stake.  A payout x is the
    # integer x L over L, a stake s the integer s W over W, so every sum below is an integer
    # and each figure one division at the end.
    scale = lcm(*(Fraction(x).denominator for table in payouts for x in table.values()))
    weight = lcm(*(Fraction(bet.stake).denominator for bet in bets))
    stakes = [int(Fraction(bet.stake) * weight) for bet in bets]
    tables = [{key: int(Fraction(x) * scale) for key, x in table.items()} for table in payouts]
    sums = [0] * count
    products = [[0] * count for _ in range(count)]
    distribution: Counter[int] = Counter()          # the stakes' net, times W L
    winners: Counter[int] = Counter()
    readers = [table.__getitem__ if reads is None else _reader(table, reads[i])
               for i, table in enumerate(tables)]
    for outcome, combinations in space.items():
        nets = [read(outcome) for read in readers]
        distribution[sum(s * x for s, x in zip(stakes, nets))] += combinations
        winners[sum(x > 0 for x in nets)] += combinations         # x L > 0 exactly when x > 0
        for i in range(count):
            sums[i] += combinations * nets[i]
            for j in range(i, count):
                products[i][j] += combinations * nets[i] * nets[j]
    means = [Fraction(total, scale * space.cycle) for total in sums]
    covariance = [[Fraction(0)] * count for _ in range(count)]
    for i in range(count):
        for j in range(i, count):
            covariance[i][j] = covariance[j][i] = (Fraction(products[i][j], scale * scale * space.cycle)
                                                   - means[i] * means[j])
    # K / (W L) is one-to-one on the integers K: the nets stay distinct as Fractions
    ordered = tuple(sorted(((Fraction(net, weight * scale), c) for net, c in distribution.items() if c),
                           reverse=True))
    return Package(game_id, space.shoe, space.method, space.cycle, tuple(bets), tuple(sheets),
                   ordered, tuple(means), tuple(tuple(row) for row in covariance),
                   tuple(sorted((k, c) for k, c in winners.items() if c)))
