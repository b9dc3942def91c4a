"""The document model: what every command outputs, before any format is chosen.

A :class:`Document` is a title, identification pairs, tables of typed cells,
notes and figures.  Analyses return frozen results; one function per analysis
(:mod:`combin.documents`) turns a result into a Document; one writer per
format (:mod:`combin.render`) renders any Document.  So no game and no command
formats text itself.

Cells carry exact values and say how they are shown:

* :class:`Count` -- an exact integer (grouped with thousands separators for a
  reader, plain digits for a machine);
* :class:`Ordinal` -- a small count (a rank, a place): a JSON number for a machine;
* :class:`Ratio` -- an exact fraction (a rounded decimal for a reader, ``"p/q"``
  and a decimal for a machine);
* :class:`Percent` -- an exact fraction shown as a percentage;
* :class:`Number` -- a figure that is only known to a precision (a standard
  deviation, a simulated mean): a :class:`decimal.Decimal` or Fraction shown
  at fixed places, in every format the same digits;
* :class:`Text` -- words.

:func:`shown` (what a reader sees) and :func:`machine` (what CSV and JSON
hold) are the one place where a cell becomes text; the rounding and the
thousands separators they use live in :mod:`combin.files.display`.

>>> row = [Text("royal flush"), Count(4), Ratio(Fraction(1, 649740)), Percent(Fraction(1, 8)), Number(Decimal("0.25"), 3)]
>>> [shown(c) for c in row]
['royal flush', '4', '0.000001539077', '12.5000%', '0.250']
>>> [exact_text(c) for c in row], [is_numeric(c) for c in row][:2]
(['royal flush', '4', '1/649740', '1/8', '0.250'], [False, True])
>>> table = Table.of("lines", "Lines", ["Event", "Count", "Probability", "Share", "SD"], [row])
>>> isinstance(table.columns[0], Column), machine_columns(table)[:2], field_text(Count(1234))
(True, [('event', 'exact'), ('count', 'exact')], '1234')
>>> document = Document("toy", "A toy", (("Deck", "52 cards"),), (table,))
>>> document.kind, slug("House edge (%)"), cell(3) == Count(3), as_float(Percent(Fraction(1, 8)))
('toy', 'house_edge', True, (0.125, True))
"""

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any, Union

from combin.files import display
from combin.errors import CombinError

__all__ = ["Count", "Ordinal", "Ratio", "Percent", "Number", "Text", "Cell", "Column", "Table", "Figure",
           "Document", "cell", "shown", "field_text", "machine", "machine_columns", "is_numeric", "exact_text",
           "as_float", "slug", "unknown_table"]


@dataclass(frozen=True)
class Count:
    """An exact integer."""

    value: int


@dataclass(frozen=True)
class Ordinal(Count):
    """A count that stays small (a rank, a place): shown as a :class:`Count`, held by a
    machine as a number, not a string (spec/PARSHEET.md: only an integer that can exceed 2^53
    is a decimal string).

    >>> machine(Table.of("t", "T", ["Rank"], [[Ordinal(2)]]))[1]
    [{'rank': 2}]
    """

    def __post_init__(self) -> None:
        if not -2 ** 53 < self.value < 2 ** 53:
            raise ValueError(f"an ordinal must stay below 2^53, not {self.value}")


@dataclass(frozen=True)
class Ratio:
    """An exact fraction, shown as a decimal rounded at ``places``."""

    value: Fraction | int
    places: int = 12


@dataclass(frozen=True)
class Percent:
    """An exact fraction (or a Decimal) shown as a percentage at ``places``; ``given``: a
    figure the user gave, shown with every digit it has (:func:`combin.files.display.percent_given`)."""

    value: Fraction | int | Decimal
    places: int = 4
    given: bool = False


@dataclass(frozen=True)
class Number:
    """A figure known to a precision (Decimal or Fraction), shown at ``places``."""

    value: Decimal | Fraction | int
    places: int = 6


@dataclass(frozen=True)
class Text:
    """Words; ``None`` stands for an empty cell; ``href`` makes it a link (Markdown, HTML)."""

    value: object = None
    href: str | None = None


