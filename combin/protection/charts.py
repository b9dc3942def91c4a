"""PNG charts of the game-protection figures, and a curve (matplotlib, the optional ``plots`` extra).

* :func:`eor_chart` -- a bar chart of the effects of removal of a wager, one
  bar per point value, each labelled with its suggested tag;
* :func:`trigger_chart` -- the win per shoe (and the return when betting)
  against the trigger, with 95% confidence intervals as error bars;
* :func:`curve_chart` -- a figure against a count, beside reference levels (the skill
  curve of ``combin lunar card``: the house edge against the rules of a strategy).

Both return the PNG bytes and, given a path, write them atomically.  The
pictures are deterministic: Agg rendering, matplotlib's default style (not the
user's matplotlibrc), a fixed size and resolution, and no ``Software`` or
date metadata.  Exact figures are turned into floats here and only here,
because a chart is a display; nothing computed is read back from it.

:func:`require_matplotlib` raises one clear :class:`CombinError` when
matplotlib is not installed.
"""

import io
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from combin.baccarat.shoe import VALUE_NAMES
from combin.errors import CombinError
from combin.files.fileio import PathLike, write_atomic
from combin.protection.simulate import trigger_text

if TYPE_CHECKING:
    from combin.protection.decks import DeckTable
    from combin.protection.eor import Effects
    from combin.protection.results import CountResult

__all__ = ["require_matplotlib", "eor_chart", "decks_chart", "trigger_chart", "curve_chart", "SIZE", "DPI"]

#: Figure size in inches and resolution: 1000 x 560 pixels.
SIZE = (10, 5.6)
DPI = 100


def require_matplotlib() -> ModuleType:
    """Import matplotlib (Agg backend) or raise a :class:`CombinError` saying how to get it."""
    try:
        import matplotlib
    except ImportError:
        raise CombinError("charts need matplotlib, which is not installed: "
                          "pip install 'combin[plots]'") from None
    matplotlib.use("Agg", force=True)
    import matplotlib.style  # noqa: F401  (a submodule, not loaded by "import matplotlib")
    return matplotlib


def _figure(rows: int = 1) -> tuple[ModuleType, Any, Any]:
    matplotlib = require_matplotlib()
    from matplotlib.figure import Figure
    with matplotlib.style.context("default"):
        figure = Figure(figsize=SIZE, dpi=DPI)
        axes = figure.subplots(rows, 1, sharex=True, squeeze=False)[:, 0]
    return matplotlib, figure, axes


def _png(matplotlib: ModuleType, figure: Any, path: PathLike | None) -> bytes:
    buffer = io.BytesIO()
    with matplotlib.style.context("default"):
        figure.savefig(buffer, format="png", dpi=DPI, metadata={"Software": None})
    data = buffer.getvalue()
    if path is not None:
        write_atomic(path, data)
    return data


def eor_chart(effects: "Effects", path: PathLike | None = None) -> bytes:
    """Bar chart of an :class:`~combin.protection.eor.Effects`; returns the PNG bytes."""
    matplotlib, figure, (axes,) = _figure()
    with matplotlib.style.context("default"):
        values = [0.0 if e is None else float(e) * 100 for e in effects.effects]
        colours = ["#2e7d32" if v > 0 else "#c62828" for v in values]
        bars = axes.bar(range(10), values, color=colours, width=0.7)
        axes.axhline(0, color="black", linewidth=0.8)
        axes.set_xticks(range(10), VALUE_NAMES)
        axes.set_xlabel("Card removed (point value)")
        axes.set_ylabel("Change in expected return (%)")
        sheet = effects.sheet
        axes.set_title(f"{sheet.title} ({sheet.paytable}): effect of removing one card, "
                       f"{sheet.shoe}")
        span = max((abs(v) for v in values), default=1) or 1
        for bar, value, tag in zip(bars, values, effects.suggested.tags):
            offset = span * 0.04 * (1 if value >= 0 else -1)
            label = f"{tag:+d}" if tag else "0"
            axes.text(bar.get_x() + bar.get_width() / 2, value + offset, label,
                      ha="center", va="bottom" if value >= 0 else "top", fontsize=9)
        axes.set_ylim(-span * 1.25, span * 1.25)
        axes.text(0.01, 0.02, "labels: suggested tags", transform=axes.transAxes, fontsize=8,
                  color="#555555")
        figure.tight_layout()
    return _png(matplotlib, figure, path)


def decks_chart(table: "DeckTable", path: PathLike | None = None) -> bytes:
    """House edge against the number of decks, a line per column of a
    :class:`~combin.protection.decks.DeckTable`; returns the PNG bytes."""
    matplotlib, figure, (axes,) = _figure()
    with matplotlib.style.context("default"):
        decks = [row[0] for row in table.rows]
        for index, heading in enumerate(table.headings):
            edges = [float(row[3][index].summary.house_edge) * 100 for row in table.rows]
            axes.plot(decks, edges, "o-", label=f"paytable {heading}")
        axes.set_xticks(decks, [str(d) for d in decks])
        axes.set_xlabel("Decks in the shoe")
        axes.set_ylabel("House edge (%)")
        axes.set_title(f"{table.title}: house edge by number of decks (exact)")
        axes.legend(loc="best", fontsize=8)
        figure.tight_layout()
    return _png(matplotlib, figure, path)


