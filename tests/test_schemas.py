"""Every command's JSON validates against the schema shipped for its format."""

import json

import jsonschema
import pytest

from combin.version import __version__
from combin.cli import main
from combin.schemas import KINDS, load, validate

COMMANDS = {
    "parsheet": ["par", "eclipse.supreme7", "--paytable", "B"],
    "sensitivity": ["sensitivity", "eclipse.eclipse"],
    "compare": ["compare", "eclipse.moon8", "--paytable", "A,B", "--decks", "6,8"],
    "decks": ["decks", "eclipse.sun7", "--decks-list", "1,8"],
    "eor": ["eor", "eclipse.moon8"],
    "shoe": ["shoe", "eclipse.sun7", "--shoe", "8d-99998888"],
    "count": ["count", "eclipse.sun7", "--triggers", "always,2", "--shoes", "40",
              "--workers", "1"],
    "solve": ["solve", "eclipse.moon8", "--target-edge", "5%"],
    "package": ["package", "--eclipse"],
    "hands": ["hands", "--cards", "5"],
    "list": ["list"],
    "stud_game": ["game", "caribbean", "--deck", "JQKA"],
    "advise": ["lunar", "advise", "AS KD TH TC JD", "--up", "QS", "--deck", "TJQKA"],
    "lunar_game": ["game", "lunar", "--deck", "JQKA", "--sample", "80", "--seed", "1",
                   "--workers", "0", "--strategy-table"],
    "lunar_strategy": ["lunar", "strategy", "AS KD TH TC JD", "--up", "QS", "--deck", "TJQKA"],
    "lunar_simulation": ["lunar", "simulate", "--deck", "JQKA", "--rounds", "50"],
    "remedy": ["solve", "lunar", "--vary", "draws.fee", "--deck", "JQKA", "--target-edge=-500%"],
    "variants": ["lunar", "variants", "--deck", "JQKA", "--only", "no-exchange"],
    "strategy_card": ["lunar", "card", "--deck", "JQKA"],
    # written into the folder of --folder, beside the card
    "skill_curve": ["lunar", "card", "--deck", "JQKA", "--folder"],
    "skill_mix": ["lunar", "card", "--deck", "JQKA", "--mix", "card=1/2,optimal=1/2", "--folder"],
}


def test_every_format_has_a_command_here():
    assert sorted(COMMANDS) == sorted(KINDS)


@pytest.mark.parametrize("kind", sorted(COMMANDS))
def test_the_command_json_validates(capsys, kind, tmp_path, request):
    store = ["--store", str(tmp_path / "store.sqlite")] if kind in ("lunar_game", "remedy", "variants") else []
    if kind in ("remedy", "variants"):     # the JSON of finished runs: the JQKA game's and the remedy's first
        request.getfixturevalue("jqka_store")(tmp_path / "store.sqlite")
    if kind == "lunar_simulation":        # the rounds play the strategy of an exact run's shards
        shards = str(tmp_path / "shards")
        assert main(["-q", "game", "lunar", "--deck", "JQKA", "--shards", shards, "--shard-count", "2",
                     "--workers", "0", "--store", str(tmp_path / "store.sqlite")]) == 0
        capsys.readouterr()
        store = ["--shards", shards]
    if kind in ("strategy_card", "skill_curve", "skill_mix"):
        store = ["--store", str(tmp_path / "store.sqlite")]
    if COMMANDS[kind][-1] == "--folder":
        assert main([*COMMANDS[kind], str(tmp_path / "out"), *store]) == 0
        obj = json.loads((tmp_path / "out" / f"{kind.replace('_', '-')}-JQKA.json").read_text())
    else:
        assert main([*COMMANDS[kind], *store, "--format", "json"]) == 0
        obj = json.loads(capsys.readouterr().out)
    assert obj["format"] == f"combin.{kind}/2" and obj["tool"]["version"] == __version__
    assert validate(obj) == kind


def test_a_schema_rejects_what_it_must():
    obj = {"format": "combin.parsheet/2", "tool": {"name": "combin", "version": __version__},
           "title": "t", "subject": {}, "identification": {}, "tables": {}, "notes": [],
           "figures": []}
    with pytest.raises(jsonschema.ValidationError):          # no subject keys, no tables
        validate(obj)
    with pytest.raises(jsonschema.ValidationError):          # thousands separators
        validate({**obj, "format": "combin.list/2",
                  "tables": {"t": {"title": "t", "columns": [{"key": "n", "heading": "N"}],
                                   "rows": [{"n": "4,998,398"}]}}})
    assert load("document")["$id"] == "urn:combin:schema:document"


def test_the_lunar_game_schema_asks_for_the_sd_and_the_returns(tmp_path, capsys, jqka_store):
    store = ["--store", str(jqka_store(tmp_path / "store.sqlite")), "--workers", "0"]
    assert main(["game", "lunar", "--deck", "JQKA", *store, "--format", "json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert validate(obj) == "lunar_game"
    summary = obj["tables"]["summary"]["rows"]
    without_sd = {**obj, "tables": {**obj["tables"], "summary": {
        **obj["tables"]["summary"], "rows": [row for row in summary if row["figure"] != "SD per Ante"]}}}
    with pytest.raises(jsonschema.ValidationError):
        validate(without_sd)
    results = obj["tables"]["results"]
    without_return = {**obj, "tables": {**obj["tables"], "results": {
        **results, "rows": [{k: v for k, v in row.items() if not k.startswith("return")}
                            for row in results["rows"]]}}}
    with pytest.raises(jsonschema.ValidationError):
        validate(without_return)
    # the house edge and the element of risk in percent, and the whole game by instant paytable
    for figure in ("house edge per Ante, in percent", "element of risk, in percent"):
        without = {**obj, "tables": {**obj["tables"], "summary": {
            **obj["tables"]["summary"], "rows": [row for row in summary if row["figure"] != figure]}}}
        with pytest.raises(jsonschema.ValidationError):
            validate(without)
    with pytest.raises(jsonschema.ValidationError):
        validate({**obj, "tables": {k: v for k, v in obj["tables"].items() if k != "paytables"}})
    # JQKA holds no straight: no instant payout, the same game under A, B and C
    edge = next(row["value"] for row in summary if row["figure"] == "house edge per Ante")
    for row in obj["tables"]["paytables"]["rows"]:
        if row["figure"].startswith("house edge per Ante"):
            assert row["paytable_a"] == row["paytable_b"] == row["paytable_c"] == edge
