"""Safe file input and output: every command reads and writes through these helpers.

Output (``--out``, ``--plot``, ``tables --out``, ``audit --out``):

* :func:`check_output` refuses, with one :class:`~combin.errors.CombinError`,
  a path that is empty, too long (a name over 255 bytes, a path over 4,095),
  an existing directory, a device, FIFO or socket (so writing as root can
  never replace ``/dev/null``), or a path under something that is not a
  directory.  Missing parent directories are made.
* :func:`write_atomic` writes one file: a temporary sibling first, then a
  rename over the (checked again) target, so a reader never sees half a file.
* :func:`write_files` writes several files all or nothing: every path is
  checked and every temporary sibling written before the first rename.
* :func:`write_tree` writes a whole directory tree all or nothing: it is
  built in a temporary sibling directory and renamed into place.  An existing
  directory is replaced only when it holds nothing but files of the new tree
  (a previous run's output), never a user's other files.

Input: :func:`read_text` reads a UTF-8 text file that must be a regular file
(not ``/dev/zero``, a FIFO or a directory) of at most ``limit`` bytes.

New commands get these checks by writing through these functions; nothing else
in the package opens a file for writing.
"""

import os
import shutil
import stat
import tempfile
from collections.abc import Collection, Iterable, Mapping
from pathlib import Path
from typing import Union

from combin.errors import CombinError

__all__ = ["MAX_NAME_BYTES", "MAX_PATH_BYTES", "check_output", "write_atomic", "write_files",
           "check_directory", "write_tree", "read_text", "probe_output", "shown"]

#: The longest file name and path most file systems accept.
MAX_NAME_BYTES = 255
MAX_PATH_BYTES = 4095

#: A path as a command gives it.
PathLike = Union[str, "os.PathLike[str]"]


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISREG(mode):
        return "a file"
    return "not a regular file"


def _stat(path: "PathLike") -> os.stat_result | None:
    """``os.stat(path)`` (following links), or ``None`` when nothing is there."""
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        raise CombinError(f"{path}: cannot write under a file (a parent is not a directory)") \
            from None
    except (OSError, ValueError) as error:
        raise CombinError(f"{path}: {getattr(error, 'strerror', None) or error}") from None


def _check_path(path: "PathLike", what: str) -> tuple[Path, str]:
    text = os.fspath(path)
    if not text or "\0" in text:
        raise CombinError(f"the {what} path {text!r} is not a usable file name")
    raw = os.fsencode(text)
    if len(raw) > MAX_PATH_BYTES:
        raise CombinError(f"the {what} path is too long ({len(raw):,} bytes; at most "
                          f"{MAX_PATH_BYTES:,})")
    for part in Path(text).parts:
        if len(os.fsencode(part)) > MAX_NAME_BYTES:
            raise CombinError(f"the {what} path has a name too long ({len(os.fsencode(part)):,} "
                              f"bytes; at most {MAX_NAME_BYTES})")
    return Path(os.path.abspath(text)), text


def _check_parents(path: Path, shown: str) -> None:
    for parent in path.parents:
        found = _stat(parent)
        if found is None:
            continue
        if not stat.S_ISDIR(found.st_mode):
            raise CombinError(f"{shown}: cannot write under {parent}, which is "
                              f"{_kind(found.st_mode)}")
        return


def check_output(path: "PathLike", what: str = "output") -> Path:
    """The absolute :class:`Path` to write ``path`` to, or a :class:`CombinError` saying why
    it may not be written (see the module docstring)."""
    target, shown = _check_path(path, what)
    if shown.endswith(("/", os.sep)):
        raise CombinError(f"{shown}: the {what} must be a file, not a directory")
    found = _stat(target)
    if found is not None and not stat.S_ISREG(found.st_mode):
        raise CombinError(f"{shown}: the {what} must be a regular file; this is "
                          f"{_kind(found.st_mode)}")
    _check_parents(target, shown)
    return target


def shown(text: object, limit: int = 100) -> str:
    """``text`` as a message echoes it: at most about ``limit`` characters.

    >>> shown("x" * 300)[-10:]
    'x... (300)'
    """
    text = str(text)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text):,})"


