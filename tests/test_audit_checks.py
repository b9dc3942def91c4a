"""The audit gathers each game's own cross-checks."""

from combin.audit.checks import game_checks
from combin.core.crosscheck import Check
from combin.core.game import Game


def test_a_game_without_checks_has_none():
    game = Game("none", "No game", "none", {}, {}, {}, outcomes=lambda: None)
    assert game_checks(game) == []


def test_a_game_s_checks_are_asked_of_the_game():
    def checks(game, progress):
        progress(f"checking {game.id}")
        return [Check("invariant", f"{game.id} holds", "by construction", True)]
    said = []
    game = Game("toy", "Toy", "none", {}, {}, {}, outcomes=lambda: None, checks=checks)
    assert [c.name for c in game_checks(game, said.append)] == ["toy holds"]
    assert said == ["checking toy"]
