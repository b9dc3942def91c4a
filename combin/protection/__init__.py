"""Game protection: how exposed a baccarat wager is to card counting.

* :mod:`~combin.protection.decks` -- the exact house edge for any list of deck
  counts, one column per paytable (``combin decks``);
* :mod:`~combin.protection.eor` -- exact effects of removal, the identity that
  checks them, and a suggested integer count with its correlation
  (``combin eor``);
* :mod:`~combin.protection.depleted` -- the par sheet of a remaining shoe,
  compared with the full shoe (``combin shoe``);
* :mod:`~combin.protection.simulate` -- a seeded simulation of whole shoes
  dealt by the tableau, betting when a count reaches a trigger
  (``combin count``), summed exactly;
* :mod:`~combin.protection.estimate` -- means, ratio estimates and 95%
  confidence intervals from exact sums;
* :mod:`~combin.protection.settlement` -- a wager's exact net payout for every
  round state, settled once through the par-sheet engine;
* :mod:`~combin.protection.charts` -- PNG charts (matplotlib, optional);
* :mod:`~combin.bench.protection` -- ``make bench`` rows.

What these commands print is a Document made by :mod:`combin.documents.protection`.

Nothing here imports a heavy library at module level.

>>> from combin.protection import decks, depleted, eor, estimate, settlement, simulate
>>> decks.parse_decks_list("6,8"), depleted.reference_decks("6d"), estimate.mean(2, 2, 2).value
((6, 8), 6, Fraction(1, 1))
>>> eor.tag_text((0, 1)), settlement.STATES, simulate.parse_burn("2")
('0,1  (T=0 A=+1)', 400, 2)
"""

__all__ = ["decks", "eor", "depleted", "simulate", "estimate", "settlement", "charts"]
