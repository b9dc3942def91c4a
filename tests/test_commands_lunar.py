"""``combin lunar advise``: the JSON shape, the other formats, and one line for bad input."""

import csv
import io
import json
from fractions import Fraction

import pytest

from combin.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_lists_every_option_exactly(capsys):
    code, out, _ = run(capsys, "lunar", "advise", "AS KD TH TC JD", "--up", "QS", "--deck", "TJQKA",
                       "--format", "json")
    assert code == 0
    obj = json.loads(out)
    assert len(obj["options"]) == 29
    assert {o["option"] for o in obj["options"]} == {"fold", "play", "buy", "exchange"}
    assert sum(1 for o in obj["options"] if o["option"] == "exchange") == 26
    assert all(set(o) == {"option", "discard", "ev", "ev_decimal"} for o in obj["options"])
    evs = [Fraction(o["ev"]) for o in obj["options"]]
    assert evs == sorted(evs, reverse=True)
    # the buy's value is confirmed against the oracle in test_stud_advise
    assert obj["best"]["option"] == "buy" and obj["best"]["ev"] == "41221/10010"
    assert Fraction(obj["best"]["margin"]) == evs[0] - evs[1]
    assert sum(Fraction(r["probability"]) for r in obj["best"]["results"]) == 1
    assert obj["deck"] == {"ranks": "TJQKA", "cards": 20} and obj["up"] == "QS"
    assert obj["interpretations"]["L8"] == "push" and obj["paytable"] == "A"
    assert obj["tool"]["name"] == "combin"
    exchange = next(o for o in obj["options"] if o["option"] == "exchange")
    assert 2 <= len(exchange["discard"]) <= 5


def test_instant_payout_alone(capsys):
    code, out, _ = run(capsys, "lunar", "advise", "AS KS QS JS TS", "--up", "AD", "--deck", "TJQKA",
                       "--paytable", "B", "--format", "json")
    assert code == 0
    obj = json.loads(out)
    assert [(o["option"], o["ev"]) for o in obj["options"]] == [("instant", "1000")]


@pytest.mark.parametrize("fmt", ["text", "md", "csv"])
def test_other_formats(capsys, fmt):
    code, out, _ = run(capsys, "lunar", "advise", "AS KD TH TC JD", "--up", "QS", "--deck", "TJQKA",
                       "--interpret", "L8=even-money", "L11=first-only", "--format", fmt)
    assert code == 0
    assert "L8" in out and "even-money" in out and "first-only" in out
    if fmt == "csv":
        rows = list(csv.reader(io.StringIO(out)))
        assert rows[0] == ["rank", "option", "discard", "ev", "ev_decimal", "best"]
        assert rows[1][-1] == "best" and len([r for r in rows[1:30] if r]) == 29
    else:
        assert "buy a sixth card" in out and "Results of the best option" in out


def test_same_command_same_bytes(capsys, tmp_path):
    argv = ["lunar", "advise", "KS KD 9H 9C TD", "--up", "QS", "--deck", "9TJQKA", "--format", "json"]
    outputs = []
    for name in ("a.json", "b.json"):
        assert main(argv + ["--out", str(tmp_path / name)]) == 0
        outputs.append((tmp_path / name).read_bytes())
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize("argv, word", [
    (["AS KD 7H 7C", "--up", "9S"], "five cards"),
    (["AS KD 7H 7C 2D 3D", "--up", "9S"], "five cards"),
    (["AS KD 7H 7C XD", "--up", "9S"], "not a card"),
    (["AS KD 7H 7H 2D", "--up", "9S"], "twice"),
    (["AS KD 7H 7C 2D", "--up", "7C"], "among the player's cards"),
    (["AS KD 7H 7C 2D", "--up", "9S 8S"], "one card"),
    (["AS KD 7H 7C 2D", "--up", "9S", "--deck", "9TJQKA"], "not in the deck"),
    (["AS KD TH TC JD", "--up", "8S", "--deck", "9TJQKA"], "not in the deck"),
    (["AS KD TH TC JD", "--up", "QS", "--deck", "TJQKZ"], "not a rank"),
    (["AS KD TH TC JD", "--up", "QS", "--deck", "TJQ"], "at least"),
    (["AS KD TH TC JD", "--up", "QS", "--deck", "TJQKA", "--paytable", "D"], "paytable"),
    (["AS KD TH TC JD", "--up", "QS", "--deck", "TJQKA", "--interpret", "L8=double"], "L8"),
    (["AS KD TH TC JD", "--up", "QS", "--deck", "TJQKA", "--interpret", "E1=paid-rows"], "E1"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, tmp_path, argv, word):
    out_file = tmp_path / "advice.json"
    code, out, err = run(capsys, "lunar", "advise", *argv, "--out", str(out_file))
    assert code == 2 and out == ""
    lines = [line for line in err.splitlines() if line.startswith("combin: error:")]
    assert len(lines) == 1 and word in lines[0]
    assert "Traceback" not in err and not out_file.exists()
