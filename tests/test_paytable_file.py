"""Paytable files: strict validation with file and line, selection, warnings, round trip."""

import io
import re
from fractions import Fraction
from pathlib import Path

import pytest

from combin.core.analysis import par_sheet
from combin.errors import CombinError
from combin.core.pays import Pay
from combin.core.paytable import with_pay
from combin.files.paytable_file import (PaytableFile, catalog, choose, parse_paytable_file,
                                  paytable_toml, read_paytable_file, read_paytable_files,
                                  report_generous, return_warning)
from combin.registry import games

DATA = Path(__file__).parent / "data"

#: spec/ANCHORS.md, 8 decks: the game cycle and the Player wins with a three-card 8 (Moon 8).
CYCLE_8 = 4_998_398_275_503_360
MOON8_WINS = 172_660_763_262_976

MOON = '''[[paytable]]
wager = "eclipse.moon8"
id = "M30"
title = "Moon 8 at 30 to 1"
citation = "house proposal"

[paytable.pays]
player_wins_three_card_8 = "{pay}"
'''


def parse(text, name="mine.toml"):
    return parse_paytable_file(text, name)


def error_of(text, name="mine.toml"):
    with pytest.raises(CombinError) as raised:
        parse(text, name)
    return str(raised.value)


def test_a_valid_file_reads_exact_pays_and_where_they_are():
    loaded = parse("# a comment\n" + MOON.format(pay="7.5 for 1"))
    (table,) = loaded.paytables
    assert (table.wager, table.id, table.title, table.citation) == \
        ("eclipse.moon8", "M30", "Moon 8 at 30 to 1", "house proposal")
    assert table.lines == (("player_wins_three_card_8", Pay.parse("7.5 for 1")),)
    assert table.lines[0][1].net == Fraction(13, 2)
    assert (table.source, table.line, table.where) == ("mine.toml", 2, "mine.toml, line 2")


def test_the_sample_files_are_valid():
    for path in sorted(DATA.glob("*.toml")):
        assert read_paytable_file(path).paytables


@pytest.mark.parametrize("text, line, words", [
    ("x = ", 1, "not a valid TOML file"),
    (MOON.format(pay="30 to 1").replace("eclipse.moon8", "eclipse.moon9"), 2, "unknown wager 'eclipse.moon9'"),
    (MOON.format(pay="30 to 1").replace("three_card_8 =", "three_card_9 ="), 8,
     "has no event 'player_wins_three_card_9'"),
    (MOON.format(pay="0 to 1"), 8, "positive numbers"),
    (MOON.format(pay="-3 to 1"), 8, "cannot read the pay"),
    (MOON.format(pay="1 for 2"), 8, "less than the stake"),
    (MOON.format(pay="thirty to one"), 8, "cannot read the pay"),
    (MOON.format(pay="1" * 50 + " to 1"), 8, "longer than 40 characters"),
    (MOON.format(pay="30 to 1").replace('"30 to 1"', "30"), 8, "must be text"),
    (MOON.format(pay="30 to 1").replace('"30 to 1"', "30.5"), 8, "must be text"),
    (MOON.format(pay="30 to 1").replace('id = "M30"', 'id = "A"'), 3,
     "'A' of eclipse.moon8 is a built-in paytable"),
    (MOON.format(pay="30 to 1").replace('id = "M30"', 'id = "M 30"'), 3, "not a plain name"),
    (MOON.format(pay="30 to 1").replace('citation = "house proposal"', ""), 1,
     "needs a text field 'citation'"),
    (MOON.format(pay="30 to 1").replace('citation = "house proposal"', 'citation = ""'), 5,
     "needs a text field 'citation'"),
    (MOON.format(pay="30 to 1").replace('title', 'titel'), 4, "has no field 'titel'"),
    (MOON.format(pay="30 to 1").replace("[paytable.pays]\nplayer_wins_three_card_8 = \"30 to 1\"",
                                        ""), 1, "has no [paytable.pays] lines"),
    ("[[paytable]]\nwager = 3\nid = 'Z'\ncitation = 'c'\n", 2, "needs a text field 'wager'"),
    ("[tables]\nx = 1\n", 1, "unknown section 'tables'"),
    ("paytable = 3\n", 1, "must be a list of [[paytable]] tables"),
    ("# nothing\n", 0, "no [[paytable]] or [[ruleset]] entry"),
    (MOON.format(pay="30 to 1") + MOON.format(pay="31 to 1"), 11,
     "'M30' of eclipse.moon8 is defined twice (first on line 1)"),
])
def test_every_rejection_names_the_file_the_line_and_the_reason(text, line, words):
    message = error_of(text)
    where = f"mine.toml, line {line}: " if line else "mine.toml: "
    assert message.startswith(where) and words in message and "\n" not in message


