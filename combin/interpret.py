"""Interpretations: the named readings of points the regulation leaves open.

Each :class:`Interpretation` has an id (``E1``, ``L5``), the regulation text it
reads, a default value and named alternatives, and the wagers it affects.
They are data (each game's ``data/interpretations.toml``); a wager's events
look the chosen value up by id.  A *fixed* interpretation has a single value:
it is recorded on every par sheet it affects but cannot be switched.

Every par sheet lists the interpretations it was computed under.
"""

import tomllib
from dataclasses import dataclass

from combin.errors import CombinError

__all__ = ["Interpretation", "parse_interpretations", "parse_assignments", "resolve"]


@dataclass(frozen=True)
class Interpretation:
    id: str
    title: str
    reads: str
    default: str
    values: dict  # value -> what it means, default first
    wagers: tuple

    @property
    def fixed(self):
        return len(self.values) == 1

    @property
    def alternatives(self):
        return tuple(value for value in self.values if value != self.default)


def parse_interpretations(text, source):
    """Read the ``[[interpretation]]`` entries of a game's TOML data."""
    document = tomllib.loads(text)
    found = []
    for entry in document.get("interpretation", []):
        values = dict(entry["values"])
        default = entry["default"]
        if default not in values:
            raise ValueError(f"{source}: {entry['id']} default {default!r} is not one of its values")
        ordered = {default: values.pop(default), **values}
        found.append(Interpretation(entry["id"], entry["title"], entry["reads"], default,
                                    ordered, tuple(entry["wagers"])))
    return found


def parse_assignments(items):
    """``["E1=paid-rows", "L5=strict"]`` -> ``{"E1": "paid-rows", "L5": "strict"}``."""
    chosen = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        key, value = key.strip().upper(), value.strip()
        if not sep or not key or not value:
            raise CombinError(f"--interpret takes ID=VALUE (for example E1=paid-rows), not {item!r}")
        if key in chosen and chosen[key] != value:
            raise CombinError(f"interpretation {key} is given twice ({chosen[key]} and {value})")
        chosen[key] = value
    return chosen


def resolve(wager, chosen, registry):
    """The interpretations in force for ``wager``: ``((id, value), ...)`` in id order.

    ``chosen`` maps ids to values the user asked for; every other interpretation
    the wager reads takes its default.  An unknown id or value, or an id the
    wager does not read, is a :class:`CombinError`.
    """
    for key, value in chosen.items():
        interp = registry.get(key)
        if interp is None:
            raise CombinError(f"unknown interpretation '{key}' (known: {', '.join(sorted(registry))})")
        if value not in interp.values:
            raise CombinError(
                f"interpretation {key} has no value '{value}' (values: {', '.join(interp.values)})")
        if key not in wager.interpretations:
            raise CombinError(f"interpretation {key} does not apply to {wager.id}")
    return tuple((key, chosen.get(key, registry[key].default)) for key in wager.interpretations)
