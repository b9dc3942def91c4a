"""The whole stud game: every situation, under a strategy, summed exactly.

Every situation class (:func:`~combin.stud.core.classes.situations`: the
player's five and the up card, up to suit symmetry, with exact weights) is
settled against every dealer hand -- the up card and four hidden cards from
the ``n - 6`` unseen -- counted by :class:`~combin.stud.nodraw.dealer.DealerCounter`
(inclusion-exclusion, exact integers).  When the game lets the player force
(L10), every dealer hand is paired with each of the ``M = n - 10`` cards that
could replace its highest card (its lowest under L10=replace-lowest-once), so
every situation stands for ``C(n-6, 4) * M`` equally likely outcomes whether or
not the player forces;
otherwise ``M = 1``.  The forced hands come from :mod:`~combin.stud.nodraw.force`.

Results are counted per line (an event and its exact net result); the house
edge, variance and element of risk follow from the lines, divided once.
Every net is scaled by the least common denominator ``S`` of the pays so that
sums stay integers.  int64 is safe: a situation class weighs at most 24 * 47,
so a line's count from one class is at most 24 * 47 * C(46,4) * 42 < 8 * 10**9
and a chunk of 100,000 classes adds to under 10**15; a play numerator is at most
M * C(46,4) * S * (largest net) < 10**10 for these paytables.  Totals over the
lines are Python integers.
"""

import sys
from dataclasses import dataclass, field
from fractions import Fraction
from collections.abc import Callable, Iterable, Sequence
from math import comb, lcm
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from combin.errors import CombinError
from combin.core.cards import ACE, CLASSES, JACK, KING, QUEEN
from combin.running.executor import run_chunks
from combin.stud.game.spec import RunSpec
from combin.stud.nodraw.dealer import dealer_counter
from combin.stud.nodraw.force import FORCE_FIELDS, force_by_up_card, never_gains
from combin.stud.core.rules import ForceCard, bet_pay, instant_pay

if TYPE_CHECKING:
    from combin.stud.core.deck import Deck
    from combin.stud.core.rules import Rules
from combin.stud.core.classes import situations, situations_in_rows
from combin.stud.core.values import (CATEGORY_SHIFT, ONE_PAIR, QUALIFY, STRAIGHT_FLUSH, category_of,
                                     hand_table, hand_value, value_class)

__all__ = ["STRATEGIES", "WholeGame", "whole_game", "whole_games", "EVENTS", "AKJ83"]

STRATEGIES = ("optimal", "always", "pair", "ace-king", "thumb", "akj83")
"""``optimal``; ``always`` play; ``pair`` / ``ace-king``: play on that or better;
``thumb``: the published Caribbean rules of thumb (ANCHORS.md); ``akj83``: play on
A-K-J-8-3 or better (:data:`AKJ83`), the published simple strategy (ANCHORS.md)."""

#: The value of A-K-J-8-3 of mixed suits: ``akj83`` plays a hand of this value or more
#: (any pair or better, and the ace-king high hands from A-K-J-8-3 up).
AKJ83 = hand_value([ACE * 4, KING * 4 + 1, JACK * 4 + 2, 6 * 4 + 3, 1 * 4])

EVENTS = ("instant", "win", "not_qualified", "push", "lose", "fold",
          "forced_win", "forced_push", "forced_not_qualified", "forced_lose")
_CHUNK = 100_000

Array = NDArray[Any]
#: (event, class id or "", net) -> combinations.
Lines = dict[tuple[str, str, Fraction], int]
#: ``class``: class id -> [played, situations]; ``ace_king``: (third rank, up rank) -> the same.
Boundary = dict[str, dict[Any, list[int]]]
#: Per strategy: ``(lines, chosen, [forced], boundary)``.
SpanSums = tuple[Lines, dict[str, int], list[int], Boundary]
#: A progress callback: called with one line of text.
Progress = Callable[[str], object]
_NET_OFFSET = 1 << 31


