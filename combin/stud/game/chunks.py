"""The whole Lunar Poker game with draws, under optimal play, class by class.

Every situation class (:func:`combin.stud.core.classes.situations`: the
player's five and the dealer's up card up to suit symmetry, with exact
weights summing to ``C(n, 5) * (n - 5)``) is priced by the decision engine
:func:`combin.stud.draw.advise.advise`: all options (fold, play, buy, the
exchanges), each exact.  The classes are cut into chunks
(:meth:`combin.stud.game.spec.RunSpec.chunks`) that :func:`solve_chunk` prices anywhere -- in this
process or on a Dask worker -- returning exact integers only.

Why the integers are exact.  With ``u = n - 6`` unseen cards, an option that
draws ``k`` cards has a value ``integer / (r_k * C(u - k, 4) * C(u, k))``
plus whole-unit fees and pays (``r_k = u - k - 4`` forced replacements; the
denominator of :mod:`combin.stud.reference.cards.advise`), and so do the probabilities of its
results.  :func:`common_denominator` is the least common multiple ``L`` of
those denominators, so every value times ``L`` is an integer -- checked for
every value, never assumed.  Whole-game figures are ``sum(weight * numerator)
/ (L * sum(weight))``: one division at the end.

A run prices either every option of every class (``price="all"``: each
record keeps the value of every option, so any other strategy -- the basic
strategy, a simplification of the table -- is priced from the records
without running the engine again) or only what the optimal game needs
(``price="best"``: the best option exactly, every other option whose bound does not prove
it below the best priced too, the rest recorded as ``None``).
"""

import gc
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm
from typing import TYPE_CHECKING, Any

from combin.errors import CombinError
from combin.stud.core.situation import Situation, card_text
from combin.stud.game.spec import RunSpec

if TYPE_CHECKING:
    from combin.stud.core.deck import Deck
    from combin.stud.core.rules import Rules
    from combin.stud.draw.options import OptionKey

__all__ = ["common_denominator", "solve_chunk", "rank_group", "rank_group_keys", "rank_group_order", "group_cuts",
           "GROUPED", "grouped_chunks", "cpu_per_class", "warm_up", "ClassRecord",
           "records_of", "option_label", "option_group", "RECORD_FORMAT"]


#: The version of a chunk result's layout (2: every result carries its net moments; 3: an option
#: not priced is ``None``).
RECORD_FORMAT = 3


def common_denominator(deck_size: int, rules: "Rules") -> int:
    """``L``: every option value and result probability of a situation is an integer over ``L``.

    >>> from combin.caribbean import GAME as CARIBBEAN
    >>> from combin.stud.core.rules import load_rules
    >>> from math import comb
    >>> common_denominator(52, load_rules(CARIBBEAN.id).resolve()) == 42 * comb(46, 4)   # no draws
    True
    """
    unseen = deck_size - 6
    sizes = [0]
    if rules.stud.can_draw:
        sizes += [rules.buy, *rules.exchange_sizes]
    return lcm(*((unseen - k - 4) * comb(unseen - k, 4) * comb(unseen, k) for k in sizes))


def _whole(value: Fraction, scale: int, what: str) -> int:
    scaled = value * scale
    if scaled.denominator != 1:
        raise AssertionError(f"{what} {value} is not a whole multiple of 1/{scale}")
    return int(scaled)


def solve_chunk(run: dict[str, Any], rows: Iterable[Sequence[int]]) -> dict[str, Any]:
    """Price every class of a chunk of the run ``run`` (:meth:`~combin.stud.game.spec.RunSpec.to_json`):
    ``{"denominator": L, "classes": [...], "cpu_seconds": t}``.

    A record is ``[class index, hand (5 ids), up, weight, best option index,
    [value numerator of each option, in option_keys order; ``None`` for an
    option not priced (``run["price"] == "best"``: it cannot be the best)] or
    [the instant value] for an instant payout, {result id: [probability, net x
    probability, net^2 x probability]}]``, every number a numerator over ``L`` (the nets of
    :func:`combin.stud.reference.cards.advise.distribution`, whole Ante units, so ``L`` serves
    the moments too -- checked like every value).
    ``cpu_seconds`` is the processor time the chunk's classes took and
    ``setup_seconds`` the one-time work of this process that came first (the
    deck's hand table, the compiled kernel: :func:`warm_up`), both for the
    throughput only; no figure reads them.
    """
    start = time.process_time()
    # no cyclic collection while the chunk is priced: its records are lists, dicts and arrays that
    # their counts free, and a collection scanned the worker's kept tables (about 1.5 % of a
    # 52-card chunk's time, py-spy); the setting is the caller's again after
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _solve_rows(run, rows, start)
    finally:
        if collecting:
            gc.enable()


