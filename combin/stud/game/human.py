"""A strategy a person can use: every situation's value under a few candidate actions, by hand and up card.

A rule a person can hold in mind names a hand in a player's words and, at most, a range of up
cards: "pair of 8s: play against 2-7, keep the pair against 8-A".  To price every such rule
exactly without running the game again for each, one pass over the situations sums, for every
*cell* -- a fine hand (:func:`fine_feature`: a plain hand of
:data:`~combin.stud.game.features.FEATURES`, a pair with its highest kicker or its draw to a
straight or a flush, an ace-king with its third card and a high card with its second and whether
three of its cards or its two highest share a suit, a four to a straight by its highest card and
whether two ranks complete it, three of a kind by its rank) and the up card's rank -- the exact value of each
*candidate action* (:func:`candidates`: the actions, as :func:`~combin.stud.game.features.action_of`
names them, that are optimal in at least a hundredth of the hand's situations in the run, and
play, fold and buy wherever the game has them).  Any strategy whose rules are unions of cells,
each taking one candidate action, then has the exact value ``sum over its cells of the action's
sum``: :mod:`combin.stud.game.skill` searches them.

=========================  =====================================================================
:func:`fine_feature`       the cell's hand of five card ids: ``(plain hand index, refinement rank)``
:func:`fine_words`         a fine hand in a player's words
:func:`hand_order`         a fine hand's place on a card (strongest first)
:func:`hand_group`         the group a rule may name whole (a plain hand, every pair with a draw)
:func:`candidates`         the candidate actions of each plain hand, from a run's totals
:func:`price_rows`         the pass over classes: :class:`Cells` (one option priced per action)
:func:`cells_of_records`   the same sums from a run's class records where every option was priced
:class:`Cells`             the sums, mergeable (shards add), as JSON
=========================  =====================================================================

Why the sums are exact.  A class's value under an action is an integer over the run's common
denominator ``L`` (the rank engine prices it alone, :meth:`~combin.stud.draw.rank.engine.RankEngine.exact_scaled`);
a cell's sum is ``sum weight x value`` over its classes, and a strategy's expected result is the
sum of its cells' sums over ``L x (total weight)``, one division.

>>> from combin.core.cards import parse_cards
>>> fine_words(fine_feature(parse_cards("8s 8d Kh 7c 2d"))), fine_words(fine_feature(parse_cards("Ks Qd 7h 5c 2d")))
('pair of 8s, king kicker', 'king-queen high')
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from combin.errors import CombinError
from combin.stud.core.situation import Situation
from combin.stud.draw.options import option_keys
from combin.stud.game.features import FEATURES, action_of, draw_of, hand_feature
from combin.stud.game.spec import RunSpec

__all__ = ["fine_feature", "fine_words", "hand_order", "hand_group", "up_key", "PAIR_RANK", "HIGHEST_CARD", "group_words", "candidates", "Cells", "price_rows", "cells_of_records", "action_options",
           "candidates_digest", "UNIVERSAL", "SHARE"]

#: Actions every hand has (where the game has them): candidates of every plain hand.
UNIVERSAL = ("play", "fold", "buy a sixth card")

#: An action is a candidate of a plain hand where it is optimal in at least this share of its situations.
SHARE = Fraction(1, 100)

_RANK_WORDS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace")
_PLURAL = ("2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens", "kings", "aces")


#: The refinements of :func:`fine_feature` above a rank: a pair with four to a straight or a flush
#: (instead of its kicker); added to a rank, a four to a straight that two ranks complete
#: (``TWO_WAY``), a high card's or an ace-king's two highest cards of one suit (``SUITED``) or three
#: of its cards of one suit (``THREE_SUITED``, which the two highest may or may not be among).
PAIR_STRAIGHT, PAIR_FLUSH, TWO_WAY, SUITED, THREE_SUITED = 13, 14, 13, 13, 26


def _filling_ranks(ranks: Sequence[int]) -> int:
    """How many ranks, one more card of which, make ``ranks`` a straight (an ace high or low):
    2 for four in a row open at both ends (2-3-4-5 up to 10-J-Q-K) and for a double inside draw
    (5-7-8-9-J: a 6 or a 10), else 1 (A-2-3-4, J-Q-K-A, one gap).

    >>> _filling_ranks([11, 5, 4, 3, 2]), _filling_ranks([9, 7, 6, 5, 3]), _filling_ranks([12, 2, 1, 0, 9])
    (2, 2, 1)
    """
    held = set(ranks)
    windows = [set(range(low, low + 5)) for low in range(0, 9)] + [{12, 0, 1, 2, 3}]
    return sum(1 for extra in range(13) if extra not in held and any(w <= held | {extra} for w in windows))


def fine_feature(hand: Sequence[int]) -> tuple[int, int]:
    """The cell's hand: ``(index in FEATURES, refinement)``.  The refinement is the rank (0 a deuce,
    12 an ace) of the highest kicker of one pair, or :data:`PAIR_FLUSH` / :data:`PAIR_STRAIGHT` for
    a pair with four to a flush / a straight (the draw decides those more than the kicker); the
    third card of a plain ace-king and the second card of a plain high card, each plus
    :data:`THREE_SUITED` where three of its cards share a suit, else plus :data:`SUITED` where the two
    highest do; the highest card of a high card with four to a straight, plus :data:`TWO_WAY` where two
    ranks complete it; the rank of three of a kind; else ``-1``.

    >>> from combin.core.cards import parse_cards
    >>> fine_feature(parse_cards("As Kd Qh 7c 2d")), fine_feature(parse_cards("As Ks Qs 7s 2d"))
    ((23, 10), (21, -1))
    >>> fine_feature(parse_cards("8s 8d 9s 4s 2s")), fine_feature(parse_cards("2c 2d 3c 4h Ad"))
    ((14, 14), (20, 13))
    >>> fine_feature(parse_cards("Ks 8d 7h 6c 5d")), fine_feature(parse_cards("Ks 9d 7h 6c 5d"))
    ((25, 24), (25, 11))
    >>> fine_feature(parse_cards("As Ks Qh 7c 2d")), fine_feature(parse_cards("Qd 9d 7h 5c 2d"))
    ((23, 23), (28, 33))
    >>> fine_feature(parse_cards("Qd 9c 7d 5c 2d")), fine_feature(parse_cards("7s 7d 7h 5c 2d"))
    ((28, 33), (6, 5))
    """
    feature = hand_feature(hand)
    index = FEATURES.index(feature)
    ranks = sorted((int(card) >> 2 for card in hand), reverse=True)
    top = sorted((int(card) for card in hand), reverse=True)[:2]
    suits = [int(card) & 3 for card in hand]
    # a high card's suits (no pair: the two highest cards are of two ranks); four of a suit is a
    # plain hand of its own (four to a flush), so three is the most here
    suited = (THREE_SUITED if max(suits.count(s) for s in range(4)) >= 3
              else SUITED if top[0] & 3 == top[1] & 3 else 0)
    name, words = feature.split("/", 1)
    if name == "one_pair":
        draw = draw_of(ranks, suits)
        if draw is not None:
            return index, PAIR_FLUSH if draw.endswith("flush") else PAIR_STRAIGHT
        return index, next(r for r in ranks if ranks.count(r) == 1)
    if feature == "ace_king/ace-king":
        return index, ranks[2] + suited
    if name == "high_card" and words.endswith(" high"):
        return index, ranks[1] + suited
    if feature == "high_card/four to a straight":
        return index, ranks[0] + (TWO_WAY if _filling_ranks(ranks) >= 2 else 0)
    if name == "three_of_a_kind":
        return index, next(r for r in ranks if ranks.count(r) == 3)
    return index, -1


def _pair_draw(fine: tuple[int, int]) -> bool:
    return FEATURES[fine[0]].startswith("one_pair/") and fine[1] in (PAIR_FLUSH, PAIR_STRAIGHT)


def hand_order(fine: tuple[int, int]) -> tuple[int, ...]:
    """A fine hand's place on a card, strongest first: the plain hands in their order, each by its
    refinement from the highest; the pairs with four to a flush, then those with four to a straight
    (aces first), together between two pair and the pairs, so one rule can name them all.

    >>> sorted([(8, 11), (14, 14), (7, -1), (20, 14), (20, 13)], key=hand_order)
    [(7, -1), (14, 14), (20, 14), (20, 13), (8, 11)]
    """
    if _pair_draw(fine):
        return (FEATURES.index("two_pair/two pair"), 1, fine[1] == PAIR_STRAIGHT, fine[0])
    return (fine[0], 0, -fine[1])


#: What a rule may compare the up card with, by the kind of hand: a pair's rank, or the highest card.
PAIR_RANK, HIGHEST_CARD = "the pair", "your highest card"
_PAIR_OF_ACES = FEATURES.index("one_pair/pair of aces")


def up_key(fine: tuple[int, int]) -> tuple[int, str] | None:
    """The rank (0 a deuce, 12 an ace) a rule may compare the up card with, and its name: a pair's
    rank (with or without a draw), or the highest card of a high card (a four to a straight too);
    ``None`` for a made hand or an ace-king (whose highest card is always an ace).

    >>> up_key((14, 5)), up_key((14, 14)), up_key((28, 20)), up_key((25, 24)), up_key((23, 10)) is None
    ((6, 'the pair'), (6, 'the pair'), (10, 'your highest card'), (11, 'your highest card'), True)
    """
    name, words = FEATURES[fine[0]].split("/", 1)
    if name == "one_pair":
        return 12 - (fine[0] - _PAIR_OF_ACES), PAIR_RANK     # the pairs in FEATURES: aces first
    if name == "high_card" and words.endswith(" high"):
        return _RANK_WORDS.index(words.removesuffix(" high")), HIGHEST_CARD
    if name == "high_card" and words == "four to a straight":
        return fine[1] % TWO_WAY, HIGHEST_CARD
    return None


def hand_group(fine: tuple[int, int]) -> str:
    """The group of a fine hand a rule may name whole: its plain hand, or every pair with four to a
    flush (to a straight).

    >>> hand_group((8, 11)), hand_group((14, 14))
    ('one_pair/pair of aces', 'one_pair/with four to a flush')
    """
    if _pair_draw(fine):
        return f"one_pair/with four to a {'flush' if fine[1] == PAIR_FLUSH else 'straight'}"
    return FEATURES[fine[0]]


def group_words(group: str) -> str:
    """A :func:`hand_group` in a player's words.

    >>> group_words('one_pair/with four to a flush'), group_words('one_pair/pair of aces')
    ('a pair with four to a flush', 'pair of aces')
    """
    words = group.split("/", 1)[1]
    return f"a pair {words}" if words.startswith("with ") else words


def fine_words(fine: tuple[int, int]) -> str:
    """A fine hand in a player's words.

    >>> fine_words((23, 10)), fine_words((21, -1)), fine_words((7, -1))
    ('ace-king-queen', 'ace-king, four to a flush', 'two pair')
    >>> fine_words((14, 14)), fine_words((25, 24)), fine_words((25, 11))
    ('pair of 8s with four to a flush', 'four to a two-way straight, king high', 'four to an inside straight, king high')
    >>> fine_words((23, 23)), fine_words((28, 20)), fine_words((28, 33)), fine_words((23, 36))
    ('ace-king-queen, ace-king suited', 'queen-9 high, the two suited', 'queen-9 high, three to a flush', 'ace-king-queen, three to a flush')
    >>> fine_words((6, 5))
    'three 7s'
    """
    index, rank = fine
    name, words = FEATURES[index].split("/", 1)
    if rank < 0:
        return words
    if name == "three_of_a_kind":
        return f"three {_PLURAL[rank]}"
    if name == "one_pair":
        if rank in (PAIR_FLUSH, PAIR_STRAIGHT):
            return f"{words} with four to a {'flush' if rank == PAIR_FLUSH else 'straight'}"
        return f"{words}, {_RANK_WORDS[rank]} kicker"
    if words == "four to a straight":
        kind = "a two-way" if rank >= TWO_WAY else "an inside"
        return f"four to {kind} straight, {_RANK_WORDS[rank % TWO_WAY]} high"
    suits = ("" if rank < SUITED else ", three to a flush" if rank >= THREE_SUITED
             else ", ace-king suited" if name == "ace_king" else ", the two suited")
    if name == "ace_king":
        return f"ace-king-{_RANK_WORDS[rank % SUITED]}" + suits
    return f"{words[:-len(' high')]}-{_RANK_WORDS[rank % SUITED]} high" + suits


def candidates(totals: Any, actions: Iterable[str], share: Fraction = SHARE) -> dict[str, tuple[str, ...]]:
    """The candidate actions of each plain hand of a run's totals: the actions optimal in at least
    ``share`` of its situations, and those of ``actions`` (what every hand of the game can do:
    :data:`UNIVERSAL` as far as the game has them), in name order.

    >>> from combin.stud.game.totals import GameTotals
    >>> cells = {"one_pair/pair of 8s|5": {"weight": 100, "actions": {"play": 60, "keep the pair": 39,
    ...          "keep the 3 best": 1}}}
    >>> candidates(GameTotals(strategy=cells), ("play", "fold"))
    {'one_pair/pair of 8s': ('fold', 'keep the 3 best', 'keep the pair', 'play')}
    >>> candidates(GameTotals(strategy=cells), ("play", "fold"), Fraction(1, 50))
    {'one_pair/pair of 8s': ('fold', 'keep the pair', 'play')}
    """
    weights: dict[str, dict[str, int]] = {}
    for key, cell in totals.strategy.items():
        found = weights.setdefault(key.rsplit("|", 1)[0], {})
        for action, weight in cell.get("actions", {}).items():
            found[action] = found.get(action, 0) + int(weight)
    universal = tuple(actions)
    out = {}
    for feature in sorted(weights, key=lambda f: FEATURES.index(f) if f in FEATURES else len(FEATURES)):
        total = sum(weights[feature].values())
        chosen = {a for a, w in weights[feature].items() if total and Fraction(w, total) >= share}
        out[feature] = tuple(sorted(chosen | set(universal)))
    return out


def candidates_digest(chosen: Mapping[str, Sequence[str]]) -> str:
    """A digest of the candidate actions (a pass names the candidates it priced).

    >>> len(candidates_digest({"two_pair/two pair": ("fold", "play")}))
    16
    """
    text = json.dumps({k: list(v) for k, v in sorted(chosen.items())}, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def cell_key(fine: tuple[int, int], up_rank: int) -> str:
    """A cell's key: ``"feature index:refinement|up rank"``.

    >>> cell_key((21, 10), 7)
    '21:10|7'
    """
    return f"{fine[0]}:{fine[1]}|{up_rank}"


def parse_cell_key(key: str) -> tuple[tuple[int, int], int]:
    """The ``(fine hand, up rank)`` of :func:`cell_key`; a malformed key is a ``ValueError``.

    >>> parse_cell_key('21:10|7')
    ((21, 10), 7)
    """
    hand, up = key.split("|")
    index, rank = hand.split(":")
    fine = (int(index), int(rank))
    if not (0 <= fine[0] < len(FEATURES) and -1 <= fine[1] <= 12 + THREE_SUITED and 0 <= int(up) <= 12):
        raise ValueError(f"cell {key[:20]!r} is out of range")
    return fine, int(up)


def _empty_cell() -> dict[str, Any]:
    """A cell with nothing summed yet."""
    return {"weight": 0, "best": 0, "values": {}, "missing": {}, "settled": 0, "settled_weight": 0}


@dataclass
class Cells:
    """Per cell (:func:`cell_key`): the situations' weight, ``weight x optimal value`` (``best``),
    per candidate action ``weight x value`` (``values``) over the classes that take a decision and
    have the action, the weight of those that do not (``missing``: the action cannot be a rule
    there), and ``weight x value`` and the weight of the classes an instant payout settles
    (``settled``, ``settled_weight``: worth the same under every action); values are numerators over
    the run's common denominator.  ``classes`` counts the classes summed."""

    classes: int = 0
    cells: dict[str, dict[str, Any]] = field(default_factory=dict)

    def add(self, key: str, weight: int, best: int, values: Mapping[str, int | None], settled: bool = False) -> None:
        """One class: its weight, ``best`` (its optimal value) and per action its value or ``None``;
        ``settled``: an instant payout settled the round (no decision: ``values`` are not read, every
        action is worth ``best`` there)."""
        cell = self.cells.setdefault(key, _empty_cell())
        cell["weight"] += weight
        cell["best"] += weight * best
        self.classes += 1
        if settled:
            cell["settled"] += weight * best
            cell["settled_weight"] += weight
            return
        for action, value in values.items():
            if value is None:
                cell["missing"][action] = cell["missing"].get(action, 0) + weight
            else:
                cell["values"][action] = cell["values"].get(action, 0) + weight * value

    def merge(self, other: Cells) -> None:
        """Add ``other``'s sums into these, in place (a pass gathers thousands of chunks' cells: no copy
        of the sums so far per chunk)."""
        self.classes += other.classes
        for key, cell in other.cells.items():
            mine = self.cells.setdefault(key, _empty_cell())
            for part in ("weight", "best", "settled", "settled_weight"):
                mine[part] += cell[part]
            for part in ("values", "missing"):
                for action, value in cell[part].items():
                    mine[part][action] = mine[part].get(action, 0) + value

    def __add__(self, other: Cells) -> Cells:
        out = Cells()
        out.merge(self)
        out.merge(other)
        return out

    def to_json(self) -> dict[str, Any]:
        """A JSON object, every integer a decimal string, keys sorted (the same bytes for the same sums)."""
        return {"classes": str(self.classes),
                "cells": {key: {"weight": str(cell["weight"]), "best": str(cell["best"]),
                                "settled": str(cell["settled"]), "settled_weight": str(cell["settled_weight"]),
                                "values": {a: str(v) for a, v in sorted(cell["values"].items())},
                                "missing": {a: str(v) for a, v in sorted(cell["missing"].items())}}
                          for key, cell in sorted(self.cells.items())}}

    @classmethod
    def from_json(cls, obj: Any) -> Cells:
        """The sums of :meth:`to_json`; anything else is a ``ValueError``."""
        def whole(text: Any) -> int:
            if not isinstance(text, str) or len(text) > 80 or not text.lstrip("-").isdigit():
                raise ValueError("a sum is not a whole number")
            return int(text)
        if not isinstance(obj, dict) or not isinstance(obj.get("cells"), dict):
            raise ValueError("not the sums of a strategy pass")
        out = cls(whole(obj.get("classes")))
        for key, cell in obj["cells"].items():
            parse_cell_key(key)
            out.cells[key] = {"weight": whole(cell["weight"]), "best": whole(cell["best"]),
                              "settled": whole(cell["settled"]), "settled_weight": whole(cell["settled_weight"]),
                              "values": {str(a): whole(v) for a, v in cell["values"].items()},
                              "missing": {str(a): whole(v) for a, v in cell["missing"].items()}}
        return out


