"""The default game's house edge under each other reading: what its sheet needs to say that a
ruling is required.

A figure that rests on an open reading of the regulation (spec/RULES.md §2.4 names each, its
default and its alternatives) is not settled: where another reading moves the house edge, the
regulator rules on the reading before the figure is filed.  On the full deck each other reading
costs an exact run of the whole game; the variants table (``combin lunar variants``, written as
JSON with every figure exact) holds one row per reading switched alone.  :func:`reading_edges`
reads that table for the sheet of the default game and gives

- each reading priced: its interpretation, its value, the table's row and the house edge per
  Ante under the sheet's instant paytable (exact);
- the readings of the data (the game's ``data/variants.toml``) whose rows are not in the table
  yet.

Nothing is trusted that can be checked: the table must be of the same game and deck, and its
default row's house edge must be the sheet's own, exactly (a table of another run is refused).

>>> from fractions import Fraction
>>> from combin.stud.core.deck import Deck
>>> from combin.stud.core.rules import load_rules
>>> from combin.lunar import GAME as LUNAR
>>> rules = load_rules(LUNAR.id).resolve()
>>> table = {"format": "combin.variants/2", "subject": {"game": LUNAR.id, "deck": "JQKA"},
...          "tables": {"variants": {"rows": [
...              {"change": "default", "house_edge": "1/4"},
...              {"change": "L8-even-money", "house_edge": "1/8"}]}}}
>>> found = reading_edges(table, rules, Deck.parse("JQKA"), Fraction(1, 4), "t.json")
>>> found.priced
(Reading(interpretation='L8', value='even-money', change='L8-even-money', edge=Fraction(1, 8)),)
>>> found.pending[:2]
('L7=continue', 'L9=first-five')
"""

from __future__ import annotations

import json
import os
from fractions import Fraction
from collections.abc import Mapping
from typing import Any, NamedTuple

from combin.errors import CombinError
from combin.stud.game.variants import load_changes

__all__ = ["Reading", "Readings", "reading_edges", "check_table", "load_table", "run_readings", "beside",
           "TABLE_LIMIT"]

#: The most bytes a variants table is read to (a table of a few dozen rows is a few tens of kB).
TABLE_LIMIT = 4 << 20

#: The longest exact value a row may give (a p/q of the 52-card run is about 45 characters).
_VALUE_LIMIT = 200


class Reading(NamedTuple):
    """One other reading priced: ``interpretation=value``, its row (``change``) and its house edge
    per Ante under the sheet's instant paytable."""

    interpretation: str
    value: str
    change: str
    edge: Fraction


class Readings(NamedTuple):
    """The other readings of a default sheet: those ``priced`` (a row each in the table at
    ``source``) and those ``pending`` (``"ID=VALUE"``, a change of the data whose row is not in)."""

    source: str
    priced: tuple[Reading, ...]
    pending: tuple[str, ...]


