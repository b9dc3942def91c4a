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
