import json
from fractions import Fraction

import pytest

from combin.cli import main
from combin.documents.hands import hands_document
from combin.lunar.hands import hand_report
from combin.render import render


def test_dealer_qualification_matches_the_published_count(capsys):
    assert main(["hands", "--cards", "5", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["format"] == "combin.hands/2"
    assert report["identification"]["dealer_qualifies_ace_king_or_better"] == "1463700"
    # published: 1,463,700 of C(52,5) qualifying dealer hands; the classes sum to it
    rows = report["tables"]["classes"]["rows"]
    qualifying = sum(int(r["combinations"]) for r in rows[:10])
    assert qualifying == 1463700


def test_seven_card_table_has_no_bet(capsys):
    assert main(["hands", "--cards", "7"]) == 0
    out = capsys.readouterr().out
    assert "133,784,560" in out and "winning Bet" not in out and "4,324" in out


def test_bet_table_sums_to_every_hand():
    report = hand_report(6)
    assert sum(report.bet.values()) == report.total == 20358520
    text = render(hands_document(report), "md")
    assert "## What a winning Bet pays (L11=best-pair)" in text
    assert "\n- L11=best-pair (Second combination on a winning Bet): One more paytable hand in " \
           "the player's cards is paid too" in text


def test_the_other_reading_is_given_in_its_own_words():
    text = render(hands_document(hand_report(5, rule="first-only")), "md")
    assert "- L11=first-only (Second combination on a winning Bet): Only the first (best) " \
           "combination is paid." in text


def test_csv_keeps_digits(capsys):
    import csv
    import io
    assert main(["hands", "--cards", "6", "--format", "csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0][:4] == ["class", "bet_pays", "combinations", "probability"]
    total = [row for row in rows if row and row[0] == "Total"][0]
    assert total[2] == "20358520"
    assert rows[1][:3] == ["Royal flush", "100 to 1", "188"]
    assert Fraction(rows[1][3]) == Fraction(188, 20358520)


@pytest.mark.parametrize("argv", [["hands", "--interpret", "L1=jqka"],
                                  ["hands", "--interpret", "L11=maybe"]])
def test_bad_input_exits_2(capsys, argv):
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith("combin: error:")
