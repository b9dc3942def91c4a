"""Compile the numba engines once, before the suite: ``make test`` runs this beside mypy.

numba keeps each compiled function in its cache (``__pycache__`` beside the source).  On a fresh
clone the first process that calls a kernel compiles it -- about a CPU-minute for the rank engine
and half a minute for the card-by-card kernel -- and so does every process that calls it before
the cache is written: both test workers and the processes the tests start (two game commands run
at once compiled the engines side by side, 122 s for a test that takes 20 s once they are cached).
One exact JQKA game calls both engines: the rank engine prices its classes, the card-by-card
engine counts the round's distribution.  Nothing here is a check; the suite runs without it.
"""

import io
import tempfile
from pathlib import Path


def main() -> None:
    from combin.stud.core.deck import Deck
    from combin.stud.core.rules import load_rules
    from combin.stud.game.run import run_game
    with tempfile.TemporaryDirectory() as folder:
        run_game(Deck.parse("JQKA"), load_rules("lunar").resolve(), workers=0,
                 store_path=Path(folder) / "store.sqlite", stream=io.StringIO())


if __name__ == "__main__":
    main()
