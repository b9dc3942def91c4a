"""Every option of one Lunar Poker situation by the card-by-card engine: the reference of :func:`~combin.stud.draw.advise.advise`.

Not the production path: :func:`combin.stud.draw.advise.advise` prices with the
rank engine (:mod:`combin.stud.draw.rank`).  :func:`advise_cards` gives the same
advice from the card-by-card engine (:class:`~combin.stud.reference.cards.engine.Engine`),
every option exact, summed draw by draw over the cards; ``combin audit --verify``
and the tests compare the two option by option.  :func:`price` and
:func:`distribution` price one option and give its outcomes the same way.

Why it is exact.  Let ``B`` be the ``n`` unseen cards.  An option draws ``k``
cards ``N`` from ``B`` (``k = 0`` for play); the dealer's four hidden cards
are a 4-subset ``H`` of ``B - N`` and a forced replacement one of the
``r = n - k - 4`` cards left.  Dealing order does not change probabilities
(RULES.md §3), so every draw is equally likely, then every ``H``, then every
replacement, and the option's value is::

    -fee + sum_N max(-1, play(N)) / C(n, k),
    play(N) = [ r * (win * below + (-1 - bet) * above + take * not_qualified)
                + sum_H max(0, S_H - r * (force_fee + take)) ] / (r * C(n - k, 4))

where ``below``/``above``/``not_qualified`` count the dealer hands of
``B - N`` that qualify below / above the player's value or do not qualify,
and ``S_H`` is the forcing player's showdown total over the ``r``
replacements of a non-qualifying ``H``.  All of these are integers; the one
division happens when the total becomes a :class:`~fractions.Fraction`.

The counts over ``B - N`` come from counts over all of ``B`` by
inclusion-exclusion over the drawn cards: the 4-subsets of ``B`` avoiding
``N`` are ``sum_{T subset N} (-1)^|T|`` times those containing ``T``
(|T| <= 4).  For every subset ``T`` of every dealer hand the counts by dealer
value are tabulated once per situation
(:class:`~combin.stud.reference.numpy_engine.DealerTable`), so an
option needs ``2^k`` table look-ups per draw, vectorised over every draw.

Forcing is summed exactly, but only where it can matter.  Against a
non-qualifying ``H`` the forcing player wins at most ``win`` on each of the
``outs(H)`` replacements that requalify the dealer (a pair, a straight or a
flush; an ace-king only when the lowest card goes, L10=replace-lowest-once:
with the highest gone an ace and a king together would have qualified the
dealer), and loses or pushes elsewhere, so
``S_H <= win * outs(H)``; where ``win * outs(H) <= r * (force_fee + take)``
forcing cannot beat taking the Ante pay and its term is 0 without summing.
The player's class tightens the bound: below a straight only the pair and
ace-king outs can lose to the player (at most 3 for each of the four ranks
left, and 4 ace-king outs: :data:`~combin.stud.core.rules.WEAK_OUTS`); a
straight beats those and the straights (at most 8 straight or ace-king outs
in all) but no flush.
Dealer hands are sorted by each bound so the hands left to sum are a prefix.
Where the player's class decides every requalified showdown (two pair or
trips: pairs lose, straights and flushes win; full house or quads: all but a
straight flush lose), ``S_H`` is a count of bits, for blocks of draws at once.

Exchanges that a suit relabelling fixing the five cards and the up card
maps onto each other have the same value; each is summed once.

The best option's distribution (:func:`distribution`): per final result, the
number of equally likely outcomes (draw, dealer hand, replacement) and the
sums of their nets and squared nets, integers over ``r * C(n - k, 4) * C(n, k)``.
It reads only what the sums already hold -- the counts below / tied / above /
not qualifying, the forced outcomes, the player's values and the numerators
-- and recovers each draw's winning net from the numerator (an exact
division, checked), so the first and second moments of a round's net are
exact without a second pass over the cards.  The option's value is given
back by the nets times their probabilities, checked for every best option.

The sums run in the compiled kernel :mod:`combin.stud.reference.cards.kernel`, every option
of a situation in one call (:meth:`combin.stud.reference.cards.engine.Engine.prepare`); the
numpy code of :mod:`combin.stud.reference.numpy_engine` computes the same integers
(``Engine(..., reference=True)``; the tests compare the two draw by draw).
"""

from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import permutations
from typing import Any

import numpy as np

from combin.stud.core.rules import Rules
from combin.stud.core.situation import Situation
from combin.stud.core.values import CATEGORY_SHIFT, STRAIGHT, value_class
from combin.stud.draw.advise import Moments, instant_of
from combin.core.cards import CLASSES
from combin.stud.draw.options import Option, option_keys
from combin.stud.reference.cards.engine import Engine

__all__ = ["advise_cards", "price", "distribution", "option_sums_of", "results_of", "request_of", "Engine", "Sums",
           "Distribution"]

