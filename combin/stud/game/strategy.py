"""The optimal strategy of the whole game: per class, as a readable table, and a basic strategy.

:class:`Strategy` holds the priced class records of a run
(:mod:`combin.stud.game.chunks`): the optimal option of every situation class
with the value of every option.  From them, without running the engine again:

* :func:`strategy_json` -- every class, its weight, its optimal option and value;
* the strategy table -- by the class of the first five and the up card's
  rank: the kind of option that is best most often (fold, play, buy,
  exchange k), how often it is best, and the exact cost of the
  simplification "always take the best option of that kind here" per Ante of
  the whole game;
* the basic strategy (the game's ``data/basic_strategy.toml``): a few rules by hand
  class, priced exactly as ``sum(weight * value of the option the rule
  picks)``; on a sample it is estimated like the optimal game.

Costs are exact: each is a sum of ``weight * (best numerator - chosen
numerator)`` over the run's denominator and the total weight.
"""

import json
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from combin.files import display
from combin.core.cards import CLASSES, RANKS
from combin.errors import CombinError
from combin.stud.core.situation import card_text
from combin.stud.draw.options import option_keys
from combin.stud.game.chunks import option_label
from combin.stud.game.features import (FEATURES, action_of, basic_option, basic_rules, class_words, hand_feature,
                                       kind_words)
from combin.stud.game.totals import GameTotals, totals_of
from combin.version import __version__

if TYPE_CHECKING:
    from combin.stud.core.deck import Deck
    from combin.stud.core.rules import Rules
    from combin.stud.game.chunks import ClassRecord

__all__ = ["Strategy", "strategy_json", "basic_rules", "basic_option", "hand_feature", "class_words",
           "action_of", "FEATURES", "plain_table", "derived_basic", "action_table", "kind_words"]


class Strategy:
    """The optimal strategy of a run: its class records (when kept) and their sums.

    ``records`` (every :class:`~combin.stud.game.chunks.ClassRecord`) give the
    per-class JSON; the tables read only ``totals``
    (:class:`~combin.stud.game.totals.GameTotals`, summed from the records
    when not given: a run assembled from shards has the totals alone).
    """

    def __init__(self, deck: "Deck", rules: "Rules", scale: int, records: Sequence["ClassRecord"] | None, exact: bool = True,
                 totals: GameTotals | None = None) -> None:
        self.deck, self.rules, self.scale, self.records, self.exact = deck, rules, scale, records, exact
        self.keys = option_keys(rules)
        if totals is None:
            if records is None:
                raise CombinError("a strategy needs its class records or their totals")
            totals = totals_of(records, self.keys, rules.stud)
        self.totals = totals
        self.total = totals.weight

    def table(self) -> list[tuple[str, str, int, str, Fraction, Fraction | None]]:
        """Rows ``(hand class, up rank, situations, kind, share, cost per Ante of the game)``."""
        groups: dict[tuple[str, int], dict[str, Any]] = {}
        for key, cell in self.totals.strategy.items():
            feature, up_text = key.rsplit("|", 1)
            name = feature.split("/", 1)[0]
            found = groups.setdefault((name, int(up_text)), {"kinds": {}, "of_kind": {}, "best": 0})
            found["best"] += cell["best"]
            for part in ("kinds", "of_kind"):
                for kind, value in cell[part].items():
                    found[part][kind] = found[part].get(kind, 0) + value
        rows: list[tuple[str, str, int, str, Fraction, Fraction | None]] = []
        for (name, up), found in sorted(groups.items(), key=lambda kv: (-CLASSES.index(kv[0][0])
                                                                         if kv[0][0] in CLASSES else 0,
                                                                         -kv[0][1])):
            by_kind = found["kinds"]
            weight = sum(by_kind.values())
            kind = max(sorted(by_kind), key=lambda k: by_kind[k])
            # sum over the group's classes of weight x (best - best of that kind); None where the run
            # priced only the best option (the other kinds' values are not known)
            cost = (Fraction(found["best"] - found["of_kind"][kind], self.scale * self.total)
                    if self.complete else None)
            rows.append((name, RANKS[up], weight, kind, Fraction(by_kind[kind], weight), cost))
        return rows

    @property
    def complete(self) -> bool:
        """Whether every option of every class was priced (else the best alone: the costs of other
        strategies are not in the totals)."""
        return self.totals.complete == self.totals.classes

    def basic(self) -> tuple[Fraction, Fraction]:
        """``(expected result of the basic strategy, its cost against optimal)`` per Ante (exact runs)."""
        whole = self.scale * self.total
        chosen, best = self.totals.basic, self.totals.best
        return Fraction(chosen, whole), Fraction(best - chosen, whole)


