"""References and oracles of the stud engine: cross-checks, not the production path.

Each module computes what the engine computes another way, so the tests can
compare the two; none is on the path of a command's figures.

* :mod:`~combin.stud.reference.numpy_engine` -- the engine's per-draw sums in numpy (checks the kernel);
* :mod:`~combin.stud.reference.bitsum` -- the numpy engine's bit-count forcing loop (numba or numpy);
* :mod:`~combin.stud.reference.naive` -- a game-tree walk of one situation with Fractions (checks advise);
* :mod:`~combin.stud.reference.playout` -- seeded rounds dealt and played out (checks the whole game).
"""

__all__: list[str] = []
