"""Where numba keeps its compiled cache: a folder of the kernels' own sources, never a stale one.

numba checks a cached function against its own source file alone: a kernel whose
*callee* in another module changed (``price_options`` in ``choose.py`` calls
``exact`` in ``exact.py``), or whose global constants did (``CATEGORY_SHIFT`` of
``values.py``), is loaded from the cache as it was compiled -- the old code, with no
warning (numba's documented limit; its fix is not in a release).  An install updated in
place would price with the old kernels.  So :func:`configure` (called before numba is
imported, by :mod:`combin.stud.core.compiled`) points ``NUMBA_CACHE_DIR`` at a folder
named by :func:`source_digest`, a digest of every source a kernel module can read
(:data:`KERNEL_SOURCES`; a test checks that they hold the import closure of every
module that compiles): any change to them is a new, empty folder, compiled afresh.
The worker processes inherit the setting.

The folder is ``numba-<digest>`` in the package's ``__pycache__`` where that is
writable, else in the user's cache folder (``$XDG_CACHE_HOME`` or ``~/.cache``,
``combin/``), else -- a read-only install run by a user whose home is missing
(``HOME=/nonexistent``) -- in a private folder under the temporary directory.  When a
new folder is made, the other ``numba-*`` folders beside it (older sources) are
removed.  A ``NUMBA_CACHE_DIR`` already set is left alone (the caller's choice).

>>> configure({"NUMBA_CACHE_DIR": "/somewhere"})
'/somewhere'
"""

import hashlib
import os
import shutil
import tempfile
from collections.abc import Mapping, MutableMapping
from pathlib import Path

__all__ = ["configure", "user_cache_base", "source_digest", "KERNEL_SOURCES"]

_PACKAGE = Path(__file__).resolve().parents[1]  # the combin package (this module is in combin/running)

#: The package's sources a compiled kernel can read, as globs under the package: the modules
#: that compile (the rank engine, the card-by-card kernel, the compile switch) and every module
#: they import (the records, the card and hand values, the errors, ...).  A test checks that the
#: static import closure of each module that imports the compile switch lies within them.
KERNEL_SOURCES = ("errors.py", "core/*.py", "running/*.py", "stud/core/*.py", "stud/draw/rank/*.py",
                  "stud/reference/*.py", "stud/reference/cards/kernel/*.py")


def _writable(folder: Path) -> bool:
    """Whether a file can be made in ``folder`` (or, while it is missing, in its nearest
    existing parent, where it would be made): tried with an empty file, removed at once
    (permission bits alone would not tell: root writes through them, not through an
    immutable or read-only folder)."""
    for candidate in (folder, *folder.parents):
        if candidate.exists():
            # a named file, as numba writes (an unnamed O_TMPFILE inode can be made even in an
            # immutable folder, where no name can be); made with os.open, so that every start
            # of the command line does not import tempfile
            probe = candidate / f".combin-probe-{os.getpid()}-{id(folder)}"
            try:
                os.close(os.open(probe, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
            except OSError:
                return False
            try:
                os.unlink(probe)
            except OSError:
                pass
            return True
    return False


def user_cache_base(environ: Mapping[str, str]) -> Path | None:
    """The user's cache folder (``$XDG_CACHE_HOME``, else ``$HOME/.cache``), counted only
    under an XDG folder or a home that exists: a home that is not there
    (``HOME=/nonexistent``) is never created.

    >>> user_cache_base({"HOME": "/nonexistent"}) is None
    True
    """
    base = environ.get("XDG_CACHE_HOME") or environ.get("HOME") or ""
    if not base or not Path(base).is_dir():
        return None
    return Path(environ.get("XDG_CACHE_HOME") or os.path.join(base, ".cache"))


def source_digest(package: Path = _PACKAGE) -> str:
    """A digest of the kernels' sources (:data:`KERNEL_SOURCES`, each file's path in the package
    and its bytes): 16 hexadecimal digits, the same for the same sources wherever the package lies.

    >>> len(source_digest()), source_digest() == source_digest()
    (16, True)
    """
    digest = hashlib.sha256()
    for path in sorted({path for pattern in KERNEL_SOURCES for path in package.glob(pattern)}):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def configure(environ: MutableMapping[str, str] | None = None,
              package: Path = _PACKAGE) -> str:
    """Set ``NUMBA_CACHE_DIR`` in ``environ`` (``os.environ``) to the folder of this package's
    kernel sources (see the module docstring) unless it is set; the folder numba is to use."""
    environ = os.environ if environ is None else environ
    if environ.get("NUMBA_CACHE_DIR"):
        return environ["NUMBA_CACHE_DIR"]
    name = f"numba-{source_digest(package)}"
    home = user_cache_base(environ)
    for base in (package / "__pycache__", None if home is None else home / "combin"):
        if base is not None and _writable(base):
            folder = base / name
            break
    else:
        folder = Path(tempfile.gettempdir()) / f"combin-numba-{os.getuid()}" / name
    if not folder.exists():
        _prune(folder)
    environ["NUMBA_CACHE_DIR"] = str(folder)
    return str(folder)


def _prune(folder: Path) -> None:
    """Remove the other ``numba-*`` folders beside ``folder`` (the kernels of older sources),
    as far as it can: a folder it cannot remove stays."""
    try:
        others = [path for path in folder.parent.glob("numba-*") if path.name != folder.name and path.is_dir()]
    except OSError:
        return
    for path in others:
        shutil.rmtree(path, ignore_errors=True)
