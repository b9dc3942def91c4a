"""``combin workbench --out DIR``: the page written all or nothing; bad output one line."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _combin(*args):
    return subprocess.run([sys.executable, "-m", "combin", *map(str, args)], capture_output=True,
                          text=True, cwd=ROOT, timeout=300, env={"PYTHONPATH": str(ROOT), "PATH": ""})


def test_the_page_is_written_and_regenerated_byte_identically(tmp_path):
    first = _combin("workbench", "--out", tmp_path / "wb")
    page = (tmp_path / "wb" / "index.html").read_bytes()
    again = _combin("workbench", "--out", tmp_path / "wb")
    assert first.returncode == again.returncode == 0 and first.stdout == ""
    assert (tmp_path / "wb" / "index.html").read_bytes() == page
    assert b"172660763262976" in page      # Moon 8's eight-deck count, as a decimal string
    assert page == (ROOT / "tables" / "workbench" / "index.html").read_bytes()


def test_a_directory_holding_other_files_is_refused_in_one_line(tmp_path):
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    run = _combin("workbench", "--out", tmp_path)
    assert run.returncode == 2 and run.stderr.count("\n") == 1
    assert run.stderr.startswith("combin: error:") and "notes.txt" in run.stderr
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_a_file_the_page_would_not_offer_whole_is_refused_in_one_line(tmp_path):
    (tmp_path / "bk.toml").write_text('[[paytable]]\nwager = "baccarat.banker"\nid = "comm4"\ncitation = "c"\n'
                                      '[paytable.pays]\nbanker_wins = "0.96 to 1"\n', encoding="utf-8")
    run = _combin("workbench", "--out", tmp_path / "w", "--paytable-file", tmp_path / "bk.toml")
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr == ("combin: error: --paytable-file: the workbench does not offer presets of "
                          "baccarat.banker (paytable 'comm4': its paytable is the rule set's, or it is priced "
                          "inside a whole game); price it with combin par\n")
    (tmp_path / "rs.toml").write_text('[[paytable]]\nwager = "eclipse.moon8"\nid = "X"\ncitation = "c"\n'
                                      '[paytable.pays]\nplayer_wins_three_card_8 = "30 to 1"\n'
                                      '[[ruleset]]\nid = "r4"\ntitle = "t"\ncitation = "c"\n'
                                      '[ruleset.paytables]\n"eclipse.moon8" = "X"\n', encoding="utf-8")
    run = _combin("workbench", "--out", tmp_path / "w", "--paytable-file", tmp_path / "rs.toml")
    assert run.returncode == 2 and run.stderr.count("\n") == 1, run.stderr
    assert "not its rule sets ([[ruleset]] 'r4')" in run.stderr
    assert not (tmp_path / "w").exists()
