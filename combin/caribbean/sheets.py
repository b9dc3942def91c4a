"""The whole game of Caribbean Stud as the sheets ``combin tables`` writes (imported when the
tables are built, not when the game is registered)."""

from combin.caribbean import SHEET_STRATEGIES, sheet_paths
from combin.documents.stud_game import game_document
from combin.render import render
from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from combin.stud.nodraw.game import whole_games

__all__ = ["sheets"]


def sheets() -> dict[str, str | bytes]:
    """The whole game on one 52-card deck under each of :data:`SHEET_STRATEGIES`, as Markdown and CSV.

    One pass over the situations sums every strategy
    (:func:`~combin.stud.nodraw.game.whole_games`); about two CPU-minutes.
    """
    found: dict[str, str | bytes] = {}
    for result in whole_games(load_rules("caribbean").resolve(), Deck.parse(None), SHEET_STRATEGIES):
        document = game_document(result)
        markdown, csv = sheet_paths(result.strategy)
        found[markdown], found[csv] = render(document, "md"), render(document, "csv")
    return found
