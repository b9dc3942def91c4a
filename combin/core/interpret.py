"""Interpretations: the named readings of points the regulation leaves open.

Each :class:`Interpretation` has an id (``E1``, ``L5``), the regulation text it
reads, a default value and named alternatives, and the wagers it affects.
They are data (each game's ``data/interpretations.toml``); a wager's events
look the chosen value up by id.  A *fixed* interpretation has a single value:
it is recorded on every par sheet it affects but cannot be switched.

Every par sheet lists the interpretations it was computed under.

Code that branches on a reading names its values as a :class:`enum.StrEnum`
whose class name is the interpretation id (``class L5(StrEnum): FLUSH =
"flush"; STRICT = "strict"``) and binds it to the data with
:func:`bind_readings`: the enum's values must be exactly the data's, so a
value renamed in ``interpretations.toml`` but not in the code stops the
import instead of silently taking an ``else`` branch.  :func:`reading` then
gives the value in force, the data's default when none was chosen.
"""

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, TypeVar

from combin.errors import CombinError

if TYPE_CHECKING:  # a wager reads interpretations; this module is below it
    from combin.core.wager import Wager

__all__ = ["Interpretation", "parse_interpretations", "parse_assignments", "resolve",
           "bind_readings", "reading", "value_of"]

R = TypeVar("R", bound=StrEnum)
_DEFAULTS: dict[type[StrEnum], StrEnum] = {}


@dataclass(frozen=True)
class Interpretation:
    id: str
    title: str
    reads: str
    default: str
    values: dict[str, str]  # value -> what it means, default first
    wagers: tuple[str, ...]

    @property
    def fixed(self) -> bool:
        return len(self.values) == 1

    @property
    def alternatives(self) -> tuple[str, ...]:
        return tuple(value for value in self.values if value != self.default)


def parse_interpretations(text: str, source: str) -> list[Interpretation]:
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


def parse_assignments(items: Iterable[str] | None) -> dict[str, str]:
    """``["E1=paid-rows", "L5=strict"]`` -> ``{"E1": "paid-rows", "L5": "strict"}``."""
    chosen: dict[str, str] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        key, value = key.strip().upper(), value.strip()
        if not sep or not key or not value:
            raise CombinError(f"--interpret takes ID=VALUE (for example E1=paid-rows), not {item!r}")
        if key in chosen and chosen[key] != value:
            raise CombinError(f"interpretation {key} is given twice ({chosen[key]} and {value})")
        chosen[key] = value
    return chosen


def resolve(wager: "Wager", chosen: Mapping[str, str],
            registry: Mapping[str, Interpretation]) -> tuple[tuple[str, str], ...]:
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


def bind_readings(interpretations: Mapping[str, Interpretation], *enums: type[StrEnum]) -> None:
    """Check each enum against the interpretation of the same id and remember its default.

    Raises ValueError when an enum names no interpretation of the data or its
    values differ from the data's (a value renamed on one side only).

    >>> from enum import StrEnum
    >>> data = {"X1": Interpretation("X1", "t", "r", "a", {"a": "", "b": ""}, ())}
    >>> class X1(StrEnum):
    ...     A = "a"
    ...     C = "c"
    >>> bind_readings(data, X1)
    Traceback (most recent call last):
    ...
    ValueError: interpretation X1: the code knows values a, c, the data a, b
    """
    for enum in enums:
        interp = interpretations.get(enum.__name__)
        if interp is None:
            raise ValueError(f"interpretation {enum.__name__} is named in the code but not in "
                             "the data")
        code, data = [member.value for member in enum], list(interp.values)
        if sorted(code) != sorted(data):
            raise ValueError(f"interpretation {interp.id}: the code knows values "
                             f"{', '.join(sorted(code))}, the data {', '.join(sorted(data))}")
        _DEFAULTS[enum] = enum(interp.default)


def reading(chosen: Mapping[str, str], enum: type[R]) -> R:
    """The value of interpretation ``enum`` in force: the one ``chosen``, else the data's default.

    ``enum`` must have been bound with :func:`bind_readings`; a value it does
    not know is a ValueError, never a silent fallback.
    """
    value = chosen.get(enum.__name__)
    if value is None:
        return _DEFAULTS[enum]  # type: ignore[return-value]
    return enum(value)


def value_of(enum: type[R], value: str | None = None) -> R:
    """``value`` as a member of ``enum`` (the data's default when ``None``)."""
    return reading({} if value is None else {enum.__name__: value}, enum)
