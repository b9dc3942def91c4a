"""The fields a game's outcomes carry, and events of a user's own defined on them.

A paytable file may define events of its own (``[paytable.events.ID]``) as
conditions on these fields -- ``field = value`` or ``field = [value, ...]``; an
event holds when every condition holds -- and pay them like built-in events
(lines are settled in paytable order, as always).  The fields are a table per
game (:data:`FIELDS`): a name, what it means, the values it takes, and how it
is read off an outcome (a baccarat :class:`~combin.baccarat.enumeration.Round`,
a Lunar :class:`~combin.lunar.classes.SuperKey`).

>>> event = custom_event("baccarat", "player_natural_8", "Player wins with a natural 8",
...                      {"winner": "player", "player_cards": 2, "player_total": 8})
>>> from combin.baccarat.enumeration import Round
>>> event.holds(Round(2, 8, 2, 5), {}), event.holds(Round(3, 8, 2, 5), {})
(True, False)
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from combin.core.cards import CLASSES
from combin.errors import CombinError
from combin.registry import find_game, find_wager, games
from combin.render.document import Document, Table
from combin.core.wager import Event

__all__ = ["Field", "FIELDS", "fields_of", "check_condition", "custom_event", "events_document"]


@dataclass(frozen=True)
class Field:
    """One field of an outcome: ``values`` it takes, ``read(outcome)`` its value."""

    name: str
    description: str
    values: tuple[Any, ...]
    read: Callable[[Any], Any]


def _winner(r: Any) -> str:
    return "player" if r.player_total > r.banker_total else \
        "banker" if r.banker_total > r.player_total else "tie"


def _natural(r: Any) -> bool:
    # both hands stood on two cards because one of them is a natural (8 or 9)
    return bool(r.player_cards == 2 and r.banker_cards == 2 and max(r.player_total, r.banker_total) >= 8)


def _lunar_classes() -> tuple[str, ...]:
    return tuple(CLASSES)


_TOTALS = tuple(range(10))
_BOOL = (True, False)

#: Every game's fields, in the order ``combin list --events`` shows them.
FIELDS: dict[str, Callable[[], tuple[Field, ...]]] = {
    "baccarat": lambda: (
        Field("winner", "which hand wins: player, banker or tie", ("player", "banker", "tie"),
              _winner),
        Field("player_cards", "cards in the Player hand (2 or 3)", (2, 3),
              lambda r: r.player_cards),
        Field("banker_cards", "cards in the Banker hand (2 or 3)", (2, 3),
              lambda r: r.banker_cards),
        Field("player_total", "the Player hand's total (0-9)", _TOTALS, lambda r: r.player_total),
        Field("banker_total", "the Banker hand's total (0-9)", _TOTALS, lambda r: r.banker_total),
        Field("natural", "both hands stood on two cards because one is a natural 8 or 9", _BOOL,
              _natural)),
    "lunar": lambda: (
        Field("hand_class", "the five-card poker class", _lunar_classes(),
              lambda k: k.hand_class),
        Field("pictures", "all five cards are J, Q or K", _BOOL, lambda k: k.pictures),
        Field("court", "all five cards are J, Q, K or A", _BOOL, lambda k: k.court),
        Field("same_color", "all five cards are red, or all black", _BOOL,
              lambda k: k.same_color),
        Field("akq", "an ace, a king and a queen", _BOOL, lambda k: k.akq),
        Field("akq_suited", "an ace, a king and a queen of one suit", _BOOL,
              lambda k: k.akq_suited)),
}


def fields_of(game_id: str) -> dict[str, Field]:
    """``{name: Field}`` of a game; a game without fields defines no events of its own.

    >>> list(fields_of("baccarat"))[:2]
    ['winner', 'player_cards']
    """
    found = FIELDS.get(game_id)
    if found is None:
        raise CombinError(f"{game_id} outcomes carry no fields a paytable file may read")
    return {f.name: f for f in found()}


def check_condition(fields: Mapping[str, Field], name: str, value: object) -> tuple[Any, ...]:
    """The accepted values of one condition ``name = value`` (a value or a list), checked.

    >>> check_condition(fields_of("baccarat"), "player_total", [8, 9])
    (8, 9)
    """
    if name not in fields:
        raise CombinError(f"unknown field {name!r} (fields: {', '.join(fields)})")
    field = fields[name]
    values = tuple(value) if isinstance(value, list) else (value,)
    if not values:
        raise CombinError(f"field {name!r}: an empty list never holds")
    for one in values:
        # a bool is an int to Python: accept it only where the field takes booleans
        if one not in field.values or isinstance(one, bool) != isinstance(field.values[0], bool):
            shown = ", ".join(str(v).lower() if isinstance(v, bool) else repr(v)
                              for v in field.values)
            raise CombinError(f"field {name!r} has no value {one!r} (values: {shown})")
    return values


def _holds(conditions: tuple[tuple[Field, tuple[Any, ...]], ...], outcome: Any,
           _chosen: Mapping[str, str]) -> bool:
    return all(field.read(outcome) in values for field, values in conditions)


def custom_event(game_id: str, event_id: str, title: str, conditions: Mapping[str, object]) -> Event:
    """An :class:`~combin.core.wager.Event` that holds when every condition holds."""
    fields = fields_of(game_id)
    checked = tuple((fields[name], check_condition(fields, name, value))
                    for name, value in conditions.items())
    if not checked:
        raise CombinError(f"event {event_id!r} has no condition (fields: {', '.join(fields)})")
    return Event(event_id, title, partial(_holds, checked))


def events_document(target: str) -> Any:
    """``combin list --events WAGER|GAME``: the fields a paytable file's own events may read,
    and the built-in events (of the wager, or of every wager of the game)."""
    if any(game.id == target for game in games()):
        game = find_game(target)
        wagers = list(game.wagers.values())
    else:
        game, wager = find_wager(target)
        wagers = [wager]
    fields = fields_of(game.id)
    shown = [[f.name, ", ".join(str(v).lower() if isinstance(v, bool) else str(v)
                                for v in f.values), f.description] for f in fields.values()]
    events = [[w.id, e.id, e.description] for w in wagers for e in w.events]
    return Document("list", f"Events of {target}", (("Game", f"{game.title} ({game.id})"),),
                    (Table.of("fields", "Fields (conditions of [paytable.events.ID])",
                              ["Field", "Values", "Meaning"], shown),
                     Table.of("events", "Built-in events", ["Wager", "Event", "Meaning"], events)),
                    ("An event of a paytable file holds when each of its conditions holds "
                     "(field = value, or field = [values]); lines are settled in order.",))
