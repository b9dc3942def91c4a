"""The rank engine's compiled passes: every option of one situation, by draw class.

The passes are modules: :mod:`~combin.stud.draw.rank.prepare` (the shared
work of a situation: :func:`prepare_ranks` -- computed as :func:`share_ranks`, shared by the
fives of one rank multiset with one up rank, then :func:`join_ranks` -- and :func:`prepare_suits`,
with the dealer's side in :mod:`~combin.stud.draw.rank.dealer` and the suited dealer hands as
events, :func:`suited_events`), :mod:`~combin.stud.draw.rank.bounds` (every option's bound, most of
it summed once per rank group: :func:`bound_plan`),
:mod:`~combin.stud.draw.rank.exact` (one option, :func:`exact`; several in one call, :func:`exact_all`),
:mod:`~combin.stud.draw.rank.choose` (which options a situation prices, priced in one call:
:func:`price_options`; with the suits' part made in the same call, :func:`prepare_and_price`) and
:mod:`~combin.stud.draw.rank.forcing`, over the pieces of
:mod:`~combin.stud.draw.rank.common`; this module re-exports the entry points
(and :func:`~combin.stud.core.compiled.direct`, through which the engine calls them without
numba's type dispatch) and states the method.

Notation (as in :mod:`combin.stud.reference.cards.advise`): ``U`` the unseen cards, ``a[r]``
those of rank ``r``, ``avail[s]`` the ranks of suit ``s`` among them (a bit
mask), ``sigma`` the up card's suit.  An option keeps ``K`` and draws ``k``
cards ``N``; the dealer's four hidden cards ``H`` are a 4-subset of ``U - N``.

*Draw classes.*  The dealer's counts depend on ``N`` only through its ranks
``n``, the ranks ``nu`` of its cards of the up card's suit, and the player's
final value; so draws are summed by *entry* ``(n, nu, final value)`` with the
exact number of draws it holds.  :func:`prepare_ranks` counts an option's
*blind entries* (``n`` and the final level, every draw unsuited, the flushes
apart); :func:`exact` refines each into its draw classes.  A final five is a flush
only when ``K`` and ``N`` share a suit: in ``sigma`` when every drawn card is
of ``sigma``, in another suit ``s`` when none is and ``n``'s ranks are all in
``avail[s]`` (one draw per such suit).

*Counts by inclusion-exclusion.*  Every predicate on the dealer's value
(below, tied with, above the player; not qualifying) is counted over ``U - N``
as ``sum_{T subset N} (-1)^|T|`` times over the hands of ``U`` containing
``T``.  Hands are counted by rank multiset *unsuited* ("blind": their value
read from ranks alone), and corrected for the one kind of dealer hand whose
value needs suits, four hidden cards of ``sigma`` (a flush with the up card):
they are taken out at their blind value and put back at their flush value,
by inclusion-exclusion over ``nu`` alone (the drawn cards of ``sigma``).  The
counts below and tied come from one sweep over the levels: the blind rank
multisets and the suited hands are added to their sub-multiset (subset)
tables in level order, and each entry reads the tables just before and just
after its own level.

*Forcing (L10).*  A hand that does not qualify has five distinct ranks; its
highest card (its lowest under L10=replace-lowest-once: the tables' forcing
rows of that card, :meth:`~combin.stud.draw.rank.tables.Tables.forcing_rows`)
is replaced from the ``r = |U| - k - 4`` cards left, and requalifies on a pair
(a rank of the four left), a straight, an ace-king (the lowest replaced, an
ace or a king left and the other drawn) or -- when the four left are one suit
-- a flush.  Its showdown total ``S`` over the replacements is summed by rank
with the counts left after ``N`` and ``H``.  The four left are one suit in two
cases only, as the up card is kept or replaced: (i) the replaced card ``h`` is
hidden, and the three other hidden cards are of ``sigma`` (``h`` is then not:
else a flush) -- with the highest replaced those three are the lower ones,
with the lowest replaced the higher ones; (ii) the up card is ``h`` (the
highest rank, or under replace-lowest-once the lowest: the up card may be the
lowest) and all four hidden cards share another suit.  The player forces when
``S > r (force fee + Ante pay)``.  Case (ii) depends on the suits of the drawn
cards other than ``sigma``, so an entry where forcing can pay is split into
its draws.  Forcing is summed only where ``win x (outs the player can beat) >
r (force fee + Ante pay)`` can hold: at most 12 pairing outs below a straight
(16 with the ace-king outs of the lowest replaced), 20 below a flush, 29 in
all (:func:`~combin.stud.draw.rank.forcing.strong`).  A forcing sum reads the suits only through
one mask of free ranks (``sigma``'s, or case (ii)'s suit's), so the situations of one rank group
share them: :mod:`~combin.stud.draw.rank.memo` keeps them by what they read.

*Pruning.*  A blind entry's counts ignore the dealer's suited hands; for a
player below a flush those can only move a hand from wherever it was counted to
"above the player", so the blind numerator bounds every draw of the entry from
above; at a flush or better :func:`prepare_suits` adds each such hand's most,
and forcing's most where it can pay.  Summed over an option's entries that is a
proven upper bound of its value (the entries below a flush summed once per rank group,
:mod:`~combin.stud.draw.rank.bounds`); an option whose bound falls below the
runner-up's exact value is never priced
(:meth:`combin.stud.draw.rank.engine.RankEngine.priced`).

Everything is an exact int64: a draw's numerator is below ``2.6e9`` in size
and an option's sum below ``C(47, 5) * 2.6e9 < 2**63``.
"""

from combin.stud.core.compiled import direct
from combin.stud.draw.rank.bounds import bound_plan
from combin.stud.draw.rank.choose import prepare_and_price, price_options
from combin.stud.draw.rank.exact import RESULT_ROWS, exact, exact_all
from combin.stud.draw.rank.prepare import join_ranks, prepare_ranks, prepare_suits, share_ranks, suited_events

__all__ = ["prepare_ranks", "share_ranks", "join_ranks", "bound_plan", "suited_events", "prepare_suits", "exact",
           "exact_all", "price_options", "prepare_and_price", "direct", "RESULT_ROWS"]
