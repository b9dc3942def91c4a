"""The optional Supers (on the dealer's hand, on another player's hand, § 671a.7(c)(3)) as
sheets of their own in the Lunar bundle (issue 35): the Super's figures under their own title
and regulation, and the joint figures with the player's own Super, which must agree with the
committed package tables (tables/lunar/package-supers-2.md and -3.md, written by another
path: ``combin tables``)."""

from pathlib import Path

import pytest

from combin.lunar.audit import pages
from combin.audit.scope import Scope
from combin.render import render

TABLES = Path(__file__).resolve().parents[1] / "tables" / "lunar"


def _summary(name: str) -> dict[str, str]:
    text = (TABLES / name).read_text()
    rows = text.split("## Summary", 1)[1].split("## ", 1)[0]
    return {cells[1].strip(): cells[2].strip() for cells in
            (line.split("|") for line in rows.splitlines() if line.startswith("| "))}


@pytest.fixture(scope="module")
def found():
    return pages(Scope(game="lunar"), {}, 1, lambda message: None)


def test_each_optional_super_is_a_sheet_of_its_own(found):
    for name, whose in (("super-dealer", "dealer's hand"), ("super-other-player", "another player's hand")):
        text = str(found.pages[f"game/{name}.md"])
        assert text.startswith(f"# Super Wager on {'the ' if 'dealer' in whose else ''}{whose} (optional)")
        assert "§ 671a.7(c)(3)" in text and "spec/RULES.md" not in text
        assert f"game/{name}.json" in found.pages
        # the Super's figures: the committed par sheet's counts, line by line
        sheet = (TABLES / "1-deck" / "lunar.super-posted.md").read_text()
        for count in ("624", "768", "3,600", "5,148", "10,200", "54,720", "60,672", "122,508", "2,340,720"):
            assert f" {count} |" in text and f" {count} |" in sheet


def test_the_joint_figures_are_those_of_the_committed_package_tables(found):
    two, three = _summary("package-supers-2.md"), _summary("package-supers-3.md")
    dealer = str(found.pages["game/super-dealer.md"])
    other = str(found.pages["game/super-other-player.md"])
    assert f"own Super + the dealer's hand: SD of the package per round | {two['Standard deviation per round']}" \
        in " ".join(dealer.split()).replace("  ", " ")
    assert two["Standard deviation if independent"] in dealer
    # P(at least 2 win) 0.009960826724 is 0.996083 %
    assert f"{float(two['P(at least 2 wagers win)']) * 100:.6f}%" in dealer
    assert three["Standard deviation per round"] in other and three["Standard deviation per round"] not in dealer
    assert f"{float(three['P(at least 2 wagers win)']) * 100:.6f}%" in other
