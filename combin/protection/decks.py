"""The exact house edge of a baccarat wager for any list of deck counts.

:func:`deck_table` computes one par sheet per deck count and per paytable of
the wager (:func:`columns` says which: every paytable, or for a wager whose
paytable a rule set imposes -- the Banker -- every rule set), all through
:func:`combin.analysis.select_wager` (each column resolved once), so
``--rules``, ``--interpret`` and any user paytable are honoured exactly as
``combin par`` honours them.
:func:`render` prints the table.

Why it is exact: each cell is the house edge of a par sheet, a sum of
``Fraction(combinations, cycle) * payout`` over the lines of one exact
enumeration of that shoe (:mod:`combin.baccarat.enumeration`); nothing is
interpolated between deck counts.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from combin import display
from combin.analysis import Selection, paytable_ids, select, select_wager
from combin.baccarat.shoe import parse_decks
from combin.errors import CombinError
from combin.game import Game
from combin.parsheet import ParSheet
from combin.protection import output
from combin.registry import find_wager, games
from combin.wager import Wager

__all__ = ["DEFAULT_DECKS_LIST", "DeckTable", "require_protection", "protected",
           "parse_decks_list", "columns", "deck_table", "render"]

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
    """The :class:`~combin.analysis.Selection` of a wager of a game with game protection.

    ``wager`` is a Selection already resolved (by a command) -- passed through
    -- or a wager id resolved here once with ``options`` (those of
    :func:`combin.analysis.select`).
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


def _info(table: DeckTable) -> list[tuple[str, str]]:
    first = table.rows[0][3][0]
    rules = []
    for sheet in table.rows[0][3]:
        if sheet.rules not in (None, "any") and sheet.rules not in rules:
            rules.append(sheet.rules)
    info = [("Wager", f"{table.title} ({table.wager})")]
    if rules:
        info.append(("Rule set", ", ".join(rules)))
    info += [("Interpretations", first.interpretation_text),
             ("Regulation", first.regulation),
             ("Counted over", "every ordered six-card sequence of each full shoe (one exact "
                              "enumeration per deck count)"),
             ("Tool", f"combin {first.version}")]
    return info


def render(table: DeckTable, fmt: str = "text") -> str:
    """The table in ``fmt``: text, md, csv or json."""
    output.check_format(fmt)
    pct = lambda sheet: display.percent(sheet.summary.house_edge, 4)
    if fmt == "json":
        return output.json_text({
            "format": "combin.decks/1",
            "wager": table.wager, "title": table.title,
            "interpretations": dict(table.rows[0][3][0].interpretations),
            "columns": [{"heading": h, "paytable": s.paytable, "rules": s.rules}
                        for h, s in zip(table.headings, table.rows[0][3])],
            "rows": [{"decks": decks, "cards": cards, "cycle": str(cycle),
                      "house_edge": {h: {"exact": display.rational(s.summary.house_edge),
                                         "percent": display.percent(s.summary.house_edge, 6)}
                                     for h, s in zip(table.headings, sheets)},
                      "expected_return": {h: output.exact(s.summary.expected_return)
                                          for h, s in zip(table.headings, sheets)}}
                     for decks, cards, cycle, sheets in table.rows],
        })
    headers = ["Decks", "Cards", *(f"House edge {h}" for h in table.headings)]
    rows = [[str(decks), str(cards), *(pct(s) for s in sheets)]
            for decks, cards, _, sheets in table.rows]
    csv_rows = [[decks, cards, *(f'="{display.rational(s.summary.house_edge)}"' for s in sheets),
                 *(display.decimal(s.summary.house_edge, 12) for s in sheets)]
                for decks, cards, _, sheets in table.rows]
    csv_headers = ["decks", "cards", *(f"house_edge_{h}" for h in table.headings),
                   *(f"house_edge_{h}_decimal" for h in table.headings)]
    notes = ["House edge = minus the expected net result per unit staked, exact for each "
             "shoe; the percentages are rounded for display only."]
    if fmt == "csv":
        return output.document("csv", "", _info(table), csv_headers, csv_rows, notes)
    title = f"{table.title}: house edge by number of decks"
    return output.document(fmt, title, _info(table), headers, rows, notes,
                           align=("right",) * len(headers))
