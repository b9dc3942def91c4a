"""combin list: every game, what it offers, its wagers, rule sets and interpretations."""

from combin.listing import listing
from combin.registry import games


def test_every_wager_and_interpretation_is_listed():
    text = listing()
    for game in games():
        assert f"{game.title} [{game.id}]" in text
        assert all(wager in text for wager in game.wagers)
        assert all(interp in text for interp in game.interpretations)
    assert "Offers: game protection" in text


def test_markdown_tables():
    assert "| Wager " in listing("md")
