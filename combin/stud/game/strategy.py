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
import tomllib
from fractions import Fraction
from math import comb
from typing import Any

from combin.errors import CombinError

__all__ = ["Strategy", "strategy_json", "basic_rules", "basic_option", "hand_feature", "class_words",
           "action_of", "FEATURES", "plain_table", "derived_basic", "action_table", "kind_words"]


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
    """The optimal strategy of a run: its class records (when kept) and their sums.

    ``records`` (every :class:`~combin.stud.game.chunks.ClassRecord`) give the
    per-class JSON; the tables read only ``totals``
    (:class:`~combin.stud.game.totals.GameTotals`, summed from the records
    when not given: a run assembled from shards has the totals alone).
    """

    def __init__(self, deck, rules, scale, records, exact=True, totals=None):
        from combin.stud.draw.options import option_keys
        self.deck, self.rules, self.scale, self.records, self.exact = deck, rules, scale, records, exact
        self.keys = option_keys(rules)
        if totals is None:
            from combin.stud.game.totals import totals_of
            totals = totals_of(records, self.keys, rules.game)
        self.totals = totals
        self.total = totals.weight

    def table(self):
        """Rows ``(hand class, up rank, situations, kind, share, cost per Ante of the game)``."""
        from combin.cards import CLASSES, RANKS
        groups: dict[tuple[str, int], dict[str, Any]] = {}
        for key, cell in self.totals.strategy.items():
            feature, up = key.rsplit("|", 1)
            name = feature.split("/", 1)[0]
            found = groups.setdefault((name, int(up)), {"kinds": {}, "of_kind": {}, "best": 0})
            found["best"] += cell["best"]
            for part in ("kinds", "of_kind"):
                for kind, value in cell[part].items():
                    found[part][kind] = found[part].get(kind, 0) + value
        rows = []
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
    def complete(self):
        """Whether every option of every class was priced (else the best alone: the costs of other
        strategies are not in the totals)."""
        return self.totals.complete == self.totals.classes

    def basic(self):
        """``(expected result of the basic strategy, its cost against optimal)`` per Ante (exact runs)."""
        whole = self.scale * self.total
        chosen, best = self.totals.basic, self.totals.best
        return Fraction(chosen, whole), Fraction(best - chosen, whole)


def strategy_json(strategy):
    """Every class with its optimal option, as JSON (exact values ``"p/q"`` per Ante)."""
    from combin import __version__, display
    from combin.stud.game.chunks import option_label
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


# ---- the strategy in a player's words: plain hands, actions, and a basic strategy derived from it

_RANK_WORDS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace")
_PLURAL = ("2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens", "kings", "aces")
_MADE = {"royal_flush": "royal flush", "straight_flush": "straight flush", "four_of_a_kind": "four of a kind",
         "full_house": "full house", "flush": "flush", "straight": "straight",
         "three_of_a_kind": "three of a kind", "two_pair": "two pair"}
_DRAWS = ("four to a flush", "four to a straight")

#: Every plain hand :func:`hand_feature` gives, strongest first: ``"class/words"``.
FEATURES = tuple(
    [f"{name}/{words}" for name, words in _MADE.items()]
    + [f"one_pair/pair of {_PLURAL[rank]}" for rank in range(12, -1, -1)]
    + [f"ace_king/ace-king, {draw}" for draw in _DRAWS] + ["ace_king/ace-king"]
    + [f"high_card/{draw}" for draw in _DRAWS]
    + [f"high_card/{_RANK_WORDS[rank]} high" for rank in range(12, 4, -1)])


def class_words(name, rank=None):
    """A first five's class in a player's words; ``rank`` (0 a deuce, 12 an ace) is the pair's rank
    of one pair, the highest card of a high card.

    >>> class_words("one_pair", 5), class_words("high_card", 11), class_words("ace_king")
    ('pair of 7s', 'king high', 'ace-king')
    >>> class_words("four_of_a_kind")
    'four of a kind'
    """
    from combin.cards import CLASS_NAMES
    if name == "one_pair":
        return f"pair of {_PLURAL[rank]}"
    if name == "high_card":
        return f"{_RANK_WORDS[rank]} high"
    return CLASS_NAMES[name].lower()


def _draw_of(ranks, suits):
    """``four to a flush``, ``four to a straight`` (four ranks within five in a row, the ace
    high or low) or ``None`` for five cards of five ranks."""
    if max(suits.count(s) for s in set(suits)) == 4:
        return _DRAWS[0]
    spots = set(ranks) | ({-1} if 12 in ranks else set())     # the ace also plays low
    if any(len(spots & set(range(low, low + 5))) >= 4 for low in range(-1, 9)):
        return _DRAWS[1]
    return None


