"""A game: everything ``combin`` knows about it, in one :class:`Game`.

Each game subpackage builds one :class:`Game` from its own data files
(``data/paytables.toml``, ``data/rulesets.toml``, ``data/interpretations.toml``,
``data/game.toml``) and its own code (enumerator, cross-checks, simulation
dealer).  The generic layers -- listing, par sheets, tables, the audit
bundle, game protection, paytable design -- reach a game only through this
shape: they ask the game what it offers instead of naming it.  Registering a
game is one line of :data:`combin.registry.GAME_MODULES`.
"""

from __future__ import annotations

import os
import tomllib
from collections import Counter
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any

from combin.errors import CombinError
from combin.core.interpret import Interpretation, parse_interpretations
from combin.core.outcomes import OutcomeSpace
from combin.core.paytable import Paytable, parse_paytables
from combin.core.wager import Wager

if TYPE_CHECKING:  # the cross-check record lives above this module
    import random       # for the Dealer type only: a simulation imports it, not every start

    from combin.core.crosscheck import Check

__all__ = ["Game", "RuleSet", "AuditSection", "AuditPages", "GamePages", "Protection", "WagerPackage",
           "Solver", "GameTables", "Lazy", "read_data",
           "load_paytables", "load_interpretations", "load_rulesets", "load_sections",
           "check_known", "committed_run"]


@dataclass(frozen=True)
class RuleSet:
    """A named rule set: the paytable it imposes on some wagers, with its citation."""

    id: str
    title: str
    citation: str
    paytables: dict[str, str]


@dataclass(frozen=True)
class AuditSection:
    """How the evidence bundle presents a game.

    ``modules`` are the modules its method statement names; ``dealing`` says
    how the seeded simulation deals one round; ``unit`` is what a simulated
    round is called (``rounds``, ``hands``) and is also the name of the
    audit parameter giving how many are dealt.
    """

    modules: tuple[str, ...]
    dealing: str
    unit: str = "rounds"


@dataclass(frozen=True)
class GamePages:
    """A game's whole-game pages for the evidence bundle and the checks that tie them.

    ``pages`` maps a path inside the game's folder to its text; ``figures`` gives
    ``(label, house edge)`` rows for the report; ``note`` is the sentence under
    that table when the game has a folder of its own (no par sheets); ``lead`` holds the
    tables (:class:`combin.render.document.Table`) the game's report and the bundle's summary
    open with: the game's own figures, before any wager's.

    >>> GamePages({"game/a.md": "# A"}, [], []).note, GamePages({}, [], []).lead
    ('', ())
    """

    pages: dict[str, str | bytes]
    checks: list[Check]
    figures: list[tuple[str, Any]]
    note: str = ""
    lead: tuple[Any, ...] = ()


@dataclass(frozen=True)
class AuditPages:
    """How the evidence bundle (``combin audit``) asks a game for its whole-game pages.

    Each part is a function the game names (a :class:`Lazy`, loaded by the audit only):
    ``build(scope, parameters, workers, progress)`` returns the :class:`GamePages` of a
    bundle's scope; ``verify(root, hashes, classes, seed, workers, progress)`` returns the
    differences found when the bundle in ``root`` (its manifest's ``hashes``) is summed
    again beyond its rebuild (``[]`` when none); ``interpretations()`` lists the
    interpretation ids the whole game reads (``--interpret``); ``paytables()`` the paytable
    ids it offers beside its wagers' (``--paytable``).  The audit names no game:
    it iterates the games that have this hook.

    >>> AuditPages(Lazy("math:gcd")).verify is None
    True
    """

    build: Callable[..., GamePages]
    verify: Callable[..., list[str]] | None = None
    interpretations: Callable[[], list[str]] | None = None
    #: The paytable ids the whole game offers beside its wagers' (``--paytable``: Lunar's
    #: instant payout), checked before any work.
    paytables: Callable[[], list[str]] | None = None
    #: ``{name: description}`` of the page groups a bundle carries only when its scope asks
    #: (``--include NAME``), checked before any work.
    optional: Callable[[], dict[str, str]] | None = None


@dataclass(frozen=True)
class Protection:
    """The game is dealt from a shoe a counter can track: ``combin decks``, ``eor``,
    ``shoe`` and ``count`` apply.  ``wagers`` are those whose exposure the audit
    documents, ``counted`` the count simulations it runs (wager -> triggers),
    ``decks`` the shoe it documents them on; ``values`` names the card values a
    count tracks, in the order of the shoe's counts (for the documents)."""

    wagers: tuple[str, ...]
    counted: dict[str, str]
    decks: int
    values: tuple[str, ...] = ()


