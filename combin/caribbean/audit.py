"""Caribbean Stud in the evidence bundle (``combin audit``): the whole game under every strategy.

:data:`combin.caribbean.GAME` names :func:`pages` in its :class:`~combin.core.game.AuditPages`;
the audit gives the game a folder of its own (it has no par sheets) and calls it without
naming the game.  On 52 cards the published totals (:data:`PUBLISHED`) are checked to the
integer; ``--verify`` rebuilds the pages and compares them.

>>> PUBLISHED["cycle"], sorted(PUBLISHED["loss"])
(19933230517200, ['always', 'optimal', 'thumb'])
"""

from collections.abc import Callable, Mapping
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from typing import Any

from combin.files import display
from combin.caribbean import SHEET_STRATEGIES
from combin.core.crosscheck import Check
from combin.documents.stud_game import game_document
from combin.core.game import GamePages
from combin.render import render
from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from combin.stud.nodraw.game import whole_game

__all__ = ["PUBLISHED", "pages", "whole_game_pages"]

#: Caribbean Stud on 52 cards, the published totals (spec/ANCHORS.md): the game cycle and
#: the player's total loss in Ante units under each strategy they publish.
PUBLISHED: dict[str, Any] = {"cycle": 19_933_230_517_200,
             "loss": {"optimal": 1_041_372_912_372, "always": 3_310_360_338_060,
                      "thumb": 1_041_417_758_724},
             # the published comparison of strategies, house edge per Ante in percent to
             # three places (spec/ANCHORS.md)
             "edge": {"optimal": "5.224", "thumb": "5.225", "akj83": "5.316", "pair": "5.470",
                      "always": "16.607"}}

#: The sentence under the report's table of strategies.
NOTE = ("Every situation against every dealer hand, summed exactly (combin.stud.nodraw.game); "
        "the published totals are checked to the integer (checks.md).")


def _anchor(strategy: str, result: Any) -> Check:
    """The published total loss of ``strategy`` against the exact sum (52 cards)."""
    published = PUBLISHED["loss"][strategy]
    # the total is an exact Fraction (whole here); Python 3.11 cannot group one with ","
    loss = Fraction(-result.total)
    shown = display.grouped(loss.numerator) if loss.denominator == 1 else display.rational(loss)
    return Check("anchor", f"Caribbean Stud, {strategy}: total loss "
                           f"{published:,} over the cycle {result.cycle:,}",
                 f"computed {shown} over {result.cycle:,}",
                 result.cycle == PUBLISHED["cycle"] and loss == published)


def _edge_anchor(strategy: str, result: Any) -> Check:
    """The published house edge of ``strategy`` (percent, three places) against the exact one
    rounded half to even at the third place (52 cards)."""
    published = PUBLISHED["edge"][strategy]
    exact = Fraction(-result.expected) * 100
    shown = (Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(Decimal("0.001"), ROUND_HALF_EVEN)
    return Check("anchor", f"Caribbean Stud, {strategy}: house edge {published}% per Ante (published, "
                           "three places)", f"computed {display.rational(exact)}% = {shown}%",
                 str(shown) == published)


def whole_game_pages(ranks: str | None, progress: Callable[[str], None]) -> GamePages:
    """Caribbean Stud summed exactly under every strategy on the deck ``ranks`` (``None``: 52
    cards); on 52 cards the published totals are checked to the integer."""
    rules, deck = load_rules("caribbean").resolve(), Deck.parse(ranks, need=10)
    found: dict[str, str | bytes] = {}
    checks, figures = [], []
    for strategy in SHEET_STRATEGIES:
        progress(f"caribbean: whole game, strategy {strategy} ({deck.text})")
        result = whole_game(rules, deck, strategy)
        document = game_document(result)
        for fmt in ("md", "json"):
            found[f"game/{strategy}.{fmt}"] = render(document, fmt)
        figures.append((f"Caribbean Stud, {strategy} ({deck.text})", -result.expected))
        if deck.full and strategy in PUBLISHED["loss"]:
            checks.append(_anchor(strategy, result))
        if deck.full and strategy in PUBLISHED["edge"]:
            checks.append(_edge_anchor(strategy, result))
        checks.append(Check("invariant", f"Caribbean Stud, {strategy}: combinations sum to the "
                                         "cycle", f"{sum(result.lines.values()):,}",
                            sum(result.lines.values()) == result.cycle))
    return GamePages(found, checks, figures, NOTE)


def pages(scope: Any, parameters: Mapping[str, int], workers: int,
          progress: Callable[[str], None]) -> GamePages:
    """The bundle's pages of Caribbean Stud for ``scope`` (its ``deck``)."""
    return whole_game_pages(scope.deck, progress)
