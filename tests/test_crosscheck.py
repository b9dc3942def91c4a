"""Cross-checks report failures, not only successes; readings and anchors come from the data."""

from combin.core.crosscheck import anchors, cycle_check, readings


def test_anchor_data_is_the_published_figures():
    data = anchors("combin.baccarat")
    eight = [row for row in data["baccarat_counts"] if row["decks"] == 8][0]
    assert eight["banker_wins"] == "2292252566437888"
    assert anchors("combin.lunar")["poker_five"]["ace_king_or_better"] == 1463700


def test_a_wrong_anchor_is_reported_as_a_failure():
    from combin.baccarat.checks import anchor_checks
    data = anchors("combin.baccarat")
    data["house_edges"] = [{"wager": "eclipse.sun7", "edge": "7.6112%"}]
    data["line_counts"] = [{"wager": "eclipse.moon8", "event": "player_wins_three_card_8",
                            "combinations": "172660763262977"}]
    found = anchor_checks(data)
    failed = [c.name for c in found if not c.passed]
    assert failed == ["eclipse.moon8: player_wins_three_card_8", "eclipse.sun7: house edge"]


def test_cycle_check_names_the_sheet_that_does_not_add_up():
    class Sheet:
        def __init__(self, wager, counts, cycle):
            self.wager, self.cycle = wager, cycle
            self.lines = [type("Line", (), {"combinations": c}) for c in counts]
    good, bad = Sheet("a", [1, 2], 3), Sheet("b", [1, 1], 3)
    assert cycle_check([good]).passed
    result = cycle_check([good, bad])
    assert not result.passed and "b" in result.detail


def test_readings_are_the_default_then_each_alternative():
    from combin.lunar import GAME
    found = list(readings(GAME, GAME.wagers["lunar.super"]))
    assert found[0] == {} and {"L4": "all-lines"} in found and {"L5": "strict"} in found
    assert len(found) == 1 + 5   # five switchable readings with one alternative each
