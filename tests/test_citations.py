"""Everything a citation names is in the repository: the rule book pages and the register."""

import re
from pathlib import Path

from combin.registry import games

ROOT = Path(__file__).resolve().parents[1]


def _cited_files(text):
    return set(re.findall(r"\b((?:spec/)?[A-Z]+\.md)\b", text))


def test_every_cited_page_exists():
    cited = set()
    for game in games():
        for table in game.paytables.values():
            cited |= _cited_files(table.citation)
        for wager in game.wagers.values():
            cited |= _cited_files(wager.regulation)
        for interp in game.interpretations.values():
            cited |= _cited_files(interp.reads)
    assert cited, "no citation names a page: the test would prove nothing"
    assert all(name.startswith("spec/") for name in cited), cited
    assert all((ROOT / name).is_file() for name in cited), cited


def test_the_register_lists_every_interpretation():
    register = (ROOT / "tables" / "INTERPRETATIONS.md").read_text(encoding="utf-8")
    for game in games():
        for interp in game.interpretations.values():
            assert f"### {interp.id}: {interp.title}" in register


def test_the_license_matches_setup_cfg():
    assert "license = MIT" in (ROOT / "setup.cfg").read_text(encoding="utf-8")
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_the_regulation_is_the_authority_for_every_pay_and_rule():
    """A pay, a rule set or a wager cites the regulation (or a published source), never the
    project's own rule book: spec/RULES.md is the source of a reading, not of a pay."""
    cited = []
    for game in games():
        cited += [(t.id, t.citation) for t in game.paytables.values()]
        cited += [(r.id, r.citation) for r in game.rulesets.values()]
        cited += [(w.id, w.regulation) for w in game.wagers.values()]
    assert len(cited) > 20
    assert [(name, text) for name, text in cited if "RULES.md" in text] == []
    assert all("Pa. Code" in text or "ublished" in text or "spec/ANCHORS.md" in text
               for _, text in cited)


def test_a_stud_game_cites_the_regulation_for_its_pays_not_the_rule_book():
    """Issue 35 item 5: the whole game's rules source (printed on every whole-game sheet as
    'Rules source') named "RULES.md §2" beside the sections of the regulation."""
    from combin.stud.core.rules import load_rules
    lunar = load_rules("lunar")
    assert "§ 671a.12(d)" in lunar.citation and "RULES.md" not in lunar.citation
    sheet = (ROOT / "tables" / "lunar" / "game" / "no-draw.md").read_text(encoding="utf-8")
    cited = [line for line in sheet.splitlines() if line.startswith(("| Rules source", "| Instant paytable"))]
    assert len(cited) == 2 and not any("RULES.md" in line for line in cited), cited
