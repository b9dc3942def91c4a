"""Progress on standard error: the one reporter every long computation uses.

Long work reports how far it is on stderr, never on stdout (which carries the
result), so a redirected result stays clean.  :class:`StderrProgress` is the
``progress(done, total)`` callback of the exhaustive sweeps and simulations;
:class:`ChunkProgress` the ``progress(chunk)`` callback of a run cut into chunks
(:func:`combin.running.executor.run_chunks`); :func:`messages` the ``progress(message)``
callback (:data:`Messages`) of multi-step jobs (``combin tables``, ``combin audit``,
the cross-checks), :func:`silent` the one that says nothing.

On a terminal the progress is one tqdm bar with its rate and ETA.  When
stderr is not a terminal (a log file, a pipe, CI) there is no bar and no
carriage return: one plain line per tenth of the work.  ``combin --quiet``
(:data:`QUIET`) turns progress off altogether; errors and warnings still print.
"""

import sys
import time
from collections.abc import Callable, Iterable
from typing import Any, TextIO

__all__ = ["StderrProgress", "ChunkProgress", "Messages", "messages", "silent", "progress_stream", "QUIET"]

#: Set by ``combin --quiet``: no progress at all.
QUIET = False

#: A reporter of steps: takes one message.
Messages = Callable[[str], None]


class _Reporter:
    """What the reporters share: the stream (stderr by default), whether it is a terminal,
    and the tqdm bar shown there (made at the first report, ended by :meth:`close`)."""

    def __init__(self, label: str, stream: TextIO | None, unit: str | None) -> None:
        self.label = label
        self.stream = sys.stderr if stream is None else stream
        self.unit = unit
        self._bar: Any = None

    def _terminal(self) -> bool:
        try:
            return bool(self.stream.isatty())
        except (AttributeError, ValueError):
            return False

    def _open_bar(self, total: int, initial: int = 0, scale: bool = False) -> Any:
        if self._bar is None:
            from tqdm import tqdm
            self._bar = tqdm(total=total, initial=initial, desc=self.label,
                             unit=self.unit or "it", file=self.stream, dynamic_ncols=True,
                             unit_scale=scale)
        return self._bar

    def _line(self, text: str) -> None:
        self.stream.write(text + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None


class StderrProgress(_Reporter):
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
        super().__init__(label, stream, unit)
        self._shown: int | None = None
        self._start = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        if QUIET or total <= 0:
            return
        if self._terminal():
            bar = self._open_bar(total, scale=True)
            bar.update(done - bar.n)
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
        self._line(text)

    def close(self) -> None:
        super().close()
        self._shown = None


#: Seconds at most between two progress lines of a run whose chunks keep finishing (in a log file).
HEARTBEAT = 60.0


class ChunkProgress(_Reporter):
    """``label: done/total chunks, rate unit/s, ETA`` on standard error.

    ``items[i]`` is the work in chunk ``i`` (situations, shoes, rounds; 1 each
    by default).  The rate counts only what this session computed (chunks
    read back from a store, :meth:`stored`, cost nothing).  On a terminal it is a
    tqdm bar; otherwise one plain line per tenth of the chunks, never a carriage
    return, and one at least every :data:`HEARTBEAT` seconds as chunks finish; :meth:`begin` says
    what is left to compute before the first chunk ends; ``combin --quiet`` turns it off.

    >>> import io
    >>> stream, ticks = io.StringIO(), iter([0.0, 2.0])
    >>> report = ChunkProgress("job", 1, items=[10], unit="shoes", stream=stream,
    ...                        clock=lambda: next(ticks))
    >>> report(0); report.close()
    >>> stream.getvalue()
    'job: 1/1 chunks, 5.000 shoes/s, ETA 00:00:00\\n'
    """

    def __init__(self, label: str, total: int, items: Iterable[int] | None = None,
                 unit: str = "items", stream: TextIO | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(label, stream, unit)
        self.total = total
        self.items = list(items) if items is not None else [1] * total
        self.clock = clock
        self.start = clock()
        self.done = 0
        self.work_left = sum(self.items)
        self.computed = 0
        self._tenth: int | None = None
        self._last = self.start

    def begin(self, todo: int) -> None:
        """The line before any work: ``todo`` chunks to compute, the rest read from a store (a
        run whose chunks are long says so from its first second, not at its first tenth).

        >>> import io
        >>> stream = io.StringIO()
        >>> ChunkProgress("job", 64, stream=stream, clock=lambda: 0.0).begin(60)
        >>> stream.getvalue()
        'job: 60 of 64 chunks to compute (4 read from the store)\\n'
        """
        if QUIET or self._terminal():
            return
        stored = self.total - todo
        self._line(f"{self.label}: {todo} of {self.total} chunks to compute"
                   + (f" ({stored} read from the store)" if stored else ""))

    def stored(self, chunk: int) -> None:
        """A chunk read back from the store."""
        self.done += 1
        self.work_left -= self.items[chunk]
        if self._bar is not None:
            self._bar.update(self.items[chunk])

    def __call__(self, chunk: int) -> None:
        """A chunk computed now."""
        self.done += 1
        self.work_left -= self.items[chunk]
        self.computed += self.items[chunk]
        if QUIET:
            return
        if self._terminal():
            whole = sum(self.items)
            self._open_bar(whole, whole - self.work_left - self.items[chunk]).update(
                self.items[chunk])
            return
        tenth = self.done * 10 // max(self.total, 1)
        now = self.clock()
        if tenth == self._tenth and self.done < self.total and now - self._last < HEARTBEAT:
            return
        self._tenth, self._last = tenth, now
        rate = self.computed / max(now - self.start, 1e-9)
        eta = _clock(self.work_left / rate) if rate > 0 else "--:--:--"
        self._line(f"{self.label}: {self.done}/{self.total} chunks, "
                   f"{_rate(rate)} {self.unit}/s, ETA {eta}")


def _rate(rate: float) -> str:
    return f"{rate:,.1f}" if rate >= 10 else f"{rate:.3f}"


def _clock(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 3600:02d}:{whole % 3600 // 60:02d}:{whole % 60:02d}"


def silent(message: str) -> None:
    """A :data:`Messages` reporter that says nothing.

    >>> silent("step one")
    """


def progress_stream() -> TextIO | None:
    """Where a command's own progress lines go: standard error, or nowhere under ``--quiet``.

    >>> progress_stream() is sys.stderr
    True
    """
    return None if QUIET else sys.stderr


def messages(prefix: str, stream: TextIO | None = None) -> Messages:
    """``progress(message)`` printing ``prefix: message`` lines on standard error
    (nothing with ``--quiet``).

    >>> import io
    >>> stream = io.StringIO()
    >>> messages("tables", stream)("eclipse")
    >>> stream.getvalue()
    'tables: eclipse\\n'
    """
    def report(message: str) -> None:
        if not QUIET:
            print(f"{prefix}: {message}", file=sys.stderr if stream is None else stream,
                  flush=True)
    return report
