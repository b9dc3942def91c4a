"""Users' paytable files: read, check, choose, warn, write.

``--paytable-file FILE`` (repeatable) brings a user's paytables and rule sets
beside the built-in ones.  :func:`read_paytable_files` validates them against
the :class:`Catalog` of every game (an unknown wager or event, an id already
built in, a rule set naming a missing paytable: one
:class:`~combin.errors.CombinError` naming file, line and reason);
:func:`choose` and :func:`apply_files` select a file's paytable for a
request; :func:`report_generous` warns when a paytable returns 100% or more;
:func:`paytable_toml` writes paytables back in the same shape, so a file
round-trips to the same exact pays.
"""

import re
import sys
from dataclasses import dataclass, field
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NoReturn, TextIO

import tomli_w

from combin.files import display
from combin.core.analysis import par_sheet
from combin.files.bounded import plain_text
from combin.design.fields import custom_event, fields_of
from combin.errors import CombinError
from combin.files.fileio import PathLike, read_text
from combin.core.game import RuleSet
from combin.core.paytable import (EntryReader, Paytable, load_toml, location,
                             read_paytable_entries)
from combin.registry import find_game, games

_RULESET_FIELDS = ("id", "title", "citation", "paytables")

#: A paytable file is a few kilobytes; a larger one is refused unread.
MAX_FILE_BYTES = 1024 * 1024

__all__ = ["PaytableFile", "Catalog", "catalog", "parse_paytable_file", "read_paytable_file",
           "read_paytable_files", "choose", "apply_files", "warn_generous", "return_warning", "report_generous",
           "paytable_toml"]


# --- A user's paytable file ------------------------------------------------------------------

@dataclass(frozen=True)
class Catalog:
    """What a paytable file is checked against: the games' wagers, paytables and rule sets.

    ``wagers`` maps a wager id to ``(game id, event ids, takes its paytable from
    the rule set)``; ``paytables`` holds the built-in ``(wager, id)`` pairs and
    ``rulesets`` the built-in ``(game, rule-set id)`` pairs.
    """

    wagers: dict[str, tuple[str, frozenset[str], bool]]
    paytables: frozenset[tuple[str, str]]
    rulesets: frozenset[tuple[str, str]]

    def events_of(self, wager_id: str) -> frozenset[str] | None:
        found = self.wagers.get(wager_id)
        return None if found is None else found[1]

    def game_of(self, wager_id: str) -> str:
        return self.wagers[wager_id][0]

    def ruled(self, wager_id: str) -> bool:
        found = self.wagers.get(wager_id)
        return bool(found and found[2])


def catalog() -> Catalog:
    """The :class:`Catalog` of every registered game."""
    wagers: dict[str, tuple[str, frozenset[str], bool]] = {}
    paytables: set[tuple[str, str]] = set()
    rulesets: set[tuple[str, str]] = set()
    for game in games():
        imposed = {w for r in game.rulesets.values() for w in r.paytables}
        for wager in game.wagers.values():
            wagers[wager.id] = (game.id, frozenset(wager.event_ids), wager.id in imposed)
        paytables.update(game.paytables)
        rulesets.update((game.id, rid) for rid in game.rulesets)
    return Catalog(wagers, frozenset(paytables), frozenset(rulesets))


@dataclass(frozen=True)
class PaytableFile:
    """The paytables and rule sets of one or more user files.

    ``rulesets`` are :class:`~combin.core.game.RuleSet` objects; ``ruleset_sources``
    maps a rule-set id to ``"FILE, line N"``.
    """

    sources: tuple[str, ...]
    paytables: tuple[Paytable, ...]
    rulesets: tuple[RuleSet, ...] = ()
    ruleset_sources: dict[str, str] = field(default_factory=dict)

    def of(self, wager_id: str) -> list[Paytable]:
        return [p for p in self.paytables if p.wager == wager_id]


