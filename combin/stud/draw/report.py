"""The advice report of one Lunar Poker situation: every option, best first, as a Document.

:func:`advice_report` runs :func:`combin.stud.draw.advise.advise` and gathers what
is printed: the identification (tool version, game, deck, situation,
paytable, interpretations in force), every option with its exact value per
unit of Ante, the best option's margin over the runner-up and the probability
of each result of the best option.  :func:`advice_document` makes it a Document,
which every writer of :mod:`combin.render` shows.
"""

from dataclasses import dataclass
from fractions import Fraction

from combin import __version__, display
from combin.cards import CLASS_NAMES, CLASSES
from combin.stud.core.situation import card_text

__all__ = ["AdviceReport", "advice_report", "advice_document", "render_advice", "result_name"]

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
    options: list   # combin.stud.draw.options.Option, best first

    @property
    def best(self):
        return self.options[0]

    @property
    def margin(self):
        """How much the best option beats the runner-up by (``None`` if it stands alone)."""
        return self.options[0].ev - self.options[1].ev if len(self.options) > 1 else None


def advice_report(situation, rules, progress=None):
    """Price every option of ``situation`` (see :func:`combin.stud.draw.advise.advise`)."""
    from combin.stud.draw.advise import advise
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


def advice_document(report):
    """The report as a :class:`~combin.render.document.Document`: tables ``options`` (every
    option, best first) and ``results`` (the best option's results); the subject holds the
    situation and the best option for a program."""
    from combin.render.document import Count, Document, Ratio, Table
    ident = _identification(report)
    readings = ", ".join(f"{k}={v}" for k, v in ident["interpretations"].items()) or "none"
    info = (("Player", " ".join(ident["player"])), ("Dealer's up card", ident["up"]),
            ("Deck", f"{ident['deck']['ranks']} ({ident['deck']['cards']} cards)"),
            ("Paytable", ident["paytable"] or "none"), ("Interpretations", readings),
            ("Value", ident["value"]), ("Tool", f"combin {__version__}"))
    options = Table.of("options", "Every option, best first",
                       [("best", "Best"), ("rank", "Rank"), ("option", "Option"),
                        ("kind", "Kind"), ("discard", "Discard"), ("ev", "EV")],
                       [["*" if index == 0 else "", Count(index + 1), _label(option), option.kind,
                         " ".join(card_text(c) for c in option.discard), Ratio(option.ev, _PLACES)]
                        for index, option in enumerate(report.options)])
    best = report.best
    results = _ordered_results(best)
    rows = [[key, result_name(key), Ratio(p, _PLACES)] for key, p in results]
    rows.append(["total", "Total", Ratio(sum((p for _, p in results), Fraction(0)), _PLACES)])
    notes = [f"Best: {_label(best)}, by {display.rational(report.margin)} = "
             f"{display.decimal(report.margin, _PLACES)} over {_label(report.options[1])}."
             if report.margin is not None else f"Best: {_label(best)} (the only option)."]
    from combin.stud.core.rules import reading_notes
    notes += reading_notes(ident["game"], ident["interpretations"])
    subject = (("game", ident["game"]), ("deck", ident["deck"]), ("player", ident["player"]),
               ("up", ident["up"]), ("paytable", ident["paytable"]),
               ("interpretations", ident["interpretations"]), ("value", ident["value"]),
               ("best", {"option": best.kind, "discard": [card_text(c) for c in best.discard],
                         "ev": display.rational(best.ev),
                         "margin": None if report.margin is None
                         else display.rational(report.margin)}))
    return Document("advise", f"{report.rules.game.title}: the value of every option", info,
                    (options, Table.of("results", f"Results of the best option ({_label(best)})",
                                       [("result", "Result"), "Name", "Probability"], rows)),
                    tuple(notes), subject=subject)


def render_advice(report, fmt="text"):
    """The report in any format of :mod:`combin.render`."""
    from combin.render import render
    return render(advice_document(report), fmt)
