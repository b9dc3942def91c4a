"""The Lunar Poker cross-checks of the evidence bundle: anchors and methods.

* **methods** -- hand-class counts of 5, 6 and 7 cards in closed form
  (:mod:`combin.lunar.classes`) against the exhaustive evaluation of every
  hand (:mod:`combin.lunar.exhaustive`); every line of the Super and the
  instant payout under every reading, both ways; what a winning Bet pays with
  the second combination, closed form (:mod:`combin.lunar.bet`) against every
  card subset of every hand (:mod:`combin.lunar.bet_exhaustive`);
* **anchors** -- the standard poker counts of ``data/anchors.toml``.

:func:`lunar_checks` is the game's ``checks``.
"""

from collections.abc import Callable
from math import comb

from combin.core.analysis import par_sheet
from combin.core.crosscheck import Check, anchors, readings
from combin.lunar.supers import joint_checks
from combin.running.progress import Messages, silent
from combin.core.game import Game
from combin.lunar.bet import bet_distribution
from combin.lunar.classes import class_counts
from combin.lunar.readings import L11
from combin.lunar.space import outcome_space

__all__ = ["lunar_checks", "bet_checks"]


def lunar_checks(game: Game, progress: Messages = silent) -> list[Check]:
    """Every Lunar Poker check of ``game``: anchors, methods."""
    from combin.lunar.exhaustive import class_counts_exhaustive  # numpy: only when auditing
    data = anchors(__package__)
    checks = []
    progress("lunar: class counts, closed form and exhaustive")
    computed = {}
    for cards in (5, 6, 7):
        closed = class_counts(cards)
        computed[cards] = closed
        checks += _kept(f"classes-{cards}", lambda: [Check(
            "method", f"{cards}-card classes: closed form = exhaustive",
            f"{len(closed)} classes over {comb(52, cards):,} hands", closed == class_counts_exhaustive(cards))])
    for cards, key in ((5, "poker_five"), (7, "poker_seven")):
        published = dict(data[key])
        got = dict(computed[cards])
        if cards == 7:
            got["high_card"] += got.pop("ace_king")
        if "ace_king_or_better" in published:
            got["ace_king_or_better"] = sum(v for k, v in computed[cards].items() if k != "high_card")
        for name, value in published.items():
            checks.append(Check("anchor", f"{cards} cards: {name}",
                                f"published {value:,}, computed {got[name]:,}", got[name] == value))
    progress("lunar: Super and instant payout, closed form and exhaustive")
    closed_space, exhaustive_space = outcome_space("closed-form"), outcome_space("exhaustive")
    for wager in game.wagers.values():
        for paytable in [p.id for p in game.paytables_of(wager.id)]:
            for value_set in readings(game, wager):
                a = par_sheet(wager.id, paytable=paytable, interpret=value_set, space=closed_space)
                b = par_sheet(wager.id, paytable=paytable, interpret=value_set,
                              space=exhaustive_space)
                reading = ", ".join(f"{k}={v}" for k, v in value_set.items()) or "defaults"
                checks.append(Check("method", f"{wager.id} {paytable} ({reading}): closed form = "
                                    "exhaustive", "every line's combinations", a.lines == b.lines))
    progress("lunar: Bet with the second combination")
    checks += _kept("bet", bet_checks)
    checks += _kept("joint", lambda: [Check(*found) for found in joint_checks(progress)])
    return checks


#: The checks that read no option of the game (the five-, six- and seven-card classes, the Bet's
#: pays, the joint Super tables): the same every time in one process, so computed once in it
#: (an audit that builds a bundle and verifies it in one process counts them once; about 30
#: CPU-seconds a time).  A :class:`Check` is frozen: a caller cannot change what is kept.
_KEPT: dict[str, tuple[Check, ...]] = {}


def _kept(name: str, compute: Callable[[], list[Check]]) -> list[Check]:
    if name not in _KEPT:
        _KEPT[name] = tuple(compute())
    return list(_KEPT[name])


def bet_checks() -> list[Check]:
    """The Bet's pays with the second combination, closed form against exhaustive, both rules
    (one sweep of the hands gives both readings' tallies)."""
    from combin.lunar.bet_exhaustive import bet_distributions_exhaustive  # numpy
    checks = []
    for cards in (5, 6):
        swept = bet_distributions_exhaustive(cards)
        for rule in L11:
            closed = bet_distribution(cards, rule)
            exhaustive = swept[rule]
            checks.append(Check("method", f"{cards}-card Bet pays (L11={rule}): closed form = "
                                "exhaustive",
                                f"{len(closed)} (class, pays) cells over {comb(52, cards):,} hands",
                                closed == exhaustive))
    return checks
