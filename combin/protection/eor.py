"""Effects of removal: how one card less of each point value moves a wager's expected value.

:func:`effects_of_removal` computes, for a shoe and one wager (one paytable,
rule set and set of interpretations, exactly as ``combin par`` takes them),
the expected value EV of the full shoe and of the shoe less one card of each
point value (index 0 gathers T, J, Q and K, as everywhere in
:mod:`combin.baccarat.shoe`), and the *effect* ``EV(shoe - r) - EV(shoe)``.
It checks the identity of spec/ANCHORS.md,

    sum over r of n_r EV(shoe - r) = N EV(shoe),

exactly, and suggests an integer count (:func:`suggest_tags`): scaled and
rounded effects ``round(s · e_r)``.  Every scale ``s`` is tried
(:func:`candidate_tags`); among the tag sets whose largest tag in size is at
most ``max_tag``, the suggestion is the *balanced* one (a full deck counts to
0, so a true count makes sense) with the highest correlation, or the best
unbalanced one when no balanced set exists.  A card's tag is added to the
running count when the card is seen, so a high count means the cards seen so
far were the ones whose removal helps the bettor.

:func:`correlation` is the *card-weighted* (betting) correlation of a tag set
with the exact effects: the Pearson correlation over the N cards of the shoe,
each card one observation ``(tag, effect)`` of its point value, i.e. with
weights ``n_r``::

    corr = sum n_r (t_r - t̄)(e_r - ē) / sqrt(sum n_r (t_r - t̄)² · sum n_r (e_r - ē)²)

with ``t̄ = sum n_r t_r / N`` and ``ē = sum n_r e_r / N`` (zero, by the
identity).  Why the figures are exact: each EV is the expected return of a
par sheet over an exact enumeration; effects, the identity and the squared
correlation are sums of products of Fractions; only the final square root is
taken, in 40-digit :mod:`decimal` (:func:`combin.files.display.sqrt`).

>>> imbalance([16, 4, 4, 4, 4, 4, 4, 4, 4, 4], [1, -1, -1, -1, -1, 1, 1, 1, 1, 0]), tag_text((0, 1, -1, 2)), DEFAULT_MAX_TAG
(16, '0,1,-1,2  (T=0 A=+1 2=-1 3=+2)', 2)
>>> check_max_tag(3)
3
>>> effects = effects_of_removal("eclipse.sun7", decks=1)
>>> isinstance(effects, Effects), isinstance(effects.suggested, TagSet), len(effects.effects)
(True, True, 10)
>>> counts = [16, 4, 4, 4, 4, 4, 4, 4, 4, 4]
>>> best_tags(counts, effects.effects).tags == suggest_tags(counts, effects.effects).tags
True
>>> len(candidate_tags(effects.effects, 1)) > 0, correlation(counts, effects.suggested.tags, effects.effects) is not None
(True, True)
>>> balance_note(effects)[:24]
'The suggested count is b'
"""

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from combin.files import display
from combin.core.analysis import Selection
from combin.baccarat.shoe import (MIN_CARDS, PER_DECK, VALUE_NAMES, Shoe, parse_decks,
                                  parse_shoe)
from combin.errors import CombinError
from combin.core.parsheet import ParSheet
from combin.protection.decks import protected

__all__ = ["DEFAULT_MAX_TAG", "TagSet", "Effects", "effects_of_removal", "candidate_tags",
           "best_tags", "check_max_tag", "suggest_tags", "correlation", "imbalance", "tag_text",
           "balance_note"]

#: The largest tag, in size, of the suggested count.
DEFAULT_MAX_TAG = 2
#: The largest --max-tag accepted.
MAX_MAX_TAG = 20
#: The alternatives shown beside the suggestion: largest tag 1..4.
ALTERNATIVES = (1, 2, 3, 4)


@dataclass(frozen=True)
class TagSet:
    """An integer count: ``tags[v]`` per point value, its correlation and balance on a shoe."""

    tags: tuple[int, ...]
    max_tag: int
    correlation: Decimal | None  # None when every tag is the same
    correlation_squared: Fraction | None
    imbalance: int           # sum of n_r t_r over the shoe (0: a balanced count)
    per_deck: int            # sum of tag x cards per 52-card deck

    @property
    def balanced(self) -> bool:
        return self.per_deck == 0


