"""One situation of the stud game with draws: every option priced exactly by the rank engine.

* :mod:`~combin.stud.draw.options` -- the option vocabulary (fold, play, buy, exchanges);
* :mod:`~combin.stud.draw.advise` -- every option of one situation, best first (the
  production path: the rank engine);
* :mod:`~combin.stud.draw.rank` -- the rank engine: draws summed by class, in compiled
  passes entered through the typed records of :mod:`~combin.stud.draw.rank.records`;
* :mod:`~combin.stud.draw.report` -- the advice report of one situation.

The whole game built from these is :mod:`combin.stud.game`; the card-by-card engine that
checks this one is a reference, :mod:`combin.stud.reference.cards`.
"""

__all__: list[str] = []
