"""A basic strategy derived from the optimal strategy, and its exact house edge.

A player cannot carry 5,649,150 optimal options in the head; a basic strategy
is a few rules a person can follow.  :func:`derive` reads it off the
optimal strategy of a whole run (its :class:`~combin.stud.game.totals.GameTotals`,
which count, for every plain hand and up card, the situations where each
action is optimal): every plain hand (:func:`~combin.stud.game.strategy.hand_feature`:
a made hand, a pair by its rank, an ace-king or high card with or without
four to a flush or a straight) takes the one action (as a player names it,
:func:`~combin.stud.game.strategy.action_of`: play, fold, buy a sixth card,
keep the pair, keep the 2 best, ...) that is optimal in the most of its
situations, whatever the up card; neighbouring hands (strongest first) with
the same action make one rule.

What the simplification costs is exact.  The basic strategy's expected result
is the optimal one less, over every situation where its option is not the
optimal one, ``weight x (optimal value - basic value)``: :func:`price_chunk`
prices both options of those situations exactly (the rank engine, one option
each) and sums the differences by rule, so the cost of each rule is a sum of
integers over the run's common denominator and the house edge of the basic
strategy follows with one division.  :func:`run_basic` cuts that second pass
along the run's shards and keeps one small file per shard beside them
(``basic-NNN.json.gz``, named by the rules' digest), so that it outlives a
machine like the run itself.

>>> from combin.stud.game.totals import GameTotals
>>> cells = {"one_pair/pair of aces|5": {"weight": 10, "best": 0, "kinds": {}, "of_kind": {},
...          "actions": {"play": 9, "keep the pair": 1}},
...          "one_pair/pair of kings|5": {"weight": 10, "best": 0, "kinds": {}, "of_kind": {},
...          "actions": {"play": 6, "buy a sixth card": 4}},
...          "one_pair/pair of 2s|5": {"weight": 10, "best": 0, "kinds": {}, "of_kind": {},
...          "actions": {"keep the pair": 7, "play": 3}}}
>>> [(rule.first, rule.last, rule.action) for rule in derive(GameTotals(strategy=cells)).rules]
[('pair of aces', 'pair of kings', 'play'), ('pair of 2s', 'pair of 2s', 'keep the pair')]
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from combin.errors import CombinError
from combin.stud.core.situation import Situation
from combin.stud.draw.options import option_keys
from combin.stud.game import shards as shard_files
from combin.stud.game.shards import BASIC_PINS as PINS
from combin.stud.game.spec import RunSpec

__all__ = ["Rule", "BasicStrategy", "derive", "basic_option", "price_chunk", "run_basic", "basic_done",
           "basic_totals", "BASIC_FORMAT", "PINS", "read_pins", "pin_basic"]

#: The format of a shard's file of the basic strategy's second pass.
BASIC_FORMAT = "combin.stud_basic/1"


@dataclass(frozen=True)
class Rule:
    """Hands ``first`` to ``last`` (in :data:`~combin.stud.game.strategy.FEATURES` order, strongest
    first; plain words) take ``action``; ``features`` are the hands' full names."""

    first: str
    last: str
    action: str
    features: tuple[str, ...]


@dataclass(frozen=True)
class BasicStrategy:
    """The rules, in order; :meth:`rule_of` gives the rule of a plain hand."""

    rules: tuple[Rule, ...]

    def rule_of(self, feature: str) -> int:
        for index, rule in enumerate(self.rules):
            if feature in rule.features:
                return index
        raise CombinError(f"the basic strategy has no rule for {feature}")

    def to_json(self) -> list[Any]:
        return [[rule.first, rule.last, rule.action, list(rule.features)] for rule in self.rules]

    @classmethod
    def from_json(cls, obj: Any) -> "BasicStrategy":
        try:
            return cls(tuple(Rule(str(a), str(b), str(c), tuple(map(str, d))) for a, b, c, d in obj))
        except (TypeError, ValueError):
            raise CombinError("the basic strategy's rules are damaged") from None

    def digest(self) -> str:
        """A digest of the rules (a second pass names the rules it priced)."""
        return hashlib.sha256(json.dumps(self.to_json(), separators=(",", ":")).encode()).hexdigest()[:16]


