"""What one evidence bundle covers: the configuration of a Rules Submission.

A :class:`Scope` is read from ``combin audit``'s options (``--game``,
``--wager``, ``--paytable``, ``--rules``, ``--decks`` / ``--shoe``,
``--deck``, ``--interpret``, ``--paytable-file``), recorded in the manifest
(:meth:`Scope.record`), rebuilt from it by ``--verify`` (:meth:`Scope.of_record`)
and asked, game by game, which wagers, paytables and rule sets to tabulate
(:func:`jobs`).  The empty scope is every configuration of every game.

A user's paytable file is carried *inside* the bundle as ``inputs/NAME`` and
read from there (its sheets cite ``inputs/NAME, line N``), so a rebuild reads
the very bytes the manifest hashed.

>>> from combin.registry import games
>>> scoped = scoped_games(Scope(game="baccarat"), games())
>>> [game.id for game in scoped[0]], scoped[1], INPUTS
(['baccarat'], [], 'inputs')
"""

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from combin.core.analysis import paytable_ids
from combin.errors import CombinError
from combin.core.game import Game, check_known
from combin.registry import games
from combin.core.wager import Wager

__all__ = ["Scope", "jobs", "scoped_games", "check_scope", "check_interpretations", "per_game", "INPUTS"]

#: Where a user's paytable files are copied inside the bundle.
INPUTS = "inputs"