def strategy_json(strategy: Strategy) -> str:
    """Every class with its optimal option, as JSON (exact values ``"p/q"`` per Ante)."""
    if strategy.records is None:
        raise CombinError("the strategy of a run assembled from shards keeps no class records")
    classes = []
    for record in strategy.records:
        best = "instant" if record.best < 0 else option_label(strategy.keys[record.best], record.hand)
        classes.append({"hand": [card_text(c) for c in record.hand], "up": card_text(record.up),
                        "weight": record.weight, "best": best,
                        "ev": display.rational(Fraction(record.best_value, strategy.scale))})
    obj = {"format": "combin.strategy/1", "tool": {"name": "combin", "version": __version__},
           "game": strategy.rules.stud.game.id, "deck": strategy.deck.text,
           "paytable": None if strategy.rules.instant is None else strategy.rules.instant.id,
           "interpretations": dict(strategy.rules.readings), "exact": strategy.exact}
    head = json.dumps(obj, indent=1, ensure_ascii=False)[:-2]
    rows = ",\n  ".join(json.dumps(row, separators=(", ", ": ")) for row in classes)
    return f'{head},\n "classes": [\n  {rows}\n ]\n}}\n'   # one class a line


def _feature_rank(feature: str) -> int:
    return FEATURES.index(feature) if feature in FEATURES else len(FEATURES)


def plain_table(totals: GameTotals, scale: int) -> list[tuple[str, str, int, str, Fraction, Fraction]]:
    """Rows ``(hand in words, up card rank, situations, best most often, share, cost)``.

    By the first five in words (:func:`hand_feature`) and the up card's rank,
    strongest hands first: the kind of option that is best most often, in how
    many of the situations (an exact fraction, shown in percent), and the exact
    cost per Ante of the whole game of always taking the best option of that
    kind there instead of the optimal one.
    """
    whole = scale * totals.weight
    rows: list[tuple[str, str, int, str, Fraction, Fraction]] = []
    for key in sorted(totals.strategy, key=lambda k: (_feature_rank(k.rsplit("|", 1)[0]),
                                                      -int(k.rsplit("|", 1)[1]))):
        feature, up = key.rsplit("|", 1)
        cell = totals.strategy[key]
        kinds = cell["kinds"]
        kind = max(sorted(kinds), key=lambda k: kinds[k])
        rows.append((feature.split("/", 1)[1], RANKS[int(up)], cell["weight"], kind_words(kind),
                     Fraction(kinds[kind], cell["weight"]),
                     Fraction(cell["best"] - cell["of_kind"][kind], whole)))
    return rows


def action_table(totals: GameTotals) -> list[tuple[str, str, int, str, Fraction]]:
    """Rows ``(hand in words, up card rank, situations, action, share)``: by the first five in words
    (:func:`hand_feature`) and the up card's rank, strongest hands first, the action that is the
    optimal option in the most of its situations (as a player names it: :func:`action_of`) and in
    how many of them (an exact fraction)."""
    rows: list[tuple[str, str, int, str, Fraction]] = []
    for key in sorted(totals.strategy, key=lambda k: (_feature_rank(k.rsplit("|", 1)[0]),
                                                      -int(k.rsplit("|", 1)[1]))):
        feature, up = key.rsplit("|", 1)
        cell = totals.strategy[key]
        actions = cell.get("actions", {})
        if not actions:
            continue
        action = max(sorted(actions), key=lambda a: actions[a])
        rows.append((feature.split("/", 1)[1], RANKS[int(up)], cell["weight"], action,
                     Fraction(actions[action], cell["weight"])))
    return rows


def derived_basic(totals: GameTotals,
                  scale: int) -> tuple[list[tuple[str, str, str, int, Fraction]], Fraction]:
    """A basic strategy derived from the optimal one: ``(rules, expected result per Ante)``.

    For every plain hand (:func:`hand_feature`, whatever the up card) the one
    action (:func:`action_of`: play, fold, buy, or an exchange named by what it
    keeps) whose best instance summed over the hand's situations is highest;
    neighbouring hands (in :data:`FEATURES` order) with the same action make one
    rule.  A rule is ``(first hand, last hand, action, situations, cost)``, the
    cost being the exact loss per Ante of the whole game against optimal play
    in the rule's situations.  The expected result adds the instant payouts
    (not a decision) to the actions' sums, so it is the whole game's under
    this strategy, exactly.
    """
    whole = scale * totals.weight
    rules: list[tuple[str, str, str, int, int]] = []
    chosen = totals.best - sum(cell["best"] for cell in totals.actions.values())   # the instant payouts
    for feature in sorted(totals.actions, key=_feature_rank):
        row = totals.actions[feature]
        action = max(sorted(row["of"]), key=lambda a: row["of"][a])
        chosen += row["of"][action]
        words = feature.split("/", 1)[1]
        lost = row["best"] - row["of"][action]
        if rules and rules[-1][2] == action:
            first, _, _, weight, cost = rules[-1]
            rules[-1] = (first, words, action, weight + row["weight"], cost + lost)
        else:
            rules.append((words, words, action, row["weight"], lost))
    return ([(first, last, action, weight, Fraction(cost, whole)) for first, last, action, weight, cost in rules],
            Fraction(chosen, whole))
