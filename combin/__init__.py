"""combin: an exact combinatorial analyzer for casino table games.

The path of data is plain:

    shoe -> outcomes with exact integer counts -> wager (paytable + events)
         -> par sheet -> renderer

Games live in subpackages (:mod:`combin.baccarat`, :mod:`combin.lunar`); the
par-sheet engine (:mod:`combin.parsheet`) and the renderers (:mod:`combin.render`)
know no game.  Every count is a Python integer and every probability a
:class:`fractions.Fraction`; decimals appear only when a figure is displayed.
"""

__version__ = "0.1.0"

__all__ = ["__version__"]
