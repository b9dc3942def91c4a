"""The Lunar Poker decision engine's sums in compiled loops: every option of a situation at once.

This is the fast path of :class:`combin.stud.draw.engine.Engine`; the numpy engine
(:mod:`combin.stud.reference.numpy_engine`) is kept as the reference and the tests
compare the two draw by draw.  It computes exactly the same integers, by the same
formula (see :mod:`combin.stud.draw.advise`), in five compiled steps (numba,
``cache=True``).

The steps are modules: :mod:`~combin.stud.draw.kernel.tables` (per situation),
:mod:`~combin.stud.draw.kernel.draws`, :mod:`~combin.stud.draw.kernel.groups`,
:mod:`~combin.stud.draw.kernel.sums` (the counts and the numerators, over the subset sums of
:mod:`~combin.stud.draw.kernel.subsets`) and
:mod:`~combin.stud.draw.kernel.forcing` (the forcing part of the numerators), over the
shared pieces of :mod:`~combin.stud.draw.kernel.common`.  This package re-exports
the entry points.
"""

from combin.stud.draw.kernel.common import COMB, COMPILED, OUT_WIDTH, STRAIGHT_MASKS, pack_positions
from combin.stud.draw.kernel.draws import enumerate_draws
from combin.stud.draw.kernel.groups import draw_groups
from combin.stud.draw.kernel.sums import TIE_LOOP_MOST, first_pass, option_sums
from combin.stud.draw.kernel.tables import dealer_tables, own_outs

__all__ = ["COMB", "TIE_LOOP_MOST", "dealer_tables", "enumerate_draws", "first_pass", "option_sums", "own_outs",
           "STRAIGHT_MASKS", "pack_positions", "draw_groups", "OUT_WIDTH", "COMPILED"]
