"""The one exception type for user errors.

Anything a user can get wrong -- a deck count, a wager id, a paytable file, an
option that contradicts another -- raises :class:`CombinError` with one clear
sentence naming the problem.  The command line prints that sentence and exits
with status 2; it never prints a traceback for a user error.

>>> error = CombinError("unknown wager 'eclipse.sun8'")
>>> str(error), error.exit_code
("unknown wager 'eclipse.sun8'", 2)
"""

__all__ = ["CombinError"]


class CombinError(Exception):
    """A user error: bad input, an unknown id, an impossible option."""

    exit_code = 2
