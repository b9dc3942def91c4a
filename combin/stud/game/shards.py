"""The exact whole game cut into numbered shards, each kept as a small file of exact sums.

A run of hours must not depend on one machine, one build folder or one store
being kept: :func:`run_shards` cuts the classes of the deck
(:func:`combin.stud.core.classes.situations`, in its documented order: by the
canonical hand's row, then the up card) into ``count`` shards along the
canonical hands, prices the shards not yet in the folder, and writes each as
it finishes.  A shard file holds only exact integers:

* its :class:`~combin.stud.game.totals.GameTotals` (every sum a sheet and its
  strategy tables read);
* the optimal option of each of its classes, one byte a class in class order
  (the index in :func:`~combin.stud.draw.options.option_keys`, 255 for an
  instant payout), zlib-compressed and base64-encoded: the compact strategy
  that :func:`lookup` answers from;
* the exact value of a seeded sample of its classes (``checks``), which the
  tests and the audit re-price independently.

:func:`assemble` reads every shard of the plan, checks each against the plan
(the same run, the same rows, as many codes as classes) and that together
they hold every class once with weights summing to ``C(n, 5) * (n - 5)``,
and adds their totals: the sheet of the sum is the sheet of the whole
(:mod:`combin.stud.game.totals` says why the sum is exact).

The folder holds ``plan.json`` (the run and the shards' row ranges) and
``shard-NNN.json.gz`` (compact JSON, gzip-compressed with no name or time in
its header): the same bytes for the same run.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import os
import random
import sys
import zlib
from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

from combin.errors import CombinError
from combin.running.executor import kept_cluster, run_chunks
from combin.running.progress import messages
from combin.registry import games
from combin.stud.draw.options import option_keys
from combin.stud.game.chunks import GROUPED, common_denominator, cpu_per_class, grouped_chunks, records_of, solve_chunk
from combin.stud.game.spec import RunSpec, chunk_size, price_mode
from combin.stud.game.totals import GameTotals, totals_of
from combin.version import __version__

__all__ = ["FolderReader", "plan_shards", "run_shards", "assemble", "lookup", "kept_values", "plan_run", "require_plan", "Shard", "PLAN_FORMAT",
           "plan_digest", "provenance", "read_shard_bytes", "parse_shard_file", "reprice_shard", "committed_runs", "BASIC_PINS", "RUN_PINS",
           "SHARD_FORMAT", "DEFAULT_SHARDS", "INSTANT_CODE", "kept_records"]

PLAN_FORMAT = "combin.stud_shards/1"
SHARD_FORMAT = "combin.stud_shard/2"
#: Shards of a new folder's plan (a folder keeps its own plan's count): on 52 cards about 353,000
#: classes, about five core-minutes each.  Fewer, larger shards split fewer rank groups (a five's
#: rank multiset and up rank, whose ranks' part and forcing sums its classes share, set up once
#: per part: 80,119 groups on 52 cards, cut into 178,568 parts by 256 shards, 95,004 by 16), so a
#: class costs less: the first 353,068 classes took 1.078 CPU-ms a class in the 16 shards of 256
#: that hold them, 0.859 in the one shard of 16.  The default game's committed run and the first
#: variant rows were cut into 256 (their folders keep it).
DEFAULT_SHARDS = 16
#: The strategy code of a class settled by the instant payout (no decision).
INSTANT_CODE = 255
#: Classes of a shard whose exact value is kept for re-pricing: one in this many, seeded.
CHECK_EVERY = 100
#: The file beside the shards that pins each file of the basic strategy's second pass
#: (:mod:`combin.stud.game.basic`).
BASIC_PINS = "basic.json"
_LIMIT = 4 << 20           # the most bytes a plan or shard file may have


@dataclass(frozen=True)
class Shard:
    """One shard's place in the plan: canonical-hand rows ``[low, high)``, first class index, classes.

    >>> shard = Shard(index=3, low=120, high=180, start=9000, classes=2500)
    >>> shard.high - shard.low, shard.start + shard.classes
    (60, 11500)
    """

    index: int
    low: int
    high: int
    start: int
    classes: int
    #: The sum of its classes' weights, from the class list when the plan was made (pinned).
    weight: int | None = None
    #: The digest of its file, pinned in the plan once it is written.
    digest: str | None = None


class FolderReader:
    """One reading of a shards folder for one run: its plan and each file read and checked at most once.

    A command hands one reader to every step (:func:`run_shards`, :func:`assemble`, the basic
    pass of :mod:`combin.stud.game.basic`), so a folder is read once however many steps look
    at it; a step that writes a file tells the reader (:meth:`wrote`), which then reads it
    when asked.  ``memo`` keeps what other modules read of the folder, by their own keys.

    >>> from combin.stud.core.deck import Deck
    >>> from combin.stud.core.rules import load_rules, stud_games
    >>> reader = FolderReader("no-such-folder", RunSpec.of(Deck.parse("JQKA"), load_rules(stud_games()[0]).resolve()))
    >>> reader.plan() is None, reader.where.name
    (True, 'no-such-folder')
    """

    def __init__(self, folder: str | os.PathLike[str], spec: RunSpec) -> None:
        self.where = Path(folder)
        self.spec = spec
        self._plan: list[Shard] | None = None
        self._planned = False
        self._shards: dict[int, dict[str, Any] | None] = {}
        self.memo: dict[Any, Any] = {}

    def plan(self) -> list[Shard] | None:
        """The shards of the folder's plan for this run (:func:`load_plan`), read once."""
        if not self._planned:
            self._plan = load_plan(self.where, self.spec)
            self._planned = self._plan is not None
        return self._plan

    def shard(self, shard: Shard) -> dict[str, Any] | None:
        """The shard's file (:func:`load_shard`), read once; ``None`` while it is not there."""
        if self._shards.get(shard.index) is None:
            self._shards[shard.index] = load_shard(self.where, self.spec, shard)
        return self._shards[shard.index]

    def wrote(self, key: Any) -> None:
        """A step wrote the file of ``key`` (a shard index, ``"plan"``, or a key of
        :attr:`memo`): read it again."""
        if key == "plan":
            self._planned = False
        self._shards.pop(key, None)
        self.memo.pop(key, None)


