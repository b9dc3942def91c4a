"""The games ``combin`` knows, and lookup of a game, a wager or a named package by id.

Registering a game is one line: its subpackage in :data:`GAME_MODULES`.
Everything else about it -- wagers, paytables, interpretations, cross-checks,
simulation dealer, audit section, packages, capabilities -- is asked of its
:class:`~combin.core.game.Game`.  Games are imported on first use, so that
``combin --help`` stays fast.  :func:`register` adds a game defined
elsewhere (a test's toy game, a plug-in) for the rest of the process.

>>> GAME_MODULES[0], find_game("baccarat").title, find_wager("eclipse.sun7")[0].id
('combin.baccarat', 'Baccarat (punto banco) with the Eclipse side wager package', 'baccarat')
>>> find_package("eclipse")[1].wagers[:2]
('eclipse.sun7', 'eclipse.moon8')
"""

from collections.abc import Iterator
from importlib import import_module

from combin.errors import CombinError
from combin.core.game import Game, WagerPackage
from combin.core.wager import Wager

__all__ = ["GAME_MODULES", "games", "find_game", "find_wager", "find_package", "register",
           "unregister"]

#: The game subpackages, in the order ``combin list`` shows them.
GAME_MODULES = ("combin.baccarat", "combin.lunar", "combin.caribbean")

_loaded: dict[str, Game] = {}
_added: dict[str, Game] = {}


def _each_game() -> Iterator[Game]:
    """The games of :func:`games` in order, each game's package imported when it is reached
    (a lookup that stops at the first game imports none of the others)."""
    for name in GAME_MODULES:
        if name not in _loaded:
            _loaded[name] = import_module(name).GAME
        yield _loaded[name]
    yield from list(_added.values())


def games() -> list[Game]:
    """Every :class:`~combin.core.game.Game`: :data:`GAME_MODULES` in order, then registered ones.

    >>> [game.id for game in games()][:3]
    ['baccarat', 'lunar', 'caribbean']
    """
    return list(_each_game())


def register(game: Game) -> Game:
    """Add ``game`` to :func:`games` (its id and wager ids must be new)."""
    for known in games():
        if known.id == game.id:
            raise ValueError(f"a game '{game.id}' is already registered")
        clash = set(known.wagers) & set(game.wagers)
        if clash:
            raise ValueError(f"wager ids {', '.join(sorted(clash))} already belong to {known.id}")
    _added[game.id] = game
    return game


def unregister(game_id: str) -> None:
    """Remove a game added by :func:`register`."""
    _added.pop(game_id, None)


def find_game(game_id: str) -> Game:
    """The game of id ``game_id``; a :class:`CombinError` names the known ids."""
    for game in _each_game():
        if game.id == game_id:
            return game
    raise CombinError(f"unknown game {game_id!r} (known: {', '.join(g.id for g in games())})")


def find_wager(wager_id: str) -> tuple[Game, Wager]:
    """``(game, wager)`` for a wager id; a :class:`CombinError` names the known ids."""
    known: list[str] = []
    for game in _each_game():
        if wager_id in game.wagers:
            return game, game.wagers[wager_id]
        known.extend(game.wagers)
    raise CombinError(f"unknown wager {wager_id!r} (known: {', '.join(known)})")


def find_package(package_id: str) -> tuple[Game, WagerPackage]:
    """``(game, package)`` for a named package of wagers (``eclipse``)."""
    known: list[str] = []
    for game in _each_game():
        if package_id in game.packages:
            return game, game.packages[package_id]
        known.extend(game.packages)
    raise CombinError(f"unknown package {package_id!r} (known: {', '.join(known) or 'none'})")
