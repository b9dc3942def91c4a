"""Five-card stud games against the dealer: one engine, games as data, in four wings.

* :mod:`~combin.stud.core` -- what every stud game shares: the deck, hand values, the rules
  as data and the settlement of a round, one situation and the situation classes;
* :mod:`~combin.stud.nodraw` -- the game without draws: dealer counts, forcing, the whole-game
  sum and its sheet;
* :mod:`~combin.stud.draw` -- the game with draws: the options, the orchestration
  (:func:`~combin.stud.draw.advise.advise`), the engine and its compiled kernel, the whole-game
  run, its sheet, the strategy and sampling;
* :mod:`~combin.stud.reference` -- the references and oracles the tests compare the engine with
  (not the production path).

The timings of the engine are in :mod:`combin.bench`.
"""

__all__: list[str] = []
