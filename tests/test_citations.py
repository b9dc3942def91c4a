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
