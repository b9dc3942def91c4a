"""Progress on standard error: the one reporter every long computation uses.

Long work reports how far it is on stderr, never on stdout (which carries the
result), so a redirected result stays clean.  :class:`StderrProgress` is the
``progress(done, total)`` callback of the exhaustive sweeps and simulations;
:func:`messages` the ``progress(message)`` callback of multi-step jobs
(``combin tables``, ``combin audit``).

On a terminal the progress is one tqdm bar with its rate and ETA.  When
stderr is not a terminal (a log file, a pipe, CI) there is no bar and no
carriage return: one plain line per tenth of the work.  ``combin --quiet``
(:data:`QUIET`) turns progress off altogether; errors and warnings still print.
"""

import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

__all__ = ["StderrProgress", "messages", "QUIET"]

#: Set by ``combin --quiet``: no progress at all.
QUIET = False


class StderrProgress:
    """``progress(done, total)`` written to standard error.

    On a terminal: a tqdm bar (``label``, ``unit``, rate, ETA).  Otherwise one
    line per tenth of the work: ``label:  NN%``, or with a ``unit``
    ``label: done/total unit (rate unit/s)``.  ``close()`` ends the bar (the
    sweeps call it when they finish or are interrupted).

    >>> import io
    >>> stream = io.StringIO()
    >>> report = StderrProgress("five cards", stream)
    >>> report(1, 4); report(4, 4); report.close()
    >>> stream.getvalue()
    'five cards:  25%\\nfive cards: 100%\\n'
    """

    def __init__(self, label: str, stream: TextIO | None = None, unit: str | None = None) -> None:
        self.label = label
        self.stream = sys.stderr if stream is None else stream
        self.unit = unit
        self._shown: int | None = None
        self._bar: Any = None
        self._start = time.perf_counter()

    def _terminal(self) -> bool:
        try:
            return bool(self.stream.isatty())
        except (AttributeError, ValueError):
            return False

    def __call__(self, done: int, total: int) -> None:
        if QUIET or total <= 0:
            return
        if self._terminal():
            if self._bar is None:
                from tqdm import tqdm
                self._bar = tqdm(total=total, desc=self.label, unit=self.unit or "it",
                                 file=self.stream, dynamic_ncols=True, unit_scale=True)
            self._bar.update(done - self._bar.n)
            if done >= total:
                self.close()
            return
        tenth = done * 10 // total
        if tenth == self._shown and done != total:
            return
        self._shown = tenth
        if self.unit is None:
            text = f"{self.label}: {done * 100 // total:3d}%"
        else:
            rate = done / max(time.perf_counter() - self._start, 1e-9)
            text = f"{self.label}: {done:,}/{total:,} {self.unit} ({rate:,.0f} {self.unit}/s)"
        self.stream.write(text + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        self._shown = None


def messages(prefix: str, stream: TextIO | None = None) -> Callable[[str], None]:
    """``progress(message)`` printing ``prefix: message`` lines on standard error
    (nothing with ``--quiet``)."""
    def report(message: str) -> None:
        if not QUIET:
            print(f"{prefix}: {message}", file=sys.stderr if stream is None else stream,
                  flush=True)
    return report