def derive(totals: Any) -> BasicStrategy:
    """The basic strategy of a run's totals: per plain hand the action optimal in the most of its
    situations (ties to the first in name order), neighbours with the same action merged."""
    from combin.stud.game.features import FEATURES
    weights: dict[str, dict[str, int]] = {}
    for key, cell in totals.strategy.items():
        feature = key.rsplit("|", 1)[0]
        found = weights.setdefault(feature, {})
        for action, weight in cell.get("actions", {}).items():
            found[action] = found.get(action, 0) + int(weight)
    rules: list[Rule] = []
    for feature in sorted(weights, key=lambda f: FEATURES.index(f) if f in FEATURES else len(FEATURES)):
        actions = weights[feature]
        if not actions:
            continue
        action = max(sorted(actions), key=lambda a: actions[a])
        words = feature.split("/", 1)[1]
        if rules and rules[-1].action == action:
            last = rules[-1]
            rules[-1] = Rule(last.first, words, action, last.features + (feature,))
        else:
            rules.append(Rule(words, words, action, (feature,)))
    return BasicStrategy(tuple(rules))


def basic_option(strategy: BasicStrategy, hand: Any, keys: list[Any]) -> tuple[int, int]:
    """``(rule index, option index)``: the rule a hand of five card ids falls under and the option
    (the first in ``keys`` order) that is its action for that hand."""
    from combin.stud.game.features import action_of, hand_feature
    rule = strategy.rule_of(hand_feature(hand))
    action = strategy.rules[rule].action
    for index, key in enumerate(keys):
        if action_of(key, hand) == action:
            return rule, index
    raise CombinError(f"no option of {list(hand)} is '{action}'")


def price_chunk(run: dict[str, Any], rows: list[Any]) -> dict[str, Any]:
    """The second pass of one chunk: per rule ``[situations, weight, weight x optimal value, weight x
    basic value]`` over the classes where the basic option is not the optimal one, the values
    integers over the run's common denominator (the rank engine, one option at a time).

    ``run`` is the run's description with the rules (``"basic"``); a row is ``[5 card ids, up,
    weight, class index, optimal option index]`` (``-1`` for an instant payout, never differing).
    """
    from combin.stud.draw.rank.engine import RankEngine
    start = time.process_time()
    deck, rules = RunSpec.from_json(run).resolve()
    strategy = BasicStrategy.from_json(run["basic"])
    keys = option_keys(rules)
    sums = [[0, 0, 0, 0] for _ in strategy.rules]
    for *hand, up, weight, index, code in rows:
        if code < 0:
            continue
        rule, chosen = basic_option(strategy, hand, keys)
        if chosen == code:
            continue
        engine = RankEngine(Situation(tuple(hand), up, deck), rules)
        best = engine.exact_value(keys[code])
        basic = engine.exact_value(keys[chosen])
        if basic > best:
            raise AssertionError(f"class {index}: the basic option is worth more than the optimal one")
        entry = sums[rule]
        entry[0] += 1
        entry[1] += weight
        entry[2] += weight * int(best * engine.scale)
        entry[3] += weight * int(basic * engine.scale)
    return {"sums": sums, "cpu_seconds": round(time.process_time() - start, 3)}


def _path(folder: Any, index: int) -> Any:
    from pathlib import Path
    return Path(folder) / f"basic-{index:03d}.json.gz"


