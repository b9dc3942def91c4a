"""The advice report of one Lunar Poker situation: every option, best first, in four formats.

:func:`advice_report` runs :func:`combin.stud.advise.advise` and gathers what
is printed: the identification (tool version, game, deck, situation,
paytable, interpretations in force), every option with its exact value per
unit of Ante, the best option's margin over the runner-up and the probability
of each result of the best option.  :func:`render_advice` writes it as text,
Markdown, CSV or JSON.  Decimals come from :mod:`combin.display` only.
"""

import io
import json
from dataclasses import dataclass
from fractions import Fraction

from combin import __version__, display
from combin.lunar.cards import CLASS_NAMES, CLASSES
from combin.stud.situation import card_text

__all__ = ["AdviceReport", "advice_report", "render_advice", "result_name"]

_PLACES = 10
_RESULT_NAMES = {
    "lose": "Player loses to a qualifying dealer",
    "push": "Push: equal hands",
    "ante_taken": "Dealer does not qualify: Ante pay taken",
    "forced_won": "Forced: dealer requalifies, player wins",
    "forced_lost": "Forced: dealer requalifies, player loses",
    "forced_push": "Forced: dealer requalifies, push",
    "forced_not_qualified": "Forced: dealer still does not qualify",
    "fold": "Fold",
    "instant": "Instant payout (the round ends)",
}
_ORDER = ([f"win_{name}" for name in CLASSES] + ["push", "lose", "ante_taken", "forced_won",
          "forced_lost", "forced_push", "forced_not_qualified", "fold", "instant"])


def result_name(key):
    """The printed name of a result id (``win_full_house`` -> ``Player wins with Full house``)."""
    if key.startswith("win_"):
        return f"Player wins with {CLASS_NAMES[key[4:]]}"
    return _RESULT_NAMES[key]


@dataclass(frozen=True)
class AdviceReport:
    situation: object
    rules: object
    options: list   # combin.stud.advise.Option, best first

    @property
    def best(self):
        return self.options[0]

    @property
    def margin(self):
        """How much the best option beats the runner-up by (``None`` if it stands alone)."""
        return self.options[0].ev - self.options[1].ev if len(self.options) > 1 else None


def advice_report(situation, rules, progress=None):
    """Price every option of ``situation`` (see :func:`combin.stud.advise.advise`)."""
    from combin.stud.advise import advise
    return AdviceReport(situation, rules, advise(situation, rules, True, progress))


def _label(option):
    if option.kind == "exchange":
        return f"exchange {' '.join(card_text(c) for c in option.discard)}"
    return {"buy": "buy a sixth card"}.get(option.kind, option.kind)


def _identification(report):
    situation, rules = report.situation, report.rules
    return {
        "tool": {"name": "combin", "version": __version__},
        "game": rules.game.id,
        "deck": {"ranks": situation.deck.text, "cards": len(situation.deck)},
        "player": [card_text(c) for c in situation.player],
        "up": card_text(situation.up),
        "paytable": None if rules.instant is None else rules.instant.id,
        "interpretations": dict(rules.readings),
        "value": "expected net result per unit of Ante, counting the Ante, the fee and the "
                 f"Bet ({rules.bet} x Ante)",
    }


def _ordered_results(option):
    results = option.results or {}
    return [(key, results[key]) for key in _ORDER if key in results]


def render_advice(report, fmt="text"):
    """The report as ``text``, ``md``, ``csv`` or ``json``."""
    if fmt == "json":
        return _json(report)
    if fmt == "csv":
        return _csv(report)
    return _table_text(report, fmt)


