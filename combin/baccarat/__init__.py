"""Baccarat (punto banco), the Eclipse side wager package and Dragon Bonus.

* :mod:`~combin.baccarat.shoe` -- shoes by point value, full or depleted;
* :mod:`~combin.baccarat.tableau` -- the third-card rules, as data;
* :mod:`~combin.baccarat.enumeration` -- the exact round enumerator;
* :mod:`~combin.baccarat.reference`, :mod:`~combin.baccarat.naive` -- a plain
  nested loop and a card-by-card dealer that check it;
* :mod:`~combin.baccarat.events`, :mod:`~combin.baccarat.wagers` -- what the
  paytables in ``data/`` pay on; :mod:`~combin.baccarat.readings` -- the
  interpretations the code branches on;
* :mod:`~combin.baccarat.checks` -- the cross-checks of the evidence bundle.

:data:`GAME` is what the rest of ``combin`` sees: wagers, paytables, rule
sets, interpretations, cross-checks, simulation dealer, audit section, game
protection and the Eclipse package (``data/game.toml``).

>>> GAME.id, sorted(GAME.wagers)[:2], outcomes(decks=8).shoe
('baccarat', ['baccarat.banker', 'baccarat.player'], '8 decks (416 cards)')
>>> parse_shoe("1d").describe(), Shoe.full(1).cards
('1 deck (52 cards)', 52)
"""

from dataclasses import replace

from combin.baccarat.enumeration import outcome_space
from combin.baccarat.readings import INTERPRETATIONS
from combin.baccarat.shoe import VALUE_NAMES, Shoe, parse_shoe
from combin.baccarat.wagers import WAGERS
from combin.errors import CombinError
from combin.core.game import Game, Lazy, load_paytables, load_rulesets, load_sections
from combin.core.outcomes import OutcomeSpace

__all__ = ["GAME", "outcomes", "Shoe", "parse_shoe"]

DEFAULT_DECKS = 8


def outcomes(decks: object = None, shoe: object = None) -> OutcomeSpace:
    """The outcome space of one round from ``decks`` full decks or the shoe ``shoe``.

    ``shoe`` is a :class:`Shoe` or a spec for :func:`parse_shoe`; with neither
    option the shoe is 8 full decks.  Spaces are cached per shoe.
    """
    if decks is not None and shoe is not None:
        raise CombinError("give the number of decks or a shoe, not both")
    if shoe is not None:
        chosen = shoe if isinstance(shoe, Shoe) else parse_shoe(shoe)
    else:
        chosen = Shoe.full(DEFAULT_DECKS if decks is None else decks)
    return outcome_space(chosen)


_SECTIONS = load_sections(__name__)
_SECTIONS["protection"] = replace(_SECTIONS["protection"], values=VALUE_NAMES)   # what a count tracks

GAME = Game(
    id="baccarat",
    title="Baccarat (punto banco) with the Eclipse side wager package",
    regulation="58 Pa. Code Chapter 631a; § 631b.11 (Eclipse side wager package)",
    wagers=WAGERS,
    paytables=load_paytables(__name__, WAGERS),
    interpretations=INTERPRETATIONS,
    outcomes=outcomes,
    rulesets=load_rulesets(__name__),
    shoe_options=("decks", "shoe"),
    table_shoes=(("8-decks", {"decks": 8}), ("6-decks", {"decks": 6})),
    checks=Lazy("combin.baccarat.checks:baccarat_checks"),   # loaded when a command asks
    dealer=Lazy("combin.baccarat.naive:deal_rounds"),
    **_SECTIONS,
)
