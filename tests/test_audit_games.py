"""Several games in one bundle (issue 35, scope = the submission): ``--game baccarat --game
lunar`` (or ``game = [...]`` in a submission file) writes one manifest and one report over
both games, each game priced under the options that concern it, and ``--verify`` passes on
it and fails on a tampered file."""

import json

import pytest

from combin.audit.scope import Scope, per_game
from combin.audit.submission import parse_submission
from combin.cli import main
from combin.errors import CombinError
from combin.registry import games

SMALL = ["--rounds", "1000", "--hands", "1000", "--shoes", "100", "--seed", "5", "--workers", "1"]
#: Baccarat's Tie at 8 to 1 on 8 decks and Lunar's Super: two games, no whole-game run (fast).
TWO = ["--game", "baccarat", "--game", "lunar", "--wager", "baccarat.tie:8to1",
       "--wager", "lunar.super", "--decks", "8", "--rules", "ez"]


def test_each_game_takes_the_options_that_concern_it():
    scope = Scope.of_games(["baccarat", "lunar"], ["eclipse.eclipse:B"], rules="ez", decks="8",
                           interpret=(("E1", "paid-rows"), ("L8", "even-money")), deck="9TJQKA")
    baccarat, lunar = per_game(scope, games())
    assert (baccarat.game, baccarat.wagers, baccarat.pins, baccarat.rules, baccarat.decks,
            baccarat.deck, baccarat.interpret) == ("baccarat", ("eclipse.eclipse",),
                                                   (("eclipse.eclipse", "B"),), "ez", "8", None,
                                                   (("E1", "paid-rows"),))
    assert (lunar.game, lunar.wagers, lunar.rules, lunar.decks, lunar.deck, lunar.interpret) == (
        "lunar", (), None, None, "9TJQKA", (("L8", "even-money"),))
    assert scope.options()[:4] == ["--game", "baccarat", "--game", "lunar"]
    assert Scope.of_record(scope.record(), str) == scope


@pytest.mark.parametrize("scope, words", [
    (Scope.of_games(["baccarat", "lunar"], ["eclipse.sun7", "caribbean.x"]), "unknown wager 'caribbean.x'"),
    (Scope.of_games(["baccarat", "caribbean"], ["lunar.super"]),
     "--wager lunar.super is a wager of lunar, which no --game names"),
    (Scope.of_games(["baccarat", "lunar"], rules="super7"), "--rules super7: no game of this bundle"),
    (Scope.of_games(["baccarat", "lunar"], interpret=(("Z9", "x"),)), "--interpret Z9=x: no game"),
    (Scope.of_games(["baccarat", "craps"]), "unknown game 'craps'"),
])
def test_what_no_game_of_the_bundle_takes_is_refused(scope, words):
    with pytest.raises(CombinError, match=words):
        per_game(scope, games())


def test_a_game_named_twice_is_refused():
    with pytest.raises(CombinError, match="names a game twice"):
        Scope.of_games(["lunar", "lunar"])


def test_a_submission_file_lists_several_games():
    found = parse_submission('game = ["baccarat", "lunar"]\nwagers = ["baccarat.tie:8to1"]\n'
                             'decks = "8"\n', "rs.toml")
    assert found.scope == Scope.of_games(["baccarat", "lunar"], ["baccarat.tie:8to1"], decks="8")
    assert found.scope.record()["games"] == ["baccarat", "lunar"]


def test_one_bundle_of_two_games_verifies_and_a_tampered_file_fails(tmp_path, capsys):
    out = tmp_path / "rs"
    assert main(["audit", "--out", str(out), *TWO, *SMALL]) == 0
    capsys.readouterr()
    manifest = json.loads((out / "manifest.json").read_text())
    assert sorted(manifest["verdicts"]) == ["baccarat", "lunar"]
    assert manifest["scope"]["games"] == ["baccarat", "lunar"] and manifest["scope"]["game"] is None
    assert manifest["command"].startswith("combin audit --seed 5 --rounds 1000 --hands 1000 "
                                          "--shoes 100 --game baccarat --game lunar --rules ez --decks 8")
    sheets = sorted(p.relative_to(out).as_posix() for p in out.rglob("parsheets/**/*.md"))
    assert sheets == ["baccarat/parsheets/8-decks/rules-ez/baccarat.tie-8to1.md",
                      "lunar/parsheets/1-deck/lunar.super-posted.md"]
    report = (out / "REPORT.md").read_text()
    assert ("| Configuration | baccarat: baccarat.tie (paytable 8to1), rules ez, decks 8; "
            "lunar: lunar.super |") in " ".join(report.split())
    assert "Baccarat" in report and "Lunar Poker" in report
    # each game's own report names its own configuration only
    assert "lunar" not in (out / "baccarat" / "REPORT.md").read_text().split("Configuration", 1)[1].split("\n")[0]
    assert main(["audit", "--verify", str(out), "--workers", "1"]) == 0
    assert "verified" in capsys.readouterr().out
    sheet = out / "lunar" / "parsheets" / "1-deck" / "lunar.super-posted.csv"
    sheet.write_text(sheet.read_text().replace("200", "201", 1))
    with pytest.raises(SystemExit) as stop:
        main(["audit", "--verify", str(out), "--hashes-only"])
    assert stop.value.code == 1
    assert "hash differs: lunar/parsheets/1-deck/lunar.super-posted.csv" in capsys.readouterr().err


def test_the_paytable_goes_to_the_games_whose_unpinned_wagers_offer_it():
    """The issue's submission: the Eclipse package under B (each wager pinned), the Tie at 8 to
    1, and Lunar's instant payout under A (``--paytable A``): A is Lunar's alone."""
    eclipse = [f"eclipse.{name}:B" for name in ("sun7", "moon8", "supreme7", "divine9", "eclipse")]
    scope = Scope.of_games(["baccarat", "lunar"], [*eclipse, "baccarat.tie:8to1", "baccarat.banker"],
                           rules="ez", decks="8", paytable="A")
    baccarat, lunar = per_game(scope, games())
    assert baccarat.paytable is None and lunar.paytable == "A"
    assert per_game(Scope.of_games(["baccarat", "lunar"], paytable="B"), games())[0].paytable == "B"
