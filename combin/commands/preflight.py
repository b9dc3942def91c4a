"""The checks that need no computation, run on the parsed command line before any work.

* An empty value (``--store ''``, ``--paytable ' '``, an empty item of a list
  option) is an error for every option: an empty name is never read as a default.
* Every output a command will write -- ``--out``, ``--plot``, ``--store``,
  ``--strategy-out``, and the directories of ``tables --out`` and ``audit --out`` --
  is probed where it will be written (:func:`combin.files.fileio.probe_output`); two
  outputs naming the same file are an error.
* ``--format xlsx`` needs ``--out``; a ``--scheduler`` address is parsed
  (:func:`scheduler_address`); ``--connect-timeout`` is a whole number of seconds (1 to
  3600) and needs a ``--scheduler``.
* ``--table NAME`` names a table of the output, where the command knows its tables from
  the command line alone (a command module's ``tables(args)``).

>>> scheduler_address("tcp://127.0.0.1:8786")
'tcp://127.0.0.1:8786'
"""

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from combin.errors import CombinError
from combin.render.document import unknown_table

__all__ = ["check", "scheduler_address", "SCHEMES"]

#: The schemes of a scheduler address this command line connects to (a TLS or UCX cluster
#: needs security or transport settings it cannot be given).
SCHEMES = ("tcp",)


def _option(action: argparse.Action) -> str:
    if action.option_strings:
        return action.option_strings[-1]
    return action.metavar if isinstance(action.metavar, str) else action.dest


