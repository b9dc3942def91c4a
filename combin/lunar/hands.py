"""Hand-class tables: the player's best hand with five, six or seven cards, and the Bet.

:func:`hand_report` gathers, for one hand size, the exact class counts, the
dealer's qualification (five cards: ace-king or better) and, for five and six
cards, the distribution of what a winning Bet pays with the second
combination of L11.  :func:`render_report` writes it as text, Markdown, CSV or
JSON.  Counts come from the closed form (:mod:`combin.lunar.classes`,
:mod:`combin.lunar.bet`) or, on request, from the exhaustive pass.
"""

import io
import json
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from tabulate import tabulate

from combin import __version__, display
from combin.errors import CombinError
from combin.interpret import value_of
from combin.lunar.bet import L11_VALUES, bet_distribution, bet_pays
from combin.lunar.cards import CLASS_NAMES, CLASSES
from combin.lunar.classes import class_counts
from combin.lunar.readings import L11
from combin.progress import StderrProgress
from combin.render.csvfile import as_text, safe_writer
from combin.render.markdown import table as md_table

__all__ = ["HandReport", "hand_report", "render_report", "QUALIFYING"]

_HOW = {"closed-form": "in closed form (rank patterns and suit arrangements)",
        "exhaustive": "by evaluating every hand"}

#: The classes with which the dealer qualifies: ace-king or better.
QUALIFYING = CLASSES[:CLASSES.index("ace_king") + 1]


@dataclass(frozen=True)
class HandReport:
    cards: int
    method: str
    classes: dict[str, int]  # class id -> count
    rule: str | None       # L11 value, or None when there is no Bet table (seven cards)
    bet: dict[tuple[str | None, Fraction], int]  # (best class or None, pays) -> count
    bet_citation: str

    @property
    def total(self):
        return comb(52, self.cards)


def hand_report(cards, method="closed-form", rule=None):
    """The :class:`HandReport` for ``cards`` cards (5, 6 or 7)."""
    if cards not in (5, 6, 7):
        raise CombinError(f"--cards must be 5, 6 or 7, not {cards!r}")
    if method == "closed-form":
        classes = class_counts(cards)
    elif method == "exhaustive":
        from combin.lunar.exhaustive import class_counts_exhaustive
        classes = class_counts_exhaustive(cards, progress=StderrProgress(f"{cards}-card hands"))
    else:
        raise CombinError(f"unknown method '{method}' (methods: closed-form, exhaustive)")
    if rule is not None and rule not in L11_VALUES:
        raise CombinError(f"interpretation L11 has no value '{rule}' (values: {', '.join(L11_VALUES)})")
    rule = str(value_of(L11, rule))
    bet = bet_distribution(cards, rule) if cards in (5, 6) else {}
    return HandReport(cards, method, classes, rule if cards in (5, 6) else None, bet,
                      bet_pays()[1])


def _class_rows(report):
    pays = bet_pays()[0]
    rows = []
    for name in CLASSES:
        count = report.classes[name]
        rows.append((CLASS_NAMES[name], pays[name].text if name in pays else "-", count,
                     Fraction(count, report.total)))
    return rows


def _bet_rows(report):
    by_pays = {}
    for (_, pays), count in report.bet.items():
        by_pays[pays] = by_pays.get(pays, 0) + count
    return [(pays, count, Fraction(count, report.total)) for pays, count in
            sorted(by_pays.items(), reverse=True)]


def _qualifying(report):
    if report.cards != 5:
        return None
    count = sum(report.classes[name] for name in QUALIFYING)
    return count, Fraction(count, report.total)


def render_report(report, fmt="text"):
    if fmt == "json":
        return _json(report)
    if fmt == "csv":
        return _csv(report)
    show = (md_table if fmt == "md" else
            lambda rows, headers, align=None: tabulate(rows, headers=headers, tablefmt="simple",
                                                       disable_numparse=True, colalign=align))
    title = f"Lunar Poker: best hand of {report.cards} cards"
    parts = [f"# {title}" if fmt == "md" else title, ""]
    parts.append(f"Every {report.cards}-card hand from one 52-card deck, "
                 f"{display.grouped(report.total)} in all, counted {_HOW[report.method]}; "
                 f"classes are the best five-card hand. combin {__version__}.")
    parts.append("")
    rows = [[name, pays, display.grouped(count), display.decimal(p, 12), display.one_in(count, report.total)]
            for name, pays, count, p in _class_rows(report)]
    rows.append(["Total", "", display.grouped(report.total), display.decimal(1, 12), ""])
    parts += [show(rows, ["Class", "Bet pays", "Combinations", "Probability", "1 in"],
                   ("left", "left", "right", "right", "right")), ""]
    qualifying = _qualifying(report)
    if qualifying:
        count, p = qualifying
        parts += [f"Dealer qualifies (ace-king or better): {display.grouped(count)} of "
                  f"{display.grouped(report.total)} hands, probability {display.rational(p)} = "
                  f"{display.decimal(p, 12)}.", ""]
    if report.rule is not None:
        heading = f"What a winning Bet pays (L11={report.rule})"
        parts += [f"## {heading}" if fmt == "md" else heading, "",
                  f"Pays per unit of Bet, first combination plus the best valid second one "
                  f"({report.bet_citation}); a hand below ace-king cannot win against a "
                  f"qualifying dealer (0).", ""]
        rows = [[f"{display.rational(pays)} to 1" if pays else "0 (cannot win)",
                 display.grouped(count), display.decimal(p, 12)] for pays, count, p in _bet_rows(report)]
        parts += [show(rows, ["Bet pays", "Combinations", "Probability"], ("left", "right", "right")), ""]
    return "\n".join(parts).rstrip("\n") + "\n"


def _json(report):
    qualifying = _qualifying(report)
    obj = {
        "format": "combin.hands/1", "tool": {"name": "combin", "version": __version__},
        "cards": report.cards, "hands": str(report.total), "method": report.method,
        "classes": [{"class": name, "name": CLASS_NAMES[name], "bet_pays": pays,
                     "combinations": str(count), "probability": display.rational(p)}
                    for (name, (_, pays, count, p)) in zip(CLASSES, _class_rows(report))],
        "dealer_qualifies": None if not qualifying else {
            "combinations": str(qualifying[0]), "probability": display.rational(qualifying[1])},
        "interpretations": {"L11": report.rule} if report.rule else {},
        "bet_on_win": [{"pays": display.rational(pays), "combinations": str(count),
                        "probability": display.rational(p)} for pays, count, p in _bet_rows(report)],
    }
    return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"


def _csv(report):
    buffer = io.StringIO()
    writer = safe_writer(buffer)
    writer.writerow(["class", "bet_pays", "combinations", "probability", "probability_decimal"])
    for name, pays, count, p in _class_rows(report):
        writer.writerow([name, pays, as_text(count), as_text(display.rational(p)), display.decimal(p, 12)])
    writer.writerow(["Total", "", as_text(report.total), as_text("1"), display.decimal(1, 12)])
    if report.rule is not None:
        writer.writerow([])
        writer.writerow([f"bet_pays_on_win (L11={report.rule})", "", "combinations", "probability",
                         "probability_decimal"])
        for pays, count, p in _bet_rows(report):
            writer.writerow([display.rational(pays), "", as_text(count), as_text(display.rational(p)),
                             display.decimal(p, 12)])
    return buffer.getvalue()
