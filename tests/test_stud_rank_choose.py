"""combin.stud.draw.rank.choose: the options chosen and priced in one compiled call.

The compiled choice must give the same integers as the same choice made in Python integers
(:meth:`~combin.stud.draw.rank.engine.RankEngine._priced_in_python`, one compiled call per
option): the values of the options priced, the bounds of the others, the outcome rows -- for
advice (the runner-up priced too), for a run (the best alone) and with every option priced.
A value that would leave int64 is refused, not wrapped.
"""

import random

import numpy as np
import pytest

from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from combin.stud.core.situation import Situation
from combin.stud.draw.rank.choose import LIMIT, price_options
from combin.stud.draw.rank.engine import RankEngine, _kernel_tables, _row_tables
from combin.stud.draw.rank.records import Choice

RULES = load_rules("lunar").resolve()


def _situations(deck_text, count, seed):
    deck, rng = Deck.parse(deck_text), random.Random(seed)
    for _ in range(count):
        cards = rng.sample(list(deck.cards), 6)
        yield Situation(tuple(cards[:5]), cards[5], deck)


@pytest.mark.parametrize("deck, everything, runner_up", [(None, False, True), (None, False, False),
                                                         ("789TJQKA", True, True)])
def test_the_compiled_choice_is_the_python_one(deck, everything, runner_up):
    # advice's choice and a run's on the full deck; every option priced on a smaller one (the
    # Python side prices each option in a call of its own)
    for situation in _situations(deck, 5, 3):
        compiled = RankEngine(situation, RULES)
        python = RankEngine(situation, RULES)
        assert compiled.priced_scaled(everything, runner_up) == python._priced_in_python(everything, runner_up)
        assert compiled._dists.keys() == python._dists.keys()
        for o, dist in python._dists.items():
            assert np.array_equal(compiled._dists[o], dist)


def test_the_choice_on_a_reduced_deck_under_other_readings():
    rules = load_rules("lunar").resolve(interpret={"L10": "replace-lowest-once", "L12": "one-to-five"})
    for situation in _situations("9TJQKA", 10, 5):
        assert RankEngine(situation, rules).priced_scaled(False, False) == \
            RankEngine(situation, rules)._priced_in_python(False, False)


def test_a_value_beyond_int64_is_refused():
    situation = next(_situations(None, 1, 11))
    engine = RankEngine(situation, RULES)
    choice = engine._choice(False, True)
    ranks, suits = engine._prepared()
    args = (engine.unseen_record, engine._arrays(), engine.pays, ranks.shared, ranks.six, tuple(suits),
            _kernel_tables(engine.replace), _row_tables(engine.replace), engine._memo())
    assert price_options(choice, *args)[-1]
    # every factor as large as the range allows: a kernel sum of a few units already leaves it
    huge = Choice(np.where(choice.factor == 0, 0, LIMIT // 4), choice.offset, choice.now, choice.rest, choice.fold,
                  choice.runner_up)
    assert not price_options(huge, *args)[-1]


@pytest.mark.parametrize("deck, everything, runner_up", [(None, False, False), (None, True, True),
                                                         ("9TJQKA", False, True)])
def test_the_suits_part_made_in_the_call_is_the_one_made_apart(deck, everything, runner_up):
    # prepare_and_price (the suits' part made inside, as a fresh engine prices) against
    # prepare_suits then price_options (an engine whose suits' part was made first)
    from combin.stud.draw.rank import kernel
    for situation in _situations(deck, 4, 17):
        fresh, apart = RankEngine(situation, RULES), RankEngine(situation, RULES)
        ranks, suits = apart._prepared()
        options = fresh._arrays()
        together = kernel.prepare_and_price(fresh._choice(everything, runner_up), fresh.unseen_record, options,
                                            fresh.pays, ranks.shared, ranks.six, _kernel_tables(fresh.replace),
                                            fresh._plan(options, ranks), fresh._events(), _row_tables(fresh.replace),
                                            fresh._memo())
        split = price_options(apart._choice(everything, runner_up), apart.unseen_record, apart._arrays(), apart.pays,
                              ranks.shared, ranks.six, tuple(suits), _kernel_tables(apart.replace),
                              _row_tables(apart.replace), apart._memo())
        assert len(together) == len(split) == 5 and together[-1] and split[-1]
        for x, y in zip(together[:4], split[:4]):
            assert np.array_equal(x, y)
        assert fresh._state is None                 # nothing kept of the suits' part made inside
