"""The rank engine's shared ranks' part (share_ranks, join_ranks) against the committed 52-card run.

The committed shards of tables/lunar/game/full were written by the engine
before the ranks' part was shared among the fives of one rank multiset: they
are the second method.  Classes are priced here as a run prices them
(:func:`combin.stud.game.chunks.solve_chunk`, the best option and the
runner-up exact), so the fives of one rank multiset follow one another and
share the work; every class's best option must be the shard's strategy code,
and every class the shard kept must have the kept exact value.
"""

import random
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from combin.stud.core.classes import situations
from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from combin.stud.game.chunks import solve_chunk
from combin.stud.game.shards import INSTANT_CODE, kept_values, load_plan, load_shard
from combin.stud.game.spec import RunSpec

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "tables/lunar/game/full"
DECK = Deck.parse(None)
RULES = load_rules("lunar").resolve(None, {})


@pytest.fixture(scope="module")
def committed():
    """``(hands, ups, weights, {class index: code}, {class index: kept value})`` of the committed run."""
    spec = RunSpec.of(DECK, RULES)
    _, hands, ups, weights = situations(DECK)
    codes = {}
    for shard in load_plan(FOLDER, spec):
        found = load_shard(FOLDER, spec, shard)
        codes.update({shard.start + i: code for i, code in enumerate(found["codes"])})
    kept = {index: value for _, index, _, value in kept_values(DECK, RULES, FOLDER)}
    return hands, ups, weights, codes, kept


def _priced(committed, picked):
    """``{class index: (code, best value per Ante)}`` of the classes ``picked``, priced as a run does."""
    hands, ups, weights, _, _ = committed
    chunks = RunSpec.of(DECK, RULES, chunk=8, price="best").chunks(hands, ups, weights, sorted(picked))
    found = {}
    for chunk in chunks:
        result = solve_chunk(*chunk)
        for index, _, _, _, best, values, _ in result["classes"]:
            value = values[0] if best < 0 else values[best]
            found[index] = (INSTANT_CODE if best < 0 else best, Fraction(value, result["denominator"]))
    return found


def _fives_of_one_rank_multiset(hands, start):
    """The classes of the first two fives from row ``start`` on that share their rank multiset."""
    ranks = [tuple(sorted(int(c) >> 2 for c in hands[i])) for i in range(start, start + 4000)]
    fives = [tuple(int(c) for c in hands[start + i]) for i in range(len(ranks))]
    for i in range(len(ranks)):
        others = [j for j in range(i + 1, len(ranks)) if ranks[j] == ranks[i] and fives[j] != fives[i]]
        if others:
            second = fives[others[0]]
            return [start + j for j in range(len(ranks)) if fives[j] in (fives[i], second)]
    raise AssertionError("no two fives of one rank multiset near this row")


def test_the_kept_classes_price_to_the_committed_values(committed):
    """Twenty-four seeded kept classes (one in a hundred of the run, priced alone): the committed
    strategy code and exact value, as the engine before the sharing wrote them."""
    _, _, _, codes, kept = committed
    picked = random.Random(34).sample(sorted(kept), 24)
    for index, (code, value) in _priced(committed, picked).items():
        assert (code, value) == (codes[index], kept[index]), index


def test_two_fives_of_one_rank_multiset_share_the_ranks_part_and_match_the_committed_run(committed):
    """Every class of two fives of one rank multiset, priced one after the other (the second reads
    the first's shared ranks' part): every best option is the committed one, every kept class
    has its kept value."""
    hands, _, _, codes, kept = committed
    from combin.stud.draw.rank import engine
    rows = _fives_of_one_rank_multiset(hands, 2_000_000)
    engine._SHARED_RANKS.clear()
    found = _priced(committed, rows)
    fives = {tuple(int(c) for c in hands[i]) for i in rows}
    assert len(fives) == 2 and len(found) == len(rows) > 40
    assert {index: code for index, (code, _) in found.items()} == {index: codes[index] for index in rows}
    assert all(found[index][1] == kept[index] for index in rows if index in kept)