def probe_output(path: "PathLike", what: str = "output", directory: bool = False) -> Path:
    """Refuse, before any work, an output that could not be written: check ``path``
    (:func:`check_output`, or :func:`check_directory` for a tree) and create an empty file
    where the output's temporary sibling will be written, then remove it (and any parent
    made for it).  The error names ``path`` as the user gave it and the system's reason."""
    target = check_directory(path, what) if directory else check_output(path, what)
    made = []
    try:
        made = _make_parent(target)
        Path(_write_temporary(target, b"")).unlink()
    except OSError as error:
        reason = error.strerror or str(error)
        raise CombinError(f"{shown(os.fspath(path))}: the {what} cannot be written there "
                          f"({reason})") from None
    finally:
        _undo(made)
    return target


def _make_parent(path: Path) -> list[Path]:
    """Make ``path``'s parent; return the directories made (deepest first), to undo."""
    made = []
    for parent in path.parents:
        if parent.exists():
            break
        made.append(parent)
    for parent in reversed(made):
        try:
            parent.mkdir()
        except FileExistsError:
            pass
    return made


def _undo(made: list[Path]) -> None:
    for directory in made:
        try:
            directory.rmdir()
        except OSError:
            break


def _write_temporary(target: Path, content: str | bytes) -> str:
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name[:200]}.", suffix=".tmp",
                                         dir=target.parent)
    try:
        if isinstance(content, bytes):
            with os.fdopen(handle, "wb") as binary:
                binary.write(content)
        else:
            with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as text:
                text.write(content)
        os.chmod(temporary, 0o644)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return temporary


def write_files(contents: Mapping["PathLike", str | bytes], what: str = "output") -> None:
    """Write ``{path: text or bytes}`` all or nothing: text as UTF-8 with ``\\n`` newlines.

    Every path is checked (:func:`check_output`) and every file written to a
    temporary sibling before the first is renamed into place; an error before
    that point leaves nothing behind.
    """
    targets = [(check_output(path, what), content) for path, content in contents.items()]
    made: list[Path] = []
    temporaries: list[tuple[str, Path]] = []
    try:
        for target, content in targets:
            made += _make_parent(target)
            temporaries.append((_write_temporary(target, content), target))
        for temporary, target in temporaries:
            check_output(target, what)  # nothing became a device or directory meanwhile
        for temporary, target in temporaries:
            os.replace(temporary, target)
    except BaseException:
        for temporary, _ in temporaries:
            Path(temporary).unlink(missing_ok=True)
        _undo(made)
        raise


def write_atomic(path: "PathLike", content: str | bytes, what: str = "output") -> None:
    """Write one file atomically (see :func:`write_files`)."""
    write_files({path: content}, what)


def _foreign_file(root: Path, relatives: Collection[str]) -> str | None:
    """The first file under the existing directory ``root`` that the new tree does not
    write, or ``None`` (the walk stops there, so ``--out /`` costs nothing)."""
    for directory, subdirectories, names in os.walk(root):
        subdirectories.sort()
        for name in sorted(names) + [d for d in subdirectories
                                     if os.path.islink(os.path.join(directory, d))]:
            relative = Path(directory, name).relative_to(root).as_posix()
            if relative not in relatives:
                return relative
    return None


def _marked(base: Path, marker: tuple[str, bytes] | None) -> bool:
    """Whether ``base`` holds ``marker = (relative path, first bytes)``: a previous output."""
    if marker is None:
        return False
    relative, prefix = marker
    path = base / relative
    try:
        if path.is_symlink() or not path.is_file():
            return False
        with open(path, "rb") as handle:
            return handle.read(len(prefix)) == prefix
    except OSError:
        return False


