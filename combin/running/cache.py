"""Arrays that take seconds to build and never change, kept between runs in the user's cache folder.

:func:`cached_arrays` returns the arrays of ``build()`` -- read from a file of
the cache folder when one was written before for the same ``key``, else built
and written there for the next run.  The key names everything the arrays are
computed from (the deck, a digest of the code that computes them), so a
change of either is a different file, never a stale one.  Every file carries
the SHA-256 of its arrays (names, types, shapes and bytes) and is read only
if that digest matches: a damaged or altered file is built again and
replaced, it never reaches a figure.  Files are written to a temporary name
and renamed into place, so a reader never sees half a file.  Nothing here
may break a run: without a writable cache folder (a read-only install, no
home directory) the arrays are built every time.

* :func:`cache_dir` -- the folder: ``$COMBIN_CACHE_DIR``, else
  ``$XDG_CACHE_HOME/combin``, else ``~/.cache/combin``; ``None`` if none can be
  made and written;
* :func:`cached_arrays` -- the arrays of a key, from the cache or built;
* :func:`source_digest` -- a digest of the source of modules, for a key.

>>> import numpy as np, tempfile, os
>>> os.environ["COMBIN_CACHE_DIR"] = tempfile.mkdtemp()
>>> calls = []
>>> def build():
...     calls.append(1)
...     return {"squares": np.arange(5) ** 2}
>>> cached_arrays("demo", "v1", build)["squares"].tolist()
[0, 1, 4, 9, 16]
>>> cached_arrays("demo", "v1", build)["squares"].tolist(), len(calls)   # read back, not built
([0, 1, 4, 9, 16], 1)
>>> del os.environ["COMBIN_CACHE_DIR"]
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import zipfile
from pathlib import Path
from typing import Any, Callable

import numpy as np

__all__ = ["cache_dir", "cached_arrays", "source_digest"]

_DIGEST = "__sha256__"


def cache_dir() -> Path | None:
    """The cache folder, created if need be; ``None`` if it cannot be made or written."""
    given = os.environ.get("COMBIN_CACHE_DIR")
    if given:
        folder = Path(given)
    else:
        from combin.running.numba_cache import user_cache_base     # the one rule for the user's cache
        base = user_cache_base(os.environ)
        if base is None:
            return None
        folder = base / "combin"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if not folder.is_dir() or not os.access(folder, os.W_OK | os.X_OK):
            return None
    except OSError:
        return None
    return folder


def source_digest(*modules: object) -> str:
    """The SHA-256 (hex) of the source files of ``modules``, in order.

    >>> import combin.running.cache
    >>> len(source_digest(combin.running.cache))
    64
    """
    digest = hashlib.sha256()
    for module in modules:
        path = getattr(module, "__file__", None)
        digest.update(Path(path).read_bytes() if path else repr(module).encode())
    return digest.hexdigest()


def _digest(arrays: dict[str, np.ndarray]) -> str:
    digest = hashlib.sha256()
    for name in sorted(arrays):
        array = np.ascontiguousarray(arrays[name])
        digest.update(f"{name}|{array.dtype.str}|{array.shape}|".encode())
        digest.update(array.tobytes())
    return digest.hexdigest()


def _read(path: Path) -> dict[str, np.ndarray] | None:
    try:
        with np.load(path, allow_pickle=False) as found:
            arrays = {name: found[name] for name in found.files}
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        return None
    stored = arrays.pop(_DIGEST, None)
    if stored is None or str(stored) != _digest(arrays):
        return None
    return arrays


def _write(folder: Path, path: Path, arrays: dict[str, np.ndarray]) -> None:
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            payload: dict[str, Any] = {**arrays, _DIGEST: np.array(_digest(arrays))}
            np.savez(out, **payload)
        os.replace(temporary, path)
    except OSError:
        try:
            os.unlink(temporary)
        except OSError:
            pass


def cached_arrays(name: str, key: str, build: Callable[[], dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """The arrays of ``key``: read from the cache folder if written before and intact, else ``build()``.

    ``name`` is a readable prefix of the file; ``key`` must name everything
    the arrays depend on.  A cache folder that cannot be written costs the
    build, never the run.
    """
    folder = cache_dir()
    path = None
    if folder is not None:
        path = folder / f"{name}-{hashlib.sha256(key.encode()).hexdigest()[:20]}.npz"
        found = _read(path)
        if found is not None:
            return found
    arrays = build()
    if folder is not None and path is not None:
        _write(folder, path, arrays)
    return arrays