def test_the_shared_part_and_the_joined_state_are_the_whole_prepare(committed):
    """A five priced after another of its rank multiset reads the first's shared part, and the joined
    state is the one the five prepares alone (every array equal)."""
    from combin.stud.core.situation import Situation
    from combin.stud.draw.rank import engine
    hands, ups, _, _, _ = committed
    rows = _fives_of_one_rank_multiset(hands, 3_000_000)
    first, second = rows[0], next(i for i in rows if tuple(hands[i]) != tuple(hands[rows[0]]))
    up = next(i for i in rows if tuple(hands[i]) == tuple(hands[second]) and int(ups[i]) >> 2 == int(ups[first]) >> 2)
    engine._SHARED_RANKS.clear()
    for index in (first, up):
        engine._RANKS_STATE.clear()
        ranks, _ = engine.RankEngine(Situation(tuple(int(c) for c in hands[index]), int(ups[index]), DECK),
                                     RULES)._prepared()
    assert len(engine._SHARED_RANKS) == 1
    shared = engine.RankEngine(Situation(tuple(int(c) for c in hands[up]), int(ups[up]), DECK), RULES)
    alone = engine.kernel.prepare_ranks(shared.unseen_record, shared._arrays(), shared._wins,
                                        sum(1 << c for c in shared.player), engine._kernel_tables())
    assert ranks.shared is engine._SHARED_RANKS[shared._shared_key(shared._arrays())][1]   # the group's own arrays
    for state, fields in zip(ranks, alone):
        assert len(state) == len(fields) and all(np.array_equal(x, y) for x, y in zip(state, fields))


@pytest.mark.parametrize("deck", [None, "9TJQKA"])
def test_a_sixth_cards_counts_from_the_cumulative_table_are_the_level_sweeps(deck):
    """The sixth-card entries' blind counts read from the rank group's cumulative table
    (``_six_counts``) against the level sweep every other entry is counted by (``_counts``)."""
    from combin.stud.core.situation import Situation
    from combin.stud.draw.rank import prepare
    from combin.stud.draw.rank.engine import RankEngine, _kernel_tables
    cards, rng, tables = Deck.parse(deck), random.Random(8), _kernel_tables()
    for _ in range(12):
        dealt = rng.sample(list(cards.cards), 6)
        engine = RankEngine(Situation(tuple(dealt[:5]), dealt[5], cards), RULES)
        options = engine._arrays()
        shared = engine._shared_ranks(options)
        mask = sum(1 << card for card in dealt[:5])
        six = prepare._entries(engine.a, options, np.zeros(1, np.int64), mask, tables, True)
        assert len(six[0]) > 0
        swept = prepare._counts(engine.a, six[1], six[2], shared[0], tables)
        read = prepare._six_counts(six[4], six[1], six[2], shared[0], shared[5], tables)
        for got, expected in zip(read, swept):
            assert got.tolist() == expected.tolist()


def test_the_suited_dealer_events_kept_by_up_rank_and_sigmas_unseen_ranks_are_a_situations_own():
    """The dealer's suited hands are kept by (game, up rank, unseen ranks of the up card's suit):
    every situation's kept events equal the ones computed for it alone, and two situations that
    differ elsewhere share them."""
    from combin.core.cards import parse_cards
    from combin.stud.core.situation import Situation
    from combin.stud.draw.rank import prepare
    from combin.stud.draw.rank.engine import RankEngine, _kernel_tables
    tables, rng = _kernel_tables(), random.Random(12)
    engines = [RankEngine(Situation(tuple(parse_cards(hand)), parse_cards(up)[0], DECK), RULES)
               for hand, up in (("AS KD 7H 7C 2D", "9H"), ("AC KS 7H 7D 2S", "9H"))]
    for _ in range(20):
        dealt = rng.sample(list(DECK.cards), 6)
        engines.append(RankEngine(Situation(tuple(dealt[:5]), dealt[5], DECK), RULES))
    for engine in engines:
        kept = engine._events()
        alone = prepare.suited_events(engine.unseen_record, tables)
        assert all(np.array_equal(x, y) for x, y in zip(kept, alone))
    # the two crafted fives (other suits, one heart each: the 7) leave the same hearts unseen: one set of events
    assert engines[0]._events() is engines[1]._events()