def action_options(hand: Sequence[int], keys: Sequence[Any], wanted: Sequence[str]) -> dict[str, int | None]:
    """Per wanted action, the index of the first option of ``keys`` that is it for ``hand`` (``None``
    where the hand has no such option).

    >>> from combin.core.cards import parse_cards
    >>> keys = [("fold", ()), ("play", ()), ("exchange", (2, 3, 4)), ("exchange", (0, 1, 4))]
    >>> action_options(parse_cards("7s 7d Ks Qd 2s"), keys, ["keep the pair", "keep the 2 best", "buy a sixth card"])
    {'keep the pair': 2, 'keep the 2 best': None, 'buy a sixth card': None}
    """
    found: dict[str, int | None] = dict.fromkeys(wanted)
    for index, key in enumerate(keys):
        action = action_of(key, hand)
        if action in found and found[action] is None:
            found[action] = index
    return found


def price_rows(deck: Any, rules: Any, chosen: Mapping[str, Sequence[str]], rows: Iterable[Sequence[int]],
               scale: int) -> Cells:
    """The pass over classes ``rows`` (``[5 card ids, up, weight, class index, optimal option index]``,
    the index ``-1`` for an instant payout that settles the round): per class, its cell's
    candidate actions and its optimal option priced exactly, one compiled call
    (:meth:`~combin.stud.draw.rank.engine.RankEngine.exact_scaled`)."""
    from combin.stud.draw.advise import instant_of
    from combin.stud.draw.rank.engine import RankEngine
    keys = option_keys(rules)
    cells = Cells()
    fives: dict[tuple[int, ...], tuple[Any, ...]] = {}
    for *hand, up, weight, index, code in rows:
        five = tuple(int(card) for card in hand)
        held = fives.get(five)
        if held is None:
            fine = fine_feature(five)
            pay, settled = instant_of(list(five), rules, True)
            wanted = chosen.get(FEATURES[fine[0]])
            if wanted is None and settled is None:
                raise CombinError(f"the candidates have no actions for {FEATURES[fine[0]]}")
            held = fives[five] = (fine, action_options(five, keys, wanted or ()), pay, settled)
            if len(fives) > 64:
                fives.clear()
                fives[five] = held
        fine, options, pay, settled = held
        key = cell_key(fine, int(up) >> 2)
        if settled is not None:
            # the round is settled by the instant payout: every action is worth it
            cells.add(key, weight, _whole(settled[0].ev * scale), {}, settled=True)
            continue
        if code < 0:
            raise CombinError(f"class {index}: no optimal option, and no instant payout settles it")
        engine = RankEngine(Situation(five, int(up), deck), rules)
        if engine.scale != scale:
            raise AssertionError("the engine's denominator is not the run's")
        wanted_keys = sorted({keys[o] for o in options.values() if o is not None} | {keys[code]}, key=keys.index)
        priced = engine.exact_scaled(wanted_keys)
        shift = _whole(pay * scale)          # L7=continue: the instant pay is added to every net
        values = {action: None if o is None else priced[keys[o]] + shift for action, o in options.items()}
        best = priced[keys[code]] + shift
        if any(v is not None and v > best for v in values.values()):
            raise AssertionError(f"class {index}: an action is worth more than the optimal option")
        cells.add(key, weight, best, values)
    return cells


