"""The whole game of Lunar Poker with draws as a :class:`~combin.render.document.Document`.

:func:`sheet_document` reads a :class:`~combin.stud.game.sheet.GameSheet` (exact, or
from a sample) and, given the run's :class:`~combin.stud.game.strategy.Strategy`, adds
its tables: :func:`strategy_tables` (the strategy table by the first five and the up
card, the game's basic strategy and its exact house edge) and :func:`derived_tables`
(the strategy in plain hands and the basic strategy derived from it).  Every value is
the sheet's exact Fraction (a decimal only for the SD); the writers show it.
"""

from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from combin.documents.parsheet import ruling_words
from combin.render.document import Document, Number, Percent, Ratio, Table, Text
from combin.stud.core.variant import sheet_lines
from combin.stud.game.sheet import PERCENT, totals_sheet
from combin.core.cards import CLASS_NAMES
from combin.stud.game.strategy import kind_words, basic_rules, derived_basic, plain_table

if TYPE_CHECKING:
    from combin.stud.game.sheet import GameSheet
    from combin.stud.game.strategy import Strategy
    from combin.stud.game.assembled import AssembledRun
    from combin.stud.game.readings import Readings
    from combin.stud.game.totals import GameTotals

__all__ = ["sheet_document", "shards_document", "paytables_table", "strategy_tables", "derived_tables"]

_PLACES = 10


def _exact(value: Any, label: str = "") -> Any:
    """A sheet's value as a cell: a Fraction or a Decimal to :data:`_PLACES` places; a figure
    whose ``label`` ends with :data:`~combin.stud.game.sheet.PERCENT` as a percentage (the
    same exact Fraction, :data:`_PLACES` places of percent).

    >>> from combin.render.document import shown
    >>> edge = Fraction(-1, 3)
    >>> shown(_exact(edge, "house edge per Ante")), shown(_exact(edge, "house edge per Ante, in percent"))
    ('-0.3333333333', '-33.3333333333%')
    """
    if isinstance(value, Fraction) and label.endswith(PERCENT):
        return Percent(value, _PLACES)
    return Number(value, _PLACES) if isinstance(value, Decimal) else (
        Ratio(value, _PLACES) if isinstance(value, Fraction) else value)


#: The sections of a sheet that are tables, in the order a sheet shows them: the section
#: (also the table's name), the title, the headings, and the row of one entry of the section.
_SECTION_TABLES: tuple[tuple[str, str, list[Any], Any], ...] = (
    ("summary", "Summary", ["Figure", "Value"],
     lambda entry: [entry[0], _exact(entry[1], entry[0])]),                # (figure, value)
    ("options", "How often each option is best", ["Option", "Probability", ("return", "Return")],
     lambda entry: [entry[0], _exact(entry[1]), _exact(entry[2])]),        # (option, p, return)
    ("results", "Final results", [("result", "Result"), "Probability", ("return", "Return")],
     lambda entry: [entry[1], _exact(entry[2]), _exact(entry[3])]),        # (id, name, p, return)
    ("instant", "Instant payout by paytable",
     ["Paytable", "Contribution", ("house_edge", "House edge")],
     lambda entry: [entry[0], _exact(entry[1]), _exact(entry[2])]),        # (paytable, c, edge)
    ("strata", "Strata (first five)", ["Stratum", ("share", "Share W_h"), "Draws", ("mean_ev", "Mean EV")],
     lambda entry: [entry[0], Ratio(entry[1], 6), entry[2], _exact(entry[3])]),   # (name, W, n, mean)
)


