"""The design commands on the command line: --paytable-file, solve, package, paytable."""

import csv
import io
import json
from fractions import Fraction
from pathlib import Path

import pytest

from combin.cli import main

DATA = Path(__file__).parent / "data"
CYCLE = 4_998_398_275_503_360  # spec/ANCHORS.md, 8 decks
MOON8 = 172_660_763_262_976  # spec/ANCHORS.md: Player wins with a three-card 8


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def par_json(capsys, *argv):
    code, out, err = run(capsys, "par", *argv, "--format", "json")
    assert code == 0, err
    return json.loads(out), err


def same_sheet(a, b):
    assert a["lines"] == b["lines"] and a["summary"] == b["summary"] and a["cycle"] == b["cycle"]
    assert a["risk"] == b["risk"] and a["interpretations"] == b["interpretations"]


# --- --paytable-file -------------------------------------------------------------------------

def test_a_file_paytable_is_selected_by_itself_and_warns_when_generous(capsys):
    sheet, err = par_json(capsys, "eclipse.moon8", "--paytable-file", DATA / "moon8-30to1.toml")
    assert sheet["paytable"] == "M30" and sheet["paytable_citation"] == "what-if example, not approved"
    assert Fraction(sheet["summary"]["return"]) == Fraction(31 * MOON8, CYCLE) - 1
    assert sum(int(line["combinations"]) for line in sheet["lines"]) == CYCLE
    assert err.startswith("combin: WARNING: ") and err.count("\n") == 1
    assert "moon8-30to1.toml, line 2" in err and "107.0840%" in err


def test_a_file_does_not_take_over_a_wager_it_does_not_name(capsys):
    sheet, err = par_json(capsys, "eclipse.sun7", "--paytable-file", DATA / "moon8-30to1.toml")
    assert sheet["paytable"] == "A" and err == ""


def test_a_file_rule_set_reaches_the_banker(capsys):
    sheet, _ = par_json(capsys, "baccarat.banker", "--paytable-file",
                        DATA / "banker-commission4.toml")
    again, _ = par_json(capsys, "baccarat.banker", "--paytable-file",
                        DATA / "banker-commission4.toml", "--rules", "comm4")
    assert (sheet["rules"], sheet["paytable"]) == ("comm4", "comm4")
    same_sheet(sheet, again)
    standard, _ = par_json(capsys, "baccarat.banker", "--paytable-file",
                           DATA / "banker-commission4.toml", "--rules", "standard")
    assert standard["paytable"] == "standard"


def test_paytable_file_works_for_sensitivity(capsys):
    code, out, _ = run(capsys, "sensitivity", "eclipse.eclipse", "--paytable", "D",
                       "--paytable-file", DATA / "eclipse-d.toml")
    assert code == 0 and "E1=paid-rows" in out and "| D" not in out and "D" in out


# --- export and round trip -------------------------------------------------------------------

@pytest.mark.parametrize("wager, paytable, extra", [
    ("eclipse.supreme7", "B", []), ("eclipse.eclipse", "C", ["--interpret", "E1=paid-rows"]),
    ("baccarat.banker", "super6", []), ("baccarat.tie", "9to1", []),
    ("dragon.player", "standard", []), ("lunar.super", "posted", []),
])
def test_export_then_read_back_gives_an_identical_par_sheet(capsys, tmp_path, wager, paytable,
                                                            extra):
    target = tmp_path / "copy.toml"
    code, out, _ = run(capsys, "paytable", wager, "--paytable", paytable, "--id", "copy",
                       "--out", target)
    assert code == 0 and out == "" and "# combin" in target.read_text(encoding="utf-8")
    ruled = wager == "baccarat.banker"
    original, _ = par_json(capsys, wager, *(["--rules", paytable] if ruled else
                                            ["--paytable", paytable]), *extra)
    if wager == "eclipse.eclipse":
        # paid-rows reads the same-lettered Supreme 7 and Divine 9 paytables: copy them too.
        for other in ("eclipse.sun7", "eclipse.moon8", "eclipse.supreme7", "eclipse.divine9"):
            run(capsys, "paytable", other, "--paytable", paytable, "--id", "copy",
                "--out", tmp_path / f"{other}.toml")
            extra = [*extra, "--paytable-file", tmp_path / f"{other}.toml"]
    copy, _ = par_json(capsys, wager, "--paytable-file", target, *extra,
                       *(["--paytable", "copy"] if wager == "eclipse.eclipse" else []))
    assert copy["paytable"] == "copy" and copy["paytable_citation"] == original["paytable_citation"]
    same_sheet(copy, original)