def test_a_duplicate_line_is_reported_as_one_with_both_lines():
    text = MOON.format(pay="30 to 1") + 'player_wins_three_card_8 = "31 to 1"\n'
    assert error_of(text) == ("mine.toml, line 9: duplicate line: 'player_wins_three_card_8' "
                              "is already given on line 8")
    quoted = MOON.format(pay="30 to 1") + '"player_wins_three_card_8" = "31 to 1"\n'
    assert error_of(quoted).startswith("mine.toml, line 9: duplicate line")


def test_a_duplicate_table_is_reported_with_its_line():
    text = MOON.format(pay="30 to 1") + '[paytable.pays]\nplayer_wins_three_card_8 = "1 to 1"\n'
    assert error_of(text).startswith("mine.toml, line 9: duplicate line: '[paytable.pays]' "
                                     "is already given on line 7")


RULES = '''[[paytable]]
wager = "baccarat.banker"
id = "comm4"
citation = "house proposal"
[paytable.pays]
banker_wins = "24 to 25"
tie = "push"

[[ruleset]]
id = "{rid}"
title = "Four per cent commission"
citation = "house proposal"
[ruleset.paytables]
"{wager}" = "{pid}"
'''


def test_a_rule_set_reads_and_is_chosen_with_rules():
    loaded = parse(RULES.format(rid="c4", wager="baccarat.banker", pid="comm4"))
    (ruleset,) = loaded.rulesets
    assert (ruleset.id, ruleset.paytables) == ("c4", {"baccarat.banker": "comm4"})
    assert loaded.ruleset_sources == {"c4": "mine.toml, line 9"}
    sheet = par_sheet("baccarat.banker", rules="c4", extra_paytables=loaded.paytables,
                      extra_rulesets=loaded.rulesets)
    assert (sheet.rules, sheet.paytable) == ("c4", "comm4")
    # spec/ANCHORS.md, 8 decks: Banker 2,292,252,566,437,888 wins, Player 2,230,518,282,592,256.
    assert sheet.summary.expected_return == \
        Fraction(2_292_252_566_437_888 * 24, 25 * CYCLE_8) - Fraction(2_230_518_282_592_256, CYCLE_8)


@pytest.mark.parametrize("rid, wager, pid, line, words", [
    ("ez", "baccarat.banker", "comm4", 10, "'ez' is a built-in rule set"),
    ("c4", "baccarat.banker", "nope", 14, "has no paytable 'nope'"),
    ("c4", "baccarat.bunker", "comm4", 14, "unknown wager 'baccarat.bunker'"),
    ("c 4", "baccarat.banker", "comm4", 10, "not a plain name"),
])
def test_rule_set_rejections(rid, wager, pid, line, words):
    message = error_of(RULES.format(rid=rid, wager=wager, pid=pid))
    assert message.startswith(f"mine.toml, line {line}: ") and words in message


def test_a_rule_set_may_not_mix_games():
    text = RULES.format(rid="c4", wager="baccarat.banker", pid="comm4") + \
        '"lunar.instant" = "A"\n'
    assert "wagers of different games (baccarat, lunar)" in error_of(text)


