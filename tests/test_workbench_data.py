"""The workbench's data: every scenario, counts that partition the cycle, shared tables."""

from fractions import Fraction

from combin.core.analysis import par_sheet
from combin.workbench.data import readings, scenario_key, workbench_data
from combin.workbench.page import page

DATA = workbench_data()


def test_every_linear_wager_every_shoe_preset_and_reading_is_there():
    wagers = DATA["wagers"]
    assert "lunar.instant" not in wagers            # part of the whole Lunar game, not linear
    assert wagers["eclipse.sun7"]["decks"] == [1, 2, 3, 4, 5, 6, 7, 8]   # every deck count
    assert wagers["baccarat.banker"]["rules"] == {"standard": "standard", "ez": "ez",
                                                  "super6": "super6"}
    # Lunar Super: L1..L5 switchable (two readings each), L6 fixed: 2**5 scenarios
    assert sum(key.startswith("lunar.super|") for key in DATA["scenarios"]) == 32
    assert wagers["eclipse.eclipse"]["interpretations"]["E1"]["values"] == ["events", "paid-rows"]
    # 8 shoes (1 to 8 decks) x (banker 3 rule sets, player 1, tie 2, four one-wager packages x 3 presets,
    # eclipse 3 presets x 2 E1 readings, two Dragon Bonus) + 32 Lunar Super
    assert len(DATA["scenarios"]) == 8 * (3 + 1 + 2 + 12 + 6 + 2) + 32


def test_counts_partition_the_cycle_and_are_shared():
    for counts in DATA["counts"]:
        *lines, cycle = (int(c) for c in counts)
        assert sum(lines) == int(cycle)
    sun = {DATA["scenarios"][scenario_key("eclipse.sun7", 8, p, ())]["counts"] for p in "ABC"}
    assert len(sun) == 1                           # one table for Paytables A, B and C
    assert len(DATA["counts"]) < len(DATA["scenarios"])


def test_a_scenarios_counts_give_the_engines_house_edge():
    # The house edge re-priced from the stored counts by hand (sum of count x net over the
    # cycle) equals the par sheet's for the Dragon Bonus on one deck.
    scenario = DATA["scenarios"][scenario_key("dragon.player", 1, "standard", ())]
    counts = [int(c) for c in DATA["counts"][scenario["counts"]]]
    from combin.core.pays import Pay
    nets = [sum((Pay.parse(scenario["lines"][i][2]).net for i in parts), Fraction(0))
            for _, parts in scenario["settled"]]
    ev = Fraction(sum(c * n for c, n in zip(counts, nets)) - counts[-2], counts[-1])
    assert -ev == par_sheet("dragon.player", decks=1).summary.house_edge


def test_readings_enumerate_only_switchable_interpretations():
    from combin.registry import find_wager
    assert readings(*find_wager("eclipse.moon8")) == [()]


def test_the_page_is_self_contained_and_of_sensible_size():
    text = page()
    assert "http://" not in text and "https://" not in text and "<script src" not in text
    assert len(text.encode()) < 250_000
