"""An embedded SQLite store of finished chunks, so a long run resumes where it stopped.

A *run* is named by its description (a JSON-able dict: the command, the game,
the deck, the rules, how the work is cut); its key is the SHA-256 of the
canonical JSON of that description, so the same command finds its own run
again and a different one never reads another's chunks.  Each finished chunk
is one row holding its result as canonical JSON (Python integers of any size
survive the round trip exactly) and is committed at once: a run killed at any
moment loses at most the chunks still being computed.  The store keeps SQLite's
write-ahead log (``-wal`` and ``-shm`` files beside it while it is open), so a
second command reading the store never stops a run writing to it.

The store knows no game: :mod:`combin.running.executor` writes to it, and a command
reads a finished run back without recomputing anything.

The file carries its schema version (SQLite's ``user_version``,
:data:`SCHEMA_VERSION`): a version changes whenever a stored chunk result
would be read differently.  A store of another version -- including one
written before stores had a version (``user_version`` 0 with tables in it) --
is refused with one error naming the file, never read: its chunks could
silently lack what this version computes (the net moments of ``game lunar``
since version 2).  Another program's SQLite database, or any other file, is
refused as what it is; a damaged store (a missing table or column, a
corrupted page, a chunk that is not JSON or outside its run) and one that
cannot be written are named as such (:class:`Store`).

>>> canonical({"b": 1, "a": [2, 3]}), len(run_key({"command": "toy"})), SCHEMA_VERSION, DEFAULT_STORE
('{"a":[2,3],"b":1}', 64, 2, 'build/combin-store.sqlite')
>>> import tempfile, os
>>> with tempfile.TemporaryDirectory() as folder, Store(os.path.join(folder, "s.sqlite")) as store:
...     key = store.begin({"command": "toy"}, 2)
...     store.save(key, 1, {"sum": 10 ** 30})
...     store.finished(key), [row[2:] for row in store.runs()]
({1: {'sum': 1000000000000000000000000000000}}, [(2, 1)])
"""

import hashlib
import json
import os
import sqlite3
from types import TracebackType
from typing import Any

from combin.errors import CombinError
from combin.files.fileio import check_output

__all__ = ["Store", "run_key", "canonical", "DEFAULT_STORE", "SCHEMA_VERSION", "CHECK_WHOLE_UP_TO"]

#: The store's schema version (1: the unversioned stores before it; 2: results of
#: ``game lunar`` chunks carry each result's net moments).
SCHEMA_VERSION = 2

#: A store of at most this many bytes has its whole structure checked when opened (SQLite's
#: ``quick_check``, which reads every page: about 25 MB a second here); a larger one page by page
#: as it is read.
CHECK_WHOLE_UP_TO = 256 << 20

