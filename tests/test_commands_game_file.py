"""``--game-file FILE`` on ``combin game lunar`` and ``combin lunar advise|strategy|simulate``: a bad
file is one line, exit 2, before any work and with no output file; a good one is named on the sheet."""

import json

import pytest

from combin.cli import main

HEAD = 'id = "v"\ntitle = "A variant"\ncitation = "A proposal"\nderived_from = "lunar"\n'

BAD = {
    "missing citation": ('id = "v"\ntitle = "t"\nderived_from = "lunar"\n', ": a game file needs a text field 'citation'"),
    "unknown key": (HEAD + "[draws]\nfees = 2\n", ", line 6: unknown key 'draws.fees'"),
    "wrong type": (HEAD + "[draws]\nbuy = \"one\"\n", ", line 6: draws.buy must be 0 (no sixth card) or 1"),
    "derived from another game": (HEAD.replace('"lunar"', '"caribbean"'), ", line 4: derived_from = 'caribbean'"),
    "exchange out of range": (HEAD + "[draws]\nexchange = [0, 5]\n", ", line 6: draws.exchange = [0, 5] is out of range"),
    "malformed TOML": (HEAD + "[draws\n", ", line 5: not a valid TOML file"),
    "unknown reading value": (HEAD + '[force]\nreplace = "twice"\n', ", line 6: force.replace must be 'highest' or 'lowest'"),
    "fractional fee": (HEAD + "[draws]\nfee = 1.5\n", ", line 6: draws.fee = 3/2: the exact engines price whole Ante units only"),
}

COMMANDS = {
    "game": ["game", "lunar", "--deck", "JQKA", "--workers", "0"],
    "advise": ["lunar", "advise", "JS JD QH KC AD", "--up", "QS", "--deck", "JQKA"],
    "strategy": ["lunar", "strategy", "JS JD QH KC AD", "--up", "QS", "--deck", "JQKA"],
    "simulate": ["lunar", "simulate", "--deck", "JQKA", "--rounds", "10"],
}


def _refused(capsys, argv, out):
    code = main(argv + ["--out", str(out)])
    captured = capsys.readouterr()
    assert code == 2
    assert captured.out == "" and not out.exists()
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("combin: error: ")
    return lines[0]


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_game_file_is_one_line_exit_2_and_no_output(case, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)                # a store or a cache would land here
    body, message = BAD[case]
    path = tmp_path / "bad.toml"
    path.write_text(body)
    line = _refused(capsys, COMMANDS["game"] + ["--game-file", str(path)], tmp_path / "sheet.txt")
    assert line == f"combin: error: {path}{message}" or line.startswith(f"combin: error: {path}{message}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.toml"]       # no store, no output


@pytest.mark.parametrize("command", ["advise", "strategy", "simulate"])
def test_every_lunar_command_reads_the_file_first(command, tmp_path, capsys):
    path = tmp_path / "bad.toml"
    path.write_text(BAD["unknown key"][0])
    line = _refused(capsys, COMMANDS[command] + ["--game-file", str(path)], tmp_path / "x.txt")
    assert line == f"combin: error: {path}, line 6: unknown key 'draws.fees'" + line.split("'draws.fees'")[1]


def test_an_oversize_file_is_refused_unread(tmp_path, capsys):
    path = tmp_path / "big.toml"
    path.write_text(HEAD + "# " + "x" * (64 * 1024) + "\n")
    line = _refused(capsys, COMMANDS["game"] + ["--game-file", str(path)], tmp_path / "sheet.txt")
    assert line == f"combin: error: {path}: the game file is larger than 65,536 bytes"


def test_a_missing_file_and_an_unknown_reading_on_the_command_line(tmp_path, capsys):
    line = _refused(capsys, COMMANDS["game"] + ["--game-file", str(tmp_path / "none.toml")], tmp_path / "s.txt")
    assert "none.toml" in line
    line = _refused(capsys, COMMANDS["game"] + ["--interpret", "L9=dealt"], tmp_path / "s.txt")
    assert line == "combin: error: interpretation L9 has no value 'dealt' (values: final-hand, first-five)"


def test_the_sheet_names_the_file_and_what_it_changes(tmp_path, capsys, monkeypatch):
    """Lunar Poker without draws on 9TJQKA (seconds): the JSON names the file, its id, citation and
    SHA-256; the notes say what changed; the figure moves with the two pair's pay."""
    import hashlib
    monkeypatch.chdir(tmp_path)
    body = HEAD + '[bet_pays.pays]\ntwo_pair = "1 to 1"\n'
    path = tmp_path / "two-pair.toml"
    path.write_text(body)
    argv = ["game", "lunar", "--no-draw", "--deck", "9TJQKA", "--format", "json"]
    assert main(argv) == 0
    default = json.loads(capsys.readouterr().out)
    assert main(argv + ["--game-file", str(path)]) == 0
    sheet = json.loads(capsys.readouterr().out)
    found = sheet["subject"]["game_file"]
    assert found["sha256"] == hashlib.sha256(body.encode()).hexdigest()
    assert (found["id"], found["citation"], found["file"]) == ("v", "A proposal", str(path))
    assert found["changes"] == ["the Bet's pay on two pair: 1 to 1 (the registered game: 2 to 1)"]
    assert any("changes lunar as registered: the Bet's pay on two pair" in note for note in sheet["notes"])
    assert sheet["tables"] != default["tables"]


@pytest.mark.parametrize("command", ["advise", "strategy"])
def test_advice_and_strategy_name_the_file_and_price_its_game(command, tmp_path, capsys):
    """No sixth card in the file: the advice has no buy option, and the answer names the file."""
    path = tmp_path / "no-sixth.toml"
    path.write_text(HEAD + "[draws]\nbuy = 0\n")
    assert main(COMMANDS[command] + ["--game-file", str(path), "--format", "json"]) == 0
    sheet = json.loads(capsys.readouterr().out)
    assert sheet["subject"]["game_file"]["changes"] == [
        "cards a sixth-card purchase draws (0: no sixth card): 0 (the registered game: 1)"]
    if command == "advise":
        options = sheet["tables"]["options"]["rows"]
        assert options and not any("buy" in json.dumps(row) for row in options)
