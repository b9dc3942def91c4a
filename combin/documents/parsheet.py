"""A par sheet as a :class:`~combin.render.document.Document`.

Tables: ``outcomes`` (one row per line; the Total row kept apart as its totals), ``summary``,
``volatility`` and ``hold_range``.  Every cell carries the exact value of the
sheet (combinations as integers, probabilities and returns as Fractions), so
each writer shows or stores it without a second computation.

The range of hold is the normal range ``house edge -+ VI / sqrt(n)``; where it
runs past what the wager can hold (the house cannot win more per unit staked
than the largest loss of the bettor, nor lose more than the largest pay), the
bound is clamped there and a note says so.
"""

from fractions import Fraction
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from combin.files import display
from combin.render.document import Count, Document, Number, Percent, Ratio, Table, Text

if TYPE_CHECKING:
    from combin.core.parsheet import ParSheet

__all__ = ["document", "identification", "subject", "summary_table", "hold_bounds", "hold_table",
           "moving_readings", "ruling_required", "ruling_words"]


def _paytable_text(sheet: "ParSheet") -> str:
    if sheet.paytable_title == f"Paytable {sheet.paytable}":
        return sheet.paytable
    return f"{sheet.paytable}: {sheet.paytable_title}"


def identification(sheet: "ParSheet", method: bool = True) -> list[tuple[str, Any]]:
    """``[(label, value), ...]`` naming what the sheet is."""
    rows: list[tuple[str, Any]] = [("Wager", f"{sheet.title} ({sheet.wager})"),
            ("Paytable", _paytable_text(sheet)),
            ("Paytable source", sheet.paytable_citation)]
    if sheet.rules is not None:
        rows.append(("Rule set", f"{sheet.rules}: {sheet.rules_title}"))
    rows += [("Regulation", sheet.regulation),
             ("Shoe", sheet.shoe),
             ("Interpretations", sheet.interpretation_text),
             ("Stake", sheet.stake),
             ("Game cycle", Count(sheet.cycle))]
    ruling = ruling_required(sheet)
    if ruling:
        rows.append(("Ruling required", ruling))
    if method:
        rows.append(("Counted over", sheet.method))
    rows.append(("Tool", f"combin {sheet.version}"))
    return rows


def moving_readings(sheet: "ParSheet") -> list[tuple[str, str, Fraction]]:
    """``[(id, other value, house edge), ...]``: the other readings of the open interpretations
    that move this sheet's house edge (a reading that leaves it where it is asks no ruling)."""
    edge = sheet.summary.house_edge
    return [(key, value, moved) for key, value, _, moved in sheet.other_readings if moved != edge]


def ruling_required(sheet: "ParSheet") -> str:
    """In words, the open interpretations whose other reading moves the figure, with both
    figures; ``""`` when no reading in force is open to a change of figure.  A figure resting on
    an open reading is not settled: the regulator rules which reading applies before it is
    filed (spec/RULES.md lists the readings; the regulation is the authority)."""
    return ruling_words(sheet.summary.house_edge, dict(sheet.interpretations), moving_readings(sheet),
                        sheet.interpretation_titles)


def ruling_words(edge: Fraction, chosen: Mapping[str, str], moving: Sequence[tuple[str, str, Fraction]],
                 titles: Mapping[str, str]) -> str:
    """The "ruling required" sentence of a figure ``edge`` under the readings ``chosen``, given
    the other readings that move it (``(id, other value, house edge)``); ``""`` when none does.

    >>> ruling_words(Fraction(1, 50), {"L8": "push"}, [("L8", "even-money", Fraction(-1, 4))],
    ...              {"L8": "Ante win"})[:95]
    'yes: the regulation leaves open a reading that moves this figure -- L8 (Ante win): house edge 2'
    """
    if not moving:
        return ""
    shown = display.percent(edge)
    parts = []
    for key in dict.fromkeys(key for key, _, _ in moving):
        others = "; ".join(f"{display.percent(moved)} under {key}={value}"
                           for name, value, moved in moving if name == key)
        parts.append(f"{key} ({titles.get(key, key)}): house edge {shown} "
                     f"under {key}={chosen[key]} (this sheet), {others}")
    return ("yes: the regulation leaves open a reading that moves this figure -- "
            + "; ".join(parts) + ". The Board's ruling on the reading is needed before this "
            "figure is filed.")


def subject(sheet: "ParSheet") -> tuple[tuple[str, Any], ...]:
    """The machine identification of a sheet: ids, the shoe's detail, interpretations."""
    return (("wager", sheet.wager), ("game", sheet.game), ("paytable", sheet.paytable),
            ("paytable_title", sheet.paytable_title),
            ("paytable_citation", sheet.paytable_citation), ("rules", sheet.rules),
            ("shoe", {"description": sheet.shoe, **sheet.shoe_detail}),
            ("interpretations", dict(sheet.interpretations)), ("stake", sheet.stake),
            ("method", sheet.method), ("cycle", str(sheet.cycle)),
            ("ruling_required", [{"interpretation": key, "reading": value,
                                  "house_edge": display.rational(moved)}
                                 for key, value, moved in moving_readings(sheet)]))


