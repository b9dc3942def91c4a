"""Several par sheets of one wager side by side, as a :class:`~combin.render.document.Document`.

Used by ``combin sensitivity`` (one wager under each value of an
interpretation) and ``combin compare`` (one wager under several paytables,
rule sets or shoes).  Each comparison gives five tables, a column per sheet:
the figures (house edge, expected return, hit frequency, SD), the
combinations of each event, the pays of each line, each line's return
contribution, and the volatility index and range of hold.  The cells are the
sheets' own exact values.
"""

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from more_itertools import unique_everseen

from combin.documents.parsheet import hold_table
from combin.render.document import Count, Document, Number, Percent, Ratio, Table, Text, slug

if TYPE_CHECKING:
    from combin.core.parsheet import ParSheet

__all__ = ["comparison_tables", "document"]


def comparison_tables(name: str, title: str, columns: list[tuple[str, "ParSheet"]]) -> tuple[Table, ...]:
    """``(figures, events, pays, returns, risk)`` tables for ``columns`` =
    ``[(heading, ParSheet), ...]``."""
    headings = [(slug(heading), heading) for heading, _ in columns]
    sheets = [sheet for _, sheet in columns]
    figures: list[tuple[str, Callable[["ParSheet"], Any]]] = [
        ("Paytable", lambda s: Text(s.paytable)),
        ("Rule set", lambda s: Text(s.rules or "any")),
        ("Shoe", lambda s: Text(s.shoe)),
        ("Interpretations", lambda s: Text(s.interpretation_text)),
        ("House edge", lambda s: Percent(s.summary.house_edge)),
        ("Expected return", lambda s: Ratio(s.summary.expected_return)),
        ("Hit frequency", lambda s: Percent(s.summary.hit_frequency)),
        ("Standard deviation", lambda s: Number(s.summary.sd, 6)),
    ]
    first = Table.of(name, title, [("figure", "Figure"), *headings],
                     [[label, *(pick(s) for s in sheets)] for label, pick in figures])
    every = list(unique_everseen(line.event for s in sheets for line in s.lines))

    def per_event(suffix: str, caption: str, pick: Callable[[Any, Any], Any]) -> Table:
        rows = []
        for event in every:
            row: list[Any] = [event]
            for s in sheets:
                found = [line for line in s.lines if line.event == event]
                row.append(pick(s, found[0]) if found else Text("-"))
            rows.append(row)
        return Table.of(f"{name}_{suffix}", f"{title}: {caption}", [("event", "Event"), *headings],
                        rows)

    events = per_event("events", "combinations per event", lambda s, l: Count(l.combinations))
    pays = per_event("pays", "pays per line", lambda s, l: Text(l.pays))
    returns = per_event("returns", "return contribution per line (probability x net pay)",
                        lambda s, l: Ratio(s.contribution(l)))
    return first, events, pays, returns, _risk(name, title, headings, sheets)


def _risk(name: str, title: str, headings: list[tuple[str, str]], sheets: list["ParSheet"]) -> Table:
    """Volatility index and range of hold (clamped as each par sheet clamps it), a column
    per sheet."""
    rows = [[f"Volatility index {label}", *(Number(s.risk.volatility[i][2], 4) for s in sheets)]
            for i, (label, _, _) in enumerate(sheets[0].risk.volatility)]
    holds = [hold_table(s)[0].rows for s in sheets]
    for i, (rounds, label, _, _) in enumerate(holds[0]):
        for side, index in (("low", 2), ("high", 3)):
            rows.append([f"Hold over {rounds.value:,} rounds, {label.value}, {side}",
                         *(h[i][index] for h in holds)])
    return Table.of(f"{name}_risk", f"{title}: volatility index and range of hold",
                    [("figure", "Figure"), *headings], rows)


def document(kind: str, title: str, comparisons: Any, identification: Any = (),
             notes: Any = ()) -> Document:
    """A Document of several comparisons: ``[(name, title, [(heading, ParSheet), ...]), ...]``."""
    tables: list[Table] = []
    for name, caption, columns in comparisons:
        tables += comparison_tables(name, caption, columns)
    first = comparisons[0][2][0][1]
    info = [("Wager", f"{first.title} ({first.wager})"), *identification,
            ("Tool", f"combin {first.version}")]
    return Document(kind, title, tuple(info), tuple(tables), tuple(notes))
