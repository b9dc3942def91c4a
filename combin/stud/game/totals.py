"""The sums a whole-game sheet and its strategy tables are made of, mergeable across shards.

A par sheet of the game with draws reads nothing of a class but sums over
classes: weights, ``weight x value``, ``weight x`` each result's moments, and
the same sums by the best option's kind, by the first five's class, and by the
plain hand (:func:`combin.stud.game.strategy.hand_feature`) and up card for the
strategy tables.  :class:`GameTotals` holds exactly those integer sums (every
value a numerator over the run's common denominator ``L``), so the classes can
be priced in separate shards, each kept as its totals, and the shards' totals
added: the sheet of the sum is the sheet of the whole.

Why adding is exact.  Every entry is a finite sum of integer products
``weight * numerator`` over a set of classes; the shards partition the
classes, and a sum over a disjoint union is the sum of the sums.  Nothing is
divided before the sheet divides once by ``L * weight``.

>>> t = GameTotals(classes=2, weight=5, best=-7)
>>> (t + GameTotals(classes=1, weight=3, best=4)).best
-3
>>> GameTotals.from_json(t.to_json()) == t
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from combin.stud.game.chunks import option_group
from combin.stud.game.round import RELABELLINGS, side_wager

if TYPE_CHECKING:
    from combin.stud.core.rules import StudRules
    from combin.stud.draw.options import OptionKey
    from combin.stud.game.chunks import ClassRecord

__all__ = ["GameTotals", "totals_of"]


def _add_maps(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Entrywise sum of two nested ``{key: int | dict}`` maps (keys sorted, zeros kept)."""
    out = dict(a)
    for key, value in b.items():
        if isinstance(value, dict):
            out[key] = _add_maps(out.get(key, {}), value)
        else:
            out[key] = out.get(key, 0) + value
    return dict(sorted(out.items()))


@dataclass(frozen=True)
class GameTotals:
    """Integer sums over a set of priced classes (values are numerators over ``L``).

    ``results``/``returns``: per result id, sum of ``weight x`` probability and
    ``weight x`` net x probability.  ``groups``/``group_values``: per kind of
    best option (``play``, ``exchange 3``, ...), the weight and ``weight x value``
    of the classes where it is best.  ``first_five``: weight per class of the
    first five (the instant payout's events).  ``basic``: ``weight x value`` of
    the option the data's basic strategy picks.  ``strategy``: per ``"hand|up"``
    (plain hand and up rank), ``{"weight", "best", "kinds": {kind: weight where
    best}, "of_kind": {kind: weight x best value of that kind}}``.
    ``actions``: per plain hand, ``{action: weight x best value of that action}``
    (:func:`combin.stud.game.strategy.action_of`), the basic strategy's material.
    ``complete``: the classes whose every option was priced (an instant payout
    counts); ``basic``, ``of_kind`` and ``actions`` sum those classes alone, so
    they describe the whole game only where ``complete == classes`` (a run
    that priced every option).  ``priced``: the options priced exactly, summed
    over the classes that take a decision (fold counts: it is -1 by definition);
    the rest were proven unable to be the best (a run writes fewer than a run of a version that
    priced the runner-up too: a count of work, no figure).
    """

    classes: int = 0
    weight: int = 0
    best: int = 0
    second: int = 0
    basic: int = 0
    results: dict[str, int] = field(default_factory=dict)
    returns: dict[str, int] = field(default_factory=dict)
    groups: dict[str, int] = field(default_factory=dict)
    group_values: dict[str, int] = field(default_factory=dict)
    first_five: dict[str, int] = field(default_factory=dict)
    strategy: dict[str, Any] = field(default_factory=dict)
    actions: dict[str, Any] = field(default_factory=dict)
    complete: int = 0
    priced: int = 0
    side: dict[str, Any] = field(default_factory=dict)
    #: The classes whose side sums are split by the keys of their members (every class, for the sums
    #: of a version that splits them; the sums of an earlier version, keyed by each class's canonical
    #: five alone, are not read: :meth:`from_json` drops them).
    side_split: int = 0

    def __add__(self, other: GameTotals) -> GameTotals:
        merged: dict[str, Any] = {}
        for f in fields(self):
            a, b = getattr(self, f.name), getattr(other, f.name)
            merged[f.name] = _add_maps(a, b) if isinstance(a, dict) else a + b
        return GameTotals(**merged)

    def to_json(self) -> dict[str, Any]:
        """A JSON object: every integer as a decimal string (exact at any size in any reader)."""
        def text(value: Any) -> Any:
            return {k: text(v) for k, v in value.items()} if isinstance(value, dict) else str(value)
        # no side wager (or none kept): no entry, the layout of the shards written before it
        return {f.name: text(getattr(self, f.name)) for f in fields(self)
                if f.name not in ("side", "side_split") or self.side}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> GameTotals:
        """The totals of :meth:`to_json`; anything else is a ``ValueError`` naming the entry."""
        def number(value: Any, where: str) -> Any:
            if isinstance(value, dict):
                return {str(k): number(v, f"{where}.{k}") for k, v in value.items()}
            if not isinstance(value, str) or not value.lstrip("-").isdigit() or len(value) > 60:
                raise ValueError(f"totals entry {where} is not a whole number")
            return int(value)
        names = {f.name for f in fields(cls)}
        read = names
        if isinstance(obj, dict) and set(obj) == names - {"side", "side_split"}:
            read = names - {"side", "side_split"}   # written before the side wager's sums were kept
        elif isinstance(obj, dict) and set(obj) == names - {"side_split"}:
            # sums by each class's canonical five alone (an earlier version): a key that reads the
            # suits' colours is not the same for every member of a class, so they are not read
            read = names - {"side", "side_split"}
            obj = {name: value for name, value in obj.items() if name != "side"}
        if not isinstance(obj, dict) or set(obj) != read:
            raise ValueError("totals do not have the expected entries")
        return cls(**{name: number(obj[name], name) for name in read})


