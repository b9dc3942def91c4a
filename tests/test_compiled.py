"""combin.stud.core.compiled: the compile switch, and kernels called without numba's dispatch.

:func:`~combin.stud.core.compiled.direct` calls the version of a kernel its first call chose; a
call of other types would be read as the first call's types (numba does not check an array's
dtype where it takes it), so with ``CHECK_TYPES`` set every call is checked and such a call
raises.  The rank engine's own calls are checked here across decks, readings and option sets:
each kernel it calls directly sees one signature.
"""

import random

import numpy as np
import pytest

from combin.stud.core import compiled
from combin.stud.core.compiled import direct, jit
from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from combin.stud.core.situation import Situation
from combin.stud.draw.rank import kernel
from combin.stud.draw.rank.engine import RankEngine


@jit
def _total(values):
    return values.sum()


def test_direct_calls_the_version_of_its_first_call(monkeypatch):
    call = direct(_total)
    assert call is direct(_total) and call(np.arange(5, dtype=np.int64)) == 10
    assert call(np.array([7, 8], np.int64)) == 15       # straight to the compiled version
    monkeypatch.setattr(compiled, "CHECK_TYPES", True)
    with pytest.raises(AssertionError, match="other types"):
        call(np.arange(5, dtype=np.float64))             # read as int64 unchecked: refused when checked
    assert call(np.array([1, 2], np.int64)) == 3


def test_direct_leaves_a_plain_function_alone():
    def plain(x):
        return x + 1
    assert direct(plain) is plain and direct(plain)(1) == 2


@pytest.mark.parametrize("deck, interpret", [(None, {}), ("9TJQKA", {"L12": "one-to-five"}),
                                             ("JQKA", {"L10": "replace-lowest-once", "L8": "even-money"})])
def test_the_rank_engine_calls_each_direct_kernel_with_one_signature(monkeypatch, deck, interpret):
    monkeypatch.setattr(compiled, "CHECK_TYPES", True)
    rules, cards = load_rules("lunar").resolve(interpret=interpret), list(Deck.parse(deck).cards)
    rng = random.Random(5)
    for _ in range(4):
        dealt = rng.sample(cards, 6)
        engine = RankEngine(Situation(tuple(dealt[:5]), dealt[5], Deck.parse(deck)), rules)
        engine.record(False)                             # the fused call (prepare_and_price)
        engine._prepared()
        engine.priced_scaled(True, True)                 # the two calls apart (prepare_suits, price_options)
    for name in ("prepare_and_price", "prepare_suits", "price_options"):
        assert direct(getattr(kernel, name)).types is not None, name
