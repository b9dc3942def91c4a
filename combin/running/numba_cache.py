"""Where numba keeps its compiled cache, so that the cache never breaks a run.

numba caches a compiled function beside its source (``__pycache__`` of the
package) or, when that is not writable, in the user's cache folder
(``$XDG_CACHE_HOME`` or ``~/.cache``); with neither -- a read-only install run by
a user whose home is missing (``HOME=/nonexistent``) -- the first cached
function fails with "no locator available".  :func:`configure` (called by the
command line before any command runs) then points ``NUMBA_CACHE_DIR`` at a
private folder under the temporary directory, which the worker processes
inherit.  A ``NUMBA_CACHE_DIR`` already set is left alone.

>>> configure({"NUMBA_CACHE_DIR": "/somewhere"})
'/somewhere'
"""

import os
import tempfile
from collections.abc import Mapping, MutableMapping
from pathlib import Path

__all__ = ["configure", "user_cache_base"]

_PACKAGE = Path(__file__).resolve().parents[1]  # the combin package (this module is in combin/running)


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


def configure(environ: MutableMapping[str, str] | None = None,
              package: Path = _PACKAGE) -> str | None:
    """Set ``NUMBA_CACHE_DIR`` in ``environ`` (``os.environ``) when numba would find no place
    for its cache; the cache folder numba is to use, or None (numba's own choice)."""
    environ = os.environ if environ is None else environ
    if environ.get("NUMBA_CACHE_DIR"):
        return environ["NUMBA_CACHE_DIR"]
    if all(_writable(package / sub / "__pycache__") for sub in ("stud", "lunar")):
        return None
    home = user_cache_base(environ)
    if home is not None and _writable(home / "numba"):
        return None
    folder = os.path.join(tempfile.gettempdir(), f"combin-numba-{os.getuid()}")
    environ["NUMBA_CACHE_DIR"] = folder
    return folder
