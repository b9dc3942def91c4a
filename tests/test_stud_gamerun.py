"""combin.stud.gamerun: a sampled run's estimate recomputed with the naive game-tree walk."""

import io
from fractions import Fraction

from combin.stud.deck import Deck
from combin.stud.drawgame import rules_for
from combin.stud.gamerun import Throughput, run_game
from combin.stud.naive import option_values
from combin.stud.sampling import estimate, plan
from combin.stud.situation import Situation
from combin.stud.situations import situations
from combin.stud.values import hand_table, value_class


def test_sample_estimate_equals_the_naive_walk_on_the_same_draws(tmp_path):
    deck, rules = Deck.parse("JQKA"), rules_for(None, ())
    stream = io.StringIO()
    sheet, strategy = run_game(deck, rules, workers=0, store_path=tmp_path / "s.sqlite", chunk=4,
                               sample=10, seed=4, want_strategy=True, stream=stream)
    summary = dict(sheet.sections["summary"])
    rows, hands, ups, weights = situations(deck)
    strata = [value_class(int(v)) for v in hand_table(deck).values[rows].tolist()]
    draws, shares = plan(strata, weights.tolist(), 10, 4)
    best = {}
    for i in {i for found in draws.values() for i in found}:
        values = option_values(Situation(tuple(hands[i].tolist()), int(ups[i]), deck), rules)
        best[i] = max(values.values())
    naive = estimate(draws, shares, best.__getitem__)
    assert summary["estimated expected result per Ante"] == naive.value
    assert summary["draws"] == 10
    low, high = naive.interval()
    assert summary["99% interval of the house edge, low"] == -high
    assert "classes/s/core" in stream.getvalue() and "core-hours" in stream.getvalue()
    assert {r.index for r in strategy.records} == set(best)


def test_throughput_arithmetic():
    speed = Throughput(classes=10, situations=240, seconds=5, cores=2)
    assert speed.per_core() == (1.0, 24.0)
    assert speed.projected_core_hours(7200) == 2.0