@dataclass(frozen=True)
class Effects:
    """The exact effects of removal of one wager on one shoe."""

    sheet: ParSheet          # of the full shoe
    shoe: Shoe
    expected: Fraction       # EV(shoe)
    removed: tuple[Fraction | None, ...]  # EV(shoe - r) per value (None: the shoe holds none)
    effects: tuple[Fraction | None, ...]  # EV(shoe - r) - EV(shoe) per value (None likewise)
    identity_left: Fraction  # sum n_r EV(shoe - r)
    identity_right: Fraction  # N EV(shoe)
    suggested: TagSet
    alternatives: tuple[tuple[int, "TagSet | None", "TagSet"], ...]  # (largest tag,
    #                                          best balanced TagSet, best TagSet), ...

    @property
    def identity_holds(self) -> bool:
        return self.identity_left == self.identity_right


def correlation(counts: Sequence[int], tags: Sequence[int],
                effects: Sequence[Fraction]) -> tuple[Decimal | None, Fraction | None]:
    """``(corr, corr²)`` of ``tags`` with ``effects``, each card weighted once (see the module).

    ``corr`` is a :class:`decimal.Decimal`, ``corr²`` an exact Fraction; both
    ``None`` when the tags (or the effects) do not vary over the shoe.
    """
    pairs = [(n, Fraction(t), e) for n, t, e in zip(counts, tags, effects) if n]
    cards = sum(n for n, _, _ in pairs)
    t_mean = sum((n * t for n, t, _ in pairs), Fraction(0)) / cards
    e_mean = sum((n * e for n, _, e in pairs), Fraction(0)) / cards
    cov = sum((n * (t - t_mean) * (e - e_mean) for n, t, e in pairs), Fraction(0))
    var_t = sum((n * (t - t_mean) ** 2 for n, t, _ in pairs), Fraction(0))
    var_e = sum((n * (e - e_mean) ** 2 for n, _, e in pairs), Fraction(0))
    if not var_t or not var_e:
        return None, None
    squared = cov * cov / (var_t * var_e)
    root = display.sqrt(squared)
    return (root if cov >= 0 else -root), squared


def imbalance(counts: Sequence[int], tags: Sequence[int]) -> int:
    """``sum n_r t_r``: what the count reads after every card of the shoe is seen."""
    return sum(n * t for n, t in zip(counts, tags))


def candidate_tags(effects: Sequence[Fraction | None], max_tag: int) -> list[tuple[int, ...]]:
    """Every distinct tag set ``round(s · e_r)`` (half to even) whose largest tag in size is
    1 to ``max_tag``, over all scale factors ``s > 0``.

    The rounded vector changes only where some ``s · |e_r|`` crosses a half
    integer, so it is enough to try one scale (the midpoint) between each two
    consecutive crossings up to ``(max_tag + 1/2) / max |e_r|``.
    """
    sizes = sorted({abs(e) for e in effects if e})
    if not sizes:
        return []
    limit = Fraction(2 * max_tag + 1, 2) / sizes[-1]
    crossings = sorted({Fraction(2 * k + 1, 2) / size for size in sizes
                        for k in range(max_tag + 1)} | {limit})
    found = []
    for low, high in zip([Fraction(0)] + crossings, crossings):
        if high > limit:
            break
        scale = (low + high) / 2
        tags = tuple(0 if e is None else round(scale * e) for e in effects)
        if 0 < max(abs(t) for t in tags) <= max_tag and tags not in found:
            found.append(tags)
    return found


def _tag_set(counts: Sequence[int], effects: Sequence[Fraction | None], tags: Sequence[int],
             max_tag: int) -> TagSet:
    plain = [Fraction(0) if e is None else e for e in effects]
    corr, squared = correlation(counts, tags, plain)
    return TagSet(tuple(tags), max_tag, corr, squared, imbalance(counts, tags),
                  imbalance(PER_DECK, tags))


def _rank(tag_set: TagSet) -> tuple[Fraction, int, tuple[int, ...]]:
    """Exact sort key: signed squared correlation, then the smaller tags."""
    squared = tag_set.correlation_squared
    if squared is None:
        signed = Fraction(-2)
    else:
        positive = tag_set.correlation is not None and tag_set.correlation >= 0
        signed = squared if positive else -squared
    return (signed, -max(abs(t) for t in tag_set.tags), tag_set.tags)


def check_max_tag(max_tag: object) -> int:
    """Raise a :class:`CombinError` unless ``max_tag`` is a whole number from 1 to 20."""
    if isinstance(max_tag, bool) or not isinstance(max_tag, int) or not 1 <= max_tag <= MAX_MAX_TAG:
        raise CombinError(f"the largest tag must be a whole number from 1 to {MAX_MAX_TAG}, "
                          f"not {max_tag!r}")
    return max_tag