def _solve_rows(run: dict[str, Any], rows: Iterable[Sequence[int]], start: float) -> dict[str, Any]:
    """:func:`solve_chunk`'s work, ``start`` its processor time when it began."""
    from combin.stud.draw.advise import instant_of, option_keys
    from combin.stud.draw.rank.engine import RankEngine
    deck, rules = RunSpec.from_json(run).resolve()
    setup = warm_up(deck, rules)
    scale = common_denominator(len(deck), rules)
    keys = option_keys(rules)
    everything = run.get("price", "all") == "all"
    out: list[list[Any]] = []
    # per five: its instant pay (a whole number of Antes) and the advice when it settles the round;
    # a run prices a five's classes up rank by up rank, each rank group apart, so kept by five
    instants: dict[tuple[int, ...], tuple[int, Any]] = {}
    for *hand, up, weight, index in rows:
        five = tuple(hand)
        found = instants.get(five)
        if found is None:
            pay, advice = instant_of(list(hand), rules, True)
            # the pay is added to every net where play goes on (L7=continue): whole Antes there
            found = instants[five] = (0 if advice is not None else _whole(pay, 1, "the instant pay"), advice)
        bonus, settled = found
        if settled is not None:
            best = settled[0]
            results = {key: [_whole(p, scale, key), _whole(m1, scale, key), _whole(m2, scale, key)]
                       for key, (p, m1, m2) in sorted((best.moments or {}).items())}
            out.append([index, hand, up, weight, -1, [_whole(best.ev, scale, "instant")], results])
            continue
        engine = RankEngine(Situation(tuple(hand), up, deck), rules)
        if engine.scale != scale:
            raise AssertionError("the engine's denominator is not the run's")
        chosen, numerators, results = engine.record(everything, bonus)
        out.append([index, hand, up, weight, chosen, numerators, dict(sorted(results.items()))])
    return {"format": RECORD_FORMAT, "denominator": scale, "classes": out,
            "cpu_seconds": round(time.process_time() - start - setup, 3), "setup_seconds": round(setup, 3)}


def rank_group(hand: Sequence[int], up: int) -> tuple[tuple[int, ...], int]:
    """The rank group of a class: its five's rank multiset (sorted) and its up card's rank -- what
    the rank engine's shared ranks' part and forcing sums read
    (:func:`combin.stud.draw.rank.prepare.share_ranks`).

    >>> from combin.core.cards import parse_cards
    >>> rank_group(parse_cards("As Ks Qs Js 9s"), parse_cards("2c")[0])
    ((7, 9, 10, 11, 12), 0)
    """
    return tuple(sorted(int(card) >> 2 for card in hand)), int(up) >> 2


def rank_group_keys(hands: Any, ups: Any) -> Any:
    """:func:`rank_group` of many classes at once, as one integer each (a numpy array; two classes
    share a key exactly when they share a rank group, and the keys sort as the groups do).

    >>> from combin.core.cards import parse_cards
    >>> hands = [parse_cards("As Ks Qs Js 9s"), parse_cards("Ad Kd Qd Jd 9c"), parse_cards("2h 3h 4h 5h 7d")]
    >>> keys = rank_group_keys(hands, parse_cards("2c 2d 3c"))
    >>> bool(keys[0] == keys[1]), bool(keys[2] < keys[0])
    (True, True)
    """
    import numpy as np
    ranks = np.sort(np.asarray(hands, dtype=np.int64) >> 2, axis=1)
    # base 13, the first (lowest) rank the most significant: the order of the sorted tuples
    return (ranks @ (13 ** np.arange(4, -1, -1))) * 13 + (np.asarray(ups, dtype=np.int64) >> 2)


def rank_group_order(hands: Sequence[Sequence[int]], ups: Sequence[int]) -> list[int]:
    """The positions ``0 .. len(hands) - 1`` of classes in the order that shares the most work: by the
    five's rank multiset and the up rank (the rank engine's shared ranks' part,
    :func:`combin.stud.draw.rank.prepare.share_ranks`), then by five (the rest of the ranks' part,
    shared by the up cards of one rank), then as listed.  The order classes are priced in changes
    no figure: a run's records are read back by class index (:func:`records_of`).

    >>> from combin.core.cards import parse_cards
    >>> hands = [parse_cards(text) for text in ("As Ks Qs Js 9s", "2h 3h 4h 5h 7d", "Ah Kd Qs Jc 9h", "As Ks Qs Js 9s")]
    >>> rank_group_order(hands, parse_cards("2c 6c 2d 3d"))     # the two fives of ace-king with a 2 up together
    [1, 2, 0, 3]
    """
    def key(i: int) -> tuple[tuple[int, ...], int, tuple[int, ...], int]:
        hand = tuple(int(card) for card in hands[i])
        return (*rank_group(hand, ups[i]), hand, i)
    return sorted(range(len(hands)), key=key)