def test_two_files_may_not_define_the_same_id(tmp_path):
    first, second = tmp_path / "one.toml", tmp_path / "two.toml"
    first.write_text(MOON.format(pay="30 to 1"), encoding="utf-8")
    second.write_text(MOON.format(pay="20 to 1"), encoding="utf-8")
    with pytest.raises(CombinError) as raised:
        read_paytable_files([first, second])
    assert str(raised.value) == (f"{second}, line 3: paytable 'M30' of eclipse.moon8 is "
                                 f"already defined in {first}, line 1")


def test_a_second_file_may_name_the_first_files_paytable_in_a_rule_set(tmp_path):
    first, second = tmp_path / "one.toml", tmp_path / "two.toml"
    first.write_text(RULES.format(rid="c4", wager="baccarat.banker", pid="comm4")
                     .split("[[ruleset]]")[0], encoding="utf-8")
    second.write_text("[[ruleset]]" + RULES.format(rid="c4", wager="baccarat.banker",
                                                   pid="comm4").split("[[ruleset]]")[1],
                      encoding="utf-8")
    loaded = read_paytable_files([first, second])
    assert [r.id for r in loaded.rulesets] == ["c4"] and loaded.sources == (str(first), str(second))


@pytest.mark.parametrize("content, words", [
    (b"\xff\xfe\x00", "not a text (UTF-8) file"),
])
def test_unreadable_files(tmp_path, content, words):
    path = tmp_path / "bad.toml"
    path.write_bytes(content)
    with pytest.raises(CombinError, match=re.escape(words)):
        read_paytable_file(path)
    with pytest.raises(CombinError, match="cannot read paytable file"):
        read_paytable_file(tmp_path / "missing.toml")


def _file(*tables, rulesets=()):
    return PaytableFile(("f.toml",), tuple(tables), tuple(rulesets))


def test_choose_selects_the_only_paytable_of_the_wager():
    (m30,) = parse(MOON.format(pay="30 to 1")).paytables
    assert choose(_file(m30), "eclipse.moon8", None, None, False) == ("M30", None)
    assert choose(_file(m30), "eclipse.moon8", "B", None, False) == ("B", None)
    assert choose(_file(m30), "eclipse.sun7", None, None, False) == (None, None)
    other = with_pay(m30, "player_wins_three_card_8", Pay.parse("20 to 1"))
    from dataclasses import replace
    with pytest.raises(CombinError, match=r"holds 2 paytables of eclipse.moon8 \(M30, M20\)"):
        choose(_file(m30, replace(other, id="M20")), "eclipse.moon8", None, None, False)


def test_choose_reaches_a_ruled_wager_through_its_rule_set():
    loaded = parse(RULES.format(rid="c4", wager="baccarat.banker", pid="comm4"))
    assert choose(loaded, "baccarat.banker", None, None, True) == (None, "c4")
    assert choose(loaded, "baccarat.banker", "comm4", None, True) == ("comm4", "c4")
    assert choose(loaded, "baccarat.banker", None, "ez", True) == (None, "ez")
    alone = _file(*loaded.paytables)
    with pytest.raises(CombinError, match=r"add a \[\[ruleset\]\] naming paytable 'comm4'"):
        choose(alone, "baccarat.banker", None, None, True)


def test_a_generous_paytable_warns_with_file_and_return():
    (m30,) = parse(MOON.format(pay="30 to 1")).paytables
    sheet = par_sheet("eclipse.moon8", paytable="M30", extra_paytables=[m30])
    # Moon 8 at 30 to 1 returns 31 x P(Moon 8) per unit: more than the stake.
    rtp = Fraction(31 * MOON8_WINS, CYCLE_8)
    assert rtp > 1 and sheet.summary.return_to_player == rtp
    stream = io.StringIO()
    message = report_generous(m30, sheet, stream)
    assert stream.getvalue() == f"combin: WARNING: {message}\n"
    assert message.startswith("mine.toml, line 1: paytable 'M30' of eclipse.moon8 returns "
                              "107.0840% to the player")
    (m25,) = parse(MOON.format(pay="25 to 1")).paytables
    fair = par_sheet("eclipse.moon8", paytable="M30", extra_paytables=[m25])
    assert return_warning(m25, fair) is None


