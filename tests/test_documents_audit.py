"""The bundle's check and simulation pages as Documents."""

from fractions import Fraction

from combin.audit.simulate import confirm
from combin.core.crosscheck import Check
from combin.documents.audit import checks_document, simulation_document
from combin.render import render


def test_checks_are_grouped_and_a_failure_is_said():
    checks = [Check("anchor", "8-deck ties", "475,627,426,473,216", True),
              Check("method", "closed form = exhaustive", "equal", True),
              Check("invariant", "cycle", "sums to the cycle", False)]
    doc = checks_document("Toy", checks)
    assert [t.name for t in doc.tables] == ["anchor", "method", "invariant"]
    assert dict(doc.identification)["Verdict"] == "2 of 3 checks passed; some checks FAILED"
    assert "| FAIL     | cycle" in render(doc, "md")


def test_a_confirmation_row_holds_its_interval():
    # 3 rounds pay +1 and 1 loses -1: mean 1/2, exact 1/2 lies inside the interval
    found = confirm({"win": 3, "lose": 1}, {"win": 1, "lose": -1}, Fraction(1, 2), "w", "A")
    doc = simulation_document("Toy", [found], {"rng": "r", "seed": 1, "rounds": 4,
                                               "dealing": "by hand"})
    row = doc.table("confirmations").rows[0]
    assert row[4].value == Fraction(1, 2) and row[5].value == Fraction(1, 2)
    assert row[6].value < Fraction(1, 2) < row[7].value and row[8].value == "yes"
    assert "1 of 1 exact returns lie inside" in render(doc, "text")
