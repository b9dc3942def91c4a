"""combin: an exact combinatorial analyzer for casino table games.

The path of data is plain:

    shoe -> outcomes with exact integer counts -> wager (paytable + events)
         -> par sheet -> renderer

Games live in subpackages (:mod:`combin.baccarat`, :mod:`combin.lunar`); the exact core
(:mod:`combin.core`), the engines, the running of long work (:mod:`combin.running`) and the
renderers (:mod:`combin.render`) know no game.  Every count is a Python integer and every probability a
:class:`fractions.Fraction`; decimals appear only when a figure is displayed.

From Python, the public API is at the top level (:mod:`combin.api`; imported on
first use, so the command line's start does not pay for it)::

    >>> import combin
    >>> combin.par("eclipse.sun7", paytable="A").house_edge
    Fraction(64613588827, 848912750595)
"""

from __future__ import annotations

from combin.version import __version__

#: The public names: the functions and result types of :mod:`combin.api`, and the one
#: exception type.
__all__ = ["__version__", "CombinError", "par", "compare", "solve", "package", "eor", "decks",
           "game", "lunar_game", "advise", "strategy", "Result", "ParResult", "Outcome", "Table",
           "CompareResult", "SolveResult", "PackageResult", "EorResult", "DecksResult", "GameResult",
           "Advice", "StrategyAnswer"]


#: Type checkers see the public names themselves (``typing`` is not imported at run time: the
#: command line's start does not pay for it).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from combin.api import (Advice, CompareResult, DecksResult, EorResult, GameResult, Outcome,
                            PackageResult, ParResult, Result, SolveResult, StrategyAnswer, Table,
                            advise, compare, decks, eor, game, lunar_game, package, par, solve,
                            strategy)
    from combin.errors import CombinError


def __getattr__(name: str) -> Any:
    """A public name, imported from :mod:`combin.api` when first asked for (PEP 562)."""
    if name == "CombinError":
        from combin.errors import CombinError
        return CombinError
    if name in __all__:
        from combin import api
        return getattr(api, name)
    raise AttributeError(f"module 'combin' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))

