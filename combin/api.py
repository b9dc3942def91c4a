"""combin as a library: the public Python API, exported at the top level.

Every function here answers the question of one ``combin`` command and
returns a frozen result whose figures are exact -- :class:`~fractions.Fraction`
and :class:`int` -- and whose :meth:`Result.document` is the very document
the command line renders (so ``result.write("x.xlsx")`` writes what
``combin ... --format xlsx --out x.xlsx`` writes).  Bad arguments raise
:class:`~combin.errors.CombinError` with the sentence the command line prints
after ``combin: error:``.  Nothing here prints; progress is off.

==========================  ===============================================================
:func:`par`                 one wager's par sheet (``combin par``)
:func:`compare`             one wager under several paytables, rule sets, deck counts
:func:`solve`               the return as a function of one pay; the pay for a target edge
:func:`package`             several wagers on one round: their joint result
:func:`eor`                 exact effects of removal and a suggested count
:func:`decks`               the house edge for a list of deck counts
:func:`game`                a whole stud game without draws, or with draws on a reduced deck
:func:`lunar_game`          the committed exact 52-card Lunar Poker run, from its shards
:func:`advise`              every option of one Lunar Poker situation, priced
:func:`strategy`            the optimal option of one situation from the stored strategy
:class:`Result`             what every function returns: ``document()``, ``write()``, tables
:class:`Table`              one table of exact values, ``to_pandas()``
:class:`Outcome`            one line of a par sheet
:class:`ParResult` ...      the typed result of each function (``CompareResult``,
                            ``SolveResult``, ``PackageResult``, ``EorResult``,
                            ``DecksResult``, ``GameResult``, ``Advice``, ``StrategyAnswer``)
==========================  ===============================================================

The standard deviation is irrational: :attr:`ParResult.variance` is exact and
:attr:`ParResult.sd` is its square root as a 40-digit :class:`~decimal.Decimal`
(what every sheet prints); :meth:`ParResult.sd_exact` gives the exact root as
a sympy expression.

The stud engine's internals are imported in this module only, each inside the
function that needs it, so ``import combin`` and the command line's start stay
light.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from os import PathLike
from typing import TYPE_CHECKING, Any, Union

from combin.commands.lunar import DEFAULT_SHARDS_FOLDER as SHARDS
from combin.errors import CombinError

if TYPE_CHECKING:
    from combin.parsheet import ParSheet
    from combin.render.document import Document
    from combin.render.document import Table as DocumentTable

__all__ = ["par", "compare", "solve", "package", "eor", "decks", "game", "lunar_game", "advise",
           "strategy", "Result", "ParResult", "Outcome", "Table", "CompareResult", "SolveResult",
           "PackageResult", "EorResult", "DecksResult", "GameResult", "Advice", "StrategyAnswer"]

#: ``interpret=``: ``{"E1": "paid-rows"}`` or the command line's ``["E1=paid-rows"]``.
Interpret = Union[Mapping[str, str], Sequence[str], None]
#: ``paytable_file=``: one path or several.
Paths = Union[str, "PathLike[str]", Sequence[Union[str, "PathLike[str]"]], None]

#: The writer of each file suffix of :meth:`Result.write`.
SUFFIXES = {".txt": "text", ".md": "md", ".csv": "csv", ".json": "json", ".html": "html",
            ".xlsx": "xlsx"}


# --- Results ---------------------------------------------------------------------------------

def _exact(cell: Any) -> Any:
    """A document cell's exact value: an int, a Fraction, a Decimal, a str or ``None``."""
    from combin.render.document import Count, Number, Percent, Ratio
    if isinstance(cell, (Count, Ratio, Percent, Number)):
        return cell.value
    value = cell.value
    return value if value is None or isinstance(value, (int, Fraction, Decimal)) else str(value)