#: Any table cell.
Cell = Union[Count, Ratio, Percent, Number, Text]


def cell(value: object) -> Cell:
    """``value`` as a cell: a cell is kept, an int becomes a :class:`Count`, a Fraction a
    :class:`Ratio`, a Decimal a :class:`Number`, anything else :class:`Text`."""
    if isinstance(value, (Count, Ratio, Percent, Number, Text)):
        return value
    if isinstance(value, bool) or value is None:
        return Text(None if value is None else ("yes" if value else "no"))
    if isinstance(value, int):
        return Count(value)
    if isinstance(value, Fraction):
        return Ratio(value)
    if isinstance(value, Decimal):
        return Number(value)
    return Text(str(value))


def slug(label: object) -> str:
    """A machine key of a heading: ``"House edge B"`` -> ``"house_edge_b"``."""
    out = []
    for ch in str(label).lower():
        out.append(ch if ch.isalnum() else "_")
    text = "".join(out)
    while "__" in text:
        text = text.replace("__", "_")
    return text.strip("_") or "value"


@dataclass(frozen=True)
class Column:
    """A table column: a machine ``key`` and the ``heading`` a reader sees."""

    key: str
    heading: str


@dataclass(frozen=True)
class Table:
    """A named table: ``name`` is the machine id (a CSV file name, a worksheet); ``note`` a
    sentence a reader sees under its title."""

    name: str
    title: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]
    note: str | None = None
    totals: tuple[tuple[Cell, ...], ...] = ()

    @classmethod
    def of(cls, name: str, title: str, headings: Any, rows: Any,
           note: str | None = None, totals: Any = ()) -> "Table":
        """A table from ``headings`` (text, or ``(key, heading)`` pairs) and rows of values.

        ``totals`` are rows *about* the records (a Total row): a reader's table shows
        them last, while CSV, JSON and xlsx keep them apart from the records, so that
        summing a column never counts them twice.
        """
        columns = tuple(Column(*h) if isinstance(h, tuple) else Column(slug(h), h)
                        for h in headings)
        return cls(name, title, columns, tuple(tuple(cell(v) for v in row) for row in rows),
                   note, tuple(tuple(cell(v) for v in row) for row in totals))

    @property
    def shown_rows(self) -> tuple[tuple[Cell, ...], ...]:
        """The records, then the totals: what a reader's table (text, Markdown, HTML) shows."""
        return self.rows + self.totals


@dataclass(frozen=True)
class Figure:
    """A chart: ``png`` bytes (embedded in HTML) and where a page links it (``path``)."""

    name: str
    title: str
    png: bytes | None = field(default=None, repr=False)
    path: str | None = None


@dataclass(frozen=True)
class Document:
    """What a command outputs.  ``kind`` names its JSON format (``combin.KIND/2``).

    ``identification`` is what a reader is shown (``(label, value)`` pairs);
    ``subject`` says the same for a program (``(key, value)`` pairs of plain
    JSON values: ids, the shoe's counts, interpretations as a mapping).
    """

    kind: str
    title: str
    identification: tuple[tuple[str, Any], ...] = ()
    tables: tuple[Table, ...] = ()
    notes: tuple[str, ...] = ()
    figures: tuple[Figure, ...] = ()
    subject: tuple[tuple[str, Any], ...] = ()

    @property
    def format_tag(self) -> str:
        return f"combin.{self.kind}/2"

    def table(self, name: str) -> Table:
        for table in self.tables:
            if table.name == name:
                return table
        raise unknown_table(name, [t.name for t in self.tables])

    def identification_cells(self) -> list[tuple[str, Cell]]:
        """``[(label, cell), ...]``."""
        return [(label, cell(value)) for label, value in self.identification]


def unknown_table(name: str, names: Any) -> Exception:
    """The error for ``--table NAME`` naming none of the tables ``names`` of an output."""
    return CombinError(f"no table '{name}' in this output (tables: {', '.join(names)})")


