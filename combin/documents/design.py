"""The paytable-design results as :class:`~combin.render.document.Document` objects.

:func:`solve_document` (``combin solve``: the expected return as an exact
function of the pays, and the pay for a target edge) and
:func:`package_document` (``combin package``: several wagers settled on one
round).  Every cell is an exact value of the result.
"""

from fractions import Fraction
from typing import Any

from combin.files import display
from combin.documents.parsheet import identification, subject
from combin.render.document import Count, Document, Number, Percent, Ratio, Table, Text

__all__ = ["solve_document", "package_document"]


def solve_document(solved: Any) -> Document:
    """:class:`~combin.design.solve.Solved` -> Document (tables ``lines``, ``solution``)."""
    sheet, formula = solved.sheet, solved.formula
    s = sheet.summary
    info = [*identification(sheet, method=False),
            ("Expected return E", f"E = {formula.expression()}"),
            ("Expected return now", Ratio(s.expected_return)),
            ("House edge now", Percent(s.house_edge))]
    if solved.line is not None:
        term = solved.line
        at_zero = -formula.value({term.event_id: 0})
        info.append(("Varying", f"house edge = {display.rational(at_zero)} - "
                                f"{display.rational(term.probability)} * {term.event_id}"))
    rows = [[t.event, t.event_id, t.pays, Ratio(t.payout, 4), Ratio(t.probability)]
            for t in formula.terms]
    other = [line for line in sheet.lines if line.event_id == "other"][0]
    rows.append([other.event, "(constant)", other.pays, Ratio(other.payout, 4),
                 Ratio(sheet.probability(other))])
    tables = [Table.of("lines", "Lines: each symbol x is the net pay of its line (X of \"X to 1\")",
                       [("line", "Line"), ("symbol", "Symbol x"), ("pays", "Pays now"),
                        ("payout", "x now"), "Probability"], rows)]
    notes = ["Expected return per unit staked; each symbol x is the net pay of its line."]
    solution = solved.solution
    if solution is not None:
        payout = solution.payout
        pays: list[tuple[str, str, Ratio, Percent]] = [("Exact pay", f"{display.rational(payout)} to 1" if payout else "push",
                 Ratio(payout, 6), Percent(solution.target, given=True))]
        for whole in solution.layout or solution.whole:
            kind = "Whole pay" if whole.pay.net.denominator == 1 else "Layout pay (half)"
            side = "below" if whole.pay.net < payout else "above" if whole.pay.net > payout \
                else "(exact)"
            pays.append((f"{kind} {side}", whole.pay.text, Ratio(whole.pay.net, 6),
                         Percent(whole.house_edge)))
        tables.append(Table.of("solution", f"Target house edge {display.percent_given(solution.target)} "
                               f"on {solution.line.event_id}",
                               [("solution", ""), "Pays", ("payout", "Pays (to 1)"),
                                ("house_edge", "House edge")], pays))
        notes.append("The exact pay and each layout pay (whole and half) were priced again by "
                     "the par-sheet engine with that pay in the paytable.")
    machine = [*subject(sheet), ("expression", str(formula.expression())),
               ("constant", display.rational(formula.constant)),
               ("line", None if solved.line is None else solved.line.event_id),
               ("target_house_edge", None if solution is None
                else display.rational(solution.target))]
    return Document("solve", f"{sheet.title} ({sheet.paytable}): return as a function of the "
                    "pays", tuple(info), tuple(tables), tuple(notes), subject=tuple(machine))


def package_document(result: Any, joint: Any = None) -> Document:
    """:class:`~combin.design.package.Package` -> Document (tables ``distribution``,
    ``wagers``, ``summary``, ``covariance``, ``correlation``; with ``joint``, a
    ``(line names, {cell: deals})`` table of several hands of one deal, ``joint_lines``)."""
    count = len(result.bets)
    title = f"Package of {count} wager{'s' if count != 1 else ''} on one {result.game} round"
    info = [("Game", result.game), ("Shoe", result.shoe), ("Game cycle", Count(result.cycle)),
            ("Counted over", result.method)]
    distribution = Table.of(
        "distribution", "Distribution of the round's net result",
        [("net", "Net result"), "Combinations", "Probability", ("one_in", "1 in")],
        [*([Ratio(net, 4), Count(c), Ratio(result.probability(c)),
            Text("never") if not c else Number(Fraction(result.cycle, c), 2)]
           for net, c in result.distribution),
         ["Total", Count(result.cycle), Ratio(Fraction(1)), None]])
    wagers = Table.of(
        "wagers", "Wagers", ["Wager", "Paytable", "Stake", ("expected_return", "Expected return"),
                             ("house_edge", "House edge"), ("sd", "SD"), "Interpretations"],
        [[bet.wager, bet.paytable, Ratio(bet.stake, 4), Ratio(sheet.summary.expected_return),
          Percent(sheet.summary.house_edge), Number(sheet.summary.sd, 6),
          sheet.interpretation_text] for bet, sheet in zip(result.bets, result.sheets)])
    summary = Table.of("summary", "Summary", ["Figure", "Value"], [
        ("Total staked", Ratio(result.total_stake, 4)),
        ("Expected result per round", Ratio(result.expected)),
        ("Return per unit staked", Ratio(result.return_per_staked)),
        ("House edge (per unit staked)", Percent(result.house_edge)),
        ("Hit frequency (net win)", Percent(result.hit_frequency)),
        ("Push frequency (net 0)", Percent(result.push_frequency)),
        ("Variance per round", Ratio(result.variance, 6)),
        ("Standard deviation per round", Number(result.sd, 6)),
        ("Standard deviation per unit staked", Number(result.sd_per_staked, 6)),
        ("Variance if independent", Ratio(result.independent_variance, 6)),
        ("Standard deviation if independent", Number(result.independent_sd, 6)),
        ("SD minus SD if independent", Number(result.sd - result.independent_sd, 6)),
        *((f"P(at least {k} wagers win)", Ratio(result.winning(k)))
          for k in range(2, count + 1))])
    headings = [("bet", "Bet"), *((f"b{j + 1}", bet.label) for j, bet in enumerate(result.bets))]
    covariance = Table.of("covariance", "Covariance between the wagers (per round)", headings,
                          [[bet.label, *(Ratio(v, 6) for v in row)]
                           for bet, row in zip(result.bets, result.covariance)])

    def corr(i: int, j: int) -> Text | Number:
        value = result.correlation(i, j)
        return Text("-") if value is None else Number(value, 4)
    correlation = Table.of("correlation", "Correlation between the wagers", headings,
                           [[bet.label, *(corr(i, j) for j in range(count))]
                            for i, bet in enumerate(result.bets)])
    machine = (("game", result.game), ("shoe", result.shoe), ("cycle", str(result.cycle)),
               ("bets", [{"wager": bet.wager, "paytable": bet.paytable,
                          "stake": display.rational(bet.stake)} for bet in result.bets]))
    tables = [distribution, wagers, summary, covariance, correlation]
    if joint is not None:
        names, counts = joint
        size = len(next(iter(counts)))
        tables.append(Table.of(
            "joint_lines", "Ordered deals by the line each hand is paid on",
            [*((f"hand_{i}", f"Hand {i}") for i in range(1, size + 1)), ("deals", "Deals")],
            [[*cell, Count(counts[cell])] for cell in
             sorted(counts, key=lambda cell: [names.index(line) for line in cell])]))
    return Document("package", title, tuple(info), tuple(tables), subject=machine)
