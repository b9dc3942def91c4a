"""combin.stud.reference.bitsum: the compiled forcing sum equals the same sum in numpy."""

import numpy as np

from combin.stud.reference.cards.engine import Engine
from combin.stud.reference.bitsum import COMPILED, forcing_by_bits, forcing_by_bits_numpy
from combin.stud.core.rules import load_rules
from combin.stud.core.situation import Situation


def test_compiled_and_numpy_sums_agree_on_real_tables():
    situation = Situation.parse("AS AD 9H 9C 9D", "QS", "89TJQKA")
    engine = Engine(situation, load_rules("lunar").resolve())
    table = engine.table.force_table()
    rng = np.random.default_rng(5)
    for name, group in (("pairs", (2, 3)), ("all", (6, 7))):
        negative, bits, _, _, by_category = table[name]
        beaten, beating = by_category[group]
        draws = np.sort(rng.choice(engine.table.n, size=(40, 3)), axis=1)
        masks = (np.int64(1) << draws).sum(axis=1)
        w = rng.integers(6, 30, size=40)
        c = rng.integers(20, 120, size=40)
        counts = rng.integers(0, len(bits) + 1, size=40)
        args = (masks, w, c, counts, bits, beaten, beating, 3, 12)
        fast, plain = forcing_by_bits(*args), forcing_by_bits_numpy(*args)
        assert (fast == plain).all() and fast[:, 0].sum() > 0
    assert COMPILED
