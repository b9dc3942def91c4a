"""The design commands on the command line: --paytable-file, solve, package, paytable."""

import csv
import io
import json
from fractions import Fraction
from pathlib import Path

import pytest
from jsondoc import figure, rows

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
    assert a["tables"] == b["tables"]
    for key in ("cycle", "interpretations", "shoe"):
        assert a["subject"][key] == b["subject"][key]


# --- --paytable-file -------------------------------------------------------------------------

def test_a_file_paytable_is_selected_by_itself_and_warns_when_generous(capsys):
    sheet, err = par_json(capsys, "eclipse.moon8", "--paytable-file", DATA / "moon8-30to1.toml")
    subject = sheet["subject"]
    assert subject["paytable"] == "M30"
    assert subject["paytable_citation"] == \
        "user file moon8-30to1.toml (citation given: what-if example, not approved)"
    assert Fraction(figure(sheet, "Expected return")) == Fraction(31 * MOON8, CYCLE) - 1
    assert sum(int(line["combinations"]) for line in rows(sheet, "outcomes")) == CYCLE
    assert err.startswith("combin: WARNING: ") and err.count("\n") == 1
    assert "moon8-30to1.toml, line 2" in err and "107.0840%" in err


def test_a_file_does_not_take_over_a_wager_it_does_not_name(capsys):
    sheet, err = par_json(capsys, "eclipse.sun7", "--paytable-file", DATA / "moon8-30to1.toml")
    assert sheet["subject"]["paytable"] == "A" and err == ""


def test_a_file_rule_set_reaches_the_banker(capsys):
    sheet, _ = par_json(capsys, "baccarat.banker", "--paytable-file",
                        DATA / "banker-commission4.toml")
    again, _ = par_json(capsys, "baccarat.banker", "--paytable-file",
                        DATA / "banker-commission4.toml", "--rules", "comm4")
    assert (sheet["subject"]["rules"], sheet["subject"]["paytable"]) == ("comm4", "comm4")
    same_sheet(sheet, again)
    standard, _ = par_json(capsys, "baccarat.banker", "--paytable-file",
                           DATA / "banker-commission4.toml", "--rules", "standard")
    assert standard["subject"]["paytable"] == "standard"


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
    assert copy["subject"]["paytable"] == "copy"
    # the copy says it is a user's file derived from the posted table, never the posted table
    assert copy["subject"]["paytable_citation"] == (
        f"user file copy.toml, derived from Paytable {paytable} "
        f"(citation given: {original['subject']['paytable_citation']})")
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
    solution = rows(result, "solution")
    assert code == 0 and Fraction(solution[0]["payout"]) == Fraction(19, 20) / p - 1
    assert result["subject"]["target_house_edge"] == "1/20"
    assert Fraction(solution[0]["house_edge"]) == Fraction(1, 20)
    # the layout pays either side of 26.50...: whole 26 and 27, and the half 53 to 2; a pay
    # of net x returns p (1 + x) - 1, so its edge is 1 - p (1 + x)
    assert [(w["pays"], Fraction(w["house_edge"])) for w in solution[1:]] == \
        [("26 to 1", 1 - 27 * p), ("53 to 2", 1 - Fraction(55, 2) * p), ("27 to 1", 1 - 28 * p)]
    assert Fraction(rows(result, "lines")[0]["probability"]) == p
    assert Fraction(result["subject"]["constant"]) == p - 1
    assert "player_wins_three_card_8" in result["subject"]["expression"]


@pytest.mark.parametrize("fmt, words", [("text", "Whole pay below          26 to 1"),
                                        ("text", "Layout pay (half) below  53 to 2"),
                                        ("md", "| Layout pay (half) below | 53 to 2")])
def test_solve_formats(capsys, fmt, words):
    code, out, _ = run(capsys, "solve", "eclipse.moon8", "--target-edge", "5%", "--format", fmt)
    assert code == 0 and words in out


def test_solve_csv_keeps_exact_values_as_plain_fractions(capsys):
    code, out, _ = run(capsys, "solve", "eclipse.moon8", "--target-edge", "5%", "--format", "csv",
                       "--table", "solution")
    table = list(csv.DictReader(io.StringIO(out)))
    exact = [row for row in table if row["solution"] == "Exact pay"][0]
    assert code == 0 and exact["pays"] == "71497149976019/2697824425984 to 1"
    assert exact["house_edge"] == "1/20" and exact["house_edge_decimal"] == "0.050000000000"
    code, out, _ = run(capsys, "solve", "eclipse.moon8", "--format", "csv")
    lines = list(csv.DictReader(io.StringIO(out)))
    assert Fraction(lines[0]["probability"]) == Fraction(MOON8, CYCLE)


