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

__all__ = ["GAME", "SHEET_STRATEGIES", "sheet_paths"]

#: The strategies ``combin tables`` sums the whole game under: optimal play, then the fixed ones.
SHEET_STRATEGIES = ("optimal", "always", "pair", "ace-king", "thumb", "akj83")


def _outcomes() -> OutcomeSpace:
    raise CombinError("Caribbean Stud has no side wager; its whole game is `combin game caribbean`")


def sheet_paths(strategy: str) -> tuple[str, ...]:
    """The files of the whole game under ``strategy`` in the game's folder of ``tables/``.

    >>> sheet_paths("optimal")
    ('game/optimal.md', 'game/optimal.csv')
    """
    return (f"game/{strategy}.md", f"game/{strategy}.csv")


GAME = Game(
    id="caribbean",
    title="Caribbean Stud",
    regulation="Published rules of Caribbean Stud Poker (spec/ANCHORS.md)",
    wagers={},
    paytables={},
    interpretations={},
    outcomes=_outcomes,
    game_tables=GameTables(tuple((f"Whole game, one 52-card deck, strategy {strategy}",
                                  sheet_paths(strategy)) for strategy in SHEET_STRATEGIES),
                           Lazy("combin.caribbean.sheets:sheets")),   # built by `combin tables`
    solver=Solver(__name__, ("game caribbean",)),
    audit_pages=AuditPages(Lazy("combin.caribbean.audit:pages")),
)
