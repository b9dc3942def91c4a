"""The workbench's data: the exact count of every event of every linear wager, as decimal text.

A *scenario* is one wager under one shoe, one preset paytable (for a wager paid
by its rule set, the rule set's paytable) and one reading of every
interpretation that changes its events.  The par-sheet engine settles each
outcome by the first line whose event holds, whatever that line pays
(:mod:`combin.design.solve`), so within a scenario the combinations of every
settled line are fixed and the expected return is a linear function of the
pays: the page re-prices by exact integer arithmetic on these counts.

A settled line is paid by one paytable line (``parts = [i]``), or -- under a
reading that pays a hand on every line it fits (Lunar ``L4=all-lines``) -- by
the sum of several (``parts = [i, j, ...]``, ``combine = "sum"``).  In that
mode a line edited to "loss" drops out of the sum, exactly as the engine drops
a losing row before grouping hands by the rows they fit; a hand left with no
paying row loses.  Counts are shared: scenarios with the same counts (Paytables
A, B and C of a one-line wager) point at one table.

>>> data = workbench_data(wager_ids=["eclipse.moon8"], decks=(8,))
>>> data["scenarios"]["eclipse.moon8|8|A|"]["lines"][0][0]
'player_wins_three_card_8'
"""

import itertools
from collections.abc import Iterable, Iterator
from typing import Any

from combin.files import display
from combin.core.analysis import Selection, select_wager
from combin.errors import CombinError
from combin.core.game import Game
from combin.core.paytable import Paytable
from combin.registry import games
from combin.core.risk import CONFIDENCES
from combin.core.wager import Wager

__all__ = ["SHOES", "scenario_key", "readings", "scenarios", "workbench_data"]

#: The deck counts the workbench offers per game ("" for a game dealt from a fixed deck).
SHOES: dict[str, tuple[int, ...]] = {"baccarat": (1, 2, 3, 4, 5, 6, 7, 8)}


def scenario_key(wager: str, decks: int | str, preset: str, chosen: Iterable[tuple[str, str]]) -> str:
    """``"wager|decks|preset|E1=paid-rows,..."``: how the page names a scenario.

    >>> scenario_key("eclipse.eclipse", 8, "A", [("E1", "paid-rows")])
    'eclipse.eclipse|8|A|E1=paid-rows'
    """
    return f"{wager}|{decks}|{preset}|" + ",".join(f"{k}={v}" for k, v in chosen)


def readings(game: Game, wager: Wager) -> list[tuple[tuple[str, str], ...]]:
    """Every combination of the switchable interpretations the wager reads (fixed ones apart).

    >>> from combin.registry import find_wager
    >>> game, wager = find_wager("eclipse.eclipse")
    >>> readings(game, wager)
    [(('E1', 'events'),), (('E1', 'paid-rows'),)]
    """
    switchable = [game.interpretations[i] for i in wager.interpretations
                  if not game.interpretations[i].fixed]
    return [tuple(zip((i.id for i in switchable), values))
            for values in itertools.product(*(list(i.values) for i in switchable))]


def _presets(game: Game, wager: Wager, extra: Iterable[Paytable] = ()) -> list[tuple[str, str | None]]:
    """``(paytable id, rule set id or None)``: a ruled wager whose paytable the rule set
    imposes (the Banker) has one preset per rule set; any other wager one per paytable,
    a user file's (``extra``) after the built-in ones."""
    imposed = [(r.paytables[wager.id], r.id) for r in game.rulesets.values()
               if wager.id in r.paytables]
    found: list[tuple[str, str | None]] = list(imposed)
    return found or [(p.id, None) for p in (*game.paytables_of(wager.id), *extra)
                       if p.wager == wager.id]


def check_extra(extra: Iterable[Paytable], rulesets: Iterable[Any] = ()) -> None:
    """Refuse what a user's file holds that the page would not offer: a ``[[ruleset]]`` (the
    page offers paytables, not rule sets) and a paytable of a wager whose paytable the rule
    set imposes (the Banker) or that is priced inside a whole game (the Lunar instant payout)."""
    for ruleset in rulesets:
        raise CombinError(f"--paytable-file: the workbench offers a file's paytables, not its rule sets "
                          f"([[ruleset]] '{ruleset.id}'); leave it out, or price it with combin par")
    offered = {wager.id for game in games() for wager in game.wagers.values()
               if not wager.reported_in and not any(wager.id in r.paytables for r in game.rulesets.values())}
    for paytable in extra:
        if paytable.wager not in offered:
            raise CombinError(f"--paytable-file: the workbench does not offer presets of {paytable.wager} "
                              f"(paytable '{paytable.id}': its paytable is the rule set's, or it is priced "
                              "inside a whole game); price it with combin par")


def _parts(event_id: str, paid: list[str]) -> list[int]:
    """The paytable lines (indexes into ``paid``) a settled line is paid on."""
    if event_id == "other":
        return []
    return [paid.index(part) for part in event_id.split("+")]