def hand_feature(hand):
    """The first five in a player's words, ``"class/words"`` (one of :data:`FEATURES`).

    >>> from combin.cards import parse_cards
    >>> hand_feature(parse_cards("As Kd 7h 7c 2d")), hand_feature(parse_cards("As Kd 9h 7c 2d"))
    ('one_pair/pair of 7s', 'ace_king/ace-king')
    >>> hand_feature(parse_cards("Qs Jd 8h 7c 2d")), hand_feature(parse_cards("Ks Td 9h 6c 2d"))
    ('high_card/queen high', 'high_card/king high')
    >>> hand_feature(parse_cards("Qs Js 9s 8s 2d")), hand_feature(parse_cards("Qs Jd Th 8c 2d"))
    ('high_card/four to a flush', 'high_card/four to a straight')
    """
    from combin.stud.core.values import best_value, value_class
    name = value_class(best_value(list(hand)))
    ranks = [card >> 2 for card in hand]
    if name in _MADE:
        return f"{name}/{_MADE[name]}"
    if name == "one_pair":
        return f"one_pair/{class_words(name, max(r for r in ranks if ranks.count(r) == 2))}"
    draw = _draw_of(ranks, [card & 3 for card in hand])
    if name == "ace_king":
        return "ace_king/ace-king" + (f", {draw}" if draw else "")
    return f"high_card/{draw or _RANK_WORDS[max(ranks)] + ' high'}"


_ORDINALS = ("highest", "2nd", "3rd", "4th", "5th")


def action_of(key, hand):
    """An option of ``hand`` as a player names it, the same for every hand it fits.

    Cards are ordered as a player sorts them: the most of a rank first, then
    higher ranks.  An exchange is named by what it keeps.

    >>> from combin.cards import parse_cards
    >>> hand = parse_cards("As Kd 7h 7c 2d")
    >>> action_of(("exchange", (0, 1, 4)), hand), action_of(("exchange", (1, 2, 3)), hand)
    ('keep the pair', 'keep the 3rd and 5th best')
    >>> action_of(("exchange", (2, 3, 4)), parse_cards("As Kd 9h 7c 2d")), action_of(("play", ()), hand)
    ('keep the 2 best', 'play')
    >>> action_of(("exchange", (1, 4)), parse_cards("As Kd 9s 7s 2d"))
    'keep three suited'
    """
    kind, positions = key
    if kind != "exchange":
        return "buy a sixth card" if kind == "buy" else kind
    ranks = [card >> 2 for card in hand]
    kept = [i for i in range(5) if i not in positions]
    if not kept:
        return "exchange all five"
    order = sorted(range(5), key=lambda i: (-ranks.count(ranks[i]), -ranks[i], i))
    places = sorted(order.index(i) for i in kept)
    paired = [i for i in range(5) if ranks.count(ranks[i]) >= 2]
    if paired and sorted(kept) == paired:
        return {2: "keep the pair", 3: "keep the three of a kind", 4: "keep the two pairs"}[len(paired)]
    if places == list(range(len(kept))):
        return f"keep the {len(kept)} best" if len(kept) > 1 else "keep the best card"
    if len(kept) == 3 and len({hand[i] & 3 for i in kept}) == 1:
        return "keep three suited"
    words = [_ORDINALS[p] if p else "highest" for p in places]
    return "keep the " + (" and ".join(words) if len(words) < 3 else ", ".join(words[:-1]) + " and " + words[-1]) + \
        (" best" if words[-1] != "highest" else "")


def kind_words(kind):
    """A kind of option in words.

    >>> kind_words("exchange 3"), kind_words("buy"), kind_words("play")
    ('exchange 3 cards', 'buy a sixth card', 'play')
    """
    return {"buy": "buy a sixth card"}.get(kind, f"{kind} cards" if kind.startswith("exchange") else kind)


def _feature_rank(feature):
    return FEATURES.index(feature) if feature in FEATURES else len(FEATURES)


def plain_table(totals, scale):
    """Rows ``(hand in words, up card rank, situations, best most often, share, cost)``.

    By the first five in words (:func:`hand_feature`) and the up card's rank,
    strongest hands first: the kind of option that is best most often, in how
    many of the situations (an exact fraction, shown in percent), and the exact
    cost per Ante of the whole game of always taking the best option of that
    kind there instead of the optimal one.
    """
    from combin.cards import RANKS
    whole = scale * totals.weight
    rows = []
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


def action_table(totals):
    """Rows ``(hand in words, up card rank, situations, action, share)``: by the first five in words
    (:func:`hand_feature`) and the up card's rank, strongest hands first, the action that is the
    optimal option in the most of its situations (as a player names it: :func:`action_of`) and in
    how many of them (an exact fraction)."""
    from combin.cards import RANKS
    rows = []
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


def derived_basic(totals, scale):
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
