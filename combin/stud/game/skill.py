"""The best strategy of k rules a person can hold in mind, searched over a pass's exact cell sums.

A rule is a rectangle of the grid of cells of :mod:`combin.stud.game.human`: a range of fine hands
(in the order of :func:`~combin.stud.game.human.hand_order`: strongest first, the pairs with a draw together) by a range of up-card ranks,
taking one action that every class of those cells has.  A strategy of k rules is k rectangles
that tile the grid, so its exact expected result is the sum of each rectangle's action sum over
``L x (total weight)``.

How it searches (:func:`search`): two ways, and for each k the better strategy of the two.

:func:`greedy`, a greedy refinement.  One rule to start: the action that is best over every
situation (play, fold or buy, the actions every hand has).  Each step splits one rule in two --
its hands at one place or its up cards at one place, each part taking the action best over its
cells -- choosing, over every rule and every place, the split that gains the most (ties: the
first rule, hands before up cards, the first place); a split gains the sum of the parts' best
values less the rule's.  Where no split gains at once, a split is valued two steps ahead (each
part split again at its best place), so that a rule whose gain needs two cuts -- a hand against
a few up cards -- is still found.  After each step two rules of one action that make a rectangle
together are joined.  It stops at ``most`` rules or when no split gains.

:func:`banded`, the best of one family, exactly (a dynamic programme): the hands cut into ranges
(each within one group -- a plain hand, the pairs with a draw -- or starting or ending where a group
does), each range's up cards cut into at most
:data:`BANDS` ranges, each piece a rule taking its best action.  Along the up cards, the best cut
of a hand range into ``c`` pieces; along the hands, the best cover of the first ``i`` hands with at
most ``r`` rules.

The values are exact integers: a gain is never rounded, and the k-rule strategy's figure is
exact for that strategy (it need not be the best of all k-rule strategies).

=====================  ===========================================================================
:class:`Grid`          the cells as a grid, with prefix sums: any rectangle's sum in four reads
:class:`Rule`          a rectangle and its action, in a player's words
:class:`Plan`          k rules, their exact sums and each rule's cost against optimal play
:func:`search`         the plans of 1 .. ``most`` rules: the better of the two below
:func:`greedy`         the greedy refinement's plans
:func:`banded`         the banded family's best plans, exactly
=====================  ===========================================================================

>>> from combin.stud.game.human import Cells, cell_key
>>> cells = Cells()
>>> cells.add(cell_key((8, 11), 3), 10, 5, {"play": 5, "fold": -10, "keep the pair": 1})
>>> cells.add(cell_key((20, 12), 3), 10, 2, {"play": -4, "fold": -10, "keep the pair": 2})
>>> [(len(plan.rules), plan.value) for plan in search(Grid.of(cells), 3)]
[(1, 30), (2, 70)]
>>> [rule.words() for rule in search(Grid.of(cells), 2)[-1].rules]
['pair of aces: play', 'pair of 2s: keep the pair']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from combin.stud.game.human import Cells, fine_words, group_words, hand_group, hand_order, parse_cell_key

__all__ = ["Grid", "Rule", "Plan", "search", "greedy", "banded", "BANDS", "up_words"]

_UP_WORDS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace")


def up_words(low: int, high: int, every: bool = False) -> str:
    """Up-card ranks ``low`` .. ``high`` (0 a deuce) in words; ``every``: the range is all of them.

    >>> up_words(0, 5), up_words(7, 7), up_words(9, 12), up_words(0, 12, True)
    ('against 2 to 7', 'against a 9', 'against jack to ace', 'against any up card')
    """
    if every:
        return "against any up card"
    if low == high:
        word = _UP_WORDS[low]
        return f"against {'an' if word in ('8', 'ace') else 'a'} {word}"
    return f"against {_UP_WORDS[low]} to {_UP_WORDS[high]}"


class Grid:
    """The cells of a pass as a grid: rows the fine hands present (strongest first), columns the up
    ranks present (low to high); per action a prefix sum of its values and of the cells that lack it.

    ``weight``, ``best``: the total weight and ``weight x optimal value`` of every cell.
    """

    def __init__(self, hands: list[tuple[int, int]], ups: list[int], actions: list[str],
                 values: dict[str, list[list[int]]], lacking: dict[str, list[list[int]]],
                 best: list[list[int]], weight: int) -> None:
        self.hands, self.ups, self.actions = hands, ups, actions
        #: each hand's group (:func:`~combin.stud.game.human.hand_group`), read by the rules' words
        #: and the banded search's hand ranges
        self.groups = [hand_group(hand) for hand in hands]
        self.best_total = sum(map(sum, best))
        self.weight = weight
        self._best = _prefix(best)
        self._values = {a: _prefix(values[a]) for a in actions}
        self._lacking = {a: _prefix(lacking[a]) for a in actions}

    @classmethod
    def of(cls, cells: Cells) -> Grid:
        """The grid of a pass's :class:`~combin.stud.game.human.Cells`; a cell a class lacks an action
        in cannot take that action (nor can a cell of a hand the action is not a candidate of)."""
        parsed = {key: parse_cell_key(key) for key in cells.cells}
        hands = sorted({fine for fine, _ in parsed.values()}, key=hand_order)
        ups = sorted({up for _, up in parsed.values()})
        actions = sorted({a for cell in cells.cells.values() for a in list(cell["values"]) + list(cell["missing"])})
        row = {fine: i for i, fine in enumerate(hands)}
        col = {up: j for j, up in enumerate(ups)}
        values = {a: [[0] * len(ups) for _ in hands] for a in actions}
        lacking = {a: [[0] * len(ups) for _ in hands] for a in actions}
        best = [[0] * len(ups) for _ in hands]
        # a cell with no class of a hand and up rank holds nothing: any action is free there
        present = [[False] * len(ups) for _ in hands]
        for key, cell in cells.cells.items():
            fine, up = parsed[key]
            i, j = row[fine], col[up]
            present[i][j] = True
            best[i][j] = cell["best"]
            decided = cell["weight"] - cell["settled_weight"]
            for a in actions:
                # a class an instant payout settles is worth the same under any action
                if not decided or (a in cell["values"] and not cell["missing"].get(a)):
                    values[a][i][j] = cell["values"].get(a, 0) + cell["settled"]
                else:
                    lacking[a][i][j] = 1
        return cls(hands, ups, actions, values, lacking, best, sum(c["weight"] for c in cells.cells.values()))

    def value(self, box: tuple[int, int, int, int], action: str) -> int | None:
        """``weight x value`` summed over the rectangle ``(first hand, last hand, first up, last up)``
        (indices, inclusive) under ``action``, or ``None`` where a cell of it lacks the action."""
        if _sum(self._lacking[action], box):
            return None
        return _sum(self._values[action], box)

    def columns(self, first: int, last: int) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
        """Per action, over hands ``first`` .. ``last``: each up rank's ``weight x value`` and how many
        of its cells lack the action."""
        cols = range(len(self.ups))
        return ({a: [_sum(self._values[a], (first, last, j, j)) for j in cols] for a in self.actions},
                {a: [_sum(self._lacking[a], (first, last, j, j)) for j in cols] for a in self.actions})

    def best(self, box: tuple[int, int, int, int]) -> int:
        """``weight x optimal value`` summed over the rectangle."""
        return _sum(self._best, box)

    def choose(self, box: tuple[int, int, int, int]) -> tuple[int, str] | None:
        """The best action of a rectangle and its sum (ties: the first in name order), or ``None``
        where no action is there in every cell."""
        found: tuple[int, str] | None = None
        for action in self.actions:
            value = self.value(box, action)
            if value is not None and (found is None or value > found[0]):
                found = (value, action)
        return found


def _prefix(table: list[list[int]]) -> list[list[int]]:
    """The 2-D prefix sums of ``table``: ``out[i][j]`` = the sum of ``table[:i][:j]``."""
    rows, cols = len(table), len(table[0]) if table else 0
    out = [[0] * (cols + 1) for _ in range(rows + 1)]
    for i in range(rows):
        running = 0
        for j in range(cols):
            running += table[i][j]
            out[i + 1][j + 1] = out[i][j + 1] + running
    return out


def _sum(prefix: list[list[int]], box: tuple[int, int, int, int]) -> int:
    """The sum over a rectangle from its prefix sums (inclusion-exclusion of four corners)."""
    i0, i1, j0, j1 = box
    return prefix[i1 + 1][j1 + 1] - prefix[i0][j1 + 1] - prefix[i1 + 1][j0] + prefix[i0][j0]


@dataclass(frozen=True)
class Rule:
    """A rectangle of the grid and its action, with the words a person reads."""

    box: tuple[int, int, int, int]
    action: str
    hands: str
    ups: str

    def words(self) -> str:
        """The rule as a person reads it.

        >>> Rule((0, 0, 0, 12), "play", "pair of 8s", "against any up card").words()
        'pair of 8s: play'
        >>> Rule((0, 0, 0, 5), "play", "pair of 8s", "against 2 to 7").words()
        'pair of 8s against 2 to 7: play'
        """
        ups = "" if self.ups == "against any up card" else f" {self.ups}"
        return f"{self.hands}{ups}: {self.action}"


@dataclass(frozen=True)
class Plan:
    """A strategy of rules tiling the grid: ``value`` = ``weight x value`` summed over every cell
    (numerators over the run's denominator), ``costs`` per rule ``weight x (optimal - chosen)``."""

    rules: tuple[Rule, ...]
    value: int
    costs: tuple[int, ...]


def _hand_words(grid: Grid, first: int, last: int) -> str:
    """Fine hands ``first`` .. ``last`` of the grid in words: a whole group (a plain hand, the pairs
    with a draw) by its own words."""
    if first == 0 and last == len(grid.hands) - 1:
        return "any hand"
    groups = grid.groups

    def whole(i: int, end: bool) -> bool:
        """Whether hand ``i`` starts (``end`` false) or ends its group within the grid."""
        j = i + (1 if end else -1)
        return not (0 <= j < len(grid.hands)) or groups[j] != groups[i]
    a, b = groups[first], groups[last]
    start = group_words(a) if whole(first, False) and (a != b or whole(last, True)) else fine_words(grid.hands[first])
    end = group_words(b) if whole(last, True) and (a != b or whole(first, False)) else fine_words(grid.hands[last])
    if start == "a pair with four to a flush" and end == "a pair with four to a straight":
        return "a pair with four to a flush or a straight"
    return start if start == end else f"{start} to {end}"


def _rule(grid: Grid, box: tuple[int, int, int, int], action: str) -> Rule:
    ups = up_words(grid.ups[box[2]], grid.ups[box[3]], box[2] == 0 and box[3] == len(grid.ups) - 1)
    return Rule(box, action, _hand_words(grid, box[0], box[1]), ups)


def _plan(grid: Grid, boxes: list[tuple[tuple[int, int, int, int], str, int]]) -> Plan:
    ordered = sorted(boxes, key=lambda b: (b[0][0], b[0][2]))
    return Plan(tuple(_rule(grid, box, action) for box, action, _ in ordered),
                sum(value for _, _, value in ordered), tuple(grid.best(box) - value for box, _, value in ordered))


def _cuts(box: tuple[int, int, int, int]) -> list[tuple[tuple[int, int, int, int], tuple[int, int, int, int]]]:
    """Every way to cut a rectangle in two: its hands at each place, then its up cards at each place."""
    i0, i1, j0, j1 = box
    return [((i0, i, j0, j1), (i + 1, i1, j0, j1)) for i in range(i0, i1)] + \
           [((i0, i1, j0, j), (i0, i1, j + 1, j1)) for j in range(j0, j1)]


def _best_split(grid: Grid, box: tuple[int, int, int, int], value: int,
                ahead: bool = False) -> tuple[int, Any] | None:
    """The split of one rule that gains the most: ``(gain, (part, action, value) x 2)``, or ``None``.
    With ``ahead``, a part is worth the most of its best action and its own best split (a split
    that gains only once a part is split again: two pair against a 9 or 10 and against the rest)."""
    found: tuple[int, Any] | None = None
    for first, second in _cuts(box):
        a, b = grid.choose(first), grid.choose(second)
        if a is None or b is None:
            continue
        gain = a[0] + b[0] - value
        if ahead:
            gain += sum(split[0] for split in (_best_split(grid, first, a[0]), _best_split(grid, second, b[0]))
                        if split is not None)
        if gain > 0 and (found is None or gain > found[0]):
            found = (gain, ((first, a[1], a[0]), (second, b[1], b[0])))
    return found


def _union(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> tuple[int, int, int, int] | None:
    """The rectangle two rectangles make together where they share a whole side, else ``None``.

    >>> _union((0, 2, 0, 4), (0, 2, 5, 12)), _union((0, 2, 0, 4), (3, 5, 0, 4)), _union((0, 2, 0, 4), (3, 5, 0, 5))
    ((0, 2, 0, 12), (0, 5, 0, 4), None)
    """
    if a[:2] == b[:2] and (a[3] + 1 == b[2] or b[3] + 1 == a[2]):
        return a[0], a[1], min(a[2], b[2]), max(a[3], b[3])
    if a[2:] == b[2:] and (a[1] + 1 == b[0] or b[1] + 1 == a[0]):
        return min(a[0], b[0]), max(a[1], b[1]), a[2], a[3]
    return None


def _merge(grid: Grid, boxes: list[tuple[tuple[int, int, int, int], str, int]], splits: dict[Any, Any] | None,
           fresh: set[tuple[int, int, int, int]]) -> None:
    """Join, in place, two rules of one action that make a rectangle together (the same strategy in
    one rule fewer: a value is a sum over cells), but not the two parts of the split just made."""
    joined = True
    while joined:
        joined = False
        for x in range(len(boxes)):
            for y in range(x + 1, len(boxes)):
                (a, action, va), (b, other, vb) = boxes[x], boxes[y]
                union = _union(a, b) if action == other and not {a, b} <= fresh else None
                if union is None:
                    continue
                boxes[x] = (union, action, va + vb)
                del boxes[y]
                if splits is not None:
                    splits.pop(a, None)
                    splits.pop(b, None)
                    splits[union] = _best_split(grid, union, va + vb)
                joined = True
                break
            if joined:
                break


def search(grid: Grid, most: int = 25) -> list[Plan]:
    """The plans of at most 1 .. ``most`` rules (fewer when no split gains any more), each exact: the
    ``k``-th is the better of the greedy refinement's (:func:`greedy`) and the banded family's best
    (:func:`banded`) with at most ``k`` rules (a tie: the fewer rules, then the greedy one)."""
    plans = greedy(grid, most)
    if not plans:
        return plans
    for k, other in enumerate(banded(grid, most)):
        if other is None or (k >= len(plans) and other.value <= plans[-1].value):
            continue
        while k >= len(plans):
            plans.append(plans[-1])
        mine = plans[k]
        if other.value > mine.value or (other.value == mine.value and len(other.rules) < len(mine.rules)):
            plans[k] = other
    for k in range(1, len(plans)):
        if plans[k].value <= plans[k - 1].value:
            plans[k] = plans[k - 1]         # fewer rules found as much: the best with at most k
    return plans


def greedy(grid: Grid, most: int = 25) -> list[Plan]:
    """The greedy plans of at most 1 .. ``most`` rules (fewer when no split gains any more), each exact:
    the ``k``-th is the best found with at most ``k`` rules.  Each step splits the rule whose split
    gains most, then joins two rules of one action that make a rectangle together (one rule fewer,
    the same strategy), so the rules go further than the splits alone would."""
    if not grid.hands:
        return []
    whole = (0, len(grid.hands) - 1, 0, len(grid.ups) - 1)
    start = grid.choose(whole)
    if start is None:
        return []
    boxes = [(whole, start[1], start[0])]
    splits = {whole: _best_split(grid, whole, start[0])}
    found: dict[int, Plan] = {1: _plan(grid, boxes)}
    # each step gains or joins: a bound on the steps keeps a cycle of splits and joins finite
    for _ in range(4 * most):
        if len(boxes) >= most:
            break
        chosen = None
        for position, (box, _, _) in enumerate(boxes):
            split = splits[box]
            if split is not None and (chosen is None or split[0] > chosen[1][0]):
                chosen = (position, split)
        if chosen is None:
            # no split gains at once: the split whose parts gain when split again (two steps)
            for position, (box, _, value) in enumerate(boxes):
                split = _best_split(grid, box, value, ahead=True)
                if split is not None and (chosen is None or split[0] > chosen[1][0]):
                    chosen = (position, split)
        if chosen is None:
            break
        position, (_, parts) = chosen
        del splits[boxes[position][0]]
        boxes[position:position + 1] = list(parts)
        for box, _, value in parts:
            splits[box] = _best_split(grid, box, value)
        _merge(grid, boxes, splits, {box for box, _, _ in parts})
        plan = _plan(grid, boxes)
        if len(boxes) not in found or plan.value > found[len(boxes)].value:
            found[len(boxes)] = plan
    plans: list[Plan] = []
    for k in range(1, max(found) + 1):
        best = found.get(k)
        if plans and (best is None or best.value <= plans[-1].value):
            best = plans[-1]                # fewer rules found as much: the best with at most k
        assert best is not None             # found[1] is the first
        plans.append(best)
    return plans


#: The most up-card ranges one hand range is cut into by :func:`banded` (a rule per range).
BANDS = 6


def _hand_ranges(grid: Grid) -> list[tuple[int, int]]:
    """The hand ranges a rule of :func:`banded` may take, as ``(first, last)`` rows: any range within
    one group (:func:`~combin.stud.game.human.hand_group`: a plain hand, the pairs with four to a
    flush, those with four to a straight), and any range that starts or ends where a group does
    ("pair of 8s, jack kicker to pair of 5s": a person reads where it starts and where it stops)."""
    groups = grid.groups
    n = len(groups)
    starts = [i for i in range(n) if i == 0 or groups[i - 1] != groups[i]]
    ends = [i for i in range(n) if i == n - 1 or groups[i + 1] != groups[i]]
    ranges = {(a, b) for s, e in zip(starts, ends) for a in range(s, e + 1) for b in range(a, e + 1)}
    ranges |= {(a, e) for e in ends for a in range(e + 1)}
    ranges |= {(s, b) for s in starts for b in range(s, n)}
    return sorted(ranges)


def _bands(grid: Grid, first: int, last: int, most: int) -> list[tuple[int, list[tuple[int, int, str, int]]] | None]:
    """The best cut of hands ``first`` .. ``last`` into ``c`` ranges of up cards, each taking its best
    action, for ``c`` = 1 .. ``most``: ``(value, [(first up, last up, action, value)])`` or ``None``."""
    cols = len(grid.ups)
    sums, lack = grid.columns(first, last)
    best: dict[tuple[int, int], tuple[int, str]] = {}
    for c0 in range(cols):
        run = dict.fromkeys(grid.actions, 0)
        lacking = dict.fromkeys(grid.actions, 0)
        for c1 in range(c0, cols):
            found: tuple[int, str] | None = None
            for a in grid.actions:
                run[a] += sums[a][c1]
                lacking[a] += lack[a][c1]
                if not lacking[a] and (found is None or run[a] > found[0]):
                    found = (run[a], a)
            if found is not None:
                best[(c0, c1)] = found
    # table[c][e]: the best cut of up ranks 0 .. e into c ranges (a dynamic programme along the up cards)
    table: list[list[tuple[int, list[tuple[int, int, str, int]]] | None]] = [[None] * cols for _ in range(most + 1)]
    for e in range(cols):
        if (0, e) in best:
            value, action = best[(0, e)]
            table[1][e] = (value, [(0, e, action, value)])
    for c in range(2, most + 1):
        for e in range(cols):
            for s in range(1, e + 1):
                before, piece = table[c - 1][s - 1], best.get((s, e))
                if before is None or piece is None:
                    continue
                value = before[0] + piece[0]
                current = table[c][e]
                if current is None or value > current[0]:
                    table[c][e] = (value, before[1] + [(s, e, piece[1], piece[0])])
    return [table[c][cols - 1] for c in range(1, most + 1)]


def banded(grid: Grid, most: int = 25) -> list[Plan | None]:
    """The best strategies of at most 1 .. ``most`` rules of one family, found exactly (a dynamic
    programme, not a greedy search): the hands cut into ranges (:func:`_hand_ranges`: within one
    group, or starting or ending where a group does), each range's up cards cut into at most :data:`BANDS` ranges,
    each piece one rule with its best action -- "pair of 8s: play against 2 to 7, keep the pair
    against 8 to ace".  ``None`` for a count no strategy of the family fits in.

    >>> from combin.stud.game.human import Cells, cell_key
    >>> cells = Cells()
    >>> cells.add(cell_key((8, 11), 3), 10, 5, {"play": 5, "fold": -10})
    >>> cells.add(cell_key((8, 11), 9), 10, 5, {"play": -6, "fold": 5})
    >>> [None if plan is None else plan.value for plan in banded(Grid.of(cells), 3)]
    [-10, 100, 100]
    """
    rows = len(grid.hands)
    ending: dict[int, list[int]] = {}
    for first, last in _hand_ranges(grid):
        ending.setdefault(last, []).append(first)
    pieces = {(first, last): _bands(grid, first, last, min(BANDS, most))
              for last, firsts in ending.items() for first in firsts}
    # reach[r][i]: the best cover of hands 0 .. i - 1 with at most r rules
    Cover = tuple[int, list[tuple[tuple[int, int, int, int], str, int]]]
    reach: list[list[Cover | None]] = [[None] * (rows + 1) for _ in range(most + 1)]
    for r in range(most + 1):
        reach[r][0] = (0, [])
    for r in range(1, most + 1):
        for i in range(1, rows + 1):
            found = reach[r - 1][i]
            for first in ending.get(i - 1, []):
                for c, piece in enumerate(pieces[(first, i - 1)], 1):
                    before = reach[r - c][first] if c <= r else None
                    if piece is None or before is None:
                        continue
                    value = before[0] + piece[0]
                    if found is None or value > found[0]:
                        boxes = [((first, i - 1, s, e), action, v) for s, e, action, v in piece[1]]
                        found = (value, before[1] + boxes)
            reach[r][i] = found
    plans: list[Plan | None] = []
    for r in range(1, most + 1):
        cover = reach[r][rows]
        if cover is None:
            plans.append(None)
            continue
        boxes = list(cover[1])
        _merge(grid, boxes, None, set())
        plans.append(_plan(grid, boxes))
    return plans