def run_basic(deck: Any, rules: Any, folder: Any, strategy: BasicStrategy, workers: int = 0,
              scheduler: str | None = None, store_path: str | None = None, chunk: int = 64,
              stream: Any = None, most: int | None = None, reader: Any = None) -> list[int]:
    """The second pass along the run's shards in ``folder``: each shard's sums written beside it
    (``basic-NNN.json.gz``) as soon as its chunks are in; those already there for these rules
    are kept, and at most ``most`` new ones are priced (``None``: every one missing).  The
    shards written.  ``reader``: the command's one reading of the folder
    (:class:`~combin.stud.game.shards.FolderReader`, a new one by default)."""
    from combin.files.fileio import write_atomic
    from combin.stud.game.passes import Pass, along_shards
    from combin.stud.game.shards import FolderReader, require_plan
    stream = sys.stderr if stream is None else stream
    spec = RunSpec.of(deck, rules)
    reader = FolderReader(folder, spec) if reader is None else reader
    count = len(reader.plan() or require_plan(_as_path(folder), spec))
    digest = strategy.digest()

    def write(shard: Any, results: list[Any], _classes: int) -> None:
        sums = [[0, 0, 0, 0] for _ in strategy.rules]
        for result in results:
            for entry, part in zip(sums, result["sums"]):
                for i in range(4):
                    entry[i] += int(part[i])
        body = {"format": BASIC_FORMAT, "shard": shard.index, "rules": digest,
                "sums": [[str(x) for x in entry] for entry in sums]}
        text = json.dumps(body, separators=(",", ":")) + "\n"
        write_atomic(_path(folder, shard.index), gzip.compress(text.encode(), compresslevel=9, mtime=0),
                     "basic strategy shard")
        reader.wrote(("basic", shard.index))
        pin_basic(folder, count, strategy)       # pinned as soon as it is written
        reader.wrote(("basic", "pins"))

    work = Pass("basic", price_chunk, {"basic": strategy.to_json()}, "basic strategy",
                lambda index: _load_basic(folder, index, digest, len(strategy.rules), reader) is not None, write,
                chunk=chunk)
    return along_shards(deck, rules, folder, work, workers=workers, scheduler=scheduler, store_path=store_path,
                        stream=stream, most=most, reader=reader)


def _as_path(folder: Any) -> Any:
    from pathlib import Path
    return Path(folder)


def _load_basic(folder: Any, index: int, digest: str, rules: int, reader: Any = None) -> list[Any] | None:
    """A shard's sums of the second pass for the rules of ``digest``, else ``None`` (read once
    per ``reader``, a :class:`~combin.stud.game.shards.FolderReader`)."""
    if reader is None:
        return _read_basic(folder, index, digest, rules, read_pins(folder))
    if ("basic", "pins") not in reader.memo:
        reader.memo[("basic", "pins")] = read_pins(folder)
    key = ("basic", index)
    if reader.memo.get(key) is None:
        reader.memo[key] = _read_basic(folder, index, digest, rules, reader.memo[("basic", "pins")])
    found: list[Any] | None = reader.memo[key]
    return found


def _read_basic(folder: Any, index: int, digest: str, rules: int,
                pinned: dict[str, Any] | None) -> list[Any] | None:
    path = _path(folder, index)
    if not path.exists():
        return None
    data = shard_files.read_shard_bytes(path, "basic strategy shard")
    obj = shard_files.parse_shard_file(path, data, "basic strategy shard")
    try:
        if obj.get("format") != BASIC_FORMAT or obj.get("shard") != index:
            raise ValueError("it is not a shard of the second pass")
        if obj.get("rules") != digest:
            return None            # priced for other rules: priced again
        if pinned is not None and pinned["rules"] == digest:
            # pinned files must be the pinned bytes; a folder without pins for these rules (written
            # before pins) is read, and its sheet says the pass is not pinned (shards.provenance)
            if index >= len(pinned["digests"]) or pinned["digests"][index] != hashlib.sha256(data).hexdigest():
                raise CombinError(f"{path}: its digest is not the one {PINS} pins; the file was changed "
                                  "after it was written: remove it to compute it again")
        sums = [[int(x) for x in entry] for entry in obj["sums"]]
        if len(sums) != rules or any(len(entry) != 4 for entry in sums):
            raise ValueError("its sums are not one per rule")
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        raise CombinError(f"{path}: the basic strategy shard cannot be used ({str(error)[:80]}); remove it "
                          "to compute it again") from None
    return sums