@dataclass(frozen=True)
class Scope:
    """One configuration (every field empty: the full bundle).

    >>> Scope(game="baccarat", wagers=("eclipse.eclipse",), paytable="B", rules="ez").describe()
    'baccarat: eclipse.eclipse, paytable B, rules ez'
    >>> Scope().describe()
    'every game, wager, paytable and rule set'
    """

    game: str | None = None
    wagers: tuple[str, ...] = ()
    paytable: str | None = None
    rules: str | None = None
    decks: str | None = None
    shoe: str | None = None
    deck: str | None = None
    interpret: tuple[tuple[str, str], ...] = ()
    paytable_files: tuple[tuple[str, str], ...] = field(default=(), repr=False)
    #: ``((wager, paytable), ...)``: a wager filed under one paytable of its own
    #: (``--wager baccarat.tie:8to1``), whatever ``paytable`` says.
    pins: tuple[tuple[str, str], ...] = ()
    #: ``((name, text),)`` when the scope and the laboratory's fields were given by a submission
    #: file (:mod:`combin.audit.submission`), carried in the bundle as ``inputs/NAME``.
    submission: tuple[tuple[str, str], ...] = field(default=(), repr=False)
    #: The optional page groups of the whole games the bundle carries (``--include NAME``:
    #: :attr:`combin.core.game.AuditPages.optional`), none by default.
    include: tuple[str, ...] = ()
    #: Several games filed in one bundle (``--game A --game B``), ``game`` then
    #: ``None``: each game is priced under the options that apply to it (:func:`per_game`).
    games: tuple[str, ...] = ()

    @classmethod
    def of_games(cls, given: Sequence[str] | str | None, wagers: Sequence[str] = (),
                 **fields: Any) -> "Scope":
        """The scope of one ``--game`` (or none) or of several, with ``--wager`` values.

        >>> Scope.of_games(["baccarat", "craps"], ["baccarat.tie:8to1"]).games
        ('baccarat', 'craps')
        >>> Scope.of_games(["baccarat"]).game
        'baccarat'
        """
        named = [given] if isinstance(given, str) else list(given or [])
        if len(set(named)) != len(named):
            raise CombinError(f"--game names a game twice ({', '.join(named)})")
        if len(named) > 1:
            return cls.with_wagers(list(wagers), games=tuple(named), **fields)
        return cls.with_wagers(list(wagers), game=named[0] if named else None, **fields)

    @classmethod
    def with_wagers(cls, given: Sequence[str], **fields: Any) -> "Scope":
        """The scope of ``--wager`` values ``W`` or ``W:PAYTABLE`` and the other fields.

        >>> Scope.with_wagers(["baccarat.tie:8to1", "eclipse.sun7"], game="baccarat").describe()
        'baccarat: baccarat.tie (paytable 8to1), eclipse.sun7'
        """
        wagers, pins = [], []
        for text in given:
            wager, colon, paytable = text.partition(":")
            if colon and not (wager and paytable):
                raise CombinError(f"--wager {text[:60]!r}: give WAGER or WAGER:PAYTABLE")
            wagers.append(wager)
            if colon:
                pins.append((wager, paytable))
        if len(set(wagers)) != len(wagers):
            raise CombinError(f"--wager names a wager twice ({', '.join(sorted(w for w in set(wagers) if wagers.count(w) > 1))})")
        return cls(wagers=tuple(wagers), pins=tuple(pins), **fields)

    def wager_words(self) -> list[str]:
        """The ``--wager`` values, each with its paytable when it is pinned (``W:P``)."""
        pinned = dict(self.pins)
        return [f"{wager}:{pinned[wager]}" if wager in pinned else wager for wager in self.wagers]

    @property
    def full(self) -> bool:
        return self == Scope()

    def describe(self) -> str:
        """The configuration in words, as the report's first line gives it."""
        if self.full:
            return "every game, wager, paytable and rule set"
        if self.games:
            return "; ".join(part.describe() for part in per_game(self, games()))
        pinned = dict(self.pins)
        parts = [", ".join(f"{wager} (paytable {pinned[wager]})" if wager in pinned else wager
                           for wager in self.wagers) or "every wager"]
        for name, value in (("paytable", self.paytable), ("rules", self.rules),
                            ("decks", self.decks), ("shoe", self.shoe), ("deck", self.deck)):
            if value is not None:
                parts.append(f"{name} {value}")
        parts += [f"{key}={value}" for key, value in self.interpret]
        parts += [f"paytable file {name}" for name, _ in self.paytable_files]
        parts += [f"with {name}" for name in self.include]
        return f"{self.game or 'every game'}: " + ", ".join(parts)

    def record(self) -> dict[str, Any]:
        """The scope as the manifest records it (paytable files by their bundle path)."""
        return {"game": self.game, "wagers": self.wager_words(), "paytable": self.paytable,
                "rules": self.rules, "decks": self.decks, "shoe": self.shoe, "deck": self.deck,
                "interpret": dict(self.interpret),
                "paytable_files": [f"{INPUTS}/{name}" for name, _ in self.paytable_files],
                "submission_file": next((f"{INPUTS}/{name}" for name, _ in self.submission), None),
                "include": list(self.include), "games": list(self.games)}

    def options(self) -> list[str]:
        """The ``combin audit`` options that give this scope (for the recorded command): the
        submission file alone when the scope came from one."""
        if self.submission:
            return ["--submission-file", f"{INPUTS}/{self.submission[0][0]}"]
        words: list[str] = [word for name in self.games for word in ("--game", name)]
        for name, value in (("game", self.game), ("paytable", self.paytable),
                            ("rules", self.rules), ("decks", self.decks), ("shoe", self.shoe),
                            ("deck", self.deck)):
            if value is not None:
                words += [f"--{name}", value]
        words += [word for wager in self.wager_words() for word in ("--wager", wager)]
        words += [word for key, value in self.interpret for word in ("--interpret", f"{key}={value}")]
        words += [word for name, _ in self.paytable_files
                  for word in ("--paytable-file", f"{INPUTS}/{name}")]
        words += [word for name in self.include for word in ("--include", name)]
        return words

    @classmethod
    def of_record(cls, record: Mapping[str, Any], read_input: Any) -> "Scope":
        """The scope a manifest records; ``read_input(path)`` reads a file of the bundle."""
        if not isinstance(record, Mapping):
            raise CombinError("the manifest's 'scope' is not an object")
        try:
            files = tuple((path.split("/", 1)[1], read_input(path))
                          for path in record.get("paytable_files", []))
            given = record.get("submission_file")
            submission = () if given is None else ((given.split("/", 1)[1], read_input(given)),)
            return cls.with_wagers(
                list(record.get("wagers", [])), game=record.get("game"), paytable=record.get("paytable"),
                rules=record.get("rules"), decks=record.get("decks"), shoe=record.get("shoe"),
                deck=record.get("deck"), interpret=tuple(sorted(dict(record.get("interpret", {})).items())),
                paytable_files=files, submission=submission, include=tuple(record.get("include", [])),
                games=tuple(record.get("games", [])))
        except (AttributeError, TypeError, ValueError, IndexError):
            raise CombinError("the manifest's 'scope' is not a valid scope") from None

    def extra(self) -> tuple[list[Any], list[Any]]:
        """``(paytables, rule sets)`` of the scope's paytable files, read as the bundle holds
        them (``inputs/NAME``)."""
        if not self.paytable_files:
            return [], []
        from combin.files.paytable_file import PaytableFile, catalog, parse_paytable_file
        known = catalog()
        merged = PaytableFile((), ())
        for name, text in self.paytable_files:
            one = parse_paytable_file(text, f"{INPUTS}/{name}", known, merged)
            merged = PaytableFile(merged.sources + one.sources, merged.paytables + one.paytables,
                                  merged.rulesets + one.rulesets,
                                  {**merged.ruleset_sources, **one.ruleset_sources})
        return list(merged.paytables), list(merged.rulesets)