def _scenario(chosen: Selection, space: Any, pool: dict[tuple[str, ...], int]) -> dict[str, Any]:
    sheet = chosen.sheet(space)
    paid = [event for event, _ in chosen.paytable.lines]
    own = {event.id: event for event in chosen.paytable.events}   # a user file's own events
    settled = [line for line in sheet.lines if line.event_id != "other"]
    other = sheet.lines[-1]
    counts = tuple(str(line.combinations) for line in settled) + (str(other.combinations),
                                                                   str(sheet.cycle))
    index = pool.setdefault(counts, len(pool))
    combined = any(len(_parts(line.event_id, paid)) > 1 for line in settled)
    return {
        "lines": [[event, (own.get(event) or chosen.wager.event(event)).description, pay.text]
                  for event, pay in chosen.paytable.lines],
        "settled": [[line.event, _parts(line.event_id, paid)] for line in settled],
        "combine": "sum" if combined else "first",
        "other": [other.event, display.rational(other.payout), other.pays],
        "counts": index,
        "shoe": sheet.shoe,
        "title": chosen.paytable.title,
        "citation": chosen.paytable.citation,
        "interpretations": sheet.interpretation_text,
        "events": [[event_id, dict(spec)] for event_id, spec in chosen.paytable.conditions],
        **({"reads": reads} if (reads := _reads(chosen, space)) else {}),
    }


def _reads(chosen: Selection, space: Any) -> dict[str, list[list[str]]]:
    """``{wager id: [[event, pay], ...]}``: the other wagers' paytables (of the preset's id) the
    scenario's lines read (Eclipse under ``E1=paid-rows``), so that a design downloaded from it
    carries them under its own id and reads the same rows."""
    found: dict[str, list[list[str]]] = {}
    if chosen.wager.lines is None:
        return found

    def lookup(wager_id: str, paytable_id: str) -> Paytable | None:
        table = next((p for p in chosen.game.paytables_of(wager_id) if p.id == paytable_id), None)
        if table is not None:
            found[wager_id] = [[event, pay.text] for event, pay in table.lines]
        return table
    chosen.wager.lines(chosen.paytable, dict(chosen.interpretations), lookup, space)
    return found


def scenarios(wager_ids: Iterable[str] | None = None, decks: Iterable[int] | None = None,
              extra: Iterable[Paytable] = ()) -> Iterator[tuple[Game, Wager, Any, Selection]]:
    """``(game, wager, shoe label, selection)`` for every scenario of every linear wager
    (``extra``: a user file's paytables, offered as presets of their wagers).

    A wager reported inside another report (the Lunar Ante instant payout) is
    left out: its return is part of a whole game, not linear in its own pays.
    """
    wanted = None if wager_ids is None else set(wager_ids)
    for game in games():
        tabulated = SHOES.get(game.id, ())
        shoes: tuple[int | str, ...] = tuple(d for d in tabulated if decks is None or d in decks) \
            if tabulated else ("",)
        for wager in game.wagers.values():
            if wager.reported_in or (wanted is not None and wager.id not in wanted):
                continue
            for shoe in shoes:
                for preset, rules in _presets(game, wager, extra):
                    for chosen in readings(game, wager):
                        yield game, wager, shoe, select_wager(
                            game, wager, paytable=preset, rules=rules, interpret=dict(chosen),
                            extra_paytables=extra)


def workbench_data(wager_ids: Iterable[str] | None = None, decks: Iterable[int] | None = None,
                   extra: Iterable[Paytable] = ()) -> dict[str, Any]:
    """Everything the page needs, as plain JSON-able data (every count a decimal string);
    ``extra``: a user file's paytables (and their own events), offered as presets."""
    extra = tuple(extra)
    pool: dict[tuple[str, ...], int] = {}
    found: dict[str, Any] = {}
    wagers: dict[str, Any] = {}
    for game, wager, shoe, chosen in scenarios(wager_ids, decks, extra):
        space = game.space(decks=shoe) if shoe else game.space()
        switched = [(k, v) for k, v in chosen.interpretations
                    if not game.interpretations[k].fixed]
        found[scenario_key(wager.id, shoe, chosen.paytable.id, switched)] = \
            _scenario(chosen, space, pool)
        entry = wagers.setdefault(wager.id, {
            "title": wager.title, "game": game.id, "regulation": wager.regulation,
            "decks": [], "presets": [], "rules": {}, "interpretations": {}})
        if shoe not in entry["decks"]:
            entry["decks"].append(shoe)
        if chosen.paytable.id not in entry["presets"]:
            entry["presets"].append(chosen.paytable.id)
        if chosen.ruleset is not None and wager.id in chosen.ruleset.paytables:
            entry["rules"][chosen.ruleset.id] = chosen.paytable.id
        for key, value in switched:
            values = entry["interpretations"].setdefault(
                key, {"title": game.interpretations[key].title, "values": []})["values"]
            if value not in values:
                values.append(value)
    return {"counts": [list(counts) for counts in pool],
            "scenarios": found, "wagers": wagers,
            "confidences": [[label, str(z)] for label, z in CONFIDENCES]}
