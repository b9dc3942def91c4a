"""Card ranks as people write them: one order and one reader for every game.

:data:`RANKS` lists the thirteen ranks in poker order, deuce to ace
(``23456789TJQKA``), the order Lunar Poker ranks cards in.  Baccarat does not
rank cards at all -- it counts their point values, and
:data:`combin.baccarat.shoe.RANK_VALUE` maps each of these same letters to
its value -- so one set of letters and one reader serve both games.
:func:`parse_rank` reads one rank: either case, and ``10`` for ``T``.
"""

from combin.errors import CombinError

__all__ = ["RANKS", "parse_rank"]

#: The thirteen ranks, deuce to ace.
RANKS = "23456789TJQKA"
_ALIASES = {"10": "T"}


def parse_rank(text: str, where: str = "") -> str:
    """The rank letter written as ``text`` (``"q"`` -> ``"Q"``, ``"10"`` -> ``"T"``).

    >>> parse_rank("10"), parse_rank("a")
    ('T', 'A')
    >>> parse_rank("X", " in --tags")
    Traceback (most recent call last):
    ...
    combin.errors.CombinError: unknown rank 'X' in --tags (ranks: A 2-9 T J Q K)
    """
    word = str(text).strip().upper()
    rank = _ALIASES.get(word, word)
    if len(rank) != 1 or rank not in RANKS:
        raise CombinError(f"unknown rank '{str(text).strip()}'{where} (ranks: A 2-9 T J Q K)")
    return rank
