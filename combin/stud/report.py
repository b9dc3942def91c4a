"""The whole-game par sheet of a stud game, as text, Markdown, CSV or JSON.

:func:`render_game` reads a :class:`~combin.stud.whole.WholeGame` and nothing
else.  Every count is an exact integer and every ratio an exact fraction
divided once; decimals come from :mod:`combin.display`.  JSON writes counts
as decimal strings and rationals as ``"p/q"``; CSV writes exact values as
text cells ``="..."`` like the other par sheets.  Nothing varies between runs.
"""

import csv
import io
import json
from fractions import Fraction

from combin import __version__, display
from combin.errors import CombinError
from combin.lunar.cards import CLASS_NAMES, CLASSES, RANKS

__all__ = ["render_game", "sheet_rows", "FORMAT"]

FORMAT = "combin.stud-game/1"
PLACES = 12

_EVENT_NAMES = {
    "instant": "Instant payout: {cls}",
    "win": "Player wins with {cls}",
    "not_qualified": "Dealer does not qualify",
    "push": "Push (equal hands)",
    "lose": "Dealer wins",
    "fold": "Player folds",
    "forced_win": "Forced, dealer requalifies: player wins with {cls}",
    "forced_push": "Forced, dealer requalifies: push",
    "forced_not_qualified": "Forced, dealer still does not qualify",
    "forced_lose": "Forced, dealer requalifies and wins",
}
_ORDER = {event: i for i, event in enumerate(_EVENT_NAMES)}


_ARTICLE = {"royal_flush", "straight_flush", "full_house", "flush", "straight"}


def _label(event, cls):
    if not cls:
        return _EVENT_NAMES[event]
    if event == "instant":
        return _EVENT_NAMES[event].format(cls=CLASS_NAMES[cls])
    name = CLASS_NAMES[cls].lower()
    return _EVENT_NAMES[event].format(cls=("a " if cls in _ARTICLE else "") + name)


def sheet_rows(result):
    """Lines in display order: ``[(event id, class, label, net, combinations), ...]``."""
    keys = sorted(result.lines, key=lambda k: (_ORDER[k[0]], CLASSES.index(k[1]) if k[1] else 0, -k[2]))
    return [(event, cls, _label(event, cls), net, result.lines[(event, cls, net)])
            for event, cls, net in keys]


def _summary(result):
    expected = result.expected
    pushes = sum(count for (_, _, net), count in result.lines.items() if net == 0)
    wins = sum(count for (_, _, net), count in result.lines.items() if net > 0)
    variance = result.variance
    return [("Expected return per Ante", expected),
            ("House edge per Ante", -expected),
            ("Average total wager (Ante units)", result.wagered),
            ("Element of risk (per unit wagered)", result.element_of_risk),
            ("Hit frequency", Fraction(wins, result.cycle)),
            ("Push frequency", Fraction(pushes, result.cycle)),
            ("Variance per Ante", variance)], display.sqrt(variance)


def _identification(result):
    rules, deck = result.rules, result.deck
    m = result.replacements
    counted = (f"every situation (the player's five, the up card) up to suit symmetry: "
               f"{result.classes:,} classes for {result.situations:,} situations; "
               f"against each, every dealer hand ({result.per_situation // m:,})"
               + (f" x every card that could replace its highest ({m})" if m > 1 else ""))
    rows = [("Game", f"{rules.game.title} ({rules.game.id})"),
            ("Rules source", rules.game.citation),
            ("Deck", f"{deck.text} ({len(deck)} cards)" if not deck.full else "one 52-card deck"),
            ("Strategy", result.strategy)]
    if rules.instant is not None:
        rows.append(("Instant paytable", f"{rules.instant.id}: {rules.instant.citation}"))
    rows += [("Interpretations", ", ".join(f"{k}={v}" for k, v in rules.readings) or "none"),
             ("Game cycle", display.grouped(result.cycle)),
             ("Counted over", counted),
             ("Tool", f"combin {__version__}")]
    return rows


