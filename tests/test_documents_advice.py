"""combin.documents.advice: a bound is never shown as a value nor ranked among exact values."""

import json
from fractions import Fraction

import pytest

from combin.documents.advice import advice_document
from combin.render import jsonfile
from combin.stud.core.rules import load_rules
from combin.stud.core.situation import Situation
from combin.stud.draw.report import advice_report


@pytest.fixture(scope="module")
def reports():
    situation = Situation.parse("KS KD 9H 9C TD", "QS", "9TJQKA")
    rules = load_rules("lunar").resolve()
    return advice_report(situation, rules), advice_report(situation, rules, everything=True)


def _rows(report):
    return json.loads(jsonfile.write(advice_document(report)))["tables"]["options"]["rows"]


def test_bounded_options_have_no_rank_and_no_ev(reports):
    rows = _rows(reports[0])
    bounded = [row for row in rows if row["priced"] != "exact"]
    exact = [row for row in rows if row["priced"] == "exact"]
    assert bounded and exact
    assert all(row["rank"] is None and row["ev"] is None and row["at_most"] for row in bounded)
    assert all(row["at_most"] is None and row["ev"] for row in exact)
    # the ranks are JSON integers 1..k over the exact options alone, in order of value
    assert [row["rank"] for row in exact] == list(range(1, len(exact) + 1))
    values = [Fraction(row["ev"]) for row in exact]
    assert values == sorted(values, reverse=True)


def test_each_bound_holds_the_exact_value_and_stays_below_the_runner_up(reports):
    bounded_report, full_report = reports
    exact = {(o.kind, o.discard): o.ev for o in full_report.options}
    rows = _rows(bounded_report)
    runner_up = Fraction(next(row["ev"] for row in rows if row["rank"] == 2))
    options = {(o.kind, o.discard): o for o in bounded_report.options}
    checked = 0
    for option in options.values():
        if option.bound:
            assert exact[option.kind, option.discard] <= option.ev <= runner_up
            checked += 1
        else:
            assert exact[option.kind, option.discard] == option.ev
    assert checked == sum(1 for row in rows if row["priced"] != "exact")


def test_every_option_priced_ranks_them_all(reports):
    rows = _rows(reports[1])
    assert [row["rank"] for row in rows] == list(range(1, len(rows) + 1))
    assert all(row["at_most"] is None for row in rows)
