"""A request resolved once: defaults, rule sets, contradictions, and the settlement it gives."""

from fractions import Fraction

import pytest

from combin.core.analysis import par_sheet, payouts, select, sensitivity
from combin.errors import CombinError


def test_defaults_come_from_the_wager_and_the_first_rule_set():
    chosen = select("baccarat.banker")
    assert chosen.ruleset.id == "standard" and chosen.paytable.id == "standard"
    assert select("baccarat.banker", rules="ez").paytable.id == "ez"
    sun7 = select("eclipse.sun7")
    assert sun7.ruleset is None and sun7.rules == ("any", sun7.rules[1])
    assert dict(select("eclipse.eclipse").interpretations)["E1"] == "events"


@pytest.mark.parametrize("wager, options, message", [
    ("nope", {}, "unknown wager 'nope'"),
    ("eclipse.sun7", {"paytable": "Z"}, "unknown paytable of eclipse.sun7 'Z'"),
    ("baccarat.banker", {"paytable": "ez"}, "takes its paytable from the rule set"),
    ("lunar.super", {"rules": "ez"}, "lunar has no rule sets"),
    ("eclipse.sun7", {"interpret": {"E1": "paid-rows"}}, "does not apply to eclipse.sun7"),
])
def test_contradictions_are_one_error(wager, options, message):
    with pytest.raises(CombinError, match=message):
        select(wager, **options)


def test_a_fixed_deck_game_refuses_a_shoe():
    chosen = select("lunar.super")
    with pytest.raises(CombinError, match="dealt from a fixed deck; --decks"):
        chosen.space(decks=6)


def test_payouts_weighted_by_the_counts_give_the_sheet_exactly(eight_decks):
    for wager, options in (("baccarat.banker", {"rules": "super6"}),
                           ("eclipse.eclipse", {"paytable": "B", "interpret": {"E1": "paid-rows"}})):
        sheet, table = payouts(wager, space=eight_decks, **options)
        total = sum((count * table[o] for o, count in eight_decks.items()), Fraction(0))
        assert total / eight_decks.cycle == sheet.summary.expected_return


def test_one_selection_gives_the_same_sheet_as_par_sheet(eight_decks):
    chosen = select("eclipse.supreme7", paytable="B")
    assert chosen.sheet(eight_decks) == par_sheet("eclipse.supreme7", paytable="B",
                                                  space=eight_decks)


def test_sensitivity_switches_one_reading_and_keeps_the_others():
    found = sensitivity("lunar.super", "L5", interpret={"L1": "jqka"})
    assert [value for value, _ in found] == ["flush", "strict"]
    for value, sheet in found:
        assert dict(sheet.interpretations)["L5"] == value
        assert dict(sheet.interpretations)["L1"] == "jqka"
    with pytest.raises(CombinError, match="does not read interpretation 'E1'"):
        sensitivity("lunar.super", "E1")