def test_solve_without_a_target_prints_the_formula(capsys):
    code, out, _ = run(capsys, "solve", "eclipse.supreme7", "--paytable", "C")
    assert code == 0 and "E = " in out and "both_three_card_7" in out and "Target" not in out


def test_solve_uses_a_file_paytable(capsys):
    code, out, err = run(capsys, "solve", "eclipse.moon8", "--paytable-file",
                         DATA / "moon8-30to1.toml", "--target-edge", "5%", "--format", "json")
    result = json.loads(out)
    assert code == 0 and result["subject"]["paytable"] == "M30" and "WARNING" in err
    assert Fraction(rows(result, "solution")[0]["payout"]) == \
        Fraction(19, 20) / Fraction(MOON8, CYCLE) - 1


# --- package ---------------------------------------------------------------------------------

def test_package_eclipse_json_is_exact(capsys):
    code, out, _ = run(capsys, "package", "--eclipse", "--paytable", "B", "--format", "json")
    result = json.loads(out)
    wagers = rows(result, "wagers")
    assert code == 0 and [w["paytable"] for w in wagers] == ["B"] * 5
    distribution = rows(result, "distribution")[:-1]
    assert sum(int(d["combinations"]) for d in distribution) == CYCLE
    cov = [[Fraction(v) for k, v in row.items() if k != "bet" and not k.endswith("_decimal")]
           for row in rows(result, "covariance")]
    stakes = [Fraction(w["stake"]) for w in wagers]
    assert Fraction(figure(result, "Variance per round")) == sum(
        stakes[i] * cov[i][j] * stakes[j] for i in range(5) for j in range(5))
    mean = sum(Fraction(d["net"]) * Fraction(d["probability"]) for d in distribution)
    assert Fraction(figure(result, "Expected result per round")) == mean == \
        sum(Fraction(w["expected_return"]) * Fraction(w["stake"]) for w in wagers)
    assert figure(result, "Standard deviation per round").startswith("22.129829")


def test_package_stake_and_paytable_syntax(capsys):
    code, out, _ = run(capsys, "package", "eclipse.supreme7:B=2", "eclipse.sun7=1/2",
                       "--format", "json")
    result = json.loads(out)
    assert code == 0
    assert [(w["wager"], w["paytable"], w["stake"]) for w in result["subject"]["bets"]] == \
        [("eclipse.supreme7", "B", "2"), ("eclipse.sun7", "A", "1/2")]


def test_package_with_a_file_paytable_set(capsys):
    code, out, _ = run(capsys, "package", "--eclipse", "--paytable", "D", "--paytable-file",
                       DATA / "eclipse-d.toml", "--format", "json")
    result = json.loads(out)
    assert code == 0 and [w["paytable"] for w in rows(result, "wagers")] == ["D"] * 5
    # Paytable D: Supreme 7 three-card 7s 300 + 6 - 3; two-card 7s 75 + 6 - 3 and Divine 9's
    # both three-card 9s 75 + 6 - 3 share the net 78; Sun 7 45 + 6 - 3; Moon 8 27 + 6 - 3.
    assert [d["net"] for d in rows(result, "distribution")][:-1] == \
        ["303", "78", "48", "30", "13", "-5"]


def test_package_file_selects_the_only_paytable(capsys):
    code, out, err = run(capsys, "package", "eclipse.moon8", "eclipse.sun7", "--paytable-file",
                         DATA / "moon8-30to1.toml", "--format", "json")
    result = json.loads(out)
    assert code == 0 and [w["paytable"] for w in rows(result, "wagers")] == ["M30", "A"]
    assert "WARNING" in err and "M30" in err


@pytest.mark.parametrize("fmt, words", [("text", "Standard deviation per round  "),
                                        ("md", "| Standard deviation per round       |"),
                                        ("csv", "Standard deviation per round,15.319295")])
def test_package_formats(capsys, fmt, words):
    code, out, _ = run(capsys, "package", "--eclipse", "--format", fmt,
                       *(["--table", "summary"] if fmt == "csv" else []))
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