def plan_shards(deck: Any, count: int) -> list[Shard]:
    """``count`` shards of the deck's classes, cut between canonical hands, of about equal size.

    >>> from combin.stud.core.deck import Deck
    >>> [(s.low, s.high, s.start, s.classes) for s in plan_shards(Deck.parse("JQKA"), 2)]
    [(0, 1012, 0, 1210), (1012, 4368, 1210, 1214)]
    """
    import numpy as np
    from combin.stud.core.classes import situations
    rows, _, _, weights = situations(deck)
    total = len(rows)
    if not 1 <= count <= total:
        raise CombinError(f"--shard-count must be between 1 and the {total:,} classes of the deck")
    hands = comb(len(deck), 5)
    cuts = [0]
    for s in range(1, count):
        # the first class of the canonical hand at the s-th equal share of the classes
        row = int(rows[min(total - 1, s * total // count)])
        cuts.append(max(row, cuts[-1] + 1))
    cuts.append(hands)
    starts = np.searchsorted(rows, cuts).tolist()
    return [Shard(s, cuts[s], cuts[s + 1], starts[s], starts[s + 1] - starts[s],
                  int(weights[starts[s]:starts[s + 1]].sum())) for s in range(count)]


def shard_digest(obj: Any) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def read_shard_file(path: Path, what: str) -> Any:
    """The JSON of a plan (text) or shard (gzip) file, read and unpacked within :data:`_LIMIT` bytes."""
    return parse_shard_file(path, read_shard_bytes(path, what), what)


def read_shard_bytes(path: Path, what: str) -> bytes:
    """The bytes of a plan or shard file, at most :data:`_LIMIT` of them (read once: a caller that
    checks their digest parses the same bytes with :func:`parse_shard_file`)."""
    from combin.files.fileio import read_bytes
    return read_bytes(path, _LIMIT, what)


def parse_shard_file(path: Path, data: bytes, what: str) -> Any:
    """The JSON of the bytes of a plan (text) or shard (gzip) file read from ``path``."""
    if path.suffix == ".gz":
        unpack = zlib.decompressobj(wbits=31)     # gzip
        try:
            data = unpack.decompress(data, _LIMIT)
        except zlib.error:
            raise CombinError(f"{path}: the {what} is not a gzip file") from None
        if unpack.unconsumed_tail or not unpack.eof:
            raise CombinError(f"{path}: the {what} is damaged or unpacks to more than {_LIMIT:,} bytes")
    try:
        return json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CombinError(f"{path}: the {what} is not JSON ({str(error)[:80]})") from None


def _plan_json(spec: RunSpec, shards: list[Shard], classes: int, weight: int) -> dict[str, Any]:
    return {"format": PLAN_FORMAT, "run": spec.game_json(), "count": len(shards), "classes": classes,
            "weight": weight, "order": "classes by the canonical hand's row, then the up card "
                                       "(combin.stud.core.classes.situations)",
            "shards": [[s.low, s.high, s.start, s.classes] for s in shards],
            # each shard's weight from the class list, and the digest of each shard written: a
            # shard file is used only if it is the one pinned here
            "weights": [str(s.weight) for s in shards], "digests": [s.digest for s in shards]}


def _read_plan(path: Path) -> tuple[RunSpec, list[Shard]]:
    """The run and the shards of the plan file at ``path``, its format checked."""
    plan = read_shard_file(path, "shard plan")
    if not isinstance(plan, dict) or plan.get("format") != PLAN_FORMAT:
        raise CombinError(f"{path}: not a plan of combin's shards ({PLAN_FORMAT})")
    try:
        found = RunSpec.from_json(plan["run"])
        rows = plan["shards"]
        weights = plan.get("weights") or [None] * len(rows)
        digests = plan.get("digests") or [None] * len(rows)
        if not len(rows) == len(weights) == len(digests) or not all(
                d is None or (isinstance(d, str) and len(d) == 64 and set(d) <= set("0123456789abcdef"))
                for d in digests) or not all(w is None or (isinstance(w, str) and w.isdigit()) for w in weights):
            raise ValueError
        shards = []
        for i, (row, w, d) in enumerate(zip(rows, weights, digests)):
            low, high, start, classes = map(int, row)
            shards.append(Shard(i, low, high, start, classes, None if w is None else int(w), d))
    except (KeyError, TypeError, ValueError):
        raise CombinError(f"{path}: the shard plan is damaged") from None
    return found, shards


def _write_plan(where: Path, spec: RunSpec, shards: list[Shard], deck: Any) -> None:
    from combin.files.fileio import write_atomic
    n = len(deck)
    write_atomic(where / "plan.json", json.dumps(_plan_json(spec, shards, sum(s.classes for s in shards),
                                                            comb(n, 5) * (n - 5)), indent=1) + "\n",
                 "shard plan")


def _pinned(where: Path, spec: RunSpec, deck: Any, shards: list[Shard]) -> list[Shard]:
    """The plan's shards with every pin it can have: each shard's weight from the class list
    (a plan written before plans pinned them), and the digest of each shard file there that
    passes every check.  The plan is written again when a pin was added."""
    pinned = list(shards)
    if any(s.weight is None for s in pinned):
        fresh = plan_shards(deck, len(pinned))
        if [(s.low, s.high, s.start, s.classes) for s in fresh] != [(s.low, s.high, s.start, s.classes)
                                                                    for s in pinned]:
            raise CombinError(f"{where / 'plan.json'}: the plan's shards are not the ones this deck "
                              "is cut into; give --shards another folder")
        pinned = [replace(s, weight=f.weight) for s, f in zip(pinned, fresh)]
    for i, shard in enumerate(pinned):
        if shard.digest is None:
            found = load_shard(where, spec, shard)
            if found is not None:
                pinned[i] = replace(shard, digest=found["digest"])
    if pinned != shards:
        _write_plan(where, spec, pinned, deck)
    return pinned


def committed_runs() -> dict[str, str]:
    """``{SHA-256: folder}`` of the pin files (``plan.json``, ``basic.json``) of every registered
    game's exact run as committed with this version (its :class:`~combin.core.game.Solver`'s
    ``committed``, from the game's data).

    >>> all(len(digest) == 64 for digest in committed_runs())
    True
    """
    return {digest: str(game.solver.shards) for game in games() if game.solver is not None
            for digest in game.solver.committed}


def plan_digest(folder: str | os.PathLike[str], name: str = "plan.json") -> str:
    """The SHA-256 of the folder's ``plan.json`` (which pins every shard's digest), or of its
    other pin file ``name``."""
    from combin.files.fileio import read_bytes
    return hashlib.sha256(read_bytes(Path(folder) / name, _LIMIT, "shard plan")).hexdigest()


#: The pin files a sheet of the whole run states (:func:`provenance`): each with what it pins.
RUN_PINS = (("plan.json", "run"), (BASIC_PINS, "second pass of the basic strategy"))


def provenance(folder: str | os.PathLike[str], pins: tuple[tuple[str, str], ...] = RUN_PINS) -> str:
    """What a sheet built from the folder's shards says of them: each pin file's digest (``pins``:
    its name and what it pins; by default the run's plan and the second pass's ``basic.json``),
    and whether that is the one committed with this version of combin -- plainly when it is not.
    A pin file other than the plan that the folder does not hold is said to be missing when the
    files it would pin are there (``basic-*``), else left out."""
    known = committed_runs()
    said = []
    for name, what in pins:
        if name != "plan.json" and not (Path(folder) / name).exists():
            if name == BASIC_PINS and any(Path(folder).glob("basic-*.json.gz")):
                said.append(f"{name}: none, so the files of the basic strategy's second pass are not pinned")
            continue
        digest = plan_digest(folder, name)
        where = known.get(digest)
        said.append(f"{name} sha256 {digest}: " + (
            f"the exact {what} committed with this version ({where})" if where else
            f"NOT the committed {what} of combin {__version__}; its figures are those of the files in its folder"))
    return "; ".join(said)


def load_plan(folder: Path, spec: RunSpec) -> list[Shard] | None:
    """The shards of the folder's plan for the run ``spec``; ``None`` when the folder has no plan."""
    path = folder / "plan.json"
    if not path.exists():
        return None
    found, shards = _read_plan(path)
    if not found.same_game(spec):
        raise CombinError(f"{path}: the shards in this folder are of another run "
                          f"({json.dumps(found.game_json())[:100]}); give --shards another folder")
    return shards


def require_plan(folder: str | os.PathLike[str], spec: RunSpec) -> list[Shard]:
    """The shards of the folder's plan for the run ``spec``, refused when there is no plan.

    >>> from combin.stud.core.deck import Deck
    >>> from combin.stud.core.rules import load_rules
    >>> from combin.lunar import GAME as LUNAR
    >>> require_plan("no-such-folder", RunSpec.of(Deck.parse("JQKA"), load_rules(LUNAR.id).resolve()))
    Traceback (most recent call last):
    ...
    combin.errors.CombinError: no-such-folder: no shard plan (plan.json) in this folder
    """
    shards = load_plan(Path(folder), spec)
    if shards is None:
        raise CombinError(f"{Path(folder)}: no shard plan (plan.json) in this folder")
    return shards


def plan_run(folder: str | os.PathLike[str]) -> tuple[Any, Any]:
    """``(Deck, Rules)`` of the run whose plan is in ``folder``: what its shards price.

    >>> plan_run("no-such-folder")
    Traceback (most recent call last):
    ...
    combin.errors.CombinError: no-such-folder: no shard plan (plan.json) in this folder
    """
    path = Path(folder) / "plan.json"
    if not path.exists():
        raise CombinError(f"{Path(folder)}: no shard plan (plan.json) in this folder")
    spec, _ = _read_plan(path)
    return spec.resolve()


def _shard_path(folder: Path, index: int) -> Path:
    return folder / f"shard-{index:03d}.json.gz"


def load_shard(folder: Path, spec: RunSpec, shard: Shard) -> dict[str, Any] | None:
    """The shard's file, checked against the plan; ``None`` when it is not there yet."""
    path = _shard_path(folder, shard.index)
    if not path.exists():
        return None
    obj = read_shard_file(path, "shard")
    try:
        body = {k: v for k, v in obj.items() if k != "digest"}
        if obj.get("format") != SHARD_FORMAT or obj.get("digest") != shard_digest(body):
            raise ValueError("its digest does not match its contents")
        if shard.digest is not None and obj["digest"] != shard.digest:
            raise ValueError("it is not the shard the plan pins (its digest is not the plan's)")
        if not RunSpec.from_json(obj["run"]).same_game(spec):
            raise ValueError("it is of another run")
        if [obj["shard"], *obj["rows"], obj["start"], obj["classes"]] != \
                [shard.index, shard.low, shard.high, shard.start, shard.classes]:
            raise ValueError("its rows or classes are not the plan's")
        codes = zlib.decompress(base64.b64decode(obj["codes"]), bufsize=shard.classes + 1)
        if len(codes) != shard.classes:
            raise ValueError("it holds a strategy code for another number of classes")
        totals = GameTotals.from_json(obj["totals"])
        if totals.classes != shard.classes:
            raise ValueError("its totals count another number of classes")
        disagreement = _disagreement(totals, shard, int(obj["denominator"]))
        if disagreement:
            raise ValueError(disagreement)
    except (AttributeError, KeyError, TypeError, ValueError, zlib.error) as error:
        raise CombinError(f"{path}: the shard cannot be used ({str(error)[:100]}); remove it to "
                          "compute it again") from None
    return {"totals": totals, "codes": codes, "denominator": int(obj["denominator"]),
            "checks": obj.get("checks", []), "digest": obj["digest"]}


def _disagreement(totals: Any, shard: Shard, scale: int) -> str | None:
    """What in a shard's totals disagrees with what can be derived again from its own records
    (its strategy cells, its results, its weights by option and first five) or with the plan's
    weight of its classes; ``None`` when nothing does.  A total edited alone -- ``best`` raised
    by 10^15 -- no longer adds up."""
    cells = list(totals.strategy.values())
    instant = (totals.groups.get("instant", 0), totals.group_values.get("instant", 0))
    sums = [
        (shard.weight is None or totals.weight == shard.weight,
         "its weight is not the plan's, the sum of its classes' weights"),
        (sum(totals.groups.values()) == totals.weight == sum(totals.first_five.values()),
         "its weights by best option or by first five do not add up to its weight"),
        (sum(cell["weight"] for cell in cells) + instant[0] == totals.weight,
         "its strategy cells' weights do not add up to its weight"),
        (all(sum(cell["kinds"].values()) == cell["weight"] for cell in cells),
         "a strategy cell's weights by option do not add up to the cell's"),
        (sum(cell["best"] for cell in cells) + instant[1] == totals.best,
         "its total value is not the sum of its strategy cells' values"),
        (sum(totals.group_values.values()) == totals.best == sum(totals.returns.values()),
         "its total value is not the sum of its values by option or of its results' returns"),
        (sum(totals.results.values()) == totals.weight * scale,
         "its results' probabilities do not add up to its weight"),
    ]
    return next((why for holds, why in sums if not holds), None)


def _shard_file(spec: RunSpec, shard: Shard, scale: int, records: list[Any], keys: list[Any], rules: Any) -> bytes:
    totals = totals_of(records, keys, rules.stud)
    codes = bytes(INSTANT_CODE if r.best < 0 else r.best for r in records)
    picked = random.Random(f"shard {shard.index}").sample(range(len(records)),
                                                           min(len(records), max(1, len(records) // CHECK_EVERY)))
    checks = [[records[i].index, records[i].best, str(records[i].best_value)] for i in sorted(picked)]
    body = {"format": SHARD_FORMAT, "run": spec.game_json(), "shard": shard.index,
            "rows": [shard.low, shard.high], "start": shard.start, "classes": shard.classes,
            "denominator": str(scale), "totals": totals.to_json(),
            "codes": base64.b64encode(zlib.compress(codes, 9)).decode(), "checks": checks}
    text = json.dumps(dict(body, digest=shard_digest(body)), separators=(",", ":")) + "\n"
    # gzip with no name and no time in its header: the same bytes for the same shard
    return gzip.compress(text.encode(), compresslevel=9, mtime=0)


def shard_classes(deck: Any, shard: Shard) -> tuple[Any, ...]:
    from combin.stud.core.classes import situations_in_rows
    rows, hands, ups, weights = situations_in_rows(deck, shard.low, shard.high)
    if len(rows) != shard.classes:
        raise AssertionError(f"shard {shard.index}: {len(rows)} classes, the plan says {shard.classes}")
    return rows, hands, ups, weights


def run_shards(deck: Any, rules: Any, folder: str | os.PathLike[str], count: int | None = None,
               workers: int = 0, scheduler: str | None = None, store_path: str | None = None,
               chunk: int | None = None, most: int | None = None, stream: Any = None,
               price: str | None = None, reader: FolderReader | None = None) -> list[int]:
    """Price the shards not yet in ``folder`` (at most ``most`` of them); the shards written.

    ``price`` is what each class prices (:func:`~combin.stud.game.spec.price_mode`, the deck's
    own by default): ``"best"`` keeps the optimal option, its value and results; ``"all"``
    prices every option as well (the totals then sum the strategies that read them).  ``chunk``:
    the classes of a task (default :func:`~combin.stud.game.spec.chunk_size`).  ``count``: the shards
    of a new plan (default :data:`DEFAULT_SHARDS`); a folder that has a plan keeps its count (given,
    it must be the plan's).

    Each shard file is written (atomically) as soon as its last chunk is in;
    an interrupted run keeps the shards already written and, in the store,
    the chunks already priced.  ``reader``: the command's one reading of the folder.
    """
    from combin.files.fileio import probe_output, write_atomic
    from combin.running.store import DEFAULT_STORE, Store
    stream = sys.stderr if stream is None else stream
    chunk = chunk_size(deck) if chunk is None else chunk
    spec = RunSpec.of(deck, rules)
    where = Path(folder)
    reader = FolderReader(where, spec) if reader is None else reader
    shards = reader.plan()
    if shards is None:
        probe_output(where / "plan.json", "shard plan")      # refused before the classes are listed
        shards = plan_shards(deck, DEFAULT_SHARDS if count is None else count)
        _write_plan(where, spec, shards, deck)
        reader.wrote("plan")
        shards = reader.plan()
        assert shards is not None           # just written
    elif count is not None and len(shards) != count:
        raise CombinError(f"{where / 'plan.json'}: the folder's plan has {len(shards)} shards, not "
                          f"{count}; give --shard-count {len(shards)} or another folder")
    pinned = _pinned(where, spec, deck, shards)
    if pinned != shards:                    # the plan was written again with its pins
        reader.wrote("plan")
    shards = pinned
    missing = [s for s in shards if reader.shard(s) is None]
    say = messages("game", stream)          # silent under -q
    say(f"{len(shards) - len(missing)} of {len(shards)} shards are in {where}")
    todo = missing if most is None else missing[:most]
    if not todo:
        return []
    probe_output(_shard_path(where, todo[0].index), "shard")   # refused before any class is priced
    if sum(s.classes for s in todo) > PROBE_ABOVE:
        announce(stream, deck, rules, todo, missing, workers)
    written = []
    # one local cluster for every shard: its workers start, and load the kernel and the deck's
    # tables, once for the run (a cluster a shard cost seconds of every worker's time a shard)
    with Store(store_path or DEFAULT_STORE) as store, kept_cluster(workers):
        for shard in todo:
            data = _priced_shard(deck, rules, spec, shard, len(shards), chunk, store,
                                 dict(workers=workers, scheduler=scheduler, stream=stream), price)
            write_atomic(_shard_path(where, shard.index), data, "shard")
            reader.wrote(shard.index)
            shards = _pinned(where, spec, deck, shards)          # its digest pinned in the plan
            reader.wrote("plan")
            written.append(shard.index)
            say(f"shard {shard.index} of {len(shards)} written to {where} ({shard.classes:,} classes)")
    return written


def _priced_shard(deck: Any, rules: Any, spec: RunSpec, shard: Shard, count: int, chunk: int, store: Any,
                  executor: dict[str, Any], price: str | None = None) -> bytes:
    """The bytes of the shard's file: every class of the shard priced (``executor``: the
    ``workers``, ``scheduler`` and ``stream`` of :func:`combin.running.executor.run_chunks`)."""
    scale, records = _shard_records(deck, rules, shard, count, chunk, store, executor, price)
    return _shard_file(spec, shard, scale, records, option_keys(rules), rules)


def _shard_records(deck: Any, rules: Any, shard: Shard, count: int, chunk: int, store: Any,
                   executor: dict[str, Any], price: str | None = None) -> tuple[int, list[Any]]:
    """``(L, class records)`` of every class of the shard, priced through the store (the chunks it
    keeps are read, not priced again)."""
    rows, hands, ups, weights = shard_classes(deck, shard)
    # one store run per shard: it resumes whichever shards a later run picks; the classes priced by
    # rank multiset and up rank, a chunk of whole groups (so no two workers set one group up) --
    # the order and the cut are in the run's key: chunks of another order or cut never mix
    run = RunSpec.of(deck, rules, "shard", chunk, shard=shard.index, shards=count,
                     price=price or price_mode(deck), order=GROUPED)
    # the class index of the whole game, not of the shard
    chunks = grouped_chunks(run, hands, ups, weights, first=shard.start)
    results = run_chunks(solve_chunk, chunks, store=store, description=run.to_json(),
                         label=f"game {rules.stud.game.id} shard {shard.index} of {count} ({deck.text})",
                         items=[len(c[1]) for c in chunks], unit="classes", **executor)
    # a shard may hold no class (a small deck cut into more shards than it has canonical hands)
    scale, records = records_of(results) if results else (common_denominator(len(deck), rules), [])
    if scale != common_denominator(len(deck), rules):
        raise AssertionError("a chunk's common denominator is not the run's")
    return scale, records


def _plan_shard(folder: str | os.PathLike[str], index: int) -> tuple[Path, Any, Any, RunSpec, list[Shard]]:
    """``(folder, deck, rules, run, shards)`` of the run planned in ``folder``, refused when its plan
    has no shard ``index``."""
    where = Path(folder)
    deck, rules = plan_run(where)
    spec = RunSpec.of(deck, rules)
    shards = require_plan(where, spec)
    if not 0 <= index < len(shards):
        raise CombinError(f"{where}: the plan has no shard {index}")
    return where, deck, rules, spec, shards


def kept_records(folder: str | os.PathLike[str], index: int, store: Any, workers: int = 0,
                 stream: Any = None, chunk: int | None = None) -> tuple[int, list[Any]]:
    """``(L, class records)`` of shard ``index`` of the run in ``folder``: the classes a shard file
    sums but does not keep one by one, through ``store`` (an open
    :class:`~combin.running.store.Store`: the chunks a run of the same cut left there are read, the
    others priced again), checked against the shard's file -- their totals must be its totals
    (the count of options priced aside: the engine's work, no figure)."""
    where, deck, rules, spec, shards = _plan_shard(folder, index)
    found = load_shard(where, spec, shards[index])
    if found is None:
        raise CombinError(f"{where}: shard {index} is not there")
    scale, records = _shard_records(deck, rules, shards[index], len(shards),
                                    chunk_size(deck) if chunk is None else chunk, store,
                                    dict(workers=workers, scheduler=None, stream=stream))
    kept = found["totals"]
    again = replace(totals_of(records, option_keys(rules), rules.stud), priced=kept.priced)
    if not kept.side:               # a shard written before the side wager's sums were kept right
        again = replace(again, side={}, side_split=0)
    if again != kept or str(scale) != str(found.get("denominator")):
        raise CombinError(f"{where}: shard {index}: the classes priced again do not sum to its file's totals")
    return scale, records


def reprice_shard(folder: str | os.PathLike[str], index: int, store_path: str, workers: int = 0,
                  chunk: int = 8, stream: Any = None) -> list[str]:
    """Price every class of shard ``index`` of the folder's run again, here, and compare the
    shard file it makes with the folder's: ``[difference]``, empty when every entry (totals,
    strategy codes, kept values, digest) is the same; of a shard written before the side
    wager's sums were kept, the entries it holds (its digest taken without them).  On 52 cards a shard
    of a 256-shard plan is about 22,000 classes, of a 16-shard plan about 353,000, at about one
    CPU-millisecond a class in the run's own engine: half a minute to six CPU-minutes a shard."""
    from combin.running.store import Store
    where, deck, rules, spec, shards = _plan_shard(folder, index)
    shard = shards[index]
    found = read_shard_file(_shard_path(where, index), "shard")
    with Store(store_path) as store:
        data = _priced_shard(deck, rules, spec, shard, len(shards), chunk, store,
                             dict(workers=workers, scheduler=None, stream=stream))
    again = json.loads(zlib.decompress(data, wbits=31))
    totals = found.get("totals") if isinstance(found, dict) else None
    if isinstance(totals, dict) and "side_split" not in totals and "side" in again.get("totals", {}):
        # a shard written before the side wager's sums were kept, or kept by each class's
        # canonical five alone (GameTotals.from_json reads it without them): the sums it holds
        # are compared, the side sums it never had right are not a difference
        body = {key: value for key, value in again.items() if key != "digest"}
        body["totals"] = {key: value for key, value in body["totals"].items()
                          if key not in ("side", "side_split") or (key == "side" and "side" in totals)}
        if "side" in totals:
            body["totals"]["side"] = totals["side"]
        again = dict(body, digest=shard_digest(body))
    if isinstance(totals, dict) and isinstance(again.get("totals"), dict) and \
            "priced" in totals and again["totals"].get("priced") != totals["priced"]:
        # how many options were priced exactly is the engine's work, not a figure: a version whose
        # run prices the best option alone (not the runner-up too) prices fewer; every sum is compared
        body = {key: value for key, value in again.items() if key != "digest"}
        body["totals"] = dict(body["totals"], priced=totals["priced"])
        again = dict(body, digest=shard_digest(body))
    differences = [f"{_shard_path(where, index).name}: its {key} is not the one priced again"
                   for key in sorted(set(again) | set(found)) if again.get(key) != found.get(key)]
    if not differences and shard.digest != again["digest"]:
        differences.append(f"{_shard_path(where, index).name}: the plan pins another digest")
    return differences


#: A run of more classes than this is measured and projected before it starts.
PROBE_ABOVE = 20_000


def announce(stream: Any, deck: Any, rules: Any, todo: list[Shard], missing: list[Shard], workers: int) -> None:
    """Price the classes of twelve seeded rank groups of the first shard to do
    (:func:`~combin.stud.game.chunks.cpu_per_class`) and project the core-hours of the shards to do
    and of every missing one (a measurement of this machine now, on standard error only)."""
    _, hands, ups, weights = shard_classes(deck, todo[0])
    run, rows = RunSpec.of(deck, rules, "probe", len(weights), price=price_mode(deck)).chunks(
        hands, ups, weights, range(len(weights)))[0]
    per_class, _ = cpu_per_class(run, rows)
    now = sum(s.classes for s in todo) * per_class / 3600
    left = sum(s.classes for s in missing) * per_class / 3600
    cores = max(workers, 1)
    stream.write(f"game: {len(todo)} shard{'s' if len(todo) > 1 else ''} to compute now: about {now:,.1f} "
                 f"core-hours ({now / cores:,.1f} h on {cores} worker{'s' if cores > 1 else ''}) at "
                 f"{per_class * 1000:.2f} CPU-ms per class; all {len(missing)} missing shards: {left:,.1f} core-hours\n")
    stream.flush()


def assemble(deck: Any, rules: Any, folder: str | os.PathLike[str],
             reader: FolderReader | None = None) -> tuple[int, Any, int] | None:
    """``(L, GameTotals of the whole game, shards)`` from the folder, or ``None`` when shards are missing.

    Every shard is checked against the plan; together they must hold every
    class once (the plan's shards are contiguous and their class counts add up
    to the deck's) with weights summing to ``C(n, 5) * (n - 5)``.  ``reader``: the command's
    one reading of the folder (a new one by default).
    """
    spec = RunSpec.of(deck, rules)
    where = Path(folder)
    reader = FolderReader(where, spec) if reader is None else reader
    shards = reader.plan()
    if shards is None:
        shards = require_plan(where, spec)      # the one refusal of a folder with no plan
    loaded = [reader.shard(s) for s in shards]
    found = [f for f in loaded if f is not None]
    if len(found) < len(loaded):
        return None
    unpinned = [s.index for s in shards if s.digest is None or s.weight is None]
    if unpinned:
        raise CombinError(f"{where / 'plan.json'}: the plan pins no digest or weight of shard {unpinned[0]}; "
                          f"combin game {rules.stud.game.id} --shards {str(where)[:80]} pins the shards it checks")
    for a, b in zip(shards, shards[1:]):
        if a.high != b.low or a.start + a.classes != b.start:
            raise CombinError(f"{where / 'plan.json'}: shards {a.index} and {b.index} are not contiguous")
    total = GameTotals()
    for f in found:
        total = total + f["totals"]
    n = len(deck)
    if shards[0].low != 0 or shards[-1].high != comb(n, 5) or total.classes != shards[-1].start + shards[-1].classes:
        raise CombinError(f"{where}: the shards do not cover every class of the deck once")
    if total.weight != comb(n, 5) * (n - 5):
        raise CombinError(f"{where}: the shards' weights sum to {total.weight:,}, not C({n},5) x {n - 5} = "
                          f"{comb(n, 5) * (n - 5):,}")
    scales = {f["denominator"] for f in found}
    if len(scales) != 1:
        raise CombinError(f"{where}: the shards disagree on the common denominator")
    return scales.pop(), total, len(shards)


def kept_values(deck: Any, rules: Any, folder: str | os.PathLike[str]) -> list[tuple[int, int, int, Fraction]]:
    """``[(shard, class index, strategy code, exact value per Ante)]``: the classes each shard
    kept for re-pricing (a seeded one in :data:`CHECK_EVERY`), every shard of the plan that is
    in the folder.  A kept class whose code is not the one of the shard's compact strategy is
    refused: the two were written together.

    >>> from combin.stud.core.deck import Deck
    >>> from combin.stud.core.rules import load_rules
    >>> from combin.lunar import GAME as LUNAR
    >>> kept_values(Deck.parse("JQKA"), load_rules(LUNAR.id).resolve(), "no-such-folder")
    Traceback (most recent call last):
    ...
    combin.errors.CombinError: no-such-folder: no shard plan (plan.json) in this folder
    """
    spec = RunSpec.of(deck, rules)
    where = Path(folder)
    shards = require_plan(where, spec)
    kept = []
    for shard in shards:
        found = load_shard(where, spec, shard)
        if found is None:
            continue
        for entry in found["checks"]:
            try:
                index, code, value = int(entry[0]), int(entry[1]), int(entry[2])
                if not 0 <= index - shard.start < shard.classes:
                    raise ValueError("a kept class is not one of the shard's")
                stored = found["codes"][index - shard.start]
                if stored != (INSTANT_CODE if code < 0 else code):
                    raise ValueError("a kept class's option is not the one of its strategy code")
            except (IndexError, TypeError, ValueError) as error:
                raise CombinError(f"{_shard_path(where, shard.index)}: the shard cannot be used "
                                  f"({str(error)[:100]})") from None
            kept.append((shard.index, index, stored, Fraction(value, found["denominator"])))
    return kept


def lookup(deck: Any, rules: Any, folder: str | os.PathLike[str], hand: Any, up: int,
           strict: bool = True) -> tuple[Any, int] | None:
    """``(option key in the hand's own positions, shard index)`` of a situation's optimal option
    from the folder's shards (``("instant", ())`` for an instant payout); ``None`` when its
    shard is not there or the folder holds no plan of this run.

    The stored code names positions of the class's canonical hand; the relabelling of
    suits that maps the hand and up card onto the class maps them back to the hand's own.
    Unless ``strict``, a folder of another run's shards is passed over (``None``) rather
    than refused.
    """
    import numpy as np
    from combin.stud.core.classes import relabelling_of
    from combin.stud.core.values import hand_table
    spec = RunSpec.of(deck, rules)
    where = Path(folder)
    try:
        shards = load_plan(where, spec) if where.is_dir() else None
    except CombinError:
        if strict:
            raise
        return None
    if shards is None:
        return None
    row, canonical_up, perm = relabelling_of(deck, hand, up)
    shard = next(s for s in shards if s.low <= row < s.high)
    found = load_shard(where, spec, shard)
    if found is None:
        return None
    rows, _, ups, _ = shard_classes(deck, shard)
    at = np.nonzero((rows == row) & (ups == canonical_up))[0]
    code = found["codes"][int(at[0])]
    if code == INSTANT_CODE:
        return ("instant", ()), shard.index
    kind, positions = option_keys(rules)[code]
    canonical = [int(c) for c in hand_table(deck).hands[row]]
    mapped = {(c & ~3) | perm[c & 3]: c for c in hand}       # canonical card -> the hand's card
    discard = {mapped[canonical[p]] for p in positions}
    return (kind, tuple(i for i, c in enumerate(hand) if c in discard)), shard.index
