"""The stud game without draws (Caribbean Stud; Lunar Poker read with no draw), summed exactly.

* :mod:`~combin.stud.nodraw.dealer` -- exact counts of the dealer's hands against one player hand;
* :mod:`~combin.stud.nodraw.force` -- forcing a non-qualifying dealer (L10), summed with a bound;
* :mod:`~combin.stud.nodraw.game` -- the whole game, every situation, under a strategy
  (its par sheet is a Document of :mod:`combin.documents.stud_game`).
"""

__all__: list[str] = []