def group_cuts(hands: Sequence[Sequence[int]], ups: Sequence[int], order: Sequence[int], size: int) -> list[int]:
    """Where to cut ``order`` (positions, the first 0) into chunks of whole rank groups: each chunk
    the groups that follow one another until it holds at least ``size`` classes (the last may hold
    fewer; a group larger than ``size`` is a chunk alone).  A group's classes share the ranks' part
    and the forcing sums in the process that prices them, so on several workers a group cut in two
    is set up twice.

    >>> from combin.core.cards import parse_cards
    >>> hands = [parse_cards(text) for text in ("2h 3h 4h 5h 7d", "2c 3h 4h 5h 7d", "As Ks Qs Js 9s", "Ah Ks Qs Js 9s")]
    >>> ups = parse_cards("Kc Kd Tc Td")
    >>> group_cuts(hands, ups, [0, 1, 2, 3], 1), group_cuts(hands, ups, [0, 1, 2, 3], 3)
    ([0, 2], [0])
    """
    def group(i: int) -> tuple[tuple[int, ...], int]:
        return rank_group(hands[i], ups[i])
    cuts, held = ([0] if len(order) else []), 0
    for position, i in enumerate(order):
        if held >= size and group(i) != group(order[position - 1]):
            cuts.append(position)
            held = 0
        held += 1
    return cuts


#: The order of an exact run's classes in its key (:func:`grouped_chunks`): chunks of another
#: order or cut never mix with its own in a store.
GROUPED = "rank groups, whole groups a chunk"


def grouped_chunks(spec: RunSpec, hands: Any, ups: Any, weights: Any, first: int = 0) -> list[Any]:
    """Every class of ``hands``/``ups`` as ``spec``'s chunks (:meth:`RunSpec.chunks`) in the order
    that shares the most work (:func:`rank_group_order`), a chunk of whole rank groups
    (:func:`group_cuts`) of at least ``spec.chunk`` classes: a worker sets each group up once.  A
    group's classes are priced alike wherever they are cut; the cut only saves the work (a
    52-card exact run cut in 64-class spans of canonical order took 1.44 CPU-ms a class, cut here
    about 0.7).

    >>> from combin.stud.core.classes import situations
    >>> from combin.stud.core.deck import Deck
    >>> from combin.stud.core.rules import load_rules
    >>> from combin.lunar import GAME
    >>> deck = Deck.parse("JQKA")
    >>> _, hands, ups, weights = situations(deck)
    >>> chunks = grouped_chunks(RunSpec.of(deck, load_rules(GAME.id).resolve(), chunk=8, order=GROUPED), hands, ups, weights)
    >>> sorted(row[-1] for _, rows in chunks for row in rows) == list(range(len(weights)))
    True
    """
    # the cut is in the run's key (GROUPED), so chunks cut otherwise never mix with these in a store
    if dict(spec.extra).get("order") != GROUPED:
        raise AssertionError("a run cut in whole rank groups must say so in its key (order=GROUPED)")
    order = rank_group_order(hands, ups)
    return spec.chunks(hands, ups, weights, order, first=first, cuts=group_cuts(hands, ups, order, spec.chunk))


