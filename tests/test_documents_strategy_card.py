"""combin.documents.strategy_card and ``combin lunar card``: the card and the skill curve, exact.

The curve's optimal row is the exact run's own figure (the committed JQKA sheet gives it to ten
places); the card's figure is the search's plan of test_stud_human, priced class by class there;
here: the documents, the same bytes twice, and one line for bad input.
"""

import json
from pathlib import Path
from fractions import Fraction

import pytest

from combin.cli import main
from combin.stud.game.human_run import CARD_PINS

GAME = Path(__file__).resolve().parent.parent / "tables" / "lunar" / "game"
#: the Makefile's LUNAR_MIX: the committed skill mix's example shares
MIX = "optimal=0.05,card=0.6,pair-then-card=0.2,never-draw=0.15"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    folder = tmp_path_factory.mktemp("card")
    store = str(folder / "store.sqlite")
    for name in ("a", "b"):
        assert main(["lunar", "card", "--deck", "JQKA", "--folder", str(folder / name), "--store", store,
                     "--mix", MIX, "--plot", str(folder / name / "skill-curve-JQKA.png")]) == 0
    return folder


NAMES = [f"{table}-JQKA{suffix}" for table in ("strategy-card", "skill-curve", "skill-mix") for suffix in (".md", ".json")]
NAMES.append("strategy-card-JQKA.html")


def test_the_same_command_writes_the_same_bytes_as_committed(written):
    for name in NAMES:
        assert (written / "a" / name).read_bytes() == (written / "b" / name).read_bytes()
        # the committed tables are this version's (make lunar-tables writes them)
        assert (written / "a" / name).read_bytes() == (GAME / name).read_bytes(), name