@dataclass(frozen=True)
class WagerPackage:
    """A named set of wagers a player commonly bets together on one round."""

    id: str
    title: str
    citation: str
    wagers: tuple[str, ...]


@dataclass(frozen=True)
class Solver:
    """The game's whole game is played by the stud engine (:mod:`combin.stud`).

    ``package`` holds its rules (``data/stud.toml``); ``commands`` are the
    ``combin`` sub-commands that solve or advise it (``combin list`` shows
    them); ``second_pays`` names, as ``"module:function"``, the reader of a
    second paytable combination on a winning Bet (L11) when the game has one,
    loaded only when a command asks for the rules; ``shards`` is where the
    repository keeps the shards of the game's exact whole game (relative to its
    root) and ``make`` the make target that computes them, when it does; ``committed`` the
    SHA-256s of the pin files (``plan.json``, ``basic.json``, the strategy card's ``card.json``) of
    that run as committed with this version (:func:`committed_run`), by which a sheet built from a folder says whether it is
    that run; ``side_wager`` names (``"module:function"``) the wager on the player's first five
    that every round carries, when the game has one (:func:`combin.stud.game.round.side_wager`).
    """

    package: str
    commands: tuple[str, ...]
    second_pays: str | None = None
    shards: str | None = None
    make: str | None = None
    committed: tuple[str, ...] = ()
    side_wager: str | None = None


@dataclass(frozen=True)
class GameTables:
    """Whole-game sheets of ``tables/`` that take minutes of work (``combin tables`` writes them).

    ``files`` lists ``(title, relative paths)`` without computing anything (the
    index of ``tables/`` and the fast drift check read only that); ``build()``
    computes ``{relative path: text}`` for every path listed.
    """

    files: tuple[tuple[str, tuple[str, ...]], ...]
    build: Callable[[], dict[str, str | bytes]] = field(repr=False)


class Lazy:
    """A function named ``"module:function"``, imported on its first call.

    A game names its heavy parts (cross-checks, simulation dealer) this way, so
    that registering the game imports none of them: they load when a command
    asks (``combin audit``), not for ``combin par``.  Picklable (a Dask worker
    imports the function itself).

    >>> gcd = Lazy("math:gcd")
    >>> gcd(12, 18), gcd.reference
    (6, 'math:gcd')
    """

    def __init__(self, reference: str) -> None:
        self.reference = reference

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        module, _, name = self.reference.partition(":")
        return getattr(import_module(module), name)(*args, **kwargs)

    def __repr__(self) -> str:
        return f"Lazy({self.reference!r})"


#: Deals ``n`` rounds with a seeded generator and counts each final outcome.
Dealer = Callable[["random.Random", int], Counter[Hashable]]


@dataclass(frozen=True)
class Game:
    """Everything the engine needs from a game.

    ``outcomes(**options)`` returns the game's :class:`OutcomeSpace`;
    ``shoe_options`` says which options (``decks``, ``shoe``) it accepts and
    ``table_shoes`` which shoes ``combin tables`` tabulates; ``extra_tables``
    (optional) returns the game's tables that are not par sheets, as
    ``[(title, {path: text})]``, and ``game_tables`` (optional) its whole-game
    sheets, which take minutes (:class:`GameTables`).  For the evidence bundle: ``checks(game, progress)``
    runs its cross-checks, ``dealer(rng, n)`` deals ``n`` seeded rounds and
    counts their outcomes (outcomes of the same kind as ``outcomes()``), and
    ``audit`` says how to present them.  Capabilities: ``protection`` (a shoe a
    counter can track), ``packages`` (named sets of wagers), ``solver`` (the
    whole game solved by the stud engine, and the commands that do it: a :class:`Solver`),
    ``audit_pages`` (its whole-game pages in the evidence bundle: :class:`AuditPages`) and
    ``index_note`` (``(heading, paragraph)`` the index of ``tables/`` closes with, for sheets
    written by other commands).
    """

    id: str
    title: str
    regulation: str
    wagers: dict[str, Wager]
    paytables: dict[tuple[str, str], Paytable]
    interpretations: dict[str, Interpretation]
    outcomes: Callable[..., OutcomeSpace] = field(repr=False)
    rulesets: dict[str, RuleSet] = field(default_factory=dict)
    shoe_options: tuple[str, ...] = ()
    table_shoes: tuple[tuple[str, dict[str, Any]], ...] = ()
    extra_tables: Callable[[], list[tuple[str, dict[str, str]]]] | None = field(
        default=None, repr=False)
    checks: Callable[[Game, Callable[[str], None]], list[Check]] | None = field(default=None, repr=False)
    dealer: Dealer | None = field(default=None, repr=False)
    audit: AuditSection | None = None
    protection: Protection | None = None
    packages: dict[str, WagerPackage] = field(default_factory=dict)
    solver: Solver | None = None
    game_tables: GameTables | None = None
    audit_pages: AuditPages | None = None
    index_note: tuple[str, str] | None = None

    def paytables_of(self, wager_id: str) -> list[Paytable]:
        return [p for (w, _), p in self.paytables.items() if w == wager_id]

    def events_of(self, wager_id: str) -> set[str] | None:
        wager = self.wagers.get(wager_id)
        return None if wager is None else wager.event_ids

    def space(self, decks: Any = None, shoe: Any = None) -> OutcomeSpace:
        """The outcome space for ``--decks`` / ``--shoe``; a :class:`CombinError` when the game
        is dealt from a fixed deck and one of them is given."""
        options = {"decks": decks, "shoe": shoe}
        for name, value in options.items():
            if value is not None and name not in self.shoe_options:
                raise CombinError(f"{self.id} is dealt from a fixed deck; --{name} does not apply")
        return self.outcomes(**{k: v for k, v in options.items() if k in self.shoe_options})