@dataclass(frozen=True)
class Table:
    """One table of a result, its cells as exact values (a percentage as the exact
    fraction, not times 100).

    >>> sun7 = par("eclipse.sun7", paytable="A").table("outcomes")
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

        >>> Table.of(par("eclipse.sun7").document().table("summary")).columns
        ('figure', 'value')
        """
        return cls(table.name, table.title, tuple(c.key for c in table.columns),
                   tuple(c.heading for c in table.columns),
                   tuple(tuple(_exact(c) for c in row) for row in table.rows),
                   tuple(tuple(_exact(c) for c in row) for row in table.totals))

    def to_pandas(self) -> Any:
        """The rows as a :class:`pandas.DataFrame` (object columns: the Fractions stay exact).
        Needs the optional extra ``combin[pandas]``.

        >>> frame = par("eclipse.sun7", paytable="A").table("outcomes").to_pandas()
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

    >>> result = par("eclipse.sun7", paytable="A")
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

        >>> par("eclipse.sun7").document().format_tag
        'combin.parsheet/2'
        """
        return self.source

    @property
    def tables(self) -> tuple[Table, ...]:
        """Every table of the document, its cells exact.

        >>> [table.name for table in par("eclipse.sun7").tables]
        ['outcomes', 'summary', 'volatility', 'hold_range']
        """
        return tuple(Table.of(table) for table in self.source.tables)

    def table(self, name: str) -> Table:
        """The table ``name`` (a :class:`CombinError` names the tables there are).

        >>> par("eclipse.sun7").table("summary").rows[1][:2]
        ('House edge', Fraction(64613588827, 848912750595))
        """
        return Table.of(self.source.table(name))

    def render(self, fmt: str = "text", table: str | None = None) -> str | bytes:
        """The document in ``fmt`` (text, md, csv, json, html, xlsx), as ``--format`` gives it.

        >>> par("eclipse.sun7").render("csv", "summary").splitlines()[2]
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
        ...     par("eclipse.sun7").write(path)
        ...     path.read_text().count('"format": "combin.parsheet/2"')
        1
        """
        from pathlib import PurePath

        from combin.fileio import check_output, write_atomic
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

    >>> par("eclipse.sun7", paytable="A").lines[0]  # doctest: +NORMALIZE_WHITESPACE
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

    >>> sun7 = par("eclipse.sun7", paytable="A")
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

        >>> par("eclipse.sun7", paytable="A").sd_exact().evalf(12)
        6.08488178312
        """
        import sympy
        return sympy.sqrt(sympy.Rational(self.variance.numerator, self.variance.denominator))


def _par_result(sheet: "ParSheet", warnings: Sequence[str] = ()) -> ParResult:
    from combin.documents.parsheet import document
    s = sheet.summary
    lines = tuple(Outcome(line.event_id, line.event, line.pays, line.payout, line.combinations,
                          sheet.probability(line)) for line in sheet.lines)
    return ParResult(kind="parsheet", title=sheet.title, source=document(sheet), wager=sheet.wager,
                     paytable=sheet.paytable, rules=sheet.rules, shoe=sheet.shoe,
                     interpretations=sheet.interpretations, cycle=sheet.cycle,
                     expected_return=s.expected_return, house_edge=s.house_edge,
                     return_to_player=s.return_to_player, hit_frequency=s.hit_frequency,
                     push_frequency=s.push_frequency, variance=s.variance, sd=s.sd, lines=lines,
                     warnings=tuple(warnings))


def say_warnings(result: Result) -> None:
    """Print a result's ``warnings`` as the command line does: ``combin: WARNING: ...`` on
    stderr (for the commands; the API itself prints nothing).

    >>> say_warnings(par("eclipse.sun7"))     # the regulation's paytable: nothing to say
    """
    import sys
    for warning in getattr(result, "warnings", ()):
        print(f"combin: WARNING: {warning}", file=sys.stderr)


# --- Options ---------------------------------------------------------------------------------

def _assignments(interpret: Interpret) -> list[str]:
    """``interpret=`` as the command line's ``ID=VALUE`` words (so the messages are its own)."""
    if interpret is None:
        return []
    if isinstance(interpret, Mapping):
        return [f"{key}={value}" for key, value in interpret.items()]
    if isinstance(interpret, str):
        return [interpret]
    return [str(item) for item in interpret]


def _paths(paths: Paths) -> list[str]:
    if paths is None:
        return []
    if isinstance(paths, (str, PathLike)):
        return [str(paths)]
    return [str(path) for path in paths]


