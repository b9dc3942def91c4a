"""combin.stud.game.sheet: whole-game figures from class records, instant contributions."""

import json
from fractions import Fraction
from math import comb

import pytest

from combin.core.cards import parse_card
from combin.stud.draw.options import option_keys
from combin.stud.core.deck import Deck
from combin.stud.game.chunks import ClassRecord
from combin.stud.game.spec import RunSpec, resolve_rules
from combin.render import render
from combin.schemas import validate
from combin.stud.core.rules import load_rules
from combin.documents.lunar_game import sheet_document
from combin.stud.game.sheet import exact_sheet, instant_contributions
from jsondoc import figure

RULES = resolve_rules("lunar", None, ())
KEYS = option_keys(RULES)


def test_instant_contributions_in_closed_form():
    total = comb(52, 5) * 47
    # 4 royal and 36 other straight flushes among the first fives, each with 47 up cards
    found = instant_contributions(load_rules("lunar"), {"royal_flush": 4 * 47, "straight_flush": 36 * 47}, total)
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
    # the variants tables are not one game's sheet: a row per single change, each change in words
    # in its own table (tests/test_stud_variants.py)
    pages = sorted(page for page in folder.glob("*.md") if not page.name.startswith("variants"))
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
# for P = A, B, C (the instant pays of RULES.md 2.2);
# the sheet of the A run must give, for each P, exactly the summary of the P run: the
# independent second method is the P run's own sums.

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


@pytest.mark.parametrize("continues", [False, True], ids=["ends-round", "continue"])
def test_every_paytable_on_the_sheet_equals_that_paytables_own_run(continues):
    sheets = {p: _sheet9(p, continues) for p in PAYS}
    for shown in PAYS:                               # the sheet of each run gives every paytable
        table = dict(sheets[shown].sections["paytables"])
        for p, sheet in sheets.items():
            own = dict(sheet.sections["summary"])
            for label in ("expected result per Ante", "house edge per Ante",
                          "house edge per Ante, in percent",
                          "element of risk (house edge per unit wagered)", "element of risk, in percent",
                          "second moment E[X^2] per Ante^2", "variance per Ante^2", "SD per Ante"):
                assert table[label][p] == own[label], (shown, p, label)
            results = {key: (q, r) for key, _, q, r in sheet.sections["results"]}
            if continues:                            # no round ends on the instant payout
                assert "instant" not in results
                assert "instant payout (the round ends): probability" not in table
            else:
                assert (table["instant payout (the round ends): probability"][p],
                        table["instant payout (the round ends): return"][p]) == results["instant"]
            contributions = {paytable: c for paytable, c, _ in sheet.sections["instant"]}
            assert table["instant payout contribution per Ante"][p] == contributions[p]


def test_the_paytables_in_closed_form():
    """The figures of B on the A sheet by hand: P(royal) = 4 x 19 / 807,576, P(straight flush)
    = 20 x 19 / 807,576; under L7=ends-round the instant pay is the whole net of those rounds."""
    a, b = _sheet9("A", False), dict(_sheet9("A", False).sections["paytables"])
    summary = dict(a.sections["summary"])
    p_royal, p_straight = Fraction(4 * 19, TOTAL9), Fraction(20 * 19, TOTAL9)
    mean = summary["expected result per Ante"] + p_royal * (1000 - 1500) + p_straight * (300 - 250)
    second = (summary["second moment E[X^2] per Ante^2"] + p_royal * (1000 ** 2 - 1500 ** 2)
              + p_straight * (300 ** 2 - 250 ** 2))
    assert b["expected result per Ante"]["B"] == mean
    assert b["house edge per Ante, in percent"]["B"] == -mean
    assert b["second moment E[X^2] per Ante^2"]["B"] == second
    assert b["variance per Ante^2"]["B"] == second - mean ** 2
    wagered = summary["average wagered per round (Ante units)"]
    assert b["element of risk, in percent"]["B"] == -mean / wagered
    assert b["instant payout (the round ends): probability"]["B"] == p_royal + p_straight
    assert b["instant payout (the round ends): return"]["B"] == p_royal * 1000 + p_straight * 300