PINS_FORMAT = "combin.stud_basic_pins/1"


def read_pins(folder: Any) -> dict[str, Any] | None:
    """The folder's :data:`PINS` (``{"format", "rules", "digests"}``: the SHA-256 of each shard's
    file of the second pass for the rules of digest ``rules``, ``None`` where none is pinned),
    or ``None`` when there is none; a malformed one is refused in one line."""
    path = _as_path(folder) / PINS
    if not path.exists():
        return None
    obj = shard_files.read_shard_file(path, "pin file of the basic strategy's second pass")
    hexdigits = set("0123456789abcdef")
    if not (isinstance(obj, dict) and obj.get("format") == PINS_FORMAT and isinstance(obj.get("rules"), str)
            and isinstance(obj.get("digests"), list) and len(obj["digests"]) <= 4096
            and all(d is None or (isinstance(d, str) and len(d) == 64 and set(d) <= hexdigits)
                    for d in obj["digests"])):
        raise CombinError(f"{path}: not a pin file of the basic strategy's second pass ({PINS_FORMAT})")
    return obj


def pin_basic(folder: Any, count: int, strategy: BasicStrategy) -> bool:
    """Write :data:`PINS` for ``strategy``: the SHA-256 of each of the ``count`` shards' files of
    its second pass now in the folder (pinned as they are: a folder written before pins is
    pinned by the next run, as its plan is).  Whether the file changed.

    >>> pin_basic("no-such-folder", 0, BasicStrategy(()))
    False
    """
    from combin.files.fileio import write_atomic
    where = _as_path(folder)
    if not where.is_dir():
        return False
    digest = strategy.digest()
    digests: list[str | None] = []
    for index in range(count):
        path = _path(folder, index)
        data = shard_files.read_shard_bytes(path, "basic strategy shard") if path.exists() else None
        if data is not None and shard_files.parse_shard_file(path, data, "basic strategy shard").get("rules") != digest:
            data = None                 # priced for other rules
        digests.append(None if data is None else hashlib.sha256(data).hexdigest())
    text = json.dumps({"format": PINS_FORMAT, "rules": digest, "digests": digests}, indent=1) + "\n"
    if (where / PINS).exists() and shard_files.read_shard_bytes(where / PINS, "pin file") == text.encode():
        return False
    write_atomic(where / PINS, text.encode(), "pin file of the basic strategy's second pass")
    return True


def basic_done(folder: Any, count: int, strategy: BasicStrategy, reader: Any = None) -> int:
    """How many of the ``count`` shards have the second pass of ``strategy`` beside them."""
    digest = strategy.digest()
    rules = len(strategy.rules)
    return sum(1 for index in range(count) if _load_basic(folder, index, digest, rules, reader) is not None)


def basic_totals(folder: Any, count: int, strategy: BasicStrategy, reader: Any = None) -> list[Any] | None:
    """Per rule ``[situations, weight, weight x optimal, weight x basic]`` over every shard, or
    ``None`` while a shard's second pass is missing."""
    digest = strategy.digest()
    total = [[0, 0, 0, 0] for _ in strategy.rules]
    for index in range(count):
        sums = _load_basic(folder, index, digest, len(strategy.rules), reader)
        if sums is None:
            return None
        for entry, part in zip(total, sums):
            for i in range(4):
                entry[i] += part[i]
    return total


def cost_rows(strategy: BasicStrategy, sums: list[Any], totals: Any, scale: int) -> tuple[list[Any], Fraction]:
    """``([(rule, situations where it differs, weight, cost per Ante of the game)], expected result
    of the basic strategy)``, exact: the optimal expected result less every rule's cost."""
    whole = scale * totals.weight
    rows = []
    lost = 0
    for rule, (classes, weight, best, basic) in zip(strategy.rules, sums):
        rows.append((rule, classes, weight, Fraction(best - basic, whole)))
        lost += best - basic
    return rows, Fraction(totals.best - lost, whole)
