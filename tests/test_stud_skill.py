"""combin.stud.game.skill: the searches of k-rule strategies over a pass's cells.

A plan's figure is checked against the cells summed one by one under its rules (no prefix sums),
its rules must tile the grid once, and on a small grid the search's one and two rules are compared with every
such strategy, enumerated (every cut of the grid in two, every action of each part); the banded
family's dynamic programme against every strategy of that family, enumerated on small grids.
"""

import random

import pytest

from combin.stud.game.human import Cells, cell_key, up_key
from combin.stud.game.skill import BANDS, OFFSETS, Grid, Rule, banded, greedy, relation_words, search, up_words

ACTIONS = ("fold", "play", "keep the pair")


def _cells(seed, hands=((8, 11), (9, 12), (14, 12), (20, 12), (26, 11)), ups=(0, 4, 8, 12)):
    """Random cells: each class's values are whole numbers; 'keep the pair' is lacking off the pairs."""
    rng = random.Random(seed)
    cells = Cells()
    for fine in hands:
        for up in ups:
            for _ in range(rng.randint(1, 3)):
                values = {"fold": -10, "play": rng.randint(-20, 20)}
                values["keep the pair"] = rng.randint(-20, 20) if 8 <= fine[0] <= 20 else None
                best = max(v for v in values.values() if v is not None) + rng.randint(0, 3)
                cells.add(cell_key(fine, up), rng.randint(1, 5), best, values)
            if rng.random() < 0.2:            # an instant payout: the same under any action
                cells.add(cell_key(fine, up), rng.randint(1, 5), rng.randint(0, 30), {}, settled=True)
    # a hand every class of which is settled: any rule may cover it
    cells.add(cell_key((1, -1), ups[0]), 2, 40, {}, settled=True)
    return cells


def _takes(rule, fine, i, up, j):
    """Whether a rule takes a cell, read off its words' terms here (not the module's own test)."""
    if not rule.box[0] <= i <= rule.box[1]:
        return False
    if rule.relation is None:
        return rule.box[2] <= j <= rule.box[3]
    side, offset = rule.relation
    rank = up_key(fine)[0]
    return up <= rank + offset - 1 if side == "below" else up >= rank + offset


def _direct(cells, grid, plan):
    """A plan's sum, cell by cell from the pass's own sums, every cell covered by exactly one rule."""
    total = 0
    for key, cell in cells.cells.items():
        hand, up = key.split("|")
        i = [f"{a}:{b}" for a, b in grid.hands].index(hand)
        j = grid.ups.index(int(up))
        covering = [rule for rule in plan.rules if _takes(rule, grid.hands[i], i, grid.ups[j], j)]
        assert len(covering) == 1
        action = covering[0].action
        if cell["weight"] > cell["settled_weight"]:          # a decision is taken there
            assert not cell["missing"].get(action) and action in cell["values"]
        total += cell["values"].get(action, 0) + cell["settled"]
    return total


@pytest.mark.parametrize("seed", range(6))
def test_a_plan_s_sum_is_its_cells_under_its_rules(seed):
    cells = _cells(seed)
    grid = Grid.of(cells)
    plans = search(grid, 12)
    for plan in plans:
        assert plan.value == _direct(cells, grid, plan)
        assert sum(plan.costs) == grid.best_total - plan.value
    assert [p.value for p in plans] == sorted(p.value for p in plans)


@pytest.mark.parametrize("seed", range(4))
def test_one_and_two_rules_are_the_best_of_every_such_strategy(seed):
    cells = _cells(seed, hands=((8, 11), (14, 12), (26, 11)), ups=(0, 6, 12))
    grid = Grid.of(cells)
    n, m = len(grid.hands), len(grid.ups)
    whole = (0, n - 1, 0, m - 1)
    plans = search(grid, 2)
    # one rule: the best action over everything
    assert plans[0].value == max(v for a in ACTIONS if (v := grid.value(whole, a)) is not None)
    # two rules: every cut of the grid in two, every pair of actions
    best = plans[0].value
    for i in range(n - 1):
        parts = ((0, i, 0, m - 1), (i + 1, n - 1, 0, m - 1))
        values = [max((v for a in ACTIONS if (v := grid.value(p, a)) is not None), default=None) for p in parts]
        if None not in values:
            best = max(best, sum(values))
    for j in range(m - 1):
        parts = ((0, n - 1, 0, j), (0, n - 1, j + 1, m - 1))
        values = [max((v for a in ACTIONS if (v := grid.value(p, a)) is not None), default=None) for p in parts]
        if None not in values:
            best = max(best, sum(values))
    assert (plans[-1].value if len(plans) == 2 else plans[0].value) == best


def _compositions(n):
    """Every cut of ``0 .. n - 1`` into ranges, as lists of ``(first, last)``."""
    if n == 0:
        yield []
        return
    for first in range(1, n + 1):
        for rest in _compositions(n - first):
            yield [(0, first - 1)] + [(a + first, b + first) for a, b in rest]


