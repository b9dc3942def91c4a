"""The whole-game par sheet of Lunar Poker with draws, exact or from a sample.

:func:`exact_sheet` sums priced class records (:mod:`combin.stud.game.chunks`)
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
:func:`paytable_figures` gives every paytable's whole set of figures (mean,
house edge, element of risk, E[X^2], variance, SD, the instant result's
line) from the same totals, re-pricing only the situations of the instant
events; its docstring and comments give the proof under each reading of L7.

A figure whose label ends with :data:`PERCENT` (``", in percent"``) holds the
same exact Fraction as the figure it repeats; the Document shows it as a
percentage (:class:`~combin.render.document.Percent`).
"""

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_CEILING, Decimal
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any

from combin.files import display
from combin.core.risk import risk
from combin.stud.core.variant import identification
from combin.stud.draw.options import option_keys
from combin.stud.draw.report import RESULT_ORDER, result_name
from combin.stud.game.round import RoundFigures, from_nets, from_sums, side_wager
from combin.stud.game.sampling import Estimate, combined, stratum_order, stratum_words
from combin.stud.game.totals import totals_of
from combin.version import __version__

if TYPE_CHECKING:
    from combin.stud.core.deck import Deck
    from combin.stud.game.readings import Readings
    from combin.stud.core.rules import Rules, StudRules
    from combin.stud.game.chunks import ClassRecord
    from combin.stud.game.totals import GameTotals

__all__ = ["GameSheet", "exact_sheet", "totals_sheet", "sample_sheet", "instant_contributions",
           "paytable_figures", "PaytableFigures", "PERCENT", "reading_section"]

#: The end of the label of a figure shown as a percentage: the same exact Fraction as the
#: figure it repeats (``"house edge per Ante"`` and ``"house edge per Ante, in percent"``).
PERCENT = ", in percent"

_GROUP_ORDER = ("instant", "play", "fold", "buy", "exchange 2", "exchange 3", "exchange 4",
                "exchange 5")


@dataclass
class GameSheet:
    identification: dict[str, Any]
    rows: list[tuple[str, str, Any]] = field(default_factory=list)   # (section, label, exact Fraction, int, text)
    sections: dict[str, Any] = field(default_factory=dict)      # name -> [(label, value)], notes, or (title, rows)


def instant_contributions(stud: "StudRules", first_five_classes: Mapping[str, int],
                          total: int) -> dict[str, Fraction]:
    """``{paytable id: contribution per Ante}`` under each instant paytable of the rules ``stud``,
    from ``{class id: situations}`` of the first five."""
    out: dict[str, Fraction] = {}
    for paytable in stud.instant_paytables.values():
        out[paytable.id] = sum((Fraction(first_five_classes.get(event, 0), total) * Fraction(pay.net)
                                for event, pay in paytable.lines), Fraction(0))
    return out


@dataclass(frozen=True)
class PaytableFigures:
    """The whole game's figures under one instant paytable, per unit of Ante, exact.

    ``second`` (E[X^2]) is ``None`` where the totals cannot give it (then so are the
    variance and the SD); ``instant`` is the instant result's line ``(probability,
    return)``, ``None`` under L7=continue, where an instant payout ends no round.
    """

    paytable: str
    contribution: Fraction          # sum_e P(e) x pay_e: the instant payout's part of the mean
    expected: Fraction              # E[X], X the net of a round
    wagered: Fraction               # average amount wagered (Ante units)
    second: Fraction | None         # E[X^2]
    instant: tuple[Fraction, Fraction] | None

    @property
    def edge(self) -> Fraction:
        return -self.expected

    @property
    def risk(self) -> Fraction:
        """The element of risk: the house edge per unit wagered."""
        return -self.expected / self.wagered

    @property
    def variance(self) -> Fraction | None:
        return None if self.second is None else self.second - self.expected ** 2

    @property
    def sd(self) -> Decimal | None:
        """The SD: the one decimal (:func:`combin.files.display.sqrt`, 40 significant digits)."""
        variance = self.variance
        return None if variance is None else display.sqrt(variance)


