"""The card-by-card engine: every option of a situation summed draw by draw -- a reference, not the production path.

The rank engine (:mod:`combin.stud.draw.rank`) prices every option a command gives.
This engine computes the same exact integers another way -- every draw of cards
one by one, the dealer's counts from the 163,185 four-card hands by
inclusion-exclusion over the drawn cards -- and is kept as the independent check of
``combin audit --verify`` and of the tests, which compare the two option by option.  Its
net-by-net distribution of an option also gives the round with the side wager on small decks
(:mod:`combin.stud.game.round`, for the options the rank engine chose: the hit frequency).

* :mod:`~combin.stud.reference.cards.advise` -- :func:`~combin.stud.reference.cards.advise.advise_cards`:
  every option of a situation, exact, and the method of the card-by-card sums;
* :mod:`~combin.stud.reference.cards.engine` -- :class:`~combin.stud.reference.cards.engine.Engine`:
  one situation's sums, fed to the compiled kernel;
* :mod:`~combin.stud.reference.cards.kernel` -- its compiled kernel, one module per step.
"""

__all__: list[str] = []
