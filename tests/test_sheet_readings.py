"""A par sheet read alone: every interpretation in words, and the house edge under each other
reading of an open interpretation beside its own."""

import re
from fractions import Fraction

from combin.analysis import par_sheet
from combin.cli import main
from combin.documents.parsheet import document
from combin.render import render


def test_eclipse_b_gives_the_paid_rows_house_edge_beside_its_own():
    sheet = par_sheet("eclipse.eclipse", paytable="B", decks=8, other_readings=True)
    # E1=paid-rows: the configuration Paytable B lists as 'Loss' (both hands two-card 7s)
    # loses the unit instead of paying 6 to 1, a change of 7 units on each of its rounds.
    both = next(line for line in sheet.lines if line.event == "Player and Banker both two-card 7s")
    assert both.pays == "6 to 1"
    expected = sheet.summary.house_edge + Fraction(7 * both.combinations, sheet.cycle)
    [(key, value, words, edge)] = sheet.other_readings
    assert (key, value, edge) == ("E1", "paid-rows", expected)
    assert "actually pays" in words
    text = render(document(sheet), "md")
    assert re.search(r"\| House edge if E1=paid-rows +\| +9\.2459% \|", text)
    assert ("- E1=events (Eclipse and a paytable's 'Loss' row): Eclipse wins on every event "
            "§ 631b.11(d) defines") in text
    assert "Other reading: E1=paid-rows (Eclipse wins only on events that the selected " \
           "paytable actually pays): house edge 9.2459%." in text
    # fixed readings have no other value: their words, nothing beside
    assert "- E2=fixed (A 7-7 tie of a two-card and a three-card hand): Not a Supreme 7" in text
    assert "E2=" not in "".join(re.findall(r"House edge if [^|]*", text))


def test_the_super_sheet_says_how_royal_and_straight_flushes_are_paid(capsys):
    assert main(["par", "lunar.super", "--format", "md"]) == 0
    text = capsys.readouterr().out
    assert ("- L5=flush (Royal and straight flushes on the Super): Royal and straight flushes are "
            "paid as a flush (60 to 1 on the posted paytable).") in text
    sheet = par_sheet("lunar.super", other_readings=True)
    strict = {value: edge for key, value, _, edge in sheet.other_readings if key == "L5"}
    # L5=strict: the 4 royal flushes fall to Ace-king-queen (5 to 1), the 36 straight flushes
    # to Same colored five (2 to 1), instead of 60 to 1 each; 2,598,960 five-card hands.
    assert strict == {"strict": sheet.summary.house_edge +
                      Fraction(4 * (60 - 5) + 36 * (60 - 2), 2_598_960)}
    shown = re.search(r"\| House edge if L5=strict +\| +([0-9.]+)% \|", text)
    assert shown and Fraction(shown.group(1)) == round(strict["strict"] * 100, 4)
