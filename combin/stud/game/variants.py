"""The variants table: a stud game with draws, its default and each single change, exact.

The changes are data: the game's ``data/variants.toml``, a list of ``[[change]]`` entries, each
with an ``id``, a ``title``, a ``citation`` and either ``interpret`` (readings switched, as
``--interpret``) or ``game`` (a game-file fragment, as ``--game-file``; nothing for the default).
:func:`load_changes` reads and checks them; :func:`change_rules` turns one into the
:class:`~combin.stud.core.rules.Rules` it plays; :func:`price_change` runs the exact game
(:func:`combin.stud.game.remedy.exact_run`) and keeps its figures as exact fractions
(:class:`Row`); :func:`variants_document` lays out the table.

>>> changes = parse_changes('title = "t"\\ncitation = "c"\\n[[change]]\\nid = "a"\\ntitle = "A"\\n'
...                         'citation = "c"\\ninterpret = { L8 = "even-money" }\\n', "x.toml")
>>> changes[0].id, changes[0].interpret, changes[0].game
('a', (('L8', 'even-money'),), ())
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from collections.abc import Sequence
from typing import Any, TextIO

from combin.errors import CombinError
from combin.core.game import read_data
from combin.stud.core.variant import parse_variant, variant_rules
from combin.stud.game.remedy import game_file_text
from combin.stud.game.remedy import exact_run
from combin.render.document import Document, Number, Percent, Ratio, Table, Text
from math import comb
from combin.files.display import sqrt
import os
from combin.stud.game.sheet import totals_sheet

__all__ = ["Change", "Row", "load_changes", "parse_changes", "change_rules", "price_change", "variants_document",
           "table_name", "FIGURES"]

#: The round's figures of a row (its house edge and variance per Ante), by their label in the
#: exact sheet's round section (:func:`combin.stud.game.sheet.round_section`).
ROUND_FIGURES = ("house edge of the round per Ante", "variance of the round per Ante^2")

#: The figures of a row, by their label on the exact sheet's summary.
FIGURES = (("expected", "expected result per Ante"), ("edge", "house edge per Ante"),
           ("risk", "element of risk (house edge per unit wagered)"), ("variance", "variance per Ante^2"),
           ("drawing", "probability of drawing (buy or exchange)"))


@dataclass(frozen=True)
class Change:
    """One row's change: ``interpret`` ((id, value) pairs) or ``game`` ((dotted key, value) pairs)."""

    id: str
    title: str
    citation: str
    interpret: tuple[tuple[str, str], ...]
    game: tuple[tuple[str, Any], ...]

    def text(self) -> str:
        """The change in a few words, as the table shows it.

        >>> Change("x", "X", "c", (), (("draws.fee", 2),)).text()
        'draws.fee = 2'
        """
        parts = [f"{k}={v}" for k, v in self.interpret] + [f"{k} = {v}" for k, v in self.game]
        return "; ".join(parts) or "none (the default)"

    @property
    def is_default(self) -> bool:
        """Whether this is the default game (no reading switched, no rule changed)."""
        return not self.interpret and not self.game


@dataclass(frozen=True)
class Row:
    """A priced change: its figures, exact (``expected``, ``edge``, ``risk``, ``variance``,
    ``drawing``) and the SD (a decimal of the exact variance)."""

    change: Change
    expected: Fraction
    edge: Fraction
    risk: Fraction
    variance: Fraction
    drawing: Fraction
    #: The house edge per Ante under each instant paytable (the run's and the others, re-priced from
    #: its sums), by paytable id.
    paytables: tuple[tuple[str, Fraction], ...] = ()
    #: The round as dealt, with the mandatory Super at 1 x Ante: its house edge per Ante and its
    #: variance per Ante^2 (None where the run's totals do not keep the Super's sums).
    round_edge: Fraction | None = None
    round_variance: Fraction | None = None

    @property
    def sd(self) -> Decimal:
        return sqrt(self.variance)

    @property
    def round_sd(self) -> Decimal | None:
        return None if self.round_variance is None else sqrt(self.round_variance)