def _event_sums(totals: "GameTotals", events: Iterable[str]) -> dict[str, int] | None:
    """``{event: sum of weight x best value}`` (numerators over ``L``) of the situations whose
    first five is the instant event, from the totals' sums by plain hand and up card, or ``None``.

    ``totals.strategy`` holds, per ``"class/words|up"`` (the plain hand of
    :func:`combin.stud.game.strategy.hand_feature`, whose class is the first five's
    ``value_class``, the key of ``totals.first_five``, and the up card's rank), the weight and
    ``weight x best value`` of every class that takes a decision -- under L7=continue, every
    class.  So the sums over the cells of class ``e`` are those of the situations whose first
    five is ``e``; that the weights so summed are ``first_five[e]`` is checked, and where they
    are not (another layout of those sums) ``None`` says the sums are not there.
    """
    events = list(events)
    sums, weights = dict.fromkeys(events, 0), dict.fromkeys(events, 0)
    for key, cell in totals.strategy.items():
        name = key.split("|", 1)[0].split("/", 1)[0]
        if name in sums:
            sums[name] += cell["best"]
            weights[name] += cell["weight"]
    if any(weights[event] != totals.first_five.get(event, 0) for event in events):
        return None
    return sums


def paytable_figures(rules: "Rules", totals: "GameTotals", scale: int,
                     wagered: Fraction) -> tuple[list[PaytableFigures], list[str]]:
    """``([PaytableFigures, ...], [note, ...])``: the whole game under every instant paytable of
    the game (the run's own included), from the run's :class:`~combin.stud.game.totals.GameTotals`
    by re-pricing only the situations whose first five is an instant event; the notes say
    what could not be derived and why.

    Notation: X the net of a round under the run's paytable (pays ``b_e``), X' under
    another (pays ``b'_e``, 0 for an event it does not list), ``d_e = b'_e - b_e``, ``1_e`` the
    indicator of "the first five is the event e", ``P(e) = first_five[e] / C(n,5)(n-5)``.
    The events are disjoint (a first five has one class), so sums over them add up.
    """
    instant = rules.instant
    if instant is None:         # no instant paytable: nothing to re-price
        return [], []
    total, whole = totals.weight, scale * totals.weight
    current = {event: Fraction(pay.net) for event, pay in instant.lines}
    expected, second = Fraction(totals.best, whole), Fraction(totals.second, whole)
    ends = rules.instant_ends_round
    out, notes = [], []
    paytables = sorted(rules.stud.instant_paytables.values(), key=lambda paytable: paytable.id)
    events = sorted(set(current).union(*({e for e, _ in paytable.lines} for paytable in paytables)))
    p = {event: Fraction(totals.first_five.get(event, 0), total) for event in events}
    if ends:
        # The run's instant line is the instant events' situations and nothing else: its
        # probability is sum_e P(e) and its return sum_e P(e) b_e (checked, as the weights are).
        line = (Fraction(totals.results.get("instant", 0), whole),
                Fraction(totals.returns.get("instant", 0), whole))
        if line != (sum((p[e] for e in current), Fraction(0)),
                    sum((p[e] * b for e, b in current.items()), Fraction(0))):
            raise AssertionError("the instant result is not the instant events' situations")
        sums = None
    else:
        sums = _event_sums(totals, events)
    moment: Fraction | None        # E[X'^2], when the totals give it
    for paytable in paytables:
        pays = {event: Fraction(pay.net) for event, pay in paytable.lines}
        d = {event: pays.get(event, 0) - current.get(event, 0) for event in events}
        contribution = sum((p[e] * b for e, b in pays.items()), Fraction(0))
        if ends:
            if set(pays) != set(current):
                # an event one paytable pays and the other does not is played under one of them:
                # its situations' values with a decision are not in the totals
                notes.append(f"Paytable {paytable.id} pays other instant events than paytable "
                             f"{instant.id}; its figures are not derived here.")
                continue
            # L7=ends-round: a first five that is an event e is settled by the instant pay alone,
            # X = b_e on 1_e exactly, with no decision; the other situations' play and nets do
            # not read the instant pays.  So X' = X + d_e on 1_e and X' = X elsewhere:
            #   E[X']   = E[X]   + sum_e P(e) d_e                   (= E[X] + c' - c)
            #   E[X'^2] = E[X^2] + sum_e P(e) (b'_e^2 - b_e^2)       (X^2 = b_e^2 on 1_e)
            # The played situations are the same, so is the amount wagered (the Ante alone on
            # 1_e).  The instant line: probability sum_e P(e) (the same events), return
            # sum_e P(e) b'_e = c', the instant payout's contribution.
            mean = expected + sum((p[e] * d[e] for e in current), Fraction(0))
            moment = second + sum((p[e] * (pays[e] ** 2 - current[e] ** 2) for e in current),
                                  Fraction(0))
            out.append(PaytableFigures(paytable.id, contribution, mean, wagered, moment,
                                       (sum((p[e] for e in current), Fraction(0)), contribution)))
            continue
        # L7=continue: the pay b_e is added to the net of every option of a situation whose first
        # five is e, fold included (combin.stud.draw.advise), so the best option, every
        # probability and the amount wagered are the same under every paytable, and
        # X' = X + d_e on 1_e:
        #   E[X']   = E[X] + sum_e P(e) d_e
        #   E[X'^2] = E[X^2] + sum_e (2 d_e E[X 1_e] + d_e^2 P(e))
        # as E[(X + d)^2 1_e] = E[X^2 1_e] + 2 d E[X 1_e] + d^2 P(e).  E[X 1_e] is the sum of
        # weight x best value over the situations of e, divided by L x C(n,5)(n-5)
        # (_event_sums); without it only the mean is given.
        mean = expected + sum((p[e] * d[e] for e in events), Fraction(0))
        moment = None
        if sums is not None:
            moment = second + sum((2 * d[e] * Fraction(sums[e], whole) + d[e] ** 2 * p[e]
                                   for e in events), Fraction(0))
        out.append(PaytableFigures(paytable.id, contribution, mean, wagered, moment, None))
    if not ends:
        notes.append("L7=continue: the instant pay is added to the round's net, and no round ends "
                     "on it, so the results table has no instant line; a result's return under "
                     "another paytable would need its sums by instant event, which the totals do "
                     "not keep, so only the whole game's figures are given for each paytable.")
        if sums is None:
            notes.append("L7=continue: E[X^2] under another paytable needs E[X x 1(first five "
                         "is the event)] for each instant event, which these totals do not give; "
                         "for the other paytables only the mean, house edge and element of risk "
                         "are given.")
    return out, notes