def curve_chart(title: str, xlabel: str, ylabel: str, points: Sequence[tuple[int, Any]],
                levels: Sequence[tuple[str, Any]] = (), path: PathLike | None = None) -> bytes:
    """A line of ``points`` ``(x, exact y)`` with a dashed horizontal line per ``levels`` ``(label,
    exact y)`` and the zero line where they cross it (a house edge's sign); returns the PNG bytes (figures made floats
    here, for the picture only).

    >>> curve_chart("t", "x", "y", [(1, 1), (2, 0)], [("best", -1)])[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
    True
    """
    matplotlib, figure, (axes,) = _figure()
    with matplotlib.style.context("default"):
        axes.plot([x for x, _ in points], [float(y) for _, y in points], "o-", color="#1565c0",
                  label=ylabel)
        for (label, y), colour in zip(levels, ("#2e7d32", "#ef6c00", "#6a1b9a")):
            axes.axhline(float(y), color=colour, linestyle="--", linewidth=1, label=label)
        shown = [float(y) for _, y in points] + [float(y) for _, y in levels]
        if min(shown) <= 0 <= max(shown):         # the sign's line, where the figures cross it
            axes.axhline(0, color="black", linewidth=0.8)
        axes.set_xlabel(xlabel)
        axes.set_ylabel(ylabel)
        axes.set_title(title)
        axes.legend(loc="best", fontsize=8)
        figure.tight_layout()
    return _png(matplotlib, figure, path)


def _errorbar(axes: Any, positions: Sequence[float], estimates: Sequence[Any], scale: float) -> None:
    centre: list[float] = []
    low: list[float] = []
    high: list[float] = []
    for estimate in estimates:
        if estimate is None:
            centre.append(float("nan"))
            low.append(0.0)
            high.append(0.0)
            continue
        value = float(estimate.value) * scale
        centre.append(value)
        low.append(0.0 if estimate.low is None else value - float(estimate.low) * scale)
        high.append(0.0 if estimate.high is None else float(estimate.high) * scale - value)
    axes.errorbar(positions, centre, yerr=[low, high], fmt="o-", capsize=4, color="#1565c0")
    axes.axhline(0, color="black", linewidth=0.8)


def trigger_chart(result: "CountResult", path: PathLike | None = None) -> bytes:
    """Win per shoe and return when betting against the trigger, from a
    :class:`~combin.protection.simulate.CountResult`; returns the PNG bytes.

    ``always`` (bet every round) is drawn in a panel of its own, on its own
    scale, so that its large loss per shoe does not flatten the numeric
    triggers beside it; the numeric triggers are joined in order.
    """
    matplotlib = require_matplotlib()
    from matplotlib.figure import Figure
    always = [t for t in result.triggers if t.trigger is None]
    numeric = [t for t in result.triggers if t.trigger is not None]
    groups = [g for g in (always, numeric) if g]
    with matplotlib.style.context("default"):
        figure = Figure(figsize=SIZE, dpi=DPI)
        ratios = [1, 4] if len(groups) == 2 else [1]
        axes = figure.subplots(2, len(groups), squeeze=False,
                               gridspec_kw={"width_ratios": ratios})
        for column, group in enumerate(groups):
            top, bottom = axes[0][column], axes[1][column]
            positions = list(range(len(group)))
            _errorbar(top, positions, [t.win_per_shoe for t in group], 1)
            _errorbar(bottom, positions, [t.return_when_betting for t in group], 100)
            bottom.axhline(-float(result.house_edge) * 100, color="#c62828", linewidth=0.8,
                           linestyle="--", label="off the top")
            bottom.set_xticks(positions, [trigger_text(t.trigger) for t in group])
            top.set_xticks(positions, [trigger_text(t.trigger) for t in group])
            if len(group) == 1:
                top.set_xlim(-0.5, 0.5)
                bottom.set_xlim(-0.5, 0.5)
            bottom.set_xlabel("Trigger" if group is numeric else "Every round")
            if column == 0:
                top.set_ylabel("Win per shoe (units)")
                bottom.set_ylabel("Return when betting (%)")
        axes[1][-1].legend(loc="best", fontsize=8)
        count = "true count" if result.plan.true_count else "running count"
        figure.suptitle(f"{result.title} ({result.paytable}): betting when the {count} reaches "
                        f"the trigger, {result.plan.decks} decks, {result.shoes:,} shoes, 95% CI",
                        fontsize=10)
        figure.tight_layout()
    return _png(matplotlib, figure, path)
