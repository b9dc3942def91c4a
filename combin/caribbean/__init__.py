"""Caribbean Stud Poker: the main game against the dealer, as data, summed by the stud engine.

The game has no side wager here: what ``combin`` computes for it is the whole
game (``combin game caribbean``), every situation under optimal play or a fixed
strategy, exact (:mod:`combin.stud.nodraw`).  Its rules are
``data/stud.toml``; :data:`GAME` is what the rest of ``combin`` sees, and
``tables/caribbean/game/`` holds its whole-game sheets (:func:`sheets`).

>>> GAME.id, GAME.solver.commands, SHEET_STRATEGIES[:2]
('caribbean', ('game caribbean',), ('optimal', 'always'))
"""

from combin.errors import CombinError
from combin.core.game import AuditPages, Game, GameTables, Lazy, Solver
from combin.core.outcomes import OutcomeSpace

__all__ = ["GAME", "sheets", "SHEET_STRATEGIES"]

#: The strategies ``combin tables`` sums the whole game under: optimal play, then the fixed ones.
SHEET_STRATEGIES = ("optimal", "always", "pair", "ace-king", "thumb", "akj83")


def _outcomes() -> OutcomeSpace:
    raise CombinError("Caribbean Stud has no side wager; its whole game is `combin game caribbean`")


def _paths(strategy: str) -> tuple[str, ...]:
    return (f"game/{strategy}.md", f"game/{strategy}.csv")


def sheets() -> dict[str, str | bytes]:
    """The whole game on one 52-card deck under each of :data:`SHEET_STRATEGIES`, as Markdown and CSV.

    One pass over the situations sums every strategy
    (:func:`~combin.stud.nodraw.game.whole_games`); about two CPU-minutes.
    """
    from combin.render import render
    from combin.stud.core.deck import Deck
    from combin.stud.core.rules import load_game
    from combin.stud.nodraw.game import whole_games
    from combin.documents.stud_game import game_document
    found: dict[str, str | bytes] = {}
    for result in whole_games(load_game("caribbean").resolve(), Deck.parse(None), SHEET_STRATEGIES):
        document = game_document(result)
        markdown, csv = _paths(result.strategy)
        found[markdown], found[csv] = render(document, "md"), render(document, "csv")
    return found


GAME = Game(
    id="caribbean",
    title="Caribbean Stud",
    regulation="Published rules of Caribbean Stud Poker (spec/ANCHORS.md)",
    wagers={},
    paytables={},
    interpretations={},
    outcomes=_outcomes,
    game_tables=GameTables(tuple((f"Whole game, one 52-card deck, strategy {strategy}", _paths(strategy))
                                 for strategy in SHEET_STRATEGIES), sheets),
    solver=Solver(__name__, ("game caribbean",)),
    audit_pages=AuditPages(Lazy("combin.caribbean.audit:pages")),
)
