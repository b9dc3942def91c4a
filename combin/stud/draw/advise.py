"""The exact value of every option of one Lunar Poker situation, fast.

:func:`advise` prices fold, play, buying a sixth card and every exchange the
rules allow (L12), each followed by the better of fold or play once the new
cards are seen, and -- wherever the dealer does not qualify -- the better of
taking the Ante pay or forcing (L10) with the dealer's five cards in view.
Every value is per unit of Ante and counts the Ante, the fee and the Bet.

How it is exact, and fast: the rank engine
(:class:`~combin.stud.draw.rank.engine.RankEngine`; the method is stated in
:mod:`combin.stud.draw.rank.kernel`).  The dealer's counts against a draw depend
on the drawn cards only through their ranks, the ranks of those in the up
card's suit and the player's final value, so draws are summed by *draw class*
with the exact number of draws each holds; dealer hands are counted by rank
multiset (1,820 of four ranks rather than 163,185 four-card hands) by
inclusion-exclusion over the drawn ranks, corrected for the one kind of dealer
hand whose value needs suits (four hidden cards of the up card's suit); forcing
(L10) is summed exactly wherever it can pay.  Every count and numerator is an
integer; the one division happens when a value becomes a
:class:`~fractions.Fraction`.  A proven upper bound of each exchange
(:meth:`~combin.stud.draw.rank.engine.RankEngine.priced`) leaves unpriced the
options that can be neither the best nor the runner-up.

The same values come from the card-by-card engine, every draw one by one
(:func:`combin.stud.reference.cards.advise.advise_cards`, the reference: its
method is stated in :mod:`combin.stud.reference.cards.advise`); the tests and
``combin audit --verify`` compare the two.
"""

from collections.abc import Callable, Sequence
from fractions import Fraction

from combin.stud.core.rules import Rules
from combin.stud.core.situation import Situation
from combin.stud.core.values import best_value, value_class
from combin.stud.draw.options import RESULTS, Option, option_keys
from combin.stud.draw.rank.engine import RankEngine

__all__ = ["advise", "instant_of", "Option", "option_keys", "RESULTS", "Moments"]

#: result id -> (probability, net x probability, net^2 x probability).
Moments = dict[str, tuple[Fraction, Fraction, Fraction]]


def advise(situation: Situation, rules: Rules, detail: bool = True,
           progress: Callable[[int, int], object] | None = None, everything: bool = False) -> list[Option]:
    """Every option of ``situation`` under ``rules``: :class:`Option` s, best first.

    The options are priced by the rank engine
    (:class:`~combin.stud.draw.rank.engine.RankEngine`): exactly where an
    option can be the best or the runner-up, by a proven upper bound
    elsewhere (``Option.bound``: "cannot be best"), every option exactly with
    ``everything``.  Exact options come first, best first (equal values keep
    the order of :func:`option_keys`), then the bounded ones by bound.  The
    best option carries ``results`` (probability of each final result) and
    ``moments`` (per result: its probability, its net times its probability
    and its squared net times its probability;
    :meth:`~combin.stud.draw.rank.engine.RankEngine.distribution`) when
    ``detail``.  A royal or straight flush dealt in the first five under
    L7=ends-round gives the instant payout alone; under L7=continue the
    instant pay is added to every option.  ``progress(done, total)`` is
    called once the options are priced.
    :func:`combin.stud.reference.cards.advise.advise_cards` is the same advice
    from the card-by-card engine, every option exact (the reference).

    >>> from combin.stud.core.rules import load_rules
    >>> from combin.stud.core.situation import Situation, card_text
    >>> from combin.lunar import GAME as LUNAR
    >>> rules = load_rules(LUNAR.id).resolve()
    >>> situation = Situation.parse("AS AD KS QD 9S", "JH", "9TJQKA")
    >>> options = advise(situation, rules, detail=False)
    >>> best = options[0]
    >>> best.kind, [card_text(card) for card in best.discard], best.ev
    ('exchange', ['KS', 'QD', '9S'], Fraction(18322973, 6126120))
    >>> sum(1 for option in options if option.bound) > 0
    True
    """
    player = list(situation.player)
    bonus, settled = instant_of(player, rules, detail)
    if settled is not None:
        return settled
    engine = RankEngine(situation, rules)
    values, bounds = engine.priced(everything)
    order = {key: i for i, key in enumerate(engine.keys)}
    exact = sorted(values, key=lambda key: (-values[key], order[key]))
    bounded = sorted(bounds, key=lambda key: (-bounds[key], order[key]))
    if progress is not None:
        progress(len(engine.keys), len(engine.keys))
    out: list[Option] = []
    for index, key in enumerate(exact):
        kind, positions = key
        results: dict[str, Fraction] | None = None
        moments: Moments | None = None
        if detail and index == 0:
            whole, found = engine.distribution(key)
            moments = _moments_of(whole, found, bonus)
            results = {name: p for name, (p, _, _) in moments.items()}
            # the nets times their probabilities must give the option's value back
            if sum((m for _, m, _ in moments.values()), Fraction(0)) != values[key] + bonus:
                raise AssertionError(f"the results of {kind} do not add up to its value")
        out.append(Option(kind, tuple(player[p] for p in positions), values[key] + bonus, results, moments))
    for key in bounded:
        kind, positions = key
        out.append(Option(kind, tuple(player[p] for p in positions), bounds[key] + bonus, bound=True))
    return out


def instant_of(player: Sequence[int], rules: Rules, detail: bool) -> tuple[Fraction, list[Option] | None]:
    """``(instant pay, settled advice)``: the pay a royal or straight flush in the first five
    earns under the instant paytable, and the advice when that ends the round (else ``None``)."""
    instant: dict[str, Fraction] = {}
    if rules.instant is not None:
        instant = {event: Fraction(pay.net) for event, pay in rules.instant.lines}
    name = value_class(best_value(player))
    bonus = instant.get(name, Fraction(0))
    if name in instant and rules.instant_ends_round:
        if not detail:
            return bonus, [Option("instant", (), bonus)]
        return bonus, [Option("instant", (), bonus, {"instant": Fraction(1)},
                              {"instant": (Fraction(1), bonus, bonus * bonus)})]
    return bonus, None


def _moments_of(whole: int, found: dict[str, list[int]], bonus: Fraction = Fraction(0)) -> Moments:
    """``{result id: (probability, net x probability, net^2 x probability)}`` of a distribution
    ``(whole, {result id: [count, sum count x net, sum count x net^2]})``, the instant pay
    ``bonus`` added to every net (L7=continue)."""
    return {key: (Fraction(c, whole), Fraction(s1, whole) + bonus * Fraction(c, whole),
                  Fraction(s2, whole) + 2 * bonus * Fraction(s1, whole) + bonus ** 2 * Fraction(c, whole))
            for key, (c, s1, s2) in found.items()}
