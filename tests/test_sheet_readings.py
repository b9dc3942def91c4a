"""A par sheet read alone: every interpretation in words, and the house edge under each other
reading of an open interpretation beside its own."""

import re
from fractions import Fraction

from combin.core.analysis import par_sheet
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


def test_a_reading_that_cannot_be_priced_for_a_paytable_file_is_named_not_skipped(tmp_path):
    """E1=paid-rows reads the other Eclipse wagers' paytables by the sheet's paytable id; a file
    that gives only eclipse.eclipse 'D' cannot price it, and the sheet says so in words."""
    from pathlib import Path
    from combin.files.paytable_file import parse_paytable_file
    whole = (Path(__file__).parent / "data" / "eclipse-d.toml").read_text()
    alone = "[[paytable]]" + whole.split("[[paytable]]")[-1]      # the eclipse.eclipse block
    assert 'wager = "eclipse.eclipse"' in alone and "eclipse.sun7" not in alone
    loaded = parse_paytable_file(alone, "eclipse-only.toml")
    sheet = par_sheet("eclipse.eclipse", paytable="D", decks=8, other_readings=True,
                      extra_paytables=loaded.paytables)
    assert [key for key, *_ in sheet.other_readings] == []
    [(key, value, _, reason, detail)] = sheet.unpriced_readings
    assert (key, value, reason) == ("E1", "paid-rows", "not priced for a paytable from a file")
    assert "eclipse.sun7" in detail
    text = render(document(sheet), "md")
    assert re.search(r"- E1=events \([^)]*\): .* Other reading: E1=paid-rows \(Eclipse wins "
                     r"only on events that the selected paytable actually pays\): not priced for "
                     r"a paytable from a file \(E1=paid-rows reads eclipse\.sun7 paytable 'D'", text)
    assert "E1=events (E1=paid-rows: not priced for a paytable from a file)" in sheet.readings_text
    # the whole file gives every wager a 'D': the same reading is priced, nothing is unpriced
    full = par_sheet("eclipse.eclipse", paytable="D", decks=8, other_readings=True,
                     extra_paytables=parse_paytable_file(whole, "eclipse-d.toml").paytables)
    assert full.unpriced_readings == () and [k for k, *_ in full.other_readings] == ["E1"]