def _flat(document: dict[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for key, value in document.items():
        if isinstance(value, dict):
            out += _flat(value, f"{prefix}{key}.")
        else:
            out.append((f"{prefix}{key}", value))
    return out


def parse_changes(text: str, source: str) -> list[Change]:
    """The changes of a variants file's ``text`` (``source`` names it in a complaint)."""
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise CombinError(f"{source}: {error}") from None
    changes, seen = [], set()
    for entry in document.get("change", []):
        missing = [k for k in ("id", "title", "citation") if not isinstance(entry.get(k), str)]
        unknown = sorted(set(entry) - {"id", "title", "citation", "interpret", "game"})
        if missing or unknown:
            raise CombinError(f"{source}: change {entry.get('id', '?')!r}: "
                              + (f"needs {', '.join(missing)}" if missing else f"unknown keys {', '.join(unknown)}"))
        if entry["id"] in seen:
            raise CombinError(f"{source}: change {entry['id']!r} twice")
        seen.add(entry["id"])
        changes.append(Change(entry["id"], entry["title"], entry["citation"],
                              tuple((str(k), str(v)) for k, v in entry.get("interpret", {}).items()),
                              tuple(_flat(entry.get("game", {})))))
    if not changes:
        raise CombinError(f"{source}: no [[change]]")
    return changes


def load_changes(game: Any) -> tuple[dict[str, Any], list[Change]]:
    """``(the file's title and citation, its changes)``: the game's own ``data/variants.toml``."""
    text = read_data(game.package, "variants.toml")
    head = tomllib.loads(text)
    return {"title": head["title"], "citation": head["citation"]}, parse_changes(text, "variants.toml")


def change_rules(game: Any, change: Change, paytable: str | None = None) -> Any:
    """The :class:`~combin.stud.core.rules.Rules` of one change of the registered ``game``: its
    fragment as a game file derived from it (checked as any game file), its readings switched."""
    if not change.game:
        return game.resolve(paytable, dict(change.interpret))
    text = game_file_text(game.game.id, list(change.game), change.title).replace('id = "remedy"', f'id = "{change.id}"')
    text = text.replace("a remedy priced by combin solve (one setting varied)", change.citation.replace('"', "'"))
    return variant_rules(parse_variant(text, f"variants.toml [{change.id}]")).resolve(paytable, dict(change.interpret))


def price_change(game: Any, deck: Any, change: Change, *, workers: int = 0, store_path: Any = None,
                 stream: TextIO | None = None, shards: Any = None, committed: Any = None) -> Row | None:
    """One change priced exactly on ``deck`` (through the store: a row computed once is read back).
    With ``shards`` (a folder), the run is cut into shards kept in ``shards/ID`` (the way of the
    full deck: hours, resumable, in files): ``None`` until every shard of the row is in.
    ``committed``: the folder of the default game's committed run, which the default row reads
    when ``shards/default`` is not there (the 52-card run is not made again for the table)."""
    rules = change_rules(game, change)
    if stream is not None:
        stream.write(f"variants: {change.id} on {deck.text}\n")
        stream.flush()
    if shards is not None:
        from combin.stud.game.assembled import read_run
        from combin.stud.game.shards import run_shards
        folder = os.path.join(shards, change.id)
        if change.is_default and committed is not None and not os.path.exists(folder):
            folder = committed          # read, never written: a complete run or a complaint
            if stream is not None:
                stream.write(f"variants: the default row is the committed run in {folder}\n")
        else:
            run_shards(deck, rules, folder, None if deck.full else 4, workers=workers,
                       store_path=store_path, stream=stream)
        found = read_run(deck, rules, folder)
        if found is None and folder == committed:
            raise CombinError(f"{folder}: not every shard of the committed run is there")
        if found is None:
            return None
        sheet = totals_sheet(deck, rules, found.scale, found.totals)
    else:
        sheet = exact_run(deck, rules, workers, store_path, stream).sheet
    summary = dict((row[0], row[1]) for row in sheet.sections["summary"])
    paytables = tuple((paytable, Fraction(edge)) for paytable, _, edge in sheet.sections.get("instant", []))
    # the round as dealt (totals_sheet adds it at 1 x Ante): its optimal column
    round_rows = dict((label, optimal) for label, optimal, _ in sheet.sections.get("round", ("", []))[1])
    edge, variance = (round_rows.get(label) for label in ROUND_FIGURES)
    expected, house_edge, risk, spread, drawing = (Fraction(summary[label]) for _, label in FIGURES)
    return Row(change, expected, house_edge, risk, spread, drawing, paytables,
               None if edge is None else Fraction(edge), None if variance is None else Fraction(variance))


def table_name(deck: Any) -> str:
    """``variants`` on the full deck, ``variants-RANKS`` on a reduced one.

    >>> from combin.stud.core.deck import Deck
    >>> table_name(Deck.parse(None)), table_name(Deck.parse("JQKA"))
    ('variants', 'variants-JQKA')
    """
    return "variants" if deck.full else f"variants-{deck.text}"


def variants_document(game: Any, deck: Any, head: dict[str, Any], rows: list[Row],
                      pending: Sequence[str] = ()) -> Any:
    """The variants table as a Document (tables ``variants`` and ``changes``); ``pending``: the ids of
    the changes of the data that the table does not hold (named in a note)."""
    base = next((row for row in rows if not row.change.interpret and not row.change.game), None)
    # the instant paytables other than the run's (Paytable A): a column each
    others = sorted({paytable for row in rows for paytable, _ in row.paytables} - {"A"})
    body = []
    for row in rows:
        edges = dict(row.paytables)
        body.append((row.change.id, row.change.text(), Ratio(row.edge), Percent(row.edge),
                     Text(None) if base is None else Percent(row.edge - base.edge),
                     *(Percent(edges[p]) if p in edges else Text(None) for p in others),
                     Percent(row.risk), Ratio(row.variance), Number(row.sd, 6), Ratio(row.drawing),
                     Text(None) if row.round_edge is None else Percent(row.round_edge),
                     Text(None) if row.round_sd is None else Number(row.round_sd, 6)))
    table = Table.of("variants", "The default and each single change, under optimal play",
                     [("change", "Change"), ("rule", "Rule changed"), ("house_edge", "House edge per Ante"),
                      ("house_edge_percent", "House edge (%)"), ("change_from_default", "Change from the default (% of an Ante)"),
                      *((f"house_edge_paytable_{p}", f"House edge, instant Paytable {p} (%)") for p in others),
                      ("element_of_risk", "Element of risk (%)"), ("variance", "Variance per Ante^2"),
                      ("sd", "SD per Ante"), ("probability_of_drawing", "Probability of drawing"),
                      ("round_house_edge", "Round with the Super at 1 x Ante: house edge per Ante (%)"),
                      ("round_sd", "Round with the Super: SD per Ante")], body)
    sources = Table.of("changes", "The changes and their sources", ["Change", "Title", "Citation"],
                       [(row.change.id, row.change.title, row.change.citation) for row in rows])
    n = len(deck)
    notes = [f"{head['title']}: every figure exact over the {comb(n, 5) * (n - 5):,} situations of {deck.text} "
             f"({n} cards) under optimal play, Paytable A; the house edge is minus the expected result per Ante, "
             "the element of risk the house edge per unit wagered (the Ante, the Bet and the fees paid), the SD "
             "the square root of the exact variance.",
             "The changes are data: the game's data/variants.toml (a reading switched, or a game-file fragment "
             "of a game file derived from the game).",
             "The house edge under the other instant paytables comes from each row's own run, re-pricing only the "
             "situations whose first five is an instant event (as the exact sheet does); the round is the game "
             "with the mandatory Super on the player's own hand at 1 x Ante (58 Pa. Code § 671a.7(c)(2)), its "
             "house edge per Ante exact; its SD needs the game's value summed by the Super's key of the first "
             "five, split among each class's members by their own key (the Super reads the suits' colours, which a "
             "class's members do not share)."]
    blank = [row.change.id for row in rows if row.round_sd is None]
    if blank:
        notes.append(f"The round's SD is blank for {', '.join(blank)}: its shards were written before a run kept the "
                     "game's sums by each class member's own key (their sums, by each class's canonical five alone, "
                     "are not read); running the row again fills it.")
    if not deck.full:
        notes.append("The 52-card rows need the full exact runs (each an exact run of the whole game, hours of "
                     f"CPU each): combin {game.game.id} variants --shards DIR --only ID --workers N prices one row on the "
                     "full deck into shards (DIR/ID, resumable), and the same command without --only writes the table "
                     "once every row's shards are in; this table is of a reduced deck.")
    if pending:
        notes.append(f"This table holds {len(rows)} of the {len(rows) + len(pending)} rows of the data: the exact "
                     f"runs of {', '.join(pending)} are not in it (priced with --only ID, each into its own "
                     "shards; the table is written again with them).")
    identification = (("Game", game.title), ("Deck", f"{deck.text} ({len(deck)} cards)"),
                      ("Citation", head["citation"]))
    subject = (("game", game.game.id), ("deck", deck.text), ("changes", [row.change.id for row in rows]))
    return Document("variants", head["title"], identification, (table, sources), tuple(notes), (), subject)
