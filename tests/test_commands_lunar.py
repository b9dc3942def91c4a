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
    options, subject = obj["tables"]["options"]["rows"], obj["subject"]
    assert obj["format"] == "combin.advise/2" and len(options) == 29
    assert {o["kind"] for o in options} == {"fold", "play", "buy", "exchange"}
    assert sum(1 for o in options if o["kind"] == "exchange") == 26
    assert all(set(o) == {"best", "rank", "option", "kind", "discard", "ev", "ev_decimal", "at_most",
                          "at_most_decimal", "priced"} for o in options)
    exact = [Fraction(o["ev"]) for o in options if o["priced"] == "exact"]
    bounds = [Fraction(o["at_most"]) for o in options if o["priced"] != "exact"]
    assert exact == sorted(exact, reverse=True) and len(exact) + len(bounds) == 29
    assert [o["priced"] for o in options] == ["exact"] * len(exact) + ["cannot be best (EV <= bound)"] * len(bounds)
    assert all(bound < exact[1] for bound in bounds)
    # the buy's value is confirmed against the oracle in test_stud_advise
    assert subject["best"]["option"] == "buy" and subject["best"]["ev"] == "41221/10010"
    assert Fraction(subject["best"]["margin"]) == exact[0] - exact[1]
    # --all prices every option: the same best and runner-up, every value exact and in order
    code, out, _ = run(capsys, "lunar", "advise", "AS KD TH TC JD", "--up", "QS", "--deck", "TJQKA",
                       "--format", "json", "--all")
    every = json.loads(out)["tables"]["options"]["rows"]
    evs = [Fraction(o["ev"]) for o in every]
    assert {o["priced"] for o in every} == {"exact"} and evs == sorted(evs, reverse=True)
    assert evs[:2] == exact[:2]
    for option in options:
        if option["priced"] != "exact":
            assert Fraction(option["at_most"]) >= next(Fraction(o["ev"]) for o in every
                                                  if o["option"] == option["option"])
    results = obj["tables"]["results"]["rows"]
    assert sum(Fraction(r["probability"]) for r in results[:-1]) == 1 == Fraction(results[-1]["probability"])
    assert subject["deck"] == {"ranks": "TJQKA", "cards": 20} and subject["up"] == "QS"
    assert subject["interpretations"]["L8"] == "push" and subject["paytable"] == "A"
    assert obj["tool"]["name"] == "combin"
    exchange = next(o for o in options if o["kind"] == "exchange")
    assert 2 <= len(exchange["discard"].split()) <= 5


def test_instant_payout_alone(capsys):
    code, out, _ = run(capsys, "lunar", "advise", "AS KS QS JS TS", "--up", "AD", "--deck", "TJQKA",
                       "--paytable", "B", "--format", "json")
    assert code == 0
    obj = json.loads(out)
    assert [(o["kind"], o["ev"]) for o in obj["tables"]["options"]["rows"]] == [("instant", "1000")]


@pytest.mark.parametrize("fmt", ["text", "md", "csv"])
def test_other_formats(capsys, fmt):
    code, out, _ = run(capsys, "lunar", "advise", "AS KD TH TC JD", "--up", "QS", "--deck", "TJQKA",
                       "--interpret", "L8=even-money", "L11=first-only", "--format", fmt)
    assert code == 0
    if fmt == "csv":  # tidy: the options table here, the readings in the identification table
        _, ident, _ = run(capsys, "lunar", "advise", "AS KD TH TC JD", "--up", "QS", "--deck",
                          "TJQKA", "--interpret", "L8=even-money", "L11=first-only", "--format",
                          fmt, "--table", "identification")
        assert "L8=even-money" in ident and "L11=first-only" in ident
    else:
        assert "L8" in out and "even-money" in out and "first-only" in out
    if fmt == "csv":
        rows = list(csv.reader(io.StringIO(out)))
        assert rows[0] == ["best", "rank", "option", "kind", "discard", "ev", "ev_decimal", "at_most",
                           "at_most_decimal", "priced"]
        assert rows[1][0] == "*" and len([r for r in rows[1:30] if r]) == 29
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
