"""Compile the numba engines once, before the suite: ``make test`` runs this beside pip and mypy.

numba keeps each compiled function in its cache (the folder of the kernels' sources,
:mod:`combin.running.numba_cache`: ``numba-<digest>`` in the package's ``__pycache__``).  On a fresh
clone the first process that calls a kernel compiles it -- about a CPU-minute for the rank engine
and half a minute for the card-by-card kernel -- and so does every process that calls it before
the cache is written: both test workers and the processes the tests start (two game commands run
at once compiled the engines side by side, 122 s for a test that takes 20 s once they are cached).
One exact JQKA game calls both engines: the rank engine prices its classes (``rank``), the
card-by-card engine counts the round's distribution (``cards``).  The rank engine also prices one
situation alone, every option together (``exact_all``: the tests that hold every option against
the card-by-card engine, a reduced deck's run of every option) and a few options (a strategy
pass), each compiled apart: in the suite that took a test about 30 s.  ``make test`` compiles the two in
processes of their own, from the source tree, as soon as numba and numpy are installed (beside
pip's install of the rest, then mypy), and this with no argument compiles both in turn.  Nothing
here is a check; the suite runs without it.
"""

import os
import shutil
import sys
import tempfile


def main(engines: list[str]) -> None:
    # the rank engine's tables come from the user's cache folder once built (combin.running.cache):
    # built here in an empty one, so that their kernels are compiled too, as the suite (its own
    # empty cache folder) needs them
    os.environ["COMBIN_CACHE_DIR"] = folder = tempfile.mkdtemp(prefix="combin-compile-")
    try:
        _compile(engines)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _compile(engines: list[str]) -> None:
    from combin.stud.core.classes import situations
    from combin.stud.core.deck import Deck
    from combin.stud.core.rules import load_rules
    from combin.stud.draw.options import option_keys
    from combin.stud.game.chunks import records_of, solve_chunk
    from combin.stud.game.run import class_nets
    from combin.stud.game.spec import RunSpec
    deck, rules = Deck.parse("JQKA"), load_rules("lunar").resolve()
    _, hands, ups, weights = situations(deck)
    if "rank" in engines:           # every class of JQKA by the rank engine, as a run prices them
        spec = RunSpec.of(deck, rules, chunk=len(weights))
        records_of([solve_chunk(*chunk) for chunk in spec.chunks(hands, ups, weights, range(len(weights)))])
        # one situation alone, as the tests and a lookup price it: every option together (values),
        # a few options (exact_scaled, a strategy pass), on a reduced deck and on the full one
        from combin.stud.core.situation import Situation
        from combin.stud.draw.rank.engine import RankEngine
        for text in ("JQKA", None):
            alone = Deck.parse(text)
            engine = RankEngine(Situation(tuple(alone.cards[:5]), alone.cards[5], alone), rules)
            engine.values()
            engine.exact_scaled(option_keys(rules)[1:3])
    if "cards" in engines:          # the round of every option kind by the card-by-card engine
        options = len(option_keys(rules))
        class_nets(deck, rules, [(hands[i].tolist(), int(ups[i]), int(weights[i]), 1 + i % (options - 1))
                                 for i in range(0, len(weights), 4)])


if __name__ == "__main__":
    main(sys.argv[1:] or ["rank", "cards"])