def _text(value: object) -> str | None:
    """A number option as the command line receives it (a word), ``None`` kept."""
    return None if value is None else str(value)


def _sheet_options(wager: str | None, *, paytable: str | None = None, decks: object = None,
                   shoe: str | None = None, rules: str | None = None, interpret: Interpret = None,
                   paytable_file: Paths = None) -> dict[str, Any]:
    """The options of :func:`combin.analysis.par_sheet`, read as ``combin par`` reads them."""
    from combin.commands.options import options_of
    return options_of(wager, paytable=paytable, decks=_text(decks), shoe=shoe, rules=rules,
                      interpret=_assignments(interpret), paytable_files=_paths(paytable_file),
                      warn=False)


def _warnings(options: Mapping[str, Any], sheets: Sequence["ParSheet"]) -> list[str]:
    """What the command line warns of: a paytable of a user's file that returns 100% or more."""
    mine = {(p.wager, p.id): p for p in options.get("extra_paytables", ())}
    if not mine:
        return []
    from combin.paytable_file import return_warning
    found = [return_warning(mine[(s.wager, s.paytable)], s) for s in sheets
             if (s.wager, s.paytable) in mine]
    return [message for message in found if message]


# --- The wagers ------------------------------------------------------------------------------

def par(wager: str, *, paytable: str | None = None, rules: str | None = None,
        decks: int | str | None = None, shoe: str | None = None, interpret: Interpret = None,
        paytable_file: Paths = None) -> ParResult:
    """The exact par sheet of ``wager`` (``combin par``): ``decks`` or an explicit ``shoe``
    (``"8d-TT5"``), a ``rules`` set, ``interpret`` readings (``{"E1": "paid-rows"}``) and
    paytables of your own from TOML files (``paytable_file``).

    >>> par("eclipse.sun7", paytable="A").house_edge
    Fraction(64613588827, 848912750595)
    >>> par("baccarat.banker", rules="ez", decks=6).rules
    'ez'
    >>> par("eclipse.sun7", paytable="Z")
    Traceback (most recent call last):
    combin.errors.CombinError: unknown paytable of eclipse.sun7 'Z' (known: A, B, C)
    """
    from combin.analysis import par_sheet
    from combin.registry import find_wager
    _, found = find_wager(wager)
    if found.reported_in:   # the Lunar instant payout: a part of the Ante, not a wager
        raise CombinError(f"{found.id} is not a wager: see `combin game lunar` ("
                          f"{found.reported_in.split(': ', 1)[-1]})")
    options = _sheet_options(wager, paytable=paytable, decks=decks, shoe=shoe, rules=rules,
                             interpret=interpret, paytable_file=paytable_file)
    sheet = par_sheet(wager, other_readings=True, **options)
    return _par_result(sheet, _warnings(options, [sheet]))


@dataclass(frozen=True, kw_only=True)
class CompareResult(Result):
    """One wager side by side: ``columns`` are ``(heading, ParResult)`` pairs.

    >>> sun7 = compare("eclipse.sun7", paytable=["A", "B"])
    >>> [(heading, column.house_edge) for heading, column in sun7.columns][0]
    ('paytable A', Fraction(64613588827, 848912750595))
    """

    columns: tuple[tuple[str, ParResult], ...]


def _listed(items: str | Sequence[object] | None) -> str | None:
    """A list option in the command line's words (``"A,B"``), so its checks and messages hold."""
    if items is None or isinstance(items, str):
        return items
    return ",".join(str(item) for item in items)


def compare(wager: str, *, paytable: str | Sequence[str] | None = None,
            rules: str | Sequence[str] | None = None, decks: str | Sequence[int] | None = None,
            interpret: Interpret = None, paytable_file: Paths = None) -> CompareResult:
    """``wager`` under several paytables, rule sets or deck counts (``combin compare``):
    each a list (or the command line's ``"A,B,C"``).

    >>> banker = compare("baccarat.banker", rules=["standard", "ez"], decks=[6, 8])
    >>> [heading for heading, _ in banker.columns][:2]
    ['rules standard 6 decks', 'rules ez 6 decks']
    """
    from combin.commands.compare import comparison
    base = _sheet_options(None, interpret=interpret, paytable_file=paytable_file)
    document, columns = comparison(wager, _listed(paytable), _listed(rules), _listed(decks), base)
    return CompareResult(kind=document.kind, title=document.title, source=document,
                      columns=tuple((heading, _par_result(sheet)) for heading, sheet in columns))