#: An option's per-draw sums: ``(numerator, denominator, counts, cards drawn, kind)``.
Sums = tuple[Any, int, Any, int, str]
#: ``(whole, {result id: [count, sum of count x net, sum of count x net^2]})``.
Distribution = tuple[int, dict[str, list[int]]]


def advise_cards(situation: Situation, rules: Rules, detail: bool = True,
                 progress: Callable[[int, int], object] | None = None) -> list[Option]:
    """:func:`advise` by the card-by-card engine (:class:`Engine`): every option exact.

    Equal values keep the order of :func:`option_keys`.  The best option
    carries ``results`` (probability of each final result) and ``moments``
    (per result: its probability, its net times its probability and its
    squared net times its probability; :func:`distribution`) when ``detail``.
    A royal or straight flush dealt in the first five under L7=ends-round gives
    the instant payout alone; under L7=continue the instant pay is added to
    every option.  ``progress(done, total)`` is called after each option.

    >>> from combin.stud.core.rules import load_rules
    >>> from combin.stud.core.situation import Situation, card_text
    >>> from combin.lunar import GAME as LUNAR
    >>> rules = load_rules(LUNAR.id).resolve()
    >>> situation = Situation.parse("AS AD KS QD 9S", "JH", "9TJQKA")
    >>> best = advise_cards(situation, rules, detail=False)[0]
    >>> best.kind, [card_text(card) for card in best.discard], best.ev
    ('exchange', ['KS', 'QD', '9S'], Fraction(18322973, 6126120))
    """
    player = list(situation.player)
    bonus, settled = instant_of(player, rules, detail)
    if settled is not None:
        return settled
    engine = Engine(situation, rules)
    options: list[tuple[Fraction, str, tuple[int, ...]]] = []
    seen: dict[tuple[str, tuple[int, ...]], Fraction] = {}
    symmetric = _suit_symmetries(player, situation.up)
    keys = option_keys(rules)
    twins: list[tuple[str, tuple[int, ...]]] = []
    for kind, positions in keys:
        # an exchange that a suit relabelling fixing the five and the up card turns into one
        # already priced keeps the same cards up to suits: the same value, not summed again
        kept = [c for i, c in enumerate(player) if i not in positions]
        twins.append((kind, min(tuple(sorted(_relabel(c, p) for c in kept)) for p in symmetric)))
    firsts: dict[tuple[str, tuple[int, ...]], tuple[str, tuple[int, ...]]] = {}
    for key, twin in zip(keys, twins):
        firsts.setdefault(twin, key)
    engine.prepare([request_of(engine, player, kind, positions) for kind, positions in firsts.values()
                    if kind != "fold"])
    for done, ((kind, positions), twin) in enumerate(zip(keys, twins), 1):
        if twin not in seen:
            seen[twin] = option_sums_of(engine, player, kind, positions, False)[0]
        options.append((seen[twin], kind, positions))
        if progress is not None:
            progress(done, len(keys))
    # the best is the first option of the highest value in option_keys order (a stable sort):
    # never a twin, whose first relabelling comes before it with the same value
    options.sort(key=lambda item: -item[0])
    out: list[Option] = []
    for index, (ev, kind, positions) in enumerate(options):
        results: dict[str, Fraction] | None = None
        moments: Moments | None = None
        if detail and index == 0:
            sums = option_sums_of(engine, player, kind, positions, True)[1]
            moments = _moments(engine, sums, bonus)
            results = {key: p for key, (p, _, _) in moments.items()}
            # the nets times their probabilities must give the option's value back
            if sum((m for _, m, _ in moments.values()), Fraction(0)) != ev + bonus:
                raise AssertionError(f"the results of {kind} do not add up to its value")
        out.append(Option(kind, tuple(player[p] for p in positions), ev + bonus, results, moments))
    return out


def request_of(engine: Engine, player: Sequence[int], kind: str,
               positions: Sequence[int]) -> tuple[list[int], int]:
    """``(kept cards, cards drawn)`` of an option that draws or plays (not fold)."""
    size: int = 0 if kind == "play" else (engine.rules.buy if kind == "buy" else len(positions))
    return [c for i, c in enumerate(player) if i not in positions], size


def _relabel(card: int, suits: Sequence[int]) -> int:
    return (card & ~3) | suits[card & 3]


def _suit_symmetries(player: Sequence[int], up: int) -> list[tuple[int, ...]]:
    """The suit permutations that map the player's five onto themselves and fix the up card."""
    cards = set(player)
    return [p for p in permutations(range(4))
            if _relabel(up, p) == up and {_relabel(c, p) for c in cards} == cards]


