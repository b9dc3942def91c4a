"""The game without draws as the control variate of a sampled game with draws.

Every situation's value with draws is ``Y = X + G``: ``X`` the value of the
better of fold and play (the game without draws, forcing included, or the
instant payout), ``G >= 0`` the gain of the best draw over it.  The mean of
``X`` over every situation is known exactly -- it is the expected result of
the game without draws, summed by :func:`combin.stud.nodraw.game.whole_game` -- so
a sample needs to estimate only the mean of ``G``, whose spread is a fraction
of ``Y``'s (the pays of the first five, which make most of ``Y``'s spread,
are in ``X``).  The estimate ``E[X] + Ĝ`` is unbiased, and its variance is
``Ĝ``'s alone: the control is exact, not estimated (a difference estimator,
coefficient 1, so no regression coefficient is estimated and the interval is
the plain stratified one of ``G``).

* :func:`no_draw_expected` -- ``E[X]`` of a deck and rules, exact: read from
  the game's shipped data (``data/no_draw.toml`` of the game's package, for
  the full deck, by deck, paytable, readings and the game file's settings that the game without
  draws reads, :func:`game_key`; the slow tests recompute each entry) or summed on the spot;
* :func:`control_value` -- ``X`` of one priced class, read from its record
  (the fold and play values the engine prices anyway).

>>> from fractions import Fraction
>>> control_value(best=4, values=(-12, 5, 1, 7, 9))       # fold, play, ...: max(fold, play)
5
>>> control_value(best=-1, values=(3000,))                # an instant payout: the same with draws
3000
"""

import tomllib
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any

from combin.errors import CombinError
from combin.stud.game.chunks import solve_chunk
from combin.stud.game.spec import RunSpec

if TYPE_CHECKING:
    from combin.stud.core.deck import Deck
    from combin.stud.core.rules import Rules

__all__ = ["no_draw_expected", "control_value", "stored_expectations", "reading_key", "game_key"]

#: Where a class record keeps the value of folding and of playing (combin.stud.draw.options.option_keys).
_FOLD, _PLAY = 0, 1


def control_value(best: int, values: Sequence[int | None]) -> int:
    """The numerator of ``X`` for one class record: the better of fold and play, or the instant value.

    ``best`` is the record's best option (``-1`` for an instant payout, whose
    round ends before any draw, so its value is the same in both games).
    """
    wanted = values[:1] if best < 0 else values[_FOLD:_PLAY + 1]
    priced = [value for value in wanted if value is not None]
    if len(priced) != len(wanted):      # fold and play are always priced (chunks.solve_chunk)
        raise CombinError("a class record without the value of folding and of playing")
    return max(priced)


def reading_key(rules: Any) -> str:
    """``"L10=..., L11=..."``: the readings in force, sorted, as the data file names them.

    >>> class R: readings = (("L8", "push"), ("L10", "replace-highest-once"))
    >>> reading_key(R)
    'L10=replace-highest-once, L8=push'
    """
    return ", ".join(f"{key}={value}" for key, value in sorted(rules.readings))


@lru_cache(maxsize=4)
def stored_expectations(package: str) -> dict[tuple[str, str | None, str, str], Fraction]:
    """``{(deck, paytable, readings, game): Fraction}`` of the game package's ``data/no_draw.toml``
    (empty when the game ships none); ``game`` is an entry's game-file settings (:func:`game_key`),
    empty for the registered game."""
    path = files(package).joinpath("data", "no_draw.toml")
    if not path.is_file():
        return {}
    text = path.read_text(encoding="utf-8")
    found: dict[tuple[str, str | None, str, str], Fraction] = {}
    for entry in tomllib.loads(text)["expected"]:
        key = (entry["deck"], entry["paytable"], entry["readings"], entry.get("game", ""))
        if key in found:
            raise AssertionError(f"no_draw.toml names {key} twice")
        found[key] = Fraction(entry["value"])
    return found


