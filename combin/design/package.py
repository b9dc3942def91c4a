"""Several wagers of one game on the same round: the exact joint result.

A player who bets all five Eclipse wagers (§ 631b.11) on a round does not
face five independent bets: the wagers read the same cards.  A package is a
list of :class:`Bet` -- wager, paytable, stake -- and its analysis settles
*the same outcome* under every wager: for each outcome of the game's
:class:`~combin.outcomes.OutcomeSpace` (with its exact count), each wager's
net payout per unit comes from :func:`combin.analysis.payouts`, the very
settlement the par sheets use, and the round's net result is
``sum_i stake_i * payout_i``.

Exactness: counts are integers and payouts Fractions, so the distribution
(net result -> combinations), the means, the covariance matrix

    Cov(X_i, X_j) = sum_o count_o x_i(o) x_j(o) / cycle - E[X_i] E[X_j]

and the package's variance are exact Fractions.  Only the standard deviation
and the correlations (square roots) are decimals, from :func:`combin.display.sqrt`.
Two identities hold exactly and are tested: the package's mean is
``sum_i stake_i EV_i`` with ``EV_i`` from the par sheets, and its variance is
``stakes^T Cov stakes``.
"""

import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from combin.errors import CombinError

__all__ = ["ECLIPSE_PACKAGE", "Bet", "Package", "parse_bet", "parse_stake", "package", "settle"]

#: The five wagers of the Eclipse side wager package, 58 Pa. Code § 631b.11(d).
ECLIPSE_PACKAGE = ("eclipse.sun7", "eclipse.moon8", "eclipse.supreme7", "eclipse.divine9",
                   "eclipse.eclipse")

_BET = re.compile(r"^\s*(?P<wager>[^:=\s]+)\s*(?::\s*(?P<paytable>[^:=\s]+)\s*)?"
                  r"(?:=\s*(?P<stake>[^=]+?)\s*)?$")
_MAX_STAKE_TEXT = 40


@dataclass(frozen=True)
class Bet:
    """One wager of a package: its id, its paytable (``None``: the default) and its stake."""

    wager: str
    paytable: object = None
    stake: Fraction = Fraction(1)

    @property
    def label(self):
        return self.wager if self.paytable is None else f"{self.wager}:{self.paytable}"


def parse_stake(text):
    """A positive exact stake from ``"2"``, ``"0.5"`` or ``"1/2"``."""
    words = str(text).strip()
    try:
        if not words or len(words) > _MAX_STAKE_TEXT:
            raise ValueError
        stake = Fraction(words)
    except (ValueError, ZeroDivisionError):
        raise CombinError(f"a stake must be a positive number such as 1, 2.5 or 1/2, "
                          f"not {str(text)[:_MAX_STAKE_TEXT]!r}") from None
    if stake <= 0:
        raise CombinError(f"a stake must be positive, not {words}")
    return stake


def parse_bet(text):
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
    bets: tuple
    sheets: tuple
    distribution: tuple
    means: tuple
    covariance: tuple
    winners: tuple = ()

    @property
    def stakes(self):
        return tuple(bet.stake for bet in self.bets)

    @property
    def total_stake(self):
        return sum(self.stakes, Fraction(0))

    def probability(self, combinations):
        return Fraction(combinations, self.cycle)

    @cached_property
    def expected(self):
        """Expected net result per round (all stakes together)."""
        return sum((self.probability(c) * net for net, c in self.distribution), Fraction(0))

    @property
    def return_per_staked(self):
        """Expected net result per unit staked in total (``-house edge``)."""
        return self.expected / self.total_stake

    @property
    def house_edge(self):
        return -self.return_per_staked

    @cached_property
    def variance(self):
        """Variance of the net result per round."""
        second = sum((self.probability(c) * net**2 for net, c in self.distribution), Fraction(0))
        return second - self.expected**2

    @property
    def variance_per_staked(self):
        return self.variance / self.total_stake**2

    @property
    def sd(self):
        from combin import display
        return display.sqrt(self.variance)

    @property
    def sd_per_staked(self):
        from combin import display
        return display.sqrt(self.variance_per_staked)

    @property
    def hit_frequency(self):
        return sum((self.probability(c) for net, c in self.distribution if net > 0), Fraction(0))

    @property
    def push_frequency(self):
        return sum((self.probability(c) for net, c in self.distribution if net == 0), Fraction(0))

    @property
    def independent_variance(self):
        """The variance per round if the wagers were independent: ``sum stake_i^2 Var_i``."""
        return sum((s * s * self.covariance[i][i] for i, s in enumerate(self.stakes)), Fraction(0))

    @property
    def independent_sd(self):
        from combin import display
        return display.sqrt(self.independent_variance)

    def winning(self, least):
        """The probability that at least ``least`` of the wagers win (net > 0) in one round."""
        return sum((self.probability(c) for k, c in self.winners if k >= least), Fraction(0))

    def correlation(self, i, j):
        """The correlation of wagers ``i`` and ``j`` as a Decimal (``None`` if one never varies)."""
        from combin import display
        vi, vj, c = self.covariance[i][i], self.covariance[j][j], self.covariance[i][j]
        if vi == 0 or vj == 0:
            return None
        root = display.sqrt(c * c / (vi * vj))
        return root if c >= 0 else -root


