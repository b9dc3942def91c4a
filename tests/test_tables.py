"""The committed tables/ must be exactly what the code generates."""

from pathlib import Path

import pytest

from combin.documents.tables import check_tables, game_table_paths, generate

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def generated():
    """One generation of the tree without the whole-game sheets (about 20 s), read by each test."""
    return generate(progress=lambda message: None, whole_games=False)


def test_committed_tables_match_the_code(generated):
    # the whole-game sheets (minutes of work) are listed but compared by the slow test below
    drift = check_tables(ROOT / "tables", whole_games=False, files=generated)
    assert drift == [], "tables/ drifted from the code; run `make tables`:\n" + "\n".join(drift[:20])


@pytest.mark.slow
def test_committed_whole_game_sheets_match_the_code():
    drift = check_tables(ROOT / "tables")
    assert drift == [], "tables/ drifted from the code; run `make tables`:\n" + "\n".join(drift[:20])


def test_the_caribbean_sheets_are_listed_and_indexed(generated):
    files = generated
    paths = game_table_paths()
    assert {"caribbean/game/optimal.md", "caribbean/game/thumb.csv"} <= paths
    assert not paths & set(files)
    assert "(caribbean/game/optimal.md)" in files["README.md"]


def test_tables_cover_every_paytable_and_both_shoes(generated):
    files = generated
    for name in ("baccarat/8-decks/eclipse.supreme7-B.md", "baccarat/6-decks/eclipse.eclipse-C.csv",
                 "baccarat/8-decks/rules-ez/baccarat.banker-ez.md",
                 "baccarat/8-decks/rules-super6/baccarat.tie-9to1.csv",
                 "baccarat/8-decks/sensitivity/eclipse.eclipse-E1.md", "README.md"):
        assert name in files
    assert "eclipse.supreme7-B.md" in files["README.md"]
