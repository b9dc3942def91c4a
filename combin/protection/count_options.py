"""The options of a count simulation, read and checked: tags, triggers, burn, whole numbers.

Every mistake is one :class:`~combin.errors.CombinError` naming the option;
triggers are exact (``Fraction``), never floats.  The limits here bound the
work one command may ask for.

>>> parse_tags("0,0,0,0,-1,-1,-1,-1,2,2"), parse_burn("face"), parse_burn("3")
((0, 0, 0, 0, -1, -1, -1, -1, 2, 2), 'face', 3)
>>> [trigger_text(t) for t in parse_triggers("always,2,-1/2")], ALWAYS
(['always', '-1/2', '2'], 'always')
>>> whole("12", "--shoes", 1, MAX_SHOES), DEFAULT_CUT, MIN_CUT, DEFAULT_SHOES
(12, 14, 5, 10000)
>>> MAX_WORKERS, MAX_DECKS, MAX_TAG
(64, 64, 1000)
"""

from fractions import Fraction

from combin.files import display
from combin.baccarat.shoe import RANK_VALUE, VALUE_NAMES
from combin.files.bounded import MAX_CHARS, parse_fraction, parse_int
from combin.errors import CombinError
from combin.core.ranks import parse_rank

__all__ = ["DEFAULT_CUT", "DEFAULT_SHOES", "MIN_CUT", "MAX_SHOES", "MAX_WORKERS", "MAX_DECKS",
           "MAX_TAG", "ALWAYS", "parse_tags", "parse_triggers", "trigger_text", "parse_burn",
           "whole"]

#: Cards left behind the cut card.
DEFAULT_CUT = 14
#: Shoes dealt when --shoes is not given.
DEFAULT_SHOES = 10_000
MIN_CUT = 5
MAX_SHOES = 100_000_000
MAX_WORKERS = 64
#: The largest shoe the simulation deals (every chunk holds the shoe as a list of cards).
MAX_DECKS = 64
MAX_TAG = 1000
ALWAYS = "always"


def parse_tags(text: object) -> tuple[int, ...]:
    """Ten integer tags by point value, index 0 = T/J/Q/K.

    ``"0,0,0,0,-1,-1,-1,-1,2,2"`` (value order T/J/Q/K, A, 2, ..., 9) or
    ``"4=-1,5=-1,6=-1,7=-1,8=2,9=2"`` (ranks A 2-9 T; J, Q, K, 0 or 10 also name
    the ten-valued cards; a rank not named counts 0).
    """
    items = [item.strip() for item in str(text).split(",")]
    if not any(items):
        raise CombinError("--tags is empty; give ten integers (T/J/Q/K,A,2,...,9) or A=..,2=..")

    def number(word: str, where: str) -> int:
        value = parse_int(word, f"the tag of {where}")
        if abs(value) > MAX_TAG:
            raise CombinError(f"the tag of {where} is {value}; tags must lie within ±{MAX_TAG}")
        return value

    if not any("=" in item for item in items):
        if len(items) != 10:
            raise CombinError(f"--tags takes ten integers in value order T/J/Q/K,A,2,...,9; "
                              f"got {len(items)}")
        return tuple(number(word, VALUE_NAMES[v]) for v, word in enumerate(items))
    tags: list[int | None] = [None] * 10
    for item in items:
        rank, sep, word = item.partition("=")
        rank = rank.strip().upper()
        if not sep:
            raise CombinError(f"--tags mixes the two forms: {item!r} is not RANK=TAG")
        # A tag spec may also name a point value: 0 for the ten-valued cards, 1 for the ace.
        value = {"0": 0, "1": 1}.get(rank)
        if value is None:
            value = RANK_VALUE[parse_rank(rank, " in --tags")]
        tag = number(word, rank)
        if tags[value] is not None and tags[value] != tag:
            raise CombinError(f"--tags gives the {VALUE_NAMES[value]} cards two tags "
                              f"({tags[value]} and {tag})")
        tags[value] = tag
    return tuple(0 if t is None else t for t in tags)


def trigger_text(trigger: Fraction | None) -> str:
    """``"always"`` or the trigger as a number (``2``, ``5/2``)."""
    return ALWAYS if trigger is None else display.rational(trigger)


def parse_triggers(text: object) -> tuple[Fraction | None, ...]:
    """``"always,0,1.5,3"`` -> ``(None, Fraction(0), Fraction(3, 2), Fraction(3))``, sorted.

    ``None`` stands for ``always`` (bet every round) and sorts first.
    """
    found: list[Fraction | None] = []
    for item in (part.strip() for part in str(text).split(",")):
        if not item:
            raise CombinError(f"the trigger list {text!r} has an empty item")
        if item.lower() == ALWAYS:
            found.append(None)
            continue
        try:
            found.append(parse_fraction(item, "a trigger"))
        except CombinError:
            shown = item if len(item) <= MAX_CHARS else item[:MAX_CHARS] + "..."
            raise CombinError(f"a trigger is a number or 'always', not {shown!r}") from None
    if len(set(found)) != len(found):
        raise CombinError(f"the trigger list {text!r} names a trigger twice")
    return tuple(sorted(found, key=lambda t: (t is not None, t or 0)))


def whole(value: object, name: str, low: int, high: int | None = None) -> int:
    """A bounded whole number (:func:`combin.files.bounded.parse_int`: refused by length first)."""
    return parse_int(value, name, low, high)


def parse_burn(text: object) -> str | int:
    """``"face"`` or a whole number of cards burned face down."""
    if str(text).strip().lower() == "face":
        return "face"
    return whole(str(text), "--burn (a number of cards, or 'face')", 0)

