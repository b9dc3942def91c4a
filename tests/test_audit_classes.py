"""The priced classes of a whole-game sample (``combin game lunar --classes-out``) and
``combin audit --verify``'s re-pricing of a seeded random sample of them."""

import csv
import json
import shutil
from collections import Counter
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from combin.lunar.audit import class_differences as _class_differences
from combin.cli import main

ROOT = Path(__file__).resolve().parents[1]
COMMITTED = ROOT / "tables" / "lunar" / "game"
SAMPLE = "full-deck-sample-2000-seed-1"


def _quiet(message):
    pass


@pytest.fixture(scope="module")
def jqka_sample(tmp_path_factory):
    """A sample of 80 draws of the 16-card deck J to A: its sheet (JSON) and priced classes,
    laid out as a bundle holds the 52-card one."""
    root = tmp_path_factory.mktemp("classes")
    game = root / "lunar" / "game"
    game.mkdir(parents=True)
    code = main(["game", "lunar", "--deck", "JQKA", "--sample", "80", "--seed", "2",
                 "--workers", "0", "--store", str(root / "store.sqlite"), "--format", "json",
                 "--out", str(game / "s.json"), "--classes-out", str(game / "s-classes.csv")])
    assert code == 0
    return root


def _rows(path):
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def _summary(sheet):
    return {row["figure"]: row["value"] for row in sheet["tables"]["summary"]["rows"]}


def test_the_priced_classes_are_the_exact_values_of_the_exact_game(jqka_sample):
    rows = _rows(jqka_sample / "lunar/game/s-classes.csv")
    summary = _summary(json.loads((jqka_sample / "lunar/game/s.json").read_text()))
    assert sum(int(row["draws"]) for row in rows) == 80 == int(summary["draws"])
    assert len(rows) == int(summary["situation classes sampled (distinct)"])
    # Each class against the committed exact game on the same deck (its strategy table, summed
    # over every class by an earlier run): the same situation, weight, best option and value.
    exact = json.loads((COMMITTED / "JQKA-strategy.json").read_text())["classes"]
    by_situation = {(" ".join(c["hand"]), c["up"]): c for c in exact}
    assert sum(c["weight"] for c in exact) == comb(16, 5) * 11
    for row in rows:
        known = by_situation[(row["hand"], row["up"])]
        assert (int(row["weight"]), row["best"], Fraction(row["value"])) == \
            (known["weight"], known["best"], Fraction(known["ev"]))
        assert Fraction(row["value_without_draws"]) <= Fraction(row["value"])


def test_verify_prices_the_classes_again_and_names_an_edited_value(jqka_sample, tmp_path):
    hashes = {"lunar/game/s.json": "", "lunar/game/s-classes.csv": ""}
    assert _class_differences(jqka_sample, hashes, 10, 7, _quiet) == []
    copy = tmp_path / "edited"
    shutil.copytree(jqka_sample, copy)
    path = copy / "lunar/game/s-classes.csv"
    rows = _rows(path)
    first = rows[0]
    numerator, _, denominator = first["value"].partition("/")
    changed = str(int(numerator) + 1) + ("/" + denominator if denominator else "")
    lines = path.read_text().splitlines(keepends=True)
    lines[1] = lines[1].replace("," + first["value"] + ",", "," + changed + ",", 1)
    path.write_text("".join(lines))
    # every class priced again (the sample holds fewer than 80): the edited row is among them
    found = _class_differences(copy, hashes, 80, 7, _quiet)
    assert found == [f"recomputed figures differ: lunar/game/s-classes.csv, row 2 (class "
                     f"{first['class']}), column 'value': bundle {changed!r}, recomputed "
                     f"{first['value']!r}"]
    assert _class_differences(copy, hashes, 0, 7, _quiet) == []     # --verify-classes 0


def test_the_classes_verify_prices_are_a_seeded_sample(jqka_sample, tmp_path, monkeypatch):
    import combin.lunar.audit as stud
    asked = []
    real = stud.reprice_classes
    monkeypatch.setattr(stud, "reprice_classes",
                        lambda subject, indices: asked.append(list(indices)) or real(subject, indices))
    hashes = {"lunar/game/s.json": "", "lunar/game/s-classes.csv": ""}
    for seed in (7, 7, 8):
        assert _class_differences(jqka_sample, hashes, 5, seed, _quiet) == []
    assert len(asked[0]) == 5 and asked[0] == asked[1] and asked[0] != asked[2]


def test_the_committed_52_card_sample_carries_its_classes():
    rows = _rows(COMMITTED / f"{SAMPLE}-classes.csv")
    sheet = json.loads((COMMITTED / f"{SAMPLE}.json").read_text())
    summary = _summary(sheet)
    assert sheet["subject"]["deck"] == {"ranks": "23456789TJQKA", "cards": 52}
    assert sum(int(row["draws"]) for row in rows) == 2000 == int(summary["draws"])
    assert len(rows) == int(summary["situation classes sampled (distinct)"])
    assert all(int(row["weight"]) > 0 for row in rows)
    assert len(Counter(row["class"] for row in rows)) == len(rows)


def test_verify_classes_belongs_to_verify(tmp_path, capsys):
    assert main(["audit", "--out", str(tmp_path / "b"), "--verify-classes", "5"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "combin: error: --verify-classes applies to --verify DIR"
    assert not (tmp_path / "b").exists()
    assert main(["audit", "--verify", str(tmp_path), "--verify-classes", "-1"]) == 2
    assert "--verify-classes" in capsys.readouterr().err


@pytest.mark.slow
def test_verify_prices_classes_of_the_52_card_sample_again(tmp_path):
    game = tmp_path / "lunar" / "game"
    game.mkdir(parents=True)
    for name in (f"{SAMPLE}.json", f"{SAMPLE}-classes.csv"):
        shutil.copy(COMMITTED / name, game / name)
    hashes = {f"lunar/game/{SAMPLE}.json": "", f"lunar/game/{SAMPLE}-classes.csv": ""}
    assert _class_differences(tmp_path, hashes, 3, 1, _quiet) == []


def test_verify_ties_the_classes_to_their_sheet(jqka_sample, tmp_path):
    copy = tmp_path / "short"
    shutil.copytree(jqka_sample, copy)
    path = copy / "lunar/game/s-classes.csv"
    lines = path.read_text().splitlines(keepends=True)
    dropped = lines.pop()
    path.write_text("".join(lines))
    rows = len(lines) - 1
    draws = int(dropped.split(",")[4])
    hashes = {"lunar/game/s.json": "", "lunar/game/s-classes.csv": ""}
    found = _class_differences(copy, hashes, 3, 7, _quiet)
    assert found == [
        f"recomputed figures differ: lunar/game/s-classes.csv holds {80 - draws} draws, its "
        f"sheet lunar/game/s.json says 80",
        f"recomputed figures differ: lunar/game/s-classes.csv holds {rows} situation classes "
        f"sampled (distinct), its sheet lunar/game/s.json says {rows + 1}"]