def _rulesets(reader: EntryReader, document: dict[str, Any], known: Catalog, paytables: list[Paytable], earlier: "PaytableFile") -> tuple[list[RuleSet], dict[str, str]]:
    found: list[RuleSet] = []
    sources: dict[str, str] = {}
    seen: dict[str, int | None] = {}
    available = {(p.wager, p.id) for p in paytables} | known.paytables | \
        {(p.wager, p.id) for p in earlier.paytables}
    taken = {rid for _, rid in known.rulesets}
    for index, entry in enumerate(reader.entries(document, "ruleset")):
        reader.unknown_fields(entry, "ruleset", index, _RULESET_FIELDS)
        rid = reader.plain_id(entry, "ruleset", index)
        citation = reader.text_field(entry, "ruleset", index, "citation")
        title = reader.text_field(entry, "ruleset", index, "title", required=False)
        where = reader.locate.entry("ruleset", index)
        if rid in seen:
            reader.fail(f"rule set '{rid}' is defined twice (first on line {seen[rid]})",
                        "ruleset", index, "id")
        if rid in taken:
            reader.fail(f"rule set id '{rid}' is a built-in rule set; give yours another id",
                        "ruleset", index, "id")
        if rid in earlier.ruleset_sources:
            reader.fail(f"rule set '{rid}' is already defined in {earlier.ruleset_sources[rid]}",
                        "ruleset", index, "id")
        seen[rid] = where
        chosen = entry.get("paytables")
        if not isinstance(chosen, dict) or not chosen:
            reader.fail(f"rule set '{rid}' names no paytable: add [ruleset.paytables] lines "
                        "such as \"baccarat.banker\" = \"ID\"", "ruleset", index,
                        "paytables" if "paytables" in entry else None)
        games = set()
        for wager, pid in chosen.items():
            if known.events_of(wager) is None:
                reader.fail(f"rule set '{rid}' names an unknown wager {wager!r}",
                            "ruleset", index, wager)
            if not isinstance(pid, str) or (wager, pid) not in available:
                reader.fail(f"rule set '{rid}': {wager} has no paytable {pid!r} (neither "
                            "built-in nor in the file)", "ruleset", index, wager)
            games.add(known.game_of(wager))
        if len(games) > 1:
            reader.fail(f"rule set '{rid}' names wagers of different games "
                        f"({', '.join(sorted(games))})", "ruleset", index, "id")
        found.append(RuleSet(rid, title or f"Rule set {rid}", citation, dict(chosen)))
        sources[rid] = location(reader.source, where)
    return found, sources


def parse_paytable_file(text: str, source: str, known: Catalog | None = None, earlier: PaytableFile | None = None) -> PaytableFile:
    """Validate a user's paytable file (``text`` read from ``source``).

    ``known`` is the :class:`Catalog` to check against (default: every game);
    ``earlier`` a :class:`PaytableFile` already read, whose ids this file may
    not repeat and whose paytables its rule sets may name.
    """
    known = known or catalog()
    earlier = earlier or PaytableFile((), ())
    reader = EntryReader(text, source)
    document = load_toml(text, source)
    for name in document:
        if name not in ("paytable", "ruleset"):
            reader.fail(f"unknown section {name!r} (a paytable file holds [[paytable]] and "
                        "[[ruleset]] entries)", key=name)
    earlier_tables = {(p.wager, p.id): p.where for p in earlier.paytables}
    paytables = read_paytable_entries(reader, document, known.events_of, strict=True,
                                      reserved=known.paytables, earlier=earlier_tables,
                                      define=_definer(known))
    for index, table in enumerate(paytables):
        if table.events:
            _check_events(reader, index, table, known)
    rulesets, sources = _rulesets(reader, document, known, paytables, earlier)
    if not paytables and not rulesets:
        reader.fail("no [[paytable]] or [[ruleset]] entry found")
    return PaytableFile((source,), tuple(paytables), tuple(rulesets), sources)


def read_paytable_file(path: "PathLike", known: Catalog | None = None, earlier: PaytableFile | None = None) -> PaytableFile:
    """Read and validate one paytable file; see :func:`parse_paytable_file`.

    Only a regular file of at most :data:`MAX_FILE_BYTES` is read
    (:func:`combin.files.fileio.read_text`): ``/dev/zero``, a FIFO or a directory is
    refused before it is opened.
    """
    text = read_text(path, MAX_FILE_BYTES, "paytable file")
    plain_text(str(path), "the paytable file's name")     # its name is printed on every sheet
    return parse_paytable_file(text, str(path), known, earlier)


