"""The whole-game par sheet of Lunar Poker with draws, exact or from a sample.

:func:`exact_sheet` sums priced class records (:mod:`combin.stud.drawgame`)
over every situation class: the expected result and house edge per unit of
Ante, the average amount wagered and the element of risk, how often each
option is best, the probability of each final result, and the instant
payout's contribution under every instant paytable (A, B, C) with the house
edge each gives.  :func:`sample_sheet` gives the stratified estimate and its
99% interval from a sample of classes.  :func:`render_sheet` writes either as
text, Markdown, CSV or JSON.

Why the figures are exact.  Every record value is an integer over the run's
common denominator ``L``; a figure is ``sum(weight * numerator)`` divided
once by ``L * sum(weight)``, and ``sum(weight)`` is checked against
``C(n, 5) * (n - 5)`` before anything is printed.  The instant payout is
settled on the first five cards alone, so its contribution under another
paytable is ``sum_event P(first five is event) * pay``, exactly, and the edge
under that paytable differs from the run's by the difference of contributions.
"""

import csv
import io
import json
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from math import comb

from combin import __version__, display

__all__ = ["GameSheet", "exact_sheet", "sample_sheet", "render_sheet", "instant_contributions"]

_PLACES = 10
_GROUP_ORDER = ("instant", "play", "fold", "buy", "exchange 2", "exchange 3", "exchange 4",
                "exchange 5")


@dataclass
class GameSheet:
    identification: dict
    rows: list = field(default_factory=list)          # (section, label, exact Fraction or int or text)
    sections: dict = field(default_factory=dict)      # name -> [(label, value)]


def instant_contributions(first_five_classes, total):
    """``{paytable id: contribution per Ante}`` from ``{class id: situations}`` of the first five."""
    from combin.lunar import GAME
    out = {}
    for paytable in GAME.paytables_of("lunar.instant"):
        out[paytable.id] = sum((Fraction(first_five_classes.get(event, 0), total) * Fraction(pay.net)
                                for event, pay in paytable.lines), Fraction(0))
    return out


def _first_five_classes(records):
    from combin.stud.values import best_value, value_class
    found = {}
    for record in records:
        name = value_class(best_value(list(record.hand)))
        found[name] = found.get(name, 0) + record.weight
    return found


def _identification(deck, rules, run):
    return {"tool": {"name": "combin", "version": __version__}, "game": "lunar",
            "title": "Lunar Poker, whole game with draws under optimal play",
            "deck": {"ranks": deck.text, "cards": len(deck)},
            "paytable": None if rules.instant is None else rules.instant.id,
            "interpretations": dict(rules.readings),
            "unit": "per unit of Ante; the Bet is "
                    f"{rules.bet} x Ante, the draw fee {rules.draw_fee} x Ante, the force fee "
                    f"{rules.force_fee} x Ante", **run}


def exact_sheet(deck, rules, scale, records, run=None):
    """The exact whole-game sheet from the records of every class."""
    from combin.stud.advise import option_keys
    from combin.stud.drawgame import option_group
    n = len(deck)
    total = sum(record.weight for record in records)
    if total != comb(n, 5) * (n - 5):
        raise AssertionError(f"class weights sum to {total}, not C({n},5)*{n - 5}")
    whole = scale * total
    keys = option_keys(rules)
    expected = Fraction(sum(r.weight * r.best_value for r in records), whole)
    results, groups, group_values = {}, {}, {}
    for record in records:
        for key, numerator in record.results.items():
            results[key] = results.get(key, 0) + record.weight * numerator
        group = "instant" if record.best < 0 else option_group(keys[record.best])
        groups[group] = groups.get(group, 0) + record.weight
        group_values[group] = group_values.get(group, 0) + record.weight * record.best_value
    probability = {key: Fraction(value, whole) for key, value in results.items()}
    drew = sum((Fraction(groups[g], total) for g in groups if g == "buy" or g.startswith("exchange")),
               Fraction(0))
    played = 1 - probability.get("fold", 0) - probability.get("instant", 0)
    forced = sum((p for key, p in probability.items() if key.startswith("forced")), Fraction(0))
    wagered = 1 + (rules.draw_fee or 0) * drew + rules.bet * played + (rules.force_fee or 0) * forced
    first = _first_five_classes(records)
    contributions = instant_contributions(first, total)
    current = None if rules.instant is None else rules.instant.id
    sheet = GameSheet(_identification(deck, rules, dict(run or {}, mode="exact")))
    sheet.sections["summary"] = [
        ("situation classes (suit symmetry)", len(records)),
        ("situations: C(n,5) x (n-5)", total),
        ("common denominator L", scale),
        ("expected result per Ante", expected),
        ("house edge per Ante", -expected),
        ("average wagered per round (Ante units)", wagered),
        ("element of risk (house edge per unit wagered)", -expected / wagered),
        ("probability of drawing (buy or exchange)", drew),
    ]
    sheet.sections["options"] = [
        (group, Fraction(groups[group], total), Fraction(group_values[group], whole))
        for group in _GROUP_ORDER if group in groups]
    from combin.stud.advice import _ORDER, result_name
    sheet.sections["results"] = [(key, result_name(key), probability[key])
                                 for key in _ORDER if key in probability]
    edges = []
    for paytable, contribution in sorted(contributions.items()):
        base = expected - (contributions[current] if current is not None else 0)
        edges.append((paytable, contribution, -(base + contribution)))
    sheet.sections["instant"] = edges
    sheet.sections["notes"] = [
        "The value of a round is its net result: Ante, Bet, fees and the instant payout together.",
        "Element of risk: house edge over the average amount wagered (Ante, fees, Bet when played, "
        "force fee when forcing).",
        "The instant payout is part of the Ante; its contribution is P(first five is the event) x pay.",
        "SD is not given with draws: the engine reports result probabilities, not the net of each "
        "(a winning Bet's pay depends on the final cards under L11).",
    ]
    return sheet


