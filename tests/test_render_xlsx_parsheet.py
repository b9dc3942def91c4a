"""A par-sheet workbook re-prices in a real spreadsheet engine (LibreOffice headless).

Pays are edited in the workbook's cells with openpyxl (which keeps no cached results), the
workbook is recalculated by LibreOffice, and every recalculated figure is compared with the
par-sheet engine's exact figure for the same pays (the spreadsheet computes in doubles).
"""

import io
import shutil
import subprocess
from fractions import Fraction

import openpyxl
import pytest

from combin.core.analysis import select
from combin.documents.parsheet import document
from combin.core.pays import Pay
from combin.core.paytable import with_pay
from combin.render.xlsx import write
from combin.render.xlsx_parsheet import pay_cells

SOFFICE = shutil.which("soffice")
pytestmark = pytest.mark.skipif(SOFFICE is None, reason="LibreOffice (libreoffice-calc-nogui) "
                                                         "is not installed (make test installs it)")

CASES = [  # wager, options, pays edited in the workbook
    ("eclipse.moon8", {"decks": 8}, {"player_wins_three_card_8": "30 to 1"}),
    ("eclipse.supreme7", {"decks": 6, "paytable": "B"},
     {"both_three_card_7": "250 for 1", "both_two_card_7": "7.5 to 1"}),
    ("baccarat.banker", {"decks": 8, "rules": "standard"}, {"banker_wins": "24 to 25", "tie": "loss"}),
    ("dragon.player", {"decks": 1}, {"player_natural_win": "push", "player_wins_by_9": "45 to 1"}),
]


def _recalculate(paths, folder):
    out = folder / "recalculated"
    subprocess.run([SOFFICE, "--headless", "--norestore",
                    f"-env:UserInstallation={(folder / 'profile').as_uri()}",
                    "--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", str(out),
                    *map(str, paths)], capture_output=True, timeout=300, check=True)
    return [out / path.name for path in paths]


@pytest.fixture(scope="module")
def recalculated(tmp_path_factory):
    folder = tmp_path_factory.mktemp("xlsx")
    paths, expected = [], []
    for n, (wager, options, pays) in enumerate(CASES):
        chosen = select(wager, **{k: v for k, v in options.items() if k != "decks"})
        space = chosen.space(options.get("decks"))
        sheet = chosen.sheet(space)
        book = openpyxl.load_workbook(io.BytesIO(write(document(sheet))))
        table = chosen.paytable
        for row, line in enumerate(sheet.lines, start=2):
            if line.event_id in pays:
                x, kind, y = pay_cells(pays[line.event_id], None)
                book["outcomes"][f"C{row}"], book["outcomes"][f"D{row}"] = x, kind
                book["outcomes"][f"E{row}"] = y
                table = with_pay(table, line.event_id, Pay.parse(pays[line.event_id]))
        path = folder / f"case-{n}.xlsx"
        book.save(path)
        paths.append(path)
        expected.append(chosen.with_paytable(table).sheet(space))
    return list(zip(_recalculate(paths, folder), expected))


def _close(value, exact, tolerance=Fraction(1, 10**12)):
    return abs(Fraction(value) - Fraction(exact)) <= tolerance * max(1, abs(Fraction(exact)))


@pytest.mark.parametrize("case", range(len(CASES)))
def test_an_edited_workbook_reprices_as_combin_par(recalculated, case):
    path, sheet = recalculated[case]
    book = openpyxl.load_workbook(path, data_only=True)
    shown = {row[0]: row[1] for row in book["summary"].iter_rows(min_row=2, values_only=True)}
    s = sheet.summary
    for label, exact in (("Expected return", s.expected_return), ("House edge", s.house_edge),
                         ("Return to player", s.return_to_player),
                         ("Hit frequency", s.hit_frequency), ("Push frequency", s.push_frequency),
                         ("Variance", s.variance), ("Standard deviation", s.sd)):
        assert _close(shown[label], exact), (label, shown[label], exact)
    totals = list(book["outcomes_totals"].iter_rows(min_row=2, values_only=True))[0]
    assert totals[1] == sheet.cycle and _close(totals[3], 1)
    vi = {row[0]: row[2] for row in book["volatility"].iter_rows(min_row=2, values_only=True)}
    for label, _, value in sheet.risk.volatility:
        assert _close(vi[label], value)
    holds = [row[2:] for row in book["hold_range"].iter_rows(min_row=2, values_only=True)]
    want = [(low.value, high.value) for _, _, low, high in document(sheet).table("hold_range").rows]
    assert all(_close(a, b, Fraction(1, 10**9)) and _close(c, d, Fraction(1, 10**9))
               for (a, c), (b, d) in zip(holds, want))       # clamped where the sheet clamps


@pytest.mark.parametrize("case", range(len(CASES)))
def test_no_exact_figure_of_the_published_pays_stays_beside_a_re_priced_one(recalculated, case):
    """After LibreOffice re-prices an edited workbook, a line whose pay was edited, the totals'
    return and the summary say 'pays edited' in their '(exact)' cells; a line left as published
    keeps its exact figures, which are the par sheet's own under the published pays."""
    path, sheet = recalculated[case]
    wager, options, pays = CASES[case]
    chosen = select(wager, **{k: v for k, v in options.items() if k != "decks"})
    published = chosen.sheet(chosen.space(options.get("decks")))
    book = openpyxl.load_workbook(path, data_only=True)
    records = list(book["outcomes"].iter_rows(min_row=2, values_only=True))
    for line, row in zip(published.lines, records):
        edited = line.event_id in pays
        assert row[15] is (not edited)
        if edited:
            assert row[6] == row[12] == "pays edited"
        else:
            assert Fraction(row[6]) == line.payout
            assert Fraction(row[12]) == published.contribution(line)
        assert int(row[8]) == line.combinations                    # counts never depend on pays
    totals = list(book["outcomes_totals"].iter_rows(min_row=2, values_only=True))[0]
    assert totals[5] == "pays edited"
    assert {row[2] for row in book["summary"].iter_rows(min_row=2, values_only=True)} == {"pays edited"}


def test_a_count_of_16_digits_survives_a_spreadsheet_save(recalculated):
    """8 decks: the losing line of Moon 8 has 16 digits; LibreOffice keeps 15 significant
    digits of a number when it saves (its cached values), so the count is the formula
    VALUE("digits"), which the save keeps whole."""
    path, sheet = recalculated[0]
    book = openpyxl.load_workbook(path)
    values = openpyxl.load_workbook(path, data_only=True)
    big = [(n, line.combinations) for n, line in enumerate(sheet.lines, start=2)
           if line.combinations >= 10 ** 15]
    assert big
    for n, count in big:
        assert book["outcomes"][f"H{n}"].value == f'=VALUE("{count}")'
        # the value LibreOffice cached on save has 15 significant digits; the formula above
        # gives the whole count back at the next recalculation
        assert abs(values["outcomes"][f"H{n}"].value - count) < 10
    # the columns are wide enough for their formats: no '###' in LibreOffice's PDF either
    assert book["outcomes"].column_dimensions["J"].width >= 19