def read_paytable_files(paths: Iterable["PathLike"], known: Catalog | None = None) -> PaytableFile:
    """Read several files into one :class:`PaytableFile`; an id may be defined only once."""
    known = known or catalog()
    merged = PaytableFile((), ())
    for path in paths:
        one = read_paytable_file(path, known, merged)
        merged = PaytableFile(merged.sources + one.sources, merged.paytables + one.paytables,
                              merged.rulesets + one.rulesets,
                              {**merged.ruleset_sources, **one.ruleset_sources})
    return merged


# --- A file's own events ---------------------------------------------------------------------

def _event_line(reader: EntryReader, index: int, event_id: str, key: str | None = None) -> int | None:
    """The line of ``[paytable.events.EVENT]`` in entry ``index`` (or of its ``key = ...``)."""
    lines = reader.locate.lines
    header = re.compile(rf"""^\s*\[\s*paytable\s*\.\s*events\s*\.\s*["']?{re.escape(event_id)}["']?\s*\]""")
    start = reader.locate.entry("paytable", index) or 1
    for number in range(start, len(lines) + 1):
        if header.match(lines[number - 1]):
            if key is None:
                return number
            pattern = re.compile(rf"""^\s*["']?{re.escape(key)}["']?\s*=""")
            for inner in range(number + 1, len(lines) + 1):
                if lines[inner - 1].lstrip().startswith("["):
                    break
                if pattern.match(lines[inner - 1]):
                    return inner
            return number
    return reader.locate.key("paytable", index, event_id)


def _fail_at(reader: EntryReader, line: int | None, reason: str) -> NoReturn:
    raise CombinError(f"{location(reader.source, line)}: {reason}")


def _definer(known: Catalog) -> Callable[..., tuple[tuple[Any, ...], tuple[Any, ...]]]:
    """The ``define`` of :func:`combin.core.paytable.read_paytable_entries`: a paytable's own events
    (:mod:`combin.design.fields`), each checked against its game's fields."""
    def define(reader: EntryReader, index: int, wager: str, table: Any) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        if not isinstance(table, dict) or not table:
            reader.fail(f"{wager}: [paytable.events] holds no event; define one as "
                        "[paytable.events.ID] with a title and conditions", "paytable", index,
                        "events")
        try:
            fields = fields_of(known.game_of(wager))
        except CombinError as error:
            reader.fail(f"{wager}: {error}", "paytable", index, "events")
        builtin = {e for w in find_game(known.game_of(wager)).wagers.values() for e in w.event_ids}
        events: list[Any] = []
        conditions: list[tuple[str, tuple[Any, ...]]] = []
        for event_id, spec in table.items():
            line = _event_line(reader, index, event_id)
            if not isinstance(spec, dict):
                _fail_at(reader, line, f"{wager} event {event_id!r} must be a table "
                                       f"[paytable.events.{event_id}] of conditions")
            if not re.fullmatch(r"[a-z][a-z0-9_]{0,39}", event_id):
                _fail_at(reader, line, f"{wager} event id {event_id!r} must be a plain name "
                                       "(lower-case letters, digits, _)")
            if event_id in builtin:
                _fail_at(reader, line, f"{event_id!r} is a built-in event of {wager}'s game; "
                                       "give yours another id")
            title = spec.get("title")
            if not isinstance(title, str) or not title.strip():
                _fail_at(reader, line, f"{wager} event {event_id!r} needs a text field 'title'")
            rules = {key: value for key, value in spec.items() if key != "title"}
            for key in rules:
                if key not in fields:
                    _fail_at(reader, _event_line(reader, index, event_id, key),
                             f"{wager} event {event_id!r}: unknown field {key!r} (fields: "
                             f"{', '.join(fields)}; see combin list --events {wager})")
            try:
                events.append(custom_event(known.game_of(wager), event_id, title, rules))
            except CombinError as error:
                bad = next((k for k in rules if f"{k!r}" in str(error)), None)
                _fail_at(reader, _event_line(reader, index, event_id, bad),
                         f"{wager} event {event_id!r}: {error}")
            conditions.append((event_id, tuple(spec.items())))
        return tuple(events), tuple(conditions)
    return define


