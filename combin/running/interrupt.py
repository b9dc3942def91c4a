"""How a run stops when it is asked to: Ctrl-C (SIGINT) and SIGTERM, here and in the workers.

The command line (:func:`combin.cli.main`) calls :func:`install` once: from
then on SIGINT *and* SIGTERM raise :class:`KeyboardInterrupt` in the main
thread, so every command has one interrupt path -- the one Ctrl-C always
had: a command with a partial result prints it, the executor cancels what is
pending and closes its cluster, stored chunks stay stored -- and the command
line exits ``128 + signal`` (130 for SIGINT, 143 for SIGTERM,
:func:`exit_status`).

Worker processes never see a signal.  A terminal's Ctrl-C goes to the whole
process group, and a Dask worker that gets it prints a traceback (or, while
the cluster starts, fails its nanny).  :func:`shielded` blocks SIGINT and
SIGTERM in the calling thread while a cluster is started: the cluster's own
threads are created then and inherit the mask, and so do the processes they
spawn, for good (a worker stops when its nanny asks it to, or when its parent
is gone).  A signal that arrives meanwhile is kept and raised as soon as the
block ends, so Ctrl-C during a cluster's start stops the run a moment later.

>>> with shielded():
...     pass
>>> exit_status()
130
"""

import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

__all__ = ["install", "shielded", "hold", "exit_status", "received"]

_SIGNALS = (signal.SIGINT, signal.SIGTERM)
#: The signals received since :func:`install` (numbers), and how many shields are up.
_STATE: dict[str, Any] = {"received": [], "shields": 0}


def _handler(signum: int, _frame: FrameType | None) -> None:
    received = _STATE["received"]
    assert isinstance(received, list)
    received.append(signum)
    if not _STATE["shields"]:
        raise KeyboardInterrupt


def install() -> None:
    """SIGINT and SIGTERM raise :class:`KeyboardInterrupt` from now on (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        return
    _STATE["received"], _STATE["shields"] = [], 0
    for number in _SIGNALS:
        signal.signal(number, _handler)
    if sys.unraisablehook is not _unraisable:
        _STATE["hook"] = sys.unraisablehook
        sys.unraisablehook = _unraisable


def _unraisable(unraisable: Any) -> None:
    """An interrupt raised where Python cannot raise it (a garbage-collector callback, a
    finaliser) is printed as "Exception ignored" -- not ours: the signal is recorded, and
    the executor stops the run at its next check (:func:`combin.running.executor.run_chunks`)."""
    if isinstance(unraisable.exc_value, KeyboardInterrupt):
        return
    hook = _STATE.get("hook", sys.__unraisablehook__)
    hook(unraisable)


def hold() -> None:
    """From now on a signal is only recorded: the run is already stopping (the command line
    calls it once it has caught the interrupt, so the interpreter's exit is not broken)."""
    depth = _STATE["shields"]
    assert isinstance(depth, int)
    _STATE["shields"] = depth + 1


def received() -> list[int]:
    """The signals received since :func:`install`, in order."""
    found = _STATE["received"]
    assert isinstance(found, list)
    return list(found)


def exit_status() -> int:
    """``128 + n`` of the first signal received (SIGINT 130, SIGTERM 143); 130 without one."""
    found = received()
    return 128 + (found[0] if found else signal.SIGINT)


@contextmanager
def shielded(reraise: bool = True) -> Iterator[None]:
    """Within the block no signal interrupts this thread, and threads and processes started
    in it never receive SIGINT or SIGTERM; one that arrived meanwhile raises
    :class:`KeyboardInterrupt` when the block ends (unless ``reraise`` is false: the block
    is the clean-up of an interrupt already raised)."""
    before = len(received())
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)
    depth = _STATE["shields"]
    assert isinstance(depth, int)
    _STATE["shields"] = depth + 1
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)    # a pending signal is handled here,
        _STATE["shields"] = depth                           # and only recorded
    if reraise and len(received()) > before and not depth:
        raise KeyboardInterrupt
