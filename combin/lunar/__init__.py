"""Lunar Poker (58 Pa. Code Chapter 671a): hand classes, the Super Wager and the Ante instant payout.

* :mod:`~combin.core.cards` -- the deck and the hand-class ids;
* :mod:`~combin.lunar.classes` -- class counts in closed form (no hand dealt);
* :mod:`~combin.lunar.exhaustive` -- the same counts by evaluating every hand (numpy);
* :mod:`~combin.lunar.space` -- the five-card outcome space, either way;
* :mod:`~combin.lunar.wagers` -- the Super and the instant payout on the first five cards;
* :mod:`~combin.lunar.bet` -- what a winning Bet pays, with the second combination (L11);
* :mod:`~combin.lunar.readings` -- the interpretations the code branches on;
* :mod:`~combin.lunar.checks` -- the cross-checks of the evidence bundle.
* :mod:`~combin.lunar.joint`, :mod:`~combin.lunar.rankscan` and :mod:`~combin.lunar.supers` --
  several Supers at one table: the exact joint table of two or three hands of one deal, and its
  package.

The main game against the dealer is played by the stud engine (:mod:`combin.stud`)
from ``data/stud.toml`` (and the basic strategy of ``data/basic_strategy.toml``).

:data:`GAME` is what the rest of ``combin`` sees.  Its outcome space is every
five-card hand from one 52-card deck, counted as combinations; the closed
form computes it, and :func:`outcome_space` can compute it exhaustively too.

>>> GAME.id, GAME.regulation, METHODS
('lunar', '58 Pa. Code Chapter 671a', ('closed-form', 'exhaustive'))
>>> outcome_space().cycle
2598960
"""

from combin.core.game import AuditPages, Game, Lazy, Solver, committed_run, load_paytables, load_sections
from combin.lunar.readings import INTERPRETATIONS
from combin.lunar.space import METHODS, outcome_space
from combin.lunar.wagers import WAGERS
from combin.core.outcomes import OutcomeSpace

__all__ = ["GAME", "outcome_space", "METHODS"]


def _outcomes() -> OutcomeSpace:
    return outcome_space()


GAME = Game(
    id="lunar",
    title="Lunar Poker",
    regulation="58 Pa. Code Chapter 671a",
    wagers=WAGERS,
    paytables=load_paytables(__name__, WAGERS),
    interpretations=INTERPRETATIONS,
    outcomes=_outcomes,
    table_shoes=(("1-deck", {}),),
    extra_tables=Lazy("combin.lunar.tables:extra_tables"),
    checks=Lazy("combin.lunar.checks:lunar_checks"),   # loaded when a command asks
    dealer=Lazy("combin.lunar.hand:deal_hands"),
    solver=Solver(__name__, ("game lunar", "game lunar --no-draw", "lunar advise"),
                  second_pays="combin.lunar.bet:hand_bet_pays",
                  shards="tables/lunar/game/full", make="lunar-game", committed=committed_run(__name__),
                  side_wager="combin.lunar.round:super_side"),
    audit_pages=AuditPages(Lazy("combin.lunar.audit:pages"), Lazy("combin.lunar.audit:verify"),
                           Lazy("combin.lunar.audit:interpretations"),
                           Lazy("combin.lunar.audit:instant_paytables"),
                           Lazy("combin.lunar.audit:optional_pages")),
    **load_sections(__name__),
)