def sheet_document(sheet: "GameSheet", strategy: "Strategy | None" = None,
                   plain: bool = False, basic: Any = None) -> Document:
    """The sheet (and, given ``strategy``, its strategy tables) as a
    :class:`~combin.render.document.Document` of kind ``lunar_game``: tables ``summary``,
    ``options``, ``results``, ``instant`` and ``paytables`` (exact runs) or ``strata``
    (samples); with ``plain``
    also the strategy by plain hand and up card and the basic strategy derived from it.

    >>> from combin.stud.game.sheet import GameSheet
    >>> from combin.lunar import GAME as LUNAR
    >>> ident = {"title": LUNAR.title, "game": LUNAR.id, "mode": "exact",
    ...          "deck": {"ranks": "TJQKA", "cards": 20}, "paytable": "A",
    ...          "interpretations": {"L8": "push"}, "unit": "per unit of Ante"}
    >>> doc = sheet_document(GameSheet(ident, sections={"summary": [("House edge", Fraction(1, 20))]}))
    >>> doc.title, [table.name for table in doc.tables], doc.tables[0].rows[0][1].value
    ('Lunar Poker (exact)', ['summary'], Fraction(1, 20))
    >>> doc.notes[0].startswith("L8=push")        # each reading in words
    True
    """
    ident = sheet.identification
    sections = sheet.sections

    tables = [Table.of(section, title, headings, [row(entry) for entry in sections[section]])
              for section, title, headings, row in _SECTION_TABLES if section in sections]
    if sections.get("paytables"):       # after the instant table, before any strategy table
        tables.append(paytables_table(sections["paytables"], ident["paytable"]))
    if sections.get("round"):           # the round with the side wager every round carries
        title, rows = sections["round"]
        tables.append(Table.of("round", title, ["Figure", ("optimal", "Optimal play"),
                                                ("basic", "Basic strategy")],
                               [[label, _exact(optimal, label), _exact(basic, label)]
                                for label, optimal, basic in rows]))
    from combin.stud.core.rules import reading_notes
    # each reading in words (the question it answers and the answer), as every sheet gives them
    file_rows, file_notes = sheet_lines(ident.get("game_file"))
    notes = (file_notes + list(sections.get("notes", []))
             + reading_notes(ident["game"], ident["interpretations"]))
    if strategy is not None:
        more, more_notes = strategy_tables(strategy)
        tables += more
        notes += more_notes
        if plain:       # the strategy in a player's words and a basic strategy derived from it
            tables += derived_tables(strategy.totals, strategy.scale, basic)
    readings = ", ".join(f"{k}={v}" for k, v in ident["interpretations"].items())
    info: list[tuple[str, Any]] = [("Deck", f"{ident['deck']['ranks']} ({ident['deck']['cards']} cards)"),
            ("Paytable", Text(ident["paytable"])), ("Interpretations", readings),
            *((("Ruling required", Text(_ruling(sheet))),) if ident.get("ruling_required") else ()),
            *((name, Text(value)) for name, value in file_rows),
            ("Unit", ident["unit"]), ("Mode", ident["mode"]),
            *((key.capitalize(), Text(str(ident[key]))) for key in ("sample", "seed")
              if key in ident),
            *((("Shard plan", Text(ident["plan"])),) if "plan" in ident else ())]
    subject = tuple((key, value) for key, value in ident.items() if key != "tool")
    return Document("lunar_game", f"{ident['title']} ({ident['mode']})", tuple(info),
                    tuple(tables), notes=tuple(notes), subject=subject)


def _ruling(sheet: "GameSheet") -> str:
    """The sheet's "ruling required" sentence: the other readings that move its house edge
    (``ruling_required`` of its identification, as
    :func:`~combin.stud.game.sheet.reading_section` records them) with both figures."""
    from combin.stud.core.rules import load_rules
    ident = sheet.identification
    register = load_rules(ident["game"]).interpretations
    moving = [(row["interpretation"], row["reading"], Fraction(row["house_edge"]))
              for row in ident["ruling_required"]]
    edge = dict(sheet.sections["summary"])["house edge per Ante"]
    return ruling_words(edge, ident["interpretations"], moving,
                        {key: register[key].title for key, _, _ in moving})


def shards_document(run: "AssembledRun", multiple: Fraction = Fraction(1),
                    readings: "Readings | None" = None) -> Document:
    """The sheet of the exact run kept in a shards folder (``combin game lunar --shards``), read
    once into ``run`` (:func:`combin.stud.game.assembled.read_run`), with the strategy by plain
    hand and up card.  The derived basic strategy's exact cost is added when its second pass
    (``basic-NNN.json.gz`` beside the shards, :func:`~combin.stud.game.basic.run_basic`) is in
    for every shard.  Nothing is priced and no file is read here: the sheet is built from
    ``run`` alone, so the same folder gives the same bytes on any machine.  ``readings``: the
    default game's other readings, each one's house edge beside the sheet's own
    (:func:`~combin.stud.game.readings.reading_edges`)."""
    sheet = totals_sheet(run.deck, run.rules, run.scale, run.totals,
                         {"classes_total": run.totals.classes, "shards": run.shards,
                          "plan": run.plan}, multiple, run.nets,
                         basic_expected=None if run.basic is None or run.basic[1] is None
                         else run.basic[2], readings=readings)
    return sheet_document(sheet, run.strategy, plain=True, basic=run.basic)