def test_percent_and_paytable_figures_in_every_format():
    import csv
    import io
    import openpyxl
    from combin.files import display
    sheet = _sheet9("A", False)
    table = dict(sheet.sections["paytables"])
    edge_b, risk_c = table["house edge per Ante"]["B"], table["element of risk, in percent"]["C"]
    document = sheet_document(sheet)
    for fmt in ("text", "md", "html"):
        text = render(document, fmt)
        assert "The whole game under each instant paytable" in text
        assert "Paytable A (this run)" in text and "Paytable C" in text
        assert display.percent(edge_b, 10) in text and display.percent(risk_c, 10) in text
        assert display.decimal(table["SD per Ante"]["B"], 10) in text
    obj = json.loads(render(document, "json"))
    assert validate(obj) == "lunar_game"
    assert [c["key"] for c in obj["tables"]["paytables"]["columns"]] == [
        "figure", "paytable_a", "paytable_a_decimal", "paytable_b", "paytable_b_decimal",
        "paytable_c", "paytable_c_decimal"]
    for label, values in table.items():
        for paytable, value in values.items():
            shown = figure(obj, label, "paytables", f"paytable_{paytable.lower()}")
            if label == "SD per Ante":          # the one decimal: its digits, in every format the same
                assert shown == display.decimal(value, 10)
            else:
                assert shown == f"{value.numerator}/{value.denominator}", (label, paytable)
    header, *records = csv.reader(io.StringIO(render(document, "csv", table="paytables")))
    assert header == [c["key"] for c in obj["tables"]["paytables"]["columns"]]
    by_figure = {record[0]: record for record in records}
    assert by_figure["house edge per Ante"][3] == f"{edge_b.numerator}/{edge_b.denominator}"
    book = openpyxl.load_workbook(io.BytesIO(render(document, "xlsx")))
    rows = {row[0].value: row for row in book["paytables"].iter_rows(min_row=2)}
    cell = [c for c in rows["element of risk, in percent"] if c.number_format.endswith("%")][-1]
    assert cell.value == float(risk_c) and cell.number_format == "0.0000000000%"


def test_the_house_edge_and_the_element_of_risk_in_percent_in_every_format():
    """The percent rows hold the very Fraction of the figure they repeat; readers see it as a
    percentage at ten places, JSON and CSV the exact fraction (as for every percentage), xlsx
    the number with a percent format."""
    import csv
    import io
    import re
    import openpyxl
    from combin.files import display
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


def test_a_paytable_without_the_same_events_is_not_derived_under_ends_round():
    """Under L7=ends-round a paytable that pays other events settles other rounds at once: their
    values with a decision are not in the totals, so the sheet says so and gives no figure."""
    from dataclasses import replace
    from combin.core.pays import Pay
    from combin.stud.game.sheet import paytable_figures
    from combin.stud.game.totals import totals_of
    rules = resolve_rules("lunar", "A", ())
    paytables = rules.stud.instant_paytables
    royal_only = replace(paytables["B"], lines=paytables["B"].lines[:1])        # one event less
    more = replace(paytables["C"], lines=paytables["C"].lines + (("four_of_a_kind", Pay.parse("50 to 1")),))
    changed = {"B": royal_only, "C": more}
    registered = rules.stud.game       # the game's paytables, two of them changed
    registered = replace(registered, paytables={
        (wager, name): changed[name] if wager == royal_only.wager and name in changed else table
        for (wager, name), table in registered.paytables.items()})
    game = replace(rules.stud, game=registered)
    assert game.instant_paytables == {**paytables, **changed}
    rules = replace(rules, stud=game)
    totals = totals_of(_records("A", False), KEYS, game)
    figures, notes = paytable_figures(rules, totals, 10, Fraction(3))
    assert [f.paytable for f in figures] == ["A"]
    assert notes == [f"Paytable {p} pays other instant events than paytable A; its figures are not "
                     "derived here." for p in "BC"]
    own = dict(_sheet9("A", False).sections["summary"])
    assert figures[0].expected == own["expected result per Ante"]
    assert figures[0].second == own["second moment E[X^2] per Ante^2"]