def _builtins():
    for game in games():
        for (wager, pid), table in game.paytables.items():
            yield game, wager, pid, table


@pytest.mark.parametrize("wager, pid", [(w, p) for _, w, p, _ in _builtins()])
def test_every_builtin_paytable_round_trips_through_toml(wager, pid):
    game = next(g for g, w, p, _ in _builtins() if (w, p) == (wager, pid))
    from dataclasses import replace
    from combin.core.game import RuleSet
    table = game.paytables[(wager, pid)]
    copy = replace(table, id="copy")
    ruled = catalog().ruled(wager)
    rulesets = [RuleSet("copy", "copy", table.citation, {wager: "copy"})] if ruled else []
    loaded = parse(paytable_toml([copy], rulesets, ["exported"]), "copy.toml")
    (read,) = loaded.paytables
    assert (read.wager, read.title, read.citation, read.lines) == \
        (table.wager, table.title, table.citation, table.lines)
    rules = {"rules": "copy", "extra_rulesets": loaded.rulesets} if ruled else {}
    original = par_sheet(wager, paytable=None if ruled else pid,
                         rules=next(r for r, s in game.rulesets.items()
                                    if s.paytables.get(wager) == pid) if ruled else None)
    again = par_sheet(wager, paytable=None if ruled else "copy",
                      extra_paytables=loaded.paytables, **rules)
    assert again.lines == original.lines and again.summary == original.summary


def test_written_toml_has_the_builtin_shape():
    from combin.baccarat import GAME
    text = paytable_toml([GAME.paytables[("eclipse.supreme7", "B")]], comments=["hello"])
    assert text == ('# hello\n\n[[paytable]]\nwager = "eclipse.supreme7"\nid = "B"\n'
                    'title = "Paytable B"\ncitation = "58 Pa. Code § 631b.11(g), Paytable B"\n'
                    '[paytable.pays]\nboth_three_card_7 = "400 to 1"\nboth_two_card_7 = "loss"\n')


def test_par_with_a_paytable_file_builds_its_sheet_once(monkeypatch, capsys):
    from combin.core.analysis import Selection
    from combin.cli import main
    calls = []
    real = Selection.sheet

    def counted(self, space=None, other_readings=False):
        calls.append((self.paytable.id, other_readings))
        return real(self, space, other_readings)
    monkeypatch.setattr(Selection, "sheet", counted)
    path = Path(__file__).parent / "data" / "moon8-30to1.toml"
    assert main(["par", "eclipse.moon8", "--paytable-file", str(path)]) == 0
    # the sheet once (with the other readings' house edges), and one plain sheet per other reading
    assert [call for call in calls if call[1]] == [("M30", True)]
    assert {paytable for paytable, _ in calls} == {"M30"} and "WARNING" in capsys.readouterr().err


# --- a file's own events ---------------------------------------------------------------------

def _own_event(wager, pid, event, title, conditions, pays):
    """A paytable file defining one event of its own."""
    return "\n".join([f'[[paytable]]\nwager = "{wager}"\nid = "{pid}"', 'citation = "design study"',
                      f"[paytable.events.{event}]", f'title = "{title}"', conditions,
                      "[paytable.pays]", pays, ""])


NATURAL_8 = _own_event("eclipse.moon8", "M8N", "player_natural_8", "Player wins with a natural 8",
                       'winner = "player"\nplayer_cards = 2\nplayer_total = {total}\n{extra}',
                       'player_wins_three_card_8 = "25 to 1"\nplayer_natural_8 = "1 to 1"')


