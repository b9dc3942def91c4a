"""The Lunar Poker game without draws as a game sheet (:func:`combin.stud.whole.whole_game`).

Fold, play and force only, summed exactly over every situation class by the
stud engine core; this module only lays its totals out in the sheet shape of
:mod:`combin.stud.gamesheet`, so ``--no-draw`` and the game with draws print
alike.  SD is exact here: the core counts every line with its net result.
"""

from fractions import Fraction

__all__ = ["no_draw_sheet"]


def _sqrt(value, places=40):
    """The square root of an exact Fraction as a Decimal (display only)."""
    from decimal import Decimal, localcontext
    with localcontext() as context:
        context.prec = places
        return (Decimal(value.numerator) / Decimal(value.denominator)).sqrt()


def no_draw_sheet(deck, rules):
    from combin.stud.gamesheet import GameSheet, _identification, instant_contributions
    from combin.stud.whole import whole_game
    game = whole_game(rules, deck, "optimal")
    expected = game.expected
    sheet = GameSheet(_identification(deck, rules, {"mode": "exact, no draws"}))
    sheet.identification["title"] = "Lunar Poker, whole game without draws under optimal play"
    variance = game.variance
    sheet.sections["summary"] = [
        ("situation classes (suit symmetry)", game.classes),
        ("situations: C(n,5) x (n-5)", game.situations),
        ("outcomes per situation", game.per_situation),
        ("expected result per Ante", expected),
        ("house edge per Ante", -expected),
        ("average wagered per round (Ante units)", game.wagered),
        ("element of risk (house edge per unit wagered)", game.element_of_risk),
        ("variance per round", variance),
        ("standard deviation per round", _sqrt(variance)),
    ]
    total = game.situations
    sheet.sections["options"] = [(option, Fraction(count, total), None)
                                 for option, count in sorted(game.chosen.items()) if count]
    events = {}
    for (event, name, net), count in game.lines.items():
        label = f"{event} {name}".strip()
        key = (label, net)
        events[key] = events.get(key, 0) + count
    sheet.sections["lines"] = [(label, net, Fraction(count, game.cycle))
                               for (label, net), count in sorted(events.items(), key=lambda kv: (-kv[0][1], kv[0][0]))]
    first = {}
    for (event, name, _), count in game.lines.items():
        if event == "instant":
            first[name] = first.get(name, 0) + count // game.per_situation
    contributions = instant_contributions(first, total)
    current = None if rules.instant is None else rules.instant.id
    base = expected - (contributions[current] if current is not None else 0)
    sheet.sections["instant"] = [(pt, c, -(base + c)) for pt, c in sorted(contributions.items())]
    sheet.sections["notes"] = [
        "Exact over every situation and dealer hand (the stud engine core).",
        "SD = sqrt(variance per round); the variance is exact.",
    ]
    return sheet