#: Where a command keeps its store unless ``--store`` says otherwise (relative to the working directory).
DEFAULT_STORE = os.path.join("build", "combin-store.sqlite")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (key TEXT PRIMARY KEY, description TEXT NOT NULL, chunks INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS chunks (run TEXT NOT NULL, chunk INTEGER NOT NULL, result TEXT NOT NULL,
                                   PRIMARY KEY (run, chunk));
"""


def canonical(obj: Any) -> str:
    """Canonical JSON text: sorted keys, no spaces; the same object always gives the same bytes."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def run_key(description: Any) -> str:
    """The key of a run: SHA-256 of the canonical JSON of its description."""
    return hashlib.sha256(canonical(description).encode("ascii")).hexdigest()


#: The first bytes of every SQLite 3 file.
_SQLITE_HEADER = b"SQLite format 3\x00"
#: The tables and columns of a store of this version.
_TABLES = {"runs": ["key", "description", "chunks"], "chunks": ["run", "chunk", "result"]}


def _is_sqlite(path: str) -> bool:
    """Whether the file at ``path`` is missing, empty or an SQLite database (by its header)."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(_SQLITE_HEADER))
    except FileNotFoundError:
        return True
    except OSError:
        return True               # the connection says what is wrong
    return head in (b"", _SQLITE_HEADER)


class Store:
    """One SQLite file of runs and their finished chunks (``with Store(path) as store:``).

    Every way a store can be unusable is one :class:`CombinError` naming the file and what is
    wrong with it: not an SQLite file, another program's database (never called ours), a
    store of another version, a damaged one (missing tables or columns, a corrupted page, a
    chunk that is not JSON or out of the run's range), or one that cannot be written.
    """

    def __init__(self, path: "str | os.PathLike[str]") -> None:
        self.path = str(path)
        #: The path as messages show it (at most about 100 characters of it).
        self.shown = self.path if len(self.path) <= 100 else self.path[:97] + "..."
        self._db: sqlite3.Connection | None = None
        check_output(self.path, "store")      # a regular file (or none yet), never a device
        if not _is_sqlite(self.path):
            raise CombinError(f"the store {self.shown} is not an SQLite database (it is some other "
                              "file); give --store a new file")
        folder = os.path.dirname(os.path.abspath(self.path))
        #: What this run creates (the file, missing folders), removed again if the run fails
        #: before it stored a chunk: a refused scheduler leaves no empty store behind.
        self._made: list[str] = [] if os.path.lexists(self.path) else [self.path]
        missing = folder
        while missing and not os.path.lexists(missing):
            self._made.append(missing)
            missing = os.path.dirname(missing)
        self._saved = False
        try:
            os.makedirs(folder, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=30)
            version, tables = self._shape()
            self._check(version, tables)
            self._write_ahead()
            if os.path.getsize(self.path) <= CHECK_WHOLE_UP_TO:
                # the whole file's structure, page by page: SQLite reads every page of it (a 7.7 GB
                # store took over five minutes before the run could start, and said nothing); a
                # larger store's pages are checked as they are read -- a page that is not a
                # B-tree page is SQLite's "database disk image is malformed" at the query that
                # reads it, the same one line (_query) -- and a chunk's text is checked as JSON
                # of its run when it is read (finished); the check of the whole file adds nothing
                # to the numbers read: it sees the pages' structure, not their content
                verdict = self._db.execute("PRAGMA quick_check").fetchone()[0]
                if verdict != "ok":
                    raise CombinError(f"the store {self.shown} is damaged ({' '.join(verdict.split())[:100]}); "
                                      "give --store a new file")
            # a store that cannot be written is refused now: a write, rolled back
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self._db.rollback()
        except sqlite3.Error as error:
            self.close()
            raise self._damaged(error) from None
        except OSError as error:
            self.close()
            raise CombinError(f"cannot open the store {self.shown}: {error.strerror or error}") \
                from None
        except CombinError:
            self.close()
            raise

    def _shape(self) -> tuple[int, dict[str, list[str]]]:
        """``(user_version, {table: [column, ...]})`` of the file, read -- and, for a new
        file, its tables made -- in one write transaction: a second run opening the same new
        file at the same moment waits for the first (SQLite's busy timeout) and then sees the
        store whole, never its tables without its version."""
        db = self._connection()
        db.isolation_level = None                   # the transaction below is explicit
        try:
            db.execute("BEGIN IMMEDIATE")
            version, tables = self._read_shape()
            if version == 0 and not tables:         # a new store
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                version, tables = self._read_shape()
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        finally:
            db.isolation_level = "DEFERRED"       # sqlite3's default ("" is the same)
        return version, tables

    def _read_shape(self) -> tuple[int, dict[str, list[str]]]:
        db = self._connection()
        version: int = db.execute("PRAGMA user_version").fetchone()[0]
        tables = {name: [row[1] for row in db.execute(f"PRAGMA table_info('{name}')")]
                  for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        return version, tables

    def _write_ahead(self) -> None:
        """Switch the store (ours, checked) to SQLite's write-ahead log, where a reader never
        blocks a writer.  In the rollback journal, a second command's ``quick_check`` of a 4.5 GB
        store held its shared lock for over 30 seconds, and the run writing to the same store
        stopped ("database is locked").  The mode is kept in the file; if the switch cannot be
        made now (another connection in the middle of a transaction), the store is used as it is."""
        try:
            mode = self._connection().execute("PRAGMA journal_mode = WAL").fetchone()[0]
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) and "busy" not in str(error):
                raise
            return
        if mode == "wal":
            # a commit in the write-ahead log no longer waits for the disk (synchronous NORMAL):
            # a chunk committed survives the command's end however it ends (an interrupt, a
            # kill), and the store stays whole; a power cut may lose the last chunks, which a
            # resumed run prices again.  Waiting for the disk at every chunk took 0.7 CPU-s of a
            # 52-card shard's 256 commits
            self._connection().execute("PRAGMA synchronous = NORMAL")

    def _check(self, version: int, tables: dict[str, list[str]]) -> None:
        ours = set(tables) & set(_TABLES)
        if not ours and (tables or version != SCHEMA_VERSION):
            listed = ", ".join(sorted(tables)) or "none"
            raise CombinError(f"{self.shown} is an SQLite database of another program, not a "
                              f"combin store (its tables: {listed[:100]}); give --store a new file")
        if version != SCHEMA_VERSION:
            written = "before stores had a version" if version == 0 else f"store version {version}"
            raise CombinError(f"the store {self.shown} was written by another version of combin "
                              f"({written}; this one reads version {SCHEMA_VERSION}); give "
                              "--store a new file")
        for name, columns in _TABLES.items():
            if name not in tables:
                raise CombinError(f"the store {self.shown} is damaged: it has no table {name}")
            missing = [column for column in columns if column not in tables[name]]
            if missing:
                raise CombinError(f"the store {self.shown} is damaged: its table {name} has no "
                                  f"column {', '.join(missing)}")

    def _damaged(self, error: sqlite3.Error) -> CombinError:
        reason = str(error) or type(error).__name__
        if "readonly" in reason or "read-only" in reason:
            return CombinError(f"the store {self.shown} cannot be written ({reason}); give --store "
                               "a file you may write")
        if isinstance(error, sqlite3.OperationalError) and ("locked" in reason or "busy" in reason):
            return CombinError(f"the store {self.shown} is in use by another run ({reason}); run "
                               "the command again when it has finished (the store keeps its chunks)")
        if isinstance(error, sqlite3.IntegrityError):
            return CombinError(f"the store {self.shown} was changed by another run at the same "
                               f"moment ({reason}); run the command again (the store keeps its chunks)")
        return CombinError(f"the store {self.shown} is damaged ({reason}); give --store a new file")

    def _query(self, sql: str, parameters: tuple[Any, ...] = (), commit: bool = False) -> list[Any]:
        try:
            rows: list[Any] = self._connection().execute(sql, parameters).fetchall()
            if commit:
                self._connection().commit()
        except sqlite3.Error as error:
            raise self._damaged(error) from None
        return rows

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None) -> None:
        self.close()
        if kind is not None and not self._saved:
            for made in self._made:             # the file first, then its new folders
                try:
                    os.remove(made) if made == self.path else os.rmdir(made)
                except OSError:
                    break

    def _connection(self) -> sqlite3.Connection:
        """The open connection (a :class:`CombinError` once the store is closed)."""
        if self._db is None:
            raise CombinError(f"the store {self.shown} is closed")
        return self._db

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def begin(self, description: Any, chunks: int) -> str:
        """Register (or find) the run of ``description`` cut into ``chunks``; its key."""
        key = run_key(description)
        # INSERT OR IGNORE, then read back: two runs of one command starting at once both
        # find the one row, never a UNIQUE-constraint failure
        self._query("INSERT OR IGNORE INTO runs VALUES (?, ?, ?)", (key, canonical(description), chunks),
                    commit=True)
        row = self._query("SELECT chunks FROM runs WHERE key = ?", (key,))
        if row[0][0] != chunks:
            raise CombinError(f"the store {self.shown} holds this run cut into {row[0][0]} chunks, "
                              f"not {chunks}; use another --store")
        return key

    def finished(self, key: str) -> dict[int, Any]:
        """``{chunk index: result}`` of the chunks of run ``key`` already stored."""
        row = self._query("SELECT chunks FROM runs WHERE key = ?", (key,))
        total = row[0][0] if row else 0
        found: dict[int, Any] = {}
        for chunk, text in self._query("SELECT chunk, result FROM chunks WHERE run = ?", (key,)):
            if not isinstance(chunk, int) or not 0 <= chunk < total:
                raise CombinError(f"the store {self.shown} is damaged: it holds chunk {chunk!r:.40} "
                                  f"of a run of {total} chunks")
            try:
                found[chunk] = json.loads(text)
            except (TypeError, ValueError) as error:
                raise CombinError(f"the store {self.shown} is damaged: chunk {chunk} is not JSON "
                                  f"({error})") from None
        return found

    def save(self, key: str, chunk: int, result: Any, text: str | None = None) -> None:
        """Store one finished chunk and commit at once (the result must be JSON-able; ``text``: its
        :func:`canonical` JSON, when the caller has made it already)."""
        self._query("INSERT OR REPLACE INTO chunks VALUES (?, ?, ?)",
                    (key, chunk, canonical(result) if text is None else text), commit=True)
        self._saved = True

    def runs(self) -> list[tuple[str, Any, int, int]]:
        """``[(key, description, chunks, finished)]`` of every run in the store."""
        rows = self._query(
            "SELECT r.key, r.description, r.chunks, COUNT(c.chunk) FROM runs r "
            "LEFT JOIN chunks c ON c.run = r.key GROUP BY r.key ORDER BY r.key")
        return [(key, json.loads(text), chunks, done) for key, text, chunks, done in rows]
