"""The games ``combin`` knows, and lookup of a wager by id.

Games are imported on first use, so that ``combin --help`` stays fast.
"""

from importlib import import_module

from combin.errors import CombinError

__all__ = ["GAME_MODULES", "games", "find_wager"]

#: The game subpackages, in the order ``combin list`` shows them.
GAME_MODULES = ("combin.baccarat", "combin.lunar")

_loaded = {}


def games():
    """Every :class:`~combin.game.Game`, in :data:`GAME_MODULES` order."""
    for name in GAME_MODULES:
        if name not in _loaded:
            _loaded[name] = import_module(name).GAME
    return [_loaded[name] for name in GAME_MODULES]


def find_wager(wager_id):
    """``(game, wager)`` for a wager id; a :class:`CombinError` names the known ids."""
    known = []
    for game in games():
        if wager_id in game.wagers:
            return game, game.wagers[wager_id]
        known.extend(game.wagers)
    raise CombinError(f"unknown wager {wager_id!r} (known: {', '.join(known)})")
