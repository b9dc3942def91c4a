"""House edge by number of decks: published figures, a second enumeration, columns, input."""

import json
from fractions import Fraction

import pytest

from combin.files import display
from combin.core.analysis import par_sheet
from combin.baccarat.shoe import Shoe
from combin.baccarat.reference import nested_loop_rounds
from combin.errors import CombinError
from combin.core.outcomes import OutcomeSpace
from combin.core.paytable import Paytable
from combin.core.pays import Pay
from combin.protection.decks import columns, deck_table, parse_decks_list, require_protection


def edges(wager, decks, **options):
    table = deck_table(wager, decks, **options)
    return {decks: dict(zip(table.headings, (display.percent(s.summary.house_edge, 4)
                                             for s in sheets)))
            for decks, _, _, sheets in table.rows}


def test_main_wagers_match_the_published_edges_for_1_6_and_8_decks():
    # spec/ANCHORS.md, house edges as published (rounded to 4 places).
    assert {d: e["standard"] for d, e in edges("baccarat.banker", (1, 6, 8)).items()} == \
        {1: "1.0117%", 6: "1.0558%", 8: "1.0579%"}
    assert {d: e["standard"] for d, e in edges("baccarat.player", (1, 6, 8)).items()} == \
        {1: "1.2864%", 6: "1.2374%", 8: "1.2351%"}
    tie = edges("baccarat.tie", (1, 6, 8))
    assert {d: e["8to1"] for d, e in tie.items()} == {1: "15.7461%", 6: "14.4382%", 8: "14.3596%"}
    assert tie[8]["9to1"] == "4.8440%"
    banker = edges("baccarat.banker", (8,))[8]
    assert banker == {"standard": "1.0579%", "ez": "1.0183%", "super6": "1.4581%"}


def test_eclipse_wagers_match_the_published_eight_deck_edges():
    assert edges("eclipse.sun7", (8,))[8] == {"A": "7.6113%", "B": "7.6113%", "C": "7.6113%"}
    assert edges("eclipse.moon8", (8,))[8] == {"A": "10.1876%", "B": "10.1876%", "C": "10.1876%"}


@pytest.mark.parametrize("decks, cycle, banker, player, ties", [
    (8, 4_998_398_275_503_360, 2_292_252_566_437_888, 2_230_518_282_592_256, 475_627_426_473_216),
    (6, 878_869_206_895_680, 403_095_751_234_560, 392_220_492_728_832, 83_552_962_932_288),
    (1, 14_658_134_400, 6_737_232_640, 6_548_674_432, 1_372_227_328),
])
def test_main_wager_edges_are_exactly_those_of_the_published_counts(decks, cycle, banker, player,
                                                                     ties):
    # The exact edges follow from spec/ANCHORS.md's exact counts and the pays of spec/RULES.md §1.4.
    table = deck_table("baccarat.banker", (decks,))
    assert table.rows[0][2] == cycle
    standard = table.rows[0][3][table.headings.index("standard")]
    assert standard.summary.house_edge == -(Fraction(19, 20) * banker - player) / cycle
    player_edge = deck_table("baccarat.player", (decks,)).rows[0][3][0].summary.house_edge
    assert player_edge == -Fraction(player - banker, cycle)
    tie_table = deck_table("baccarat.tie", (decks,))
    tie = dict(zip(tie_table.headings, tie_table.rows[0][3]))
    assert tie["8to1"].summary.house_edge == -Fraction(8 * ties - (cycle - ties), cycle)
    assert tie["9to1"].summary.house_edge == -Fraction(9 * ties - (cycle - ties), cycle)


@pytest.mark.parametrize("decks", [2, 5])
def test_unpublished_deck_counts_agree_with_a_plain_nested_loop(decks):
    # Second method: the naive nested loop of combin.bench.baccarat, settled by the engine.
    shoe = Shoe.full(decks)
    counts = nested_loop_rounds(shoe.counts)
    space = OutcomeSpace(counts, sum(counts.values()), "nested loop", "nested loop")
    for wager in ("eclipse.sun7", "eclipse.moon8", "eclipse.supreme7", "eclipse.eclipse"):
        table = deck_table(wager, (decks,))
        for heading, sheet in zip(table.headings, table.rows[0][3]):
            other = par_sheet(wager, paytable=heading, space=space)
            assert sheet.summary.house_edge == other.summary.house_edge
            assert [l.combinations for l in sheet.lines] == [l.combinations for l in other.lines]


def test_columns_are_every_paytable_or_every_rule_set():
    assert [h for h, _ in columns("eclipse.supreme7")] == ["A", "B", "C"]
    assert [h for h, _ in columns("baccarat.tie")] == ["8to1", "9to1"]
    assert [(h, o["rules"]) for h, o in columns("baccarat.banker")] == \
        [("standard", "standard"), ("ez", "ez"), ("super6", "super6")]
    assert [h for h, _ in columns("baccarat.banker", rules="ez")] == ["ez"]
    assert [h for h, _ in columns("eclipse.sun7", paytable="B")] == ["B"]


def test_columns_include_a_users_paytable_and_honour_interpretations():
    custom = Paytable("eclipse.moon8", "M30", "Moon 8 at 30 to 1", "test",
                      (("player_wins_three_card_8", Pay.parse("30 to 1")),))
    table = deck_table("eclipse.moon8", (8,), extra_paytables=[custom])
    assert table.headings == ("A", "B", "C", "M30")
    m30 = table.rows[0][3][3]
    wins = 172_660_763_262_976  # spec/ANCHORS.md: Moon 8 wins, 8 decks
    cycle = 4_998_398_275_503_360
    assert m30.summary.expected_return == Fraction(31 * wins - cycle, cycle)
    paid = deck_table("eclipse.eclipse", (8,), interpret={"E1": "paid-rows"})
    events = deck_table("eclipse.eclipse", (8,))
    b = paid.headings.index("B")
    assert ("E1", "paid-rows") in paid.rows[0][3][b].interpretations
    assert paid.rows[0][3][b].summary.house_edge > events.rows[0][3][b].summary.house_edge


@pytest.mark.parametrize("text, words", [
    ("", "empty"), ("1,,2", "empty item"), ("0", "at least 1"), ("1.5", "whole number"),
    ("2,2", "twice"), ("x", "whole number"),
])
def test_bad_deck_lists(text, words):
    with pytest.raises(CombinError, match=words):
        parse_decks_list(text)


def test_deck_list_reads_spaces_and_order():
    assert parse_decks_list(" 8, 1 ,6") == (8, 1, 6)


def test_only_baccarat_wagers():
    from combin.registry import games
    others = [w for g in games() if g.id != "baccarat" for w in g.wagers]
    if not others:
        pytest.skip("no other game is registered")
    with pytest.raises(CombinError, match="game protection covers"):
        require_protection(others[0])