def _options(result):
    rows = [(option, count) for option, count in result.chosen.items() if count]
    total = result.situations
    out = [[option, display.grouped(count), display.percent(Fraction(count, total))]
           for option, count in rows]
    if result.replacements > 1:
        hands = result.situations * (result.per_situation // result.replacements)
        out.append(["force (dealer hands)", display.grouped(result.forced),
                    display.percent(Fraction(result.forced, hands))])
    return out


def _strategy(result):
    rows = []
    for cls in CLASSES:
        if cls not in result.boundary["class"]:
            continue
        played, total = result.boundary["class"][cls]
        if total == 0:
            continue
        word = "always" if played == total else "never" if played == 0 else \
            f"depends ({display.percent(Fraction(played, total), 2)} of situations)"
        rows.append([CLASS_NAMES[cls], word])
    return rows


def _ace_king(result):
    table = result.boundary["ace_king"]
    if not table:
        return [], []
    thirds = sorted({third for third, _ in table}, reverse=True)
    ups = sorted({up for _, up in table}, reverse=True)
    header = ["A K + third card \\ up card", *(RANKS[u] for u in ups)]
    rows = []
    for third in thirds:
        row = [f"A K {RANKS[third]}"]
        for up in ups:
            played, total = table.get((third, up), (0, 0))
            row.append("" if total == 0 else "raise" if played == total else "fold" if played == 0
                       else display.percent(Fraction(played, total), 0))
        rows.append(row)
    return header, rows


def _lines_table(result):
    rows = []
    for _, _, label, net, count in sheet_rows(result):
        probability = Fraction(count, result.cycle)
        rows.append([label, display.rational(net), display.grouped(count),
                     display.decimal(probability, PLACES), display.decimal(probability * net, PLACES)])
    rows.append(["Total", "", display.grouped(result.cycle), display.decimal(1, PLACES),
                 display.decimal(result.expected, PLACES)])
    return ["Result", "Net (Ante units)", "Combinations", "Probability", "Return"], rows


def _text(result, markdown):
    from tabulate import tabulate

    def table(rows, headers):
        return tabulate(rows, headers=headers, tablefmt="github" if markdown else "simple",
                        disable_numparse=True)

    summary, sd = _summary(result)
    title = f"{result.rules.game.title} -- whole game, strategy {result.strategy}"
    parts = [f"# {title}" if markdown else title, ""]
    ident = _identification(result)
    if markdown:
        parts += [table([[k, v] for k, v in ident], ["Field", "Value"]), ""]
    else:
        width = max(len(k) for k, _ in ident)
        parts += [f"{k.ljust(width)}  {v}" for k, v in ident] + [""]
    headers, rows = _lines_table(result)
    parts += [table(rows, headers), ""]
    figures = [[name, display.percent(value, 4) if "edge" in name or "risk" in name or
                "frequency" in name else display.decimal(value, 6), display.rational(value)]
               for name, value in summary]
    figures.append(["Standard deviation per Ante", display.decimal(sd, 6), "sqrt(variance)"])
    parts += [table(figures, ["Figure", "Value", "Exact"]), ""]
    parts += ["Options chosen (situations):" if not markdown else "## Options chosen", "",
              table(_options(result), ["Option", "Situations", "Share"]), ""]
    parts += ["Strategy by the player's hand class:" if not markdown else "## Strategy", "",
              table(_strategy(result), ["Player's hand", "Play"]), ""]
    header, rows = _ace_king(result)
    if rows:
        parts += ["Ace-king hands: raise, fold, or the share of situations raised, by the player's "
                  "third card and the dealer's up card:", "", table(rows, header), ""]
    return "\n".join(parts).rstrip("\n") + "\n"


def _json(result):
    summary, sd = _summary(result)
    rules = result.rules
    lines = []
    for event, cls, label, net, count in sheet_rows(result):
        probability = Fraction(count, result.cycle)
        lines.append({"event_id": event, "class": cls or None, "event": label,
                      "net": display.rational(net), "combinations": str(count),
                      "probability": display.rational(probability),
                      "probability_decimal": display.decimal(probability, PLACES),
                      "return": display.rational(probability * net),
                      "return_decimal": display.decimal(probability * net, PLACES)})
    header, ak = _ace_king(result)
    obj = {
        "format": FORMAT,
        "tool": {"name": "combin", "version": __version__},
        "game": rules.game.id,
        "title": rules.game.title,
        "citation": rules.game.citation,
        "deck": {"ranks": result.deck.text, "cards": len(result.deck)},
        "strategy": result.strategy,
        "paytable": None if rules.instant is None else rules.instant.id,
        "interpretations": dict(rules.readings),
        "cycle": str(result.cycle),
        "situations": str(result.situations),
        "situation_classes": result.classes,
        "outcomes_per_situation": str(result.per_situation),
        "lines": lines,
        "summary": {
            **{key: display.rational(value) for key, value in zip(
                ("return", "house_edge", "average_wager", "element_of_risk", "hit_frequency",
                 "push_frequency", "variance"), (v for _, v in summary))},
            "house_edge_percent": display.percent(-result.expected, 6),
            "element_of_risk_percent": display.percent(result.element_of_risk, 6),
            "standard_deviation_decimal": display.decimal(sd, PLACES),
        },
        "options": {option: str(count) for option, count in result.chosen.items()},
        "forced_dealer_hands": str(result.forced),
        "strategy_by_class": {row[0]: row[1] for row in _strategy(result)},
        "ace_king": {"columns": header[1:], "rows": ak},
    }
    return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"


def _csv(result):
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["event_id", "class", "event", "net", "combinations", "probability",
                     "probability_decimal", "return_decimal"])
    for event, cls, label, net, count in sheet_rows(result):
        probability = Fraction(count, result.cycle)
        writer.writerow([event, cls, label, f'="{display.rational(net)}"', f'="{count}"',
                         f'="{display.rational(probability)}"', display.decimal(probability, PLACES),
                         display.decimal(probability * net, PLACES)])
    writer.writerow(["total", "", "Total", "", f'="{result.cycle}"', '="1"', display.decimal(1, PLACES),
                     display.decimal(result.expected, PLACES)])
    writer.writerow([])
    for label, value in _identification(result):
        writer.writerow([label, value])
    summary, sd = _summary(result)
    for label, value in summary:
        writer.writerow([label, display.decimal(value, PLACES), f'="{display.rational(value)}"'])
    writer.writerow(["Standard deviation per Ante", display.decimal(sd, PLACES)])
    return buffer.getvalue()


def render_game(result, fmt="text"):
    """The whole-game par sheet in ``fmt`` (text, md, csv, json)."""
    if fmt in ("text", "md"):
        return _text(result, fmt == "md")
    if fmt == "json":
        return _json(result)
    if fmt == "csv":
        return _csv(result)
    raise CombinError(f"unknown format '{fmt}' (formats: text, md, csv, json)")
