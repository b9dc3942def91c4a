"""combin.stud.game.chunks: class chunks priced exactly, checked against the naive game-tree walk."""

import random
from fractions import Fraction
from itertools import permutations

import pytest

from combin.stud.draw.options import option_keys as option_keys_of
from combin.stud.core.deck import Deck
from combin.stud.game.chunks import common_denominator, option_group, option_label, records_of, solve_chunk
from combin.stud.game.spec import RunSpec, resolve_rules
from combin.stud.reference.naive import option_values
from combin.stud.core.situation import Situation
from combin.stud.core.classes import situations

JQKA = Deck.parse("JQKA")


def test_common_denominator_by_hand():
    # 10 unseen cards; k drawn: (10-k-4) * C(10-k, 4) * C(10, k)
    #   k=0: 6*210*1 = 1260, k=1: 5*126*10 = 6300, k=2: 4*70*45 = 12600,
    #   k=3: 3*35*120 = 12600, k=4: 2*15*210 = 6300, k=5: 1*5*252 = 1260; lcm = 12600
    assert common_denominator(16, resolve_rules("lunar", None, ())) == 12600


def _canonical(hand, up):
    best = None
    for perm in permutations(range(4)):
        image = (tuple(sorted((c & ~3) | perm[c & 3] for c in hand)), (up & ~3) | perm[up & 3])
        best = image if best is None or image < best else best
    return best


def test_classes_and_weights_against_every_situation_of_a_small_deck():
    """Every one of the 48,048 situations of JQKA relabelled by brute force into its class."""
    from itertools import combinations
    counts = {}
    cards = JQKA.cards
    for hand in combinations(cards, 5):
        for up in cards:
            if up not in hand:
                key = _canonical(hand, up)
                counts[key] = counts.get(key, 0) + 1
    _, hands, ups, weights = situations(JQKA)
    found = {(tuple(sorted(map(int, h))), int(u)): int(w) for h, u, w in zip(hands, ups, weights)}
    assert found == counts
    assert sum(counts.values()) == 4368 * 11 == 48048


def _burnside(ranks):
    """Situation classes of a deck of ``ranks`` ranks by Burnside's lemma (closed form)."""
    from math import factorial
    total = 0
    for perm in permutations(range(4)):
        seen, cycles = set(), []
        for s in range(4):
            if s not in seen:
                length, t = 0, s
                while t not in seen:
                    seen.add(t)
                    t = perm[t]
                    length += 1
                cycles.append(length)
        # per rank: polynomial in x (hand cards) and y (up card), as {(i, j): coefficient}
        rank_poly = {(0, 0): 1}
        for length in cycles:
            step = {(0, 0): 1, (length, 0): 1}
            if length == 1:
                step[(0, 1)] = 1
            rank_poly = _multiply(rank_poly, step)
        whole = {(0, 0): 1}
        for _ in range(ranks):
            whole = _multiply(whole, rank_poly)
        total += whole.get((5, 1), 0)
    assert total % factorial(4) == 0
    return total // factorial(4)


def _multiply(a, b):
    out = {}
    for (i, j), x in a.items():
        for (k, m), y in b.items():
            if i + k <= 5 and j + m <= 1:
                out[(i + k, j + m)] = out.get((i + k, j + m), 0) + x * y
    return out


@pytest.mark.parametrize("text", ["JQKA", "TJQKA", "9TJQKA"])
def test_number_of_classes_by_burnside(text):
    deck = Deck.parse(text)
    _, _, _, weights = situations(deck)
    assert len(weights) == _burnside(len(deck.ranks))


def test_full_deck_class_count_by_burnside():
    # the number stated in the README: 5,649,150 classes of 2,598,960 x 47 situations
    assert _burnside(13) == 5_649_150


def test_priced_classes_equal_the_naive_walk():
    """Every option of seeded JQKA classes: the chunk's integers over L equal the oracle's values."""
    from combin.stud.draw.options import option_keys
    rules = resolve_rules("lunar", None, ())
    _, hands, ups, weights = situations(JQKA)
    picked = random.Random(13).sample(range(len(weights)), 3)
    chunk = RunSpec.of(JQKA, rules, chunk=8).chunks(hands, ups, weights, picked)
    assert len(chunk) == 1
    scale, records = records_of([solve_chunk(*chunk[0])])
    keys = option_keys(rules)
    for record in records:
        naive = option_values(Situation(record.hand, record.up, JQKA), rules)
        if record.best < 0:
            assert list(naive) == [("instant",)]
            continue
        for key, numerator in zip(keys, record.values):
            name = key if key[0] == "exchange" else (key[0],)
            assert Fraction(numerator, scale) == naive[name], (record.hand, record.up, key)
        assert record.best_value == max(record.values)
        assert sum(entry[0] for entry in record.results.values()) == scale
        assert sum(entry[1] for entry in record.results.values()) == record.best_value


@pytest.mark.parametrize("text, count", [("JQKA", 40), ("TJQKA", 12)])
def test_class_records_carry_the_moments_of_the_brute_force(text, count):
    """Per result of seeded classes: probability, net x probability, net^2 x probability over L
    equal the leaves of the brute force (tests/stud_draw_oracle.py), which picks the best option
    itself (TJQKA: royal flushes settle at once)."""
    from stud_draw_oracle import DrawOracle
    deck, rules = Deck.parse(text), resolve_rules("lunar", None, ())
    oracle = DrawOracle(rules, deck)
    _, hands, ups, weights = situations(deck)
    picked = random.Random(5).sample(range(len(weights)), count)
    royal = [i for i, hand in enumerate(hands.tolist()) if sorted(hand) == [32, 36, 40, 44, 48]]
    chunk = RunSpec.of(deck, rules, chunk=1000).chunks(hands, ups, weights, picked + royal[:1])[0]
    scale, records = records_of([solve_chunk(*chunk)])
    keys = option_keys_of(rules)
    for record in records:
        key, found, leaves = oracle.situation(record.hand, record.up)
        assert (keys[record.best] if record.best >= 0 else ("instant", ())) == key
        assert record.results == {name: [Fraction(x * scale, leaves) for x in entry]
                                  for name, entry in found.items()}
    assert (text == "TJQKA") == any(record.best < 0 for record in records)


def test_records_of_another_format_are_refused():
    from combin.errors import CombinError
    old = {"denominator": 10, "classes": [[0, [0, 1, 2, 3, 4], 5, 1, 1, [1, 2], {"lose": 10}]]}
    with pytest.raises(CombinError, match="another record format"):
        records_of([old])


def test_option_names():
    assert option_group(("exchange", (0, 3))) == "exchange 2"
    assert option_group(("buy", ())) == "buy"
    # card id = rank * 4 + suit (suits c, d, h, s): 4 is the 3 of clubs, 51 the ace of spades
    assert option_label(("exchange", (0, 3)), (4, 9, 20, 51, 50)) == "exchange 3C AS"
