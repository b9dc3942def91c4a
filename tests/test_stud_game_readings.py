"""combin.stud.game.readings and ``combin game lunar --shards DIR --readings FILE``: the default
game's sheet gives each other reading's house edge beside its own, from that reading's own exact
run, and says a ruling is required where one moves it.

Second methods: on 52 cards the committed L8=even-money row is the L8 run's shards summed again
here; on JQKA each reading's edge is a fresh exact run of the game under that reading (the
whole-game engine without shards), not the table the sheet read."""

import json
from fractions import Fraction
from pathlib import Path

import pytest

import combin
from combin.cli import main
from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from combin.stud.game.assembled import read_run
from combin.stud.game.readings import reading_edges, run_readings
from combin.stud.game.shards import FolderReader, assemble
from combin.stud.game.spec import RunSpec

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "tables" / "lunar" / "game"
JQKA_TABLE = GAME / "variants-JQKA.json"


def display_percent(value):
    from combin.files.display import percent
    return percent(value)


def _edge_of_shards(folder: Path, rules) -> Fraction:
    deck = Deck.parse(None)
    scale, totals, _ = assemble(deck, rules, folder, FolderReader(folder, RunSpec.of(deck, rules)))
    return -Fraction(totals.best, scale * totals.weight)


def test_the_52_card_sheet_gives_each_priced_reading_from_its_own_run():
    lunar = load_rules("lunar")
    found = read_run(Deck.parse(None), lunar.resolve(), GAME / "full")
    readings = run_readings(found, GAME / "variants.json")
    by_reading = {(r.interpretation, r.value): r.edge for r in readings.priced}
    # the L8 row of the table is the L8 run's shards, summed again here
    l8 = _edge_of_shards(GAME / "variants" / "L8-even-money", lunar.resolve(None, {"L8": "even-money"}))
    assert by_reading[("L8", "even-money")] == l8
    # the row as run again in 16 shards (its first run chose a worse exchange in 147 classes)
    assert l8 == Fraction(-12526942717697774489, 43568942325791883000) and l8 < Fraction(-28, 100)
    own = -Fraction(found.totals.best, found.scale * found.totals.weight)
    assert own != l8
    # every reading of the data is either priced or named as not yet priced, never both
    named = {f"{k}={v}" for k, v in by_reading} | set(readings.pending)
    assert len(named) == len(readings.priced) + len(readings.pending) == 6
    # the committed sheet says so, in its summary and in words
    sheet = json.loads((GAME / "full-deck.json").read_text())
    assert {"interpretation": "L8", "reading": "even-money",
            "house_edge": f"{l8.numerator}/{l8.denominator}"} in sheet["subject"]["ruling_required"]
    text = (GAME / "full-deck.md").read_text()
    assert "| Ruling required  | yes: the regulation leaves open a reading that moves this figure -- L7" in text
    assert "-2.0417% under L8=push (this sheet), -28.7520% under L8=even-money" in text
    import re
    assert re.search(r"^\| house edge per Ante if L8=even-money, in percent +\| +-28\.7520009644% \|$", text, re.M)
    # the L11 row too: its shards summed again here, the house edge of a reading that favours the house
    l11 = _edge_of_shards(GAME / "variants" / "L11-first-only", lunar.resolve(None, {"L11": "first-only"}))
    assert by_reading[("L11", "first-only")] == l11 > 0
    assert f"{display_percent(l11)} under L11=first-only" in text
    # and L7's: going on after a straight flush moves the figure by about a tenth of a point
    l7 = _edge_of_shards(GAME / "variants" / "L7-continue", lunar.resolve(None, {"L7": "continue"}))
    assert by_reading[("L7", "continue")] == l7 and Fraction(-22, 1000) < l7 < own
    assert f"{display_percent(own)} under L7=ends-round (this sheet), {display_percent(l7)} under L7=continue" in text
    # and L10's: forcing replaces the dealer's lowest card, worth about 0.45 point more to the player
    l10 = _edge_of_shards(GAME / "variants" / "L10-replace-lowest-once", lunar.resolve(None, {"L10": "replace-lowest-once"}))
    assert by_reading[("L10", "replace-lowest-once")] == l10 and Fraction(-26, 1000) < l10 < Fraction(-24, 1000)
    assert f"{display_percent(l10)} under L10=replace-lowest-once" in text


@pytest.fixture(scope="module")
def jqka(tmp_path_factory):
    """A JQKA run in 256 shards (more shards than some hold classes: empty shards are written)."""
    where = tmp_path_factory.mktemp("readings")
    out = where / "sheet.json"
    assert main(["game", "lunar", "--deck", "JQKA", "--shards", str(where / "run"), "--workers", "0",
                 "--store", str(where / "s.sqlite"), "--readings", str(JQKA_TABLE),
                 "--format", "json", "--out", str(out), "-q"]) == 0
    return where, json.loads(out.read_text())


