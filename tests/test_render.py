"""combin.render: one writer per format, chosen by name; what a command emits."""

import argparse
from fractions import Fraction

import pytest

from combin.core.analysis import par_sheet
from combin.documents.parsheet import document
from combin.errors import CombinError
from combin.render import FORMATS, emit, render
from combin.render.document import Count, Document, Ratio, Table


def test_every_format_is_deterministic():
    sheet = document(par_sheet("eclipse.divine9", decks=6))
    again = document(par_sheet("eclipse.divine9", decks=6))
    for fmt in FORMATS:
        assert render(sheet, fmt) == render(again, fmt)
        if fmt != "xlsx":
            assert render(sheet, fmt).endswith("\n")


def test_markdown_has_the_contract_sections():
    text = render(document(par_sheet("eclipse.eclipse", paytable="C")), "md")
    for heading in ("# Eclipse (C)", "## Outcomes", "## Summary", "## Volatility index",
                    "## Range of hold", "## Notes", "E1=events", "1,000,000"):
        assert heading in text


def test_unknown_format_and_table():
    sheet = document(par_sheet("eclipse.sun7"))
    with pytest.raises(CombinError, match="unknown format"):
        render(sheet, "pdf")
    with pytest.raises(CombinError, match="no table 'nope'"):
        render(sheet, "csv", "nope")


def test_a_writer_takes_only_a_document():
    # the writers know no result: a par sheet is made a Document by combin.documents first
    with pytest.raises(TypeError, match="not a ParSheet"):
        render(par_sheet("eclipse.sun7"), "md")
    with pytest.raises(TypeError, match="combin.documents"):
        emit(par_sheet("eclipse.sun7"), _args())


def _args(**kw):
    return argparse.Namespace(**{"format": "text", "out": None, "table": None, **kw})


def test_emit_needs_out_for_xlsx_and_writes_a_directory_of_csv(tmp_path):
    doc = Document("t", "T", (), (Table.of("a", "A", ["x"], [[Count(1)]]),
                                  Table.of("b", "B", ["y"], [[Ratio(Fraction(1, 3))]])))
    with pytest.raises(CombinError, match="--out"):
        emit(doc, _args(format="xlsx"))
    assert emit(doc, _args(format="csv")) == "x\n1\n"          # stdout: the first table
    assert emit(doc, _args(format="csv", table="b")) == "y,y_decimal\n1/3,0.333333333333\n"
    out = tmp_path / "tables"
    assert emit(doc, _args(format="csv", out=str(out))) == ""
    assert sorted(p.name for p in out.iterdir()) == ["a.csv", "b.csv", "identification.csv"]
    assert (out / "b.csv").read_text() == "y,y_decimal\n1/3,0.333333333333\n"


@pytest.mark.parametrize("cell, safe", [
    ("=1+1", "'=1+1"), ("+1+1", "'+1+1"), ("+1", "+1"), ("-2+3", "'-2+3"), ("@SUM(A1)", "'@SUM(A1)"),
    ("\t=1", "'\t=1"), ("\r=1", "'\r=1"), ("  =1", "'  =1"),
    ('="4998398275503360"', '\'="4998398275503360"'), ("-1/20", "-1/20"),
    ('="1"&HYPERLINK("x")', '\'="1"&HYPERLINK("x")'),
    ("-0.012345", "-0.012345"), ("-", "-"), ("5.0000%", "5.0000%"), ("Banker wins", "Banker wins"),
    (12, 12),
])
def test_csv_cells_are_neutralised(cell, safe):
    from combin.render.csvfile import rows_text, safe_cell
    assert safe_cell(cell) == safe
    assert rows_text([[cell]]) == rows_text([[safe]])