def cpu_per_class(run: dict[str, Any], rows: Iterable[Sequence[int]], count: int = 12,
                  seed: int = 1) -> tuple[float, list[Sequence[int]]]:
    """``(CPU seconds per class, rows priced)``: the classes of ``count`` seeded rank groups of ``rows``
    (every class whose five has the ranks and whose up card the rank of a seeded class's, in the
    order a run prices them, :func:`rank_group_order`: a group shares the ranks' part and the forcing
    sums) priced in this process, the one-time setup not counted -- a measurement of this machine
    now, for the projections printed before a long run (standard error only, never a sheet).

    Whole hands priced with every up card, as this measured before, price each rank group for a
    few classes only: on 52 cards they projected 3 to 4 times the run's own time per class.  One
    more seeded group is priced first and not measured: the first class a process prices through a
    run's whole path loads what :func:`warm_up` does not (about 0.6 CPU-s on 52 cards, which made a
    projection of three groups ten times the run's own time)."""
    every = list(rows)

    def group(row: Sequence[int]) -> tuple[tuple[int, ...], int]:
        return rank_group(row[:5], row[5])
    seeded = [group(row) for row in random.Random(seed).sample(every, min(count + 1, len(every)))]
    groups = list(dict.fromkeys(seeded))            # distinct, in the seeded order
    warm, measured = (groups[:1], set(groups[1:])) if len(groups) > 1 else ([], set(groups))

    def classes_of(wanted: Any) -> list[Sequence[int]]:
        picked = [row for row in every if group(row) in wanted]
        order = rank_group_order([row[:5] for row in picked], [row[5] for row in picked])
        return [picked[i] for i in order]
    if warm:
        solve_chunk(run, classes_of(set(warm)))
    picked = classes_of(measured)
    seconds: float = max(solve_chunk(run, picked)["cpu_seconds"], 1e-6)
    return seconds / len(picked), picked


#: The (deck, readings, paytable) of every situation priced once in this process by warm_up.
_WARM: set[tuple[str, tuple[tuple[str, str], ...], str | None]] = set()


def warm_up(deck: "Deck", rules: "Rules") -> float:
    """Price one fixed situation of ``deck`` once per process; the processor seconds it took, else 0.

    The first class a process prices also builds the deck's hand table and
    loads the compiled kernel (seconds on 52 cards); that one-time work is
    kept out of the per-class throughput and the projected core-hours.
    """
    from combin.stud.draw.advise import advise
    key = (deck.text, rules.readings, None if rules.instant is None else rules.instant.id)
    if key in _WARM:
        return 0.0
    start = time.process_time()
    cards = deck.cards
    advise(Situation(tuple(cards[:5]), cards[5], deck), rules, detail=True)
    _WARM.add(key)
    return time.process_time() - start


@dataclass(frozen=True)
class ClassRecord:
    """One priced situation class (values are numerators over the run's denominator)."""

    index: int
    hand: tuple[int, ...]
    up: int
    weight: int
    best: int            # index into option_keys, -1 for an instant payout
    values: tuple[int | None, ...]   # per option, None where not priced (or the instant value alone)
    results: dict[str, list[int]]    # result id -> [probability, net x probability, net^2 x probability]

    @property
    def best_value(self) -> int:
        value = self.values[0] if self.best < 0 else self.values[self.best]
        if value is None:       # the best option is always priced (solve_chunk)
            raise CombinError(f"class {self.index}: its best option is not priced")
        return value

    @property
    def second_moment(self) -> int:
        """The numerator over ``L`` of E[net^2] of the class under its best option."""
        return sum(entry[2] for entry in self.results.values())


def records_of(chunk_results: Sequence[dict[str, Any]]) -> tuple[int, list[ClassRecord]]:
    """``(denominator, [ClassRecord])`` from :func:`solve_chunk` results, by class index."""
    if any(result.get("format") != RECORD_FORMAT for result in chunk_results):
        raise CombinError("chunk results of another record format (written by another version "
                          "of combin): use a new --store")
    scales = {result["denominator"] for result in chunk_results}
    if len(scales) != 1:
        raise CombinError("the chunks of one run disagree on the common denominator")
    records = [ClassRecord(i, tuple(h), u, w, b, tuple(v), dict(r))
               for result in chunk_results for i, h, u, w, b, v, r in result["classes"]]
    records.sort(key=lambda record: record.index)
    scale: int = scales.pop()
    return scale, records


def option_group(key: "OptionKey") -> str:
    """The kind of an option key as a player names it: ``fold``, ``play``, ``buy``, ``exchange 3``.

    >>> option_group(("exchange", (2, 3, 4))), option_group(("buy", ()))
    ('exchange 3', 'buy')
    """
    kind, positions = key
    return f"exchange {len(positions)}" if kind == "exchange" else kind


def option_label(key: "OptionKey", hand: Sequence[int]) -> str:
    """An option of a hand in words (``exchange 7H 2D``).

    >>> from combin.core.cards import parse_cards
    >>> hand = parse_cards("As Ad Ks Qd 9s")
    >>> option_label(("exchange", (2, 3, 4)), hand), option_label(("play", ()), hand)
    ('exchange KS QD 9S', 'play')
    """
    kind, positions = key
    if kind == "exchange":
        return "exchange " + " ".join(card_text(hand[p]) for p in positions)
    return {"buy": "buy a sixth card"}.get(kind, kind)
