"""The Lunar report leads with the Ante/Bet game: its summary, REPORT.md and the filing PDF.

The cheapest scope that carries the committed 52-card sheet: the Lunar whole-game pages in the
committed configuration (:func:`combin.lunar.audit.pages`, no summing), then the game's report
and the bundle's summary built from them as the audit builds them.
"""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from combin.audit.scope import Scope
from combin.documents.bundle import report_document
from combin.lunar import GAME
from combin.render import render_text

COMMITTED = Path(__file__).parents[1] / "tables" / "lunar" / "game"


def _quiet(message):
    pass


def _committed(label):
    """A figure of the committed 52-card sheet as the sheet prints it (its Markdown cell)."""
    text = (COMMITTED / "full-deck.md").read_text()
    return re.search(rf"^\| {re.escape(label)} +\| +(\S+) +\|$", text, re.M).group(1)


@pytest.fixture(scope="module")
def lunar_pages():
    from combin.lunar.audit import pages
    return pages(Scope(game="lunar", paytable="A"), {"seed": 3, "rounds": 2000, "hands": 2000,
                                                     "shoes": 300}, 1, _quiet)


@pytest.fixture(scope="module")
def documents(lunar_pages):
    from combin.audit.report import report
    head = (("Verdict", "test"),)
    game_report = report(GAME, [], [], [], {}, ["method.md"], head, (), lunar_pages.lead)
    verdict = {"checks": "0/0", "simulation_inside_99": "0/0", "all_checks_passed": True}
    summary = report_document([(GAME, [], verdict, ["lunar/REPORT.md"], {}, lunar_pages.lead)],
                              {"seed": 3, "rounds": 2000, "hands": 2000, "shoes": 300}, "test", head)
    return game_report, summary


def test_the_committed_sheet_says_the_player_wins_under_optimal_play():
    assert _committed("house edge per Ante, in percent").startswith("-2.0417")


def test_report_and_summary_lead_with_the_games_house_edge_per_ante(documents, lunar_pages):
    edge = _committed("house edge per Ante, in percent")
    game_report, summary = documents
    for document in (game_report, summary):
        text = render_text(document, "md")
        first = text.index("Ante/Bet game")
        assert edge in text and text.index(edge) > first
        assert first < text.index("Checks" if document is game_report else "Every wager")
        assert "Derived basic strategy" in text and "The round as dealt" in text
    assert "favours the player" in lunar_pages.note and "mandatory Super" in lunar_pages.note
    rows = {row[0].value if hasattr(row[0], "value") else row[0]: row for row in lunar_pages.lead[0].rows}
    sd = _committed("SD per Ante")
    assert sd in render_text(game_report, "md") and "SD per Ante" in str(rows)


def test_the_report_flags_each_reading_that_moves_the_game_as_a_ruling(documents, lunar_pages):
    """The readings the committed sheet priced on the whole game, each beside the sheet's own and
    marked "ruling required", in the report and in the summary of the bundle."""
    own = _committed("house edge per Ante, in percent")
    other = _committed("house edge per Ante if L8=even-money, in percent")
    assert float(other.rstrip("%")) < -28.75 and -2.05 < float(own.rstrip("%")) < -2.04
    table = next(t for t in lunar_pages.lead if t.name == "readings")
    cells = [[str(getattr(cell, "value", cell)) for cell in row] for row in table.rows]
    # each reading that moves it, in the data's order: L7 (a straight flush played on), then L8
    assert cells[0][:2] == ["L7", "ends-round (the sheet above)"] and cells[1][:2] == ["L7", "continue"]
    assert cells[2][:2] == ["L8", "push (the sheet above)"] and cells[3][:2] == ["L8", "even-money"]
    assert cells[1][3] == cells[3][3] == "yes"
    for document in documents:
        text = render_text(document, "md")
        assert "Ruling required: the open readings that move the game's house edge" in text
        assert "-28.7520%" in text and "push (the sheet above)" in text and "-2.1642%" in text
        # every reading is priced on the whole game now: L10=replace-lowest-once's row too
        assert "Not priced yet" not in text and "-2.4901%" in text and "replace-lowest-once" in text


def test_the_whole_game_method_page_names_every_part_of_the_engine(lunar_pages):
    page = lunar_pages.pages["game/method.md"]
    for words in ("Suit classes", "rank engine", "Pruning, with its proof", "Forcing (L10)",
                  "Shards", "Checks", "--verify", "favours the player"):
        assert words in page, words


@pytest.mark.skipif(shutil.which("pdftotext") is None or shutil.which("chromium") is None,
                    reason="needs chromium and poppler-utils")
def test_the_filing_pdf_names_the_ante_and_the_games_figure(documents, tmp_path):
    from combin.audit.filing import filing_html
    from combin.audit.pdf import print_pdf
    game_report, summary = documents
    files = {"REPORT.html": render_text(summary, "html"),
             "lunar/REPORT.html": render_text(game_report, "html")}
    pdf = tmp_path / "REPORT.pdf"
    pdf.write_bytes(print_pdf(filing_html(files, {"client": "", "submission": "",
                                                  "prepared_by": "", "date": ""})))
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "Ante" in text
    assert _committed("house edge per Ante, in percent") in text


def test_the_reduced_decks_and_the_samples_travel_only_when_asked(lunar_pages):
    """Issue 35 item 2: a bundle carries the 52-card game (sheet, shards, the game without
    draws, the simulation, the method); the reduced decks and the samples only with
    ``--include reduced-decks`` / ``--include samples`` (the game's data names their files)."""
    from combin.lunar.audit import optional_pages, pages
    names = set(lunar_pages.pages)
    assert {"game/full-deck.md", "game/no-draw.md", "game/full-deck-simulation.md",
            "game/full/plan.json", "game/full/basic.json"} <= names
    assert not any(name.startswith(("game/JQKA", "game/TJQKA", "game/9TJQKA", "game/full-deck-sample-"))
                   for name in names)
    assert sorted(optional_pages()) == ["reduced-decks", "samples"]
    both = pages(Scope(game="lunar", paytable="A", include=("reduced-decks", "samples")),
                 {"seed": 3, "rounds": 2000, "hands": 2000, "shoes": 300}, 1, _quiet)
    added = sorted(set(both.pages) - names)
    assert added == sorted(f"game/{path.name}" for path in COMMITTED.iterdir() if path.is_file() and
                           path.name.startswith(("JQKA", "TJQKA", "9TJQKA", "full-deck-sample-")))
    assert "game/9TJQKA.md" in added and "game/full-deck-sample-2000-seed-1-classes.csv" in added
    method = [check for check in both.checks if check.group == "method"][0]
    assert method.passed and "9TJQKA.md" in method.detail and "9TJQKA.md" not in \
        [check for check in lunar_pages.checks if check.group == "method"][0].detail