def _identification(deck: "Deck", rules: "Rules", run: Mapping[str, Any]) -> dict[str, Any]:
    game_file = identification(rules.stud)
    return {"tool": {"name": "combin", "version": __version__}, "game": rules.stud.game.id,
            **({"game_file": game_file} if game_file is not None else {}),
            "title": f"{rules.stud.title}, whole game with draws under optimal play",
            "deck": {"ranks": deck.text, "cards": len(deck)},
            "paytable": None if rules.instant is None else rules.instant.id,
            "interpretations": dict(rules.readings),
            "unit": "per unit of Ante; the Bet is "
                    f"{rules.bet} x Ante, the draw fee {rules.draw_fee} x Ante, the force fee "
                    f"{rules.force_fee} x Ante", **run}


def exact_sheet(deck: "Deck", rules: "Rules", scale: int, records: Sequence["ClassRecord"],
                run: Mapping[str, Any] | None = None) -> GameSheet:
    """The exact whole-game sheet from the records of every class."""
    return totals_sheet(deck, rules, scale, totals_of(records, option_keys(rules), rules.stud), run)


def totals_sheet(deck: "Deck", rules: "Rules", scale: int, totals: "GameTotals",
                 run: Mapping[str, Any] | None = None, multiple: Fraction = Fraction(1),
                 nets: dict[str, Any] | None = None, basic_expected: Fraction | None = None,
                 readings: "Readings | None" = None) -> GameSheet:
    """The exact whole-game sheet from the :class:`~combin.stud.game.totals.GameTotals` of every
    class (of one run, or the sum of its shards); with the game's side wager at ``multiple`` x
    Ante, the round as dealt (:func:`round_section`; ``nets``: ``{"optimal": ..., "basic": ...}``
    of :func:`combin.stud.game.round.dealt_nets`, where computed); with ``readings`` (the default
    game's other readings, :func:`combin.stud.game.readings.reading_edges`), each one's house
    edge beside the sheet's own (:func:`reading_section`)."""
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
    contributions = instant_contributions(rules.stud, totals.first_five, total)
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
    sheet.sections["results"] = [(key, result_name(key), probability[key], Fraction(returns[key], whole))
                                 for key in RESULT_ORDER if key in probability]
    edges = []
    for paytable, contribution in sorted(contributions.items()):
        base = expected - (contributions[current] if current is not None else 0)
        edges.append((paytable, contribution, -(base + contribution)))
    sheet.sections["instant"] = edges
    repriced, repriced_notes = ([], []) if current is None else paytable_figures(rules, totals, scale,
                                                                                 wagered)
    if repriced:
        sheet.sections["paytables"] = _paytable_rows(repriced)
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
    if repriced:
        sheet.sections["notes"].append(
            f"Each instant paytable's figures come from this run's sums, re-pricing only the "
            f"situations whose first five is an instant event: the instant pay of paytable "
            f"{current} is replaced by the other's (E[X] by P(event) x the difference of the pays"
            + (", E[X^2] by P(event) x the difference of their squares, since the instant pay "
               "alone is the round's net; every other result is the same under every paytable)."
               if rules.instant_ends_round else
               ", E[X^2] by 2 x the difference x E[X 1(event)] + P(event) x its square, since "
               "the pay is added to the round's net and the play does not change)."))
    sheet.sections["notes"] += repriced_notes
    if readings is not None:
        reading_section(sheet, readings, -expected)
    round_section(sheet, deck, rules, scale, totals, wagered, multiple, nets, basic_expected)
    return sheet


