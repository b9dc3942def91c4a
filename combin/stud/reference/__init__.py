"""References and oracles of the stud engine: cross-checks, not the production path.

Each module computes what the rank engine (:mod:`combin.stud.draw.rank`) computes another
way, so the tests and ``combin audit --verify`` can compare the two; none prices a class.
One figure reads the card-by-card engine: the round with the side wager net by net (its hit
frequency) on decks of at most :data:`~combin.stud.game.run.ROUND_NET_CLASSES` classes
(:mod:`combin.stud.game.round`: the distribution of each class's chosen option, which the
rank engine does not keep).

* :mod:`~combin.stud.reference.cards` -- the card-by-card engine: every draw summed one by
  one in its own compiled kernel, and :func:`~combin.stud.reference.cards.advise.advise_cards`
  (checks the rank engine option by option; ``combin audit --verify`` re-prices kept classes with it);
* :mod:`~combin.stud.reference.numpy_engine` -- the card engine's per-draw sums in numpy (checks its kernel);
* :mod:`~combin.stud.reference.bitsum` -- the numpy engine's bit-count forcing loop (numba or numpy);
* :mod:`~combin.stud.reference.naive` -- a game-tree walk of one situation with Fractions (checks advise);
* :mod:`~combin.stud.reference.playout` -- seeded rounds dealt and played out (checks the whole game).
"""

__all__: list[str] = []