@pytest.mark.parametrize("seed", range(5))
def test_the_banded_programme_is_the_best_of_its_family_enumerated(seed):
    """Every strategy of the banded family on a small grid, enumerated: the hands cut into ranges
    (within one plain hand, or starting or ending where one does), each range's up cards into at most BANDS ranges,
    each piece its best action, or (hands with a rank of one kind) two pieces cut where the up card
    passes the hand's rank plus an offset; per number of rules, the best must be the programme's."""
    cells = _cells(seed, hands=((8, 11), (8, 5), (9, 12), (26, 11), (26, 7)), ups=(0, 6, 9, 12))
    grid = Grid.of(cells)
    n, m = len(grid.hands), len(grid.ups)
    plain = [hand[0] for hand in grid.hands]

    def allowed(first, last):
        starts = first == 0 or plain[first - 1] != plain[first]
        ends = last == n - 1 or plain[last + 1] != plain[last]
        return len(set(plain[first:last + 1])) == 1 or starts or ends

    best = {}
    for hands in _compositions(n):
        if not all(allowed(a, b) for a, b in hands):
            continue
        # each range independently: its best value per number of up-card pieces
        per_range = []
        for a, b in hands:
            options = {}
            for ups in _compositions(m):
                if len(ups) > BANDS:
                    continue
                values = [max((v for act in grid.actions if (v := grid.value((a, b, c, d), act)) is not None),
                              default=None) for c, d in ups]
                if None not in values:
                    options[len(ups)] = max(options.get(len(ups), sum(values)), sum(values))
            keys = [up_key(grid.hands[i]) for i in range(a, b + 1)]
            if None not in keys and len({key[1] for key in keys}) == 1:
                for offset in OFFSETS:
                    below = [(i, j) for i in range(a, b + 1) for j in range(m)
                             if grid.ups[j] < keys[i - a][0] + offset]
                    rest = [(i, j) for i in range(a, b + 1) for j in range(m) if (i, j) not in below]
                    if not below or not rest:
                        continue
                    values = []
                    for part in (below, rest):
                        sums = [[grid.value((i, i, j, j), act) for i, j in part] for act in grid.actions]
                        values.append(max((sum(v) for v in sums if None not in v), default=None))
                    if None not in values:
                        options[2] = max(options.get(2, sum(values)), sum(values))
            per_range.append(options)
        totals = {0: 0}
        for options in per_range:
            totals = {k + c: max(v + w for k2, v in totals.items() for c2, w in options.items() if k2 + c2 == k + c)
                      for k in totals for c in options}
        for k, value in totals.items():
            best[k] = max(best.get(k, value), value)
    found = banded(grid, 8)
    for k in range(1, 9):
        reachable = [v for c, v in best.items() if c <= k]
        assert (found[k - 1].value if found[k - 1] is not None else None) == (max(reachable) if reachable else None)
    # the search takes, for each number of rules, the better of the greedy and the banded plans
    plans, greed = search(grid, 8), greedy(grid, 8)
    for k, plan in enumerate(plans):
        candidates = [p.value for p in (greed[min(k, len(greed) - 1)], found[k]) if p is not None]
        assert plan.value == max(candidates + [q.value for q in plans[:k]]) and len(plan.rules) <= k + 1


def test_a_split_that_gains_only_when_split_again_is_found():
    # play everywhere but for pair of 2s against an ace: one cut gains nothing, two do
    cells = Cells()
    for fine in ((8, 11), (20, 12)):
        for up in (0, 12):
            special = fine == (20, 12) and up == 12
            cells.add(cell_key(fine, up), 1, 9 if special else 1,
                      {"play": 1 if not special else -5, "fold": -1, "keep the pair": 9 if special else -20})
    grid = Grid.of(cells)
    plans = greedy(grid, 5)
    assert plans[-1].value == 1 + 1 + 1 + 9 and len(plans) == 3
    assert [rule.words() for rule in plans[-1].rules] == [
        "pair of aces: play", "pair of 2s against a 2: play", "pair of 2s against an ace: keep the pair"]
    # two relational rules say as much: the up card against the pair's own rank
    plans = search(grid, 5)
    assert plans[1].value == 12 and len(plans[1].rules) == 2
    assert [rule.words() for rule in plans[1].rules] == [
        "any hand against an up card no higher than the pair: play",
        "any hand against an up card above the pair: keep the pair"]


def test_a_rule_is_read_in_a_player_s_words():
    assert up_words(0, 12, True) == "against any up card" and up_words(6, 6) == "against an 8"
    assert Rule((0, 2, 0, 3), "fold", "queen high to 8 high", "against 2 to 5").words() == \
        "queen high to 8 high against 2 to 5: fold"


def test_nothing_to_search_gives_no_plan():
    # an empty grid has no plan; a grid whose only cell lacks every action has none either
    assert search(Grid.of(Cells())) == []
    cells = Cells()
    cells.add(cell_key((8, 11), 0), 1, 0, {"play": None})
    assert search(Grid.of(cells)) == []


def test_a_relational_rule_compares_the_up_card_with_the_hand_s_own_rank():
    # pair of 8s and pair of 3s; play while the up card is below the pair, keep it from there on
    cells = Cells()
    for fine, rank in (((14, 11), 6), ((19, 11), 1)):
        for up in range(13):
            below = up < rank
            cells.add(cell_key(fine, up), 1, 5, {"play": 5 if below else 0, "keep the pair": 0 if below else 5,
                                                  "fold": -1})
    grid = Grid.of(cells)
    found = grid.relational(0, 1)
    assert found == (2 * 13 * 5, [("below", 0, "play", (6 + 1) * 5), ("from", 0, "keep the pair", (7 + 12) * 5)])
    plan = search(grid, 2)[-1]
    assert plan.value == grid.best_total and [rule.words() for rule in plan.rules] == [
        "any hand against an up card below the pair: play",
        "any hand against an up card as high as the pair or higher: keep the pair"]
    assert [plan.rules[0].covers(grid, 0, j) for j in (5, 6)] == [True, False]
    # hands with no rank of their own (an ace-king) or of two kinds take no relational rule
    assert relation_words(("below", 1), "your highest card") == "against an up card no higher than your highest card"
    cells.add(cell_key((23, 10), 0), 1, 0, {"play": 0, "fold": -1})
    grid = Grid.of(cells)
    assert grid.relational(0, 2) is None and grid.relational(0, 1) is not None
