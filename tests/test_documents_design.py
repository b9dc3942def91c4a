"""solve and package results as Documents."""

from fractions import Fraction

from combin.design.package import package, parse_bet
from combin.design.solve import solve
from combin.documents.design import package_document, solve_document
from published import CYCLE, MOON8


def test_solve_document_has_the_lines_and_the_solution():
    doc = solve_document(solve("eclipse.moon8", target_edge="5%"))
    assert [t.name for t in doc.tables] == ["lines", "solution"]
    p = Fraction(MOON8, CYCLE)                    # published 8-deck Moon 8 count
    exact = doc.table("solution").rows[0]
    assert exact[2].value == Fraction(19, 20) / p - 1 and exact[3].value == Fraction(1, 20)
    assert dict(doc.subject)["target_house_edge"] == "1/20"


def test_package_document_tables():
    result = package([parse_bet("eclipse.sun7"), parse_bet("eclipse.moon8")])
    doc = package_document(result)
    assert [t.name for t in doc.tables] == ["distribution", "wagers", "summary", "covariance",
                                            "correlation"]
    total = doc.table("distribution").rows[-1]
    assert total[1].value == CYCLE
    assert sum(row[1].value for row in doc.table("distribution").rows[:-1]) == CYCLE