@dataclass
class WholeGame:
    """Exact totals of a whole game under one strategy.

    >>> from combin.stud.core.deck import Deck
    >>> from combin.stud.core.rules import load_rules
    >>> from combin.caribbean import GAME as CARIBBEAN
    >>> game = whole_game(load_rules(CARIBBEAN.id).resolve(), Deck.parse("9TJQKA"))
    >>> # on six ranks the player wins 1.54 Antes a round: the house's element of risk is negative
    >>> game.situations, game.expected, game.element_of_risk
    (807576, Fraction(39610279, 25741485), Fraction(-39610279, 59987475))
    """

    rules: "Rules"
    deck: "Deck"
    strategy: str
    classes: int                 # situation classes summed
    situations: int              # situations (sum of weights): C(n,5) * (n-5)
    per_situation: int           # outcomes per situation: C(n-6,4) * M
    replacements: int            # M
    lines: Lines                 # (event, class id or "", net Fraction) -> combinations
    chosen: dict[str, int]       # option -> situations (weighted)
    forced: int = 0              # (situation, dealer hand) pairs where the player forces
    boundary: Boundary = field(default_factory=dict)

    @property
    def cycle(self) -> int:
        return self.situations * self.per_situation

    @property
    def total(self) -> Fraction:
        """Sum of net results over every outcome (Ante units): negative is the player's loss."""
        return sum((count * net for (_, _, net), count in self.lines.items()), Fraction(0))

    @property
    def expected(self) -> Fraction:
        """The player's expected net result per round, in Antes (negative: the house's edge)."""
        return Fraction(self.total) / self.cycle

    @property
    def second_moment(self) -> Fraction:
        return sum((count * net * net for (_, _, net), count in self.lines.items()), Fraction(0)) / self.cycle

    @property
    def variance(self) -> Fraction:
        return self.second_moment - self.expected ** 2

    @property
    def wagered(self) -> Fraction:
        """Average total wagered per round: Ante, plus the Bet when played, plus a force fee."""
        bet, fee = self.rules.bet, self.rules.force_fee or 0
        total: Fraction | int = 0
        for (event, _, _), count in self.lines.items():
            stake: Fraction | int = 1
            if event not in ("fold", "instant"):
                stake += bet
            if event.startswith("forced"):
                stake += fee
            total += count * stake
        return Fraction(total, self.cycle)

    @property
    def element_of_risk(self) -> Fraction:
        """The house's edge per unit wagered (:attr:`expected` over :attr:`wagered`, sign turned)."""
        return -self.expected / self.wagered


def _pays(rules: "Rules", hands: Array, values: Array) -> tuple[list[Fraction], Array]:
    """Exact Bet pays (to 1) per hand: by rank multiset and flush, read once per pattern."""
    ranks = np.sort(hands >> 2, axis=1)
    flush = np.all((hands & 3) == (hands[:, :1] & 3), axis=1)
    key = (ranks * np.array([13 ** 4, 13 ** 3, 13 ** 2, 13, 1])).sum(axis=1) * 2 + flush
    keys, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    pays = [bet_pay(rules, hands[i].tolist()) if values[i] >= QUALIFY else Fraction(0)
            for i in first]
    return pays, inverse.reshape(-1)


def _scale(rules: "Rules", fractions: Iterable[Fraction]) -> int:
    every: list[Fraction | int] = [*fractions, rules.ante_win, rules.ante_not_qualified(0),
                                   rules.ante_not_qualified(STRAIGHT_FLUSH * CATEGORY_SHIFT),
                                   Fraction(rules.force_fee or 0)]
    if rules.instant is not None:
        every += [pay.net for _, pay in rules.instant.lines]
    return lcm(*(Fraction(f).denominator for f in every))


def _thumb(hands: Array, up: Array) -> Array:
    """Rules-of-thumb raise on ace-king (ANCHORS.md): the up card vs the player's cards."""
    ranks = -np.sort(-(hands >> 2), axis=1)
    up_rank = up >> 2
    matches = np.any(ranks == up_rank[:, None], axis=1)
    has_q = np.any(ranks == QUEEN, axis=1)
    has_j = np.any(ranks == JACK, axis=1)
    plays: Array = ((up_rank <= QUEEN) & matches) | ((up_rank >= KING) & (has_q | has_j)) | \
        (has_q & ~matches & (up_rank < ranks[:, 3]))
    return plays


