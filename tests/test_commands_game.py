"""``combin game``: the whole-game par sheet on the command line."""

import json
from fractions import Fraction
from math import comb

import pytest

from combin.cli import main
from combin.stud.deck import Deck
from combin.stud.rules import load_game

from test_stud_whole import brute_totals


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_is_exact_and_matches_the_brute_force(capsys):
    code, out, _ = run(capsys, "game", "caribbean", "--deck", "JQKA", "--format", "json")
    assert code == 0
    obj = json.loads(out)
    sheet = obj["subject"]
    cycle = comb(16, 5) * 11 * comb(10, 4)
    assert sheet["cycle"] == str(cycle) and sheet["deck"] == {"ranks": "JQKA", "cards": 16}
    brute = brute_totals(load_game("caribbean").resolve(), Deck.parse("JQKA"))["optimal"][0]
    summary = {r["figure"]: r["value"] for r in obj["tables"]["summary"]["rows"]}
    assert Fraction(summary["Expected return per Ante"]) == Fraction(brute, cycle)
    assert sum(int(line["combinations"]) for line in obj["tables"]["outcomes"]["rows"][:-1]) == cycle
    assert obj["tool"]["name"] == "combin" and sheet["strategy"] == "optimal"
    assert sheet["interpretations"] == {}


def test_lunar_records_interpretations_and_every_format(capsys, tmp_path):
    argv = ["game", "lunar", "--no-draw", "--deck", "3579J", "--paytable", "B",
            "--interpret", "L8=even-money", "--strategy", "always"]
    code, out, err = run(capsys, *argv, "--format", "json")
    sheet = json.loads(out)["subject"]
    assert sheet["paytable"] == "B" and sheet["interpretations"]["L8"] == "even-money"
    assert int(sheet["forced_dealer_hands"]) > 0 and "game:" in err
    target = tmp_path / "sheet.md"
    assert main(argv + ["--format", "md", "--out", str(target)]) == 0
    assert "L8=even-money" in target.read_text(encoding="utf-8")


@pytest.mark.parametrize("fmt", ["text", "md", "csv", "json"])
def test_out_writes_the_same_bytes_as_stdout(capsys, tmp_path, fmt):
    argv = ["game", "caribbean", "--deck", "JQKA", "--strategy", "pair", "--format", fmt,
            *(["--table", "outcomes"] if fmt == "csv" else [])]
    target = tmp_path / "sheet"
    assert main(argv + ["--out", str(target)]) == 0
    capsys.readouterr()
    main(argv)
    assert target.read_text(encoding="utf-8") == capsys.readouterr().out


@pytest.mark.parametrize("argv, words", [
    (["game", "caribbean", "--deck", "9TJQKX"], "not a rank"),
    (["game", "caribbean", "--deck", "9TJQKK"], "twice"),
    (["game", "caribbean", "--deck", "AK"], "at least 10"),
    (["game", "caribbean", "--strategy", "sometimes"], "unknown strategy"),
    (["game", "holdem"], "unknown stud game"),
    (["game", "lunar", "--deck", "TJQKA"], "--no-draw"),
    (["game", "lunar", "--no-draw", "--paytable", "Z"], "unknown paytable"),
    (["game", "lunar", "--no-draw", "--interpret", "L8=double"], "no value"),
    (["game", "caribbean", "--interpret", "L8=push"], "does not read"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, tmp_path, argv, words):
    target = tmp_path / "sheet.txt"
    code, out, err = run(capsys, *argv, "--out", str(target))
    assert code == 2 and out == ""
    assert err.startswith("combin: error: ") and words in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []
