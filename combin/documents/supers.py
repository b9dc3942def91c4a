"""The pages of several Super Wagers at one table: the key tables (CSV) and the lines pages.

The two- and three-hand tables of ``combin tables`` (``supers-N-hands-keys.csv`` and
``supers-N-hands-lines.md``), laid out from what the Lunar game computes (its
``supers.joint_tables``; this module imports no game): the ordered deals by the Super key of
each hand, and per reading of L1-L5 (:class:`ReadingLines`) the joint count of the lines the
hands are paid on, with the package's covariance, correlation and SD against independence.
"""

from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations_with_replacement, permutations
from math import factorial
from typing import Any, NamedTuple

from combin.files import display
from combin.render.markdown import table

__all__ = ["ReadingLines", "keys_csv", "triples_csv", "two_hands_page", "three_hands_page"]


class ReadingLines(NamedTuple):
    """One reading of L1-L5 on a joint table: the reading, the Super's lines (highest pay
    first, ``"other"`` last), the deals by the line of each hand, the package under it, and
    whether it pays a hand on its highest line only (L4=highest)."""

    reading: Mapping[str, str]
    names: list[str]
    counts: Mapping[tuple[str, ...], int]
    package: Any
    highest_only: bool


def _reading_text(reading: Mapping[str, str]) -> str:
    return ", ".join(f"{key}={value}" for key, value in reading.items())


def _key_fields(keys: Iterable[tuple[Any, ...]]) -> list[Any]:
    return [str(v).lower() if isinstance(v, bool) else v for key in keys for v in key]


def keys_csv(fields: Sequence[str], items: Iterable[tuple[tuple[Any, ...], int]]) -> str:
    """Every cell of the two-hand key table: the key ``fields`` of each hand, then the deals.

    >>> keys_csv(("class", "high"), [((("pair", "9"), ("flush", True)), 6)])
    'hand1_class,hand1_high,hand2_class,hand2_high,deals\\npair,9,flush,true,6\\n'
    """
    lines = [",".join([*(f"hand1_{f}" for f in fields), *(f"hand2_{f}" for f in fields),
                       "deals"])]
    for keys, deals in sorted(items):
        lines.append(",".join([*_key_fields(keys), str(deals)]))
    return "\n".join(lines) + "\n"


def triples_csv(fields: Sequence[str], items: Iterable[tuple[tuple[Any, ...], int]]) -> str:
    """The three-hand key table, one row per set of three keys in sorted order: the key
    ``fields`` of each hand, ``orderings`` (how many ordered cells the row stands for: 1, 3 or
    6) and ``deals`` (the ordered deals of each of them -- the table is symmetric; the tests
    check it).

    >>> triples_csv(("class",), [((("a",), ("a",), ("b",)), 2), ((("a",), ("b",), ("a",)), 2)])
    'hand1_class,hand2_class,hand3_class,orderings,deals\\na,a,b,3,2\\n'
    """
    lines = [",".join([*(f"hand{i}_{f}" for i in (1, 2, 3) for f in fields), "orderings",
                       "deals"])]
    for keys, deals in sorted(items):
        if list(keys) != sorted(keys):
            continue
        orderings = factorial(3)
        for key in set(keys):
            orderings //= factorial(keys.count(key))
        lines.append(",".join([*_key_fields(keys), str(orderings), str(deals)]))
    return "\n".join(lines) + "\n"


def two_hands_page(cycle: int, rows: Sequence[ReadingLines]) -> str:
    """Markdown: per reading of L1-L5 (``rows``), the two hands' paid lines and the dependence
    figures, over the ``cycle`` ordered deals."""
    parts = ["# Two Super Wagers on two hands of one deal, under every reading of L1-L5", "",
             f"Every ordered deal of two five-card hands from one 52-card deck "
             f"({cycle:,} deals): the Super Wager on each hand (own hand and dealer's hand, "
             "or two players' hands: the same table), one unit each, paytable `posted`. "
             "Counts are exact integers; a row is the line hand 1 is paid on, a column the line "
             "hand 2 is paid on (`other`: the Super loses). *SD* is the standard deviation of "
             "the bettor's total per round; *SD if independent* is what it would be if the two "
             "hands were dealt from separate decks.", ""]
    summary = []
    pages: list[str] = []
    for reading, names, counts, result, _ in rows:
        covariance = result.covariance[0][1]
        summary.append(_dependence_row(reading, result) + [display.decimal(result.winning(2), 10)])
        cells = [[first, *(f"{counts.get((first, second), 0):,}" for second in names)]
                 for first in names]
        pages += [f"## {_reading_text(reading)}", "",
                  table(cells, ["hand 1 \\\\ hand 2", *names], ("left", *("right",) * len(names))),
                  "", f"Covariance {display.rational(covariance)}; both Supers win in "
                  f"{result.winners[-1][1] if result.winners[-1][0] == 2 else 0:,} deals.", ""]
    parts += ["## Summary", "",
              table(summary, ["Reading", "Covariance (exact)", "Covariance", "Correlation",
                              "SD of the total", "SD if independent", "P(both win)"],
                    ("left", "right", "right", "right", "right", "right", "right")), ""]
    return "\n".join(parts + pages).rstrip("\n") + "\n"


