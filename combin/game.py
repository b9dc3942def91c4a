"""A game: its wagers, paytables, rule sets and interpretations, and its outcomes.

Each game subpackage builds one :class:`Game` from its own data files
(``data/paytables.toml``, ``data/rulesets.toml``, ``data/interpretations.toml``)
and its own enumerator.  The engine reaches a game only through this shape.
"""

import tomllib
from dataclasses import dataclass, field
from importlib import resources

from combin.errors import CombinError
from combin.interpret import parse_interpretations
from combin.paytable import parse_paytables

__all__ = ["Game", "RuleSet", "read_data", "load_paytables", "load_interpretations",
           "load_rulesets", "check_known"]


@dataclass(frozen=True)
class RuleSet:
    """A named rule set: the paytable it imposes on some wagers, with its citation."""

    id: str
    title: str
    citation: str
    paytables: dict


@dataclass(frozen=True)
class Game:
    """Everything the engine needs from a game.

    ``outcomes(decks=None, shoe=None)`` returns the game's
    :class:`~combin.outcomes.OutcomeSpace` for those options;
    ``shoe_options`` says which of them the game accepts, and ``table_shoes``
    which shoes ``combin tables`` tabulates; ``extra_tables`` (optional) returns
    the game's tables that are not par sheets, as ``[(title, {path: text})]``.
    """

    id: str
    title: str
    regulation: str
    wagers: dict
    paytables: dict  # (wager id, paytable id) -> Paytable
    interpretations: dict
    outcomes: object = field(repr=False)
    rulesets: dict = field(default_factory=dict)
    shoe_options: tuple = ()
    table_shoes: tuple = ()  # ((folder label, options for outcomes()), ...) that tables/ holds
    extra_tables: object = field(default=None, repr=False)  # () -> [(title, {path: text})]

    def paytables_of(self, wager_id):
        return [p for (w, _), p in self.paytables.items() if w == wager_id]

    def events_of(self, wager_id):
        wager = self.wagers.get(wager_id)
        return None if wager is None else wager.event_ids


def read_data(package, name):
    """The text of ``data/NAME`` inside ``package``."""
    return resources.files(package).joinpath("data", name).read_text(encoding="utf-8")


def load_paytables(package, wagers):
    """Parse a game's built-in paytables into ``{(wager, id): Paytable}``."""

    def events_of(wager_id):
        wager = wagers.get(wager_id)
        return None if wager is None else wager.event_ids

    text = read_data(package, "paytables.toml")
    found = parse_paytables(text, f"{package} data/paytables.toml", events_of)
    return {(p.wager, p.id): p for p in found}


def load_interpretations(package):
    text = read_data(package, "interpretations.toml")
    return {i.id: i for i in parse_interpretations(text, f"{package} data/interpretations.toml")}


def load_rulesets(package):
    document = tomllib.loads(read_data(package, "rulesets.toml"))
    return {entry["id"]: RuleSet(entry["id"], entry["title"], entry["citation"],
                                 dict(entry.get("paytables", {})))
            for entry in document.get("ruleset", [])}


def check_known(kind, value, known):
    """Raise a :class:`CombinError` unless ``value`` is one of ``known``."""
    if value not in known:
        raise CombinError(f"unknown {kind} {value!r} (known: {', '.join(known)})")
    return value
