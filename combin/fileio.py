"""Atomic file output: a file is either written whole or not at all.

:func:`write_atomic` writes to a temporary file beside the target and renames
it over the target, so a reader (or an interrupted run) never sees half a
file.  :func:`write_tree` renders every file of a tree in memory first and
only then writes them, so an error while computing leaves no output at all.
"""

import os
import tempfile
from pathlib import Path

__all__ = ["write_atomic", "write_tree"]


def write_atomic(path, content):
    """Write ``content`` to ``path`` atomically: text as UTF-8 with ``\\n`` newlines, or bytes."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        if isinstance(content, bytes):
            stream = os.fdopen(handle, "wb")
        else:
            stream = os.fdopen(handle, "w", encoding="utf-8", newline="\n")
        with stream:
            stream.write(content)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def write_tree(root, files):
    """Write ``{relative path: text}`` under ``root``, each file atomically."""
    root = Path(root)
    for relative, text in sorted(files.items()):
        write_atomic(root / relative, text)
