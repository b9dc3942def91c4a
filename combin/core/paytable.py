"""Paytables: which event pays what, read from TOML data with its citation.

This module holds the :class:`Paytable` and the strict reader of
``[[paytable]]`` entries shared by the built-in data and users' files;
:mod:`combin.files.paytable_file` reads, chooses, checks and writes users' files.

A paytable belongs to one wager and lists its lines in settlement order: a
round is settled by the *first* line whose event it meets (a hand that fits
several lines is paid on the highest line only), and a round that meets no
line loses.  Built-in paytables live in each game's ``data/paytables.toml``;
a user's file (``--paytable-file FILE``, :mod:`combin.files.paytable_file`) has
the same shape, and may add rule sets in the shape of ``data/rulesets.toml``::

    [[paytable]]
    wager = "eclipse.moon8"
    id = "M30"
    title = "Moon 8 at 30 to 1"
    citation = "house proposal, not approved"

    [paytable.pays]
    player_wins_three_card_8 = "30 to 1"

    [[ruleset]]                      # optional; chosen with --rules
    id = "comm4"
    title = "Banker wins pay 24 to 25"
    citation = "house proposal"
    [ruleset.paytables]
    "baccarat.banker" = "comm4"      # a [[paytable]] of this file (or a built-in one)

Validation is strict: a file that is not TOML, a duplicate line, an unknown
wager, event or field, a missing citation, an id that is not a plain name or
that is already a built-in paytable (or rule set) of the same wager, a pay that
is not a positive exact number -- each is one :class:`~combin.errors.CombinError`
naming the file, the line and the reason.  A paytable that returns 100% or
more is allowed, with a loud warning on stderr
(:func:`combin.files.paytable_file.report_generous`).

Exactness: pays are read by :class:`~combin.core.pays.Pay` from their text, never
through a float, so a paytable is a tuple of exact fractions; writing one back
(:func:`combin.files.paytable_file.paytable_toml`) writes that same text, so a file round-trips to the
same exact pays.
"""

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from combin.errors import CombinError
from combin.core.pays import LOSS, Pay
from combin.core.wager import Event
from combin.files.tomlfile import ID_PATTERN, EntryReader, load_toml, location

__all__ = ["Paytable", "parse_paytables", "with_pay", "merge_paytables", "read_paytable_entries",
           # re-exported from combin.files.tomlfile, where the strict TOML reading lives:
           "ID_PATTERN", "load_toml", "EntryReader", "location"]

#: The longest pay text a file may hold ("1,000,000 to 1" is 14 characters); a
#: bound keeps every exact number small enough to print.
MAX_PAY_TEXT = 40

_PAYTABLE_FIELDS = ("wager", "id", "title", "citation", "derived_from", "events", "pays")

#: ``define(reader, index, wager, table) -> (events, conditions)``: a user file's own events
#: of one ``[paytable.events]`` table (see :mod:`combin.design.fields`).
DefineEvents = Callable[[EntryReader, int, str, Any],
                        tuple[tuple[Event, ...], tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]]]


@dataclass(frozen=True)
class Paytable:
    """One paytable of one wager: ``lines`` are ``(event id, Pay)`` in settlement order.

    ``source`` names where it was read (a file, or the game's data) and ``line``
    the line of its ``[[paytable]]`` header there (0 when unknown).  ``events`` are
    the events a user's file defines for it (``[paytable.events.ID]``: conditions
    on the outcome's fields, kept as written in ``conditions``).  A paytable
    from a user's file has ``user_file`` set and, when it was exported from
    another paytable, ``derived_from`` naming that one; :attr:`provenance` then
    says so, so that a regulation's citation is never shown as if it were the
    posted table.
    """

    wager: str
    id: str
    title: str
    citation: str
    lines: tuple[tuple[str, Pay], ...]
    source: str = "built-in"
    line: int = field(default=0, compare=False)
    derived_from: str = ""
    user_file: bool = False
    events: tuple[Event, ...] = ()
    conditions: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = field(default=(),
                                                                             compare=False)

    @property
    def provenance(self) -> str:
        """Where the pays come from: the citation of a built-in table; for a user's file,
        ``"user file NAME, derived from Paytable B (its citation: ...)"``."""
        if not self.user_file:
            return self.citation
        from pathlib import PurePath       # here: pathlib is not needed by a built-in table
        text = f"user file {PurePath(self.source).name}"
        if self.derived_from:
            text += f", derived from Paytable {self.derived_from}"
        return f"{text} (citation given: {self.citation})"

    def pay_for(self, event_id: str) -> Pay:
        """The pay of ``event_id`` in this paytable (a loss when it has no line)."""
        for event, pay in self.lines:
            if event == event_id:
                return pay
        return LOSS

    @property
    def where(self) -> str:
        """``"FILE, line N"`` (or just the source) for messages."""
        return f"{self.source}, line {self.line}" if self.line else self.source