def test_under_continue_without_per_event_sums_only_the_mean_is_given():
    """The per-event sums come from the totals' sums by plain hand and up card; where those do
    not cover the events' situations (weights checked), E[X^2], the variance and the SD are not
    given."""
    from dataclasses import replace
    from combin.stud.game.totals import totals_of
    rules = resolve_rules("lunar", "A", (("L7", "continue"),))
    totals = totals_of(_records("A", True), KEYS, rules.stud)
    assert any(key.startswith("royal_flush/") for key in totals.strategy)
    broken = replace(totals, strategy={k: v for k, v in totals.strategy.items()
                                       if not k.startswith("royal_flush/")})
    from combin.stud.game.sheet import totals_sheet
    sheet = totals_sheet(DECK9, rules, 10, broken)
    table = dict(sheet.sections["paytables"])
    assert "expected result per Ante" in table and "house edge per Ante, in percent" in table
    assert "second moment E[X^2] per Ante^2" not in table and "SD per Ante" not in table
    assert any("only the mean, house edge and element of risk" in note for note in sheet.sections["notes"])
    own = dict(_sheet9("B", True).sections["summary"])
    assert table["expected result per Ante"]["B"] == own["expected result per Ante"]


@pytest.mark.slow
@pytest.mark.parametrize("deck, readings", [("TJQKA", []), ("9TJQK", []),
                                            ("TJQKA", ["--interpret", "L7=continue"])],
                         ids=["TJQKA", "9TJQK", "TJQKA-continue"])
def test_each_paytables_figures_on_a_sheet_equal_that_paytables_own_run(deck, readings, tmp_path, capsys):
    """The exact game under A, B and C, each summed in full by its own run (command line, JSON):
    every figure a sheet prints for a paytable is, digit for digit, the summary of that
    paytable's run.  TJQKA holds royal flushes (1,500 / 1,000 / 1,000 to 1), 9TJQK straight
    flushes (250 / 300 / 250 to 1): together every pay that differs.  Two to seven minutes each."""
    from combin.cli import main
    sheets = {}
    for paytable in ("A", "B", "C"):
        assert main(["-q", "game", "lunar", "--deck", deck, "--paytable", paytable, *readings,
                     "--workers", "0", "--store", str(tmp_path / "s.sqlite"), "--format", "json"]) == 0
        sheets[paytable] = json.loads(capsys.readouterr().out)
    labels = ["expected result per Ante", "house edge per Ante", "house edge per Ante, in percent",
              "element of risk (house edge per unit wagered)", "element of risk, in percent",
              "second moment E[X^2] per Ante^2", "variance per Ante^2", "SD per Ante"]
    for shown, obj in sheets.items():
        assert validate(obj) == "lunar_game"
        for paytable, own in sheets.items():
            column = f"paytable_{paytable.lower()}"
            for label in labels:
                assert figure(obj, label, "paytables", column) == figure(own, label), (shown, paytable, label)
            instant = [row for row in own["tables"]["results"]["rows"]
                       if row["result"] == "Instant payout (the round ends)"]
            if readings:                    # L7=continue: no round ends on the instant payout
                assert instant == []
                continue
            [line] = instant
            assert figure(obj, "instant payout (the round ends): probability", "paytables", column) == \
                line["probability"]
            assert figure(obj, "instant payout (the round ends): return", "paytables", column) == \
                line["return"]
    edges = {p: figure(obj, "house edge per Ante") for p, obj in sheets.items()}
    assert len(set(edges.values())) == 2                       # the pays differ: so do the edges
