"""The rank engine's choice among a situation's options, in one compiled call.

:func:`price_options` prices the options a caller always wants (play and the sixth card; every
option with ``everything``), then the others in the order of their proven bounds
(:func:`~combin.stud.draw.rank.prepare.prepare_suits`) until the next bound falls below the
runner-up's exact value -- or, for a run that reads the best option alone, below the best's: no
option left can then be the runner-up (or the best).  It is what
:meth:`~combin.stud.draw.rank.engine.RankEngine.priced_scaled` did option by option in Python, one
compiled call per option; a 52-card run prices a class in about two milliseconds, and each call
from Python carries every record (tens of microseconds).

Values are integers over the engine's ``scale``: option ``o``'s is ``offset[o] + total x
factor[o]`` from its kernel sum ``total`` (:meth:`~combin.stud.draw.rank.engine.RankEngine._affine`).
They stay inside int64 when ``scale`` times the largest net is below ``2^62`` (a value is at most
the largest net of its outcomes); a product that could leave that range is refused (``ok`` false)
and the caller prices in Python integers instead.
"""

import numpy as np

from combin.stud.core.compiled import jit
from combin.stud.draw.rank.exact import exact_option
from combin.stud.draw.rank.prepare import prepare_suits
from combin.stud.draw.rank.records import Choice

__all__ = ["price_options", "prepare_and_price", "LIMIT"]

#: The largest value in size a compiled choice forms (beyond it the caller prices in Python).
LIMIT = 1 << 62


@jit
def _scaled(total, factor, offset):
    """``(offset + total x factor, whether it stayed within LIMIT)``."""
    if factor != 0 and (total > LIMIT // factor or total < -(LIMIT // factor)):
        return 0, False
    return offset + total * factor, True


@jit
def price_options(choice, unseen, options, pays, ranks_state, six_state, suits_state, tables, rt, sums):
    """``(values, priced, bounds, dists, ok)`` of one situation's options (``choice``, a
    :class:`~combin.stud.draw.rank.records.Choice`; the other arguments as
    :func:`~combin.stud.draw.rank.exact.exact` reads them, the sixth card's entries from
    ``six_state``, every other option's from ``ranks_state``): per option its exact value over the
    scale where ``priced``, else its bound; the outcome rows of each priced option; ``ok`` false
    when a value would leave :data:`LIMIT` (nothing then is to be read)."""
    factor, offset = choice.factor, choice.offset
    count = factor.shape[0]
    bound_sums = suits_state[-1]
    rows = tables.level_class.max() + 1 + 8
    values = np.zeros(count, np.int64)
    bounds = np.zeros(count, np.int64)
    priced = np.zeros(count, np.bool_)
    dists = np.zeros((count, rows, 3), np.int64)
    first = 0
    second = 0
    found = 0                       # how many of first and second are set
    if choice.fold >= 0:
        priced[choice.fold] = True
        values[choice.fold] = offset[choice.fold]
        first = values[choice.fold]
        found = 1
    rest = choice.rest
    keyed = np.empty(rest.shape[0], np.int64)
    for x in range(rest.shape[0]):
        o = rest[x]
        bound, ok = _scaled(bound_sums[o], factor[o], offset[o])
        if not ok:
            return values, priced, bounds, dists, False
        bounds[o] = bound
        keyed[x] = -bound
    # the options priced at once, then the others by bound, highest first (ties by option)
    now = choice.now.shape[0]
    sequence = np.concatenate((choice.now, rest[np.argsort(keyed, kind="mergesort")]))
    for x in range(sequence.shape[0]):
        o = sequence[x]
        # every option left is worth at most its bound, below the runner-up (or the best): none
        # can be the runner-up (or the best); a tie with it is priced, its bound equal
        if x >= now:
            if choice.runner_up:
                if found >= 2 and bounds[o] < second:
                    break
            elif found >= 1 and bounds[o] < first:
                break
        total, dist = exact_option(o, True, unseen, options, pays, ranks_state, six_state, suits_state, tables, rt,
                                   sums)
        value, ok = _scaled(total, factor[o], offset[o])
        if not ok:
            return values, priced, bounds, dists, False
        values[o] = value
        priced[o] = True
        dists[o] = dist
        if found == 0 or value > first:
            second = first
            first = value
            found = min(found + 1, 2)
        elif found == 1 or value > second:
            second = value
            found = 2
    return values, priced, bounds, dists, True


@jit
def prepare_and_price(choice, unseen, options, pays, ranks_state, six_state, tables, plan, events, rt, sums):
    """:func:`price_options` of a situation whose suits' part is not made yet: made here
    (:func:`~combin.stud.draw.rank.prepare.prepare_suits` of ``plan`` and ``events``) and read at
    once, in one call from Python (a run prices each class once: its suits' part is not kept)."""
    suits_state = prepare_suits(unseen, options, pays, ranks_state, six_state, tables, plan, events)
    return price_options(choice, unseen, options, pays, ranks_state, six_state, suits_state, tables, rt, sums)
