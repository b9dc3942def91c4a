"""The card-by-card engine's sums in compiled loops: every option of a situation at once (a reference).

This is the fast path of :class:`combin.stud.reference.cards.engine.Engine`, the
card-by-card reference of the rank engine; the numpy engine
(:mod:`combin.stud.reference.numpy_engine`) checks it and the tests
compare the two draw by draw.  It computes exactly the same integers, by the same
formula (see :mod:`combin.stud.reference.cards.advise`), in five compiled steps (numba,
``cache=True``).

The steps are modules: :mod:`~combin.stud.reference.cards.kernel.tables` (per situation),
:mod:`~combin.stud.reference.cards.kernel.draws`, :mod:`~combin.stud.reference.cards.kernel.groups`,
:mod:`~combin.stud.reference.cards.kernel.sums` (the counts and the numerators, over the subset sums of
:mod:`~combin.stud.reference.cards.kernel.subsets`) and
:mod:`~combin.stud.reference.cards.kernel.forcing` (the forcing part of the numerators), over the
shared pieces of :mod:`~combin.stud.reference.cards.kernel.common`.  This package re-exports
the entry points and the shared tables: ``C(n, k)``, the width of a situation's outcome row,
the straights, the most tie rows a loop carries, and whether the loops are compiled.

>>> int(COMB[52, 5]), OUT_WIDTH, bool(STRAIGHT_MASKS[0b11111]), TIE_LOOP_MOST, COMPILED in (True, False)
(2598960, 29, True, 40, True)
"""

from combin.stud.reference.cards.kernel.common import COMB, COMPILED, OUT_WIDTH, STRAIGHT_MASKS, pack_positions
from combin.stud.reference.cards.kernel.draws import enumerate_draws
from combin.stud.reference.cards.kernel.groups import draw_groups
from combin.stud.reference.cards.kernel.sums import TIE_LOOP_MOST, first_pass, option_sums
from combin.stud.reference.cards.kernel.tables import dealer_tables, own_outs

__all__ = ["COMB", "TIE_LOOP_MOST", "dealer_tables", "enumerate_draws", "first_pass", "option_sums", "own_outs",
           "STRAIGHT_MASKS", "pack_positions", "draw_groups", "OUT_WIDTH", "COMPILED"]