def paytables_table(rows: list[tuple[str, dict[str, Any]]], current: str | None) -> Table:
    """The table ``paytables``: a row per figure, a column per instant paytable (``paytable_a``,
    ...), from the sheet's ``[(label, {paytable id: value})]``; ``current`` (the run's paytable)
    is marked in its heading.

    >>> rows = [("house edge per Ante, in percent", {"A": Fraction(1, 8), "B": Fraction(1, 4)})]
    >>> table = paytables_table(rows, "A")
    >>> [c.heading for c in table.columns], [c.key for c in table.columns]
    (['Figure', 'Paytable A (this run)', 'Paytable B'], ['figure', 'paytable_a', 'paytable_b'])
    >>> from combin.render.document import shown
    >>> [shown(c) for c in table.rows[0]]
    ['house edge per Ante, in percent', '12.5000000000%', '25.0000000000%']
    """
    ids = list(rows[0][1])
    headings: list[Any] = ["Figure", *((f"paytable_{pid.lower()}",
                                        f"Paytable {pid}" + (" (this run)" if pid == current else ""))
                                       for pid in ids)]
    return Table.of("paytables", "The whole game under each instant paytable", headings,
                    [[label, *(_exact(values[pid], label) for pid in ids)] for label, values in rows],
                    note="Every figure exact, from this run's sums: only the situations whose first "
                         "five is an instant event are re-priced (see the notes).")


def strategy_tables(strategy: "Strategy") -> tuple[list[Table], list[str]]:
    """The strategy table and the basic strategy: ``([Table, ...], [note, ...])``.

    A run that priced the best option alone (the full deck) has no other option's value: its
    strategy table gives how often each kind is best, and its basic strategy is the one derived
    from the optimal strategy (:func:`derived_tables`), priced by a second pass.
    """
    if not strategy.complete:
        rows = [[CLASS_NAMES.get(name, name), up, weight, kind_words(kind), Percent(share, 2)]
                for name, up, weight, kind, share, _ in strategy.table()]
        table = Table.of("strategy", "Strategy table: what to do, by the first five and the up card",
                         [("first_five", "First five"), "Up", "Situations", ("best", "Best most often"),
                          "Share"], rows,
                         note="Share: of the situations of that first five and up card, where an option "
                              "of that kind is the optimal one.")
        return [table], []
    costed: list[list[Any]] = []
    for name, up, weight, kind, share, cost in strategy.table():
        if cost is None:            # a complete run priced every option: every row has its cost
            raise AssertionError("a strategy row of a complete run without its cost")
        costed.append([CLASS_NAMES.get(name, name), up, weight, kind_words(kind), Percent(share, 2),
                       Ratio(cost, _PLACES)])
    table = Table.of("strategy", "Strategy table: what to do, by the first five and the up card",
                     [("first_five", "First five"), "Up", "Situations",
                      ("best", "Best most often"), "Share", ("cost", "Cost of always it")], costed,
                     note="Cost: what always taking the best option of that kind costs, per Ante "
                          "of the whole game, against the optimal option of every situation.")
    rules, citation = basic_rules(strategy.rules.stud)
    basic_rows = [[", ".join(hands), action] for hands, action in rules]
    basic = Table.of("basic_strategy", "Basic strategy", ["Hands", "Action"], basic_rows,
                     note=f"Source: {citation}.")
    found = strategy.basic() if strategy.exact else None
    if found is None:
        notes = ["On a sample the basic strategy's house edge is not summed exactly."]
        return [table, basic], notes
    edge = Table.of("basic_strategy_edge", "House edge with the basic strategy",
                    ["Figure", "Value"],
                    [["house edge per Ante", Ratio(-found[0], _PLACES)],
                     ["cost against optimal play, per Ante", Ratio(found[1], _PLACES)]])
    return [table, basic, edge], []


