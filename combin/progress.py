"""Progress on standard error: the one reporter every long computation uses.

Long work reports how far it is on stderr, never on stdout (which carries the
result), so a redirected result stays clean.  :class:`StderrProgress` is the
``progress(done, total)`` callback of the exhaustive sweeps and simulations;
:func:`messages` the ``progress(message)`` callback of multi-step jobs
(``combin tables``, ``combin audit``).
"""

import sys
import time
from collections.abc import Callable
from typing import TextIO

__all__ = ["StderrProgress", "messages"]


class StderrProgress:
    """``progress(done, total)`` written to standard error.

    Without ``unit`` it shows ``label: NN%`` on one rewritten line, updated
    when the whole percentage changes.  With a ``unit`` it shows ``label:
    done/total unit (rate unit/s)``: rewritten in place on a terminal, one line
    per tenth of the work otherwise (a log stays short).  ``close()`` ends the
    line (the sweeps call it when they finish or are interrupted).

    >>> import io
    >>> stream = io.StringIO()
    >>> report = StderrProgress("five cards", stream)
    >>> report(1, 4); report(4, 4); report.close()
    >>> stream.getvalue()
    '\\rfive cards:  25%\\rfive cards: 100%\\n'
    """

    def __init__(self, label: str, stream: TextIO | None = None, unit: str | None = None) -> None:
        self.label = label
        self.stream = sys.stderr if stream is None else stream
        self.unit = unit
        self._shown: int | None = None
        self._open = False
        self._start = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        if self.unit is None:
            percent = done * 100 // total
            if percent != self._shown:
                self._shown = percent
                self._open = True
                self.stream.write(f"\r{self.label}: {percent:3d}%")
                self.stream.flush()
            return
        tty = self.stream.isatty()
        tenth = done * 10 // total
        if not tty and tenth == self._shown and done != total:
            return
        self._shown = tenth
        rate = done / max(time.perf_counter() - self._start, 1e-9)
        text = f"{self.label}: {done:,}/{total:,} {self.unit} ({rate:,.0f} {self.unit}/s)"
        self.stream.write(("\r" + text) if tty else text + "\n")
        self._open = tty
        if tty and done == total:
            self.close()
        self.stream.flush()

    def close(self) -> None:
        if self._open:
            self.stream.write("\n")
            self.stream.flush()
            self._open = False
        self._shown = None


def messages(prefix: str, stream: TextIO | None = None) -> Callable[[str], None]:
    """``progress(message)`` printing ``prefix: message`` lines on standard error."""
    def report(message: str) -> None:
        print(f"{prefix}: {message}", file=sys.stderr if stream is None else stream, flush=True)
    return report
