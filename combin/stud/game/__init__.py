"""The whole game with draws: every situation class priced by the rank engine, summed into sheets.

* :mod:`~combin.stud.game.spec` -- one run, frozen: game, deck, readings, what it prices;
* :mod:`~combin.stud.game.chunks` -- situation classes priced in chunks, anywhere;
* :mod:`~combin.stud.game.run` -- one whole-game run: classes, executor, store, sheet;
* :mod:`~combin.stud.game.shards` -- the exact game cut into shards kept as files, read once;
* :mod:`~combin.stud.game.totals` -- the sums a sheet is made of, mergeable across shards;
* :mod:`~combin.stud.game.sheet` -- the whole-game par sheet, exact or from a sample;
* :mod:`~combin.stud.game.strategy` -- the optimal strategy as tables, and a basic strategy's features;
* :mod:`~combin.stud.game.basic` -- the basic strategy's second pass and its exact house edge;
* :mod:`~combin.stud.game.sampling` -- a seeded stratified sample of classes and its estimate;
* :mod:`~combin.stud.game.control` -- the game without draws as a sample's control variate;
* :mod:`~combin.stud.game.priced` -- the priced classes of a run as a CSV file;
* :mod:`~combin.stud.game.simulate` -- whole rounds dealt and played by the optimal strategy.
"""

__all__: list[str] = []