@dataclass(frozen=True, kw_only=True)
class SolveResult(Result):
    """A wager's return as an exact function of one pay and, with a target, the pay for it.

    ``payout`` is the exact net payout of ``line`` that gives ``target`` (``None`` without a
    target); ``house_edge`` the sheet's under the paytable in force.

    >>> moon8 = solve("eclipse.moon8", target_edge="5%")
    >>> moon8.line, moon8.target
    ('player_wins_three_card_8', Fraction(1, 20))
    """

    wager: str
    house_edge: Fraction
    line: str | None
    target: Fraction | None
    payout: Fraction | None
    warnings: tuple[str, ...] = ()


def solve(wager: str, *, line: str | None = None, target_edge: Fraction | str | None = None,
          paytable: str | None = None, rules: str | None = None, decks: int | str | None = None,
          shoe: str | None = None, interpret: Interpret = None,
          paytable_file: Paths = None) -> SolveResult:
    """The pay of ``line`` that gives a target house edge (``combin solve``); ``target_edge``
    as a Fraction or in words (``"5%"``, ``"0.05"``, ``"1/20"``).

    >>> solve("eclipse.moon8", target_edge="1/20").payout
    Fraction(71497149976019, 2697824425984)
    """
    from combin.design.solve import solve as solved_by
    from combin.documents.design import solve_document
    options = _sheet_options(wager, paytable=paytable, decks=decks, shoe=shoe, rules=rules,
                             interpret=interpret, paytable_file=paytable_file)
    solved = solved_by(wager, line=line, target_edge=target_edge, **options)
    document = solve_document(solved)
    solution = solved.solution
    return SolveResult(kind=document.kind, title=document.title, source=document,
                       wager=solved.sheet.wager, house_edge=solved.sheet.summary.house_edge,
                       line=solved.line.event_id if solved.line else None,
                       target=solution.target if solution else None,
                       payout=solution.payout if solution else None,
                       warnings=tuple(_warnings(options, [solved.sheet])))


