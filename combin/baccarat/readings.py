"""The baccarat readings the code branches on, as enums bound to ``data/interpretations.toml``.

See :mod:`combin.lunar.readings`: the class name is the interpretation id, its
values are checked against the data on import, and
:func:`combin.core.interpret.reading` reads the default from the data.

>>> [str(value) for value in E1], INTERPRETATIONS["E1"].default
(['events', 'paid-rows'], 'events')
"""

from enum import StrEnum

from combin.core.game import load_interpretations
from combin.core.interpret import bind_readings

__all__ = ["E1", "INTERPRETATIONS"]


class E1(StrEnum):
    """Does Eclipse win on an event its own paytable lists as a loss?"""
    EVENTS = "events"
    PAID_ROWS = "paid-rows"


#: The game's interpretations, read once from the data.
INTERPRETATIONS = load_interpretations(__package__)
bind_readings(INTERPRETATIONS, E1)