def test_export_keeps_a_builtin_id_and_says_to_rename_it(capsys, tmp_path):
    code, out, _ = run(capsys, "paytable", "eclipse.moon8")
    assert code == 0 and 'id = "A"' in out and "is a built-in id" in out
    path = tmp_path / "a.toml"
    path.write_text(out, encoding="utf-8")
    code, _, err = run(capsys, "par", "eclipse.moon8", "--paytable-file", path)
    assert code == 2 and "'A' of eclipse.moon8 is a built-in paytable" in err


def test_export_rewrites_a_file_paytable(capsys):
    code, out, _ = run(capsys, "paytable", "eclipse.moon8", "--paytable-file",
                       DATA / "moon8-30to1.toml", "--id", "M30b")
    assert code == 0 and 'id = "M30b"' in out and 'player_wins_three_card_8 = "30 to 1"' in out


# --- solve -----------------------------------------------------------------------------------

def test_solve_moon8_for_five_percent(capsys):
    code, out, _ = run(capsys, "solve", "eclipse.moon8", "--target-edge", "5%", "--format", "json")
    result = json.loads(out)
    p = Fraction(MOON8, CYCLE)
    assert code == 0 and Fraction(result["solution"]["payout"]) == Fraction(19, 20) / p - 1
    assert result["solution"]["target_house_edge"] == "1/20"
    assert [(w["pays"], Fraction(w["house_edge"])) for w in result["solution"]["whole_pays"]] == \
        [("26 to 1", 1 - 27 * p), ("27 to 1", 1 - 28 * p)]
    assert Fraction(result["lines"][0]["probability"]) == p
    assert Fraction(result["constant"]) == p - 1
    assert "player_wins_three_card_8" in result["expression"]


@pytest.mark.parametrize("fmt, words", [("text", "Whole pay below  26 to 1"),
                                        ("md", "| Whole pay above | 27 to 1")])
def test_solve_formats(capsys, fmt, words):
    code, out, _ = run(capsys, "solve", "eclipse.moon8", "--target-edge", "5%", "--format", fmt)
    assert code == 0 and words in out


def test_solve_csv_keeps_exact_values_as_text(capsys):
    code, out, _ = run(capsys, "solve", "eclipse.moon8", "--target-edge", "5%", "--format", "csv")
    rows = list(csv.reader(io.StringIO(out)))
    exact = [row for row in rows if row and row[0] == "Exact pay"][0]
    assert code == 0 and exact[1] == "71497149976019/2697824425984 to 1" and exact[4] == '="1/20"'
    assert rows[1][4] == f'="{Fraction(MOON8, CYCLE).numerator}/{Fraction(MOON8, CYCLE).denominator}"'


def test_solve_without_a_target_prints_the_formula(capsys):
    code, out, _ = run(capsys, "solve", "eclipse.supreme7", "--paytable", "C")
    assert code == 0 and "E = " in out and "both_three_card_7" in out and "Target" not in out


def test_solve_uses_a_file_paytable(capsys):
    code, out, err = run(capsys, "solve", "eclipse.moon8", "--paytable-file",
                         DATA / "moon8-30to1.toml", "--target-edge", "5%", "--format", "json")
    result = json.loads(out)
    assert code == 0 and result["paytable"] == "M30" and "WARNING" in err
    assert Fraction(result["solution"]["payout"]) == Fraction(19, 20) / Fraction(MOON8, CYCLE) - 1


# --- package ---------------------------------------------------------------------------------

def test_package_eclipse_json_is_exact(capsys):
    code, out, _ = run(capsys, "package", "--eclipse", "--paytable", "B", "--format", "json")
    result = json.loads(out)
    assert code == 0 and [w["paytable"] for w in result["wagers"]] == ["B"] * 5
    assert sum(int(d["combinations"]) for d in result["distribution"]) == CYCLE
    cov = [[Fraction(v) for v in row] for row in result["covariance"]]
    stakes = [Fraction(w["stake"]) for w in result["wagers"]]
    assert Fraction(result["summary"]["variance"]) == sum(
        stakes[i] * cov[i][j] * stakes[j] for i in range(5) for j in range(5))
    mean = sum(Fraction(d["net"]) * Fraction(d["probability"]) for d in result["distribution"])
    assert Fraction(result["summary"]["expected_per_round"]) == mean == \
        sum(Fraction(w["return"]) for w in result["wagers"])
    assert result["summary"]["standard_deviation_decimal"].startswith("22.129829")


def test_package_stake_and_paytable_syntax(capsys):
    code, out, _ = run(capsys, "package", "eclipse.supreme7:B=2", "eclipse.sun7=1/2",
                       "--format", "json")
    result = json.loads(out)
    assert code == 0
    assert [(w["wager"], w["paytable"], w["stake"]) for w in result["wagers"]] == \
        [("eclipse.supreme7", "B", "2"), ("eclipse.sun7", "A", "1/2")]