@dataclass(frozen=True, kw_only=True)
class PackageResult(Result):
    """Several wagers on one round: the joint figures per unit staked in total, exact.

    >>> eclipse = package(sets=["eclipse"], paytable="B")
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


def package(*bets: str, sets: Sequence[str] = (), paytable: str | None = None,
            rules: str | None = None, decks: int | str | None = None, shoe: str | None = None,
            interpret: Interpret = None, paytable_file: Paths = None) -> PackageResult:
    """The exact joint result of ``bets`` (``"WAGER[:PAYTABLE][=STAKE]"``) and of the named
    ``sets`` (``"eclipse"``) on one round (``combin package``); a paytable file's paytable
    pays the bets of its wager that name none.

    >>> package("eclipse.supreme7:B=2", "eclipse.sun7=1/2").wagers
    ('eclipse.supreme7:B', 'eclipse.sun7:A')
    """
    from combin.design.package import named_bets, parse_bet
    from combin.design.package import package as joint
    from combin.documents.design import package_document
    chosen = [bet for name in sets for bet in named_bets(name)] + [parse_bet(b) for b in bets]
    if not chosen:
        raise CombinError("name at least one wager (WAGER[:PAYTABLE][=STAKE]) or give "
                          "--set NAME (e.g. --set eclipse)")
    files = _paths(paytable_file)
    options = _sheet_options(None, paytable=paytable, decks=decks, shoe=shoe, rules=rules,
                             interpret=interpret, paytable_file=files)
    if files:
        from combin.commands.package import resolve_files
        chosen = resolve_files(files, chosen, options)
    result = joint(chosen, **options)
    document = package_document(result)
    return PackageResult(kind=document.kind, title=document.title, source=document,
                         wagers=tuple(bet.label for bet in result.bets),
                         house_edge=result.house_edge, variance=result.variance,
                         hit_frequency=result.hit_frequency, distribution=result.distribution,
                         cycle=result.cycle, warnings=tuple(_warnings(options, result.sheets)))


@dataclass(frozen=True, kw_only=True)
class EorResult(Result):
    """Exact effects of removal: ``effects`` maps each card value to the change of the
    player's expected return when one card of it leaves the shoe; ``tags`` the suggested count.

    >>> moon8 = eor("eclipse.moon8")
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

        >>> eor("eclipse.sun7").chart()[:4]
        b'\\x89PNG'
        """
        from combin.protection.charts import eor_chart, require_matplotlib
        require_matplotlib()
        png: bytes = eor_chart(getattr(self, "_effects"))
        return png


def eor(wager: str, *, max_tag: int | None = None, paytable: str | None = None,
        rules: str | None = None, decks: int | str | None = None, shoe: str | None = None,
        interpret: Interpret = None, paytable_file: Paths = None) -> EorResult:
    """The exact effect of removing one card of each value, and a count (``combin eor``).

    >>> eor("eclipse.sun7", max_tag=1).tags
    (0, 0, 0, 0, 0, 0, -1, -1, 1, 1)
    """
    from combin.analysis import select
    from combin.documents.protection import eor_document
    from combin.protection.decks import protected
    from combin.protection.eor import DEFAULT_MAX_TAG, check_max_tag, effects_of_removal
    options = _sheet_options(wager, paytable=paytable, decks=decks, shoe=shoe, rules=rules,
                             interpret=interpret, paytable_file=paytable_file)
    count, spec = options.pop("decks", None), options.pop("shoe", None)
    chosen = protected(select(wager, **options))
    tag = DEFAULT_MAX_TAG if max_tag is None else check_max_tag(max_tag)
    result = effects_of_removal(chosen, spec, tag, decks=count)
    document = eor_document(result)
    from combin.registry import find_wager
    protection = find_wager(result.sheet.wager)[0].protection
    values = protection.values if protection is not None else ()
    found = EorResult(kind=document.kind, title=document.title, source=document,
                      wager=result.sheet.wager, expected=result.expected,
                      effects=dict(zip(values, result.effects)), tags=tuple(result.suggested.tags),
                      identity_holds=result.identity_holds,
                      warnings=tuple(_warnings(options, [result.sheet])))
    object.__setattr__(found, "_effects", result)   # for chart(): not a field of the promise
    return found


@dataclass(frozen=True, kw_only=True)
class DecksResult(Result):
    """The exact house edge per deck count and paytable: ``house_edge[(decks, heading)]``.

    >>> sun7 = decks("eclipse.sun7", [1, 8], paytable="A")
    >>> sun7.house_edge[(8, "A")] == par("eclipse.sun7", paytable="A").house_edge
    True
    """

    wager: str
    headings: tuple[str, ...]
    house_edge: Mapping[tuple[int, str], Fraction]
    warnings: tuple[str, ...] = ()


def decks(wager: str, decks: Sequence[int] | str | None = None, *, paytable: str | None = None,
          rules: str | None = None, interpret: Interpret = None,
          paytable_file: Paths = None) -> DecksResult:
    """The exact house edge of ``wager`` for each deck count (default 1 to 8), one column per
    paytable unless one is named (``combin decks``).

    >>> sorted(decks("eclipse.sun7", "1,2", paytable="A").house_edge)
    [(1, 'A'), (2, 'A')]
    """
    from combin.documents.protection import decks_document
    from combin.protection.decks import DEFAULT_DECKS_LIST, deck_table, parse_decks_list
    listed = _listed(decks)
    counts = DEFAULT_DECKS_LIST if listed is None else parse_decks_list(listed)
    options = _sheet_options(wager, paytable=paytable, rules=rules, interpret=interpret,
                             paytable_file=paytable_file)
    warnings: list[str] = []
    if options["extra_paytables"]:   # the file's paytable for the wager, on the default shoe
        from combin.analysis import par_sheet
        warnings = _warnings(options, [par_sheet(wager, **options)])
    if paytable is None:
        options["paytable"] = None  # every paytable, a file's included, side by side
    options.pop("decks", None), options.pop("shoe", None)
    table = deck_table(wager, counts, **options)
    document = decks_document(table)
    edges = {(count, heading): sheet.summary.house_edge for count, _, _, sheets in table.rows
             for heading, sheet in zip(table.headings, sheets)}
    return DecksResult(kind=document.kind, title=document.title, source=document, wager=table.wager,
                     headings=table.headings, house_edge=edges, warnings=tuple(warnings))


# --- The stud games (the only module that imports combin.stud) ------------------------------

@dataclass(frozen=True, kw_only=True)
class GameResult(Result):
    """A whole stud game, exact, per unit of Ante: ``expected`` (the player's net result a
    round), ``house_edge`` (its negative), ``element_of_risk`` (per unit wagered) and
    ``figures``, the summary table's figures by label.

    >>> caribbean = game("caribbean", deck="9TJQKA")
    >>> caribbean.expected, caribbean.element_of_risk
    (Fraction(39610279, 25741485), Fraction(-39610279, 59987475))
    """

    game: str
    deck: str
    expected: Fraction
    house_edge: Fraction
    element_of_risk: Fraction | None
    figures: Mapping[str, Any]


def _rules(name: str, paytable: str | None, interpret: Interpret) -> Any:
    from combin.interpret import parse_assignments
    from combin.stud.core.rules import load_game
    return load_game(name).resolve(paytable, parse_assignments(_assignments(interpret)))


def _quietly(run_game: Any, deck: Any, rules: Any) -> Any:
    """The sheet of the exact game with draws on ``deck``, priced in this process with no
    progress shown and its chunks kept in a temporary store (nothing left behind)."""
    import io
    import tempfile

    from combin import progress
    quiet, progress.QUIET = progress.QUIET, True
    try:
        with tempfile.TemporaryDirectory() as folder:
            return run_game(deck, rules, workers=0, store_path=f"{folder}/store.sqlite", chunk=32,
                            stream=io.StringIO())[0]
    finally:
        progress.QUIET = quiet


def _figures(document: "Document") -> dict[str, Any]:
    """``{label: exact value}`` of a document's summary table (label, value, ...)."""
    return {str(_exact(row[0])): _exact(row[1]) for row in document.table("summary").rows}


