"""The baccarat cross-checks of the evidence bundle: anchors, methods, invariants.

* **anchors** -- the published figures of ``data/anchors.toml`` reproduced
  from the engine, digit for digit;
* **methods** -- the fast enumerator against the plain nested loop
  (:mod:`combin.baccarat.reference`) and against the card-by-card dealer
  (:mod:`combin.baccarat.naive`) on seeded small shoes;
* **invariants** -- Eclipse as the sum of its components, and the
  effect-of-removal identity ``sum_r n_r EV(shoe - r) = N EV(shoe)``.

:func:`baccarat_checks` is the game's ``checks``; every check is a
:class:`~combin.core.crosscheck.Check` with its result.
"""

import random
from collections.abc import Callable
from math import comb
from typing import Any

from combin.files import display
from combin.core.analysis import par_sheet
from combin.baccarat.enumeration import enumerate_rounds, outcome_space
from combin.baccarat.naive import deal_every_sequence
from combin.baccarat.reference import nested_loop_rounds
from combin.baccarat.shoe import Shoe
from combin.baccarat.wagers import ECLIPSE_COMPONENTS
from combin.core.crosscheck import Check, anchors
from combin.running.progress import Messages, silent
from combin.core.game import Game
from combin.core.outcomes import OutcomeSpace

__all__ = ["baccarat_checks", "anchor_checks"]


def _tally(space: OutcomeSpace, predicate: Callable[[Any], bool]) -> int:
    return sum(count for state, count in space.items() if predicate(state))


def anchor_checks(data: dict[str, Any]) -> list[Check]:
    """The published figures of ``data`` (the shape of ``data/anchors.toml``), each compared."""
    checks = []
    for row in data["baccarat_counts"]:
        space = outcome_space(Shoe.full(row["decks"]))
        got: dict[str, int] = {"cycle": space.cycle,
               "banker_wins": _tally(space, lambda r: r.banker_total > r.player_total),
               "player_wins": _tally(space, lambda r: r.player_total > r.banker_total),
               "ties": _tally(space, lambda r: r.player_total == r.banker_total)}
        for key, value in got.items():
            checks.append(Check("anchor", f"{row['decks']} decks: {key}",
                                f"published {display.grouped(int(row[key]))}, computed "
                                f"{display.grouped(value)}", value == int(row[key])))
    for row in data["line_counts"]:
        options = {k: row[k] for k in ("shoe", "rules") if k in row}
        sheet = par_sheet(row["wager"], **options)
        combinations = {line.event_id: line.combinations for line in sheet.lines}[row["event"]]
        where = f" ({', '.join(f'{k} {v}' for k, v in options.items())})" if options else ""
        checks.append(Check("anchor", f"{row['wager']}{where}: {row['event']}",
                            f"published {display.grouped(int(row['combinations']))}, computed "
                            f"{display.grouped(combinations)}",
                            combinations == int(row["combinations"])))
    for row in data["house_edges"]:
        options = {k: row[k] for k in ("paytable", "rules", "decks") if k in row}
        edge = display.percent(par_sheet(row["wager"], **options).summary.house_edge, 4)
        where = f" ({', '.join(f'{k} {v}' for k, v in options.items())})" if options else ""
        checks.append(Check("anchor", f"{row['wager']}{where}: house edge",
                            f"published {row['edge']}, computed {edge}", edge == row["edge"]))
    return checks


def _small_shoes(seed: int, number: int) -> list[list[int]]:
    """Seeded random small shoes (point values of 8 to 10 physical cards)."""
    rng = random.Random(f"combin-audit-shoes:{seed}")
    return [[rng.randrange(10) for _ in range(rng.randint(8, 10))] for _ in range(number)]


def baccarat_checks(game: Game, progress: Messages = silent, shoes: int = 6) -> list[Check]:
    """Every baccarat check of ``game``: anchors, methods, invariants."""
    progress("baccarat: published anchors")
    checks = anchor_checks(anchors(__package__))

    progress("baccarat: fast enumerator against the plain nested loop")
    for decks in (8, 6, 1):
        shoe = Shoe.full(decks)
        same = enumerate_rounds(shoe) == nested_loop_rounds(shoe.counts)
        checks.append(Check("method", f"{decks} decks: fast enumeration = plain nested loop",
                            f"all {len(enumerate_rounds(shoe))} final states, exact integers", same))
    progress("baccarat: fast enumerator against the card-by-card dealer")
    for values in _small_shoes(0, shoes):
        counts = tuple(values.count(v) for v in range(10))
        same = enumerate_rounds(Shoe(counts)) == deal_every_sequence(values)
        checks.append(Check("method", f"shoe {''.join(map(str, sorted(values)))}: fast enumeration "
                            "= card-by-card dealer",
                            f"every ordered sequence of {len(values)} physical cards "
                            f"({comb(len(values), 6) * 720:,} sequences)", same))

    progress("baccarat: invariants")
    shoe = Shoe.full(8)
    space = outcome_space(shoe)
    for paytable in ("A", "B", "C"):
        eclipse = par_sheet("eclipse.eclipse", paytable=paytable, space=space)
        hits = sum(line.combinations for line in eclipse.lines if line.payout > 0)
        parts = 0
        for wager in sorted(set(ECLIPSE_COMPONENTS.values())):
            parts += sum(line.combinations for line in par_sheet(wager, space=space).lines
                         if line.event_id != "other")
        checks.append(Check("invariant", f"Eclipse {paytable} = sum of its components (E1=events)",
                            f"Eclipse hits {display.grouped(hits)}, components "
                            f"{display.grouped(parts)}", hits == parts))
    removed = {value: outcome_space(shoe.without(value)) for value in range(10)}
    wagers: list[tuple[str, str | None]] = [
        ("baccarat.banker", None), ("baccarat.player", None), ("baccarat.tie", None)]
    wagers += [(w, p) for w in ("eclipse.sun7", "eclipse.moon8", "eclipse.supreme7",
                                "eclipse.divine9", "eclipse.eclipse") for p in ("A", "B", "C")]
    for wager_id, table_id in wagers:
        full = par_sheet(wager_id, paytable=table_id, space=space).summary.expected_return
        total = sum(count * par_sheet(wager_id, paytable=table_id, space=removed[value])
                    .summary.expected_return for value, count in enumerate(shoe.counts))
        label = wager_id + (f" {table_id}" if table_id else "")
        checks.append(Check("invariant", f"{label}: effect-of-removal identity",
                            "sum over ranks of n_r EV(shoe - r) = N EV(shoe), exactly",
                            total == shoe.cards * full))
    return checks