def merge_paytables(tables: Mapping[tuple[str, str], "Paytable"],
                    extra: Iterable["Paytable"] = ()) -> dict[tuple[str, str], "Paytable"]:
    """``{(wager, id): Paytable}`` of ``tables`` with the paytables ``extra`` added (an extra
    paytable replaces one of the same wager and id) -- the one place paytables are merged."""
    return {**tables, **{(p.wager, p.id): p for p in extra}}


def with_pay(paytable: Paytable, event_id: str, pay: Pay) -> Paytable:
    """A copy of ``paytable`` whose line ``event_id`` pays ``pay`` (same order, same id)."""
    if not any(event == event_id for event, _ in paytable.lines):
        raise CombinError(f"paytable '{paytable.id}' of {paytable.wager} has no line {event_id!r}")
    return replace(paytable, lines=tuple((event, pay if event == event_id else old)
                                         for event, old in paytable.lines))


def _pay(reader: EntryReader, index: int, wager: str, event: str, printed: object) -> Pay:
    if isinstance(printed, str) and len(printed) > MAX_PAY_TEXT:
        reader.fail(f"{wager} event {event!r}: the pay {printed[:20]!r}... is longer than "
                    f"{MAX_PAY_TEXT} characters", "paytable", index, event)
    try:
        return Pay.parse(printed)
    except (CombinError, ValueError) as error:
        reader.fail(f"{wager} event {event!r}: {error}", "paytable", index, event)


def read_paytable_entries(reader: EntryReader, document: dict[str, Any],
                          events_of: Callable[[str], set[str] | frozenset[str] | None],
                          strict: bool,
                          reserved: Iterable[tuple[str, str]] | frozenset[tuple[str, str]] = frozenset(),
                          earlier: Mapping[tuple[str, str], str] | None = None,
                          define: DefineEvents | None = None) -> list[Paytable]:
    """Validate every ``[[paytable]]`` entry; ``reserved`` are taken ``(wager, id)`` pairs;
    ``define`` reads an entry's own events (a user's file), else ``events`` is refused."""
    earlier = earlier or {}
    found: list[Paytable] = []
    seen: dict[tuple[str, str], int] = {}
    for index, entry in enumerate(reader.entries(document, "paytable")):
        if strict:
            reader.unknown_fields(entry, "paytable", index, _PAYTABLE_FIELDS)
        wager = reader.text_field(entry, "paytable", index, "wager")
        pid = reader.plain_id(entry, "paytable", index) if strict else \
            reader.text_field(entry, "paytable", index, "id")
        reader.text_field(entry, "paytable", index, "citation")
        title = reader.text_field(entry, "paytable", index, "title", required=False)
        known = events_of(wager)
        if known is None:
            reader.fail(f"unknown wager {wager!r}", "paytable", index, "wager")
        if (wager, pid) in seen:
            reader.fail(f"paytable '{pid}' of {wager} is defined twice (first on line "
                        f"{seen[(wager, pid)]})", "paytable", index, "id")
        if (wager, pid) in reserved:
            reader.fail(f"paytable id '{pid}' of {wager} is a built-in paytable; give yours "
                        "another id", "paytable", index, "id")
        if (wager, pid) in earlier:
            reader.fail(f"paytable '{pid}' of {wager} is already defined in "
                        f"{earlier[(wager, pid)]}", "paytable", index, "id")
        seen[(wager, pid)] = reader.locate.entry("paytable", index)
        pays = entry.get("pays")
        if not isinstance(pays, dict) or not pays:
            reader.fail(f"paytable '{pid}' of {wager} has no [paytable.pays] lines",
                        "paytable", index, "pays" if "pays" in entry else None)
        events: tuple[Event, ...] = ()
        conditions: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()
        if "events" in entry:
            if define is None:
                reader.fail("a built-in paytable defines no events of its own", "paytable",
                            index, "events")
            events, conditions = define(reader, index, wager, entry["events"])
            known = set(known) | {event.id for event in events}
        lines = []
        for event, printed in pays.items():
            if event not in known:
                reader.fail(f"{wager} has no event {event!r} (it knows: "
                            f"{', '.join(sorted(known))})", "paytable", index, event)
            lines.append((event, _pay(reader, index, wager, event, printed)))
        derived = reader.text_field(entry, "paytable", index, "derived_from",
                                    required=False) if strict else None
        found.append(Paytable(wager, pid, title or f"Paytable {pid}", entry["citation"],
                              tuple(lines), reader.source, reader.locate.entry("paytable", index),
                              derived or "", strict, events, conditions))
    return found


def parse_paytables(text: str, source: str,
                    events_of: Callable[[str], set[str] | frozenset[str] | None]) -> list[Paytable]:
    """Read every ``[[paytable]]`` of a game's TOML data.

    ``events_of(wager_id)`` returns the event ids a wager knows, or ``None`` for
    an unknown wager.  Returns a list of :class:`Paytable`.
    """
    reader = EntryReader(text, source)
    document = load_toml(text, source)
    found = read_paytable_entries(reader, document, events_of, strict=False)
    if not found:
        reader.fail("no [[paytable]] entry found")
    return found