def game(name: str, *, deck: str | None = None, strategy: str = "optimal", draws: bool = True,
         paytable: str | None = None, interpret: Interpret = None,
         game_file: str | PathLike[str] | None = None) -> GameResult:
    """A whole stud game summed exactly (``combin game``): Caribbean Stud, Lunar Poker without
    draws (``draws=False``) under a ``strategy``, or Lunar Poker with draws under optimal play
    on a reduced ``deck`` (``"JQKA"``), in this process.  ``game_file`` (a game of your own) is
    not yet supported.

    >>> game("lunar", deck="9TJQKA", draws=False).figures["House edge per Ante"]
    Fraction(-4325322961, 2883046320)
    >>> game("caribbean", strategy="never")
    Traceback (most recent call last):
    combin.errors.CombinError: unknown strategy 'never' (strategies: optimal, always, pair, ace-king, thumb)
    """
    from combin.stud.core.deck import Deck
    from combin.stud.core.rules import load_game
    if game_file is not None:
        raise CombinError("game_file: a game of your own is not yet supported (games: caribbean, "
                          "lunar)")
    rules = _rules(name, paytable, interpret)
    stud = load_game(name)
    if not stud.can_draw or not draws:
        from combin.documents.stud_game import game_document
        from combin.stud.nodraw.game import STRATEGIES, whole_game
        if strategy not in STRATEGIES:
            raise CombinError(f"unknown strategy '{strategy}' (strategies: {', '.join(STRATEGIES)})")
        result = whole_game(rules, Deck.parse(deck, need=11 if stud.can_force else 10), strategy)
        document = game_document(result)
        expected, risk = result.expected, result.element_of_risk
    else:
        if strategy != "optimal":
            raise CombinError("the game with draws is summed under optimal play; --strategy names "
                              "a strategy of the game without draws (add --no-draw)")
        from combin.documents.lunar_game import sheet_document
        from combin.stud.draw.run import run_game
        cards = Deck.parse(deck, need=16)
        if cards.full:
            raise CombinError("the full 52-card game with draws runs for hours: read the "
                              "committed run with lunar_game(), or run `make lunar-game`")
        sheet = _quietly(run_game, cards, rules)
        document = sheet_document(sheet, None)
        figures = _figures(document)
        expected = figures["expected result per Ante"]
        risk = figures.get("element of risk (house edge per unit wagered)")
    return GameResult(kind=document.kind, title=document.title, source=document, game=name,
                      deck=Deck.parse(deck, need=0).text, expected=expected, house_edge=-expected,
                      element_of_risk=risk, figures=_figures(document))


