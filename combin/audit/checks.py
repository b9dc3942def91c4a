"""The cross-checks of the evidence bundle.

Three kinds, as a laboratory reads them: **anchors** (published figures
reproduced digit for digit), **methods** (two independent computations of the
same counts agreeing exactly) and **invariants** (exact identities every
result must satisfy).  Each game runs its own (``Game.checks``, for instance
:mod:`combin.baccarat.checks`); this module gathers them with the check every
par sheet must pass.  The :class:`~combin.core.crosscheck.Check` record and the
generic helpers live in :mod:`combin.core.crosscheck`.
"""

from combin.core.crosscheck import Check, cycle_check, readings
from combin.running.progress import Messages, silent
from combin.core.game import Game

__all__ = ["Check", "game_checks", "cycle_check", "readings"]


def game_checks(game: Game, progress: Messages = silent) -> list[Check]:
    """Every cross-check ``game`` offers (none when it offers none)."""
    return [] if game.checks is None else list(game.checks(game, progress))