def _dependence_row(reading: Mapping[str, str], result: Any) -> list[str]:
    """The summary columns both lines pages share: reading, covariance (exact and decimal),
    correlation, SD of the total and SD if the hands were independent."""
    covariance = result.covariance[0][1]
    return [_reading_text(reading), display.rational(covariance), display.decimal(covariance, 8),
            display.decimal(result.correlation(0, 1), 8), display.decimal(result.sd, 6),
            display.decimal(result.independent_sd, 6)]


def three_hands_page(cycle: int, rows: Sequence[ReadingLines]) -> str:
    """Markdown: per reading of L1-L5 (``rows``), the three hands' paid lines and the
    dependence figures, over the ``cycle`` ordered deals."""
    parts = ["# Three Super Wagers on three hands of one deal, under every reading of L1-L5", "",
             f"Every ordered deal of three five-card hands from one 52-card deck "
             f"({cycle:,} deals): the Super Wager on each hand (own hand, dealer's hand "
             "and another player's hand, or any three hands of one deal: the same table), one "
             "unit each, paytable `posted`. Counts are exact integers. The count of a deal's "
             "three paid lines does not depend on which hand is paid on which (the table is the "
             "same for every order of the hands), so a row is a set of three lines (`other`: "
             "the Super loses), the number of orders it stands for, the ordered deals of each "
             "order and of all of them; sets no deal has are left out. The sets are listed for "
             "the readings that pay a hand on its highest line only (L4=highest). Any two of the "
             "three "
             "hands are an ordered pair of disjoint hands, so each pair's covariance is the "
             "two-hand covariance and the variance of the total is 3 Var + 6 Cov. *SD* is the "
             "standard deviation of the bettor's total per round; *SD if independent* is what "
             "it would be if the three hands were dealt from separate decks.", ""]
    summary = []
    pages: list[str] = []
    for reading, names, counts, result, highest_only in rows:
        covariance = result.covariance[0][1]
        winners = dict(result.winners)
        summary.append(_dependence_row(reading, result)
                       + [display.decimal(result.winning(2), 10), display.decimal(result.winning(3), 12)])
        pages += [f"## {_reading_text(reading)}", ""]
        sets = [cell for cell in combinations_with_replacement(names, 3) if counts.get(cell)]
        if highest_only:
            cells = [[", ".join(cell), len(set(permutations(cell))), f"{counts[cell]:,}",
                      f"{len(set(permutations(cell))) * counts[cell]:,}"] for cell in sets]
            pages += [table(cells, ["Lines of the three hands (any order)", "Orders",
                                   "Deals per order", "Deals"],
                            ("left", "right", "right", "right")), ""]
        else:
            pages += [f"A hand is paid on every line it fits (L4=all-lines): {len(names)} "
                      f"combinations of lines, {len(sets):,} sets of three in some deal. That "
                      "table is left out here for its size; `combin package --lunar-supers 3 "
                      f"--interpret {' '.join(f'{k}={v}' for k, v in reading.items())}` gives "
                      "it, and `supers-3-hands-keys.csv` every count it adds up.", ""]
        pages += [f"Covariance of each pair {display.rational(covariance)}; at least two "
                  f"Supers win in {winners.get(2, 0) + winners.get(3, 0):,} deals, all three in "
                  f"{winners.get(3, 0):,}.", ""]
    parts += ["## Summary", "",
              table(summary, ["Reading", "Covariance (exact)", "Covariance", "Correlation",
                              "SD of the total", "SD if independent", "P(at least 2 win)",
                              "P(all 3 win)"],
                    ("left", "right", "right", "right", "right", "right", "right", "right")), ""]
    return "\n".join(parts + pages).rstrip("\n") + "\n"
