"""JSON par sheets: every exact figure as text, nothing a float could round."""

import json

from combin.render.jsonfile import FORMAT, render, render_comparison, sheet_object


def test_counts_and_rationals_are_strings(dice_sheet):
    obj = json.loads(render(dice_sheet))
    assert obj["format"] == FORMAT and obj["cycle"] == "36"
    assert [(l["event_id"], l["combinations"], l["probability"]) for l in obj["lines"]] == [
        ("twelve", "1", "1/36"), ("high", "5", "5/36"), ("seven", "6", "1/6"), ("other", "24", "2/3")]
    assert obj["summary"]["return"] == "4/9" and obj["summary"]["variance"] == "2108/81"
    assert obj["summary"]["edge_excluding_pushes"] == "-8/15"


def test_no_number_is_a_json_float(dice_sheet):
    def walk(value):
        if isinstance(value, dict):
            return all(walk(v) for v in value.values())
        if isinstance(value, list):
            return all(walk(v) for v in value)
        return not isinstance(value, float)
    assert walk(sheet_object(dice_sheet))


def test_a_comparison_holds_each_column(dice_sheet):
    obj = json.loads(render_comparison("t", [("a", dice_sheet), ("b", dice_sheet)]))
    assert json.dumps(obj).count('"4/9"') >= 2
