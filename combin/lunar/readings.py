"""The Lunar Poker readings the code branches on, as enums bound to ``data/interpretations.toml``.

Each class is named by its interpretation id and lists exactly the values the
data gives it (checked on import by :func:`combin.core.interpret.bind_readings`);
:func:`combin.core.interpret.reading` gives the value in force, with the default
read from the data.

>>> [key for key in INTERPRETATIONS], INTERPRETATIONS["L11"].default
(['L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7', 'L8', 'L9', 'L10', 'L11', 'L12'], 'best-pair')
>>> [str(value) for value in L1], [str(value) for value in L4]
(['jqk', 'jqka'], ['highest', 'all-lines'])
>>> len(L2), len(L3), len(L5), len(L11)
(2, 2, 2, 2)
"""

from enum import StrEnum

from combin.core.game import load_interpretations
from combin.core.interpret import bind_readings

__all__ = ["L1", "L2", "L3", "L4", "L5", "L11", "INTERPRETATIONS"]


class L1(StrEnum):
    """Five picture cards."""
    JQK = "jqk"
    JQKA = "jqka"


class L2(StrEnum):
    """Same colored five."""
    COLOR = "color"
    NOT_SUITED = "not-suited"


class L3(StrEnum):
    """Ace-king-queen."""
    ANY_SUITS = "any-suits"
    SUITED = "suited"


class L4(StrEnum):
    """A hand that fits several Super lines."""
    HIGHEST = "highest"
    ALL_LINES = "all-lines"


class L5(StrEnum):
    """Royal and straight flushes on the Super."""
    FLUSH = "flush"
    STRICT = "strict"


class L11(StrEnum):
    """The second combination on a winning Bet."""
    BEST_PAIR = "best-pair"
    FIRST_ONLY = "first-only"


#: The game's interpretations, read once from the data.
INTERPRETATIONS = load_interpretations(__package__)
bind_readings(INTERPRETATIONS, L1, L2, L3, L4, L5, L11)
