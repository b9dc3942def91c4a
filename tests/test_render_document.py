"""The document model: typed cells, how each is shown and stored, machine columns."""

from decimal import Decimal
from fractions import Fraction

import pytest

from combin.errors import CombinError
from combin.render.document import (Count, Document, Number, Percent, Ratio, Table, Text,
                                    as_float, cell, exact_text, machine, shown, slug)


def test_cells_are_typed_from_values():
    assert cell(5) == Count(5) and cell(Fraction(1, 3)) == Ratio(Fraction(1, 3))
    assert cell(Decimal("1.5")) == Number(Decimal("1.5")) and cell("x") == Text("x")
    assert cell(None) == Text(None) and cell(True) == Text("yes")


def test_shown_and_exact_texts():
    assert shown(Count(4998398275503360)) == "4,998,398,275,503,360"
    assert exact_text(Count(4998398275503360)) == "4998398275503360"
    assert shown(Ratio(Fraction(1, 3), 4)) == "0.3333" and exact_text(Ratio(Fraction(1, 3))) == "1/3"
    assert shown(Percent(Fraction(1, 40))) == "2.5000%" and exact_text(Percent(Fraction(1, 40))) == "1/40"
    assert shown(Percent(Fraction(1, 20), given=True)) == "5.0000%"
    assert shown(Number(Decimal("2.345678901"), 3)) == "2.346" and shown(Text(None)) == ""


def test_machine_form_adds_a_decimal_column_beside_fractions():
    table = Table.of("t", "T", ["Event", "Probability", ("n", "Count")],
                     [["a", Ratio(Fraction(2, 3), 4), Count(2)], ["b", None, Count(1)]])
    layout, records = machine(table)
    assert layout == [("event", "exact"), ("probability", "exact"),
                      ("probability_decimal", "decimal"), ("n", "exact")]
    assert records == [{"event": "a", "probability": "2/3", "probability_decimal": "0.6667",
                        "n": "2"},
                       {"event": "b", "probability": None, "probability_decimal": None, "n": "1"}]


def test_doubles_say_whether_they_are_exact():
    assert as_float(Count(2**53)) == (float(2**53), True)
    assert as_float(Count(2**53 + 1))[1] is False
    assert as_float(Ratio(Fraction(1, 4))) == (0.25, True)
    assert as_float(Ratio(Fraction(1, 3)))[1] is False


def test_slugs_and_missing_tables():
    assert slug("House edge, pushes excluded") == "house_edge_pushes_excluded"
    assert slug("1 in") == "1_in" and slug("--") == "value"
    with pytest.raises(CombinError, match="no table 'x'"):
        Document("k", "T").table("x")
    assert Document("parsheet", "T").format_tag == "combin.parsheet/2"