def test_the_curve_is_drawn(written):
    # a chart is a display: its presence and its kind are checked (its pixels follow matplotlib's version)
    assert (written / "a" / "skill-curve-JQKA.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (written / "a" / "skill-curve-JQKA.png").stat().st_size > 10_000


def test_the_curve_and_the_card_are_exact(written):
    curve = json.loads((written / "a" / "skill-curve-JQKA.json").read_text())
    rows = curve["tables"]["curve"]["rows"]
    counted = [row for row in rows if isinstance(row["rules"], int) or str(row["rules"]).isdigit()]
    assert [int(row["rules"]) for row in counted] == list(range(1, len(counted) + 1))
    edges = [Fraction(row["house_edge"]) for row in counted]
    assert edges == sorted(edges, reverse=True)                     # more rules never cost more
    optimal = Fraction(rows[-1]["house_edge"])
    limit = Fraction(rows[-2]["house_edge"])
    assert rows[-1]["rules"] == "optimal play" and round(float(optimal), 10) == -8.4263580864   # JQKA.md
    assert optimal <= limit <= edges[-1]
    card = json.loads((written / "a" / "strategy-card-JQKA.json").read_text())
    edge = {row["figure"]: Fraction(row["value"]) for row in card["tables"]["edge"]["rows"]}
    assert edge["house edge under optimal play"] == optimal
    assert edge["house edge with the card"] == edges[-1]          # within no point: the most rules
    costs = sum(Fraction(row["cost"]) for row in card["tables"]["card"]["rows"])
    assert costs == edge["what the card costs against optimal play"] == edges[-1] - optimal
    assert card["subject"]["rules"][0].endswith(": buy a sixth card")
    mix = json.loads((written / "a" / "skill-mix-JQKA.json").read_text())
    strategies = {row["strategy"]: Fraction(row["house_edge"]) for row in mix["tables"]["strategies"]["rows"]}
    assert strategies["optimal play"] == optimal and strategies[f"the strategy card ({len(card['subject']['rules'])} "
                                                                 "rules)"] == edges[-1]
    hold = Fraction(mix["tables"]["mix"]["rows"][0]["house_edge"])
    shares = {"optimal play": Fraction(1, 20), "the strategy card": Fraction(3, 5)}
    by_name = {name.split(" (")[0].split(":")[0]: edge for name, edge in strategies.items()}
    assert hold == (shares["optimal play"] * by_name["optimal play"] + shares["the strategy card"] * by_name["the strategy card"]
                    + Fraction(1, 5) * by_name["play any pair or better; with less, as the card says"]
                    + Fraction(3, 20) * by_name["never draw"])


def test_a_loose_target_takes_the_fewest_rules(capsys, written):
    code, out, _ = run(capsys, "lunar", "card", "--deck", "JQKA", "--target", "1000", "--format", "json",
                       "--store", str(written / "store.sqlite"))
    assert code == 0
    card = json.loads(out)
    assert len(card["tables"]["card"]["rows"]) == 1 and card["subject"]["target"] == "10"


@pytest.mark.parametrize("argv, word", [
    (["--rules", "0"], "--rules"),
    (["--rules", "500"], "--rules"),
    (["--target", "x"], "--target"),
    (["--target", "-1"], "--target"),
    (["--target", "9" * 5000], "--target"),
    (["--deck", "JQK"], "at least"),
    (["--paytable", "D"], "paytable"),
    (["--interpret", "L8=double"], "L8"),
    (["--workers", "-1"], "workers"),
    (["--max-shards", "-1"], "--max-shards"),
    (["--super", "0"], "--super"),
    (["--mix", "card=2"], "add up to 2"),
    (["--plot", "/proc/curve.png"], "curve.png"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, tmp_path, argv, word):
    code, out, err = run(capsys, "lunar", "card", "--deck", "JQKA", "--folder", str(tmp_path / "out"),
                         "--store", str(tmp_path / "s.sqlite"), *argv)
    assert code == 2 and out == ""
    lines = [line for line in err.splitlines() if line.startswith("combin: error:")]
    assert len(lines) == 1 and word in lines[0] and "Traceback" not in err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_a_folder_that_is_a_file_is_refused(capsys, tmp_path):
    (tmp_path / "f").write_text("x")
    code, _, err = run(capsys, "lunar", "card", "--deck", "JQKA", "--folder", str(tmp_path / "f"))
    assert code == 2 and "not a folder" in err


def test_the_card_is_one_printable_page(written, tmp_path):
    """The card as a person carries it: its HTML page holds every rule in words and none of the
    search's notes; Chromium prints it on one page (--pdf) and draws it (a screenshot, looked at)."""
    import re
    import shutil
    import subprocess
    page = (written / "a" / "strategy-card-JQKA.html").read_text()
    card = json.loads((written / "a" / "strategy-card-JQKA.json").read_text())
    assert page == (GAME / "strategy-card-JQKA.html").read_text()
    for rule in card["tables"]["card"]["rows"]:
        assert f">{rule['hands']}<" in page and f">{rule['action']}<" in page
    assert "How the search goes" not in page and "House edge with the card" in page
    if shutil.which("chromium") is None:
        pytest.skip("chromium is not installed")
    assert main(["lunar", "card", "--deck", "JQKA", "--folder", str(tmp_path), "--pdf",
                 "--store", str(written / "store.sqlite"), "--mix", MIX]) == 0
    pdf = (tmp_path / "strategy-card-JQKA.pdf").read_bytes()
    assert pdf[:5] == b"%PDF-" and len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1
    shot = tmp_path / "card.png"
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={tmp_path / 'p'}",
                    "--window-size=900,1000", f"--screenshot={shot}", (tmp_path / "strategy-card-JQKA.html").as_uri()],
                   capture_output=True, timeout=120, check=False)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000


def test_the_committed_52_card_card_is_what_the_pass_s_files_give(tmp_path, monkeypatch):
    """The 52-card card, curve and mix read back from the committed pass (human-NNN.json.gz beside the
    run's 256 shards; no option priced again): the same bytes as committed.  Every figure in them is a
    sum of the pass's integers, the pass being checked against every option on reduced decks
    (test_stud_human)."""
    full = GAME / "full"
    if len(list(full.glob("human-*.json.gz"))) < 256:
        pytest.skip("the 52-card strategy pass is not committed in full")
    # a copy of the folder (the command keeps its card beside the pass, card.json), under the same
    # relative name: the card names its source as make does
    import shutil
    copy = tmp_path / "tables" / "lunar" / "game" / "full"
    shutil.copytree(full, copy, ignore=shutil.ignore_patterns("basic-*", CARD_PINS))
    monkeypatch.chdir(tmp_path)
    assert main(["lunar", "card", "--shards", "tables/lunar/game/full", "--folder", str(tmp_path), "--workers", "0",
                 "--store", str(tmp_path / "store.sqlite"), "--mix", MIX, "--max-shards", "0", "-q"]) == 0
    assert (copy / CARD_PINS).read_bytes() == (full / CARD_PINS).read_bytes()
    for table in ("strategy-card", "skill-curve", "skill-mix"):
        for suffix in (".md", ".json"):
            assert (tmp_path / f"{table}{suffix}").read_bytes() == (GAME / f"{table}{suffix}").read_bytes(), table
    assert (tmp_path / "strategy-card.html").read_bytes() == (GAME / "strategy-card.html").read_bytes()
