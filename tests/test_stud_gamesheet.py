"""combin.stud.gamesheet: whole-game figures from class records, instant contributions."""

import json
from fractions import Fraction
from math import comb

import pytest

from combin.lunar.cards import parse_card
from combin.stud.advise import option_keys
from combin.stud.deck import Deck
from combin.stud.drawgame import ClassRecord, rules_for
from combin.render import render
from combin.stud.gamesheet import exact_sheet, instant_contributions, sheet_document

RULES = rules_for(None, ())
KEYS = option_keys(RULES)


def test_instant_contributions_in_closed_form():
    total = comb(52, 5) * 47
    # 4 royal and 36 other straight flushes among the first fives, each with 47 up cards
    found = instant_contributions({"royal_flush": 4 * 47, "straight_flush": 36 * 47}, total)
    # Paytable A: 1,500 and 250 to 1; B: 1,000 and 300; C: 1,000 and 250 (RULES.md 2.2)
    assert found == {"A": Fraction(4 * 1500 + 36 * 250, comb(52, 5)),
                     "B": Fraction(4 * 1000 + 36 * 300, comb(52, 5)),
                     "C": Fraction(4 * 1000 + 36 * 250, comb(52, 5))}


def _hand(text):
    return tuple(parse_card(word) for word in text.split())


def test_exact_sheet_sums_by_hand():
    deck = Deck.parse("JQKA")
    total = comb(16, 5) * 11                      # 48,048 situations
    play, buy = KEYS.index(("play", ())), KEYS.index(("buy", ()))
    a = [-9] * len(KEYS)
    a[play] = 5
    b = [-9] * len(KEYS)
    b[buy] = 7
    records = [ClassRecord(0, _hand("Js Jd Qh Kc Ad"), parse_card("As"), total - 48, play, tuple(a),
                           {"win_one_pair": 6, "lose": 4}),
               ClassRecord(1, _hand("Js Jd Jh Jc Ad"), parse_card("As"), 48, buy, tuple(b),
                           {"win_four_of_a_kind": 9, "fold": 1})]
    sheet = exact_sheet(deck, RULES, 10, records)
    summary = dict(sheet.sections["summary"])
    expected = Fraction((total - 48) * 5 + 48 * 7, 10 * total)
    assert summary["expected result per Ante"] == expected
    assert summary["house edge per Ante"] == -expected
    # wagered: Ante 1 + draw fee 1 x P(buy) + Bet 2 x P(played) + no forcing
    p_buy = Fraction(48, total)
    p_fold = Fraction(48 * 1, 10 * total)
    wagered = 1 + p_buy + 2 * (1 - p_fold)
    assert summary["average wagered per round (Ante units)"] == wagered
    assert summary["element of risk (house edge per unit wagered)"] == -expected / wagered
    options = {group: p for group, p, _ in sheet.sections["options"]}
    assert options == {"play": 1 - p_buy, "buy": p_buy}
    results = {key: p for key, _, p in sheet.sections["results"]}
    assert results["fold"] == p_fold and sum(results.values()) == 1
    text = render(sheet_document(sheet), "json")
    rows = json.loads(text)["tables"]["summary"]["rows"]
    assert rows[3]["value"] == f"{expected.numerator}/{expected.denominator}"
    for fmt in ("text", "md", "csv", "html"):
        assert "house edge per Ante" in render(sheet_document(sheet), fmt)


def test_weights_must_cover_every_situation():
    deck = Deck.parse("JQKA")
    record = ClassRecord(0, _hand("Js Jd Qh Kc Ad"), parse_card("As"), 5, 1, tuple([0] * len(KEYS)), {})
    with pytest.raises(AssertionError, match="C\\(16,5\\)"):
        exact_sheet(deck, RULES, 10, [record])
