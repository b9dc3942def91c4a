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

from bisect import bisect_left
from dataclasses import dataclass
from typing import Any

from combin.stud.game.human import Cells, fine_words, group_words, hand_group, hand_order, parse_cell_key, up_key

__all__ = ["Grid", "Rule", "Plan", "search", "greedy", "banded", "BANDS", "up_words", "relation_words", "OFFSETS"]

#: A relational rule's up cards: ``("below", d)`` the up ranks below the hand's own rank
#: (:func:`~combin.stud.game.human.up_key`: the pair's, or the highest card's) plus ``d``, ``("from", d)``
#: the others.
Relation = tuple[str, int]

#: The offsets ``d`` a relational rule may take (each cuts some hand's up cards somewhere).
OFFSETS = range(-12, 14)

_UP_WORDS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace")


def relation_words(relation: Relation, noun: str) -> str:
    """A relational rule's up cards in words (``noun``: the pair, or your highest card): ``below``
    ``d`` is an up rank at most ``key + d - 1``, ``from`` ``d`` one at least ``key + d``.

    >>> [relation_words(("below", d), "the pair") for d in (0, 1, 3, -1)]
    ['against an up card below the pair', 'against an up card no higher than the pair', 'against an up card at most 2 ranks above the pair', 'against an up card 2 or more ranks below the pair']
    >>> [relation_words(("from", d), "your highest card") for d in (0, 1, 2, -1, -3)]
    ['against an up card as high as your highest card or higher', 'against an up card above your highest card', 'against an up card 2 or more ranks above your highest card', 'against an up card at most 1 rank below your highest card, or higher', 'against an up card at most 3 ranks below your highest card, or higher']
    """
    side, d = relation
    if side == "below":             # up <= key + d - 1
        e = d - 1
        if e == -1:
            return f"against an up card below {noun}"
        if e == 0:
            return f"against an up card no higher than {noun}"
        if e > 0:
            return f"against an up card at most {e} rank{'s' if e > 1 else ''} above {noun}"
        return f"against an up card {-e} or more ranks below {noun}"
    if d == 0:                      # up >= key + d
        return f"against an up card as high as {noun} or higher"
    if d == 1:
        return f"against an up card above {noun}"
    if d > 1:
        return f"against an up card {d} or more ranks above {noun}"
    return f"against an up card at most {-d} rank{'s' if d < -1 else ''} below {noun}, or higher"


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
        #: each hand's rank a relational rule compares the up card with, and its name, or ``None``
        self.keys = [up_key(hand) for hand in hands]
        self._relational: dict[int, Any] = {}
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

    def cut(self, i: int, offset: int) -> int:
        """How many of the grid's up ranks lie below hand ``i``'s own rank plus ``offset`` (the
        columns a ``("below", offset)`` rule takes in its row; the hand has a rank, :attr:`keys`)."""
        key = self.keys[i]
        assert key is not None
        return bisect_left(self.ups, key[0] + offset)

    def rows(self, region: tuple[Any, ...]) -> list[tuple[int, int, int, int]]:
        """A region's cells row by row, as rectangles of one row (none where a row has no cell of
        it): a rectangle ``(first hand, last hand, first up, last up)``, or a relational region
        ``(first hand, last hand, 0, last up, side, offset)``."""
        if len(region) == 4:
            return [(i, i, region[2], region[3]) for i in range(region[0], region[1] + 1)]
        found = []
        for i in range(region[0], region[1] + 1):
            low, high = _span(region[4], self.cut(i, region[5]), len(self.ups))
            if low <= high:
                found.append((i, i, low, high))
        return found

    def region_best(self, region: tuple[Any, ...]) -> int:
        """:meth:`best` of a region."""
        return sum(self.best(row) for row in self.rows(region))

    def relational(self, first: int, last: int) -> tuple[int, list[tuple[str, int, str, int]]] | None:
        """The best two relational rules of hands ``first`` .. ``last`` (every one with a rank of one
        kind, :attr:`keys`): ``(value, [(side, offset, action, value)] x 2)`` -- the up cards below
        the hand's rank plus an offset taking one action, the others another, each part's best,
        over every offset of :data:`OFFSETS` that leaves both parts a cell (ties: the first
        offset, then the first action in name order); ``None`` where there is none."""
        nouns = {None if key is None else key[1] for key in self.keys[first:last + 1]}
        if len(nouns) != 1 or None in nouns:
            return None
        found: tuple[int, list[tuple[str, int, str, int]]] | None = None
        for offset in OFFSETS:
            table = self._relational_rows(offset)
            cells = table["cells"]
            below_cells = cells[last + 1] - cells[first]
            if below_cells == 0 or below_cells == (last - first + 1) * len(self.ups):
                continue
            parts = []
            for side in ("below", "from"):
                best: tuple[int, str] | None = None
                for action in self.actions:
                    values, lacking = table[side, action]
                    if lacking[last + 1] - lacking[first]:
                        continue
                    value = values[last + 1] - values[first]
                    if best is None or value > best[0]:
                        best = (value, action)
                if best is None:
                    break
                parts.append((side, offset, best[1], best[0]))
            if len(parts) == 2:
                value = parts[0][3] + parts[1][3]
                if found is None or value > found[0]:
                    found = (value, parts)
        return found

    def _relational_rows(self, offset: int) -> dict[Any, Any]:
        """Per side and action, the running sums over the hands of each row's part (values and
        lacking cells; a hand with no rank counts nothing), and the running count of cells below."""
        kept: dict[Any, Any] | None = self._relational.get(offset)
        if kept is not None:
            return kept
        table: dict[Any, Any] = {}
        cuts = [self.cut(i, offset) if key is not None else 0 for i, key in enumerate(self.keys)]
        table["cells"] = _running(cuts)
        for action in self.actions:
            for side in ("below", "from"):
                spans = [_span(side, c, len(self.ups)) for c in cuts]
                table[side, action] = (
                    _running([_sum(self._values[action], (i, i, a, b)) if a <= b else 0
                              for i, (a, b) in enumerate(spans)]),
                    _running([_sum(self._lacking[action], (i, i, a, b)) if a <= b else 0
                              for i, (a, b) in enumerate(spans)]))
        self._relational[offset] = table
        return table

    def choose(self, box: tuple[int, int, int, int]) -> tuple[int, str] | None:
        """The best action of a rectangle and its sum (ties: the first in name order), or ``None``
        where no action is there in every cell."""
        found: tuple[int, str] | None = None
        for action in self.actions:
            value = self.value(box, action)
            if value is not None and (found is None or value > found[0]):
                found = (value, action)
        return found


