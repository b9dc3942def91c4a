"""What the Lunar report leads with: the Ante/Bet game itself, and the page of its method.

A lab reading the Lunar report must see the game before any side wager: the
house edge per Ante of the Ante/Bet game under optimal play and under the
derived basic strategy, with its SD, element of risk, volatility index and
range of hold, and the round as dealt with the mandatory Super
(§ 671a.7(c)(2)).  :func:`lead_tables` reads those figures from the committed
52-card sheet (``full-deck.json``, assembled from the exact run's shards) --
exact fractions, shown as the sheet shows them -- and :func:`method_page` is
the method of the whole-game engine in words (``lunar/game/method.md``).

>>> lead_tables({}) == ((), "")
True
"""

import json
from fractions import Fraction
from typing import Any

from combin.files import display
from combin.render.document import Number, Percent, Ratio, Table
from combin.core.risk import risk

__all__ = ["lead_tables", "method_page", "reading_table", "PLACES"]

#: Decimal places of the figures, as the committed sheets show them.
PLACES = 10


def _rows(sheet: dict[str, Any], table: str) -> dict[str, Any]:
    found = sheet.get("tables", {}).get(table, {}).get("rows", [])
    return {row.get("figure"): row for row in found}


def _exact(row: dict[str, Any] | None, column: str = "value") -> Fraction | None:
    if not row or not row.get(column):
        return None
    return Fraction(row[column])


def lead_tables(sheet: dict[str, Any]) -> tuple[tuple[Table, ...], str]:
    """``(tables, sentence)`` from the committed 52-card sheet (its JSON, parsed); nothing when
    the sheet is not there."""
    summary = _rows(sheet, "summary")
    expected = _exact(summary.get("expected result per Ante"))
    if expected is None:
        return (), ""
    variance = _exact(summary.get("variance per Ante^2"))
    wagered = _exact(summary.get("average wagered per round (Ante units)"))
    basic = _exact(_rows(sheet, "derived_basic_edge").get("house edge per Ante"))
    edge = -expected
    assert variance is not None and wagered is not None     # the sheet's summary holds them
    spread = risk(edge, variance)
    rows: list[list[Any]] = [
        ["house edge per Ante", Percent(edge, PLACES), Percent(basic, PLACES) if basic is not None else "not given"],
        ["SD per Ante", Number(display.sqrt(variance), PLACES), "not computed"],
        ["element of risk (house edge per unit wagered)", Percent(edge / wagered, PLACES), "not computed"],
        ["average wagered per round (Ante units)", Ratio(wagered, PLACES), "not computed"],
        ["hit frequency", "not recorded by the run (see the method)", "not recorded"],
    ]
    rows += [[f"volatility index ({label})", Number(vi, 4), "not computed"]
             for label, _, vi in spread.volatility]
    rows += [[f"range of hold (95%), {n:,} rounds", f"{low * 100:.4f}% to {high * 100:.4f}%",
              "not computed"] for n, label, low, high in spread.holds if label == "95%"]
    favours = edge < 0
    sentence = (
        f"Under optimal play the Ante/Bet game favours the player: its house edge is "
        f"{display.percent(edge)} per Ante (a perfect player wins).  The house's edge at a "
        f"table is held by the mandatory Super on the player's own hand and by play short of "
        f"optimal (the derived basic strategy: {display.percent(basic)} per Ante)."
        if favours and basic is not None else
        f"Under optimal play the Ante/Bet game's house edge is {display.percent(edge)} per Ante.")
    game = Table.of("game", "The Ante/Bet game with draws, 52 cards, Paytable A, default readings "
                    "(exact)", ["Figure", ("optimal", "Optimal play"),
                                ("basic", "Derived basic strategy")], rows,
                    f"{sentence}  From the committed exact run (game/full-deck.md, the sum of its shards); "
                    "per unit of Ante.  The basic strategy's SD and element of risk need its own "
                    "second moment, which its second pass does not sum.")
    tables = [game]
    round_rows = sheet.get("tables", {}).get("round", {}).get("rows", [])
    if round_rows:
        title = sheet["tables"]["round"].get("title", "The round as dealt")
        tables.append(Table.of("round", title, ["Figure", ("optimal", "Optimal play"),
                                                ("basic", "Derived basic strategy")],
                               [[row["figure"], _shown(row, "optimal"), _shown(row, "basic")]
                                for row in round_rows],
                               "The Super on the player's own hand is mandatory (§ 671a.7(c)(2)): "
                               "this is what a table holds per round.  Its SD reads the "
                               "covariance of the game and the Super, from the game's value summed "
                               "by the Super's key of the first five (see game/full-deck.md)."))
    readings = reading_table(sheet, edge)
    if readings is not None:
        tables.append(readings)
    return tuple(tables), sentence


