"""Game-protection evidence for the bundle of a game a counter can track: decks, effects of
removal, counting.

For the wagers the game's protection section names (``Game.protection``:
for baccarat, the Eclipse package), the bundle carries the exact house edge by number of decks, the
exact effects of removal with the suggested count, a seeded count simulation
per wager, and -- when matplotlib (the ``plots`` extra) is installed -- the
two charts of :mod:`combin.protection.charts`.  Every figure comes from the
commands' own functions, so the bundle shows what ``combin decks``, ``combin
eor`` and ``combin count`` print.
"""

from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from combin.core.analysis import select_wager
from combin.audit.simulate import stream_seed
from combin.documents import protection as documents
from combin.core.game import Game
from combin.protection import charts, decks, eor, simulate
from combin.render import render

if TYPE_CHECKING:
    from combin.core.analysis import Selection
    from combin.render.document import Document

__all__ = ["protection_files"]


def _charts() -> ModuleType | None:
    try:
        charts.require_matplotlib()
    except Exception:  # the plots extra is optional: the bundle says the charts are absent
        return None
    return charts


def _pages(files: dict[str, str | bytes], base: str, document: "Document") -> None:
    """``base.md`` and ``base.html`` of a result's Document."""
    files[f"{base}.md"] = render(document, "md")
    files[f"{base}.html"] = render(document, "html")


def _deck_options(chosen: "Sequence[Selection]") -> dict[str, Any]:
    """The columns of the decks table for the scope's selections of one wager: the one
    paytable (or rule set) they share, else every column; the scope's readings."""
    first = chosen[0]
    options: dict[str, Any] = {"interpret": dict(first.interpretations),
                                  # a user's paytables (from a file) beside the game's own
                                  "extra_paytables": [table for key, table in first.tables.items()
                                                      if first.game.paytables.get(key) is not table]}
    if len({selection.paytable.id for selection in chosen}) == 1:
        if first.ruleset is not None and first.wager.id in first.ruleset.paytables:
            options["rules"] = first.ruleset.id
        else:
            options["paytable"] = first.paytable.id
    return options


def protection_files(game: Game, parameters: Mapping[str, int], workers: int,
                     progress: Callable[[str], None],
                     selections: "Mapping[str, Sequence[Selection]] | None" = None
                     ) -> dict[str, str | bytes]:
    """``{path: text or bytes}`` under ``protection/`` for ``game`` (which has a
    ``protection`` section) and those of its protected wagers in ``selections`` (``{wager id:
    the scope's selections of it}``; default every protected wager, as the game sets it),
    each priced under the scope's first selection of it (its paytable, rule set and
    readings: a bundle scoped to Paytable B has its effects of removal under B);
    ``parameters["shoes"]`` shoes per count simulation, each count simulation on its own
    stream (:func:`combin.audit.simulate.stream_seed` of the seed, "count" and the wager)."""
    seed, shoes = parameters["seed"], parameters["shoes"]
    section = game.protection
    if section is None:
        raise ValueError(f"{game.id} offers no game protection")
    if selections is None:
        selections = {w: [select_wager(game, game.wagers[w])] for w in section.wagers}
    keep = [w for w in section.wagers if selections.get(w)]
    files: dict[str, str | bytes] = {}
    charts = _charts()
    progress(f"{game.id}: house edge by decks, effects of removal")
    for wager in keep:
        chosen = selections[wager][0]
        table = decks.deck_table(wager, **_deck_options(selections[wager]))
        _pages(files, f"protection/decks-{wager}", documents.decks_document(table))
        if charts is not None:
            files[f"protection/decks-{wager}.png"] = charts.decks_chart(table)
        effects = eor.effects_of_removal(chosen, decks=section.decks)
        _pages(files, f"protection/eor-{wager}", documents.eor_document(effects))
        if charts is not None:
            files[f"protection/eor-{wager}.png"] = charts.eor_chart(effects)
    for wager, triggers in [(w, t) for w, t in section.counted.items() if w in keep]:
        progress(f"{game.id}: count simulation for {wager}, {shoes:,} shoes")
        result = simulate.simulate(selections[wager][0],
                                   triggers=simulate.parse_triggers(triggers),
                                   decks=section.decks, true_count=True,
                                   seed=stream_seed(seed, "count", wager), shoes=shoes,
                                   workers=workers)
        if result.interrupted:     # a partial count is never filed as the bundle's
            raise KeyboardInterrupt
        _pages(files, f"protection/count-{wager}", documents.count_document(result))
        if charts is not None:
            files[f"protection/count-{wager}.png"] = charts.trigger_chart(result)
    if charts is None:
        files["protection/CHARTS.md"] = ("Charts are not included: matplotlib (the `plots` "
                                         "extra) was not installed when this bundle was built.\n")
    return files
