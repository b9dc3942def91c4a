"""The whole-game par sheet of Lunar Poker with draws, exact or from a sample.

:func:`exact_sheet` sums priced class records (:mod:`combin.stud.draw.chunks`)
over every situation class: the expected result and house edge per unit of
Ante, the average amount wagered and the element of risk, the second
moment, variance and SD of a round's net, how often each option is best,
the probability and the return of each final result, and the instant
payout's contribution under every instant paytable (A, B, C) with the house
edge each gives.  :func:`sample_sheet` gives the stratified estimate and its
99% interval from a sample of classes.  :func:`combin.documents.lunar_game.sheet_document`
turns either into a Document, which :mod:`combin.render` writes in every format.

Why the figures are exact.  Every record value is an integer over the run's
common denominator ``L``; a figure is ``sum(weight * numerator)`` divided
once by ``L * sum(weight)``, and ``sum(weight)`` is checked against
``C(n, 5) * (n - 5)`` before anything is printed.  The same holds for the
return of each result and for E[X^2] (each record carries, per result, the
numerators of its probability, net x probability and net^2 x probability):
the variance is the Fraction ``E[X^2] - E[X]^2``; only the SD, its square
root, is a decimal (40 significant digits, shown to the sheet's places).  The instant payout is
settled on the first five cards alone, so its contribution under another
paytable is ``sum_event P(first five is event) * pay``, exactly, and the edge
under that paytable differs from the run's by the difference of contributions.

A figure whose label ends with :data:`PERCENT` (``", in percent"``) holds the
same exact Fraction as the figure it repeats; the Document shows it as a
percentage (:class:`~combin.render.document.Percent`).
"""

from dataclasses import dataclass, field
from decimal import ROUND_CEILING, Decimal
from fractions import Fraction
from math import comb

from combin import __version__, display

__all__ = ["GameSheet", "exact_sheet", "totals_sheet", "sample_sheet", "instant_contributions",
           "PERCENT"]

#: The end of the label of a figure shown as a percentage: the same exact Fraction as the
#: figure it repeats (``"house edge per Ante"`` and ``"house edge per Ante, in percent"``).
PERCENT = ", in percent"

_GROUP_ORDER = ("instant", "play", "fold", "buy", "exchange 2", "exchange 3", "exchange 4",
                "exchange 5")


@dataclass
class GameSheet:
    identification: dict
    rows: list = field(default_factory=list)          # (section, label, exact Fraction or int or text)
    sections: dict = field(default_factory=dict)      # name -> [(label, value)]


def instant_contributions(game, first_five_classes, total):
    """``{paytable id: contribution per Ante}`` under each instant paytable of the stud ``game``,
    from ``{class id: situations}`` of the first five."""
    out = {}
    for paytable in game.instant_paytables.values():
        out[paytable.id] = sum((Fraction(first_five_classes.get(event, 0), total) * Fraction(pay.net)
                                for event, pay in paytable.lines), Fraction(0))
    return out


def _identification(deck, rules, run):
    return {"tool": {"name": "combin", "version": __version__}, "game": rules.game.id,
            "title": f"{rules.game.title}, whole game with draws under optimal play",
            "deck": {"ranks": deck.text, "cards": len(deck)},
            "paytable": None if rules.instant is None else rules.instant.id,
            "interpretations": dict(rules.readings),
            "unit": "per unit of Ante; the Bet is "
                    f"{rules.bet} x Ante, the draw fee {rules.draw_fee} x Ante, the force fee "
                    f"{rules.force_fee} x Ante", **run}


def exact_sheet(deck, rules, scale, records, run=None):
    """The exact whole-game sheet from the records of every class."""
    from combin.stud.draw.options import option_keys
    from combin.stud.draw.totals import totals_of
    return totals_sheet(deck, rules, scale, totals_of(records, option_keys(rules), rules.game), run)


