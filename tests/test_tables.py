"""The committed tables/ must be exactly what the code generates."""

from pathlib import Path

from combin.tables import check_tables, generate

ROOT = Path(__file__).resolve().parent.parent


def test_committed_tables_match_the_code():
    drift = check_tables(ROOT / "tables")
    assert drift == [], "tables/ drifted from the code; run `make tables`:\n" + "\n".join(drift[:20])


def test_tables_cover_every_paytable_and_both_shoes():
    files = generate(progress=lambda message: None)
    for name in ("baccarat/8-decks/eclipse.supreme7-B.md", "baccarat/6-decks/eclipse.eclipse-C.csv",
                 "baccarat/8-decks/rules-ez/baccarat.banker-ez.md",
                 "baccarat/8-decks/rules-super6/baccarat.tie-9to1.csv",
                 "baccarat/8-decks/sensitivity/eclipse.eclipse-E1.md", "README.md"):
        assert name in files
    assert "eclipse.supreme7-B.md" in files["README.md"]