def sample_sheet(deck, rules, draws, shares, values, scale, run=None):
    """The sheet of a stratified sample: estimate of the expected result, 99% interval."""
    from combin.stud.sampling import estimate
    per_class = {index: Fraction(value, scale) for index, value in values.items()}
    result = estimate(draws, shares, per_class.__getitem__)
    low, high = result.interval()
    n = len(deck)
    sheet = GameSheet(_identification(deck, rules, dict(run or {}, mode="sample")))
    sheet.sections["summary"] = [
        ("situation classes sampled (distinct)", len(values)),
        ("draws", result.draws),
        ("situations: C(n,5) x (n-5)", comb(n, 5) * (n - 5)),
        ("estimated expected result per Ante", result.value),
        ("estimated house edge per Ante", -result.value),
        ("99% interval of the house edge, low", -high),
        ("99% interval of the house edge, high", -low),
    ]
    sheet.sections["strata"] = [(name, shares[name], len(indices),
                                 sum((per_class[i] for i in indices), Fraction(0)) / len(indices))
                                for name, indices in sorted(draws.items())]
    sheet.sections["notes"] = [
        "Every sampled class is priced exactly; the interval (z = 2.5758) comes from the spread "
        "across situations only: sum_h W_h^2 s_h^2 / n_h, strata by the first five's class.",
    ]
    return sheet


def _show(value):
    if isinstance(value, Decimal):
        return "", display.decimal(value, _PLACES)
    if isinstance(value, Fraction):
        return display.rational(value), display.decimal(value, _PLACES)
    if isinstance(value, int):
        return f"{value:,}", ""
    return str(value), ""


def render_sheet(sheet, fmt="text"):
    if fmt == "json":
        return _json(sheet)
    if fmt == "csv":
        return _csv(sheet)
    return _text(sheet, fmt)


def _tables(sheet):
    """``[(title, headers, rows)]`` in print order, every cell a string."""
    out = []
    if "summary" in sheet.sections:
        out.append(("Summary", ["Figure", "Exact", "Decimal"],
                    [[label, *_show(value)] for label, value in sheet.sections["summary"]]))
    if "options" in sheet.sections:
        out.append(("How often each option is best", ["Option", "Probability", "Decimal",
                                                       "Return (exact)", "Return"],
                    [[g, *_show(p), *_show(r)] for g, p, r in sheet.sections["options"]]))

    if "results" in sheet.sections:
        out.append(("Final results", ["Result", "Probability", "Decimal"],
                    [[name, *_show(p)] for _, name, p in sheet.sections["results"]]))
    if "instant" in sheet.sections:
        out.append(("Instant payout by paytable", ["Paytable", "Contribution", "Decimal",
                                                   "House edge", "Decimal"],
                    [[pt, *_show(c), *_show(e)] for pt, c, e in sheet.sections["instant"]]))
    if "strata" in sheet.sections:
        out.append(("Strata (first five)", ["Stratum", "Share W_h", "Draws", "Mean EV", "Decimal"],
                    [[name, display.rational(w), str(n), *_show(m)]
                     for name, w, n, m in sheet.sections["strata"]]))
    return out


def _text(sheet, fmt):
    from tabulate import tabulate
    from combin.render.markdown import table as md_table
    ident = sheet.identification
    show = (md_table if fmt == "md" else
            lambda rows, headers, align=None: tabulate(rows, headers=headers, tablefmt="simple",
                                                       disable_numparse=True))
    title = f"{ident['title']} ({ident['mode']})"
    readings = ", ".join(f"{k}={v}" for k, v in ident["interpretations"].items())
    lines = [f"# {title}" if fmt == "md" else title, "",
             f"Deck {ident['deck']['ranks']} ({ident['deck']['cards']} cards); paytable "
             f"{ident['paytable']}; interpretations {readings}. combin {__version__}.",
             f"Figures {ident['unit']}.", ""]
    for key in sorted(k for k in ident if k in ("sample", "seed")):
        lines.insert(-1, f"{key}: {ident[key]}")
    for heading, headers, rows in _tables(sheet):
        lines += [f"## {heading}" if fmt == "md" else heading, "", show(rows, headers), ""]
    lines += [f"- {note}" for note in sheet.sections.get("notes", [])]
    return "\n".join(lines).rstrip("\n") + "\n"


def _json_value(value):
    if isinstance(value, Decimal):
        return {"decimal": display.decimal(value, _PLACES)}
    if isinstance(value, Fraction):
        return {"exact": display.rational(value), "decimal": display.decimal(value, _PLACES)}
    if isinstance(value, int):
        return str(value)
    return value


def _json(sheet):
    obj = {"format": "combin.game/1", **sheet.identification}
    for name, rows in sheet.sections.items():
        obj[name] = [[_json_value(cell) for cell in row] if isinstance(row, tuple) else row
                     for row in rows]
    return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"


def _csv(sheet):
    from combin.render.csvfile import as_text
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    for heading, headers, rows in _tables(sheet):
        writer.writerow([heading])
        writer.writerow(headers)
        for row in rows:
            writer.writerow([as_text(cell) if "/" in cell else cell for cell in row])
        writer.writerow([])
    for key, value in sheet.identification.items():
        writer.writerow([key, json.dumps(value, sort_keys=True) if isinstance(value, dict) else value])
    return buffer.getvalue()
