"""combin.stud.game.totals: the sums of a run add over any partition of its classes; the JSON
form round-trips and refuses anything that is not whole numbers."""

import random

import pytest

from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from combin.stud.game.chunks import records_of, solve_chunk
from combin.stud.game.spec import RunSpec, resolve_rules
from combin.stud.draw.options import option_keys
from combin.stud.game.strategy import action_of, derived_basic, hand_feature
from combin.stud.game.totals import GameTotals, totals_of
from combin.stud.core.classes import situations

RULES = load_rules("lunar").resolve(None, {})
KEYS = option_keys(RULES)


@pytest.fixture(scope="module")
def records():
    """120 seeded classes of the JQKA game, priced."""
    deck = Deck.parse("JQKA")
    _, hands, ups, weights = situations(deck)
    picked = sorted(random.Random(3).sample(range(len(weights)), 120))
    chunk = RunSpec.of(deck, RULES, chunk=len(picked)).chunks(hands, ups, weights, picked)[0]
    return records_of([solve_chunk(*chunk)])[1]


def test_the_totals_of_a_partition_add_up_to_the_whole(records):
    whole = totals_of(records, KEYS, RULES.stud)
    shuffled = random.Random(5).sample(records, len(records))
    parts = [shuffled[:17], shuffled[17:80], shuffled[80:]]
    summed = GameTotals()
    for part in parts:
        summed = summed + totals_of(part, KEYS, RULES.stud)
    assert summed == whole
    assert whole.weight == sum(r.weight for r in records)
    assert whole.best == sum(r.weight * r.best_value for r in records)


def test_the_json_form_round_trips_and_refuses_what_is_not_a_whole_number(records):
    totals = totals_of(records, KEYS, RULES.stud)
    assert GameTotals.from_json(totals.to_json()) == totals
    bad = totals.to_json()
    bad["best"] = "1.5"
    with pytest.raises(ValueError, match="best"):
        GameTotals.from_json(bad)
    with pytest.raises(ValueError):
        GameTotals.from_json({"best": "1"})
    bad = totals.to_json()
    bad["results"] = {"lose": 3}
    with pytest.raises(ValueError, match="results.lose"):
        GameTotals.from_json(bad)


def test_the_derived_basic_strategy_is_priced_class_by_class(records):
    """The derived strategy's value from the sums equals the value of playing its action in
    every class, summed class by class from the records."""
    totals = totals_of(records, KEYS, RULES.stud)
    scale = 12600
    rules, expected = derived_basic(totals, scale)
    assert sum(weight for _, _, _, weight, _ in rules) == sum(r.weight for r in records if r.best >= 0)
    chosen = {}
    for feature, row in totals.actions.items():
        chosen[feature] = max(sorted(row["of"]), key=lambda a: row["of"][a])
    direct = 0
    for record in records:
        if record.best < 0:
            direct += record.weight * record.best_value
            continue
        action = chosen[hand_feature(record.hand)]
        direct += record.weight * max(v for k, v in zip(KEYS, record.values)
                                      if action_of(k, record.hand) == action)
    from fractions import Fraction
    assert expected == Fraction(direct, scale * totals.weight)
    assert expected <= Fraction(totals.best, scale * totals.weight)
