"""Bounded numbers from a user's text: the one parser every option uses.

A number typed by a user is refused *by its length* before Python converts
it, so a 5,000-digit ``--seed`` or ``--decks 000...08`` costs nothing and
never reaches :func:`int` (which refuses more than 4,300 digits with a
``ValueError``) or :class:`~fractions.Fraction` (which would expand
``1e999999999`` into a billion-digit integer).  Limits are checked on the
*normalised* value, so leading zeros cannot slip past them.

* :func:`parse_int` -- a whole number within ``[low, high]``, or one
  :class:`~combin.errors.CombinError` naming the option;
* :func:`parse_fraction` -- an exact number written ``3``, ``-2.5``, ``1/20``
  (no exponent, no float ever);
* :func:`plain_text` -- a line of text a user gives (a laboratory's client, a title): no
  control character (a newline would forge a line of a report), no bidirectional
  override or isolate, no line or paragraph separator;
* :func:`int_option` -- the same check as an ``argparse`` ``type=``, so a
  command option is bounded in one line::

      parser.add_argument("--shoes", type=int_option("--shoes", 1, 10**9))

This module imports only the standard library and :mod:`combin.errors`, so
command modules may use it at module level.

>>> parse_int(" 42 ", "--rounds", 1), parse_fraction("2.5", "--edge"), MAX_CHARS
(42, Fraction(5, 2), 40)
>>> int_option("--seed", 0)("7")
7

>>> parse_int(" 42 ", "--rounds", 1), parse_fraction("2.5", "--edge"), MAX_CHARS
(42, Fraction(5, 2), 40)
>>> int_option("--seed", 0)("7")
7
"""

import argparse
import re
import unicodedata
from collections.abc import Callable
from fractions import Fraction

from combin.errors import CombinError

__all__ = ["MAX_CHARS", "parse_int", "parse_fraction", "int_option", "plain_text", "hidden_character"]

#: No number a user types needs more characters than this (sign and leading zeros included).
MAX_CHARS = 40

_INT = re.compile(r"[+-]?[0-9]+")
_FRACTION = re.compile(r"([+-]?)([0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:/([0-9]+))?")


#: Format characters that reorder the text shown around them (bidirectional embeddings,
#: overrides and isolates): "evil\u202etxt" shows as "evilt" + "xt" reversed.
BIDI = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))


def hidden_character(text: str, categories: tuple[str, ...] = ("Cc", "Zl", "Zp")) -> str | None:
    r"""The first character of ``text`` a reader would not see as written -- a control
    character, a line or paragraph separator (``categories``) or a bidirectional override --
    or ``None``.

    >>> hidden_character("Casino\nHouse edge: 0%"), hidden_character("evil\u202etxt")
    ('\n', '\u202e')
    >>> hidden_character("Casino Royale \u00e9\u200c"), hidden_character("a\u2028b")
    (None, '\u2028')
    """
    return next((c for c in text if c in BIDI or unicodedata.category(c) in categories), None)


def plain_text(text: str, name: str) -> str:
    r"""``text`` if it is one line of visible text (see :func:`hidden_character`), else one
    :class:`CombinError` naming ``name`` and the character.

    >>> plain_text("Casino\nHouse edge: 0%", "--client")
    Traceback (most recent call last):
    ...
    combin.errors.CombinError: --client holds a control character (U+000A); write it on one line of visible text
    """
    hidden = hidden_character(text)
    if hidden is not None:
        raise CombinError(f"{name} holds a control character (U+{ord(hidden):04X}); write it on "
                          "one line of visible text")
    return text


def _shown(text: object) -> str:
    text = str(text)
    return repr(text if len(text) <= MAX_CHARS else text[:MAX_CHARS] + "...")


def _range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f" from {low:,} to {high:,}"
    if low is not None:
        return f" at least {low:,}"
    if high is not None:
        return f" at most {high:,}"
    return ""


def parse_int(text: object, name: str, low: int | None = None, high: int | None = None,
              max_chars: int = MAX_CHARS) -> int:
    """``text`` (a str or an int) as an int within ``[low, high]``.

    The text is stripped, refused if longer than ``max_chars`` or not
    ``[+-]digits``; only then converted (at most ``max_chars`` digits, so the
    conversion is cheap and exact) and compared with the limits.
    """
    if isinstance(text, bool):
        raise CombinError(f"{name} must be a whole number, not {text!r}")
    if isinstance(text, int):
        value = text
    else:
        words = str(text).strip()
        if len(words) > max_chars:
            raise CombinError(f"{name} must be a whole number{_range(low, high)}; "
                              f"{_shown(words)} is {len(words):,} characters long")
        if not _INT.fullmatch(words):
            raise CombinError(f"{name} must be a whole number, not {_shown(text)}")
        value = int(words)
    if low is not None and value < low:
        raise CombinError(f"{name} must be at least {low:,}, not {value:,}")
    if high is not None and value > high:
        raise CombinError(f"{name} must be at most {high:,}, not {value:,}")
    return value


def parse_fraction(text: object, name: str, max_chars: int = MAX_CHARS,
                   example: str = "3, 2.5 or 1/2") -> Fraction:
    """``text`` as an exact :class:`~fractions.Fraction`: ``[+-]digits[.digits][/digits]``.

    No exponent and no float: ``1e9`` is refused, so a short text can never
    stand for a huge number.  A zero denominator is refused.
    """
    words = str(text).strip()
    if len(words) > max_chars:
        raise CombinError(f"{name} must be a number such as {example}; {_shown(words)} is "
                          f"{len(words):,} characters long")
    match = _FRACTION.fullmatch(words)
    if not match or match[3] is not None and int(match[3]) == 0:
        raise CombinError(f"{name} must be a number such as {example}, not {_shown(text)}")
    value = Fraction(match[1] + match[2])
    return value / int(match[3]) if match[3] is not None else value


def int_option(name: str, low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An ``argparse`` ``type=`` that applies :func:`parse_int` (its error becomes
    argparse's one-line error)."""

    def convert(text: str) -> int:
        try:
            return parse_int(text, name, low, high)
        except CombinError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    convert.__name__ = name
    return convert
