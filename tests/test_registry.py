"""The registry: games in order, lookups by id, and registering a game defined elsewhere."""

import pytest

from combin import registry
from combin.errors import CombinError
from combin.core.game import Game


def test_games_come_in_registration_order():
    assert [g.id for g in registry.games()] == ["baccarat", "lunar", "caribbean"]
    assert registry.GAME_MODULES == ("combin.baccarat", "combin.lunar", "combin.caribbean")


def test_lookups_name_what_is_known():
    assert registry.find_game("lunar").title == "Lunar Poker"
    assert registry.find_wager("eclipse.sun7")[1].title == "Sun 7"
    game, package = registry.find_package("eclipse")
    assert game.id == "baccarat" and len(package.wagers) == 5
    for lookup, name in ((registry.find_game, "poker"), (registry.find_wager, "x.y"),
                         (registry.find_package, "none")):
        with pytest.raises(CombinError, match=f"unknown .* '{name}'"):
            lookup(name)


def test_a_registered_game_clashing_with_a_wager_is_refused():
    sun7 = registry.find_wager("eclipse.sun7")[1]
    copy = Game("copy", "Copy", "none", {"eclipse.sun7": sun7}, {}, {}, outcomes=lambda: None)
    with pytest.raises(ValueError, match="eclipse.sun7 already belong to baccarat"):
        registry.register(copy)
    assert [g.id for g in registry.games()] == ["baccarat", "lunar", "caribbean"]
