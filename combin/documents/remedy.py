"""``combin solve GAME --vary SETTING``: a remedy solved exactly, as a Document.

The tables: ``solution`` (the setting, the target, the solved value as an exact fraction -- or
the bracket and its bounds -- the exact runs and steps it took, the proof), ``steps`` (every
point evaluated: the value, the game per Ante, its house edge, the slope read off the run, how
it was found) and ``layout`` (the values a layout prints either side, with their exact edges).
"""

from fractions import Fraction
from typing import Any

from combin.render.document import Document, Ratio, Table, Text

__all__ = ["remedy_document"]


def _value(setting: str, x: Fraction) -> str:
    """A fee in Antes, or a pay as on a layout ("5 to 2", "push").

    >>> _value("draws.fee", Fraction(9, 2)), _value("bet_pays.pays.one_pair", Fraction(5, 2))
    ('9/2 x Ante', '5 to 2')
    """
    if setting.startswith("bet_pays."):
        return "push" if x == 0 else f"{x.numerator} to {x.denominator}"
    return f"{x} x Ante"


def remedy_document(remedy: Any, game: Any, deck: Any, rules: Any) -> Document:
    """:class:`~combin.stud.game.remedy.Remedy` -> Document (tables ``solution``, ``steps``, ``layout``)."""
    per = ("house edge of the round per Ante (the side wager at "
           f"{remedy.multiple} x Ante)" if remedy.per == "round" else "house edge per Ante")
    rows: list[tuple[str, Any, Any]] = [
        ("setting varied", Text(remedy.setting), Text(None)),
        ("target", Ratio(remedy.target), Text(per)),
        ("the game's value per Ante at the target", Ratio(remedy.goal), Text(None)),
    ]
    if remedy.per == "round":
        rows.append(("the side wager's mean per unit (does not move with the setting)", Ratio(remedy.side_mean),
                     Text(None)))
    if remedy.solved is not None:
        rows.append(("solved value (exact)", Ratio(remedy.solved), Text(_value(remedy.setting, remedy.solved))))
    else:
        low, high = remedy.bracket
        rows.append(("solved value: between the whole values", Text(f"{low} and {high}"), Text(None)))
        if remedy.bounds is not None:
            rows += [("solved value: at least (exact bound)", Ratio(remedy.bounds[0]), Text(None)),
                     ("solved value: at most (exact bound)", Ratio(remedy.bounds[1]), Text(None))]
    rows += [("exact runs of the whole game", remedy.runs, Text(None)),
             ("points evaluated (Newton or secant steps)", remedy.steps, Text(None))]
    solution = Table.of("solution", "The remedy", ["Figure", "Value", "Note"], rows)
    steps = Table.of("steps", "Every point evaluated, in order", ["Value", "Shown", "Game per Ante",
                                                                  "House edge", "Slope", "How"],
                     [(p.x, _value(remedy.setting, p.x), p.value, remedy.edge(p.value),
                       Text(None) if p.slope is None else p.slope, p.how) for p in remedy.points])
    layout = Table.of("layout", "The layout values either side", ["Value", "Shown", "Game per Ante", "House edge", "How"],
                      [(p.x, _value(remedy.setting, p.x), p.value, remedy.edge(p.value), p.how)
                       for p in remedy.layout])
    notes = [("Why the solved value is exact: " if remedy.solved is not None else "Why a bracket: ") + f"{remedy.certificate}.",
             "Every figure is exact; the house edge is minus the game's value under optimal play "
             "(per Ante of the game" + (", plus the side wager's mean at its multiple: the round as dealt)"
                                        if remedy.per == "round" else ")") + ".",
             "The game's value is convex and piecewise linear in one fee or pay (a maximum over strategies, each "
             "linear in it): a Newton step from a run lands on the root when the run's strategy is still optimal "
             "there."]
    identification = (("Game", game.title), ("Deck", f"{deck.text} ({len(deck)} cards)"),
                      ("Readings", ", ".join(f"{k}={v}" for k, v in rules.readings)),
                      ("Paytable", None if rules.instant is None else rules.instant.id))
    subject = (("game", game.game.id), ("deck", deck.text), ("setting", remedy.setting), ("per", remedy.per),
               ("interpretations", dict(rules.readings)))
    return Document("remedy", f"{game.title}: {remedy.setting} for a target house edge",
                    identification, (solution, steps, layout), tuple(notes), (), subject)