def totals_sheet(deck, rules, scale, totals, run=None):
    """The exact whole-game sheet from the :class:`~combin.stud.draw.totals.GameTotals` of every
    class (of one run, or the sum of its shards)."""
    n = len(deck)
    total = totals.weight
    if total != comb(n, 5) * (n - 5):
        raise AssertionError(f"class weights sum to {total}, not C({n},5)*{n - 5}")
    whole = scale * total
    expected = Fraction(totals.best, whole)
    second = Fraction(totals.second, whole)
    variance = second - expected * expected
    results, returns, groups, group_values = totals.results, totals.returns, totals.groups, totals.group_values
    probability = {key: Fraction(value, whole) for key, value in results.items()}
    drew = sum((Fraction(groups[g], total) for g in groups if g == "buy" or g.startswith("exchange")),
               Fraction(0))
    played = 1 - probability.get("fold", 0) - probability.get("instant", 0)
    forced = sum((p for key, p in probability.items() if key.startswith("forced")), Fraction(0))
    wagered = 1 + (rules.draw_fee or 0) * drew + rules.bet * played + (rules.force_fee or 0) * forced
    contributions = instant_contributions(rules.game, totals.first_five, total)
    current = None if rules.instant is None else rules.instant.id
    sheet = GameSheet(_identification(deck, rules, dict(run or {}, mode="exact")))
    sheet.sections["summary"] = [
        ("situation classes (suit symmetry)", totals.classes),
        ("situations: C(n,5) x (n-5)", total),
        ("common denominator L", scale),
        ("expected result per Ante", expected),
        ("house edge per Ante", -expected),
        ("house edge per Ante" + PERCENT, -expected),          # the same Fraction, as a percentage
        ("average wagered per round (Ante units)", wagered),
        ("element of risk (house edge per unit wagered)", -expected / wagered),
        ("element of risk" + PERCENT, -expected / wagered),
        ("second moment E[X^2] per Ante^2", second),
        ("variance per Ante^2", variance),
        ("SD per Ante", display.sqrt(variance)),
        ("probability of drawing (buy or exchange)", drew),
    ]
    sheet.sections["options"] = [
        (group, Fraction(groups[group], total), Fraction(group_values[group], whole))
        for group in _GROUP_ORDER if group in groups]
    from combin.stud.draw.report import _ORDER, result_name
    sheet.sections["results"] = [(key, result_name(key), probability[key], Fraction(returns[key], whole))
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
        "Return of a final result: its net (Ante, Bet, draw fee, force fee, instant pay) times its "
        "probability; the returns add up to the expected result.  A win's net varies with the "
        "final cards (L11) and the draw fee: its return sums them.",
        "SD: the square root of E[X^2] - E[X]^2, X the net of a round; E[X^2] sums every "
        "result's squared net times its probability, exactly.",
        "A figure 'in percent' repeats the figure named before it as a percentage (x 100, "
        "with %); JSON and CSV hold the exact fraction itself (p/q and its decimal, not "
        "multiplied by 100), as for every percentage combin writes; xlsx holds the number "
        "with a percent format.",
    ]
    return sheet


#: How each phase of a sample allocates its draws (:func:`combin.stud.draw.sampling.plan`).
_PHASES = ("by the strata's shares", "by Neyman's allocation")


