"""The advice of one Lunar Poker situation as a :class:`~combin.render.document.Document`.

Tables: ``options`` (every option with its exact value per unit of Ante, best
first, ranked among the exactly priced ones; an option that cannot be the best has no
rank and no EV, only its proven upper bound under "At most", unless every option was priced) and ``results`` (the probability of each result of the best option, and
their total).  The identification gives the situation, the paytable and the
interpretations in force; the note gives the best option's margin over the
runner-up as an exact fraction; the subject holds the situation and the best
option for a program.  :func:`combin.stud.draw.report.advice_report` prices the
options.
"""

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from combin.files import display
from combin.stud.core.variant import identification, sheet_lines
from combin.version import __version__
from combin.render.document import Document, Ordinal, Ratio, Table, Text
from combin.stud.core.situation import card_text
from combin.stud.draw.report import ordered_results, result_name

if TYPE_CHECKING:
    from combin.stud.draw.options import Option
    from combin.stud.draw.report import AdviceReport

__all__ = ["advice_document", "option_label"]

_PLACES = 10


def option_label(option: "Option") -> str:
    """An option in words.

    >>> from combin.stud.draw.options import Option
    >>> option_label(Option("exchange", (0, 1), Fraction(0)))
    'exchange 2C 2D'
    >>> option_label(Option("buy", (), Fraction(0)))
    'buy a sixth card'
    """
    if option.kind == "exchange":
        return f"exchange {' '.join(card_text(c) for c in option.discard)}"
    return {"buy": "buy a sixth card"}.get(option.kind, option.kind)


def _option_row(index: int, option: "Option") -> list[Any]:
    """One row of the options table.  An option priced exactly has its rank and its EV; one
    that cannot be the best has neither (its value is not known, only a proven upper bound,
    shown apart under "At most"), so no bound is ever ranked among exact values."""
    exact = not option.bound
    return ["*" if index == 0 else "", Ordinal(index + 1) if exact else Text(),
            option_label(option), option.kind, " ".join(card_text(c) for c in option.discard),
            Ratio(option.ev, _PLACES) if exact else Text(),
            Text() if exact else Ratio(option.ev, _PLACES),
            "exact" if exact else "cannot be best (EV <= bound)"]


def _identification(report: "AdviceReport") -> dict[str, Any]:
    situation, rules = report.situation, report.rules
    return {
        "tool": {"name": "combin", "version": __version__},
        "game": rules.stud.game.id,
        "deck": {"ranks": situation.deck.text, "cards": len(situation.deck)},
        "player": [card_text(c) for c in situation.player],
        "up": card_text(situation.up),
        "paytable": None if rules.instant is None else rules.instant.id,
        "interpretations": dict(rules.readings),
        "value": "expected net result per unit of Ante, counting the Ante, the fee and the "
                 f"Bet ({rules.bet} x Ante)",
    }


def advice_document(report: "AdviceReport") -> Document:
    """The report as a Document: tables ``options`` (every option, best first) and
    ``results`` (the best option's results); the subject holds the situation and the best
    option for a program.

    >>> from combin.lunar import GAME
    >>> from combin.stud.core.rules import load_rules
    >>> from combin.stud.core.situation import Situation
    >>> from combin.stud.draw.report import advice_report
    >>> situation = Situation.parse("KS KD 9H 9C TD", "QS", "9TJQKA")
    >>> doc = advice_document(advice_report(situation, load_rules(GAME.id).resolve()))
    >>> doc.kind, [table.name for table in doc.tables], dict(doc.subject)["best"]["option"]
    ('advise', ['options', 'results'], 'buy')
    """
    ident = _identification(report)
    readings = ", ".join(f"{k}={v}" for k, v in ident["interpretations"].items()) or "none"
    info: tuple[tuple[str, Any], ...] = (("Player", " ".join(ident["player"])), ("Dealer's up card", ident["up"]),
            ("Deck", f"{ident['deck']['ranks']} ({ident['deck']['cards']} cards)"),
            ("Paytable", ident["paytable"] or "none"), ("Interpretations", readings),
            ("Value", ident["value"]), ("Tool", f"combin {__version__}"))
    game_file = identification(report.rules.stud)
    file_rows, file_notes = sheet_lines(game_file)
    info += tuple((name, Text(value)) for name, value in file_rows)
    options = Table.of("options", "Every option, best first",
                       [("best", "Best"), ("rank", "Rank"), ("option", "Option"),
                        ("kind", "Kind"), ("discard", "Discard"), ("ev", "EV"),
                        ("at_most", "At most"), ("priced", "Priced")],
                       [_option_row(index, option) for index, option in enumerate(report.options)])
    best = report.best
    results = ordered_results(best)
    rows: list[list[Any]] = [[key, result_name(key), Ratio(p, _PLACES)] for key, p in results]
    rows.append(["total", "Total", Ratio(sum((p for _, p in results), Fraction(0)), _PLACES)])
    margin = report.margin
    notes = [f"Best: {option_label(best)}, by {display.rational(margin)} = "
             f"{display.decimal(margin, _PLACES)} over {option_label(report.options[1])}."
             if margin is not None else f"Best: {option_label(best)} (the only option)."]
    from combin.stud.core.rules import reading_notes
    bounded = sum(1 for option in report.options if option.bound)
    if bounded:
        notes.append(f"{bounded} of the {len(report.options)} options cannot be the best or the runner-up: "
                     "each has no rank and no EV, only a proven upper bound of its value under \"At most\" "
                     "(below the runner-up's exact value); --all prices every option exactly.")
    notes += file_notes + reading_notes(ident["game"], ident["interpretations"])     # each reading in words
    subject: tuple[tuple[str, Any], ...] = (("game", ident["game"]), ("deck", ident["deck"]), ("player", ident["player"]),
               ("up", ident["up"]), ("paytable", ident["paytable"]),
               ("interpretations", ident["interpretations"]), ("value", ident["value"]),
               ("best", {"option": best.kind, "discard": [card_text(c) for c in best.discard],
                         "ev": display.rational(best.ev),
                         "margin": None if margin is None else display.rational(margin)}))
    if game_file is not None:
        subject += (("game_file", game_file),)
    return Document("advise", f"{report.rules.stud.title}: the value of every option", info,
                    (options, Table.of("results",
                                       f"Results of the best option ({option_label(best)})",
                                       [("result", "Result"), "Name", "Probability"], rows)),
                    tuple(notes), subject=subject)