def reading_section(sheet: GameSheet, readings: "Readings", edge: Fraction) -> None:
    """Add each other reading's house edge per Ante to the summary, after the sheet's own
    (``house edge per Ante if L8=even-money``, and again in percent), the readings that move it
    to the identification (``ruling_required``: a ruling is needed before the figure is filed)
    and a note naming the source and the readings not priced yet."""
    summary = sheet.sections["summary"]
    at = next(i for i, (label, _) in enumerate(summary) if label == "house edge per Ante" + PERCENT) + 1
    added = []
    for found in readings.priced:
        label = f"house edge per Ante if {found.interpretation}={found.value}"
        added += [(label, found.edge), (label + PERCENT, found.edge)]
    summary[at:at] = added
    moving = [found for found in readings.priced if found.edge != edge]
    sheet.identification["ruling_required"] = [
        {"interpretation": found.interpretation, "reading": found.value, "house_edge": display.rational(found.edge)}
        for found in moving]
    name = os.path.basename(readings.source)
    note = ("The house edge under another reading of an open interpretation (spec/RULES.md) comes from "
            f"that reading's own exact run: its row of the variants table {name} "
            f"({', '.join(found.change for found in readings.priced) or 'none in yet'}), whose default row "
            "is this run's house edge exactly.")
    if readings.pending:
        note += (f" Not priced yet on this deck: {', '.join(readings.pending)} (each an exact run, "
                 f"combin {sheet.identification['game']} variants --only ID); whether they move the figure is "
                 "not known here.")
    sheet.sections["notes"].append(note)