def best_tags(counts: Sequence[int], effects: Sequence[Fraction | None], max_tag: int = DEFAULT_MAX_TAG,
              balanced: bool = True) -> TagSet | None:
    """The best :class:`TagSet` of :func:`candidate_tags` by correlation with the effects.

    With ``balanced``, only tag sets that count a full 52-card deck to 0 are
    considered (``None`` when there is none).  Ties go to the smaller tags.
    """
    check_max_tag(max_tag)
    sets = [_tag_set(counts, effects, tags, max_tag) for tags in candidate_tags(effects, max_tag)]
    if balanced:
        sets = [tag_set for tag_set in sets if tag_set.balanced]
    return max(sets, key=_rank, default=None)


def suggest_tags(counts: Sequence[int], effects: Sequence[Fraction | None],
                 max_tag: int = DEFAULT_MAX_TAG) -> TagSet:
    """The suggested count: the best balanced tag set with tags up to ``max_tag`` in size,
    or the best unbalanced one when no balanced set exists (all zeros when no card matters)."""
    chosen = best_tags(counts, effects, max_tag) or best_tags(counts, effects, max_tag, False)
    if chosen is None:
        return _tag_set(counts, effects, (0,) * len(effects), max_tag)
    return chosen


def _expected(chosen: Selection, shoe: Shoe) -> ParSheet:
    return chosen.sheet(chosen.game.outcomes(shoe=shoe))


def effects_of_removal(wager: Selection | str, shoe: Shoe | str | None = None,
                       max_tag: int = DEFAULT_MAX_TAG, *, decks: object = None,
                       **options: Any) -> Effects:
    """The :class:`Effects` of ``wager`` on ``shoe`` (a Shoe or a shoe spec; else ``decks``
    full decks, default 8).  ``wager`` is a :class:`~combin.core.analysis.Selection`, or a wager id
    resolved once with ``options`` (:func:`combin.core.analysis.select`'s)."""
    chosen = protected(wager, **options)
    if isinstance(shoe, str):
        dealt: Shoe = parse_shoe(shoe)
    elif shoe is None:
        dealt = Shoe.full(8 if decks is None else parse_decks(decks))
    else:
        dealt = shoe
    check_max_tag(max_tag)
    if dealt.cards <= MIN_CARDS:
        raise CombinError(f"the effect of removal needs a shoe of at least {MIN_CARDS + 1} cards "
                          f"(a round can use {MIN_CARDS}); this one holds {dealt.cards}")
    sheet = _expected(chosen, dealt)
    expected = sheet.summary.expected_return
    removed = tuple(_expected(chosen, dealt.without(v)).summary.expected_return
                    if n else None for v, n in enumerate(dealt.counts))
    effects = tuple(None if ev is None else ev - expected for ev in removed)
    left = sum((n * ev for n, ev in zip(dealt.counts, removed) if ev is not None), Fraction(0))
    right = dealt.cards * expected
    suggested = suggest_tags(dealt.counts, effects, max_tag)
    alternatives = tuple((m, best_tags(dealt.counts, effects, m),
                          best_tags(dealt.counts, effects, m, balanced=False)
                          or _tag_set(dealt.counts, effects, (0,) * len(effects), m))
                         for m in ALTERNATIVES)
    return Effects(sheet, dealt, expected, removed, effects, left, right, suggested, alternatives)


def tag_text(tags: Sequence[int]) -> str:
    """``"0,0,...,2  (T=0 A=0 ... 9=+2)"``: a tag set as --tags takes it, and by rank."""
    named = " ".join(f"{'T' if v == 0 else name}={f'{t:+d}' if t else '0'}"
                     for v, (name, t) in enumerate(zip(VALUE_NAMES, tags)))
    return ",".join(str(t) for t in tags) + f"  ({named})"


def balance_note(result: Effects) -> str:
    """The note saying whether the suggested count is balanced, and what to do if not."""
    tag = result.suggested
    if tag.balanced:
        return ("The suggested count is balanced: a full deck counts to 0, so a full shoe "
                "ends at 0 and the running count divided by the decks remaining is a true count.")
    return (f"The suggested count is unbalanced: a full deck counts to {tag.per_deck:+d} "
            f"(this shoe to {tag.imbalance:+d}); start the running count at "
            f"{-tag.imbalance:+d} (combin count --initial-count) so that it ends at 0, or read "
            "it as a running count only.")