def test_each_reading_on_jqka_is_a_fresh_exact_run_of_that_reading(jqka):
    _, sheet = jqka
    rows = {row["figure"]: Fraction(row["value"]) for row in sheet["tables"]["summary"]["rows"]
            if row["figure"].startswith("house edge per Ante")}
    own = rows["house edge per Ante"]
    # the run in 256 shards, some of them empty, is the run in one piece
    from combin.stud.game.shards import plan_shards
    assert sum(shard.classes == 0 for shard in plan_shards(Deck.parse("JQKA"), 256)) > 0
    assert own == combin.game("lunar", deck="JQKA").house_edge
    moved = set()
    for key, value in (("L7", "continue"), ("L8", "even-money"), ("L9", "first-five"),
                       ("L10", "replace-lowest-once"), ("L11", "first-only"), ("L12", "one-to-five")):
        fresh = combin.game("lunar", deck="JQKA", interpret={key: value}).house_edge
        assert rows[f"house edge per Ante if {key}={value}"] == fresh
        assert rows[f"house edge per Ante if {key}={value}, in percent"] == fresh
        if fresh != own:
            moved.add(key)
    # a ruling is asked exactly for the readings that move the figure (on JQKA: L8 and L11)
    assert moved == {"L8", "L11"}
    assert {row["interpretation"] for row in sheet["subject"]["ruling_required"]} == moved
    ruling = dict((row["label"], row["value"]) for row in sheet["identification"]) \
        if isinstance(sheet["identification"], list) else sheet["identification"]
    words = str(ruling["ruling_required"])
    assert "L8=even-money" in words and "L11=first-only" in words and "L7" not in words


def _table(where: Path, edit) -> Path:
    document = json.loads(JQKA_TABLE.read_text())
    edit(document)
    path = where / "t.json"
    path.write_text(json.dumps(document))
    return path


def _refused(argv, message, capsys, out: Path):
    assert main(argv + ["--format", "md", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("combin: error: ") and message in err, err
    assert not out.exists()


def _rows(document):
    return document["tables"]["variants"]["rows"]


@pytest.mark.parametrize("edit, message", [
    (lambda d: _rows(d)[0].update(house_edge="-1/3"), "its default row's house edge is not this run's"),
    (lambda d: _rows(d)[2].update(house_edge="1/0"), "not an exact value"),
    (lambda d: _rows(d)[2].update(house_edge="9" * 500), "not an exact value"),
    (lambda d: d["tables"].update(variants=[]), "no table of variants rows"),
    (lambda d: d["subject"].update(deck="TJQKA"), "a variants table of lunar on TJQKA, not of this sheet"),
    (lambda d: d.update(format="combin.parsheet/1"), "not a variants table"),
    (lambda d: d["tables"]["variants"].update(rows=[r for r in _rows(d) if r["change"] != "default"]),
     "no row of the default game"),
], ids=["tampered-default", "zero-denominator", "too-long", "no-rows", "other-deck", "other-format",
        "no-default"])
def test_a_bad_or_tampered_table_is_refused_in_one_line(jqka, edit, message, capsys, tmp_path):
    where, _ = jqka
    table = _table(tmp_path, edit)
    _refused(["game", "lunar", "--deck", "JQKA", "--shards", str(where / "run"), "--max-shards", "0",
              "--readings", str(table), "-q"], message, capsys, tmp_path / "out.md")


@pytest.mark.parametrize("extra, readings, message", [
    (["--interpret", "L8=even-money"], JQKA_TABLE, "this sheet is not the default game (L8=even-money)"),
    ([], "/dev/zero", "the variants table must be a regular file"),
    ([], "missing.json", "missing.json"),
    ([], "NOTJSON", "not a variants table (JSON"),
    ([], "LIST", "not a variants table (JSON object expected)"),
], ids=["not-default", "device", "missing", "not-json", "json-list"])
def test_a_bad_readings_option_is_refused_before_any_work(extra, readings, message, capsys, tmp_path):
    if readings == "NOTJSON":
        readings = tmp_path / "t.json"
        readings.write_text("{ not json")
    elif readings == "LIST":
        readings = tmp_path / "t.json"
        readings.write_text("[1, 2]")
    run = tmp_path / "run"
    _refused(["game", "lunar", "--deck", "JQKA", "--shards", str(run), "--workers", "0",
              "--readings", str(readings), *extra], message, capsys, tmp_path / "out.md")
    assert not run.exists()         # nothing was priced


def test_readings_need_a_run_in_shards(capsys, tmp_path):
    _refused(["game", "lunar", "--deck", "JQKA", "--workers", "0", "--readings", str(JQKA_TABLE)],
             "--readings apply to a run with --shards DIR", capsys, tmp_path / "out.md")


def test_a_table_beside_a_run_of_another_game_is_left_aside_not_applied(jqka):
    """Not asked for (the variants.json beside the shards, as the API and the audit read it), a
    table is applied only to the default game's sheet; asked for, it is checked."""
    where, _ = jqka
    deck = Deck.parse("JQKA")
    other = load_rules("lunar").resolve(None, {"L8": "even-money"})
    found = read_run(deck, load_rules("lunar").resolve(), where / "run")
    assert run_readings(found, where / "no-table.json", strict=False) is None
    assert run_readings(found, None) is None
    table = json.loads(JQKA_TABLE.read_text())
    with pytest.raises(combin.CombinError, match="not the default game"):
        reading_edges(table, other, deck, Fraction(0), "t")
    assert run_readings(found._replace(rules=other), JQKA_TABLE, strict=False) is None
