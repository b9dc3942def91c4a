"""combin.stud.draw.sheet: whole-game figures from class records, instant contributions."""

import json
from fractions import Fraction
from math import comb

import pytest

from combin.cards import parse_card
from combin.stud.draw.options import option_keys
from combin.stud.core.deck import Deck
from combin.stud.draw.chunks import ClassRecord
from combin.stud.draw.spec import RunSpec, resolve_rules
from combin.render import render
from combin.schemas import validate
from combin.stud.core.rules import load_game
from combin.documents.lunar_game import sheet_document
from combin.stud.draw.sheet import exact_sheet, instant_contributions
from jsondoc import figure

RULES = resolve_rules("lunar", None, ())
KEYS = option_keys(RULES)


def test_instant_contributions_in_closed_form():
    total = comb(52, 5) * 47
    # 4 royal and 36 other straight flushes among the first fives, each with 47 up cards
    found = instant_contributions(load_game("lunar"), {"royal_flush": 4 * 47, "straight_flush": 36 * 47}, total)
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
    # class 0 plays: wins (one pair: Ante 1 + Bet 2 x 1 = 3) 6/10, loses (-3) 4/10: value 6/10;
    # class 1 buys (fee 1): wins with quads (1 + 2 x 20 - 1 = 40) 9/10, folds (-1 - 1) 1/10
    a = [-9] * len(KEYS)
    a[play] = 6 * 3 - 4 * 3
    b = [-9] * len(KEYS)
    b[buy] = 9 * 40 - 2
    records = [ClassRecord(0, _hand("Js Jd Qh Kc Ad"), parse_card("As"), total - 48, play, tuple(a),
                           {"win_one_pair": [6, 6 * 3, 6 * 9], "lose": [4, -4 * 3, 4 * 9]}),
               ClassRecord(1, _hand("Js Jd Jh Jc Ad"), parse_card("As"), 48, buy, tuple(b),
                           {"win_four_of_a_kind": [9, 9 * 40, 9 * 1600], "fold": [1, -2, 4]})]
    sheet = exact_sheet(deck, RULES, 10, records)
    summary = dict(sheet.sections["summary"])
    expected = Fraction((total - 48) * 6 + 48 * 358, 10 * total)
    assert summary["expected result per Ante"] == expected
    assert summary["house edge per Ante"] == -expected
    # wagered: Ante 1 + draw fee 1 x P(buy) + Bet 2 x P(played) + no forcing
    p_buy = Fraction(48, total)
    p_fold = Fraction(48 * 1, 10 * total)
    wagered = 1 + p_buy + 2 * (1 - p_fold)
    assert summary["average wagered per round (Ante units)"] == wagered
    assert summary["element of risk (house edge per unit wagered)"] == -expected / wagered
    second = Fraction((total - 48) * (6 * 9 + 4 * 9) + 48 * (9 * 1600 + 4), 10 * total)
    assert summary["second moment E[X^2] per Ante^2"] == second
    variance = second - expected ** 2
    assert summary["variance per Ante^2"] == variance
    sd = summary["SD per Ante"]
    assert abs(Fraction(sd) ** 2 - variance) < Fraction(1, 10 ** 30)
    options = {group: p for group, p, _ in sheet.sections["options"]}
    assert options == {"play": 1 - p_buy, "buy": p_buy}
    results = {key: (p, r) for key, _, p, r in sheet.sections["results"]}
    assert results == {
        "win_one_pair": (Fraction((total - 48) * 6, 10 * total), Fraction((total - 48) * 18, 10 * total)),
        "lose": (Fraction((total - 48) * 4, 10 * total), Fraction((total - 48) * -12, 10 * total)),
        "win_four_of_a_kind": (Fraction(48 * 9, 10 * total), Fraction(48 * 360, 10 * total)),
        "fold": (p_fold, Fraction(48 * -2, 10 * total))}
    assert sum(r for _, r in results.values()) == expected
    document = sheet_document(sheet)
    obj = json.loads(render(document, "json"))
    rows = obj["tables"]["summary"]["rows"]
    assert rows[3]["value"] == f"{expected.numerator}/{expected.denominator}"
    assert figure(obj, "variance per Ante^2") == f"{variance.numerator}/{variance.denominator}"
    fold = [row for row in obj["tables"]["results"]["rows"] if row["result"] == "Fold"]
    assert [(row["probability"], row["return"]) for row in fold] == [("1/10010", "-1/5005")]
    assert validate(obj) == "lunar_game"
    for fmt in ("text", "md", "csv", "html"):
        text = render(document, fmt)
        assert "house edge per Ante" in text and "SD per Ante" in text
        assert ("Return" in text) == (fmt != "csv")        # a CSV holds the summary table
    assert render(document, "csv", table="results").splitlines()[0].startswith("result,probability,")
    assert "return" in render(document, "csv", table="results").splitlines()[0]
    assert render(document, "xlsx")[:2] == b"PK"


