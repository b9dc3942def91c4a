"""A seeded simulation of whole shoes, betting a wager when a count reaches a trigger.

How a shoe is played (``combin count``)
--------------------------------------
* The shoe holds ``decks`` full decks, shuffled uniformly (:mod:`random`,
  Mersenne Twister).
* Burn: ``"face"`` (default) -- the first card is turned face up and counted,
  then as many cards as its point value are burned face down, unseen (a
  ten-valued card burns 10); or a whole number ``k`` -- ``k`` cards burned
  face down, unseen.
* Cut card: ``cut`` cards (default 14) are left behind the cut card and never
  dealt.  A new round starts only while more than ``cut`` cards remain; the
  round in progress is always completed (``cut`` >= 5 guarantees it can be).
* Rounds are dealt card by card by the punto banco tableau
  (:mod:`combin.baccarat.tableau`); every card dealt is seen and its tag added
  to the running count, which starts at ``initial_count`` (default 0).
* Before each round the count is compared with each trigger ``T``: the wager
  is bet (one unit) when ``running count >= T``, or with ``true_count`` when
  ``running count / (cards remaining / 52) >= T`` -- decks remaining exactly,
  not rounded, compared in integers as ``52 · RC >= T · remaining``.  The
  trigger ``always`` bets every round: flat betting, whose edge is the
  off-the-top edge.
* Each round is settled by the wager's payout table
  (:mod:`combin.protection.settlement`): the par-sheet engine settles every
  round state once; the dealer only looks the payout up.

Seeds and workers
-----------------
Shoes are dealt in chunks of :data:`CHUNK` shoes; chunk ``k`` is dealt by
``random.Random(f"combin.count/{seed}/{k}")``.  Each chunk returns integer
sums, and sums of integers do not depend on the order they are added in, so
the result for a seed is the same whatever the number of worker processes.

Exactness
---------
Payouts are integers (net payout times the least common multiple of the pay
denominators), so every total -- per shoe, and the sums of squares and cross
products over shoes -- is an exact integer; :mod:`combin.protection.estimate`
turns them into exact estimates and Decimal confidence intervals.  No float
is used.

>>> [trigger_text(t) for t in parse_triggers("always,2")], CHUNK, DEFAULT_CUT, DEFAULT_SHOES, ALWAYS
(['always', '2'], 250, 14, 10000, 'always')
>>> parse_tags("0,0,0,0,-1,-1,-1,-1,2,2")[8], parse_burn("face")
(2, 'face')
>>> result = simulate("eclipse.sun7", tags=parse_tags("0,0,0,0,-1,-1,-1,-1,2,2"), triggers=parse_triggers("always,2"), shoes=3, seed=1)
>>> isinstance(result, CountResult), [isinstance(t, TriggerResult) for t in result.triggers], isinstance(result.plan, Plan)
(True, [True, True], True)
"""

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Required, TypedDict, Unpack

from combin.baccarat.shoe import Shoe, parse_decks
from combin.errors import CombinError
from combin.protection.chunks import CHUNK, play_chunk, run_chunks
from combin.protection.count_options import (ALWAYS, DEFAULT_CUT, DEFAULT_SHOES, MAX_DECKS,
                                             MAX_SHOES, MAX_WORKERS, parse_burn, parse_tags,
                                             parse_triggers, trigger_text, whole)
from combin.protection.dealer import play_shoe
from combin.protection.decks import protected
from combin.protection.eor import DEFAULT_MAX_TAG, effects_of_removal
from combin.protection.plan import Plan, make_plan
from combin.protection.results import CountResult, TriggerResult, estimates
from combin.protection.settlement import settlement

__all__ = ["CHUNK", "DEFAULT_CUT", "DEFAULT_SHOES", "ALWAYS", "Plan", "TriggerResult",
           "CountResult", "parse_tags", "parse_triggers", "trigger_text", "make_plan",
           "play_chunk", "play_shoe", "simulate", "estimates", "run_chunks",
           "parse_burn", "Deal"]


class Deal(TypedDict, total=False):
    """How :func:`simulate` deals and counts (see the module docstring); only ``triggers`` is
    required.  ``tags=None`` uses the suggested count of ``combin eor`` with tags of at most
    ``max_tag``."""

    decks: object
    cut: object
    burn: object
    tags: Sequence[int] | None
    triggers: Required[Sequence[Fraction | None]]
    true_count: bool
    initial_count: object
    seed: object
    shoes: object
    max_tag: int | None


def simulate(wager: Any, *, workers: object = 1,
             progress: Callable[[int, int], None] | None = None, scheduler: str | None = None,
             **deal: Unpack[Deal]) -> CountResult:
    """Run the count simulation dealt as ``deal`` says (:class:`Deal`).

    ``wager`` is a :class:`~combin.core.analysis.Selection` resolved by the command,
    or a wager id (its default paytable and readings).  ``scheduler`` sends the
    chunks to an existing Dask cluster (:mod:`combin.running.executor`).  Returns a
    :class:`CountResult` (``interrupted`` when Ctrl-C stopped it early).

    >>> result = simulate("eclipse.sun7", triggers=(None,), shoes=2)
    >>> result.shoes, result.interrupted
    (2, False)
    """
    chosen = protected(wager)
    decks = parse_decks(deal.get("decks", 8))
    if decks > MAX_DECKS:
        raise CombinError(f"the simulation deals shoes of at most {MAX_DECKS} decks, not {decks}")
    shoes = whole(deal.get("shoes", DEFAULT_SHOES), "--shoes", 1, MAX_SHOES)
    workers = whole(workers, "--workers", 1, MAX_WORKERS)
    settled = settlement(chosen, decks)
    tags = deal.get("tags")
    if tags is None:
        max_tag = deal.get("max_tag")
        largest = DEFAULT_MAX_TAG if max_tag is None else max_tag
        effects = effects_of_removal(chosen, Shoe.full(decks), largest)
        tags, source = effects.suggested.tags, f"suggested by combin eor (largest tag {largest})"
    else:
        source = "given"
    plan = make_plan(chosen.wager.id, decks=decks, cut=deal.get("cut", DEFAULT_CUT),
                     burn=deal.get("burn", "face"), tags=tags, triggers=deal["triggers"],
                     true_count=deal.get("true_count", False),
                     initial_count=deal.get("initial_count", 0), seed=deal.get("seed", 1),
                     settled=settled)
    sums, interrupted = run_chunks(plan, shoes, workers, progress, scheduler)
    sheet = settled.sheet
    return CountResult(plan, sheet.title, sheet.paytable, sheet.rules, sheet.interpretation_text,
                       shoes, sums["shoes"], sums["rounds"], sums, settled.expected_return,
                       settled.house_edge, source, estimates(plan, sums), interrupted)