def lunar_game(shards: str | PathLike[str] = SHARDS, *, paytable: str | None = None,
               interpret: Interpret = None) -> GameResult:
    """The exact 52-card Lunar Poker game with draws under optimal play, read from the
    committed shards of its run (``combin game lunar --shards DIR --max-shards 0``); nothing
    is priced, so it takes seconds.  ``shards`` defaults to the repository's own folder.

    >>> full = lunar_game()
    >>> full.figures["situations: C(n,5) x (n-5)"], full.house_edge < 0
    (122151120, True)
    """
    import os

    from combin.documents.lunar_game import shards_document
    from combin.stud.core.deck import Deck
    folder = str(shards)
    if not os.path.isdir(folder):
        raise CombinError(f"{folder[:100]}: no such folder of shards (the exact run keeps them)")
    rules = _rules("lunar", paytable, interpret)
    deck = Deck.parse(None, need=16)
    document = shards_document(deck, rules, folder)
    if document is None:
        raise CombinError(f"{folder[:100]}: not every shard is in; run `make lunar-game`")
    figures = _figures(document)
    expected = figures["expected result per Ante"]
    return GameResult(kind=document.kind, title=document.title, source=document, game="lunar",
                      deck=deck.text, expected=expected, house_edge=-expected,
                      element_of_risk=figures.get("element of risk (house edge per unit wagered)"),
                      figures=figures)


@dataclass(frozen=True, kw_only=True)
class Advice(Result):
    """Every option of one Lunar Poker situation, best first: ``options`` are
    ``(option, exact EV per Ante or an upper bound, exact?)``; ``margin`` is by how much the
    best beats the runner-up.

    >>> hand = advise("AS KD TH TC 9D", "QS", deck="9TJQKA")
    >>> hand.best, hand.options[0][1]
    ('exchange AS KD 9D', Fraction(6900499, 4084080))
    """

    best: str
    options: tuple[tuple[str, Fraction, bool], ...]
    margin: Fraction | None


def advise(hand: str, up: str, *, deck: str | None = None, paytable: str | None = None,
           interpret: Interpret = None, everything: bool = False,
           progress: bool = False) -> Advice:
    """Price every option of a Lunar Poker situation (``combin lunar advise``): those that can
    be the best or the runner-up exactly, the others by a proven bound (all exactly with
    ``everything``); ``progress`` shows the options priced on stderr, as the command does.

    >>> advise("AS KD TH TC 9D", "QS", deck="9TJQKA").margin
    Fraction(800069, 2042040)
    """
    from combin.documents.advice import advice_document
    from combin.stud.core.situation import Situation
    from combin.stud.draw.report import advice_report
    situation = Situation.parse(hand, up, deck)
    rules = _rules("lunar", paytable, interpret)
    shown = None
    if progress:
        from combin.progress import StderrProgress
        shown = StderrProgress("lunar advise: options priced")
    try:
        report = advice_report(situation, rules, shown, everything=everything)
    finally:
        if shown is not None:
            shown.close()
    document = advice_document(report)
    rows = Table.of(document.table("options")).rows
    options = tuple((str(row[2]), row[5], row[6] == "exact") for row in rows)
    return Advice(kind=document.kind, title=document.title, source=document, best=options[0][0],
                  options=options, margin=report.margin)


