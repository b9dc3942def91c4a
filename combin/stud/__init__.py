"""Five-card stud games against the dealer: one engine, games as data.

* :mod:`~combin.stud.deck` -- a deck of chosen ranks in four suits;
* :mod:`~combin.stud.values` -- an exact total order of five-card hands, every hand of a deck;
* :mod:`~combin.stud.rules` -- Caribbean Stud and Lunar Poker as data, and the settlement of a round;
* :mod:`~combin.stud.dealer` -- exact counts of the dealer's hands against one player hand;
* :mod:`~combin.stud.whole` -- the whole game, every situation, under a strategy.
"""

__all__ = []
