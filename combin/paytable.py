"""Paytables: which event pays what, read from TOML data with its citation.

A paytable belongs to one wager and lists its lines in settlement order: a
round is settled by the *first* line whose event it meets (a hand that fits
several lines is paid on the highest line only), and a round that meets no
line loses.  Built-in paytables live in each game's ``data/paytables.toml``;
a user's file has the same shape::

    [[paytable]]
    wager = "eclipse.moon8"
    id = "M30"
    title = "Moon 8 at 30 to 1"
    citation = "house proposal, not approved"

    [paytable.pays]
    player_wins_three_card_8 = "30 to 1"

Validation is strict: an unknown wager or event, a missing field, a pay that is
not a positive exact number -- each is one :class:`~combin.errors.CombinError`
naming the file, the line where it can be found, and the reason.
"""

import tomllib
from dataclasses import dataclass

from combin.errors import CombinError
from combin.pays import LOSS, Pay

__all__ = ["Paytable", "parse_paytables", "read_paytable_file"]


@dataclass(frozen=True)
class Paytable:
    """One paytable of one wager: ``lines`` are ``(event id, Pay)`` in settlement order."""

    wager: str
    id: str
    title: str
    citation: str
    lines: tuple
    source: str = "built-in"

    def pay_for(self, event_id):
        """The pay of ``event_id`` in this paytable (a loss when it has no line)."""
        for event, pay in self.lines:
            if event == event_id:
                return pay
        return LOSS


def _line_of(text, needle):
    """1-based number of the first line of ``text`` that contains ``needle`` (0 if none)."""
    for number, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return number
    return 0


def parse_paytables(text, source, events_of):
    """Read every ``[[paytable]]`` of a TOML document.

    ``events_of(wager_id)`` returns the event ids a wager knows, or ``None`` for
    an unknown wager.  Returns a list of :class:`Paytable`.
    """

    def fail(reason, needle=None):
        line = _line_of(text, needle) if needle else 0
        where = f"{source}, line {line}" if line else source
        raise CombinError(f"{where}: {reason}")

    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise CombinError(f"{source}: not a valid TOML file ({error})") from None
    entries = document.get("paytable")
    if not isinstance(entries, list) or not entries:
        fail("no [[paytable]] entry found")
    paytables, seen = [], set()
    for entry in entries:
        for field in ("wager", "id", "citation"):
            if not isinstance(entry.get(field), str) or not entry[field].strip():
                fail(f"a paytable needs a text field '{field}'", entry.get("id") or "[[paytable]]")
        wager, pid = entry["wager"], entry["id"]
        known = events_of(wager)
        if known is None:
            fail(f"unknown wager '{wager}'", f'"{wager}"')
        if (wager, pid) in seen:
            fail(f"paytable '{pid}' of {wager} is defined twice", f'"{pid}"')
        seen.add((wager, pid))
        pays = entry.get("pays")
        if not isinstance(pays, dict) or not pays:
            fail(f"paytable '{pid}' of {wager} has no [paytable.pays] lines", f'"{pid}"')
        lines = []
        for event, printed in pays.items():
            if event not in known:
                fail(f"{wager} has no event '{event}' (it knows: {', '.join(sorted(known))})",
                     event)
            try:
                pay = Pay.parse(printed)
            except CombinError as error:
                fail(f"event '{event}': {error}", event)
            lines.append((event, pay))
        title = entry.get("title", f"Paytable {pid}")
        paytables.append(Paytable(wager, pid, title, entry["citation"], tuple(lines), source))
    return paytables


def read_paytable_file(path, events_of):
    """Read a user's paytable file; see :func:`parse_paytables`."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as error:
        raise CombinError(f"cannot read paytable file {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise CombinError(f"{path}: not a text (UTF-8) file") from None
    return parse_paytables(text, str(path), events_of)
