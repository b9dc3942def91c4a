"""The stud core both games share: the deck, hand values, the rules as data, situations and their classes.

* :mod:`~combin.stud.core.deck` -- a deck of chosen ranks in four suits;
* :mod:`~combin.stud.core.values` -- an exact total order of five-card hands, every hand of a deck;
* :mod:`~combin.stud.core.rules` -- a stud game's rules as data, and the settlement of a round;
* :mod:`~combin.stud.core.situation` -- one decision: the player's five and the dealer's up card;
* :mod:`~combin.stud.core.classes` -- every situation up to suit symmetry, with exact weights.
"""

__all__: list[str] = []
