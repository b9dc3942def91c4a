"""combin list: one Document with a table of wagers, rule sets, interpretations per game."""

import json

from combin.cli import main
from combin.documents.listing import capabilities, listing_document
from combin.registry import games


def test_every_game_has_its_tables():
    doc = listing_document()
    names = [t.name for t in doc.tables]
    for game in games():
        assert f"{game.id}_wagers" in names and f"{game.id}_interpretations" in names
    wagers = doc.table("baccarat_wagers")
    ids = [row[0].value for row in wagers.rows]
    assert "eclipse.sun7" in ids and "baccarat.banker" in ids


def test_list_as_json(capsys):
    assert main(["list", "--format", "json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["format"] == "combin.list/2" and "baccarat" in obj["subject"]["games"]
    sun7 = [r for r in obj["tables"]["baccarat_wagers"]["rows"] if r["wager"] == "eclipse.sun7"]
    assert sun7[0]["paytables"] == "A* B C"


def test_capabilities_are_asked_of_the_game():
    baccarat = [g for g in games() if g.id == "baccarat"][0]
    assert "game protection" in capabilities(baccarat)


def test_the_stud_games_are_listed_with_their_commands():
    from combin.documents.listing import listing
    text = listing()
    assert "Caribbean Stud [caribbean]" in text
    offered = {g.id: capabilities(g) for g in games()}
    assert "combin game caribbean" in offered["caribbean"]
    assert "combin game lunar" in offered["lunar"] and "combin lunar advise" in offered["lunar"]
    assert "whole game" not in offered["baccarat"]


def test_every_wager_and_interpretation_is_listed():
    from combin.documents.listing import listing
    text = listing()
    for game in games():
        assert f"{game.title} [{game.id}]" in text
        assert all(wager in text for wager in game.wagers)
        assert all(interp in text for interp in game.interpretations)
    assert "Offers: game protection" in text


def test_the_instant_payout_is_not_listed_among_the_wagers():
    document = listing_document()
    wagers = next(t for t in document.tables if t.name == "lunar_wagers")
    assert [row[0].value if hasattr(row[0], "value") else row[0] for row in wagers.rows] == [
        "lunar.super"]
    assert "lunar.instant) is not a wager: combin game lunar" in wagers.note


def test_list_prints_the_regulation_text_each_interpretation_reads(capsys):
    """README: ``combin list`` prints every interpretation with the regulation text it reads;
    the words are those of each game's data file, read here directly."""
    import tomllib
    from pathlib import Path
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    root = Path(__file__).resolve().parents[1] / "combin"
    for name in ("baccarat", "lunar"):
        data = tomllib.loads((root / name / "data" / "interpretations.toml").read_text())
        assert data["interpretation"]
        for entry in data["interpretation"]:
            line = next(line for line in out.splitlines() if line.startswith(entry["id"] + " ")
                        and entry["reads"] in line)
            assert line.split()[0] == entry["id"]
