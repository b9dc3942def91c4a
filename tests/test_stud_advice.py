"""combin.stud.draw.report and combin.documents.advice: the report of one situation in text,
Markdown, CSV and JSON."""

import json
from fractions import Fraction

from combin.documents.advice import advice_document
from combin.render import render
from combin.stud.draw.report import advice_report, result_name
from combin.stud.core.rules import load_rules
from combin.stud.core.situation import Situation


def render_advice(report, fmt):
    return render(advice_document(report), fmt)


def report():
    return advice_report(Situation.parse("KS KD 9H 9C TD", "QS", "9TJQKA"), load_rules("lunar").resolve())


def test_best_first_with_margin_and_results():
    found = report()
    assert found.margin == found.options[0].ev - found.options[1].ev > 0
    assert sum(found.best.results.values()) == 1
    obj = json.loads(render_advice(found, "json"))
    assert obj["subject"]["best"]["ev"] == obj["tables"]["options"]["rows"][0]["ev"]
    assert Fraction(obj["subject"]["best"]["margin"]) == found.margin
    text = render_advice(found, "text")
    assert f"by {found.margin.numerator}/{found.margin.denominator}" in text
    assert render_advice(found, "md").startswith("# Lunar Poker")
    # each reading in words, not only its code
    assert "- L12=two-to-five (Exchange size): An exchange replaces 2 to 5 cards; a one-card " \
           "exchange is not allowed." in render_advice(found, "md")


def test_result_names():
    assert result_name("win_full_house") == "Player wins with Full house"
    assert result_name("forced_not_qualified") == "Forced: dealer still does not qualify"