def round_section(sheet: "GameSheet", deck: "Deck", rules: "Rules", scale: int, totals: "GameTotals",
                  wagered: Any, multiple: Fraction | int = Fraction(1), nets: Any = None,
                  basic_expected: Fraction | None = None) -> None:
    """Add the round as dealt -- the game and its side wager at ``multiple`` x Ante
    (:mod:`combin.stud.game.round`) -- to ``sheet``: ``sections["round"]`` is ``(title,
    [(label, optimal, basic)])`` and its notes join the sheet's.  Nothing is added for a game
    without a side wager; where the totals do not keep the side wager's sums (shards written
    before they were kept), a note says so and what a pass would need."""
    side = side_wager(rules.stud)
    if side is None:
        return
    k = Fraction(multiple)
    title = f"The round as dealt (with {side.title} at {_multiple_text(k)} x Ante)"
    notes = sheet.sections["notes"]
    pays = side.pays()
    figures: dict[str, Any] = {}
    if totals.side:
        figures["optimal"] = from_sums(k, pays, totals.side, scale, totals.weight, "best",
                                       totals.second, wagered)
        if totals.complete == totals.classes:   # every option priced: the basic sums are whole
            figures["basic"] = from_sums(k, pays, totals.side, scale, totals.weight, "basic",
                                         None, None)
        elif basic_expected is not None:
            # the basic strategy's own second pass gives its game's mean, not its sums by the
            # side wager's key: its round's mean and house edges alone (E[S] from the sums above)
            mean = figures["optimal"].side_expected
            figures["basic"] = RoundFigures(k, basic_expected + k * mean, mean, None, None, None)
    else:
        mean = side.mean(deck)          # E[S] of the deck's five-card hands, where known
        if mean is None:
            notes.append(f"{title}: not given: these totals do not keep the game's value by the "
                         f"key of the first five that {side.id} reads.")
            return
        game = Fraction(totals.best, scale * totals.weight)
        figures["optimal"] = RoundFigures(k, game + k * mean, mean, None, None, wagered + k)
        if basic_expected is not None:
            figures["basic"] = RoundFigures(k, basic_expected + k * mean, mean, None, None, None)
        notes.append(
            f"{title}: the mean, the house edges and the element of risk need only E[S] (the "
            f"{side.id} sheet of this deck) beside the game's own figures, exact; the covariance, "
            "the SD and the hit frequency need the game's value summed by the key of the first "
            f"five that {side.id} reads, which these shards do not keep (they were written before "
            "it was kept). A pass that re-prices each class's kept optimal option (its code is in "
            "the shards) and sums it by that key gives the covariance and the SD exactly; the hit "
            "frequency needs the distribution of the game's net within each key, not only its "
            "moments.")
    for name, found in (nets or {}).items():
        exact = from_nets(k, pays, found)
        if name in figures and figures[name].covariance is not None and (
                exact.expected != figures[name].expected or
                                exact.covariance != figures[name].covariance or
                                (figures[name].second is not None and exact.second != figures[name].second)):
            raise AssertionError(f"the round under the {name} strategy: the card-by-card "
                                 "distributions and the rank engine's sums disagree")
        figures[name] = exact
    rows: list[tuple[str, Any, Any]] = []

    def row(label: str, of: Callable[[Any], Any]) -> None:
        values = [of(figures[name]) if name in figures else None for name in ("optimal", "basic")]
        if any(value is not None for value in values):
            rows.append((label, values[0], values[1]))

    row("Super per Ante (k)", lambda f: f.multiple)
    row("expected result of the game per Ante", lambda f: f.expected - f.multiple * f.side_expected)
    row(f"expected result of {side.id} per unit", lambda f: f.side_expected)
    row("expected result of the round per Ante", lambda f: f.expected)
    row("house edge of the round per Ante", lambda f: f.edge)
    row("house edge of the round per Ante" + PERCENT, lambda f: f.edge)
    row("house edge per unit of initial wagers (Ante + Super)", lambda f: f.edge_initial)
    row("house edge per unit of initial wagers" + PERCENT, lambda f: f.edge_initial)
    row("average wagered per round, Super included (Ante units)", lambda f: f.wagered)
    row("element of risk on everything wagered", lambda f: f.risk)
    row("element of risk on everything wagered" + PERCENT, lambda f: f.risk)
    row("hit frequency P(round's net > 0)", lambda f: f.hit)
    row("covariance Cov(game, Super) per Ante^2", lambda f: f.covariance)
    row("second moment E[X^2] of the round per Ante^2", lambda f: f.second)
    row("variance of the round per Ante^2", lambda f: f.variance)
    row("SD of the round per Ante", lambda f: f.sd)
    for name in ("optimal", "basic"):
        found = figures.get(name)
        if found is None or found.variance is None:
            continue
        # per unit of initial wagers: the round's edge and SD over 1 + k
        spread = risk(found.edge_initial, found.variance / (1 + k) ** 2)
        for label, _, vi in spread.volatility:
            rows.append((f"volatility index ({label}) per unit of initial wagers",
                         *((vi, None) if name == "optimal" else (None, vi))))
        for rounds, label, low, high in spread.holds:
            if label == "95%":
                text = f"{low * 100:.4f}% to {high * 100:.4f}%"
                rows.append((f"range of hold (95%), {rounds:,} rounds",
                             *((text, None) if name == "optimal" else (None, text))))
    rows = _merge_rows(rows)
    sheet.sections["round"] = (title, rows)
    notes.append(
        f"{title}: the round is the game X_G and {_multiple_text(k)} x Ante on {side.id} (X = X_G + "
        f"k S), {side.citation}; {side.id} is settled on the player's first five "
        f"({side.reading()}).  An instant payout ends the round (L7) and the Super is paid as well.")
    if totals.side:
        notes.append(
            "The round's mean and its covariance are exact sums of the game's value by the key of "
            "the first five (the Super is constant on a situation class); Var X = Var X_G + k^2 "
            "Var S + 2 k Cov(X_G, S), with E[X_G^2] from the run's sums.")
        notes.append(
            "Hit frequency, and the basic strategy's SD and element of risk: from the exact "
            "distribution of the game's net and amount wagered in every class (the card-by-card "
            "engine), which also re-derives the mean, covariance and E[X^2] from the sums to the "
            "integer." if nets else
            "Hit frequency of the round, and the basic strategy's SD and element of risk: not "
            "computed here (they need the distribution of the game's net by the first five's key, "
            "not its moments; computed on the reduced decks).")
    notes.append("Basic strategy: " + ("the rule set of this sheet, every option of every class "
                                       "priced exactly." if totals.complete == totals.classes else
                                       "the basic strategy derived from the optimal one, priced "
                                       "exactly by its second pass."))
    notes.append("Volatility index and range of hold of the round: per unit of initial wagers "
                 "(Ante + Super), from its exact house edge and variance (z at 90/95/99%; the "
                 "hold at 95%).")


