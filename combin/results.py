"""The results of :mod:`combin.api`: frozen, their figures exact, each with the document the
command line renders (:meth:`Result.document`) and its tables as exact values (:class:`Table`,
``to_pandas()``).

==========================  ===============================================================
:class:`Result`             what every API function returns: ``document()``, ``write()``, tables
:class:`Table`              one table of exact values, ``to_pandas()``
:class:`Outcome`            one line of a par sheet
:class:`ParResult`          a par sheet: house edge, return, variance, SD, hit frequency, lines
the others                  ``CompareResult``, ``SolveResult``, ``PackageResult``, ``EorResult``,
                            ``DecksResult``, ``GameResult``, ``Advice``, ``StrategyAnswer``
==========================  ===============================================================

>>> import combin
>>> sheet = combin.par("eclipse.sun7", paytable="A")
>>> isinstance(sheet, ParResult), isinstance(sheet, Result), isinstance(sheet.tables[0], Table)
(True, True, True)
>>> line = sheet.lines[0]
>>> isinstance(line, Outcome), line.pays, line.combinations
(True, '40 to 1', 112633011329024)
>>> sorted(SUFFIXES)
['.csv', '.html', '.json', '.md', '.txt', '.xlsx']
>>> [issubclass(kind, Result) for kind in (CompareResult, SolveResult, PackageResult, EorResult,
...                                         DecksResult, GameResult, Advice, StrategyAnswer)]
[True, True, True, True, True, True, True, True]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from os import PathLike
from typing import TYPE_CHECKING, Any

from combin.errors import CombinError

if TYPE_CHECKING:
    from combin.render.document import Document
    from combin.render.document import Table as DocumentTable

__all__ = ["Result", "ParResult", "Outcome", "Table", "CompareResult", "SolveResult",
           "PackageResult", "EorResult", "DecksResult", "GameResult", "Advice", "StrategyAnswer",
           "SUFFIXES", "exact_value"]

#: The writer of each file suffix of :meth:`Result.write`.
SUFFIXES = {".txt": "text", ".md": "md", ".csv": "csv", ".json": "json", ".html": "html",
            ".xlsx": "xlsx"}


def exact_value(cell: Any) -> Any:
    """A document cell's exact value: an int, a Fraction, a Decimal, a str or ``None``.

    >>> from combin.render.document import Count, Text
    >>> exact_value(Count(12)), exact_value(Text("royal flush"))
    (12, 'royal flush')
    """
    from combin.render.document import Count, Number, Percent, Ratio
    if isinstance(cell, (Count, Ratio, Percent, Number)):
        return cell.value
    value = cell.value
    return value if value is None or isinstance(value, (int, Fraction, Decimal)) else str(value)


@dataclass(frozen=True)
class Table:
    """One table of a result, its cells as exact values (a percentage as the exact
    fraction, not times 100).

    >>> sun7 = combin.par("eclipse.sun7", paytable="A").table("outcomes")
    >>> sun7.columns[:4]
    ('event', 'pays', 'payout', 'combinations')
    >>> sun7.rows[0][:4]
    ('Banker wins with a three-card 7', '40 to 1', Fraction(40, 1), 112633011329024)
    """

    name: str
    title: str
    columns: tuple[str, ...]
    headings: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    totals: tuple[tuple[Any, ...], ...] = ()

    @classmethod
    def of(cls, table: "DocumentTable") -> "Table":
        """The exact values of a document's table.

        >>> Table.of(combin.par("eclipse.sun7").document().table("summary")).columns
        ('figure', 'value')
        """
        return cls(table.name, table.title, tuple(c.key for c in table.columns),
                   tuple(c.heading for c in table.columns),
                   tuple(tuple(exact_value(c) for c in row) for row in table.rows),
                   tuple(tuple(exact_value(c) for c in row) for row in table.totals))

    def to_pandas(self) -> Any:
        """The rows as a :class:`pandas.DataFrame` (object columns: the Fractions stay exact).
        Needs the optional extra ``combin[pandas]``.

        >>> frame = combin.par("eclipse.sun7", paytable="A").table("outcomes").to_pandas()
        >>> frame.loc[0, "combinations"], frame["probability"].sum()
        (112633011329024, Fraction(1, 1))
        """
        try:
            import pandas
        except ImportError:
            raise CombinError("to_pandas needs pandas: pip install 'combin[pandas]'") from None
        return pandas.DataFrame([list(row) for row in self.rows], columns=list(self.columns),
                                dtype=object)


@dataclass(frozen=True, kw_only=True)
class Result:
    """What every API function returns: a title, the document the command line renders,
    its tables as exact values.

    >>> result = combin.par("eclipse.sun7", paytable="A")
    >>> result.kind, [t.name for t in result.tables][:3]
    ('parsheet', ['outcomes', 'summary', 'volatility'])
    >>> print(result.render("md").splitlines()[0])
    # Sun 7 (A) -- par sheet
    """

    kind: str
    title: str
    source: Document = field(repr=False, compare=False)

    def document(self) -> "Document":
        """The :class:`~combin.render.document.Document` every writer takes.

        >>> combin.par("eclipse.sun7").document().format_tag
        'combin.parsheet/2'
        """
        return self.source

    @property
    def tables(self) -> tuple[Table, ...]:
        """Every table of the document, its cells exact.

        >>> [table.name for table in combin.par("eclipse.sun7").tables]
        ['outcomes', 'summary', 'volatility', 'hold_range']
        """
        return tuple(Table.of(table) for table in self.source.tables)

    def table(self, name: str) -> Table:
        """The table ``name`` (a :class:`CombinError` names the tables there are).

        >>> combin.par("eclipse.sun7").table("summary").rows[1][:2]
        ('House edge', Fraction(64613588827, 848912750595))
        """
        return Table.of(self.source.table(name))

    def render(self, fmt: str = "text", table: str | None = None) -> str | bytes:
        """The document in ``fmt`` (text, md, csv, json, html, xlsx), as ``--format`` gives it.

        >>> combin.par("eclipse.sun7").render("csv", "summary").splitlines()[2]
        'House edge,64613588827/848912750595,0.076113344724'
        """
        from combin.render import render
        return render(self.source, fmt, table)

    def write(self, path: str | PathLike[str], table: str | None = None) -> None:
        """Write the document to ``path`` atomically, its format chosen by the suffix
        (.txt .md .csv .json .html .xlsx); a CSV holds one table: ``table``, or the only one.

        >>> import pathlib, tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     path = pathlib.Path(folder, "sun7.json")
        ...     combin.par("eclipse.sun7").write(path)
        ...     path.read_text().count('"format": "combin.parsheet/2"')
        1
        """
        from pathlib import PurePath

        from combin.files.fileio import check_output, write_atomic
        text = str(path)
        fmt = SUFFIXES.get(PurePath(text).suffix.lower())
        if fmt is None:
            raise CombinError(f"{text[:100]}: write to a file ending in "
                              f"{', '.join(SUFFIXES)} (the suffix picks the format)")
        if fmt == "csv" and table is None and len(self.source.tables) > 1:
            names = ", ".join(t.name for t in self.source.tables)
            raise CombinError(f"a CSV file holds one table: give table=NAME (tables: {names})")
        check_output(text)
        write_atomic(text, self.render(fmt, table))


@dataclass(frozen=True)
class Outcome:
    """One line of a par sheet: an event, its pay, its exact combinations and probability.

    >>> combin.par("eclipse.sun7", paytable="A").lines[0]  # doctest: +NORMALIZE_WHITESPACE
    Outcome(event_id='banker_wins_three_card_7', event='Banker wins with a three-card 7',
            pays='40 to 1', payout=Fraction(40, 1), combinations=112633011329024,
            probability=Fraction(19129247848, 848912750595))
    """

    event_id: str
    event: str
    pays: str
    payout: Fraction
    combinations: int
    probability: Fraction


@dataclass(frozen=True, kw_only=True)
class ParResult(Result):
    """One wager's par sheet, exact: every figure per unit staked.

    ``sd`` is the square root of the exact ``variance`` to 40 digits
    (:meth:`sd_exact` gives it exactly); ``warnings`` are the sentences the
    command line prints on stderr (a paytable of a file that returns 100% or more).

    >>> sun7 = combin.par("eclipse.sun7", paytable="A")
    >>> sun7.house_edge, sun7.cycle, sun7.hit_frequency > 0
    (Fraction(64613588827, 848912750595), 4998398275503360, True)
    """

    wager: str
    paytable: str
    rules: str | None
    shoe: str
    interpretations: tuple[tuple[str, str], ...]
    cycle: int
    expected_return: Fraction
    house_edge: Fraction
    return_to_player: Fraction
    hit_frequency: Fraction
    push_frequency: Fraction
    variance: Fraction
    sd: Decimal
    lines: tuple[Outcome, ...]
    warnings: tuple[str, ...] = ()

    def sd_exact(self) -> Any:
        """The exact standard deviation, ``sqrt(variance)``, as a sympy expression.

        >>> combin.par("eclipse.sun7", paytable="A").sd_exact().evalf(12)
        6.08488178312
        """
        import sympy
        return sympy.sqrt(sympy.Rational(self.variance.numerator, self.variance.denominator))


@dataclass(frozen=True, kw_only=True)
class CompareResult(Result):
    """One wager side by side: ``columns`` are ``(heading, ParResult)`` pairs.

    >>> sun7 = combin.compare("eclipse.sun7", paytable=["A", "B"])
    >>> [(heading, column.house_edge) for heading, column in sun7.columns][0]
    ('paytable A', Fraction(64613588827, 848912750595))
    """

    columns: tuple[tuple[str, ParResult], ...]


@dataclass(frozen=True, kw_only=True)
class SolveResult(Result):
    """A wager's return as an exact function of one pay and, with a target, the pay for it.

    ``payout`` is the exact net payout of ``line`` that gives ``target`` (``None`` without a
    target); ``house_edge`` the sheet's under the paytable in force.

    >>> moon8 = combin.solve("eclipse.moon8", target_edge="5%")
    >>> moon8.line, moon8.target
    ('player_wins_three_card_8', Fraction(1, 20))
    """

    wager: str
    house_edge: Fraction
    line: str | None
    target: Fraction | None
    payout: Fraction | None
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class PackageResult(Result):
    """Several wagers on one round: the joint figures per unit staked in total, exact.

    >>> eclipse = combin.package(sets=["eclipse"], paytable="B")
    >>> eclipse.wagers[:2], eclipse.house_edge
    (('eclipse.sun7:B', 'eclipse.moon8:B'), Fraction(7295908429217, 97624966318425))
    """

    wagers: tuple[str, ...]
    house_edge: Fraction
    variance: Fraction
    hit_frequency: Fraction
    distribution: tuple[tuple[Fraction, int], ...]
    cycle: int
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class EorResult(Result):
    """Exact effects of removal: ``effects`` maps each card value to the change of the
    player's expected return when one card of it leaves the shoe; ``tags`` the suggested count.

    >>> moon8 = combin.eor("eclipse.moon8")
    >>> moon8.effects["9"] > 0 > moon8.effects["5"], moon8.identity_holds
    (True, True)
    """

    wager: str
    expected: Fraction
    effects: Mapping[str, Fraction | None]
    tags: tuple[int, ...]
    identity_holds: bool
    warnings: tuple[str, ...] = ()

    def chart(self) -> bytes:
        """A bar chart of the effects as PNG bytes (``combin eor --plot``; needs matplotlib).

        >>> combin.eor("eclipse.sun7").chart()[:4]
        b'\\x89PNG'
        """
        from combin.protection.charts import eor_chart, require_matplotlib
        require_matplotlib()
        png: bytes = eor_chart(getattr(self, "_effects"))
        return png


@dataclass(frozen=True, kw_only=True)
class DecksResult(Result):
    """The exact house edge per deck count and paytable: ``house_edge[(decks, heading)]``.

    >>> sun7 = combin.decks("eclipse.sun7", [1, 8], paytable="A")
    >>> sun7.house_edge[(8, "A")] == combin.par("eclipse.sun7", paytable="A").house_edge
    True
    """

    wager: str
    headings: tuple[str, ...]
    house_edge: Mapping[tuple[int, str], Fraction]
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class GameResult(Result):
    """A whole stud game, exact, per unit of Ante: ``expected`` (the player's net result a
    round), ``house_edge`` (its negative), ``element_of_risk`` (per unit wagered) and
    ``figures``, the summary table's figures by label.

    >>> caribbean = combin.game("caribbean", deck="9TJQKA")
    >>> caribbean.expected, caribbean.element_of_risk
    (Fraction(39610279, 25741485), Fraction(-39610279, 59987475))
    """

    game: str
    deck: str
    expected: Fraction
    house_edge: Fraction
    element_of_risk: Fraction | None
    figures: Mapping[str, Any]


@dataclass(frozen=True, kw_only=True)
class Advice(Result):
    """Every option of one Lunar Poker situation, best first: ``options`` are
    ``(option, exact EV per Ante or an upper bound, exact?)``; ``margin`` is by how much the
    best beats the runner-up.

    >>> hand = combin.advise("AS KD TH TC 9D", "QS", deck="9TJQKA")
    >>> hand.best, hand.options[0][1]
    ('exchange AS KD 9D', Fraction(6900499, 4084080))
    """

    best: str
    options: tuple[tuple[str, Fraction, bool], ...]
    margin: Fraction | None


@dataclass(frozen=True, kw_only=True)
class StrategyAnswer(Result):
    """The optimal option of one situation, its exact value per Ante, and whether it came from
    the stored strategy (``shard``) or was priced on the spot.

    >>> answer = combin.strategy("AS KD 7H 7C 2D", "9S")
    >>> answer.option, answer.value
    ('play', Fraction(-4150, 32637))

    From a stored run, the rule and option of the strategy card (``combin lunar card``, once its
    pass is in every shard; else the basic strategy derived from the run), its exact value and what
    following it costs here (``cost``, per Ante; 0 where the card takes the optimal option);
    ``None`` when no stored run holds the situation.

    >>> answer.card_rule
    "pair of 9s, king kicker to pair of 2s against an up card above the pair: keep the pair (the card's 25 rules)"
    >>> answer.card_option, answer.cost
    ('exchange AS KD 2D', Fraction(1222987373, 5218656300))
    """

    option: str
    value: Fraction
    shard: int | None
    source_text: str
    card_rule: str | None = None
    card_option: str | None = None
    card_value: Fraction | None = None
    cost: Fraction | None = None
