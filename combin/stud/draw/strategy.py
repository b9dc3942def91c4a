"""The optimal strategy of the whole game: per class, as a readable table, and a basic strategy.

:class:`Strategy` holds the priced class records of a run
(:mod:`combin.stud.draw.chunks`): the optimal option of every situation class
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
import tomllib
from fractions import Fraction
from math import comb

from combin.errors import CombinError

__all__ = ["Strategy", "strategy_json", "strategy_tables", "basic_rules", "basic_option"]

_PLACES = 10


def basic_rules(game):
    """The rules of the stud ``game``'s ``data/basic_strategy.toml``: ``[(hand classes, action)]``
    and the citation."""
    from combin.game import read_data
    document = tomllib.loads(read_data(game.package, "basic_strategy.toml"))
    return [(tuple(rule["hands"]), rule["do"]) for rule in document["rule"]], document["citation"]


def basic_option(hand, rules, keys):
    """The option key the basic strategy picks for a hand of five card ids."""
    from combin.stud.core.values import best_value, value_class
    name = value_class(best_value(list(hand)))
    for hands, action in rules:
        if name in hands:
            break
    else:
        raise CombinError(f"the basic strategy has no rule for {name}")
    if action in ("play", "fold", "buy"):
        return (action, ())
    ranks = [card >> 2 for card in hand]
    if action == "exchange-singles":
        singles = tuple(i for i, rank in enumerate(ranks) if ranks.count(rank) == 1)
        return ("exchange", singles) if len(singles) >= 2 else ("play", ())
    word, _, count = action.partition(" ")
    if word == "keep-high" and count.isdigit():
        order = sorted(range(5), key=lambda i: (-ranks[i], i))
        discard = tuple(sorted(order[int(count):]))
        key = ("exchange", discard)
        if key not in keys:
            raise CombinError(f"basic strategy: exchanging {len(discard)} cards is not an option")
        return key
    raise CombinError(f"basic strategy: unknown action {action!r}")


class Strategy:
    def __init__(self, deck, rules, scale, records, exact=True):
        from combin.stud.draw.options import option_keys
        self.deck, self.rules, self.scale, self.records, self.exact = deck, rules, scale, records, exact
        self.keys = option_keys(rules)
        self.total = sum(r.weight for r in records)

    def table(self):
        """Rows ``(hand class, up rank, situations, kind, share, cost per Ante of the game)``."""
        from combin.cards import CLASSES, RANKS
        from combin.stud.draw.chunks import option_group
        from combin.stud.core.values import best_value, value_class
        groups = {}
        for record in self.records:
            if record.best < 0:
                continue
            name = value_class(best_value(list(record.hand)))
            groups.setdefault((name, record.up >> 2), []).append(record)
        rows = []
        for (name, up), members in sorted(groups.items(), key=lambda kv: (-CLASSES.index(kv[0][0])
                                                                           if kv[0][0] in CLASSES else 0,
                                                                           -kv[0][1])):
            by_kind = {}
            for record in members:
                kind = option_group(self.keys[record.best])
                by_kind[kind] = by_kind.get(kind, 0) + record.weight
            weight = sum(by_kind.values())
            kind = max(sorted(by_kind), key=lambda k: by_kind[k])
            cost = 0
            for record in members:
                best_of_kind = max(v for key, v in zip(self.keys, record.values)
                                   if option_group(key) == kind)
                cost += record.weight * (record.best_value - best_of_kind)
            rows.append((name, RANKS[up], weight, kind, Fraction(by_kind[kind], weight),
                         Fraction(cost, self.scale * self.total)))
        return rows

    def basic(self):
        """``(expected result of the basic strategy, its cost against optimal)`` per Ante (exact runs)."""
        rules, _ = basic_rules(self.rules.game)
        chosen = best = 0
        for record in self.records:
            best += record.weight * record.best_value
            if record.best < 0:
                chosen += record.weight * record.best_value
                continue
            key = basic_option(record.hand, rules, self.keys)
            chosen += record.weight * record.values[self.keys.index(key)]
        whole = self.scale * self.total
        return Fraction(chosen, whole), Fraction(best - chosen, whole)


def strategy_json(strategy):
    """Every class with its optimal option, as JSON (exact values ``"p/q"`` per Ante)."""
    from combin import __version__, display
    from combin.stud.draw.chunks import option_label
    from combin.stud.core.situation import card_text
    classes = []
    for record in strategy.records:
        best = "instant" if record.best < 0 else option_label(strategy.keys[record.best], record.hand)
        classes.append({"hand": [card_text(c) for c in record.hand], "up": card_text(record.up),
                        "weight": record.weight, "best": best,
                        "ev": display.rational(Fraction(record.best_value, strategy.scale))})
    obj = {"format": "combin.strategy/1", "tool": {"name": "combin", "version": __version__},
           "game": strategy.rules.game.id, "deck": strategy.deck.text,
           "paytable": None if strategy.rules.instant is None else strategy.rules.instant.id,
           "interpretations": dict(strategy.rules.readings), "exact": strategy.exact}
    head = json.dumps(obj, indent=1, ensure_ascii=False)[:-2]
    rows = ",\n  ".join(json.dumps(row, separators=(", ", ": ")) for row in classes)
    return f'{head},\n "classes": [\n  {rows}\n ]\n}}\n'   # one class a line


def strategy_tables(strategy):
    """The strategy table and the basic strategy: ``([Table, ...], [note, ...])``."""
    from combin.render.document import Ratio, Table
    rows = [[name, up, weight, kind, Ratio(share, 4), Ratio(cost, _PLACES)]
            for name, up, weight, kind, share, cost in strategy.table()]
    table = Table.of("strategy", "Strategy table: what to do, by the first five and the up card",
                     [("first_five", "First five"), "Up", "Situations",
                      ("best", "Best most often"), "Share", ("cost", "Cost of always it")], rows,
                     note="Cost: what always taking the best option of that kind costs, per Ante "
                          "of the whole game, against the optimal option of every situation.")
    rules, citation = basic_rules(strategy.rules.game)
    basic_rows = [[", ".join(hands), action] for hands, action in rules]
    basic = Table.of("basic_strategy", "Basic strategy", ["Hands", "Action"], basic_rows,
                     note=f"Source: {citation}.")
    found = strategy.basic() if strategy.exact else None
    if found is None:
        notes = ["On a sample the basic strategy's house edge is not summed exactly."]
        return [table, basic], notes
    edge = Table.of("basic_strategy_edge", "House edge with the basic strategy",
                    ["Figure", "Value"],
                    [["house edge per Ante", Ratio(-found[0], _PLACES)],
                     ["cost against optimal play, per Ante", Ratio(found[1], _PLACES)]])
    return [table, basic, edge], []