def _check_events(reader: EntryReader, index: int, table: Paytable, known: Catalog) -> None:
    """An event of the file no round fits, a line no round is settled on, two lines that fit
    the same rounds: each one line naming file and line (on the game's own shoe)."""
    game = find_game(known.game_of(table.wager))
    wager = game.wagers[table.wager]
    chosen = {key: game.interpretations[key].default for key in wager.interpretations}
    own = {event.id: event for event in table.events}
    rows = [own.get(event) or wager.event(event) for event, _ in table.lines]
    space = game.space()
    fits: list[set[Any]] = [set() for _ in rows]
    settled = [0] * len(rows)
    for outcome, count in space.items():
        if not count:
            continue
        first = None
        for i, event in enumerate(rows):
            if event.holds(outcome, chosen):
                fits[i].add(outcome)
                first = i if first is None else first
        if first is not None:
            settled[first] += count
    for i, event in enumerate(rows):
        line = _event_line(reader, index, event.id)
        if event.id in own and not fits[i]:
            _fail_at(reader, line, f"{table.wager} event {event.id!r} can never happen: no "
                                   f"round of {space.shoe} fits it")
        for j, other in enumerate(rows):
            if j > i and fits[j] == fits[i] and own.keys() & {event.id, other.id}:
                mine = event.id if event.id in own else other.id
                _fail_at(reader, _event_line(reader, index, mine), f"{table.wager} lines {other.id!r} and {event.id!r} can "
                                       "never be told apart: they fit exactly the same rounds")
        if fits[i] and not settled[i]:
            earlier = ", ".join(rows[j].id for j in range(i) if fits[j] & fits[i])
            _fail_at(reader, line, f"{table.wager} line {event.id!r} never settles a round: "
                                   f"every round it fits is settled by an earlier line ({earlier})")


# --- Choosing a file's paytable for a request ------------------------------------------------

def choose(loaded: PaytableFile, wager_id: str, paytable: str | None, rules: str | None, ruled: bool) -> tuple[str | None, str | None]:
    """``(paytable, rules)`` for ``wager_id`` once the files ``loaded`` are read.

    With no ``--paytable`` and no ``--rules``, a file that holds exactly one
    paytable of the wager selects it (several: the user must choose).  A wager
    whose paytable comes from its rule set (``ruled``: the Banker) is selected
    through a file rule set naming that paytable.
    """
    mine = loaded.of(wager_id)
    files = " and ".join(loaded.sources)

    def naming(pid: str | None = None) -> list[RuleSet]:
        return [r for r in loaded.rulesets
                if wager_id in r.paytables and (pid is None or r.paytables[wager_id] == pid)]

    if rules is not None:
        return paytable, rules
    if ruled:
        wanted = paytable if paytable is not None else (mine[0].id if len(mine) == 1 else None)
        candidates = naming(wanted)
        if paytable is None and len(mine) > 1 and not candidates:
            raise CombinError(f"{files} holds {len(mine)} paytables of {wager_id} "
                              f"({', '.join(p.id for p in mine)}); add a [[ruleset]] for the "
                              "one you want and choose it with --rules")
        if len(candidates) == 1:
            return paytable, candidates[0].id
        if len(candidates) > 1:
            raise CombinError(f"{files} holds {len(candidates)} rule sets for {wager_id} "
                              f"({', '.join(r.id for r in candidates)}); choose one with --rules")
        if wanted is not None and any(p.id == wanted for p in mine):
            raise CombinError(f"{files}: {wager_id} takes its paytable from the rule set; add a "
                              f"[[ruleset]] naming paytable '{wanted}' and choose it with --rules")
        return paytable, rules
    if paytable is None and len(mine) == 1:
        return mine[0].id, rules
    if paytable is None and len(mine) > 1:
        raise CombinError(f"{files} holds {len(mine)} paytables of {wager_id} "
                          f"({', '.join(p.id for p in mine)}); choose one with --paytable")
    return paytable, rules