def outcomes_table(sheet: "ParSheet") -> Table:
    rows = []
    for line in sheet.lines:
        one_in = (Text("never") if line.combinations == 0
                  else Number(Fraction(sheet.cycle, line.combinations), 2))
        rows.append([line.event, line.pays, Ratio(line.payout, 4), Count(line.combinations),
                     Ratio(sheet.probability(line)), Ratio(sheet.contribution(line)), one_in])
    total = ["Total", None, None, Count(sheet.cycle), Ratio(Fraction(1)),
             Ratio(sheet.summary.expected_return), None]
    return Table.of("outcomes", "Outcomes",
                    ["Event", "Pays", ("payout", "Net payout"), "Combinations", "Probability",
                     "Return", ("one_in", "1 in")], rows, totals=[total])


def summary_table(sheet: "ParSheet") -> Table:
    s = sheet.summary
    rows = [("Expected return", Ratio(s.expected_return)),
            ("House edge", Percent(s.house_edge)),
            ("Return to player", Percent(s.return_to_player)),
            ("Hit frequency", Percent(s.hit_frequency)),
            ("Push frequency", Percent(s.push_frequency))]
    rows += [(f"House edge if {key}={value}", Percent(edge))
             for key, value, edge in moving_readings(sheet)]
    if s.edge_excluding_pushes is not None:
        rows.append(("House edge, pushes excluded", Percent(s.edge_excluding_pushes)))
    rows += [("Variance", Ratio(s.variance, 6)), ("Standard deviation", Number(s.sd, 6))]
    return Table.of("summary", "Summary", ["Figure", "Value"], rows)


def hold_bounds(sheet: "ParSheet") -> tuple[Fraction, Fraction]:
    """``(lowest, highest)`` hold per unit staked that the wager allows: the house loses at
    most the largest pay, and holds at most the bettor's largest loss (exact Fractions)."""
    payouts = [line.payout for line in sheet.lines if line.combinations]
    return -max(payouts), -min(payouts)


def hold_table(sheet: "ParSheet") -> tuple[Table, bool]:
    """``(hold_range table, clamped)``: the range of hold, clamped to what the wager allows."""
    lowest, highest = (display.to_decimal(b) for b in hold_bounds(sheet))
    rows, clamped = [], False
    for rounds, label, low, high in sheet.risk.holds:
        if low < lowest:
            low, clamped = lowest, True
        if high > highest:
            high, clamped = highest, True
        rows.append([Count(rounds), label, Percent(low, 2), Percent(high, 2)])
    table = Table.of("hold_range", "Range of hold (house edge ± VI/√n)",
                     ["Rounds", "Confidence", ("low", "Low"), ("high", "High")], rows)
    return table, clamped


def _reading_note(sheet: "ParSheet", key: str, value: str) -> str:
    """One interpretation in force, in words, and what each other reading would make of the
    wager: ``E1=events (Eclipse and ...): Eclipse wins on ... Other reading: E1=paid-rows
    (Eclipse wins only on ...): house edge 9.2459%.``"""
    words = sheet.interpretation_words.get(key)
    note = f"{key}={value} ({sheet.interpretation_titles[key]})" + (f": {words}" if words else "")
    for other, alternative, meaning, edge in sheet.other_readings:
        if other != key:
            continue
        effect = ("the same house edge" if edge == sheet.summary.house_edge else
                  f"house edge {display.percent(edge)}")
        note += f" Other reading: {key}={alternative} ({meaning.rstrip('.')}): {effect}."
    for other, alternative, meaning, reason, detail in sheet.unpriced_readings:
        if other == key:
            note += (f" Other reading: {key}={alternative} ({meaning.rstrip('.')}): {reason} "
                     f"({detail}).")
    return note


def document(sheet: "ParSheet") -> Document:
    """The Document of a :class:`~combin.core.parsheet.ParSheet`."""
    volatility = Table.of("volatility", "Volatility index",
                          ["Confidence", "z", ("vi", "Volatility index")],
                          [(label, Number(z, 4), Number(vi, 4))
                           for label, z, vi in sheet.risk.volatility])
    holds, clamped = hold_table(sheet)
    notes = list(sheet.notes)
    notes += [_reading_note(sheet, key, value) for key, value in sheet.interpretations
              if sheet.interpretation_titles.get(key)]
    notes.append("The range of hold is the normal approximation house edge ± z·SD/√n over n "
                 "independent rounds.")
    if clamped:
        lowest, highest = hold_bounds(sheet)
        notes.append(f"Where that range runs past what the wager allows it is clamped: the house "
                     f"holds at most {display.percent(highest, 2)} of the handle (the "
                     f"bettor's largest loss) and loses at most {display.percent(-lowest, 2)} "
                     f"(the largest pay).")
    return Document("parsheet", f"{sheet.title} ({sheet.paytable}) -- par sheet",
                    tuple(identification(sheet)),
                    (outcomes_table(sheet), summary_table(sheet), volatility, holds),
                    tuple(notes), subject=subject(sheet))
