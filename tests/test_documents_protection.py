"""The protection results as Documents: decks, eor, shoe, count."""

import csv
import io
import json
from fractions import Fraction

from combin.baccarat.shoe import Shoe
from combin.documents.protection import (count_document, decks_document, depleted_document,
                                         eor_document)
from combin.protection.decks import deck_table
from combin.protection.depleted import depleted_sheet
from combin.protection.eor import effects_of_removal
from combin.protection.simulate import CHUNK, parse_triggers, simulate
from combin.render import render


def test_decks_json_is_exact_and_csv_keeps_digits():
    table = decks_document(deck_table("baccarat.tie", (1, 8)))
    data = json.loads(render(table, "json"))
    assert data["format"] == "combin.decks/2"
    rows = data["tables"]["decks"]["rows"]
    assert [r["decks"] for r in rows] == ["1", "8"] and rows[1]["cards"] == "416"
    ties, cycle = 1_372_227_328, 14_658_134_400  # spec/ANCHORS.md, one deck
    exact = Fraction(cycle - 9 * ties, cycle)     # the house keeps every non-tie stake, pays 8
    heading = table.tables[0].columns[2].key
    assert Fraction(rows[0][heading]) == exact
    records = list(csv.DictReader(io.StringIO(render(table, "csv"))))
    assert Fraction(records[0][heading]) == exact
    assert records[0][f"{heading}_decimal"].startswith("0.157461")
    assert "15.7461%" in render(table, "text")
    assert any(line.startswith("|       1 |") and "15.7461% |" in line
               for line in render(table, "md").splitlines())


def test_eor_json_and_text():
    result = effects_of_removal("eclipse.moon8", Shoe.full(8), 3)
    doc = eor_document(result)
    data = json.loads(render(doc, "json"))
    assert data["identification"]["identity"].endswith("holds exactly")
    assert Fraction(data["identification"]["sum_n_r_ev_shoe_r"]) == 416 * result.expected
    effects = [None if r["effect"] == "-" else Fraction(r["effect"])
               for r in data["tables"]["effects"]["rows"]]
    assert effects == list(result.effects)
    assert [int(r["tag"]) for r in data["tables"]["effects"]["rows"]][-1] == 3
    text = render(doc, "text")
    assert "holds exactly" in text and "Other tag sets" in text
    assert "## Other tag sets" in render(doc, "md")
    assert render(doc, "csv", "tag_sets").startswith("largest_tag,best_balanced,")


def test_depleted_sheet_appends_the_comparison():
    result = depleted_sheet("eclipse.sun7", "8d-99998888")
    doc = depleted_document(result)
    text = render(doc, "text")
    assert text.startswith("Sun 7 (A) -- par sheet") and "Compared with the full shoe" in text
    assert "better for the bettor" in text and "full 8 decks" in text
    data = json.loads(render(doc, "json"))
    change = data["tables"]["full_shoe"]["rows"][2]
    assert Fraction(change["value"]) == result.difference
    assert data["tables"]["outcomes"]["rows"]
    assert "## Compared with the full shoe" in render(doc, "md")
    assert "full_shoe" in [t.name for t in doc.tables]


def test_count_document_marks_an_interrupted_run():
    result = simulate("eclipse.sun7", tags=(0,) * 10, triggers=parse_triggers("always"),
                      shoes=CHUNK, seed=2)
    doc = count_document(result)
    assert doc.kind == "count" and [t.name for t in doc.tables] == ["triggers"]
    row = json.loads(render(doc, "json"))["tables"]["triggers"]["rows"][0]
    assert row["trigger"] == "always" and int(row["bets"]) == result.rounds
    assert Fraction(row["return_when_betting"]) == result.triggers[0].return_when_betting.value
    from dataclasses import replace
    assert "Interrupted" in render(count_document(replace(result, interrupted=True)), "text")


def test_count_json_carries_the_exact_edge_and_every_format_is_deterministic():
    def result():
        return count_document(simulate("eclipse.sun7", tags=(0,) * 10, triggers=parse_triggers("always"),
                        shoes=CHUNK, seed=5, workers=1))
    obj = json.loads(render(result(), "json"))
    assert obj["format"] == "combin.count/2" and obj["subject"]["shoes"] == CHUNK
    (always,) = obj["tables"]["triggers"]["rows"]
    assert int(always["bets"]) == obj["subject"]["rounds"]     # one bet per round dealt
    # Sun 7, paytable A, 8 decks: the exact off-the-top return of the par sheet
    assert obj["identification"]["off_the_top_expected_return"] == "-64613588827/848912750595"
    for fmt in ("text", "md", "csv", "json", "html", "xlsx"):
        assert render(result(), fmt) == render(result(), fmt)
