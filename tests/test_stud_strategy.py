"""combin.stud.game.strategy: the basic strategy's choices, and exact costs from class records."""

from fractions import Fraction

from combin.core.cards import parse_card
from combin.stud.draw.options import option_keys
from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from combin.stud.game.chunks import ClassRecord
from combin.stud.game.spec import RunSpec, resolve_rules
from combin.stud.game.strategy import Strategy, basic_option, basic_rules

RULES = resolve_rules("lunar", None, ())
KEYS = option_keys(RULES)


def _hand(text):
    return tuple(parse_card(word) for word in text.split())


def test_basic_rules_read_from_data():
    rules, citation = basic_rules(load_rules("lunar"))
    assert citation and all(action for _, action in rules)
    names = {name for hands, _ in rules for name in hands}
    assert {"high_card", "ace_king", "one_pair", "royal_flush"} <= names


def test_basic_choices():
    rules = [(("high_card",), "keep-high 2"), (("one_pair",), "exchange-singles"),
             (("two_pair",), "exchange-singles"), (("ace_king",), "play")]
    # 9 7 5 3 2 unsuited: keep 9 and 7, exchange the three others (positions 2, 3, 4)
    assert basic_option(_hand("9s 7d 5h 3c 2d"), rules, KEYS) == ("exchange", (2, 3, 4))
    assert basic_option(_hand("2d 9s 3c 7d 5h"), rules, KEYS) == ("exchange", (0, 2, 4))
    # a pair of 8s: exchange the three singles
    assert basic_option(_hand("8s Kd 8h 4c 2d"), rules, KEYS) == ("exchange", (1, 3, 4))
    # two pair: one single, exchanging one card is not an option, so play
    assert basic_option(_hand("8s Kd 8h Kc 2d"), rules, KEYS) == ("play", ())
    assert basic_option(_hand("As Kd 8h 4c 2d"), rules, KEYS) == ("play", ())


def _records():
    play, fold = KEYS.index(("play", ())), KEYS.index(("fold", ()))
    swap = KEYS.index(("exchange", (2, 3, 4)))
    values_a = [-20] * len(KEYS)
    values_a[fold], values_a[play], values_a[swap] = -10, 4, 6     # best: exchange 3
    values_b = [-20] * len(KEYS)
    values_b[fold], values_b[play], values_b[swap] = -10, -2, -12  # best: play
    high = _hand("9s 7d 5h 3c 2d")
    # the results add up to each class's value (the totals check it)
    return [ClassRecord(0, high, parse_card("Kh"), 3, swap, tuple(values_a), {"win_high_card": [1, 6, 36]}),
            ClassRecord(1, high, parse_card("Kd"), 1, play, tuple(values_b), {"lose": [1, -2, 4]})]


def test_table_and_basic_strategy_costs_by_hand():
    strategy = Strategy(Deck.parse(None), RULES, 10, _records())
    (row,) = strategy.table()
    name, up, weight, kind, share, cost = row
    assert (name, up, weight, kind, share) == ("high_card", "K", 4, "exchange 3", Fraction(3, 4))
    # always the best exchange of 3: class 1 gets -12 instead of -2; cost 1 * 10 / (10 * 4)
    assert cost == Fraction(1 * 10, 10 * 4)
    expected, lost = strategy.basic()         # the data's basic strategy: high card keep-high 2
    assert expected == Fraction(3 * 6 + 1 * (-12), 40)
    assert lost == Fraction(3 * 6 + 1 * (-2), 40) - expected


def test_strategy_json_lists_every_class_with_its_option():
    import json
    from combin.stud.game.strategy import strategy_json
    strategy = Strategy(Deck.parse(None), RULES, 10, _records())
    document = json.loads(strategy_json(strategy))
    assert document["format"] == "combin.strategy/1" and document["exact"] is True
    assert [(c["up"], c["weight"], c["best"], c["ev"]) for c in document["classes"]] == [
        ("KH", 3, "exchange 5H 3C 2D", "3/5"), ("KD", 1, "play", "-1/5")]