def apply_files(options: dict[str, Any], paths: Iterable["PathLike"], wager_id: str | None = None, stream: TextIO | None = None, warn: bool = True) -> PaytableFile:
    """Read ``--paytable-file`` files into the :func:`combin.core.analysis.par_sheet` ``options``.

    Sets ``extra_paytables`` (and ``extra_rulesets`` when a file has rule sets),
    selects the file's paytable for ``wager_id`` (:func:`choose`), and warns on
    ``stream`` (stderr) when that paytable returns 100% or more -- unless
    ``warn`` is false: a command that builds that very sheet anyway warns with
    :func:`warn_generous` instead of building it twice.  Returns the
    :class:`PaytableFile`.
    """
    known = catalog()
    loaded = read_paytable_files(paths, known)
    options["extra_paytables"] = list(loaded.paytables)
    if loaded.rulesets:
        options["extra_rulesets"] = list(loaded.rulesets)
    if wager_id is None or known.events_of(wager_id) is None:
        return loaded  # no wager, or an unknown one the command reports itself
    options["paytable"], options["rules"] = choose(
        loaded, wager_id, options.get("paytable"), options.get("rules"), known.ruled(wager_id))
    if warn and loaded.of(wager_id):
        warn_generous(options, par_sheet(wager_id, **options), stream)
    return loaded


def warn_generous(options: Mapping[str, Any], sheet: Any, stream: TextIO | None = None) -> None:
    """:func:`report_generous` for ``sheet`` when its paytable came from a user's file."""
    for table in options.get("extra_paytables", ()):
        if (table.wager, table.id) == (sheet.wager, sheet.paytable):
            report_generous(table, sheet, stream)


# --- Warnings --------------------------------------------------------------------------------

def return_warning(paytable: Paytable, sheet: Any) -> str | None:
    """The warning for a paytable whose par sheet returns 100% or more, else ``None``."""
    s = sheet.summary
    if s.return_to_player < 1:
        return None
    return (f"{paytable.where}: paytable '{paytable.id}' of {paytable.wager} returns "
            f"{display.percent(s.return_to_player)} to the player (house edge "
            f"{display.percent(s.house_edge)}, exactly {display.rational(s.house_edge)}) "
            f"with {sheet.shoe}: the house does not win on it")


def report_generous(paytable: Paytable, sheet: Any, stream: TextIO | None = None) -> str | None:
    """Print :func:`return_warning` as one loud line on ``stream`` (stderr) if it applies."""
    message = return_warning(paytable, sheet)
    if message:
        print(f"combin: WARNING: {message}", file=stream or sys.stderr)
    return message


# --- Writing ---------------------------------------------------------------------------------

def _table(name: str, fields: dict[str, Any], sub: str, lines: dict[str, Any]) -> str:
    return "\n".join([f"[[{name}]]", tomli_w.dumps(fields).rstrip("\n"), f"[{name}.{sub}]",
                      tomli_w.dumps(lines).rstrip("\n")])


def paytable_toml(paytables: Iterable[Paytable], rulesets: Iterable[RuleSet] = (), comments: Iterable[str] = ()) -> str:
    """Paytables (and rule sets) as a paytable file, in the shape :func:`parse_paytable_file` reads.

    Each pay is written as its printed text (``"19 to 20"``), which reads back
    to the same exact fraction.
    """
    parts = [f"# {line}".rstrip() for line in comments]
    for table in paytables:
        fields = {"wager": table.wager, "id": table.id, "title": table.title,
                  "citation": table.citation}
        if table.derived_from:
            fields["derived_from"] = table.derived_from
        own: list[str] = []
        for event_id, spec in table.conditions:
            own += [f"[paytable.events.{event_id}]", tomli_w.dumps(dict(spec)).rstrip("\n")]
        written = _table("paytable", fields, "pays",
                         {event: pay.text for event, pay in table.lines}).split("\n")
        at = written.index("[paytable.pays]")
        parts += ["", "\n".join(written[:at] + own + written[at:])]
    for ruleset in rulesets:
        fields = {"id": ruleset.id, "title": ruleset.title, "citation": ruleset.citation}
        parts += ["", _table("ruleset", fields, "paytables", dict(ruleset.paytables))]
    return "\n".join(parts).lstrip("\n") + "\n"