def reading_table(sheet: dict[str, Any], edge: Fraction) -> Table | None:
    """The readings the regulation leaves open that the committed sheet priced on the whole game
    (its ``house edge per Ante if ID=VALUE`` rows): each beside the sheet's own reading, with the
    ruling it asks; ``None`` when the sheet priced none.

    >>> sheet = {"subject": {"interpretations": {"L8": "push"}, "ruling_required": [
    ...     {"interpretation": "L8", "reading": "even-money", "house_edge": "-1/4"}]}}
    >>> table = reading_table(sheet, Fraction(-1, 50))
    >>> [[str(cell.value) if hasattr(cell, "value") else cell for cell in row] for row in table.rows]
    [['L8', 'push (the sheet above)', '-1/50', 'the figure filed, if ruled'], ['L8', 'even-money', '-1/4', 'yes']]
    """
    subject = sheet.get("subject", {})
    moving = subject.get("ruling_required") or []
    if not moving:
        return None
    chosen = subject.get("interpretations", {})
    rows: list[list[Any]] = []
    for key in dict.fromkeys(row["interpretation"] for row in moving):
        rows.append([key, f"{chosen.get(key, '?')} (the sheet above)", Percent(edge, 4),
                     "the figure filed, if ruled"])
        rows += [[key, row["reading"], Percent(Fraction(row["house_edge"]), 4), "yes"]
                 for row in moving if row["interpretation"] == key]
    pending = [note for note in sheet.get("notes", []) if "Not priced yet on this deck" in note]
    return Table.of("readings", "Ruling required: the open readings that move the game's house edge",
                    [("interpretation", "Interpretation"), "Reading", ("house_edge", "House edge per Ante"),
                     ("ruling", "Ruling required")], rows,
                    "The regulation leaves these readings open (spec/RULES.md names each; the "
                    "regulation is the authority): each other reading is priced by its own exact run "
                    "of the whole game under optimal play, and it moves the house edge, so the "
                    "Board's ruling on the reading is needed before the figure is filed."
                    + ("  " + pending[0].split("exactly. ", 1)[-1] if pending else ""))


def _shown(row: dict[str, Any], column: str) -> Any:
    text = row.get(column)
    if not text:
        return None
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        return text                 # a range of hold, already in words
    figure = str(row.get("figure", ""))
    return Percent(value, PLACES) if figure.endswith(", in percent") else Ratio(value, PLACES)