def test_package_with_a_file_paytable_set(capsys):
    code, out, _ = run(capsys, "package", "--eclipse", "--paytable", "D", "--paytable-file",
                       DATA / "eclipse-d.toml", "--format", "json")
    result = json.loads(out)
    assert code == 0 and [w["paytable"] for w in result["wagers"]] == ["D"] * 5
    # Paytable D: Supreme 7 three-card 7s 300 + 6 - 3; two-card 7s 75 + 6 - 3 and Divine 9's
    # both three-card 9s 75 + 6 - 3 share the net 78; Sun 7 45 + 6 - 3; Moon 8 27 + 6 - 3.
    assert [d["net"] for d in result["distribution"]] == ["303", "78", "48", "30", "13", "-5"]


def test_package_file_selects_the_only_paytable(capsys):
    code, out, err = run(capsys, "package", "eclipse.moon8", "eclipse.sun7", "--paytable-file",
                         DATA / "moon8-30to1.toml", "--format", "json")
    result = json.loads(out)
    assert code == 0 and [w["paytable"] for w in result["wagers"]] == ["M30", "A"]
    assert "WARNING" in err and "M30" in err


@pytest.mark.parametrize("fmt, words", [("text", "Standard deviation per round  "),
                                        ("md", "| Standard deviation per round       |"),
                                        ("csv", "Standard deviation per round,15.319295")])
def test_package_formats(capsys, fmt, words):
    code, out, _ = run(capsys, "package", "--eclipse", "--format", fmt)
    assert code == 0 and words in out
    if fmt != "csv":  # text and Markdown show the covariance in decimals, CSV exactly
        assert "-0.829764" in out


# --- errors ----------------------------------------------------------------------------------

@pytest.mark.parametrize("argv, words", [
    (["solve", "eclipse.moon8", "--line", "foo", "--target-edge", "5%"], "unknown line 'foo'"),
    (["solve", "eclipse.moon8", "--target-edge", "lots"], "must be a number"),
    (["solve", "eclipse.moon8", "--target-edge", "5%", "--shoe",
      "A=0,2=0,3=0,4=0,5=0,6=0,7=0,8=0,9=0,0=52"], "probability 0"),
    (["package", "eclipse.sun7", "lunar.super"], "different games"),
    (["package"], "name at least one wager"),
    (["package", "eclipse.sun7=nothing"], "positive number"),
    (["paytable", "eclipse.sun7", "--paytable", "Z"], "unknown paytable"),
    (["paytable", "eclipse.sun7", "--id", "a b"], "not a plain name"),
    (["par", "eclipse.moon8", "--paytable-file", "/nonexistent/x.toml"], "cannot read"),
    (["par", "eclipse.moon8", "--paytable-file", DATA / "moon8-30to1.toml", "--paytable-file",
      DATA / "moon8-30to1.toml"], "is already defined in"),
    (["par", "baccarat.tie", "--paytable-file", DATA / "eclipse-d.toml", "--paytable", "D"],
     "unknown paytable"),
])
def test_bad_input_is_one_clear_message_and_no_file(capsys, tmp_path, argv, words):
    target = tmp_path / "out.txt"
    code, out, err = run(capsys, *argv, "--out", target)
    assert code == 2 and out == "" and err.startswith("combin: error: ")
    assert words in err and err.count("\n") == 1 and not target.exists()


@pytest.mark.parametrize("text, words", [
    ("[[paytable]]\nwager = 'eclipse.moon8'\nid = 'M'\ncitation = 'c'\n[paytable.pays]\n"
     "player_wins_three_card_8 = '30 to 1'\nplayer_wins_three_card_8 = '31 to 1'\n",
     "line 7: duplicate line"),
    ("[[paytable]\n", "line 1: not a valid TOML file"),
    ("[[paytable]]\nwager = 'eclipse.moon8'\nid = 'M'\ncitation = 'c'\n[paytable.pays]\n"
     "player_wins_three_card_8 = '0 to 1'\n", "line 6: eclipse.moon8 event"),
])
def test_bad_files_fail_every_sheet_command(capsys, tmp_path, text, words):
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    for argv in (["par", "eclipse.moon8"], ["solve", "eclipse.moon8"], ["package", "--eclipse"],
                 ["sensitivity", "eclipse.eclipse"]):
        code, out, err = run(capsys, *argv, "--paytable-file", path)
        assert code == 2 and out == "" and f"{path}, {words}" in err and err.count("\n") == 1