def test_a_record_whose_results_miss_its_value_is_refused():
    deck = Deck.parse("JQKA")
    play = KEYS.index(("play", ()))
    values = [0] * len(KEYS)
    values[play] = 5
    record = ClassRecord(0, _hand("Js Jd Qh Kc Ad"), parse_card("As"), comb(16, 5) * 11, play,
                         tuple(values), {"lose": [10, -30, 90]})
    with pytest.raises(AssertionError, match="do not add up"):
        exact_sheet(deck, RULES, 10, [record])


def test_weights_must_cover_every_situation():
    deck = Deck.parse("JQKA")
    record = ClassRecord(0, _hand("Js Jd Qh Kc Ad"), parse_card("As"), 5, 1, tuple([0] * len(KEYS)), {})
    with pytest.raises(AssertionError, match="C\\(16,5\\)"):
        exact_sheet(deck, RULES, 10, [record])


def test_the_sheet_gives_each_reading_in_words():
    """A reader with only the page sees the answer of each open point, not only its code."""
    rules = resolve_rules("lunar", "B", (("L8", "even-money"), ("L11", "first-only")))
    total = comb(16, 5) * 11
    values = [-9] * len(KEYS)
    play = KEYS.index(("play", ()))
    values[play] = 0
    records = [ClassRecord(0, _hand("Js Jd Qh Kc Ad"), parse_card("As"), total, play, tuple(values),
                           {"push": [10, 0, 0]})]
    sheet = exact_sheet(Deck.parse("JQKA"), rules, 10, records)
    text = render(sheet_document(sheet), "md")
    assert "| Interpretations  | L7=ends-round, L8=even-money," in text
    assert "- L8=even-money (Ante when the player beats a qualifying dealer): The Ante pays 1 to " \
           "1.\n" in text
    assert "- L11=first-only (Second combination on a winning Bet): Only the first (best) " \
           "combination is paid.\n" in text
    assert "- L12=two-to-five (Exchange size): An exchange replaces 2 to 5 cards" in text
    assert "The Ante pushes." not in text


def test_every_committed_whole_game_sheet_gives_its_readings_in_words():
    import re
    from pathlib import Path
    folder = Path(__file__).resolve().parents[1] / "tables" / "lunar" / "game"
    pages = sorted(folder.glob("*.md"))
    assert len(pages) >= 5
    for page in pages:
        text = page.read_text()
        [listed] = re.findall(r"^\| Interpretations +\| ([^|]*?) +\|$", text, re.M)
        readings = listed.split(", ")
        assert len(readings) == 6, page.name
        for reading in readings:
            assert re.search(rf"^- {re.escape(reading)} \([^)]+\): \S", text, re.M), \
                (page.name, reading)


# -- three classes of 9TJQKA under each instant paytable ----------------------------------
#
# A 9TJQKA deck (807,576 situations); three classes: one played (no event), a royal flush and a
# straight flush in the first five.  The records of a run under paytable P are written by hand
# for P = A, B, C (the instant pays of RULES.md 2.2).

PAYS = {"A": {"royal_flush": 1500, "straight_flush": 250},
        "B": {"royal_flush": 1000, "straight_flush": 300},
        "C": {"royal_flush": 1000, "straight_flush": 250}}
DECK9 = Deck.parse("9TJQKA")
TOTAL9 = comb(24, 5) * 19
ROYAL, STRAIGHT = "Ts Js Qs Ks As", "9h Th Jh Qh Kh"


