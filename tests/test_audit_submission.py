"""combin.audit.submission: a Rules Submission file gives the bundle's scope and the
laboratory's fields; it is carried in the bundle and --verify holds the manifest to it."""

import json

import pytest

from combin.audit.scope import Scope
from combin.audit.submission import disagreement, parse_submission
from combin.cli import main
from combin.errors import CombinError

SUBMISSION = """# Rules Submission RS-2026-117: commission-free baccarat, the Tie at 8 to 1
client = "Casino X"
submission = "RS-2026-117"
prepared_by = "Test Lab"
date = "2026-12-04"
game = "baccarat"
wagers = ["baccarat.tie:8to1", "eclipse.sun7:B"]
rules = "ez"
decks = "8"
"""
SMALL = ["--rounds", "1000", "--hands", "1000", "--shoes", "100", "--seed", "3", "--workers", "1"]


def test_the_file_gives_the_scope_and_the_fields():
    found = parse_submission(SUBMISSION, "rs.toml")
    assert found.scope == Scope.with_wagers(["baccarat.tie:8to1", "eclipse.sun7:B"], game="baccarat",
                                            rules="ez", decks="8")
    assert found.lab == {"client": "Casino X", "submission": "RS-2026-117", "prepared_by": "Test Lab",
                         "date": "2026-12-04"}
    assert disagreement(found, found.scope, found.lab) == []
    assert disagreement(found, Scope.with_wagers(["baccarat.tie:9to1", "eclipse.sun7:B"], game="baccarat",
                                                 rules="ez", decks="8"), found.lab) == [
        "the manifest's wagers is ['baccarat.tie:9to1', 'eclipse.sun7:B'], the submission file's "
        "['baccarat.tie:8to1', 'eclipse.sun7:B']"]
    assert disagreement(found, found.scope, {**found.lab, "client": "Casino Y"}) == [
        "the manifest's client is 'Casino Y', the submission file's 'Casino X'"]


@pytest.mark.parametrize("edit, words", [
    (("client = \"Casino X\"", "client = 7"), "rs.toml, line 2: 'client' must be a text in quotes, not int"),
    (("decks = \"8\"", "dekcs = \"8\""), "rs.toml, line 9: unknown key 'dekcs'"),
    (("date = \"2026-12-04\"", "date = \"04/12/2026\""), "rs.toml, line 5: 'date' takes YYYY-MM-DD"),
    (("client = \"Casino X\"", "client = \"Casino\\nHouse edge: 0%\""), "rs.toml, line 2: 'client' must be a plain text"),
    (("client = \"Casino X\"", "client = \"Casino \\u202eX\""), "rs.toml, line 2: 'client' must be a plain text"),
    (("wagers = [", "wagers = [\"eclipse.sun7:A\", "), "rs.toml, line 7: 'wagers': names a wager twice"),
    (("rules = \"ez\"", "rules = \"ez\"\nrules = \"super6\""), "rs.toml, line 9: duplicate line"),
    (("game = \"baccarat\"", "game = [\"baccarat\", 7]"), "rs.toml, line 6: 'game' must be a text in quotes, not int"),
    (("game = \"baccarat\"", "game = [\"baccarat\", \"baccarat\"]"), "rs.toml, line 6: 'game': names a game twice"),
])
def test_a_bad_file_is_one_line_naming_its_line(edit, words):
    with pytest.raises(CombinError) as error:
        parse_submission(SUBMISSION.replace(*edit), "rs.toml")
    assert str(error.value).startswith(words), str(error.value)


def test_one_command_files_the_submission_and_verify_holds_the_manifest_to_it(tmp_path, capsys):
    source = tmp_path / "rs.toml"
    source.write_text(SUBMISSION)
    out = tmp_path / "bundle"
    assert main(["audit", "--out", str(out), "--submission-file", str(source), *SMALL]) == 0
    capsys.readouterr()
    assert (out / "inputs" / "rs.toml").read_text() == SUBMISSION
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["scope"]["submission_file"] == "inputs/rs.toml"
    assert manifest["scope"]["wagers"] == ["baccarat.tie:8to1", "eclipse.sun7:B"]
    assert manifest["lab"]["client"] == "Casino X" and manifest["lab"]["date"] == "2026-12-04"
    assert manifest["command"] == ("combin audit --seed 3 --rounds 1000 --hands 1000 --shoes 100 "
                                   "--submission-file inputs/rs.toml")
    sheets = sorted(p.relative_to(out).as_posix() for p in (out / "baccarat" / "parsheets").rglob("*.md"))
    assert sheets == ["baccarat/parsheets/8-decks/eclipse.sun7-B.md",
                      "baccarat/parsheets/8-decks/rules-ez/baccarat.tie-8to1.md"]
    report = (out / "REPORT.md").read_text()
    assert "Casino X" in report and "RS-2026-117" in report
    assert main(["audit", "--verify", str(out), "--workers", "1"]) == 0
    capsys.readouterr()
    # the manifest edited to another paytable for the Tie: the bundle's own file says otherwise
    manifest["scope"]["wagers"] = ["baccarat.tie:9to1", "eclipse.sun7:B"]
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2))
    with pytest.raises(SystemExit) as stop:
        main(["audit", "--verify", str(out), "--hashes-only"])
    assert stop.value.code == 1
    assert ("the submission file inputs/rs.toml disagrees: the manifest's wagers is "
            "['baccarat.tie:9to1', 'eclipse.sun7:B'], the submission file's "
            "['baccarat.tie:8to1', 'eclipse.sun7:B']") in capsys.readouterr().err


@pytest.mark.parametrize("extra, words", [
    (["--game", "lunar"], "--submission-file gives the scope and the laboratory's fields; drop --game"),
    (["--client", "Y", "--wager", "eclipse.sun7"], "drop --wager, --client"),
    (["--date", "2026-01-01"], "rs.toml gives the date; drop --date"),
])
def test_options_beside_the_file_are_refused_before_any_work(tmp_path, capsys, extra, words):
    source = tmp_path / "rs.toml"
    source.write_text(SUBMISSION)
    out = tmp_path / "bundle"
    assert main(["audit", "--out", str(out), "--submission-file", str(source), *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith("combin: error: ") and words in err and err.count("\n") == 1
    assert not out.exists()
