"""The exact house edge of a baccarat wager for any list of deck counts.

:func:`deck_table` computes one par sheet per deck count and per paytable of
the wager (:func:`columns` says which: every paytable, or for a wager whose
paytable a rule set imposes -- the Banker -- every rule set), all through
:func:`combin.core.analysis.select_wager` (each column resolved once), so
``--rules``, ``--interpret`` and any user paytable are honoured exactly as
``combin par`` honours them.

Why it is exact: each cell is the house edge of a par sheet, a sum of
``Fraction(combinations, cycle) * payout`` over the lines of one exact
enumeration of that shoe (:mod:`combin.baccarat.enumeration`); nothing is
interpolated between deck counts.

>>> parse_decks_list("1,2,8"), DEFAULT_DECKS_LIST[-1]
((1, 2, 8), 8)
>>> game, wager = require_protection("eclipse.sun7")
>>> game.id, wager.id, protected("eclipse.sun7").wager.id
('baccarat', 'eclipse.sun7', 'eclipse.sun7')
>>> table = deck_table("eclipse.sun7", (1, 8))
>>> isinstance(table, DeckTable), [row[0] for row in table.rows], len(columns("eclipse.sun7"))
(True, [1, 8], 3)
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from combin.core.analysis import Selection, paytable_ids, select, select_wager
from combin.baccarat.shoe import parse_decks
from combin.errors import CombinError
from combin.core.game import Game
from combin.core.parsheet import ParSheet
from combin.registry import find_wager, games
from combin.core.wager import Wager

__all__ = ["DEFAULT_DECKS_LIST", "DeckTable", "require_protection", "protected", "parse_decks_list", "columns",
           "deck_table"]

#: The deck counts ``combin decks`` tabulates by default.
DEFAULT_DECKS_LIST = (1, 2, 3, 4, 5, 6, 7, 8)
#: The most deck counts one table may hold (each is an enumeration).
MAX_DECK_COUNTS = 64


def require_protection(wager_id: str) -> tuple[Game, Wager]:
    """``(game, wager)`` for a wager of a game that offers game protection (``Game.protection``:
    a shoe a counter can track), else a :class:`CombinError`."""
    game, wager = find_wager(wager_id)
    if game.protection is None:
        offered = [g.id for g in games() if g.protection is not None]
        raise CombinError(f"{wager_id} is a {game.id} wager; game protection covers the wagers "
                          f"of {', '.join(offered) or 'no game'} (dealt from a shoe)")
    return game, wager


def protected(wager: Selection | str, **options: Any) -> Selection:
    """The :class:`~combin.core.analysis.Selection` of a wager of a game with game protection.

    ``wager`` is a Selection already resolved (by a command) -- passed through
    -- or a wager id resolved here once with ``options`` (those of
    :func:`combin.core.analysis.select`).
    """
    if isinstance(wager, Selection):
        chosen = wager
    else:
        require_protection(wager)
        chosen = select(wager, **options)
    if chosen.game.protection is None:
        require_protection(chosen.wager.id)
    return chosen


def parse_decks_list(text: object) -> tuple[int, ...]:
    """``"1,2,6,8"`` -> ``(1, 2, 6, 8)``; each a whole number of decks of at least 1."""
    items = [item.strip() for item in str(text).split(",")]
    if not any(items):
        raise CombinError(f"the list of deck counts is empty ({text!r}); write e.g. 1,2,6,8")
    if not all(items):
        raise CombinError(f"the list of deck counts {text!r} has an empty item")
    decks = tuple(parse_decks(item) for item in items)
    if len(set(decks)) != len(decks):
        raise CombinError(f"the list of deck counts {text!r} names a deck count twice")
    if len(decks) > MAX_DECK_COUNTS:
        raise CombinError(f"the list of deck counts holds {len(decks)} counts; "
                          f"at most {MAX_DECK_COUNTS} fit in one table")
    return decks


def columns(wager_id: str, paytable: str | None = None, rules: str | None = None,
            **options: Any) -> list[tuple[str, dict[str, Any]]]:
    """``[(heading, par_sheet options), ...]``: the sheets a table shows side by side.

    Every paytable of the wager (built-in and any in ``extra_paytables``); for a
    wager whose paytable comes from the rule set, every rule set unless
    ``rules`` picks one.  ``paytable`` picks a single column.
    """
    game, wager = require_protection(wager_id)
    base = dict(options)
    imposing = {rs.id: rs.paytables[wager.id] for rs in game.rulesets.values()
                if wager.id in rs.paytables}
    if paytable is not None:
        return [(paytable, {**base, "paytable": paytable, "rules": rules})]
    if imposing:
        if rules is not None:
            return [(imposing.get(rules, rules), {**base, "rules": rules})]
        return [(pid, {**base, "rules": rid}) for rid, pid in imposing.items()]
    ids = paytable_ids(game, wager)
    ids += [p.id for p in options.get("extra_paytables") or () if p.wager == wager.id
            and p.id not in ids]
    return [(pid, {**base, "paytable": pid, "rules": rules}) for pid in ids]


@dataclass(frozen=True)
class DeckTable:
    """``rows``: ``((decks, cards, cycle, (ParSheet per column, ...)), ...)``."""

    wager: str
    title: str
    headings: tuple[str, ...]
    rows: tuple[tuple[int, int, int, tuple[ParSheet, ...]], ...]

    @property
    def sheets(self) -> list[ParSheet]:
        return [sheet for *_, sheets in self.rows for sheet in sheets]


def deck_table(wager_id: str, decks_list: Sequence[object] = DEFAULT_DECKS_LIST,
               **options: Any) -> DeckTable:
    """One exact par sheet per deck count in ``decks_list`` and per column of :func:`columns`."""
    game, wager = require_protection(wager_id)
    chosen = [(heading, select_wager(game, wager, **column))
              for heading, column in columns(wager_id, **options)]
    rows = []
    for decks in decks_list:
        count: int = parse_decks(decks)
        space = game.outcomes(decks=count)
        sheets = tuple(selection.sheet(space) for _, selection in chosen)
        rows.append((count, space.shoe_detail["cards"], space.cycle, sheets))
    return DeckTable(wager.id, wager.title, tuple(h for h, _ in chosen), tuple(rows))