def _records(paytable, continues):
    """Records over L = 10 of the three classes under ``paytable``: under L7=ends-round the
    two events are settled by the pay alone; under L7=continue they play (or buy) with the pay
    added to every net (the choice of option does not read the pay)."""
    pays = PAYS[paytable]
    play, buy = KEYS.index(("play", ())), KEYS.index(("buy", ()))
    other = [-9] * len(KEYS)
    other[play] = 6 * 3 - 4 * 3
    records = [ClassRecord(0, _hand("Js Jd Qh Kc Ad"), parse_card("As"), TOTAL9 - 4 * 19 - 20 * 19, play,
                           tuple(other), {"win_one_pair": [6, 6 * 3, 6 * 9], "lose": [4, -4 * 3, 4 * 9]})]
    for index, (hand, event, weight) in enumerate(((ROYAL, "royal_flush", 4 * 19),
                                                   (STRAIGHT, "straight_flush", 20 * 19)), 1):
        b = pays[event]
        if not continues:
            records.append(ClassRecord(index, _hand(hand), parse_card("9s"), weight, -1, (10 * b,),
                                       {"instant": [10, 10 * b, 10 * b * b]}))
            continue
        # plays: wins 7/10 with net b + 201, loses 3/10 with net b - 3; every option shifted by b
        values = [10 * (b - 1) - 5] * len(KEYS)
        values[play] = 7 * (b + 201) + 3 * (b - 3)
        values[buy] = values[play] - 1
        records.append(ClassRecord(index, _hand(hand), parse_card("9s"), weight, play, tuple(values),
                                   {f"win_{event}": [7, 7 * (b + 201), 7 * (b + 201) ** 2],
                                    "lose": [3, 3 * (b - 3), 3 * (b - 3) ** 2]}))
    return records


def _sheet9(paytable, continues):
    readings = (("L7", "continue"),) if continues else ()
    rules = resolve_rules("lunar", paytable, readings)
    return exact_sheet(DECK9, rules, 10, _records(paytable, continues))


def test_the_house_edge_and_the_element_of_risk_in_percent_in_every_format():
    """The percent rows hold the very Fraction of the figure they repeat; readers see it as a
    percentage at ten places, JSON and CSV the exact fraction (as for every percentage), xlsx
    the number with a percent format."""
    import csv
    import io
    import re
    import openpyxl
    from combin import display
    sheet = _sheet9("A", False)
    summary = dict(sheet.sections["summary"])
    edge, risk = summary["house edge per Ante"], summary["element of risk (house edge per unit wagered)"]
    assert summary["house edge per Ante, in percent"] == edge
    assert summary["element of risk, in percent"] == risk
    labels = [label for label, _ in sheet.sections["summary"]]
    assert labels.index("house edge per Ante, in percent") == labels.index("house edge per Ante") + 1
    document = sheet_document(sheet)
    for fmt in ("text", "md", "html"):
        text = render(document, fmt)
        assert "house edge per Ante, in percent" in text and "element of risk, in percent" in text
        assert display.percent(edge, 10) in text and display.percent(risk, 10) in text, fmt
    # -4561/5313: the three classes favour the player
    assert re.search(r"^\| house edge per Ante, in percent +\| +-85\.8460380200% \|$",
                     render(document, "md"), re.M)
    obj = json.loads(render(document, "json"))
    assert validate(obj) == "lunar_game"
    exact = f"{edge.numerator}/{edge.denominator}"
    assert figure(obj, "house edge per Ante, in percent") == exact == figure(obj, "house edge per Ante")
    assert figure(obj, "house edge per Ante, in percent", column="value_decimal") == display.decimal(edge, 12)
    assert figure(obj, "element of risk, in percent") == f"{risk.numerator}/{risk.denominator}"
    records = {row[0]: row for row in csv.reader(io.StringIO(render(document, "csv", table="summary")))}
    assert records["house edge per Ante, in percent"][1:] == [exact, display.decimal(edge, 12)]
    book = openpyxl.load_workbook(io.BytesIO(render(document, "xlsx")))
    rows = {row[0].value: row for row in book["summary"].iter_rows(min_row=2)}
    cell = rows["house edge per Ante, in percent"][1]
    assert cell.value == float(edge) and cell.number_format == "0.0000000000%"
    assert rows["house edge per Ante, in percent"][2].value == exact        # exact text beside
    assert rows["element of risk, in percent"][1].number_format == "0.0000000000%"