def whole_game(rules: "Rules", deck: "Deck", strategy: str = "optimal", progress: Progress | None = None,
               **executor: Any) -> WholeGame:
    """Sum the whole game exactly; ``progress(done, total)`` is called between chunks;
    ``executor``: ``workers``, ``scheduler``, ``store_path``, ``spans`` of :func:`whole_games`.

    >>> from combin.stud.core.deck import Deck
    >>> from combin.stud.core.rules import load_rules
    >>> from combin.caribbean import GAME as CARIBBEAN
    >>> rules, deck = load_rules(CARIBBEAN.id).resolve(), Deck.parse("9TJQKA")
    >>> whole_game(rules, deck).expected == whole_game(rules, deck, spans=3).expected
    True
    >>> STRATEGIES[-1], value_class(AKJ83)        # A-K-J-8-3 or better: an ace-king hand
    ('akj83', 'ace_king')
    """
    return whole_games(rules, deck, (strategy,), progress, **executor)[0]


def whole_games(rules: "Rules", deck: "Deck", strategies: Sequence[str] = STRATEGIES,
                progress: Progress | None = None, workers: object = 0, scheduler: str | None = None,
                store_path: str | None = None, spans: int | None = None) -> list[WholeGame]:
    """:func:`whole_game` under each of ``strategies``, from one pass over the situations.

    The dealer counts and the forcing sums of a situation do not depend on the
    strategy (it only decides whether the situation plays), so they are counted
    once and every strategy adds the same integers it would add alone.

    With ``workers``, a ``scheduler`` or a ``store_path`` the situations are cut
    into ``spans`` (default :data:`SPANS`) ranges of canonical hands, summed as
    chunks on the executor (:mod:`combin.running.executor`) and kept in the store, so
    an interrupted run resumes; the spans' sums are added (every entry is a sum
    over the situations of its span, and the spans partition the situations),
    the same integers as one pass.  ``spans`` alone cuts the pass in this process.

    >>> from combin.stud.core.deck import Deck
    >>> from combin.stud.core.rules import load_rules
    >>> from combin.caribbean import GAME as CARIBBEAN
    >>> games = whole_games(load_rules(CARIBBEAN.id).resolve(), Deck.parse("9TJQKA"), ("optimal", "always"))
    >>> [game.strategy for game in games], games[0].expected >= games[1].expected
    (['optimal', 'always'], True)
    """
    for strategy in strategies:
        if strategy not in STRATEGIES:
            raise CombinError(f"unknown strategy '{strategy}' (strategies: {', '.join(STRATEGIES)})")
    if rules.instant is not None and not rules.instant_ends_round:
        raise CombinError("the whole game is summed under L7=ends-round only")
    need = 11 if rules.force_fee is not None else 10
    if len(deck) < need:
        raise CombinError(f"the deck {deck.text} has {len(deck)} cards; the game needs {need}")
    distributed = workers or scheduler is not None or store_path is not None
    if not distributed and spans is None:
        return _results(rules, deck, [_sum_span(rules, deck, strategies, None, progress)], strategies)
    total = comb(len(deck), 5)
    count = min(spans or SPANS, total)
    cuts = [total * i // count for i in range(count + 1)]
    spec = RunSpec.of(deck, rules)
    chunks = [(spec.game_json(), list(strategies), cuts[i], cuts[i + 1]) for i in range(count)]
    if not distributed:
        found = [span_sums(*chunk) for chunk in chunks]
    else:
        from combin.running.store import DEFAULT_STORE, Store
        description = spec.with_mode("no-draw", strategies=list(strategies), spans=count).to_json()
        with Store(store_path or DEFAULT_STORE) as store:
            found = run_chunks(span_sums, chunks, workers=workers, scheduler=scheduler, store=store,
                               description=description, label=f"game {rules.stud.game.id} without draws",
                               items=[c[3] - c[2] for c in chunks], unit="hands")
    return _results(rules, deck, [_from_json(f) for f in found], strategies)


#: Ranges of canonical hands a run on the executor is cut into.
SPANS = 64


def span_sums(run: dict[str, Any], strategies: Sequence[str], low: int, high: int) -> dict[str, Any]:
    """The sums of the situations whose canonical hand's row is in ``[low, high)``, as JSON
    (a chunk of :func:`whole_games` on the executor).

    Spans that partition the rows partition the situations, so their sums add up to the
    sums of one span over every row:

    >>> from math import comb
    >>> from combin.stud.core.deck import Deck
    >>> from combin.stud.core.rules import load_rules
    >>> from combin.stud.game.spec import RunSpec
    >>> from combin.caribbean import GAME as CARIBBEAN
    >>> run = RunSpec.of(Deck.parse("9TJQKA"), load_rules(CARIBBEAN.id).resolve()).game_json()
    >>> whole = span_sums(run, ["optimal"], 0, comb(24, 5))
    >>> halves = [span_sums(run, ["optimal"], 0, 20000), span_sums(run, ["optimal"], 20000, comb(24, 5))]
    >>> whole["situations"] == sum(half["situations"] for half in halves) == comb(24, 5) * 19
    True
    >>> folds = [dict(((e, c), n) for e, c, _, n in part["sums"]["optimal"]["lines"])[("fold", "")]
    ...          for part in (whole, *halves)]
    >>> folds[0] == folds[1] + folds[2]
    True
    """
    deck, rules = RunSpec.from_json(run).resolve()
    return _to_json(_sum_span(rules, deck, tuple(strategies), (low, high), None))


def _to_json(part: dict[str, Any]) -> dict[str, Any]:
    def strategy(entry: SpanSums) -> dict[str, Any]:
        lines, chosen, forced, boundary = entry
        return {"lines": [[e, c, f"{net.numerator}/{net.denominator}", count]
                          for (e, c, net), count in lines.items()],
                "chosen": [[k, v] for k, v in chosen.items()], "forced": forced[0],
                "class": [[k, *v] for k, v in boundary["class"].items()],
                "ace_king": [[*k, *v] for k, v in boundary["ace_king"].items()]}
    return dict(part, sums={name: strategy(entry) for name, entry in part["sums"].items()})


def _from_json(obj: dict[str, Any]) -> dict[str, Any]:
    sums: dict[str, SpanSums] = {}
    for name, entry in obj["sums"].items():
        lines: Lines = {(e, c, Fraction(net)): int(count) for e, c, net, count in entry["lines"]}
        boundary: Boundary = {"class": {k: [int(p), int(t)] for k, p, t in entry["class"]},
                    "ace_king": {(int(a), int(b)): [int(p), int(t)] for a, b, p, t in entry["ace_king"]}}
        sums[name] = (lines, dict(entry["chosen"]), [int(entry["forced"])], boundary)
    return dict(obj, sums=sums)


def _results(rules: "Rules", deck: "Deck", parts: Sequence[dict[str, Any]],
             strategies: Sequence[str]) -> list[WholeGame]:
    """The :class:`WholeGame` of each strategy from the sums of the spans (added entry by entry)."""
    out = []
    for strategy in strategies:
        lines: Lines = {}
        chosen: dict[str, int] = {}
        forced = 0
        boundary: Boundary = {"class": {}, "ace_king": {}}
        for part in parts:
            p_lines, p_chosen, p_forced, p_boundary = part["sums"][strategy]
            for key, count in p_lines.items():
                lines[key] = lines.get(key, 0) + count
            for key, count in p_chosen.items():
                chosen[key] = chosen.get(key, 0) + count
            forced += p_forced[0]
            for name in ("class", "ace_king"):
                for key, (played, total) in p_boundary[name].items():
                    entry = boundary[name].setdefault(key, [0, 0])
                    entry[0] += played
                    entry[1] += total
        first = parts[0]
        out.append(WholeGame(rules, deck, strategy, sum(p["classes"] for p in parts),
                             sum(p["situations"] for p in parts), first["per_situation"],
                             first["replacements"], lines, chosen, forced, boundary))
    return out


def _sum_span(rules: "Rules", deck: "Deck", strategies: Sequence[str], span: tuple[int, int] | None,
              progress: Progress | None) -> dict[str, Any]:
    """Per strategy ``(lines, chosen, [forced], boundary)`` over the situations of ``span`` (rows
    of canonical hands; ``None``: all), with the counts that every span shares."""
    if progress:
        progress("the dealer's hands and the situation classes")
    counter = dealer_counter(deck)
    table = hand_table(deck)
    if span is None:
        rows, hands, up, weights = situations(deck)
    else:
        rows, hands, up, weights = situations_in_rows(deck, *span)
    n = len(deck)
    dealer_hands = comb(n - 6, 4)
    forcing = rules.force_fee is not None
    m = n - 10 if forcing else 1
    # per canonical hand: value, class, pays
    canon_rows, canon_index = np.unique(rows, return_inverse=True)
    canon_hands = table.hands[canon_rows].astype(np.int64)
    canon_values = table.values[canon_rows].astype(np.int64)
    if progress:
        progress(f"the Bet's pays of {len(canon_rows):,} hands")
    pays, pay_index = _pays(rules, canon_hands, canon_values)
    scale = _scale(rules, pays)
    pay_scaled = np.array([int(p * scale) for p in pays], dtype=np.int64)[pay_index]
    aw = int(rules.ante_win * scale)
    lose = (1 + rules.bet) * scale
    take = np.array([int(rules.ante_not_qualified(v) * scale) for v in canon_values.tolist()],
                    dtype=np.int64)
    win_net = aw + rules.bet * pay_scaled
    classes = np.array([CLASSES.index(value_class(v)) for v in canon_values.tolist()], dtype=np.int64)
    instant = np.zeros(len(canon_rows), dtype=np.int64)
    is_instant = np.zeros(len(canon_rows), dtype=bool)
    if rules.instant_ends_round:
        for i in np.nonzero(canon_values >= STRAIGHT_FLUSH * CATEGORY_SHIFT)[0].tolist():
            pay = instant_pay(rules, canon_hands[i].tolist())
            if pay is not None:
                instant[i], is_instant[i] = int(pay * scale), True
    force: dict[int, Array] = {}
    if forcing:
        fee = int((rules.force_fee or 0) * scale)
        which = rules.force_replaces or ForceCard.HIGHEST
        todo = [i for i in range(len(canon_rows)) if not is_instant[i] and not never_gains(
            int(canon_values[i]), QUALIFY, int(win_net[i]), int(take[i]), fee, m, which)]
        for done, i in enumerate(todo):
            force[i] = force_by_up_card(counter, canon_hands[i], int(canon_values[i]),
                                        int(win_net[i]), int(take[i]), fee, lose, which)
            if progress and done % 50 == 0:
                progress(f"forcing: {done}/{len(todo)} hands")
    sums: dict[str, SpanSums] = {strategy: ({}, {}, [0], {"class": {}, "ace_king": {}}) for strategy in strategies}
    total = len(weights)
    for start in range(0, total, _CHUNK):
        stop = min(start + _CHUNK, total)
        h, u, w, c = hands[start:stop], up[start:stop], weights[start:stop], canon_index[start:stop]
        v = canon_values[c]
        counts = counter.outcomes(h, u, v)
        nq, below, tie, above = (counts[:, k] for k in range(4))
        gain = np.zeros(len(w), dtype=np.int64)
        extra = np.zeros((len(w), len(FORCE_FIELDS)), dtype=np.int64)
        for k in np.nonzero(np.isin(c, list(force)))[0].tolist() if force else ():
            extra[k] = force[int(c[k])][int(u[k])]
        gain = extra[:, 0]
        play = m * (nq * take[c] + below * win_net[c] - above * lose) + gain
        fold = -scale * dealer_hands * m
        for strategy, (lines, chosen, forced, boundary) in sums.items():
            if strategy == "optimal":
                plays = play > fold
            elif strategy == "always":
                plays = np.ones(len(w), dtype=bool)
            elif strategy == "pair":
                plays = v >= ONE_PAIR * CATEGORY_SHIFT
            elif strategy == "ace-king":
                plays = v >= QUALIFY
            elif strategy == "akj83":
                plays = v >= AKJ83
            else:
                plays = (v >= ONE_PAIR * CATEGORY_SHIFT) | ((v >= QUALIFY) & _thumb(h, u))
            inst = is_instant[c]
            plays &= ~inst
            folds = ~plays & ~inst
            cls = classes[c]
            _add(lines, "fold", 0, -scale, w[folds] * dealer_hands * m, cls[folds], scale)
            _add(lines, "instant", cls[inst], instant[c][inst], w[inst] * dealer_hands * m, None, scale)
            p = plays
            wp = w[p]
            _add(lines, "win", cls[p], win_net[c][p], wp * below[p] * m, None, scale)
            _add(lines, "push", 0, 0, wp * tie[p] * m, cls[p], scale)
            _add(lines, "lose", 0, -lose, wp * above[p] * m, cls[p], scale)
            _add(lines, "not_qualified", 0, take[c][p], wp * (nq[p] - extra[p, 1]) * m, cls[p], scale)
            if force:
                fee = int((rules.force_fee or 0) * scale)
                _add(lines, "forced_win", cls[p], win_net[c][p] - fee, wp * extra[p, 2], None, scale)
                _add(lines, "forced_push", 0, -fee, wp * extra[p, 3], cls[p], scale)
                _add(lines, "forced_lose", 0, -lose - fee, wp * extra[p, 4], cls[p], scale)
                _add(lines, "forced_not_qualified", 0, -fee, wp * extra[p, 5], cls[p], scale)
                forced[0] += int((wp * extra[p, 1]).sum())
            for option, mask in (("play", plays), ("fold", folds), ("instant", inst)):
                chosen[option] = chosen.get(option, 0) + int(w[mask].sum())
            _boundary(boundary, h, u, w, cls, plays, inst)
        if progress:
            progress(f"situations: {stop:,}/{total:,}")
    return {"classes": len(weights), "situations": int(weights.sum()), "per_situation": dealer_hands * m,
            "replacements": m, "sums": sums}


def _add(lines: Lines, event: str, classes: Any, nets: Any, counts: Any, _unused: Any, scale: int) -> None:
    """Add ``counts`` to the lines keyed by (event, class, net); arrays or scalars broadcast."""
    amounts = np.asarray(counts, dtype=np.int64)
    if amounts.size == 0:
        return
    class_ids = np.broadcast_to(np.asarray(classes, dtype=np.int64), amounts.shape)
    net_ids = np.broadcast_to(np.asarray(nets, dtype=np.int64), amounts.shape)
    named = event in ("win", "instant", "forced_win")
    key = (class_ids if named else np.zeros_like(class_ids)) * (1 << 33) + net_ids + _NET_OFFSET
    keys, inverse = np.unique(key, return_inverse=True)
    sums = np.zeros(len(keys), dtype=np.int64)
    np.add.at(sums, inverse.reshape(-1), amounts)
    for k, total in zip(keys.tolist(), sums.tolist()):
        if total == 0:
            continue
        cls, net = divmod(k, 1 << 33)
        name = CLASSES[cls] if named else ""
        index = (event, name, Fraction(net - _NET_OFFSET, scale))
        lines[index] = lines.get(index, 0) + total


def _boundary(boundary: Boundary, hands: Array, up: Array, weights: Array, classes: Array, plays: Array,
              instant: Array) -> None:
    """Per class: (situations played, situations); ace-king: by third card and up card rank."""
    for cls in np.unique(classes).tolist():
        mask = (classes == cls) & ~instant
        entry = boundary["class"].setdefault(CLASSES[cls], [0, 0])
        entry[0] += int(weights[mask & plays].sum())
        entry[1] += int(weights[mask].sum())
    ak = classes == CLASSES.index("ace_king")
    if not ak.any():
        return
    third = -np.sort(-(hands[ak] >> 2), axis=1)[:, 2]
    key = third * 13 + (up[ak] >> 2)
    for k in np.unique(key).tolist():
        mask = key == k
        entry = boundary["ace_king"].setdefault(divmod(k, 13), [0, 0])
        entry[0] += int(weights[ak][mask & plays[ak]].sum())
        entry[1] += int(weights[ak][mask].sum())