def sample_sheet(deck, rules, phases, shares, values, scale, run=None, seconds=None, control=None):
    """The sheet of a stratified sample in phases: estimate of the expected result, 99% interval.

    ``phases`` is the list of the phases' draws (``{stratum: [class index, ...]}``,
    :func:`combin.stud.draw.sampling.plan`); every estimate combines them
    (:func:`combin.stud.draw.sampling.combined`).

    With ``control`` (``(E[X], {class index: numerator over L of X})``, the
    game without draws: :mod:`combin.stud.draw.control`) the estimate is ``E[X]``,
    exact, plus the stratified estimate of the gain of drawing, ``Y - X``, and
    the interval is that of the gain alone; the interval the plain estimate of
    ``Y`` would have had is given beside, and the number of classes for a 99%
    interval of +-0.25% (the sample's spread, scaled by 1/sqrt(n)).
    With ``seconds`` (``{class index: numerator over L of E[X^2] of the class}``)
    the sheet also estimates the SD: E[X^2] is estimated like E[X], by the
    stratified mean of the classes' exact second moments (unbiased), and the
    SD is ``sqrt(E[X^2] - E[X]^2)`` of the two estimates -- a point estimate,
    given without an interval (the interval of a difference of two correlated
    estimates and of its root is not this sampler's).
    """
    from combin.stud.draw.sampling import Estimate, combined
    per_class = {index: Fraction(value, scale) for index, value in values.items()}
    plain = combined(phases, shares, per_class.__getitem__)
    result = plain
    if control is not None:
        expected_x, controls = control
        gains = {index: per_class[index] - Fraction(controls[index], scale) for index in per_class}
        if any(gain < 0 for gain in gains.values()):       # drawing adds options: never a loss
            raise AssertionError("a class is worth less with draws than without")
        gain = combined(phases, shares, gains.__getitem__)
        result = Estimate(expected_x + gain.value, gain.variance, gain.draws)
    low, high = result.interval()
    n = len(deck)
    sheet = GameSheet(_identification(deck, rules, dict(run or {}, mode="sample")))
    sheet.sections["summary"] = [
        ("situation classes sampled (distinct)", len(values)),
        ("draws", result.draws),
        *((f"draws in phase {k + 1} ({_PHASES[min(k, 1)]})", sum(len(found) for found in phase.values()))
          for k, phase in enumerate(phases)),
        ("situations: C(n,5) x (n-5)", comb(n, 5) * (n - 5)),
        ("estimated expected result per Ante", result.value),
        ("estimated house edge per Ante", -result.value),
        ("99% interval of the house edge, low", -high),
        ("99% interval of the house edge, high", -low),
    ]
    if control is not None:
        target = Decimal("0.0025")
        half = result.half_width()
        # the variance falls as 1/n: n * (half / target)^2 draws reach the target half-width
        needed = (int((Decimal(result.draws) * (half / target) ** 2).to_integral_value(ROUND_CEILING))
                  if half > 0 else result.draws)
        sheet.sections["summary"] += [
            ("expected result of the game without draws (exact control)", expected_x),
            ("estimated gain of drawing per Ante", gain.value),
            ("99% half-width of the interval", half),
            ("99% half-width without the control", plain.half_width()),
            ("draws for a 99% half-width of 0.25%", needed),
        ]
    if seconds is not None:
        second = combined(phases, shares, lambda i: Fraction(seconds[i], scale)).value
        variance = second - result.value ** 2
        sheet.sections["summary"] += [
            ("estimated second moment E[X^2] per Ante^2", second),
            ("estimated variance per Ante^2", variance),
            ("estimated SD per Ante (no interval)", display.sqrt(max(variance, Fraction(0)))),
        ]
    every = {name: [i for phase in phases for i in phase.get(name, [])] for name in shares}
    sheet.sections["strata"] = [(name, shares[name], len(indices),
                                 sum((per_class[i] for i in indices), Fraction(0)) / len(indices))
                                for name, indices in sorted(every.items()) if indices]
    strata_note = ("strata by the first five's class (a high card split by its highest card, "
                   "one pair by the pair's rank), by four to a flush and four to an open or an inside "
                   "straight, and for a high card, ace-king or one pair by an up card of queen or "
                   "higher; two phases: a quarter of the draws by the strata's shares, the rest by "
                   "Neyman's allocation (in proportion to W_h s_h, s_h the first phase's spread of "
                   "the gain), the estimate the phases' estimates weighted by their draws (each "
                   "unbiased given the one before), its variance sum_k a_k^2 v_k")
    if control is None:
        sheet.sections["notes"] = [
            "Every sampled class is priced exactly; the interval (z = 2.5758) comes from the spread "
            f"across situations only: sum_h W_h^2 s_h^2 / n_h, {strata_note}."]
    else:
        sheet.sections["notes"] = [
            "Every sampled class is priced exactly.  The estimate is the exact expected result of "
            "the game without draws (the better of fold and play in every situation, summed over all "
            "of them) plus the stratified estimate of the gain of drawing over it (each sampled "
            "class's value with draws less its value without); the interval (z = 2.5758) comes from "
            f"the spread of that gain only: sum_h W_h^2 s_h^2 / n_h, {strata_note}."]
    sheet.sections["notes"].append(
        "SD: each class's E[X^2] is exact; E[X^2] of the game is estimated by their stratified "
        "mean, and the SD is sqrt(E[X^2] - E[X]^2) of the two estimates, with no interval.")
    return sheet