def _natural_8_by_hand(decks=8):
    """Rounds where the Player's first two cards make 8 and the Banker's two make 0-7 (the
    Player's natural stands and wins), counted over ordered P, B, P, B deals from the shoe
    and weighted by the (N-4)(N-5) ways the two unused cards of the cycle follow."""
    have = {v: 4 * decks * (4 if v == 0 else 1) for v in range(10)}
    n = sum(have.values())
    ways = 0
    for p1 in range(10):
        for b1 in range(10):
            for p2 in range(10):
                for b2 in range(10):
                    if (p1 + p2) % 10 != 8 or (b1 + b2) % 10 > 7:
                        continue
                    left, w = dict(have), 1
                    for v in (p1, b1, p2, b2):
                        w *= left[v]
                        left[v] -= 1
                    ways += w
    return ways * (n - 4) * (n - 5)


def test_a_file_event_is_settled_like_a_built_in_one():
    (table,) = parse(NATURAL_8.format(total=8, extra="")).paytables
    sheet = par_sheet("eclipse.moon8", paytable="M8N", extra_paytables=[table])
    counts = {line.event_id: line.combinations for line in sheet.lines}
    assert counts["player_natural_8"] == _natural_8_by_hand()
    assert counts["player_wins_three_card_8"] == MOON8_WINS and sheet.cycle == CYCLE_8
    assert counts["other"] == CYCLE_8 - MOON8_WINS - _natural_8_by_hand()


def test_a_file_event_round_trips_through_the_writer():
    loaded = parse(NATURAL_8.format(total="[8]", extra='natural = true'))
    again = parse(paytable_toml(loaded.paytables))
    assert again.paytables[0].conditions == loaded.paytables[0].conditions
    assert par_sheet("eclipse.moon8", paytable="M8N", extra_paytables=again.paytables).lines == \
        par_sheet("eclipse.moon8", paytable="M8N", extra_paytables=loaded.paytables).lines


@pytest.mark.parametrize("total, extra, line, words", [
    ("8", "player_totl = 3", 10, "unknown field 'player_totl'"),
    ("10", "", 9, "field 'player_total' has no value 10"),
    ('"8"', "", 9, "field 'player_total' has no value '8'"),
    ("8", "natural = false", 5, "'player_natural_8' can never happen"),
    ("8", "natural = 1", 10, "field 'natural' has no value 1"),
])
def test_a_bad_file_event_is_one_error_naming_file_and_line(total, extra, line, words):
    message = error_of(NATURAL_8.format(total=total, extra=extra))
    assert message.startswith(f"mine.toml, line {line}: ") and words in message


def test_two_lines_that_fit_the_same_rounds_are_refused():
    text = NATURAL_8.format(total=8, extra="").replace("player_cards = 2", "player_cards = 3")
    message = error_of(text)
    assert message.startswith("mine.toml, line 5: ") and "can never be told apart" in message


def test_a_line_settled_by_an_earlier_one_is_refused():
    text = NATURAL_8.format(total="[7, 8]", extra="").replace("player_cards = 2\n", "").replace(
        'player_wins_three_card_8 = "25 to 1"\nplayer_natural_8 = "1 to 1"',
        'player_natural_8 = "1 to 1"\nplayer_wins_three_card_8 = "25 to 1"')
    message = error_of(text)
    assert "'player_wins_three_card_8' never settles a round" in message


def test_a_built_in_event_id_is_not_redefined():
    text = NATURAL_8.format(total=8, extra="").replace("player_natural_8", "player_wins")
    assert "'player_wins' is a built-in event of eclipse.moon8's game" in error_of(text)


def test_a_lunar_super_event_reads_the_hand_class_and_its_features():
    text = _own_event("lunar.super", "P3", "picture_trips", "Three of a kind, all five pictures",
                      'hand_class = "three_of_a_kind"\npictures = true', 'picture_trips = "50 to 1"')
    (table,) = parse(text).paytables
    sheet = par_sheet("lunar.super", paytable="P3", extra_paytables=[table])
    # by hand: trips of J, Q or K (3 ranks x 4 ways to pick the suits) and one card each of
    # the other two picture ranks (4 x 4): 192 of the C(52, 5) = 2,598,960 hands
    assert [(l.event_id, l.combinations) for l in sheet.lines] == [
        ("picture_trips", 3 * 4 * 4 * 4), ("other", 2_598_960 - 192)]