def load_table(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The variants table at ``path`` (its JSON), read to at most :data:`TABLE_LIMIT` bytes."""
    from combin.files.fileio import read_text
    shown = os.fspath(path)
    try:
        found = json.loads(read_text(path, TABLE_LIMIT, "variants table"))
    except json.JSONDecodeError as error:
        raise CombinError(f"{shown}: not a variants table (JSON: {error.msg}, line {error.lineno})") from None
    if not isinstance(found, dict):
        raise CombinError(f"{shown}: not a variants table (JSON object expected)")
    return found


def _exact(text: Any, where: str) -> Fraction:
    if not isinstance(text, str) or len(text) > _VALUE_LIMIT:
        raise CombinError(f"{where}: not an exact value")
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise CombinError(f"{where}: not an exact value ({text[:40]!r})") from None


def _not_default(rules: Any) -> str:
    """``""`` when ``rules`` are the registered game's default (every reading at its default, no
    game file) under their paytable; else what differs, in a few words."""
    from combin.stud.core.rules import load_rules
    default = load_rules(rules.stud.game.id).resolve(None if rules.instant is None else rules.instant.id)
    if rules.stud.variant is None and rules.readings == default.readings:
        return ""
    changed = ", ".join(f"{k}={v}" for k, v in rules.readings if dict(default.readings).get(k) != v)
    return changed or "a game file"


def _read(table: Mapping[str, Any], rules: Any, deck: Any, source: str) -> tuple[Fraction, Readings]:
    """``(the default row's house edge, the other readings)`` of the variants ``table``, every
    part of it that the sheet reads checked (refused in one line)."""
    from combin.stud.core.rules import load_rules
    game = rules.stud.game
    subject = table.get("subject")
    if not str(table.get("format", "")).startswith("combin.variants/") or not isinstance(subject, dict):
        raise CombinError(f"{source}: not a variants table (combin lunar variants writes one)")
    if subject.get("game") != game.id or subject.get("deck") != deck.text:
        raise CombinError(f"{source}: a variants table of {str(subject.get('game'))[:20]} on "
                          f"{str(subject.get('deck'))[:20]}, not of this sheet ({game.id} on {deck.text})")
    changed = _not_default(rules)
    if changed:
        raise CombinError("a variants table gives each reading's house edge beside the default game's; this "
                          f"sheet is not the default game ({changed})")
    registered = load_rules(game.id)
    chosen = None if rules.instant is None else rules.instant.id
    # the table's edge column of the sheet's paytable: its own run's (the default paytable), or a
    # column re-priced from that run for another instant paytable
    own = registered.resolve().instant
    column = ("house_edge" if chosen is None or own is None or chosen == own.id
              else f"house_edge_paytable_{chosen}")
    tables = table.get("tables")
    variants = tables.get("variants") if isinstance(tables, dict) else None
    rows = variants.get("rows") if isinstance(variants, dict) else None
    if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
        raise CombinError(f"{source}: no table of variants rows")
    found = {str(row.get("change")): row for row in rows}

    def edge_of(change: str) -> Fraction:
        if column not in found[change]:
            raise CombinError(f"{source}: row {change[:40]} has no house edge under Paytable {chosen}")
        return _exact(found[change][column], f"{source}: row {change[:40]}, {column}")

    _, changes = load_changes(registered)
    base = next(change for change in changes if change.is_default)
    if base.id not in found:
        raise CombinError(f"{source}: no row of the default game ({base.id})")
    priced, pending = [], []
    for change in changes:
        if change.game or len(change.interpret) != 1:
            continue        # a rule changed, not a reading: the variants table shows it
        key, value = change.interpret[0]
        if change.id in found:
            priced.append(Reading(key, value, change.id, edge_of(change.id)))
        else:
            pending.append(f"{key}={value}")
    return edge_of(base.id), Readings(source, tuple(priced), tuple(pending))


def check_table(table: Mapping[str, Any], rules: Any, deck: Any, source: str) -> None:
    """Refuse, in one line and before any work, a ``table`` that is not a variants table of the
    game of ``rules`` on ``deck`` (its rows read as the sheet reads them), or ``rules`` that are
    not the game's default: a table's rows are single changes from the default game, so only
    the default's sheet can show them."""
    _read(table, rules, deck, source)


def reading_edges(table: Mapping[str, Any], rules: Any, deck: Any, edge: Fraction,
                  source: str) -> Readings:
    """The other readings of the default game's sheet of ``rules`` on ``deck`` (house edge per
    Ante ``edge``), from the variants ``table`` (parsed JSON; ``source`` names it); its default
    row must be ``edge`` exactly."""
    base, readings = _read(table, rules, deck, source)
    if base != edge:
        raise CombinError(f"{source}: its default row's house edge is not this run's; the table is of "
                          "another run")
    return readings


def beside(folder: str | os.PathLike[str]) -> str:
    """The variants table kept beside a run's shards folder (``variants.json`` in its parent), as
    the committed tables and a bundle lay them out.

    >>> beside("tables/x/full").endswith(os.path.join("tables", "x", "variants.json"))
    True
    """
    return os.path.join(os.path.dirname(os.path.abspath(folder)), "variants.json")


def run_readings(run: Any, path: str | os.PathLike[str] | None, strict: bool = True) -> Readings | None:
    """The other readings of the exact ``run`` (an :class:`~combin.stud.game.assembled.AssembledRun`)
    from the variants table at ``path``; ``None`` without a path.  Not ``strict`` (a table found
    beside a run rather than asked for): ``None`` too when there is no file there or the run is not
    of the default game."""
    if path is None:
        return None
    if not strict and (not os.path.isfile(path) or _not_default(run.rules)):
        return None             # not the default game: its sheet shows no other reading
    edge = -Fraction(run.totals.best, run.scale * run.totals.weight)
    return reading_edges(load_table(path), run.rules, run.deck, edge, os.fspath(path))
