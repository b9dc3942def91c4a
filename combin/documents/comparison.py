"""Several par sheets of one wager side by side, as a :class:`~combin.render.document.Document`.

Used by ``combin sensitivity`` (one wager under each value of an
interpretation) and ``combin compare`` (one wager under several paytables,
rule sets or shoes).  Each comparison gives two tables: the figures (house
edge, expected return, hit frequency, SD, a column per sheet) and the
combinations of each event (a column per sheet).  The cells are the sheets'
own exact values.
"""

from more_itertools import unique_everseen

from combin.render.document import Count, Document, Number, Percent, Ratio, Table, Text, slug

__all__ = ["comparison_tables", "document"]


def comparison_tables(name, title, columns):
    """``(figures, events)`` tables for ``columns`` = ``[(heading, ParSheet), ...]``."""
    headings = [(slug(heading), heading) for heading, _ in columns]
    sheets = [sheet for _, sheet in columns]
    figures = [
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
    rows = []
    for event in unique_everseen(line.event for s in sheets for line in s.lines):
        row = [event]
        for s in sheets:
            found = [line for line in s.lines if line.event == event]
            row.append(Count(found[0].combinations) if found else Text("-"))
        rows.append(row)
    events = Table.of(f"{name}_events", f"{title}: combinations per event",
                      [("event", "Event"), *headings], rows)
    return first, events


def document(kind, title, comparisons, identification=(), notes=()):
    """A Document of several comparisons: ``[(name, title, [(heading, ParSheet), ...]), ...]``."""
    tables = []
    for name, caption, columns in comparisons:
        tables += comparison_tables(name, caption, columns)
    first = comparisons[0][2][0][1]
    info = [("Wager", f"{first.title} ({first.wager})"), *identification,
            ("Tool", f"combin {first.version}")]
    return Document(kind, title, tuple(info), tuple(tables), tuple(notes))
