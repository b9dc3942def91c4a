"""Five-card stud games against the dealer: one engine, games as data, in five wings.

* :mod:`~combin.stud.core` -- what every stud game shares: the deck, hand values, the rules
  as data and the settlement of a round, the rules as whole-number pays (the one place the
  engines read them), one situation and the situation classes, the compile switch;
* :mod:`~combin.stud.nodraw` -- the game without draws: dealer counts, forcing, the whole-game
  sum (its sheet is a Document of :mod:`combin.documents.stud_game`);
* :mod:`~combin.stud.draw` -- one situation of the game with draws: the options, their
  advice (:func:`~combin.stud.draw.advise.advise`) and the production engine that prices
  them, the rank engine (:mod:`~combin.stud.draw.rank`);
* :mod:`~combin.stud.game` -- the whole game with draws: runs in chunks and shards, the
  totals, the sheet, the strategy and the basic strategy, sampling and simulation;
* :mod:`~combin.stud.reference` -- the references and oracles the tests and
  ``combin audit --verify`` compare the engine with, among them the card-by-card engine
  (:mod:`~combin.stud.reference.cards`).  None prices a class; one serves a figure: the round
  with the side wager, net by net (its hit frequency), on a deck of at most
  :data:`~combin.stud.game.run.ROUND_NET_CLASSES` classes is counted by the card-by-card
  engine for the options the rank engine chose (:mod:`combin.stud.game.round`), a
  distribution the rank engine does not keep.

No module here names a game: a game's rules are its own package's data
(:func:`~combin.stud.core.rules.load_rules` reads them through the game's
:class:`~combin.core.game.Solver`).  The timings of the engine are in :mod:`combin.bench`.
"""

__all__: list[str] = []