def price(engine: Engine, player: Sequence[int], kind: str, positions: Sequence[int] = ()) -> Fraction:
    """The exact value of one option (``kind`` of :func:`option_keys`, discard positions).

    >>> from combin.stud.core.rules import load_rules
    >>> from combin.stud.core.situation import Situation
    >>> situation = Situation.parse("AS AD KS QD 9S", "JH", "9TJQKA")
    >>> from combin.lunar import GAME as LUNAR
    >>> engine = Engine(situation, load_rules(LUNAR.id).resolve())
    >>> price(engine, list(situation.player), "play"), price(engine, list(situation.player), "exchange", (3, 4))
    (Fraction(205, 204), Fraction(1019353, 371280))
    """
    return option_sums_of(engine, player, kind, positions, False)[0]


def option_sums_of(engine: Engine, player: Sequence[int], kind: str, positions: Sequence[int],
                   detail: bool) -> tuple[Fraction, Sums | None]:
    """``(value, sums)``: the option's exact value and, with ``detail``, its per-draw sums."""
    if kind == "fold":
        return Fraction(-1), None
    kept, size = request_of(engine, player, kind, positions)
    numerator, denominator, counts = engine.play_numerators(kept, size, detail)
    sums: Sums | None = (numerator, denominator, counts, size, kind) if detail else None
    if kind == "play":
        return Fraction(int(numerator[0]), denominator), sums
    # a sum of at most C(47, 5) int64 terms each below 2.6e9 in size: below 2**63
    total = int(np.maximum(numerator, -denominator).sum())
    return -(engine.draw_fee or 0) + Fraction(total, denominator * len(numerator)), sums


def results_of(engine: Engine, sums: Sums | None) -> dict[str, Fraction]:
    """Probabilities of each final result of one option (see :data:`RESULTS`)."""
    whole, found = distribution(engine, sums)
    return {key: Fraction(count, whole) for key, (count, _, _) in found.items()}


def _moments(engine: Engine, sums: Sums | None, bonus: Fraction = Fraction(0)) -> Moments:
    """``{result id: (probability, net x probability, net^2 x probability)}`` of one option.

    ``bonus`` (the instant pay under L7=continue) is added to every net:
    ``sum c (x + b) = S1 + b c`` and ``sum c (x + b)^2 = S2 + 2 b S1 + b^2 c``.
    """
    whole, found = distribution(engine, sums)
    return {key: (Fraction(c, whole), Fraction(s1, whole) + bonus * Fraction(c, whole),
                  Fraction(s2, whole) + 2 * bonus * Fraction(s1, whole) + bonus ** 2 * Fraction(c, whole))
            for key, (c, s1, s2) in found.items()}


def _win_nets(engine: Engine, numerator: Any, counts: dict[str, Any], r: int) -> tuple[Any, Any]:
    """Per draw, the net of a won showdown (Ante pay plus Bet x pays), from the sums alone.

    The play numerator is ``r (w below - loss above + take nq) + gains``, and the
    forcing gains are ``sum over forced H of (w won_H - loss lost_H - r (force fee + take))
    = w nw - loss nl - picked r (force fee + take)``.  So ``w (r below + nw)`` is
    an integer known from the counts; where ``r below + nw = 0`` no result wins
    and ``w`` is never read (0 here).  The division is checked to be exact.
    """
    values = counts["values"]
    take = np.where(values >= STRAIGHT * CATEGORY_SHIFT, engine.take_high, engine.take_low)
    rest = numerator + r * engine.loss * counts["above"] - r * take * counts["nq"]
    wins = r * counts["below"]
    forced = counts["forced"][1] if counts["forced"] is not None else None
    if forced is not None:
        picked, nw, nl = forced[:, 0], forced[:, 1], forced[:, 2]
        rest = rest + engine.loss * nl + picked * r * ((engine.force_fee or 0) + take)
        wins = wins + nw
    safe = np.where(wins > 0, wins, 1)
    win, remainder = np.divmod(rest, safe)
    if (remainder[wins > 0] != 0).any() or (rest[wins == 0] != 0).any():
        raise AssertionError("the play numerators do not split into whole results")
    return np.where(wins > 0, win, 0), take