def method_page(sentence: str = "") -> str:
    """The method of the whole-game engine (``lunar/game/method.md``), in Markdown."""
    return "\n".join([
        "# Lunar Poker: the method of the whole game with draws",
        "",
        sentence,
        "",
        "Every figure of the Ante/Bet game is an exact fraction: the expectation over every "
        "situation (the player's five and the dealer's up card, 122,151,120 on 52 cards) of the "
        "best option's value, each option priced over every draw, every four hidden dealer cards "
        "and every replacement card when forcing.",
        "",
        "## Suit classes",
        "Suits are equal in every rule, so the 24 relabellings of the suits map a situation onto "
        "one of equal value.  A class is named by its least member (the canonical hand, then the "
        "least image of the up card under the relabellings that fix the hand); its weight is "
        "exact (orbit-stabiliser), and the weights of the 5,649,150 classes add up to "
        "C(52,5) x 47 -- checked before any figure is printed (combin/stud/core/classes.py).",
        "",
        "## The rank engine",
        "Each option keeps K cards and draws k.  The dealer's counts depend on the drawn cards "
        "only through their ranks, the ranks of the up card's suit among them and the player's "
        "final value, so draws are summed by entry with the exact number of draws each holds.  "
        "Predicates on the dealer's hand (below, tied with, above the player; not qualifying) "
        "are counted by inclusion-exclusion over the drawn cards, on rank multisets, with the "
        "one kind of dealer hand whose value needs suits (four hidden cards of the up card's "
        "suit) taken out and put back at its flush value.  Every count is an exact int64 "
        "(combin/stud/draw/rank/kernel.py states the bounds).",
        "",
        "## Pruning, with its proof",
        "A blind entry ignores the dealer's suited hands; below a flush those can only move a "
        "dealer hand to 'above the player', so the blind numerator bounds every draw of the entry "
        "from above (at a flush or better each such hand's most is added, and forcing's most "
        "where it can pay).  Summed over an option's entries this is a proven upper bound; in the "
        "whole-game run an option whose bound is below the best exact value found is never "
        "priced: it cannot be the best, which is always priced exactly (advice prices the "
        "runner-up too, for its margin).",
        "",
        "## Forcing (L10)",
        "A dealer hand that does not qualify has five ranks; its highest card is replaced from "
        "the cards left, and it requalifies on a pair, a straight or a flush.  The showdown over "
        "the replacements is summed by rank; the player forces only when that beats the Ante "
        "pay, and forcing is summed only where a bound says it can.",
        "",
        "## Shards",
        "The 52-card run is cut into 256 shards along the canonical hands; each shard file keeps "
        "only exact integer sums (every figure's numerator over the common denominator L), the "
        "optimal option of each class (one byte) and the exact values of a seeded 1 % of its "
        "classes.  Adding shards is exact (sums over a partition); the sheet (game/full-deck.md) "
        "is assembled from them byte for byte, and the derived basic strategy is priced by a "
        "second pass along the same shards.",
        "",
        "## Checks",
        "- The reduced decks JQKA, TJQKA and 9TJQKA are summed in full by the rank engine and "
        "checked against the card-by-card engine (combin/stud/reference/cards: every option, no "
        "pruning) and a naive game tree (combin/stud/reference/naive.py) and a brute force of "
        "every leaf (the tests).",
        "- The classes each shard kept with their exact value are priced again by the "
        "card-by-card engine; 100,000 whole rounds are dealt card by card and played by the "
        "committed strategy, and their 99 % interval holds the exact mean "
        "(game/full-deck-simulation.md).",
        "- The round with the mandatory Super: exact on the reduced decks from the game's value "
        "summed by the Super's key of the first five, confirmed to the integer by the "
        "card-by-card distributions and by a brute force of every leaf; on 52 cards the same "
        "sums, kept in every shard of the committed run, give the covariance and the SD as well, "
        "and the Super's part of them is its own sheet's count, to the integer.",
        "",
        "## What `combin audit --verify` recomputes",
        "In full: the bundle's hashes; the whole bundle rebuilt in memory from its manifest "
        "(every par sheet, among them the optional Supers', every cross-check, every seeded "
        "simulation) and compared byte for byte; the game without draws summed again; each "
        "reduced deck's game with draws the bundle carries (--include reduced-decks) summed "
        "again; and the 52-card sheet assembled again from the bundle's shards.  By sample: a "
        "seeded random 200 of the classes the 52-card shards kept, priced again by the "
        "card-by-card engine (--verify-classes N), and one whole shard of the 256 chosen at "
        "random (seeded), every class priced again and the shard compared entry by entry "
        "(--verify-shards K).  The 52-card figure itself is not re-priced in full (about 2 "
        "core-hours with this version's engine).  Measured: a full --verify of the Lunar bundle at "
        "the defaults took 9.7 CPU-minutes (579 CPU-seconds: 398 user, 181 system; 21 minutes of "
        "wall time on a 2-core machine loaded by an exact run), most of it the game without draws "
        "summed again and the whole shard priced again; --verify-shards 0 --verify-classes 0 leaves the rebuild and the "
        "game without draws; --hashes-only takes seconds.",
        "",
    ])