def read_data(package: str, name: str) -> str:
    """The text of ``data/NAME`` inside ``package``.

    Read beside the package's own file: the package is installed as files (numba caches
    beside them too), and :mod:`importlib.resources` would add its zip machinery to the
    start of every command."""
    folder = next(iter(import_module(package).__path__))     # a package's folder (namespace ones too)
    with open(os.path.join(folder, "data", name), encoding="utf-8") as handle:
        return handle.read()


def load_paytables(package: str, wagers: Mapping[str, Wager]) -> dict[tuple[str, str], Paytable]:
    """Parse a game's built-in paytables into ``{(wager, id): Paytable}``."""

    def events_of(wager_id: str) -> set[str] | None:
        wager = wagers.get(wager_id)
        return None if wager is None else wager.event_ids

    text = read_data(package, "paytables.toml")
    found = parse_paytables(text, f"{package} data/paytables.toml", events_of)
    return {(p.wager, p.id): p for p in found}


def load_interpretations(package: str) -> dict[str, Interpretation]:
    text = read_data(package, "interpretations.toml")
    return {i.id: i for i in parse_interpretations(text, f"{package} data/interpretations.toml")}


def load_rulesets(package: str) -> dict[str, RuleSet]:
    document = tomllib.loads(read_data(package, "rulesets.toml"))
    return {entry["id"]: RuleSet(entry["id"], entry["title"], entry["citation"],
                                 dict(entry.get("paytables", {})))
            for entry in document.get("ruleset", [])}


def load_sections(package: str) -> dict[str, Any]:
    """A game's ``data/game.toml``: its ``audit``, ``protection``, ``index_note`` and
    ``packages`` keywords for :class:`Game` (those it has)."""
    document = tomllib.loads(read_data(package, "game.toml"))
    found: dict[str, Any] = {}
    if "audit" in document:
        section = document["audit"]
        found["audit"] = AuditSection(tuple(section["modules"]), section["dealing"],
                                      section.get("unit", "rounds"))
    if "protection" in document:
        section = document["protection"]
        found["protection"] = Protection(tuple(section["wagers"]), dict(section["counted"]),
                                         int(section["decks"]))
    if "index" in document:
        found["index_note"] = (document["index"]["heading"], document["index"]["text"])
    found["packages"] = {entry["id"]: WagerPackage(entry["id"], entry["title"], entry["citation"],
                                                   tuple(entry["wagers"]))
                         for entry in document.get("package", [])}
    return found


def committed_run(package: str) -> tuple[str, ...]:
    """The SHA-256s of the committed exact run's pin files, from the ``[committed_run]`` section
    of a game's ``data/game.toml`` (empty when it has none).

    >>> [len(digest) for digest in committed_run("combin.lunar")]
    [64, 64, 64]
    """
    document = tomllib.loads(read_data(package, "game.toml"))
    section = document.get("committed_run", {})
    return tuple(section[key] for key in ("plan", "basic", "card") if key in section)


def check_known(kind: str, value: str, known: list[str]) -> str:
    """Raise a :class:`CombinError` unless ``value`` is one of ``known``."""
    if value not in known:
        raise CombinError(f"unknown {kind} {value!r} (known: {', '.join(known)})")
    return value
