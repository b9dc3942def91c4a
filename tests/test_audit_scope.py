"""The scope of a bundle: what it covers, how it is recorded and read back, what is refused."""

import pytest

from combin.audit.scope import Scope, jobs, scoped_games
from combin.errors import CombinError
from combin.registry import find_game, games


def test_the_record_reads_back_to_the_same_scope():
    scope = Scope(game="baccarat", wagers=("eclipse.moon8",), paytable="M30", decks="6",
                  interpret=(("E1", "paid-rows"),), paytable_files=(("m.toml", "text"),))
    record = scope.record()
    assert record["paytable_files"] == ["inputs/m.toml"]
    assert Scope.of_record(record, {"inputs/m.toml": "text"}.__getitem__) == scope
    assert scope.options() == ["--game", "baccarat", "--paytable", "M30", "--decks", "6",
                               "--wager", "eclipse.moon8", "--interpret", "E1=paid-rows",
                               "--paytable-file", "inputs/m.toml"]


def test_the_empty_scope_is_every_game_and_the_stud_games():
    registry, studs = scoped_games(Scope(), games())
    assert [g.id for g in registry] == ["baccarat", "lunar"] and studs == ["lunar", "caribbean"]
    assert scoped_games(Scope(wagers=("lunar.super",)), games()) == ([find_game("lunar")], [])
    assert scoped_games(Scope(game="caribbean"), games()) == ([], ["caribbean"])


@pytest.mark.parametrize("scope, words", [
    (Scope(game="craps"), "unknown game 'craps'"),
    (Scope(wagers=("eclipse.sun8",)), "unknown wager 'eclipse.sun8'"),
    (Scope(game="lunar", wagers=("eclipse.sun7",)), "one bundle covers one game"),
    (Scope(rules="ez"), "add --game"),
    (Scope(game="baccarat", deck="9TJQKA"), "--deck names the ranks of a stud game"),
])
def test_a_scope_that_names_nothing_real_is_refused(scope, words):
    with pytest.raises(CombinError, match=words):
        scoped_games(scope, games())


def test_jobs_group_the_rule_sets_of_one_paytable():
    baccarat = find_game("baccarat")
    found = [(w.id, p, r) for w, p, r in jobs(baccarat, Scope(wagers=("baccarat.player",
                                                                     "baccarat.banker")))]
    # The Banker's paytable is imposed by its rule set; the Player's is one for all three.
    assert found == [("baccarat.banker", "standard", ["standard"]), ("baccarat.banker", "ez", ["ez"]),
                     ("baccarat.banker", "super6", ["super6"]),
                     ("baccarat.player", "standard", ["standard", "ez", "super6"])]
    assert [p for _, p, _ in jobs(baccarat, Scope(wagers=("eclipse.sun7",), paytable="B"))] == ["B"]
    lunar = [w.id for w, _, _ in jobs(find_game("lunar"), Scope())]
    assert lunar == ["lunar.super"]   # the instant payout is part of the Ante, not a wager
    with pytest.raises(CombinError, match="rule set"):
        list(jobs(baccarat, Scope(wagers=("baccarat.tie",), rules="super7")))
