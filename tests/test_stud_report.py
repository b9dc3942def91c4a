"""combin.documents.stud_game: the whole-game sheet says what the sums say, in every format."""

import csv
import io
import json
from fractions import Fraction

import pytest

from combin.errors import CombinError
from combin.stud.core.deck import Deck
from combin.documents.stud_game import game_document, sheet_rows
from combin.render import render
from combin.stud.core.rules import load_rules
from combin.stud.nodraw.game import whole_game


@pytest.fixture(scope="module")
def result():
    return whole_game(load_rules("caribbean").resolve(), Deck.parse("TJQKA"), "optimal")


def test_lines_add_up(result):
    rows = sheet_rows(result)
    assert sum(count for *_, count in rows) == result.cycle
    assert sum(count * net for *_, net, count in rows) == result.total


def test_json_and_csv_carry_every_digit(result):
    sheet = json.loads(render(game_document(result), "json"))
    assert sheet["format"] == "combin.stud_game/2"
    summary = {r["figure"]: r["value"] for r in sheet["tables"]["summary"]["rows"]}
    assert Fraction(summary["Expected return per Ante"]) == Fraction(result.total, result.cycle)
    lines = sheet["tables"]["outcomes"]["rows"][:-1]
    assert [int(line["combinations"]) for line in lines] == [r[-1] for r in sheet_rows(result)]
    table = list(csv.reader(io.StringIO(render(game_document(result), "csv"))))
    assert table[0][0] == "result" and table[1][3] == str(sheet_rows(result)[0][-1])


def test_text_names_the_strategy_and_is_reproducible(result):
    text = render(game_document(result), "text")
    assert text == render(game_document(result), "text")
    assert "Player wins with a royal flush" in text
    assert "Ace-king hands" not in text  # five cards of TJQKA without a pair are a straight
    assert "House edge per Ante" in text and "Element of risk" in text
    with pytest.raises(CombinError):
        render(game_document(result), "pdf")
    assert "Game cycle" in text and "one 52-card deck" not in text
