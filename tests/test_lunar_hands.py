import json
from fractions import Fraction

import pytest

from combin.cli import main
from combin.lunar.hands import hand_report, render_report


def test_dealer_qualification_matches_the_published_count(capsys):
    assert main(["hands", "--cards", "5", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["dealer_qualifies"]["combinations"] == "1463700"
    assert Fraction(report["dealer_qualifies"]["probability"]) == Fraction(1463700, 2598960)


def test_seven_card_table_has_no_bet(capsys):
    assert main(["hands", "--cards", "7"]) == 0
    out = capsys.readouterr().out
    assert "133,784,560" in out and "winning Bet" not in out and "4,324" in out


def test_bet_table_sums_to_every_hand():
    report = hand_report(6)
    assert sum(report.bet.values()) == report.total == 20358520
    text = render_report(report, "md")
    assert "## What a winning Bet pays (L11=best-pair)" in text


def test_csv_keeps_digits(capsys):
    import csv
    import io
    assert main(["hands", "--cards", "6", "--format", "csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    total = [row for row in rows if row and row[0] == "Total"][0]
    assert total[2] == '="20358520"'
    assert rows[1][:3] == ["Royal flush", "100 to 1", '="188"']


@pytest.mark.parametrize("argv", [["hands", "--interpret", "L1=jqka"],
                                  ["hands", "--interpret", "L11=maybe"]])
def test_bad_input_exits_2(capsys, argv):
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith("combin: error:")