def _space(game, decks, shoe):
    options = {"decks": decks, "shoe": shoe}
    for name, value in options.items():
        if value is not None and name not in game.shoe_options:
            raise CombinError(f"{game.id} is dealt from a fixed deck; --{name} does not apply")
    return game.outcomes(**{k: v for k, v in options.items() if k in game.shoe_options})


def _interpretations(game, wagers, chosen):
    readers = {key for wager in wagers for key in wager.interpretations}
    for key in chosen:
        if key not in game.interpretations:
            raise CombinError(f"unknown interpretation {key!r} (known: "
                              f"{', '.join(sorted(game.interpretations))})")
        if key not in readers:
            raise CombinError(f"interpretation {key} applies to none of the package's wagers")
    return [{k: v for k, v in chosen.items() if k in wager.interpretations} for wager in wagers]


def package(bets, *, paytable=None, decks=None, shoe=None, rules=None, interpret=None,
            extra_paytables=(), extra_rulesets=()):
    """The :class:`Package` of ``bets`` (a list of :class:`Bet`) on one round.

    ``paytable`` is the paytable of every bet that names none; the other
    options are those of :func:`combin.analysis.par_sheet` and apply to all.
    """
    from combin.analysis import payouts as settled
    from combin.registry import find_wager
    if not bets:
        raise CombinError("a package needs at least one wager (or --eclipse)")
    found = [find_wager(bet.wager) for bet in bets]
    games = {}
    for (game, _), bet in zip(found, bets):
        games.setdefault(game.id, bet.wager)
    if len(games) > 1:
        named = ", ".join(f"{wager} ({game})" for game, wager in games.items())
        raise CombinError(f"a package bets on one round of one game, but its wagers belong to "
                          f"different games: {named}")
    game = found[0][0]
    space = _space(game, decks, shoe)
    chosen = _interpretations(game, [w for _, w in found], interpret or {})
    used, sheets, payouts, labels = [], [], [], set()
    for bet, (_, wager), mine in zip(bets, found, chosen):
        sheet, table = settled(wager.id, paytable=bet.paytable or paytable, rules=rules,
                               interpret=mine, extra_paytables=extra_paytables,
                               extra_rulesets=extra_rulesets, space=space)
        resolved = Bet(wager.id, sheet.paytable, bet.stake)
        if resolved.label in labels:
            raise CombinError(f"{resolved.label} is listed twice; give it one stake")
        labels.add(resolved.label)
        used.append(resolved)
        sheets.append(sheet)
        payouts.append(table)
    return settle(game.id, space, used, sheets, payouts)


def settle(game_id, space, bets, sheets, payouts, reads=None):
    """The :class:`Package` of ``bets`` settled on every outcome of ``space``.

    ``payouts[i]`` maps an outcome to the net payout per unit of bet ``i``;
    ``reads[i]`` (optional) first turns an outcome of ``space`` into the outcome
    that bet settles on -- one hand of a deal of several hands, when each wager
    reads one hand.  Counts stay integers and payouts Fractions throughout.
    """
    count = len(bets)
    stakes = [bet.stake for bet in bets]
    sums = [Fraction(0)] * count
    products = [[Fraction(0)] * count for _ in range(count)]
    distribution = Counter()
    winners = Counter()
    readers = [table.__getitem__ if reads is None else (lambda o, t=table, r=reads[i]: t[r(o)])
               for i, table in enumerate(payouts)]
    for outcome, combinations in space.items():
        nets = [read(outcome) for read in readers]
        distribution[sum((s * x for s, x in zip(stakes, nets)), Fraction(0))] += combinations
        winners[sum(x > 0 for x in nets)] += combinations
        for i in range(count):
            sums[i] += combinations * nets[i]
            for j in range(i, count):
                products[i][j] += combinations * nets[i] * nets[j]
    means = [total / space.cycle for total in sums]
    covariance = [[Fraction(0)] * count for _ in range(count)]
    for i in range(count):
        for j in range(i, count):
            covariance[i][j] = covariance[j][i] = products[i][j] / space.cycle - means[i] * means[j]
    ordered = tuple(sorted(((net, c) for net, c in distribution.items() if c), reverse=True))
    return Package(game_id, space.shoe, space.method, space.cycle, tuple(bets), tuple(sheets),
                   ordered, tuple(means), tuple(tuple(row) for row in covariance),
                   tuple(sorted((k, c) for k, c in winners.items() if c)))
