"""The compile switch of the stud engines: numba's ``njit`` with the project's settings, or plain Python.

Every compiled loop of the rank engine (:mod:`combin.stud.draw.rank`) and of the
card-by-card reference (:mod:`combin.stud.reference.cards.kernel`) compiles through
:func:`jit` (``cache=True``, ``nogil=True``); the small helpers of the rank engine's
row loops through :func:`inline` (numba's own inlining into the callers).  Without
numba (:data:`COMPILED` false) both return the function unchanged, so the same code
runs as plain Python.

Both decorators are typed: the result is a :class:`Compiled` with the parameters and the
return type of the function it compiles.  numba reads no annotation (it compiles each
kernel for the argument types of its call), so most kernels leave theirs out; the call of
such a kernel is then typed with ``Any`` parameters and an ``Any`` result (not an untyped
call), and a kernel that is annotated keeps its annotations at every call site.

============================  ==========================================================
:data:`COMPILED`              whether numba is there
:func:`jit`                   compile a kernel (``cache=True``, ``nogil=True``)
:func:`inline`                compile a helper into its callers (``inline="always"``)
:func:`direct`                a kernel called without numba's type dispatch per call
:data:`CHECK_TYPES`           whether :func:`direct` checks every call's types (tests)
:class:`Compiled`             the type of a compiled kernel: its call, and ``py_func``
============================  ==========================================================

>>> from combin.stud.draw.rank.common import bit_count     # a function compiled by jit
>>> COMPILED, bit_count(0b1011), bit_count.py_func(0b1011)  # compiled, and its Python source
(True, 3, 3)
"""

from collections.abc import Callable
from typing import Any, Generic, ParamSpec, TypeVar, cast

from combin.running import numba_cache

numba_cache.configure()     # before numba is imported: where this process (and the workers it
                            # starts, which inherit the setting) keep the compiled cache
try:
    from numba import njit
except ImportError:          # pragma: no cover - numba is an install requirement
    njit = None  # type: ignore[assignment]

__all__ = ["COMPILED", "CHECK_TYPES", "Compiled", "jit", "inline", "direct", "njit"]

P = ParamSpec("P")
R = TypeVar("R")

#: Whether numba is there (else the loops run as plain Python).
COMPILED = njit is not None


class Compiled(Generic[P, R]):
    """The static type of a kernel compiled by :func:`jit` or :func:`inline` (numba's dispatcher).

    Called with the arguments of the Python function it compiles (``P``), it returns what that
    function returns (``R``); ``py_func`` is the Python function itself.  Never instantiated: the
    object is numba's dispatcher, or the plain function when numba is missing.

    >>> from combin.stud.draw.rank.common import binom
    >>> binom(5, 2), int(binom.py_func(5, 2))
    (10, 10)
    """

    py_func: Callable[P, R]

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:    # pragma: no cover - a type only
        raise NotImplementedError


def _compiled(function: Callable[P, R], **options: Any) -> Compiled[P, R]:
    """``function`` compiled by numba with ``options`` (or itself, ``py_func`` set, without numba)."""
    if COMPILED:
        return cast(Compiled[P, R], njit(cache=True, nogil=True, **options)(function))
    function.py_func = function  # type: ignore[attr-defined]  # pragma: no cover - plain Python as numba's dispatcher
    return cast(Compiled[P, R], function)                     # pragma: no cover


def jit(function: Callable[P, R]) -> Compiled[P, R]:
    """``function`` compiled by numba (``cache=True``, ``nogil=True``)."""
    return _compiled(function)


def inline(function: Callable[P, R]) -> Compiled[P, R]:
    """``function`` compiled into its callers (numba's ``inline="always"``): the small helpers of
    the row loops, whose many array arguments would otherwise cost more to pass than their work."""
    return _compiled(function, inline="always")


#: Whether :func:`direct` checks the types of every call against its first (the tests set it:
#: a call of other types raises instead of reading its arguments as the first call's types).
CHECK_TYPES = False

#: The :class:`_Direct` of each kernel called through :func:`direct`, by the kernel.
_DIRECT: dict[Any, Any] = {}


class _Direct:
    """A kernel called through the compiled version its first call chose, with no type dispatch."""

    def __init__(self, kernel: Any) -> None:
        self.kernel = kernel
        self.entry: Any = None
        self.types: tuple[Any, ...] | None = None

    def __call__(self, *args: Any) -> Any:
        entry = self.entry
        if entry is not None and not CHECK_TYPES:
            return entry(*args)
        types = tuple(self.kernel.typeof_pyval(arg) for arg in args)
        if entry is not None:
            if types != self.types:
                raise AssertionError(f"{self.kernel.__name__} called with other types than its first call")
            return entry(*args)
        found = self.kernel(*args)                  # compiled (or loaded) for these types
        compiled = self.kernel.overloads.get(types)
        if compiled is not None:
            self.types, self.entry = types, compiled.entry_point
        return found


def direct(kernel: Callable[..., R]) -> Callable[..., R]:
    """``kernel`` (compiled by :func:`jit`) as a callable that skips numba's type dispatch after its
    first call: that call goes through numba (which compiles, or loads, the version for its
    argument types); every later call goes straight to that version.  numba's dispatch reads
    the type of every array of every argument on each call -- some 20 microseconds for a kernel
    that takes the rank engine's records, a tenth of a class -- so a caller whose arguments are
    always of the same types (the same records, arrays of the same dtypes and layouts) calls it
    this way.  numba does not check an array's dtype where it takes the argument, so a call of
    other types would be read wrongly: with :data:`CHECK_TYPES` set (the tests) every call is
    checked against the first.  Anything else (plain Python, a wrapper) comes back unchanged.

    >>> from combin.stud.draw.rank.common import bit_count
    >>> count = direct(bit_count)
    >>> count(0b1011), count(0b1), count is direct(bit_count)
    (3, 1, True)
    """
    if not COMPILED or not hasattr(kernel, "overloads"):
        return kernel
    found = _DIRECT.get(kernel)
    if found is None:
        found = _DIRECT[kernel] = _Direct(kernel)
    return cast(Callable[..., R], found)