def game_key(rules: Any) -> str:
    """The settings of the rules' game file that the game without draws reads, as the data file
    names them (``"path = value"``, joined by ``"; "``, in the file's order): empty for the registered
    game, and for a file that changes the draws alone (``draws.*``: the fee, the sixth card, the
    exchange), which the game without draws never reads.

    >>> from combin.stud.core.rules import load_rules, stud_games
    >>> from combin.stud.core.variant import parse_variant, variant_rules
    >>> game = stud_games()[0]                 # a registered game with draws
    >>> def game_file(body):
    ...     text = f'id = "v"\\ntitle = "t"\\ncitation = "c"\\nderived_from = "{game}"\\n' + body
    ...     return variant_rules(parse_variant(text, "v.toml")).resolve()
    >>> game_key(load_rules(game).resolve()), game_key(game_file("[draws]\\nfee = 2\\n"))
    ('', '')
    >>> game_key(game_file("[draws]\\nfee = 2\\n[force]\\nfee = 2\\n"))
    'force.fee = 2'
    """
    variant = rules.stud.variant
    if variant is None:
        return ""
    return "; ".join(f"{path} = {shown}" for path, shown in variant.settings if not path.startswith("draws."))


def no_draw_expected(deck: "Deck", rules: "Rules", progress: Callable[[str], object] | None = None) -> Fraction:
    """``E[X]``: the exact expected result per Ante of the game without draws under optimal play.

    The full deck's figures are shipped (summing 5,649,150 classes takes
    minutes); any other deck or rules are summed here, with ``progress``.
    """
    key = (deck.text, None if rules.instant is None else rules.instant.id, reading_key(rules), game_key(rules))
    stored = stored_expectations(rules.stud.package)
    if key in stored:
        return stored[key]
    from combin.stud.nodraw.game import whole_game
    if rules.instant is not None and not rules.instant_ends_round:
        return _continued(deck, rules, progress)
    if progress is not None:
        progress("the exact game without draws under these rules is not shipped: summing it first")
    return whole_game(rules, deck, "optimal", progress=progress).expected


def _continued(deck: "Deck", rules: "Rules", progress: Callable[[str], object] | None) -> Fraction:
    """``E[X]`` where an instant payout does not end the round (L7=continue): the same game where
    it does (an instant five's ``X`` is its pay; shipped or summed by the game without draws), plus,
    over the classes whose first five is an instant event, their ``X`` as the round goes on (the
    better of fold and play, which add the pay, priced by the engine with draws as every sampled
    class is) less that pay.  An instant event is a straight flush or better, a few hundred classes
    of 52 cards: the game without draws is not summed again for them."""
    import numpy as np
    from combin.stud.core.classes import situations
    from combin.stud.core.rules import InstantReading, instant_pay
    from combin.stud.core.values import CATEGORY_SHIFT, STRAIGHT_FLUSH, hand_table
    assert rules.instant is not None
    reading = rules.stud.entry["instant"]["interpretation"]
    ends = rules.stud.resolve(rules.instant.id, {**rules.chosen, reading: InstantReading.ENDS_ROUND.value})
    base = no_draw_expected(deck, ends, progress)
    rows, hands, ups, weights = situations(deck)
    chunk, pays = [], {}
    # every instant event is a straight flush or better (the instant paytables' lines)
    for i in np.nonzero(hand_table(deck).values[rows] >= STRAIGHT_FLUSH * CATEGORY_SHIFT)[0].tolist():
        pay = instant_pay(rules, hands[i].tolist())
        if pay is not None:
            chunk.append([*map(int, hands[i]), int(ups[i]), int(weights[i]), i])
            pays[i] = pay
    if progress is not None:
        progress(f"the {len(chunk):,} classes of an instant five priced as the round goes on ({reading}="
                 f"{rules.chosen[reading]})")
    moved = Fraction(0)
    if chunk:
        found = solve_chunk(RunSpec.of(deck, rules).to_json(), chunk)
        scale = int(found["denominator"])
        moved = sum((weight * (Fraction(control_value(best, values), scale) - pays[index])
                     for index, _, _, weight, best, values, _ in found["classes"]), Fraction(0))
    return base + moved / int(weights.sum())

