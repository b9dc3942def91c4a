"""An embedded SQLite store of finished chunks, so a long run resumes where it stopped.

A *run* is named by its description (a JSON-able dict: the command, the game,
the deck, the rules, how the work is cut); its key is the SHA-256 of the
canonical JSON of that description, so the same command finds its own run
again and a different one never reads another's chunks.  Each finished chunk
is one row holding its result as canonical JSON (Python integers of any size
survive the round trip exactly) and is committed at once: a run killed at any
moment loses at most the chunks still being computed.

The store knows no game: :mod:`combin.executor` writes to it, and a command
reads a finished run back without recomputing anything.

The file carries its schema version (SQLite's ``user_version``,
:data:`SCHEMA_VERSION`): a version changes whenever a stored chunk result
would be read differently.  A store of another version -- including one
written before stores had a version (``user_version`` 0 with tables in it) --
is refused with one error naming the file, never read: its chunks could
silently lack what this version computes (the net moments of ``game lunar``
since version 2).
"""

import hashlib
import json
import os
import sqlite3

from combin.errors import CombinError
from combin.fileio import check_output

__all__ = ["Store", "run_key", "canonical", "DEFAULT_STORE", "SCHEMA_VERSION"]

#: The store's schema version (1: the unversioned stores before it; 2: results of
#: ``game lunar`` chunks carry each result's net moments).
SCHEMA_VERSION = 2

#: Where a command keeps its store unless ``--store`` says otherwise (relative to the working directory).
DEFAULT_STORE = os.path.join("build", "combin-store.sqlite")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (key TEXT PRIMARY KEY, description TEXT NOT NULL, chunks INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS chunks (run TEXT NOT NULL, chunk INTEGER NOT NULL, result TEXT NOT NULL,
                                   PRIMARY KEY (run, chunk));
"""


def canonical(obj):
    """Canonical JSON text: sorted keys, no spaces; the same object always gives the same bytes."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def run_key(description):
    """The key of a run: SHA-256 of the canonical JSON of its description."""
    return hashlib.sha256(canonical(description).encode("ascii")).hexdigest()


class Store:
    """One SQLite file of runs and their finished chunks (``with Store(path) as store:``)."""

    def __init__(self, path):
        self.path = str(path)
        self._db = None
        check_output(self.path, "store")      # a regular file (or none yet), never a device
        folder = os.path.dirname(os.path.abspath(self.path))
        try:
            os.makedirs(folder, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=30)
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            tables = self._db.execute("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0]
            if version == 0 and tables == 0:        # a new store
                self._db.executescript(_SCHEMA)
                self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                self._db.commit()
                version = SCHEMA_VERSION
        except (OSError, sqlite3.Error) as error:
            self.close()
            raise CombinError(f"cannot open the store {self.path}: {error}") from None
        if version != SCHEMA_VERSION:
            self.close()
            written = "before stores had a version" if version == 0 else f"with store version {version}"
            raise CombinError(f"the store {self.path} was written by another version of combin "
                              f"({written}; this one reads version {SCHEMA_VERSION}): delete it "
                              "or use a new --store")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if self._db is not None:
            self._db.close()
            self._db = None

    def begin(self, description, chunks):
        """Register (or find) the run of ``description`` cut into ``chunks``; its key."""
        key = run_key(description)
        row = self._db.execute("SELECT chunks FROM runs WHERE key = ?", (key,)).fetchone()
        if row is None:
            self._db.execute("INSERT INTO runs VALUES (?, ?, ?)", (key, canonical(description), chunks))
            self._db.commit()
        elif row[0] != chunks:
            raise CombinError(f"the store {self.path} holds this run cut into {row[0]} chunks, "
                              f"not {chunks}; use another --store")
        return key

    def finished(self, key):
        """``{chunk index: result}`` of the chunks of run ``key`` already stored."""
        rows = self._db.execute("SELECT chunk, result FROM chunks WHERE run = ?", (key,))
        return {chunk: json.loads(text) for chunk, text in rows}

    def save(self, key, chunk, result):
        """Store one finished chunk and commit at once (the result must be JSON-able)."""
        self._db.execute("INSERT OR REPLACE INTO chunks VALUES (?, ?, ?)", (key, chunk, canonical(result)))
        self._db.commit()

    def runs(self):
        """``[(key, description, chunks, finished)]`` of every run in the store."""
        rows = self._db.execute(
            "SELECT r.key, r.description, r.chunks, COUNT(c.chunk) FROM runs r "
            "LEFT JOIN chunks c ON c.run = r.key GROUP BY r.key ORDER BY r.key").fetchall()
        return [(key, json.loads(text), chunks, done) for key, text, chunks, done in rows]