def _table_text(report, fmt):
    from tabulate import tabulate
    from combin.render.markdown import table as md_table
    show = (md_table if fmt == "md" else
            lambda rows, headers, align=None: tabulate(rows, headers=headers, tablefmt="simple",
                                                       disable_numparse=True, colalign=align))
    ident = _identification(report)
    title = f"{report.rules.game.title}: the value of every option"
    parts = [f"# {title}" if fmt == "md" else title, ""]
    readings = ", ".join(f"{k}={v}" for k, v in ident["interpretations"].items())
    parts += [f"Player {' '.join(ident['player'])}, dealer's up card {ident['up']}; deck "
              f"{ident['deck']['ranks']} ({ident['deck']['cards']} cards).",
              f"Paytable {ident['paytable']}; interpretations {readings}. combin {__version__}.",
              f"EV: {ident['value']}; exact fraction and decimal.", ""]
    rows = []
    for index, option in enumerate(report.options):
        rows.append(["*" if index == 0 else "", str(index + 1), _label(option),
                     display.rational(option.ev), display.decimal(option.ev, _PLACES)])
    parts += [show(rows, ["Best", "Rank", "Option", "EV (exact)", "EV"],
                   ("left", "right", "left", "right", "right")), ""]
    best = report.best
    if report.margin is not None:
        parts += [f"Best: {_label(best)}, by {display.rational(report.margin)} = "
                  f"{display.decimal(report.margin, _PLACES)} over {_label(report.options[1])}.", ""]
    else:
        parts += [f"Best: {_label(best)} (the only option).", ""]
    heading = f"Results of the best option ({_label(best)})"
    parts += [f"## {heading}" if fmt == "md" else heading, ""]
    rows = [[result_name(key), display.rational(p), display.decimal(p, _PLACES)]
            for key, p in _ordered_results(best)]
    rows.append(["Total", display.rational(sum((p for _, p in _ordered_results(best)), Fraction(0))),
                 display.decimal(sum((p for _, p in _ordered_results(best)), Fraction(0)), _PLACES)])
    parts += [show(rows, ["Result", "Probability (exact)", "Probability"],
                   ("left", "right", "right")), ""]
    return "\n".join(parts).rstrip("\n") + "\n"


def _option_json(option):
    return {"option": option.kind, "discard": [card_text(c) for c in option.discard],
            "ev": display.rational(option.ev), "ev_decimal": display.decimal(option.ev, _PLACES)}


def _json(report):
    best = dict(_option_json(report.best))
    if report.margin is not None:
        best.update(margin=display.rational(report.margin),
                    margin_decimal=display.decimal(report.margin, _PLACES))
    best["results"] = [{"result": key, "name": result_name(key), "probability": display.rational(p),
                        "probability_decimal": display.decimal(p, _PLACES)}
                       for key, p in _ordered_results(report.best)]
    obj = {"format": "combin.advise/1", **_identification(report),
           "options": [_option_json(option) for option in report.options], "best": best}
    return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"


def _csv(report):
    from combin.render.csvfile import safe_writer
    buffer = io.StringIO()
    writer = safe_writer(buffer)  # plain digits and "p/q", no formulas
    writer.writerow(["rank", "option", "discard", "ev", "ev_decimal", "best"])
    for index, option in enumerate(report.options):
        writer.writerow([index + 1, option.kind, " ".join(card_text(c) for c in option.discard),
                         display.rational(option.ev), display.decimal(option.ev, _PLACES),
                         "best" if index == 0 else ""])
    writer.writerow([])
    writer.writerow(["result", "name", "probability", "probability_decimal"])
    for key, p in _ordered_results(report.best):
        writer.writerow([key, result_name(key), display.rational(p), display.decimal(p, _PLACES)])
    writer.writerow([])
    ident = _identification(report)
    writer.writerow(["tool", f"combin {__version__}"])
    writer.writerow(["game", ident["game"]])
    writer.writerow(["deck", ident["deck"]["ranks"]])
    writer.writerow(["player", " ".join(ident["player"])])
    writer.writerow(["up", ident["up"]])
    writer.writerow(["paytable", ident["paytable"]])
    for key, value in ident["interpretations"].items():
        writer.writerow([key, value])
    if report.margin is not None:
        writer.writerow(["margin", display.rational(report.margin),
                         display.decimal(report.margin, _PLACES)])
    return buffer.getvalue()