def distribution(engine: Engine, sums: Sums | None, nets: dict[tuple[str, int], int] | None = None) -> Distribution:
    """``(whole, {result id: [count, sum of count x net, sum of count x net^2]})`` of one option.

    ``nets``, a dict when given, receives the distribution itself: ``{(result id, net): count}``
    (the round with a side wager reads it: whether a round wins depends on the net, not on its
    moments).

    Integers over ``whole = r * C(n - k, 4) * C(n, k)`` (every draw weighs
    ``r * C(n - k, 4)``: its dealer hands, each with ``r`` replacements; a
    dealer hand weighs ``r``, a forced replacement 1).  The net of a result is
    per unit of Ante and counts the Ante, the Bet, the draw fee (an option
    that draws pays it whatever follows, a fold after the draw included) and
    the force fee; it is an integer (every amount is whole, checked by
    :class:`Engine`).  A result whose net varies from draw to draw (a win
    pays by the final cards; the Ante pay on a dealer who does not qualify
    by the player's class) carries its summed net and summed squared net.
    Sums of ``count x net^2`` are taken in Python integers, per distinct net.
    The decisions inside the option are the engine's: after a draw the
    player plays when playing is worth at least folding (a tie plays); the
    player forces only when forcing is worth more than the Ante pay (a tie
    takes the pay).

    >>> from combin.stud.core.rules import load_rules
    >>> from combin.stud.core.situation import Situation
    >>> situation = Situation.parse("AS AD KS QD 9S", "JH", "9TJQKA")
    >>> from combin.lunar import GAME as LUNAR
    >>> engine = Engine(situation, load_rules(LUNAR.id).resolve())
    >>> whole, found = distribution(engine, option_sums_of(engine, list(situation.player), "play", (), True)[1])
    >>> whole, sorted(found)[:3], sum(count for count, _, _ in found.values()) == whole
    (42840, ['ante_taken', 'forced_lost', 'forced_not_qualified'], True)
    """
    if sums is None:
        if nets is not None:
            nets[("fold", -1)] = 1
        return 1, {"fold": [1, -1, 1]}
    numerator, denominator, counts, size, kind = sums
    r = engine.n - size - 4
    fee = (engine.draw_fee or 0) if kind != "play" else 0
    plays = numerator >= -denominator if kind != "play" else np.ones(len(numerator), bool)
    whole = denominator * len(numerator)
    win, take = _win_nets(engine, numerator, counts, r)
    forced = counts["forced"][1] if counts["forced"] is not None else None
    picked = forced[:, 0] if forced is not None else np.zeros(len(numerator), np.int64)
    zero = np.zeros(len(numerator), np.int64)
    found: dict[str, list[int]] = {}
    names: list[str] = []
    parts: list[tuple[Any, Any]] = []

    def add(key: str, counts_of: Any, net_of: Any) -> None:
        # gathered here, summed by (result, net) at once below
        names.append(key)
        parts.append((counts_of[plays], np.broadcast_to(net_of, plays.shape)[plays] - fee))

    loss, ff = engine.loss, engine.force_fee or 0       # the fee is read only where forcing is summed
    if len(numerator):
        unique, inverse = np.unique(counts["values"], return_inverse=True)
        classes = np.array([CLASSES.index(value_class(v)) for v in unique.tolist()],
                           dtype=np.int64)[inverse.reshape(-1)]
        for index in np.unique(classes[plays]).tolist():
            add(f"win_{CLASSES[index]}", np.where(classes == index, r * counts["below"], 0), win)
    add("push", r * counts["tied"], zero)
    add("lose", r * counts["above"], zero - loss)
    add("ante_taken", r * (counts["nq"] - picked), take)
    if forced is not None:
        add("forced_won", forced[:, 1], win - ff)
        add("forced_lost", forced[:, 2], zero - loss - ff)
        add("forced_push", forced[:, 3], zero - ff)
        add("forced_not_qualified", forced[:, 4], zero - ff)
    if parts:
        count = np.concatenate([c for c, _ in parts]).astype(np.int64)
        net = np.concatenate([x for _, x in parts]).astype(np.int64)
        name = np.repeat(np.arange(len(parts), dtype=np.int64), [len(c) for c, _ in parts])
        keep = count != 0
        count, net, name = count[keep], net[keep], name[keep]
        if len(net) and int(np.abs(net).max()) >= 1 << 31:
            raise AssertionError("a net does not fit the (result, net) key")
        # one key per (result, net), in the order of the results above, then of the nets: a net
        # is a whole number of Antes far inside +-2**31 (at most 1,000 x the Bet and fees)
        code = name * (1 << 32) + (net + (1 << 31))
        codes, inverse = np.unique(code, return_inverse=True)
        totals = np.zeros(len(codes), np.int64)
        np.add.at(totals, inverse.reshape(-1), count)
        for packed, c in zip(codes.tolist(), totals.tolist()):
            key, x = names[packed >> 32], (packed & 0xFFFFFFFF) - (1 << 31)
            if nets is not None:
                nets[(key, x)] = nets.get((key, x), 0) + c
            entry = found.setdefault(key, [0, 0, 0])
            entry[0] += c
            entry[1] += c * x
            entry[2] += c * x * x
    folds = int((~plays).sum()) * denominator
    if folds:
        found["fold"] = [folds, folds * (-1 - fee), folds * (1 + fee) ** 2]
        if nets is not None:
            nets[("fold", -1 - fee)] = folds
    if sum(entry[0] for entry in found.values()) != whole:
        raise AssertionError("the results of an option do not cover its outcomes")
    return whole, {key: entry for key, entry in found.items() if entry[0]}