def _whole(value: Fraction) -> int:
    """A value known to be a whole number over the run's denominator, as an ``int``."""
    if value.denominator != 1:
        raise AssertionError("a value is not a whole number over the run's denominator")
    return int(value)


def cells_of_records(records: Iterable[Any], keys: Sequence[Any], rules: Any,
                     chosen: Mapping[str, Sequence[str]]) -> Cells:
    """The sums of :func:`price_rows` read from a run's class records
    (:class:`~combin.stud.game.chunks.ClassRecord`) where every option was priced (a reduced deck):
    the second method of the pass, with no option priced again."""
    cells = Cells()
    for record in records:
        hand = tuple(record.hand)
        fine = fine_feature(hand)
        key = cell_key(fine, int(record.up) >> 2)
        if record.best < 0:
            cells.add(key, record.weight, record.best_value, {}, settled=True)
            continue
        options = action_options(hand, keys, chosen[FEATURES[fine[0]]])
        if any(v is None for v in record.values):
            raise CombinError(f"class {record.index}: not every option was priced (a run of price 'all' is needed)")
        cells.add(key, record.weight, record.best_value,
                  {action: None if o is None else int(record.values[o]) for action, o in options.items()})
    return cells


def price_chunk(run: dict[str, Any], rows: list[Any]) -> dict[str, Any]:
    """One chunk of the pass (a worker's task): ``{"cells": Cells JSON, "cpu_seconds": t}``; ``run`` is
    the run's description with ``"candidates"`` and ``"denominator"``."""
    start = time.process_time()
    deck, rules = RunSpec.from_json(run).resolve()
    cells = price_rows(deck, rules, {k: tuple(v) for k, v in run["candidates"].items()}, rows, int(run["denominator"]))
    return {"cells": cells.to_json(), "cpu_seconds": round(time.process_time() - start, 3)}