def scoped_games(scope: Scope, registry: Sequence[Game]) -> tuple[list[Game], list[str]]:
    """``(games with par sheets, ids of games with whole-game pages)`` the scope covers (a
    game's :class:`~combin.core.game.AuditPages`); a :class:`CombinError` for an unknown game or
    wager, or an option no covered game reads."""
    whole = [game.id for game in registry if game.audit_pages is not None]
    registry = [game for game in registry if game.table_shoes]   # the games with par sheets
    known = [game.id for game in registry] + [g for g in whole if g not in
                                              {game.id for game in registry}]
    owner = {wager: game.id for game in registry for wager in game.wagers}
    for wager in scope.wagers:
        if wager not in owner:
            raise CombinError(f"unknown wager {wager!r} (known: {', '.join(owner)})")
    chosen = scope.game
    if chosen is not None and chosen not in known:
        raise CombinError(f"unknown game {chosen!r} (known: {', '.join(known)})")
    by_wager = {owner[wager] for wager in scope.wagers}
    if len(by_wager) > 1 or (chosen is not None and by_wager and by_wager != {chosen}):
        raise CombinError(f"--wager {', '.join(scope.wagers)}: one bundle covers one game's "
                          f"configuration ({', '.join(sorted(by_wager | {chosen or ''} - {''}))} "
                          "given)")
    chosen = chosen or next(iter(by_wager), None)
    narrowing = [name for name, value in (("--paytable", scope.paytable), ("--rules", scope.rules),
                                          ("--decks", scope.decks), ("--shoe", scope.shoe),
                                          ("--deck", scope.deck),
                                          ("--interpret", scope.interpret)) if value]
    if chosen is None:
        if narrowing:
            raise CombinError(f"{', '.join(narrowing)} name one game's configuration: add "
                              f"--game ({', '.join(known)}) or --wager")
        return list(registry), whole
    games = [game for game in registry if game.id == chosen]
    studs = [name for name in whole if name == chosen and not scope.wagers]
    if scope.deck is not None and not studs:
        raise CombinError(f"--deck names the ranks of a stud game ({', '.join(sorted(whole))}), "
                          f"not of {chosen}; a shoe game takes --decks or --shoe")
    return games, studs


def check_scope(scope: Scope, registry: Sequence[Game], studs: Sequence[str],
                extra_paytables: Sequence[Any] = (), extra_rulesets: Sequence[Any] = ()) -> None:
    """Refuse, before any work, a scope option that names nothing of the scope: a paytable
    no scoped wager offers (Lunar: nor an instant payout paytable), a rule set of no scoped
    game, a value an interpretation does not have, a shoe for a game dealt from a fixed deck.

    >>> from combin.registry import find_game
    >>> check_scope(Scope(game="baccarat", paytable="ZZ"), [find_game("baccarat")], [])
    Traceback (most recent call last):
    ...
    combin.errors.CombinError: unknown paytable 'ZZ' (known: 8to1, 9to1, A, B, C, ez, standard, super6)
    """
    wagers = [(game, wager) for game in registry for wager in game.wagers.values()
              if not scope.wagers or wager.id in scope.wagers]
    where = scope.game or ", ".join(scope.wagers)
    if scope.paytable is not None:
        offered = [p for game, wager in wagers for p in paytable_ids(game, wager)]
        offered += [p.id for p in extra_paytables if any(p.wager == w.id for _, w in wagers)]
        for hook in _whole_games(studs):       # a whole game's own paytables (instant pays)
            if hook.paytables is not None:
                offered += hook.paytables()
        if not offered:
            raise CombinError(f"{where} has no paytables; drop --paytable")
        check_known("paytable", scope.paytable, sorted(set(offered)))
    for wager_id, pinned in scope.pins:
        offered = [p for game, wager in wagers if wager.id == wager_id for p in paytable_ids(game, wager)]
        offered += [p.id for p in extra_paytables if p.wager == wager_id]
        if not offered:
            raise CombinError(f"--wager {wager_id}:{pinned}: {wager_id} has no paytables; drop ':{pinned}'")
        check_known(f"paytable of {wager_id}", pinned, sorted(set(offered)))
    if scope.rules is not None:
        rulesets = [r for game in registry for r in [*game.rulesets, *(
            x.id for x in extra_rulesets if set(x.paytables) <= set(game.wagers))]]
        if not rulesets:
            raise CombinError(f"{where} has no rule sets; drop --rules")
        check_known("rule set", scope.rules, list(dict.fromkeys(rulesets)))
    readings = {key: interp for game in registry for key, interp in game.interpretations.items()}
    if studs:
        from combin.stud.core.rules import load_rules
        for game_id in studs:
            readings.update(load_rules(game_id).interpretations)
    for key, value in scope.interpret:
        if key in readings and value not in readings[key].values:
            raise CombinError(f"interpretation {key} has no value {value!r} (values: "
                              f"{', '.join(readings[key].values)})")
    if scope.include:
        optional = {name: text for hook in _whole_games(studs) if hook.optional is not None
                    for name, text in hook.optional().items()}
        if not optional:
            raise CombinError(f"{where or 'the scope'} has no optional pages; drop --include")
        for name in scope.include:
            check_known("page group", name, sorted(optional))
        if len(set(scope.include)) != len(scope.include):
            raise CombinError(f"--include names a page group twice ({', '.join(scope.include)})")
    for name, given in (("decks", scope.decks), ("shoe", scope.shoe)):
        if given is not None and (not registry or any(name not in game.shoe_options
                                                      for game in registry)):
            raise CombinError(f"{where} is dealt from a fixed deck; --{name} does not apply")


