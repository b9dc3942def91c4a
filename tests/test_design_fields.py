"""The fields of a game's outcomes and a user's own events on them; ``combin list --events``."""

import pytest

from combin.baccarat.enumeration import Round
from combin.cli import main
from combin.design.fields import check_condition, custom_event, fields_of
from combin.errors import CombinError
from combin.lunar.classes import SuperKey


def test_baccarat_fields_read_a_round():
    fields = fields_of("baccarat")
    # Player 3 cards to 8 against a Banker 2-card 5: the Player wins, no natural
    r = Round(3, 8, 2, 5)
    assert [fields[name].read(r) for name in fields] == ["player", 3, 2, 8, 5, False]
    assert fields["winner"].read(Round(2, 9, 2, 9)) == "tie" and fields["natural"].read(Round(2, 9, 2, 9))
    assert fields["natural"].read(Round(2, 7, 2, 6)) is False       # two cards, no 8 or 9


def test_an_event_holds_when_every_condition_holds():
    event = custom_event("baccarat", "small_tie", "A tie on 0-2",
                         {"winner": "tie", "player_total": [0, 1, 2]})
    assert event.holds(Round(2, 1, 3, 1), {}) and not event.holds(Round(2, 3, 3, 3), {})
    picture = custom_event("lunar", "p", "Pictures", {"pictures": True, "hand_class": "flush"})
    assert picture.holds(SuperKey("flush", True, True, True, False, False), {})
    assert not picture.holds(SuperKey("flush", False, True, True, False, False), {})


@pytest.mark.parametrize("name, value, words", [
    ("winner", "dealer", "no value 'dealer'"),
    ("natural", 1, "no value 1"),            # a number is not a boolean
    ("player_cards", True, "no value True"),  # nor a boolean a number
    ("player_total", [], "an empty list never holds"),
    ("colour", "red", "unknown field 'colour'"),
])
def test_bad_conditions_are_named(name, value, words):
    with pytest.raises(CombinError, match=words):
        check_condition(fields_of("baccarat"), name, value)


def test_list_events_shows_fields_and_built_in_events(capsys):
    assert main(["list", "--events", "eclipse.moon8"]) == 0
    out = capsys.readouterr().out
    assert "player_total" in out and "0, 1, 2, 3, 4, 5, 6, 7, 8, 9" in out
    assert "player_wins_three_card_8" in out and "banker_wins" not in out   # the wager's only
    assert main(["list", "--events", "lunar"]) == 0
    out = capsys.readouterr().out
    assert "hand_class" in out and "royal_flush" in out and "same_colored_five" in out


def test_list_events_of_an_unknown_target_is_one_error(capsys):
    assert main(["list", "--events", "eclipse.moon9"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("combin: error: unknown wager 'eclipse.moon9'") and err.count("\n") == 1
