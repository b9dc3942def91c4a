"""Baccarat wagers against published figures and the exact invariants of spec/ANCHORS.md."""

from fractions import Fraction

import pytest

from combin.files import display
from combin.core.analysis import par_sheet
from combin.baccarat import outcomes
from combin.baccarat.shoe import Shoe
from combin.errors import CombinError

ECLIPSE = ("eclipse.sun7", "eclipse.moon8", "eclipse.supreme7", "eclipse.divine9", "eclipse.eclipse")


def edge(wager, decks=8, **options):
    return display.percent(par_sheet(wager, decks=decks, **options).summary.house_edge, 4)


@pytest.mark.parametrize("wager, options, decks, published", [
    ("baccarat.banker", {}, 8, "1.0579%"), ("baccarat.player", {}, 8, "1.2351%"),
    ("baccarat.tie", {}, 8, "14.3596%"), ("baccarat.tie", {"paytable": "9to1"}, 8, "4.8440%"),
    ("baccarat.banker", {}, 6, "1.0558%"), ("baccarat.player", {}, 6, "1.2374%"),
    ("baccarat.tie", {}, 6, "14.4382%"),
    ("baccarat.banker", {}, 1, "1.0117%"), ("baccarat.player", {}, 1, "1.2864%"),
    ("baccarat.tie", {}, 1, "15.7461%"),
    ("baccarat.banker", {"rules": "ez"}, 8, "1.0183%"),
    ("baccarat.banker", {"rules": "super6"}, 8, "1.4581%"),
    ("eclipse.sun7", {}, 8, "7.6113%"), ("eclipse.moon8", {}, 8, "10.1876%"),
    ("dragon.player", {}, 8, "2.6517%"), ("dragon.banker", {}, 8, "9.3731%"),
])
def test_published_house_edges(wager, options, decks, published):
    assert edge(wager, decks, **options) == published


def test_sun7_published_risk_figures():
    s = par_sheet("eclipse.sun7").summary
    assert display.decimal(s.sd, 4) == "6.0849"
    assert display.percent(s.hit_frequency, 4) == "2.2534%"


def test_banker_commission_is_exactly_nineteen_twentieths():
    sheet = par_sheet("baccarat.banker")
    win = [line for line in sheet.lines if line.event_id == "banker_wins"][0]
    assert win.payout == Fraction(19, 20) and win.pays == "19 to 20"


@pytest.mark.parametrize("side, wins", [
    ("player", [18_409_431_764_992, 34_097_645_543_424, 89_590_261_473_280, 141_238_897_317_888,
                166_169_165_987_840, 186_780_352_174_080]),
    ("banker", [15_390_342_909_952, 28_305_092_784_128, 79_517_099_278_336, 119_200_072_366_080,
                157_275_882_332_160, 201_147_167_287_296]),
])
def test_dragon_bonus_win_counts(side, wins):
    lines = {line.event_id: line.combinations for line in par_sheet(f"dragon.{side}").lines}
    assert [lines[f"{side}_wins_by_{by}"] for by in range(9, 3, -1)] == wins


def combinations(sheet):
    return sum(line.combinations for line in sheet.lines if line.payout > 0)


@pytest.mark.parametrize("paytable", ["A", "B", "C"])
def test_eclipse_hits_are_the_sum_of_component_events(paytable, eight_decks):
    # Under E1=events the Eclipse hit count equals the sum of the four component
    # wagers' event counts; it would exceed it if two events could happen at once.
    eclipse = par_sheet("eclipse.eclipse", paytable=paytable, space=eight_decks)
    components = 0
    for wager in ECLIPSE[:-1]:
        for line in par_sheet(wager, paytable="A", space=eight_decks).lines:
            if line.event_id != "other":
                components += line.combinations
    assert combinations(eclipse) == components


def test_eclipse_paid_rows_drops_the_loss_rows(eight_decks):
    sheet = lambda p, e: par_sheet("eclipse.eclipse", paytable=p, space=eight_decks,
                                   interpret={"E1": e})
    two_card = [l.combinations for l in par_sheet("eclipse.supreme7", space=eight_decks).lines
                if l.event_id == "both_two_card_7"][0]
    three_card = [l.combinations for l in par_sheet("eclipse.supreme7", space=eight_decks).lines
                  if l.event_id == "both_three_card_7"][0]
    assert combinations(sheet("A", "events")) == combinations(sheet("A", "paid-rows"))
    assert combinations(sheet("B", "events")) - combinations(sheet("B", "paid-rows")) == two_card
    assert combinations(sheet("C", "events")) - combinations(sheet("C", "paid-rows")) == three_card
    assert ("E1", "paid-rows") in sheet("B", "paid-rows").interpretations


def expected_value(wager, shoe, **options):
    return par_sheet(wager, space=outcomes(shoe=shoe), **options).summary.expected_return


@pytest.mark.parametrize("wager, options", [
    *((w, {}) for w in ECLIPSE), ("baccarat.banker", {}), ("baccarat.tie", {}),
    ("eclipse.supreme7", {"paytable": "B"}), ("eclipse.eclipse", {"interpret": {"E1": "paid-rows"},
                                                                  "paytable": "C"}),
])
def test_effect_of_removal_identity(wager, options):
    # sum_r n_r EV(shoe - r) = N EV(shoe), exactly, on a full and a depleted shoe.
    for shoe in (Shoe.full(8), Shoe((60, 11, 19, 30, 9, 14, 22, 17, 25, 8))):
        removed = sum(count * expected_value(wager, shoe.without(value), **options)
                      for value, count in enumerate(shoe.counts) if count)
        assert removed == shoe.cards * expected_value(wager, shoe, **options)


def test_eclipse_under_paid_rows_needs_the_component_paytable():
    from combin.core.paytable import Paytable
    from combin.core.pays import Pay
    custom = Paytable("eclipse.eclipse", "X", "X", "test",
                      (("both_two_card_7", Pay.parse("6 to 1")),))
    with pytest.raises(CombinError, match="does not exist"):
        par_sheet("eclipse.eclipse", paytable="X", extra_paytables=[custom],
                  interpret={"E1": "paid-rows"})


def test_eclipse_sheets_say_that_631b11_is_a_temporary_regulation():
    from pathlib import Path
    from combin.core.analysis import par_sheet
    seed = (Path(__file__).parents[1] / "seeds" / "pa-631b11-eclipse-side-wager.txt").read_text()
    assert "added March 7, 2025, effective March 8, 2025, 55 Pa.B. 2071" in seed
    for wager in ("eclipse.sun7", "eclipse.moon8", "eclipse.supreme7", "eclipse.divine9",
                  "eclipse.eclipse"):
        assert par_sheet(wager).regulation.endswith(
            "a temporary regulation, added March 7, 2025, effective March 8, 2025, 55 Pa.B. 2071")
    assert "temporary" not in par_sheet("baccarat.banker").regulation