def check_interpretations(scope: Scope, registry: Sequence[Game], studs: Sequence[str]) -> None:
    """Every ``--interpret`` key is read by some wager (or whole game) of the scope.

    >>> from combin.registry import find_game
    >>> check_interpretations(Scope(game="baccarat", wagers=("baccarat.tie",), interpret=(("E1", "events"),)),
    ...                       [find_game("baccarat")], [])
    Traceback (most recent call last):
    ...
    combin.errors.CombinError: --interpret E1: no wager of this configuration reads E1 (they read: none)
    """
    read = {key for game in registry for wager in game.wagers.values()
            if not scope.wagers or wager.id in scope.wagers for key in wager.interpretations}
    for pages in _whole_games(studs):
        if pages.interpretations is not None:
            read |= set(pages.interpretations())
    for key, _ in scope.interpret:
        if key not in read:
            raise CombinError(f"--interpret {key}: no wager of this configuration reads "
                              f"{key} (they read: {', '.join(sorted(read)) or 'none'})")


def _accepts(scope: Scope) -> bool:
    """Whether a one-game scope names only what its game has (see :func:`per_game`)."""
    try:
        registry, studs = scoped_games(scope, games())
        check_interpretations(scope, registry, studs)
        check_scope(scope, registry, studs, *scope.extra())
    except CombinError:
        return False
    return True


def _offers(scope: Scope, paytable: str, registry: Sequence[Game]) -> bool:
    """Whether a wager of a one-game scope not pinned to a paytable of its own offers
    ``paytable`` (or the whole game's own paytables do: Lunar's instant payout)."""
    covered, studs = scoped_games(scope, registry)
    pinned = dict(scope.pins)
    extra = scope.extra()[0]
    for game in covered:
        for wager in game.wagers.values():
            if (scope.wagers and wager.id not in scope.wagers) or wager.id in pinned:
                continue
            if paytable in paytable_ids(game, wager) + [p.id for p in extra if p.wager == wager.id]:
                return True
    return any(hook.paytables is not None and paytable in hook.paytables()
               for hook in _whole_games(studs))