def derived_tables(totals: "GameTotals", scale: int, basic: Any = None) -> list[Table]:
    """The plain strategy table and the derived basic strategy as Tables.

    Where the run priced the best option alone, the plain table names the optimal action (as a
    player names it) and how often it is optimal, and the basic strategy is ``basic``:
    ``(BasicStrategy, [cost rows], expected result)`` of :mod:`combin.stud.game.basic`, or
    ``(BasicStrategy, None, (shards done, shards))`` while its second pass is not in for every
    shard: then its rules alone, with how far the pass has come.
    """
    if totals.complete != totals.classes:
        return _derived_from_actions(totals, scale, basic)
    plain = Table.of("plain_strategy", "Strategy by the first five and the up card",
                     [("hand", "First five"), ("up", "Up card"), "Situations",
                      ("best", "Best most often"), ("share", "Share"), ("cost", "Cost of always it")],
                     [[hand, up, weight, kind, Percent(share, 2), Ratio(cost, _PLACES)]
                      for hand, up, weight, kind, share, cost in plain_table(totals, scale)],
                     note="Share: of the situations of that first five and up card, where the option "
                          "of that kind is the optimal one. Cost: what always taking the best option "
                          "of that kind there costs, per Ante of the whole game.")
    rules, expected = derived_basic(totals, scale)
    rows = [[first if first == last else f"{first} to {last}", action, weight, Ratio(cost, _PLACES)]
            for first, last, action, weight, cost in rules]
    basic = Table.of("derived_basic_strategy",
                     f"Basic strategy derived from the optimal strategy ({len(rules)} rules)",
                     ["Hands", "Action", "Situations", ("cost", "Cost against optimal")], rows,
                     note="Each hand takes the one action that is best summed over its situations; "
                          "hands are listed strongest first and neighbours with the same action "
                          "share a rule. Cost: exact, per Ante of the whole game.")
    edge = Table.of("derived_basic_edge", "House edge with the derived basic strategy",
                    ["Figure", "Value"],
                    [["house edge per Ante", Ratio(-expected, _PLACES)],
                     ["cost against optimal play, per Ante",
                      Ratio(Fraction(totals.best, scale * totals.weight) - expected, _PLACES)]])
    return [plain, basic, edge]


def _derived_from_actions(totals: "GameTotals", scale: int, basic: Any) -> list[Table]:
    from combin.stud.game.strategy import action_table
    plain = Table.of("plain_strategy", "Strategy by the first five and the up card",
                     [("hand", "First five"), ("up", "Up card"), "Situations", ("best", "Optimal most often"),
                      ("share", "Share")],
                     [[hand, up, weight, action, Percent(share, 2)]
                      for hand, up, weight, action, share in action_table(totals)],
                     note="Optimal most often: the action (as a player names it) that is the optimal option "
                          "in the most situations of that first five and up card; Share: in how many of them.")
    if basic is None:
        return [plain]
    strategy, rows, expected = basic
    count = len(strategy.rules)
    title = f"Basic strategy derived from the optimal strategy ({count} rule{'s' if count > 1 else ''})"
    derived = ("Each hand takes the one action that is the optimal option in the most of its situations, "
               "whatever the up card; hands are listed strongest first and neighbours with the same action "
               "share a rule.")

    def hands(rule: Any) -> str:
        return rule.first if rule.first == rule.last else f"{rule.first} to {rule.last}"

    if rows is None:            # the second pass is not in for every shard: the rules alone
        done, shards = expected
        return [plain, Table.of(
            "derived_basic_strategy", title, ["Hands", "Action"],
            [[hands(rule), rule.action] for rule in strategy.rules],
            note=f"{derived} Its exact cost and house edge come from a second pass over the shards, in "
                 f"for {done} of {shards} of them so far: the same command (make lunar-game) goes on with it.")]
    table = Table.of("derived_basic_strategy", title,
                     ["Hands", "Action", ("differ", "Situations where it is not optimal"),
                      ("cost", "Cost against optimal")],
                     [[hands(rule), rule.action, weight, Ratio(cost, _PLACES)] for rule, _, weight, cost in rows],
                     note=f"{derived} Cost: exact, per Ante of the whole game, priced by a second pass over "
                          "every situation where the rule's option is not the optimal one.")
    optimal = Fraction(totals.best, scale * totals.weight)
    edge = Table.of("derived_basic_edge", "House edge with the derived basic strategy",
                    ["Figure", "Value"],
                    [["house edge per Ante", Ratio(-expected, _PLACES)],
                     ["house edge per Ante, in percent", Percent(-expected, 4)],
                     ["cost against optimal play, per Ante", Ratio(optimal - expected, _PLACES)]])
    return [plain, table, edge]