def _multiple_text(k: Fraction) -> str:
    return str(k.numerator) if k.denominator == 1 else f"{k.numerator}/{k.denominator}"


def _merge_rows(rows: list[tuple[str, Any, Any]]) -> list[tuple[str, Any, Any]]:
    """Rows of one label (the optimal and the basic halves of a risk row) merged into one."""
    merged: dict[str, tuple[Any, Any]] = {}
    for label, optimal, basic in rows:
        have = merged.get(label, (None, None))
        merged[label] = (optimal if optimal is not None else have[0],
                         basic if basic is not None else have[1])
    return [(label, values[0], values[1]) for label, values in merged.items()]


#: The rows of the table by instant paytable: (label, figure of :class:`PaytableFigures`).
_PAYTABLE_ROWS: tuple[tuple[str, Callable[[PaytableFigures], Any]], ...] = (
    ("instant payout contribution per Ante", lambda f: f.contribution),
    ("expected result per Ante", lambda f: f.expected),
    ("house edge per Ante", lambda f: f.edge),
    ("house edge per Ante" + PERCENT, lambda f: f.edge),
    ("element of risk (house edge per unit wagered)", lambda f: f.risk),
    ("element of risk" + PERCENT, lambda f: f.risk),
    ("second moment E[X^2] per Ante^2", lambda f: f.second),
    ("variance per Ante^2", lambda f: f.variance),
    ("SD per Ante", lambda f: f.sd),
    ("instant payout (the round ends): probability", lambda f: None if f.instant is None else f.instant[0]),
    ("instant payout (the round ends): return", lambda f: None if f.instant is None else f.instant[1]),
)


def _paytable_rows(figures: Sequence[PaytableFigures]) -> list[tuple[str, dict[str, Any]]]:
    """``[(label, {paytable id: value}), ...]``: a row per figure that every paytable has."""
    rows = [(label, {f.paytable: of(f) for f in figures}) for label, of in _PAYTABLE_ROWS]
    return [(label, values) for label, values in rows
            if all(value is not None for value in values.values())]


#: How each phase of a sample allocates its draws (:func:`combin.stud.game.sampling.plan`).
_PHASES = ("by the strata's shares", "by Neyman's allocation")


def sample_sheet(deck: "Deck", rules: "Rules", phases: Sequence[Mapping[str, Sequence[int]]], shares: Mapping[str, Fraction],
                 values: Mapping[int, int], scale: int, run: Mapping[str, Any] | None = None,
                 seconds: Mapping[int, int] | None = None,
                 control: tuple[Fraction, Mapping[int, int]] | None = None) -> GameSheet:
    """The sheet of a stratified sample in phases: estimate of the expected result, 99% interval.

    ``phases`` is the list of the phases' draws (``{stratum: [class index, ...]}``,
    :func:`combin.stud.game.sampling.plan`); every estimate combines them
    (:func:`combin.stud.game.sampling.combined`).

    With ``control`` (``(E[X], {class index: numerator over L of X})``, the
    game without draws: :mod:`combin.stud.game.control`) the estimate is ``E[X]``,
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
    sheet.sections["strata"] = [(stratum_words(name), shares[name], len(indices),
                                 sum((per_class[i] for i in indices), Fraction(0)) / len(indices))
                                for name, indices in sorted(every.items(), key=lambda item: stratum_order(item[0]))
                                if indices]
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