def per_game(scope: Scope, registry: Sequence[Game]) -> list[Scope]:
    """The one-game scopes of a scope filing several games (``[scope]`` for one): each game
    takes its own wagers (a game none of whose wagers is named takes every wager) and each
    option that applies to it (``--rules ez`` to the game with that rule set, ``--decks 8`` to
    a shoe game, ``--interpret E1=events`` to the game reading E1); an option no game takes, or
    a wager of a game not named, is refused.

    >>> from combin.registry import games
    >>> ids = [game.id for game in games() if game.table_shoes]    # the games with par sheets
    >>> parts = per_game(Scope.of_games(ids, ["eclipse.eclipse:B"], rules="ez", decks="8",
    ...                                 paytable="A"), games())
    >>> [part.describe() for part in parts]
    ['baccarat: eclipse.eclipse (paytable B), rules ez, decks 8', 'lunar: every wager, paytable A']
    """
    if not scope.games:
        return [scope]
    owner = {wager: game.id for game in registry for wager in game.wagers}
    for wager in scope.wagers:
        if wager not in owner:
            raise CombinError(f"unknown wager {wager!r} (known: {', '.join(owner)})")
        if owner[wager] not in scope.games:
            raise CombinError(f"--wager {wager} is a wager of {owner[wager]}, which no --game names "
                              f"({', '.join(scope.games)} given)")
    pinned = dict(scope.pins)
    parts = []
    for game_id in scope.games:
        own = tuple(wager for wager in scope.wagers if owner[wager] == game_id)
        part = Scope(game=game_id, wagers=own, pins=tuple((w, pinned[w]) for w in own if w in pinned),
                     paytable_files=scope.paytable_files)
        if not _accepts(part):
            scoped_games(part, registry)      # the reason, said once (an unknown game)
            raise CombinError(f"--game {game_id}: not a game of its own bundle")
        parts.append(part)
    options: list[tuple[str, dict[str, Any]]] = [
        (f"--{name} {value}", {name: value}) for name, value in (
            ("paytable", scope.paytable), ("rules", scope.rules), ("decks", scope.decks),
            ("shoe", scope.shoe), ("deck", scope.deck)) if value is not None]
    options += [(f"--interpret {key}={value}", {"interpret": ((key, value),)})
                for key, value in scope.interpret]
    options += [(f"--include {name}", {"include": (name,)}) for name in scope.include]
    for words, given in options:
        took = False
        for index, part in enumerate(parts):
            if "paytable" in given and not _offers(part, given["paytable"], registry):
                continue          # no wager of this game filed under --paytable offers it
            merged = {name: getattr(part, name) + value if isinstance(value, tuple) else value
                      for name, value in given.items()}
            trial = replace(part, **merged)
            if _accepts(trial):
                parts[index], took = trial, True
        if not took:
            raise CombinError(f"{words}: no game of this bundle ({', '.join(scope.games)}) takes it")
    return parts


def _whole_games(studs: Sequence[str]) -> list[Any]:
    """The :class:`~combin.core.game.AuditPages` of the whole games ``studs`` names."""
    return [game.audit_pages for game in games() if game.id in studs and game.audit_pages]


def _paytables(game: Game, wager: Wager, scope: Scope, extra: Sequence[Any]) -> list[str]:
    pinned = dict(scope.pins).get(wager.id)
    if pinned is not None:
        return [pinned]            # checked against the wager's paytables before any work
    own = [p.id for p in extra if p.wager == wager.id]
    offered = paytable_ids(game, wager) + own
    if scope.paytable is not None and scope.paytable in offered:
        return [scope.paytable]
    return own or paytable_ids(game, wager)


def jobs(game: Game, scope: Scope, extra_paytables: Sequence[Any] = (),
         extra_rulesets: Sequence[Any] = ()) -> Iterator[tuple[Wager, str, list[str | None]]]:
    """``(wager, paytable, [rule set, ...])`` of ``game`` the scope covers: a wager that
    offers the scope's paytable is priced under it alone, one that does not under each of its
    own; a ruled wager under the scope's rule set, or under every rule set.  A wager that is
    reported elsewhere (``Wager.reported_in``, the Lunar instant payout) is not a sheet.

    >>> from combin.registry import find_game
    >>> [(w.id, p, r) for w, p, r in jobs(find_game("baccarat"), Scope(wagers=("baccarat.tie",),
    ...  rules="ez"))]
    [('baccarat.tie', '8to1', ['ez']), ('baccarat.tie', '9to1', ['ez'])]
    """
    rulesets = {**game.rulesets, **{r.id: r for r in extra_rulesets
                                    if set(r.paytables) <= set(game.wagers)}}
    if scope.rules is not None:
        if not rulesets:
            raise CombinError(f"{game.id} has no rule sets; drop --rules")
        check_known("rule set", scope.rules, list(rulesets))
    for wager in game.wagers.values():
        if wager.reported_in or (scope.wagers and wager.id not in scope.wagers):
            continue
        if not (wager.ruled and rulesets):
            for paytable in _paytables(game, wager, scope, extra_paytables):
                yield wager, paytable, [None]
            continue
        grouped: dict[str, list[str | None]] = {}
        for rules in [scope.rules] if scope.rules else list(rulesets):
            imposed = rulesets[rules].paytables.get(wager.id)
            if imposed and imposed != dict(scope.pins).get(wager.id, imposed):
                continue            # a rule set imposing another paytable than the one filed
            for paytable in [imposed] if imposed else _paytables(game, wager, scope,
                                                                 extra_paytables):
                grouped.setdefault(paytable, []).append(rules)
        for paytable, rule_ids in grouped.items():
            yield wager, paytable, rule_ids