@dataclass(frozen=True, kw_only=True)
class StrategyAnswer(Result):
    """The optimal option of one situation, its exact value per Ante, and whether it came from
    the stored strategy (``shard``) or was priced on the spot.

    >>> answer = strategy("AS KD 7H 7C 2D", "9S")
    >>> answer.option, answer.shard
    ('play', 75)
    """

    option: str
    value: Fraction
    shard: int | None
    source_text: str


def strategy(hand: str, up: str, *, deck: str | None = None, paytable: str | None = None,
             interpret: Interpret = None, shards: str | PathLike[str] | None = None) -> StrategyAnswer:
    """The optimal option of a Lunar Poker situation from the stored strategy of the exact run
    (``combin lunar strategy``), with its exact value priced now for that option.

    >>> strategy("AS KD 7H 7C 2D", "9S").value
    Fraction(-4150, 32637)
    """
    import os

    from combin.stud.core.situation import Situation
    from combin.stud.draw.advise import advise as priced
    from combin.stud.draw.chunks import option_label
    from combin.stud.draw.rank.engine import RankEngine
    from combin.stud.draw.shards import lookup
    situation = Situation.parse(hand, up, deck)
    rules = _rules("lunar", paytable, interpret)
    folder = str(shards) if shards is not None else SHARDS
    if shards is not None and not os.path.isdir(folder):
        raise CombinError(f"{folder[:100]}: no such folder of shards")
    cards = list(situation.player)
    found = lookup(situation.deck, rules, folder, cards, situation.up, strict=shards is not None)
    if found is None:
        best = priced(situation, rules, detail=False)[0]
        key = (best.kind, tuple(cards.index(c) for c in best.discard))
        value, shard = best.ev, None
        source = ("priced now: every option (no stored strategy of this run holds the situation)"
                  if os.path.isdir(folder) else
                  f"priced now: every option (no folder {folder[:100]} of stored shards here; --shards DIR)")
    else:
        key, shard = found
        if key[0] == "instant":
            value = priced(situation, rules, detail=False)[0].ev
        else:
            value = RankEngine(situation, rules).exact_value(key)
        source = f"the stored optimal strategy (shard {shard} of {folder[:100]}); its value priced now"
    label = "instant payout" if key[0] == "instant" else option_label(key, cards)
    document = _strategy_document(situation, rules, key, label, value, shard, folder, source)
    return StrategyAnswer(kind=document.kind, title=document.title, source=document, option=label,
                          value=Fraction(value), shard=shard, source_text=source)


def _strategy_document(situation: Any, rules: Any, key: Any, label: str, value: Any,
                       shard: int | None, folder: str, source: str) -> "Document":
    """The document of ``combin lunar strategy``."""
    from combin import display
    from combin.render.document import Document, Percent, Ratio, Text
    from combin.render.document import Table as DocumentTable
    from combin.stud.core.situation import card_text
    hand = list(situation.player)
    rows = [["optimal option", label], ["expected result per Ante", Ratio(value, 10)],
            ["in percent of the Ante", Percent(Fraction(value), 4)], ["source", Text(source)]]
    readings = ", ".join(f"{k}={v}" for k, v in rules.readings)
    paytable = rules.instant.id if rules.instant else None
    info = (("Hand", " ".join(card_text(c) for c in hand)), ("Up card", card_text(situation.up)),
            ("Deck", situation.deck.text), ("Paytable", Text(paytable)), ("Interpretations", readings))
    subject = (("game", rules.game.id), ("deck", {"ranks": situation.deck.text,
                                                  "cards": len(situation.deck)}),
               ("player", [card_text(c) for c in hand]), ("up", card_text(situation.up)),
               ("paytable", paytable), ("interpretations", dict(rules.readings)),
               ("best", {"option": label, "kind": key[0],
                         "discard": [card_text(hand[p]) for p in key[1]],
                         "ev": display.rational(value)}),
               ("source", {"stored": shard is not None, "shard": shard,
                           "folder": None if shard is None else folder}))
    table = DocumentTable.of("strategy", "Optimal option", ["Figure", "Value"], rows)
    return Document("lunar_strategy", "Lunar Poker: the optimal option of one situation", info,
                    (table,), notes=tuple(rules.reading_notes()), subject=subject)
