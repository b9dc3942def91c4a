"""JSON: every exact figure as text, a versioned format tag, the tool version."""

import json
from fractions import Fraction

from combin.version import __version__
from combin.documents.parsheet import document
from combin.render.jsonfile import document_object, write
from combin.schemas import validate


def test_counts_and_rationals_are_strings(dice_sheet):
    obj = json.loads(write(document(dice_sheet)))
    assert obj["format"] == "combin.parsheet/2" and obj["tool"] == {"name": "combin",
                                                                   "version": __version__}
    assert obj["subject"]["cycle"] == "36" and obj["identification"]["game_cycle"] == "36"
    lines = obj["tables"]["outcomes"]["rows"]
    assert [(l["event"], l["combinations"], l["probability"]) for l in lines] == [
        ("A twelve", "1", "1/36"), ("Ten or more", "5", "5/36"), ("A seven", "6", "1/6"),
        ("Any other outcome", "24", "2/3")]
    assert [(t["event"], t["combinations"], t["probability"])
            for t in obj["tables"]["outcomes"]["totals"]] == [("Total", "36", "1")]
    summary = {r["figure"]: r["value"] for r in obj["tables"]["summary"]["rows"]}
    assert summary["Expected return"] == "4/9" and summary["Variance"] == "2108/81"
    assert Fraction(summary["House edge, pushes excluded"]) == Fraction(-8, 15)
    assert validate(obj) == "parsheet"


def test_no_number_is_a_json_float(dice_sheet):
    def walk(value):
        if isinstance(value, dict):
            return all(walk(v) for v in value.values())
        if isinstance(value, list):
            return all(walk(v) for v in value)
        return not isinstance(value, float)
    assert walk(document_object(document(dice_sheet)))
