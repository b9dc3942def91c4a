"""A wager's return as a function of its pays, and the pay that gives a target house edge.

Why the return is linear in the pays, exactly: the par-sheet engine settles
every outcome by the first paytable line whose event it meets
(:func:`combin.core.wager.settle`); which line that is depends on the events and
their order, never on what the lines pay.  So the combinations are fixed, and
the expected return per unit staked is

    E = sum_i p_i x_i + p_o x_o

with ``p_i = combinations_i / cycle`` an exact fraction, ``x_i`` the net pay
of line ``i`` (the X of "X to 1"; "X for 1" is X - 1) and ``p_o x_o`` the
outcomes no line pays (a loss, ``x_o = -1``, for most wagers).  The house
edge is ``-E``; solving ``-E = h`` for one ``x_i`` is one exact division.

sympy carries the expression (symbols named after the events, rational
coefficients) and solves it; the solution is then checked two more ways --
the exact :class:`~fractions.Fraction` sum of the terms, and the par-sheet
engine run again with the solved pay written into the paytable, which must
give the target edge *exactly*.  A wager whose lines are built from its pays
(a reading that combines lines) fails that check and is reported, never
approximated.  The nearest whole pays either side are priced by the engine.

>>> parse_edge("2.5%"), pay_of(Fraction(19, 20)).text, pay_of(8).text
(Fraction(1, 40), '19 to 20', '8 to 1')
"""

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from combin.files import display
from combin.core.analysis import Selection, select
from combin.files.bounded import parse_fraction
from combin.errors import CombinError
from combin.core.outcomes import OutcomeSpace
from combin.core.parsheet import ParSheet
from combin.core.pays import PUSH, Pay
from combin.core.paytable import with_pay

__all__ = ["Term", "ReturnFormula", "WholePay", "Solution", "Solved", "parse_edge",
           "return_formula", "pay_of", "layout_pays", "solve"]

#: The longest target text accepted ("12.5%", "1/20", "0.05").
_MAX_TEXT = 40


@dataclass(frozen=True)
class Term:
    """One settled line: its event, its pay now and its exact probability."""

    event_id: str
    event: str
    pays: str
    payout: Fraction
    probability: Fraction


@dataclass(frozen=True)
class ReturnFormula:
    """``E = sum(p_i x_i) + constant``: the expected return per unit as a function of the pays.

    ``terms`` are the settled lines (the catch-all excluded); ``constant`` is
    the catch-all's exact contribution (``-P(no line)`` when it loses).
    """

    terms: tuple["Term", ...]
    constant: Fraction

    def term(self, event_id: str) -> Term:
        for term in self.terms:
            if term.event_id == event_id:
                return term
        known = ", ".join(t.event_id for t in self.terms) or "none"
        raise CombinError(f"unknown line {event_id!r} (lines: {known})")

    def value(self, pays: Mapping[str, Fraction | int] | None = None) -> Fraction:
        """The exact expected return with the current pays, some replaced by ``pays``."""
        pays = pays or {}
        return self.constant + sum((t.probability * Fraction(pays.get(t.event_id, t.payout))
                                    for t in self.terms), Fraction(0))

    def symbols(self) -> dict[str, Any]:
        """``{event id: sympy Symbol}`` (the symbol is the line's net pay, the X of "X to 1")."""
        import sympy
        return {t.event_id: sympy.Symbol(t.event_id) for t in self.terms}

    def expression(self) -> Any:
        """The expected return as a sympy expression with exact rational coefficients."""
        import sympy
        symbols = self.symbols()

        def rational(f: Fraction) -> Any:
            return sympy.Rational(f.numerator, f.denominator)
        return sympy.Add(rational(self.constant),
                         *(rational(t.probability) * symbols[t.event_id] for t in self.terms))


@dataclass(frozen=True)
class WholePay:
    """A whole "X to 1" pay near the solution, with the engine's exact house edge."""

    pay: Pay
    house_edge: Fraction


@dataclass(frozen=True)
class Solution:
    """The exact pay of ``line`` that gives ``target`` as the house edge.

    ``whole`` are the whole "X to 1" pays either side; ``layout`` the pays a
    layout prints either side, whole numbers and halves ("5 to 2", "3 to 2"),
    in increasing order -- each priced by the engine.
    """

    line: Term
    target: Fraction
    payout: Fraction
    pay: Pay
    whole: tuple["WholePay", ...]
    layout: tuple["WholePay", ...] = ()


@dataclass(frozen=True)
class Solved:
    """What ``combin solve`` shows: the sheet, its return formula, the line, the solution."""

    sheet: ParSheet
    formula: ReturnFormula
    line: Term | None  # None when no line was named or implied
    solution: Solution | None  # None without a target


def parse_edge(text: object) -> Fraction:
    """A house edge from ``"5%"``, ``"0.05"`` or ``"1/20"``, as an exact Fraction."""
    words = str(text).strip()
    try:
        if words.endswith("%"):
            return parse_fraction(words[:-1], "the target house edge", _MAX_TEXT) / 100
        return parse_fraction(words, "the target house edge", _MAX_TEXT)
    except CombinError:
        raise CombinError(f"the target house edge must be a number such as 5%, 0.05 or 1/20, "
                          f"not {str(text)[:_MAX_TEXT]!r}") from None


