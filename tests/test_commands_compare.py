"""combin compare: one wager side by side under paytables, rule sets and deck counts."""

import json
from fractions import Fraction

import pytest
from jsondoc import rows

from combin.core.analysis import par_sheet
from combin.cli import main


def test_paytables_side_by_side_are_each_par_sheet(capsys):
    assert main(["compare", "eclipse.supreme7", "--paytable", "A,B,C", "--format", "json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    edge = [r for r in rows(obj, "compare") if r["figure"] == "House edge"][0]
    for paytable in "ABC":
        sheet = par_sheet("eclipse.supreme7", paytable=paytable)
        assert Fraction(edge[f"paytable_{paytable.lower()}"]) == sheet.summary.house_edge
    # the pays compared are shown: § 631b.11(g) Supreme 7, Paytables A, B and C
    pays = {r["event"]: (r["paytable_a"], r["paytable_b"], r["paytable_c"])
            for r in rows(obj, "compare_pays")}
    assert pays["Player and Banker both three-card 7s"] == ("200 to 1", "400 to 1", "loss")
    assert pays["Player and Banker both two-card 7s"] == ("50 to 1", "loss", "100 to 1")
    returns = {r["event"]: r["paytable_a"] for r in rows(obj, "compare_returns")}
    # both two-card 7s: 44,838,810,157,056 of 4,998,398,275,503,360 rounds, paid 50
    assert Fraction(returns["Player and Banker both two-card 7s"]) == \
        Fraction(50 * 44_838_810_157_056, 4_998_398_275_503_360)
    risk = {r["figure"]: r for r in rows(obj, "compare_risk")}
    assert "Volatility index 95%" in risk and "Hold over 1,000,000 rounds, 99%, high" in risk


def test_rules_and_decks_multiply(capsys):
    assert main(["compare", "baccarat.banker", "--rules", "standard,ez", "--decks", "1,8"]) == 0
    out = capsys.readouterr().out
    assert "rules ez 1 decks" in out and "rules standard 8 decks" in out
    assert "1.0579%" in out                       # published 8-deck Banker edge


@pytest.mark.parametrize("argv, message", [
    (["compare", "eclipse.sun7", "--paytable", "A,,B"], "--paytable A,,B: item 2 is empty"),
    (["compare", "eclipse.sun7", "--paytable", "A,A"], "twice"),
    (["compare", "eclipse.sun7", "--paytable", "Z"], "unknown paytable"),
])
def test_bad_lists(capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("combin: error: ") and message in err and err.count("\n") == 1


@pytest.mark.parametrize("argv, message", [
    (["--decks", ""], "--decks: an empty name"),
    (["--decks", " , "], "--decks , : items 1 and 2 are empty"),
    (["--rules", "standard,,ez"], "--rules standard,,ez: item 2 is empty; separate the rule "
                                  "sets by single commas, e.g. --rules standard,ez"),
    (["--decks", "8,08"], "--decks 8,08: '8' and '08' are the same number"),
    (["--decks", "8,+8"], "--decks 8,+8: '8' and '+8' are the same number"),
    (["--decks", "6, 8,8"], "--decks 6, 8,8: '8' is named twice"),
    (["--rules", "ez,standard,ez"], "--rules ez,standard,ez: 'ez' is named twice"),
])
def test_a_bad_list_is_named_as_the_user_wrote_it(tmp_path, argv, message):
    """Run as a real process: the message quotes the option and the list the user typed,
    never a generic example of another option."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    done = subprocess.run([sys.executable, "-m", "combin", "compare", "baccarat.banker", *argv],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("combin: error: ") and done.stderr.count("\n") == 1
    assert message in done.stderr and "A,B,C" not in done.stderr, done.stderr
    assert list(tmp_path.iterdir()) == []
