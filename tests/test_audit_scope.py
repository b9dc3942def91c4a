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


def test_a_wager_is_filed_under_its_own_paytable():
    """Issue 35 item 2: ``--wager baccarat.tie:8to1`` files the Tie at 8 to 1 alone (a single
    ``--paytable`` filed it under both of its paytables); a pinned Banker paytable keeps only the
    rule sets that allow it; the pins are recorded and read back."""
    baccarat = find_game("baccarat")
    scope = Scope.with_wagers(["baccarat.tie:8to1", "baccarat.banker", "eclipse.supreme7:B", "eclipse.sun7"],
                              game="baccarat", paytable="A", rules="ez", decks="8")
    found = [(w.id, p, r) for w, p, r in jobs(baccarat, scope)]
    assert found == [("baccarat.banker", "ez", ["ez"]), ("baccarat.tie", "8to1", ["ez"]),
                     ("eclipse.sun7", "A", [None]), ("eclipse.supreme7", "B", [None])]
    unpinned = [(w.id, p) for w, p, _ in jobs(baccarat, Scope(wagers=("baccarat.tie",), rules="ez"))]
    assert unpinned == [("baccarat.tie", "8to1"), ("baccarat.tie", "9to1")]
    banker = Scope.with_wagers(["baccarat.banker:standard"], game="baccarat")
    assert [(p, r) for _, p, r in jobs(baccarat, banker)] == [("standard", ["standard"])]
    record = scope.record()
    assert record["wagers"] == ["baccarat.tie:8to1", "baccarat.banker", "eclipse.supreme7:B", "eclipse.sun7"]
    assert Scope.of_record(record, lambda path: "") == scope
    assert "--wager baccarat.tie:8to1" in " ".join(scope.options())
    assert scope.describe().startswith("baccarat: baccarat.tie (paytable 8to1), baccarat.banker, "
                                       "eclipse.supreme7 (paytable B)")


@pytest.mark.parametrize("wagers, words", [
    (["baccarat.tie:9to2"], "unknown paytable of baccarat.tie '9to2' (known: 8to1, 9to1)"),
    (["eclipse.sun7:A", "eclipse.sun7:B"], "--wager names a wager twice (eclipse.sun7)"),
    (["baccarat.tie:"], "--wager 'baccarat.tie:': give WAGER or WAGER:PAYTABLE"),
    ([":8to1"], "--wager ':8to1': give WAGER or WAGER:PAYTABLE"),
])
def test_a_wager_pinned_to_a_paytable_it_does_not_offer_is_refused_before_any_work(
        tmp_path, capsys, wagers, words):
    from combin.cli import main
    out = tmp_path / "bundle"
    argv = ["audit", "--out", str(out), "--game", "baccarat"]
    for wager in wagers:
        argv += ["--wager", wager]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err == f"combin: error: {words}\n" and not out.exists()


def test_optional_pages_are_named_recorded_and_checked_before_any_work():
    """Issue 35 item 2: ``--include NAME`` adds a whole game's optional page group (Lunar's
    reduced decks, samples); recorded and read back; a name no scoped whole game offers, or a
    scope without a whole game, is refused before any work."""
    from combin.audit.scope import check_scope
    scope = Scope(game="lunar", paytable="A", include=("samples",))
    record = scope.record()
    assert record["include"] == ["samples"] and Scope.of_record(record, lambda path: "") == scope
    assert scope.options()[-2:] == ["--include", "samples"] and scope.describe().endswith("with samples")
    registry, studs = scoped_games(scope, games())
    check_scope(scope, registry, studs)
    for bad, words in ((Scope(game="lunar", include=("shoes",)),
                        "unknown page group 'shoes' (known: reduced-decks, samples)"),
                       (Scope(game="baccarat", include=("samples",)), "baccarat has no optional pages"),
                       (Scope(game="lunar", include=("samples", "samples")), "names a page group twice")):
        registry, studs = scoped_games(bad, games())
        with pytest.raises(CombinError, match=words.replace("(", r"\(").replace(")", r"\)")):
            check_scope(bad, registry, studs)
