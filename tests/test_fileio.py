"""The safe reader and writer: regular files only, all or nothing, never a device."""

import os
import stat
from pathlib import Path

import pytest

from combin.files import fileio
from combin.errors import CombinError
from combin.files.fileio import (check_directory, check_output, read_text, write_atomic, write_files,
                           write_tree)


def tree(root):
    """Every path under ``root`` with its bytes (directories as None)."""
    return {p.relative_to(root).as_posix(): (None if p.is_dir() else
                                             p.read_bytes() if p.is_file() else "special")
            for p in sorted(Path(root).rglob("*"))}


@pytest.fixture
def no_writing(monkeypatch):
    """Fail loudly if anything would be written: refusals must come before writing."""
    def forbidden(*args, **kwargs):
        raise AssertionError("a refused path reached the writing stage")
    monkeypatch.setattr(fileio, "_write_temporary", forbidden)
    monkeypatch.setattr(fileio.os, "replace", forbidden)


def test_write_atomic_writes_text_and_bytes(tmp_path):
    write_atomic(tmp_path / "a" / "b.txt", "§ 631b\n")
    write_atomic(tmp_path / "c.png", b"\x89PNG")
    assert (tmp_path / "a/b.txt").read_bytes() == "§ 631b\n".encode()
    assert (tmp_path / "c.png").read_bytes() == b"\x89PNG"
    assert stat.S_IMODE((tmp_path / "c.png").stat().st_mode) == 0o644
    assert sorted(tree(tmp_path)) == ["a", "a/b.txt", "c.png"]


def test_a_device_is_refused_by_its_stat_before_anything_is_written(tmp_path, no_writing):
    # /dev/null is only stat()ed here: the refusal comes before any temporary file exists.
    assert not stat.S_ISREG(os.stat("/dev/null").st_mode)
    with pytest.raises(CombinError, match="must be a regular file; this is a device"):
        check_output("/dev/null")
    with pytest.raises(CombinError, match="a device"):
        write_atomic("/dev/null", "text")
    link = tmp_path / "link"
    link.symlink_to("/dev/null")
    with pytest.raises(CombinError, match="a device"):
        write_atomic(link, "text")
    assert link.is_symlink()


@pytest.mark.parametrize("make, words", [
    (lambda d: d / "dir", "this is a directory"),
    (lambda d: d / "file.txt" / "under.csv", "under a file"),
    (lambda d: d / "file.txt" / "deeper" / "x.csv", "under a file"),
    (lambda d: d / ("x" * 256), "name too long"),
    (lambda d: str(d / "new") + "/", "must be a file, not a directory"),
    (lambda d: d / "fifo", "a FIFO"),
    (lambda d: "", "not a usable file name"),
])
def test_refused_outputs(tmp_path, no_writing, make, words):
    (tmp_path / "dir").mkdir()
    (tmp_path / "file.txt").write_text("keep")
    os.mkfifo(tmp_path / "fifo")
    before = tree(tmp_path)
    with pytest.raises(CombinError, match=words):
        write_atomic(make(tmp_path), "text")
    assert tree(tmp_path) == before


def test_write_files_is_all_or_nothing(tmp_path):
    (tmp_path / "dir").mkdir()
    with pytest.raises(CombinError, match="directory"):
        write_files({tmp_path / "new/sheet.csv": "a", tmp_path / "dir": b"png"})
    assert tree(tmp_path) == {"dir": None}
    # A failure while writing (content that is not text) removes every temporary and new directory.
    with pytest.raises(TypeError):
        write_files({tmp_path / "new/sheet.csv": "a", tmp_path / "other/x.png": object()})
    assert tree(tmp_path) == {"dir": None}
    write_files({tmp_path / "new/sheet.csv": "a", tmp_path / "x.png": b"png"})
    assert tree(tmp_path) == {"dir": None, "new": None, "new/sheet.csv": b"a", "x.png": b"png"}


def test_write_tree_renames_a_whole_tree_into_place(tmp_path):
    root = tmp_path / "out" / "bundle"
    write_tree(root, {"a.md": "one", "sub/b.json": "{}", "c.png": b"\x00"})
    assert tree(root) == {"a.md": b"one", "c.png": b"\x00", "sub": None, "sub/b.json": b"{}"}
    # A previous output is replaced whole when it holds only the tree's files ...
    write_tree(root, {"a.md": "two", "c.png": b"", "sub/b.json": ""})
    assert tree(root) == {"a.md": b"two", "c.png": b"", "sub": None, "sub/b.json": b""}
    # ... or the caller's marker (then a file the new tree drops goes too).
    with pytest.raises(CombinError, match="would not write"):
        write_tree(root, {"a.md": "three"})
    write_tree(root, {"a.md": "three"}, marker=("a.md", b"tw"))
    assert tree(root) == {"a.md": b"three"}
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["bundle"]


def test_write_tree_never_replaces_a_users_other_files(tmp_path):
    root = tmp_path / "mine"
    root.mkdir()
    (root / "thesis.tex").write_text("precious")
    with pytest.raises(CombinError, match=r"holds files combin would not write \(thesis.tex, ...\)"):
        write_tree(root, {"a.md": "x"})
    assert tree(tmp_path) == {"mine": None, "mine/thesis.tex": b"precious"}
    with pytest.raises(CombinError, match="outside"):
        write_tree(tmp_path / "new", {"../escape.md": "x"})
    (tmp_path / "plain").write_text("file")
    with pytest.raises(CombinError, match="must be a directory; this is a file"):
        check_directory(tmp_path / "plain")
    assert not (tmp_path / "new").exists()


def test_write_tree_failure_leaves_nothing(tmp_path):
    with pytest.raises(TypeError):
        write_tree(tmp_path / "a" / "b", {"x.md": "ok", "y.md": object()})
    assert tree(tmp_path) == {}
    write_tree(tmp_path / "old", {"x.md": "first"})
    with pytest.raises(TypeError):
        write_tree(tmp_path / "old", {"x.md": "second", "y.md": object()})
    assert tree(tmp_path) == {"old": None, "old/x.md": b"first"}


def test_read_text_reads_only_regular_files_up_to_a_cap(tmp_path):
    good = tmp_path / "p.toml"
    good.write_text("a = '§'\n", encoding="utf-8")
    assert read_text(good, 100) == "a = '§'\n"
    with pytest.raises(CombinError, match="larger than 4 bytes"):
        read_text(good, 4)
    os.mkfifo(tmp_path / "fifo")  # opening it would block: it is refused by its stat
    with pytest.raises(CombinError, match="a FIFO"):
        read_text(tmp_path / "fifo", 100)
    with pytest.raises(CombinError, match="a directory"):
        read_text(tmp_path, 100)
    with pytest.raises(CombinError, match="a device"):
        read_text("/dev/zero", 100)  # stat only: never opened
    with pytest.raises(CombinError, match="No such file"):
        read_text(tmp_path / "missing", 100)
    (tmp_path / "latin1").write_bytes(b"\xe9t\xe9")
    with pytest.raises(CombinError, match="not a text"):
        read_text(tmp_path / "latin1", 100)
