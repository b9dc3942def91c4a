"""Solving for a pay: the formula against hand algebra on published counts, the solution
against the par-sheet engine run again with the solved pay."""

import math
from fractions import Fraction

import pytest
import sympy

from combin.core.analysis import par_sheet
from combin.baccarat import GAME
from combin.design.solve import parse_edge, pay_of, return_formula, solve
from combin.errors import CombinError
from combin.core.pays import PUSH, Pay
from combin.core.paytable import with_pay

# spec/ANCHORS.md, 8 decks (exact, published).
from published import BANKER_WINS, CYCLE, MOON8, PLAYER_WINS, SUN7, TIES


def edge_by_hand(count, payout):
    """House edge of a one-line wager paying ``payout`` to 1 on ``count`` of the cycle."""
    p = Fraction(count, CYCLE)
    return 1 - p * (payout + 1)


def test_moon8_return_is_the_published_probability_times_the_pay():
    solved = solve("eclipse.moon8")
    p = Fraction(MOON8, CYCLE)
    x = sympy.Symbol("player_wins_three_card_8")
    expected = sympy.Rational(p.numerator, p.denominator) * x - \
        sympy.Rational((1 - p).numerator, (1 - p).denominator)
    assert sympy.simplify(solved.formula.expression() - expected) == 0
    assert solved.line.event_id == "player_wins_three_card_8" and solved.solution is None


def test_moon8_pay_for_a_five_percent_edge():
    solved = solve("eclipse.moon8", target_edge="5%")
    p = Fraction(MOON8, CYCLE)
    exact = (1 - Fraction(1, 20)) / p - 1  # 1 - p (x + 1) = 1/20
    solution = solved.solution
    assert solution.payout == exact == Fraction(71497149976019, 2697824425984)
    assert solution.pay == Pay.parse("71497149976019 to 2697824425984")
    assert [(w.pay.text, w.house_edge) for w in solution.whole] == [
        ("26 to 1", edge_by_hand(MOON8, 26)), ("27 to 1", edge_by_hand(MOON8, 27))]
    assert math.floor(exact) == 26


def test_the_solved_pay_gives_the_target_exactly_in_the_par_sheet_engine():
    solved = solve("eclipse.supreme7", paytable="B", line="both_two_card_7",
                   target_edge=Fraction(1, 25))
    table = with_pay(GAME.paytables[("eclipse.supreme7", "B")], "both_two_card_7",
                     pay_of(solved.solution.payout))
    sheet = par_sheet("eclipse.supreme7", paytable="B", extra_paytables=[table])
    assert sheet.summary.house_edge == Fraction(1, 25)
    for whole in solved.solution.whole:
        priced = par_sheet("eclipse.supreme7", paytable="B", extra_paytables=[
            with_pay(GAME.paytables[("eclipse.supreme7", "B")], "both_two_card_7", whole.pay)])
        assert priced.summary.house_edge == whole.house_edge


def test_solving_for_the_current_edge_gives_back_the_current_pay():
    sun7 = solve("eclipse.sun7", target_edge=edge_by_hand(SUN7, 40))
    assert sun7.solution.payout == 40
    assert [w.pay.text for w in sun7.solution.whole] == ["40 to 1"]


def test_banker_commission_is_recovered_from_its_edge():
    # The standard Banker's edge from the published counts, by hand: it must solve to 19/20.
    edge = -(Fraction(19, 20) * BANKER_WINS - PLAYER_WINS) / CYCLE
    solved = solve("baccarat.banker", target_edge=edge)
    assert solved.line.event_id == "banker_wins"
    assert solved.solution.payout == Fraction(19, 20)
    assert [w.pay for w in solved.solution.whole] == [PUSH, Pay.parse("1 to 1")]
    assert solved.solution.whole[1].house_edge == -Fraction(BANKER_WINS - PLAYER_WINS, CYCLE)


def test_formula_terms_and_constant_come_from_the_sheet():
    sheet = par_sheet("baccarat.banker")
    formula = return_formula(sheet)
    assert [(t.event_id, t.probability) for t in formula.terms] == [
        ("banker_wins", Fraction(BANKER_WINS, CYCLE)), ("tie", Fraction(TIES, CYCLE))]
    assert formula.constant == -Fraction(PLAYER_WINS, CYCLE)
    assert formula.value() == sheet.summary.expected_return
    assert formula.value({"banker_wins": 1}) == Fraction(BANKER_WINS - PLAYER_WINS, CYCLE)


@pytest.mark.parametrize("text, value", [("5%", Fraction(1, 20)), ("0.05", Fraction(1, 20)),
                                         ("1/20", Fraction(1, 20)), (" 12.5 % ", Fraction(1, 8)),
                                         ("-2%", Fraction(-1, 50)), ("0", Fraction(0))])
def test_parse_edge(text, value):
    assert parse_edge(text) == value


@pytest.mark.parametrize("text", ["abc", "", "%", "5%%", "nan", "inf", "1/0", "1" * 50])
def test_parse_edge_rejects(text):
    with pytest.raises(CombinError, match="must be a number"):
        parse_edge(text)


@pytest.mark.parametrize("payout, text", [(0, "push"), (26, "26 to 1"),
                                          (Fraction(19, 20), "19 to 20")])
def test_pay_of(payout, text):
    assert pay_of(payout).text == text and pay_of(payout).net == payout


@pytest.mark.parametrize("wager, options, words", [
    ("eclipse.moon8", {"line": "foo", "target_edge": "5%"}, "unknown line 'foo'"),
    ("eclipse.moon8", {"target_edge": "five"}, "must be a number"),
    ("eclipse.supreme7", {"target_edge": "5%"}, "2 of its lines pay; name the line to vary with --line"),
    ("eclipse.moon8", {"target_edge": "99%"}, "already"),
    ("eclipse.moon8", {"line": "other", "target_edge": "5%"}, "unknown line 'other'"),
    # A shoe of ten-valued cards only: every round is a 0-0 tie, Moon 8 never happens.
    ("eclipse.moon8", {"target_edge": "5%", "shoe": "A=0,2=0,3=0,4=0,5=0,6=0,7=0,8=0,9=0,0=52"},
     "probability 0"),
])
def test_unsolvable_requests_say_why(wager, options, words):
    with pytest.raises(CombinError, match=words):
        solve(wager, **options)


def test_a_line_that_is_not_settled_cannot_be_varied():
    # Under E1=paid-rows Eclipse B does not settle two-card 7s (Supreme 7 B lists them as a loss).
    with pytest.raises(CombinError, match="unknown line 'both_two_card_7'"):
        solve("eclipse.eclipse", paytable="B", interpret={"E1": "paid-rows"},
              line="both_two_card_7", target_edge="5%")
    solved = solve("eclipse.eclipse", paytable="B", line="both_two_card_7", target_edge="5%")
    assert solved.solution.payout > 0