def _empty_values(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    for action in parser._actions:             # argparse keeps the actions only there
        value = getattr(args, action.dest, None)
        values = value if isinstance(value, list) else [value]
        if any(isinstance(item, str) and not item.strip() for item in values):
            raise CombinError(f"{_option(action)}: an empty name is not a usable value; give "
                              "one, or leave the option out for its default")


def _outputs(args: argparse.Namespace) -> list[tuple[str, str, str, bool]]:
    """``[(option, path, what, directory)]`` of the outputs this run will write."""
    found: list[tuple[str, str, str, bool]] = []
    out = getattr(args, "out", None)
    writes = not getattr(args, "verify", None) and not getattr(args, "check", False)
    if out is not None and writes:
        tree = args.output == "directory" or (getattr(args, "format", None) == "csv"
                                              and getattr(args, "table", None) is None)
        found.append(("--out", out, "output directory" if args.output == "directory" else
                      "output", tree))
    for name, what in (("plot", "plot"), ("strategy_out", "strategy output"),
                       ("classes_out", "classes output"), ("store", "store")):
        value = getattr(args, name, None)
        if value is not None:
            found.append((f"--{name.replace('_', '-')}", value, what, False))
    if getattr(args, "store", False) is None and getattr(args, "game", None) == "lunar" \
            and not getattr(args, "no_draw", True):
        from combin.running.store import DEFAULT_STORE      # (sqlite3: imported only for a run that stores)
        found.append(("--store", DEFAULT_STORE, "store", False))   # its default, written too
    return found


#: The files SQLite keeps beside a store while it is open (its write-ahead log and its
#: shared memory, or the rollback journal): an output written there destroys the store.
STORE_COMPANIONS = ("-wal", "-shm", "-journal")


def _identities(option: str, path: str, what: str) -> list[tuple[Any, str, str, bool]]:
    """``[(identity, option, path, companion)]``: a file's real path (symbolic links
    resolved) and, when it exists, its device and inode (a hard link); for a store its
    SQLite companion files too (``companion`` true)."""
    found: list[tuple[Any, str, str, bool]] = []
    for one in [path] + ([path + suffix for suffix in STORE_COMPANIONS] if what == "store" else []):
        found.append((("path", os.path.realpath(one)), option, one, one != path))
        try:
            status = os.stat(one)
        except (OSError, ValueError):
            continue
        found.append((("inode", status.st_dev, status.st_ino), option, one, one != path))
    return found


def _collisions(outputs: Sequence[tuple[str, str, str, bool]]) -> None:
    """Refuse two outputs naming one file (by real path, or device and inode), and an output
    naming one of the store's companion files (``S.sqlite-wal``)."""
    seen: dict[Any, tuple[str, str, bool]] = {}
    for option, path, what, _ in outputs:
        mine = _identities(option, os.fspath(path), what)
        for identity, _, one, companion in mine:
            if identity not in seen or seen[identity][0] == option:
                continue
            first, other, first_companion = seen[identity]
            from combin.files.fileio import shown     # only to word a refusal: the start stays light
            if companion or first_companion:
                user, store_file = (first, one) if companion else (option, other)
                raise CombinError(f"{user} names {shown(store_file)}, a file SQLite keeps beside "
                                  "the store; give it a file of its own")
            raise CombinError(f"{first} and {option} name the same file {shown(path)}; "
                              "give each its own")
        for identity, _, one, companion in mine:
            seen.setdefault(identity, (option, one, companion))


def _store_beside_shards(args: argparse.Namespace) -> None:
    """A store inside the ``--shards`` folder would be written among the run's own files
    (``--store DIR/plan.json``): refused before the folder or its plan is made."""
    shards, store = getattr(args, "shards", None), getattr(args, "store", None)
    if shards and store and os.path.realpath(os.path.dirname(os.path.abspath(store))) \
            == os.path.realpath(shards):
        from combin.files.fileio import shown
        raise CombinError(f"--store {shown(store)} is inside the --shards folder, among the run's "
                          "own files; keep the store outside it")


def _table(args: argparse.Namespace) -> None:
    name, names = getattr(args, "table", None), getattr(args, "table_names", None)
    known = names(args) if name is not None and names is not None else None
    # every output also holds its identification pairs (CSV: --table identification)
    if known is not None and name is not None and name not in known and name != "identification":
        raise unknown_table(name, known)


def scheduler_address(text: str) -> str:
    """``text`` as a Dask scheduler address ``tcp://HOST:PORT`` (a bare ``HOST:PORT`` is
    TCP), or a CombinError saying what is wrong with it."""
    from combin.files.fileio import shown
    address = text.strip()
    scheme, separator, rest = address.partition("://")
    if not separator:
        scheme, rest = "tcp", address
    if scheme.lower() not in SCHEMES:
        raise CombinError(f"--scheduler {shown(text)}: the scheme {shown(scheme, 20)!r} is not "
                          "supported; give tcp://HOST:PORT")
    host, colon, port = rest.rpartition(":")
    host = host.strip("[]")
    if not colon or not host or "/" in host or " " in host:
        raise CombinError(f"--scheduler {shown(text)}: give tcp://HOST:PORT, e.g. "
                          "tcp://127.0.0.1:8786")
    if not port.isdigit() or len(port) > 5 or not 1 <= int(port) <= 65535:
        raise CombinError(f"--scheduler {shown(text)}: the port must be a number from 1 to "
                          "65,535")
    return f"tcp://{rest}"


def check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Every check of the module docstring, in that order; a CombinError at the first failure."""
    _empty_values(parser, args)
    if getattr(args, "scheduler", None) is not None:
        args.scheduler = scheduler_address(args.scheduler)
    if getattr(args, "connect_timeout", None) is not None:
        from combin.files.bounded import parse_int
        args.connect_timeout = parse_int(args.connect_timeout, "--connect-timeout", 1, 3600)
        if getattr(args, "scheduler", None) is None:
            raise CombinError("--connect-timeout is how long to wait for a --scheduler: give one")
    if getattr(args, "format", None) == "xlsx" and not getattr(args, "out", None):
        raise CombinError("--format xlsx writes a workbook: give --out FILE.xlsx")
    _table(args)
    outputs = _outputs(args)
    if outputs:         # fileio (and pathlib) only for a command that writes a file
        from combin.files.fileio import check_directory, check_output, probe_output
    for _, path, what, directory in outputs:
        (check_directory if directory else check_output)(path, what)
    _collisions(outputs)
    _store_beside_shards(args)
    for _, path, what, directory in outputs:
        probe_output(path, what, directory)
    if sys.stdout is None and getattr(args, "out", None) is None:
        raise CombinError("standard output is closed; give --out FILE")