def check_directory(root: "PathLike", what: str = "output directory",
                    relatives: Iterable[str] | None = None,
                    marker: tuple[str, bytes] | None = None) -> Path:
    """The absolute :class:`Path` of ``root`` if a tree may be written there, else a
    :class:`CombinError`: ``root`` must be missing or a directory (not a link) under
    directories, and, given the tree's ``relatives``, hold no other file -- unless it
    holds ``marker`` (a previous output of the same kind, replaced whole)."""
    base, shown = _check_path(root, what)
    found = _stat(base)
    if found is None and base.is_symlink():
        raise CombinError(f"{shown}: the {what} must be a directory; this is a symbolic link to "
                          "nothing")
    if found is not None:
        if not stat.S_ISDIR(found.st_mode) or base.is_symlink():
            raise CombinError(f"{shown}: the {what} must be a directory; this is "
                              f"{'a symbolic link' if base.is_symlink() else _kind(found.st_mode)}")
        foreign = None if relatives is None or _marked(base, marker) else \
            _foreign_file(base, set(relatives))
        if foreign is not None:
            raise CombinError(f"{shown} holds files combin would not write ({foreign}, ...); "
                              "choose a new or empty directory")
    _check_parents(base, shown)
    return base


def write_tree(root: "PathLike", files: Mapping[str, str | bytes], what: str = "output directory",
               marker: tuple[str, bytes] | None = None) -> None:
    """Write ``{relative path: text or bytes}`` as the directory ``root``, all or nothing.

    The tree is built in a temporary sibling directory, then renamed into
    place.  An existing ``root`` must be a directory holding only files the
    tree writes, or the ``marker`` ``(relative path, first bytes)`` that shows
    it is a previous output of the same kind; it is moved aside, replaced, and
    removed.
    """
    for relative in files:
        parts = Path(relative).parts
        if Path(relative).is_absolute() or ".." in parts or not parts:
            raise CombinError(f"refusing to write {relative!r} outside {root}")
    base = check_directory(root, what, files, marker)
    found = _stat(base)
    made = _make_parent(base)
    building: Path | None = None
    old: Path | None = None
    try:
        building = Path(tempfile.mkdtemp(prefix=f".{base.name[:200]}.", suffix=".tmp",
                                         dir=base.parent))
        for relative, content in sorted(files.items()):
            target = building / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(_write_temporary(target, content), target)
        os.chmod(building, 0o755)
        if found is not None:
            old = Path(tempfile.mkdtemp(prefix=f".{base.name[:200]}.", suffix=".old",
                                        dir=base.parent))
            os.replace(base, old / "tree")
        try:
            os.replace(building, base)
        except BaseException:
            if old is not None:
                os.replace(old / "tree", base)
            raise
        building = None
    except BaseException:
        if building is not None:
            shutil.rmtree(building, ignore_errors=True)
        if old is not None and not (old / "tree").exists():
            old.rmdir()
            old = None
        _undo(made)
        raise
    finally:
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)


def read_text(path: "PathLike", limit: int, what: str = "file") -> str:
    """The text of the regular UTF-8 file ``path``, at most ``limit`` bytes (:func:`read_bytes`)."""
    data = read_bytes(path, limit, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise CombinError(f"{os.fspath(path)}: not a text (UTF-8) file") from None


def read_bytes(path: "PathLike", limit: int, what: str = "file") -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    The path is checked with ``stat`` before it is opened, so a device, FIFO or
    directory is refused without reading; the open file is checked again and
    read only up to ``limit + 1`` bytes.
    """
    shown = os.fspath(path)
    try:
        found = os.stat(shown)
        if not stat.S_ISREG(found.st_mode):
            raise CombinError(f"{shown}: the {what} must be a regular file; this is "
                              f"{_kind(found.st_mode)}")
        descriptor = os.open(shown, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(descriptor, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise CombinError(f"{shown}: the {what} must be a regular file")
            data = handle.read(limit + 1)
    except (OSError, ValueError) as error:  # ValueError: a NUL byte in the name
        reason = getattr(error, "strerror", None) or error
        raise CombinError(f"cannot read {what} {shown!r}: {reason}") from None
    if len(data) > limit:
        raise CombinError(f"{shown}: the {what} is larger than {limit:,} bytes")
    return data