def _span(side: str, cut: int, cols: int) -> tuple[int, int]:
    """The up columns ``(first, last)`` of a row a relational rule of ``side`` takes, the row's
    :meth:`Grid.cut` being ``cut`` (empty where ``first > last``)."""
    return (0, cut - 1) if side == "below" else (cut, cols - 1)


def _running(values: list[int]) -> list[int]:
    """Running sums: ``out[i]`` = the sum of ``values[:i]``."""
    out = [0]
    for value in values:
        out.append(out[-1] + value)
    return out


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
    #: a relational rule's up cards (the box then spans every up rank), else ``None``
    relation: Relation | None = None

    def words(self) -> str:
        """The rule as a person reads it.

        >>> Rule((0, 0, 0, 12), "play", "pair of 8s", "against any up card").words()
        'pair of 8s: play'
        >>> Rule((0, 0, 0, 5), "play", "pair of 8s", "against 2 to 7").words()
        'pair of 8s against 2 to 7: play'
        """
        ups = "" if self.ups == "against any up card" else f" {self.ups}"
        return f"{self.hands}{ups}: {self.action}"

    def covers(self, grid: Grid, i: int, j: int) -> bool:
        """Whether the rule takes the cell of hand ``i`` and up rank ``j`` (indices of ``grid``).

        >>> from combin.stud.game.human import Cells, cell_key
        >>> cells = Cells()
        >>> for up in (0, 6, 12):
        ...     cells.add(cell_key((14, 11), up), 1, 0, {"play": 0})
        >>> grid = Grid.of(cells)
        >>> rule = Rule((0, 0, 0, 2), "play", "pair of 8s", "against an up card below the pair", ("below", 0))
        >>> [rule.covers(grid, 0, j) for j in range(3)]
        [True, False, False]
        """
        return covers(self.box, self.relation, i, j, grid.keys[i], grid.ups[j])


