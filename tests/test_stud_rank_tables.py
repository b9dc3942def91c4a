"""combin.stud.draw.rank.tables: the rank engine's fixed tables against direct counts.

Every five-rank multiset's value (unsuited and suited) equals the core's
``hand_value`` of real cards; the multiset numbering is a bijection; the
inclusion-exclusion weights give the dealer hands avoiding a draw, compared
with the product of binomials counted directly; the forcing rows of every
non-qualifying dealer five equal a replacement-by-replacement evaluation.
"""

from itertools import combinations, combinations_with_replacement, product
from math import comb, prod
import random

import numpy as np
import pytest

from combin.stud.core.values import CATEGORY_SHIFT, QUALIFY, hand_value
from combin.stud.draw.rank.tables import MULTISETS, OFFSET, build, multiset_index, value5

TABLES = build()


def _counts(ranks):
    counts = np.zeros(13, np.int64)
    for rank in ranks:
        counts[rank] += 1
    return counts


def _cards(ranks, suited):
    """Real cards with these ranks: all spades when ``suited``, else no five of one suit."""
    if suited:
        return [rank * 4 for rank in ranks]
    seen: dict[int, int] = {}
    cards = []
    for i, rank in enumerate(ranks):
        suit = seen.get(rank, i % 2)        # equal ranks get different suits; never five alike
        seen[rank] = suit + 1 if rank in seen else (i % 2) + 1
        cards.append(rank * 4 + (suit % 4))
    if len({card & 3 for card in cards}) == 1:
        cards[0] = (cards[0] & ~3) | ((cards[0] + 1) & 3)
    return cards


def test_every_five_rank_multiset_has_the_value_of_its_cards():
    checked = 0
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        counts = _counts(ranks)
        index = int(multiset_index(counts))
        plain = hand_value(_cards(ranks, False))
        assert value5(counts, False) == plain
        assert int(TABLES.levels[TABLES.level_plain[index]]) == plain
        if len(set(ranks)) == 5:
            suited = hand_value(_cards(ranks, True))
            assert value5(counts, True) == suited
            assert int(TABLES.levels[TABLES.level_suited[index]]) == suited
        else:
            assert TABLES.level_suited[index] == -1
        checked += 1
    assert checked == 6175                        # C(17, 5) less the 13 five-of-a-kinds
    assert len(TABLES.levels) == 7462 and list(TABLES.levels) == sorted(set(TABLES.levels.tolist()))
    assert int(TABLES.levels[TABLES.qualify]) == QUALIFY


def test_multisets_are_numbered_once_each():
    seen = set()
    for k in range(6):
        indices = {int(multiset_index(_counts(ranks))) for ranks in combinations_with_replacement(range(13), k)}
        assert len(indices) == comb(13 + k - 1, k)
        assert min(indices) == OFFSET[k] and max(indices) == OFFSET[k + 1] - 1
        seen |= indices
    assert len(seen) == MULTISETS


def test_inclusion_exclusion_weights_count_the_hands_avoiding_a_draw():
    # the dealer hands of ranks m avoiding a drawn N of ranks n: prod C(a - n, m), and by the
    # weights over the sub-multisets t of n: sum coef(n, t) prod C(a - t, m - t)
    rng = random.Random(5)
    for _ in range(300):
        a = [rng.randint(0, 4) for _ in range(13)]
        pool = [r for r in range(13) for _ in range(a[r])]
        k = rng.randint(0, 5)
        n = _counts(rng.sample(pool, k))
        m = _counts(rng.choices(range(13), k=4))
        direct = prod(comb(a[r] - int(n[r]), int(m[r])) for r in range(13))
        index = int(multiset_index(n))
        total = 0
        for j in range(TABLES.sub_ptr[index], TABLES.sub_ptr[index + 1]):
            t = TABLES.counts[TABLES.sub_index[j]]
            ways = 1
            for r in range(13):
                if m[r] < t[r] or a[r] < t[r]:
                    ways = 0
                    break
                ways *= comb(a[r] - int(t[r]), int(m[r] - t[r]))
            total += int(TABLES.sub_coef[j]) * ways
        assert total == direct


@pytest.mark.parametrize("up", [0, 5, 10, 11, 12])
def test_forcing_rows_equal_each_replacement_evaluated(up):
    # every non-qualifying dealer five of distinct ranks: replace its highest card and read the
    # five with hand_value; the pair, straight and flush outs the tables give are exactly those
    lo = OFFSET[4]
    rows = 0
    for m in combinations(range(13), 4):
        if up in m:
            continue
        index = int(multiset_index(_counts(m))) - lo
        five = sorted(m + (up,))
        cards = _cards(five, False)
        value = hand_value(cards)
        assert TABLES.not_qualified[up, index] == (value < QUALIFY)
        if value >= QUALIFY:
            continue
        rows += 1
        top = max(five)
        rest = [r for r in five if r != top]
        assert TABLES.high[up, index] == top and sorted(TABLES.rest[up, index]) == rest
        for j, rank in enumerate(TABLES.rest[up, index]):
            paired = hand_value(_cards(sorted(rest + [int(rank)]), False))
            assert int(TABLES.levels[TABLES.pair[up, index, j]]) == paired
        straights = {int(r) for r in TABLES.straight_rank[up, index] if r >= 0}
        for rank in range(13):
            if rank in rest:
                assert TABLES.flush[up, index, rank] == -1
                continue
            plain = hand_value(_cards(sorted(rest + [rank]), False))
            suited = hand_value([r * 4 for r in rest + [rank]])
            assert int(TABLES.levels[TABLES.flush[up, index, rank]]) == suited
            is_straight = plain // CATEGORY_SHIFT == 4
            assert (rank in straights) == (is_straight and rank != top)
            if rank in straights:
                j = list(TABLES.straight_rank[up, index]).index(rank)
                assert int(TABLES.levels[TABLES.straight[up, index, j]]) == plain
                assert int(TABLES.levels[TABLES.straight_flush[up, index, j]]) == suited
    assert rows > 0 or up < 4


def test_rank_lists_of_every_multiset():
    for index in range(0, MULTISETS, 7):
        if not TABLES.valid[index]:
            continue
        held = [r for r in range(13) for _ in range(int(TABLES.counts[index, r]))]
        distinct = sorted(set(held))
        assert [int(r) for r in TABLES.sorted_ranks[index] if r >= 0] == held
        assert [int(r) for r in TABLES.dranks[index] if r >= 0] == distinct
        assert [int(c) for c in TABLES.dcounts[index] if c > 0] == [held.count(r) for r in distinct]
        assert int(TABLES.mmask[index]) == sum(1 << r for r in distinct)