def return_formula(sheet: ParSheet) -> ReturnFormula:
    """The :class:`ReturnFormula` of a par sheet (exact probabilities from its counts)."""
    terms, constant = [], Fraction(0)
    for line in sheet.lines:
        probability = Fraction(line.combinations, sheet.cycle)
        if line.event_id == "other":
            constant = probability * line.payout
        else:
            terms.append(Term(line.event_id, line.event, line.pays, line.payout, probability))
    return ReturnFormula(tuple(terms), constant)


def pay_of(payout: Fraction | int) -> Pay:
    """The printed pay of an exact net payout >= 0: ``"26 to 1"``, ``"2495 to 96"``, ``push``."""
    payout = Fraction(payout)
    if payout < 0:
        raise CombinError(f"a pay cannot return less than the stake (net {payout})")
    if payout == 0:
        return PUSH
    return Pay.parse(f"{payout.numerator} to {payout.denominator}")


def layout_pays(payout: Fraction) -> list[Fraction]:
    """The layout pays either side of an exact net ``payout`` >= 0: the whole numbers and the
    halves just below and above it (one value when it is one itself), increasing.

    >>> [str(p) for p in layout_pays(Fraction(2495, 96))]
    ['25', '51/2', '26']
    >>> [str(p) for p in layout_pays(Fraction(5, 2))]
    ['2', '5/2', '3']
    """
    halves = payout * 2
    found = {Fraction(math.floor(payout)), Fraction(math.ceil(payout)),
             Fraction(math.floor(halves), 2), Fraction(math.ceil(halves), 2)}
    return sorted(found)


def _engine_edge(chosen: Selection, space: OutcomeSpace, line: str, pay: Pay) -> Fraction:
    """The house edge the par-sheet engine gives with ``line`` paying ``pay``."""
    return chosen.with_paytable(with_pay(chosen.paytable, line, pay)).sheet(space).summary.house_edge


def _default_line(formula: ReturnFormula, line: str | None) -> Term | None:
    if line is not None:
        return formula.term(line)
    paid = [t for t in formula.terms if t.payout > 0]
    if len(paid) == 1:
        return paid[0]
    if len(formula.terms) == 1:
        return formula.terms[0]
    return None


def _solve_symbolically(formula: ReturnFormula, term: Term, target: Fraction) -> Fraction:
    import sympy
    symbols = formula.symbols()
    x = symbols[term.event_id]
    others = {symbols[t.event_id]: sympy.Rational(t.payout.numerator, t.payout.denominator)
              for t in formula.terms if t.event_id != term.event_id}
    goal = sympy.Eq(formula.expression().subs(others),
                    -sympy.Rational(target.numerator, target.denominator))
    roots = sympy.solve(goal, x)
    if len(roots) != 1 or not roots[0].is_Rational:
        raise CombinError(f"the return of line '{term.event_id}' is not a function of its pay")
    return Fraction(int(roots[0].p), int(roots[0].q))


def solve(wager_id: str, *, line: str | None = None, target_edge: Fraction | str | None = None,
          decks: object = None, shoe: object = None, **options: Any) -> Solved:
    """The return formula of a wager and, given ``target_edge``, the pay of ``line`` that hits it.

    ``options`` are those of :func:`combin.core.analysis.select`, resolved once;
    ``target_edge`` is a Fraction or text (:func:`parse_edge`).
    """
    target = None if target_edge is None else (
        target_edge if isinstance(target_edge, Fraction) else parse_edge(target_edge))
    chosen = select(wager_id, **options)
    space = chosen.space(decks, shoe)
    sheet = chosen.sheet(space)
    formula = return_formula(sheet)
    term = _default_line(formula, line)
    if target is None:
        return Solved(sheet, formula, term, None)
    if term is None:
        paying = sum(t.payout > 0 for t in formula.terms)
        why = (f"{paying} of its lines pay" if paying else
               "none of its lines pays (each is a push or a loss)")
        raise CombinError(f"paytable {sheet.paytable} of {wager_id}: {why}; name the line to "
                          f"vary with --line ({', '.join(t.event_id for t in formula.terms)})")
    if term.event_id not in {event for event, _ in chosen.paytable.lines}:
        raise CombinError(f"line '{term.event_id}' is settled from several paytable lines; "
                          "solve varies one paytable line at a time")
    if term.probability == 0:
        raise CombinError(f"line '{term.event_id}' never happens with {sheet.shoe} "
                          "(probability 0), so no pay on it can reach the target")
    payout = _solve_symbolically(formula, term, target)
    if payout < 0:
        at_push = -formula.value({term.event_id: 0})
        raise CombinError(f"no pay on line '{term.event_id}' gives a house edge of "
                          f"{display.percent_given(target)}: with that line a push the edge is "
                          f"already {display.percent(at_push)}, and any pay only lowers it")
    if -formula.value({term.event_id: payout}) != target:
        raise CombinError("internal check failed: the solved pay does not give the target edge")
    pay = pay_of(payout)
    if _engine_edge(chosen, space, term.event_id, pay) != target:
        raise CombinError(f"the pays of {wager_id} change how its rounds are settled "
                          "(a reading that combines lines); solve cannot vary them one by one")
    whole = []
    for candidate in sorted({math.floor(payout), math.ceil(payout)}):
        edge = _engine_edge(chosen, space, term.event_id, pay_of(candidate))
        whole.append(WholePay(pay_of(candidate), edge))
    layout = tuple(WholePay(pay_of(candidate), _engine_edge(chosen, space, term.event_id,
                                                           pay_of(candidate)))
                   for candidate in layout_pays(payout))
    return Solved(sheet, formula, term, Solution(term, target, payout, pay, tuple(whole), layout))