def covers(box: tuple[int, int, int, int], relation: Relation | None, i: int, j: int,
           key: tuple[int, str] | None, up: int) -> bool:
    """Whether a rule of ``box`` and ``relation`` takes the cell of hand ``i`` (its rank and name
    ``key``, :func:`~combin.stud.game.human.up_key`) and up column ``j`` (its rank ``up``).

    >>> covers((0, 3, 0, 12), ("below", 1), 2, 5, (6, "the pair"), 6), covers((0, 3, 0, 12), ("from", 1), 2, 5, (6, "the pair"), 6)
    (True, False)
    """
    if not box[0] <= i <= box[1]:
        return False
    if relation is None:
        return box[2] <= j <= box[3]
    if key is None:
        return False
    return (up < key[0] + relation[1]) == (relation[0] == "below")


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


def _rule(grid: Grid, region: tuple[Any, ...], action: str) -> Rule:
    box: tuple[int, int, int, int] = (region[0], region[1], region[2], region[3])
    if len(region) == 6:
        key = grid.keys[box[0]]
        assert key is not None
        relation: Relation = (region[4], region[5])
        return Rule(box, action, _hand_words(grid, box[0], box[1]), relation_words(relation, key[1]), relation)
    ups = up_words(grid.ups[box[2]], grid.ups[box[3]], box[2] == 0 and box[3] == len(grid.ups) - 1)
    return Rule(box, action, _hand_words(grid, box[0], box[1]), ups)


def _plan(grid: Grid, boxes: list[tuple[tuple[Any, ...], str, int]]) -> Plan:
    """The plan of ``boxes``: ``(region, action, value)``, a region a rectangle or a relational one
    (:meth:`Grid.rows`); its rules strongest hands first, low up cards first (below before from)."""
    ordered = sorted(boxes, key=lambda b: (b[0][0], b[0][2], b[0][4:] != () and b[0][4] == "from"))
    return Plan(tuple(_rule(grid, box, action) for box, action, _ in ordered),
                sum(value for _, _, value in ordered),
                tuple(grid.region_best(box) - value for box, _, value in ordered))


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


def _union(a: tuple[Any, ...], b: tuple[Any, ...]) -> tuple[int, int, int, int] | None:
    """The rectangle two rectangles make together where they share a whole side, else ``None`` (and
    for a relational region, which joins nothing).

    >>> _union((0, 2, 0, 4), (0, 2, 5, 12)), _union((0, 2, 0, 4), (3, 5, 0, 4)), _union((0, 2, 0, 4), (3, 5, 0, 5))
    ((0, 2, 0, 12), (0, 5, 0, 4), None)
    """
    if len(a) != 4 or len(b) != 4:
        return None
    if a[:2] == b[:2] and (a[3] + 1 == b[2] or b[3] + 1 == a[2]):
        return a[0], a[1], min(a[2], b[2]), max(a[3], b[3])
    if a[2:] == b[2:] and (a[1] + 1 == b[0] or b[1] + 1 == a[0]):
        return min(a[0], b[0]), max(a[1], b[1]), a[2], a[3]
    return None


def _merge(grid: Grid, boxes: list[tuple[tuple[Any, ...], str, int]], splits: dict[Any, Any] | None,
           fresh: set[tuple[Any, ...]]) -> None:
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
    against 8 to ace" -- or, for hands of one kind of rank (the pairs; the high cards by their
    highest card), cut in two where the up card passes the hand's own rank plus an offset
    (:meth:`Grid.relational`) -- "pair of 7s to pair of 2s: play against an up card below the pair,
    keep the pair against an up card as high as the pair or higher".  ``None`` for a count no
    strategy of the family fits in.

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
    Piece = tuple[int, list[tuple[tuple[Any, ...], str, int]]]
    pieces: dict[tuple[int, int], list[Piece | None]] = {}
    cols = len(grid.ups)
    for last, firsts in ending.items():
        for first in firsts:
            found_pieces: list[Piece | None] = [
                None if piece is None else (piece[0], [((first, last, s, e), action, v) for s, e, action, v in piece[1]])
                for piece in _bands(grid, first, last, min(BANDS, most))]
            # two relational rules, where they beat every cut of the up cards in two
            related = grid.relational(first, last) if len(found_pieces) >= 2 else None
            if related is not None and (found_pieces[1] is None or related[0] > found_pieces[1][0]):
                found_pieces[1] = (related[0], [((first, last, 0, cols - 1, side, offset), action, v)
                                                for side, offset, action, v in related[1]])
            pieces[(first, last)] = found_pieces
    # reach[r][i]: the best cover of hands 0 .. i - 1 with at most r rules
    Cover = tuple[int, list[tuple[tuple[Any, ...], str, int]]]
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
                        found = (value, before[1] + piece[1])
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
