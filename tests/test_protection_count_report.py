"""The count report: the same figures in every format, exact values as text in JSON."""

import json

from combin.protection.count_report import render
from combin.protection.simulate import CHUNK, parse_triggers, simulate


def _result():
    return simulate("eclipse.sun7", tags=(0,) * 10, triggers=parse_triggers("always"),
                    shoes=CHUNK, seed=5, workers=1)


def test_json_carries_the_exact_sums_and_edge():
    result = _result()
    obj = json.loads(render(result, "json"))
    assert obj["format"] == "combin.count/1" and obj["shoes"] == CHUNK
    (always,) = obj["triggers"]
    # Betting every round: one bet per round dealt.
    assert always["bets"] == obj["rounds"] == result.rounds
    assert always["sums"]["bets"] == str(result.rounds)
    assert obj["off_the_top"]["expected_return"] == "-64613588827/848912750595"


def test_every_format_is_deterministic():
    result = _result()
    for fmt in ("text", "md", "csv", "json"):
        assert render(result, fmt) == render(_result(), fmt)