def totals_of(records: Sequence[ClassRecord], keys: Sequence[OptionKey], stud: StudRules) -> GameTotals:
    """The :class:`GameTotals` of priced class records (:class:`~combin.stud.game.chunks.ClassRecord`).

    Each record's results must add up to its value (checked here: a sum that
    is not the value is an ``AssertionError``).
    """
    from combin.stud.core.values import best_value, value_class
    from combin.stud.game.features import action_of, basic_option, basic_rules, hand_feature
    rules, _ = basic_rules(stud)
    wager = side_wager(stud)
    side: dict[str, Any] = {}
    results: dict[str, int] = {}
    returns: dict[str, int] = {}
    groups: dict[str, int] = {}
    group_values: dict[str, int] = {}
    first: dict[str, int] = {}
    strategy: dict[str, Any] = {}
    actions: dict[str, Any] = {}
    best = second = basic = weight = complete = priced = split = 0
    # what reads the five alone (its class, its plain hand, the side wager's keys and shares, the
    # basic option), worked out once per five: a run lists the classes of one five (every up card)
    # one after another, and these were half of a 52-card shard's summing
    held: tuple[Any, ...] | None = None
    for record in records:
        if held is None or held[0] != record.hand:
            held = (record.hand, value_class(best_value(list(record.hand))), hand_feature(record.hand),
                    wager.split(record.hand) if wager is not None else (), {})
        _, name, feature, shares, moves = held
        if sum(entry[1] for entry in record.results.values()) != record.best_value:
            raise AssertionError(f"the results of class {record.index} do not add up to its value")
        w = record.weight
        weight += w
        best += w * record.best_value
        second += w * record.second_moment
        for key, (numerator, net, _) in record.results.items():
            results[key] = results.get(key, 0) + w * numerator
            returns[key] = returns.get(key, 0) + w * net
        group = "instant" if record.best < 0 else option_group(keys[record.best])
        groups[group] = groups.get(group, 0) + w
        group_values[group] = group_values.get(group, 0) + w * record.best_value
        first[name] = first.get(name, 0) + w
        lines = []
        if wager is not None:
            # the side wager reads the first five; the class holds every image of its canonical
            # five under the relabellings of the suits, and a key that reads the suits' colours is
            # not the same for all: each key takes its share of the class's weight.  The share is
            # whole: the weight is 24 / |stabiliser|, and a key's count of relabellings is a
            # multiple of the stabiliser's order (the stabiliser permutes the relabellings of one
            # image among themselves)
            for key, share in shares:
                part, left = divmod(w * share, RELABELLINGS)
                if left:
                    raise AssertionError(f"class {record.index}: the side wager's share is not whole")
                line = side.setdefault(key, {"weight": 0, "best": 0, "basic": 0})
                line["weight"] += part
                line["best"] += part * record.best_value
                lines.append((line, part))
            split += 1
        if record.best < 0:
            basic += w * record.best_value
            for line, part in lines:
                line["basic"] += part * record.best_value
            complete += 1
            continue
        cell = strategy.setdefault(f"{feature}|{record.up >> 2}", {"weight": 0, "best": 0, "kinds": {},
                                                                    "of_kind": {}, "actions": {}})
        cell["weight"] += w
        cell["best"] += w * record.best_value
        cell["kinds"][group] = cell["kinds"].get(group, 0) + w
        # the optimal option as a player names it (keep the pair, keep the 2 best, ...)
        action = action_of(keys[record.best], record.hand)
        cell["actions"][action] = cell["actions"].get(action, 0) + w
        values = [value for value in record.values if value is not None]
        priced += len(values)
        if len(values) != len(record.values):
            continue            # not every option priced: no other strategy can be summed here
        if "basic" not in moves:
            moves["basic"] = basic_option(record.hand, rules, keys)
        move = moves["basic"]
        if move is not None:
            # else the basic strategy's exchange is not an option of this game: the class is not
            # complete, and the basic strategy's sums are never whole (no figure of it is given)
            complete += 1
            value = values[keys.index(move)]
            basic += w * value
            for line, part in lines:
                line["basic"] += part * value
        of_kind: dict[str, int] = {}
        of_action: dict[str, int] = {}
        for option, value in zip(keys, values):
            kind = option_group(option)
            of_kind[kind] = max(of_kind.get(kind, value), value)
            action = action_of(option, record.hand)
            of_action[action] = max(of_action.get(action, value), value)
        for kind, value in of_kind.items():
            cell["of_kind"][kind] = cell["of_kind"].get(kind, 0) + w * value
        row = actions.setdefault(feature, {"weight": 0, "best": 0, "of": {}})
        row["weight"] += w
        row["best"] += w * record.best_value
        for action, value in of_action.items():
            row["of"][action] = row["of"].get(action, 0) + w * value
    return GameTotals(len(records), weight, best, second, basic, results, returns, groups, group_values,
                      first, strategy, actions, complete, priced, side, split) + GameTotals()   # + sorts every map's keys
