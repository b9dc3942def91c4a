"""Lunar Poker with draws: every option of a situation priced exactly, and the whole game from them.

* :mod:`~combin.stud.draw.options` -- the option vocabulary (fold, play, buy, exchanges);
* :mod:`~combin.stud.draw.advise` -- the orchestration: every option of one situation, best first;
* :mod:`~combin.stud.draw.engine` -- the sums of one situation, fed to the compiled kernel;
* :mod:`~combin.stud.draw.kernel` -- the compiled kernel, one module per step;
* :mod:`~combin.stud.draw.report` -- the advice report of one situation;
* :mod:`~combin.stud.draw.chunks` -- situation classes priced in chunks, anywhere;
* :mod:`~combin.stud.draw.run` -- one whole-game run: classes, executor, store, sheet;
* :mod:`~combin.stud.draw.sheet` -- the whole-game par sheet, exact or from a sample;
* :mod:`~combin.stud.draw.strategy` -- the optimal strategy and a basic strategy;
* :mod:`~combin.stud.draw.sampling` -- a seeded stratified sample of classes and its estimate.
"""

__all__: list[str] = []