def is_numeric(c: Cell) -> bool:
    """Whether a reader's format right-aligns ``c``."""
    return isinstance(c, (Count, Ratio, Percent, Number))


def _decimal_of(value: Any, places: int) -> str:
    return display.decimal(value, places)


def shown(c: Cell) -> str:
    """The text a reader sees for cell ``c`` (text, Markdown, HTML, the exact sheet of xlsx)."""
    if isinstance(c, Count):
        return display.grouped(c.value)
    if isinstance(c, Ratio):
        return _decimal_of(c.value, c.places)
    if isinstance(c, Percent):
        if c.given and not isinstance(c.value, Decimal):
            return display.percent_given(c.value, c.places)
        return display.percent(c.value, c.places)
    if isinstance(c, Number):
        return _decimal_of(c.value, c.places)
    return "" if c.value is None else str(c.value)


def exact_text(c: Cell) -> str | None:
    """The exact machine text of a numeric cell: digits, ``"p/q"``, or the shown decimal."""
    if isinstance(c, Count):
        return str(c.value)
    if isinstance(c, (Ratio, Percent)):
        if isinstance(c.value, Decimal):
            return _decimal_of(c.value, c.places + (2 if isinstance(c, Percent) else 0))
        return display.rational(c.value)
    if isinstance(c, Number):
        if isinstance(c.value, Fraction):
            return display.rational(c.value)
        return _decimal_of(c.value, c.places)
    return None if c.value is None else str(c.value)


def field_text(c: Cell) -> str:
    """A cell as one machine field: the exact text of a number, else the words."""
    text = exact_text(c) if is_numeric(c) else shown(c)
    return "" if text is None else text


def machine_columns(table: Table) -> list[tuple[str, str]]:
    """``[(key, kind), ...]`` of a table's machine form (CSV header, JSON keys).

    A column holding exact fractions (:class:`Ratio`, :class:`Percent` or
    :class:`Number` of a Fraction: "1 in" is one) gets a second column
    ``KEY_decimal`` beside its ``"p/q"`` one, so a spreadsheet can sum the
    decimals and a program can read the exact value.
    """
    out = []
    for index, column in enumerate(table.columns):
        cells = [row[index] for row in table.shown_rows]
        out.append((column.key, "exact"))
        if any(isinstance(c, (Ratio, Percent, Number)) and isinstance(c.value, Fraction)
               for c in cells):
            out.append((f"{column.key}_decimal", "decimal"))
    return out


def _decimal_text(c: Cell) -> str | None:
    if isinstance(c, (Ratio, Number)):
        return _decimal_of(c.value, c.places)
    if isinstance(c, Percent):
        return _decimal_of(c.value, max(c.places + 2, 12))
    return exact_text(c) if is_numeric(c) else None


def machine(table: Table, totals: bool = False
            ) -> tuple[list[tuple[str, str]], list[dict[str, str | int | None]]]:
    """The rows of ``table`` as ``{key: text or None}`` dicts: plain digits, ``"p/q"``,
    decimals without separators -- the one machine form of CSV and JSON.  With ``totals``,
    its totals rows instead of its records (the same columns)."""
    layout = machine_columns(table)
    records: list[dict[str, str | int | None]] = []
    for row in table.totals if totals else table.rows:
        record: dict[str, str | int | None] = {}
        cells = iter(row)
        current: Cell = Text()
        for key, kind in layout:
            if kind == "exact":
                current = next(cells)
                record[key] = current.value if isinstance(current, Ordinal) else exact_text(current)
            else:
                record[key] = _decimal_text(current)
        records.append(record)
    return layout, records


def as_float(c: Cell) -> tuple[float, bool]:
    """The nearest double of a numeric cell (for a spreadsheet), and whether it is exact."""
    if isinstance(c, Count):
        number = float(c.value)
        return number, int(number) == c.value
    if isinstance(c, Text):
        raise ValueError("a text cell has no numeric value")
    value = Fraction(c.value)
    number = float(value)
    exact = not isinstance(c.value, Fraction) or Fraction(number) == value
    return number, exact
