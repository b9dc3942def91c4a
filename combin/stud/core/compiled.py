"""The compile switch of the stud engines: numba's ``njit`` with the project's settings, or plain Python.

Every compiled loop of the rank engine (:mod:`combin.stud.draw.rank`) and of the
card-by-card reference (:mod:`combin.stud.reference.cards.kernel`) compiles through
:func:`jit` (``cache=True``, ``nogil=True``); the small helpers of the rank engine's
row loops through :func:`inline` (numba's own inlining into the callers).  Without
numba (:data:`COMPILED` false) both return the function unchanged, so the same code
runs as plain Python.

>>> from combin.stud.draw.rank.common import bit_count     # a function compiled by jit
>>> COMPILED, bit_count(0b1011), bit_count.py_func(0b1011)  # compiled, and its Python source
(True, 3, 3)
"""

from collections.abc import Callable
from typing import Any, TypeVar, cast

from combin import numba_cache

numba_cache.configure()     # before numba is imported: where this process (and the workers it
                            # starts, which inherit the setting) keep the compiled cache
try:
    from numba import njit
except ImportError:          # pragma: no cover - numba is an install requirement
    njit = None  # type: ignore[assignment]

__all__ = ["COMPILED", "jit", "inline", "njit"]

F = TypeVar("F", bound=Callable[..., Any])

#: Whether numba is there (else the loops run as plain Python).
COMPILED = njit is not None


def jit(function: F) -> F:
    """``function`` compiled by numba (``cache=True``, ``nogil=True``)."""
    return cast(F, njit(cache=True, nogil=True)(function)) if COMPILED else function


def inline(function: F) -> F:
    """``function`` compiled into its callers (numba's ``inline="always"``): the small helpers of
    the row loops, whose many array arguments would otherwise cost more to pass than their work."""
    return cast(F, njit(cache=True, nogil=True, inline="always")(function)) if COMPILED else function
