"""A remedy solved exactly: the fee or the pay at which the game's house edge is a target.

The game's value under optimal play, ``V(x)`` per Ante, is a maximum over strategies of values
each linear in one fee or pay ``x``: convex and piecewise linear.  :func:`solve_remedy` finds the
``x`` at which the house edge ``-V(x)`` (or the round's, with the mandatory side wager at ``k`` x
Ante: ``-(V(x) + k E[S])``, ``E[S]`` not depending on ``x``) is the target, by Newton steps whose
slope is read off each exact run's own results:

* a fee of the draws (``draws.fee``): ``V'(x) = -P(paying the fee)``.  The fee is paid once, when
  an option that draws is chosen, and is sunk by the decisions after the draw; so every option's
  value moves by ``-(x - x0)`` if it draws and not at all if not, and one run at ``x0``
  re-prices every class exactly at any ``x >= x0`` (at any ``x`` when every option is priced,
  as on a reduced deck): ``V(x) = sum_c w_c max_o (v_o - (x - x0) [o draws]) / W``.  The Newton
  steps read that re-pricing; the whole fees either side can be checked by a run of their own.
* a pay of the Bet (``bet_pays.pays.<class>``): ``V'(x) = bet x P(a winning Bet is paid on that
  line)``, read off the run's wins by the class of the player's hand (each class's Bet pay moves
  by a whole number of the line's pays, checked hand value by hand value).  The engines price
  whole pays only, so each step runs the nearest whole pays; when the tangent at the lower one
  meets the run at the upper one, ``V`` is linear between them (convexity: above the tangent,
  below the chord) and the root on that piece is exact; else the answer is the bracket.

Every figure is an exact :class:`~fractions.Fraction`; the runs are counted.

>>> from fractions import Fraction
>>> v = lambda x: max((3 - x, Fraction(-1)), (1 - x / 3, Fraction(-1, 3)))     # V(x) and V'(x)
>>> root, trace = newton_root(v, Fraction(0), Fraction(0), Fraction(0))
>>> root, [str(x) for x, _, _ in trace]
(Fraction(3, 1), ['0', '3'])
"""

from __future__ import annotations

import bisect
import math
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TextIO

from combin.errors import CombinError
import io
from combin.running.executor import kept_cluster, run_chunks
from combin.stud.draw.options import option_keys
from combin.stud.game.chunks import GROUPED, grouped_chunks, records_of, solve_chunk
from combin.stud.game.sheet import totals_sheet
from combin.stud.game.spec import RunSpec, price_mode
from combin.stud.game.totals import GameTotals, totals_of
from combin.stud.game.round import side_mean
from combin.core.cards import hand_class
from itertools import combinations, combinations_with_replacement
from combin.core.pays import PUSH, Pay
from combin.stud.core.variant import SETTINGS, parse_variant, variant_rules

__all__ = ["VARIES", "Point", "Remedy", "exact_run", "ExactRun", "game_file_text", "newton_root", "rules_at", "solve_remedy",
           "fee_values", "pay_slope", "layout_values",
           "sharded_run", "committed_run", "committed_folder", "run_name", "FeeMargins", "fee_margins",
           "shard_margins", "MARGINS_FORMAT"]

#: What a remedy may vary: the fee of the draws, or one line of the Bet's pays.
VARIES = ("draws.fee", "bet_pays.pays.<class>")

#: The most Newton steps before the solver gives up (a convex piecewise-linear function needs few).
MAX_STEPS = 40


@dataclass(frozen=True)
class Point:
    """One exact evaluation: the value ``x``, the game's ``value`` per Ante, its ``slope`` there
    (``None`` where not read) and how it was found (``"run"``: an exact run of the game;
    ``"re-priced"``: the classes of a run re-priced at ``x``)."""

    x: Fraction
    value: Fraction
    slope: Fraction | None
    how: str


@dataclass(frozen=True)
class ExactRun:
    """An exact run: its sheet, the denominator ``scale`` and the class records."""

    sheet: Any
    scale: int
    records: Sequence[Any]
    weight: int
    side_mean: Fraction | None
    #: The run's :class:`~combin.stud.game.totals.GameTotals` (a run kept in shards has no records).
    totals: Any = None


@dataclass
class Remedy:
    """What :func:`solve_remedy` finds: the setting varied, the target, the solved value (or the
    bracket it lies in), every point evaluated, the layout values either side and their edges."""

    setting: str
    per: str
    target: Fraction
    goal: Fraction                          # the game's value per Ante that gives the target
    side_mean: Fraction | None
    multiple: Fraction
    solved: Fraction | None
    bracket: tuple[Fraction, Fraction] | None
    points: list[Point] = field(default_factory=list)
    layout: list[Point] = field(default_factory=list)
    bounds: tuple[Fraction, Fraction] | None = None
    runs: int = 0
    steps: int = 0
    certificate: str = ""

    def edge(self, value: Fraction) -> Fraction:
        """The house edge the target is set on (per Ante of the game, or of the round)."""
        return -(value + self.multiple * (self.side_mean or 0)) if self.per == "round" else -value


def game_file_text(game_id: str, values: Sequence[tuple[str, Any]], title: str) -> str:
    """A game file derived from ``game_id`` with the dotted ``values`` set (TOML text).

    >>> print(game_file_text("g", [("bet", 2), ("draws.fee", 3), ("bet_pays.pays.one_pair", "push")], "T"), end="")
    id = "remedy"
    title = "T"
    citation = "a remedy priced by combin solve (one setting varied)"
    derived_from = "g"
    bet = 2
    [bet_pays.pays]
    one_pair = "push"
    [draws]
    fee = 3
    """
    def shown(value: Any) -> str:
        if isinstance(value, str):
            return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if isinstance(value, list):
            return "[" + ", ".join(shown(v) for v in value) + "]"
        return str(value)
    lines = [f'id = "remedy"', f"title = {shown(title)}",
             'citation = "a remedy priced by combin solve (one setting varied)"', f'derived_from = "{game_id}"']
    tables: dict[str, list[str]] = {}
    for path, value in dict(values).items():
        table, _, key = path.rpartition(".")
        if table:
            tables.setdefault(table, []).append(f"{key} = {shown(value)}")
        else:
            lines.append(f"{key} = {shown(value)}")
    for table in sorted(tables):
        lines += [f"[{table}]", *tables[table]]
    return "\n".join(lines) + "\n"


def exact_run(deck: Any, rules: Any, workers: int = 0, store_path: Any = None,
              stream: TextIO | None = None, chunk: int = 32) -> ExactRun:
    """Every class of ``deck`` priced exactly under ``rules`` (through the store, resumable): the
    sheet and the records, which :func:`fee_values` and :func:`pay_slope` read.  The sheet's
    round as dealt is from the sums alone (:func:`combin.stud.game.round.from_sums`): its hit
    frequency, the one figure that needs the card-by-card count of every class, is read by no
    solve and no row of the variants table (about 40 % of a JQKA run)."""
    from combin.running.store import DEFAULT_STORE, Store
    from combin.stud.core.classes import situations
    _, hands, ups, weights = situations(deck)
    price = {"price": "best"} if price_mode(deck) == "best" else {}
    spec = RunSpec.of(deck, rules, "exact", chunk, order=GROUPED, **price)
    chunks = grouped_chunks(spec, hands, ups, weights)
    with Store(store_path or DEFAULT_STORE) as store:
        results = run_chunks(solve_chunk, chunks, workers=workers, store=store, description=spec.to_json(),
                             label=f"solve {rules.stud.game.id} ({deck.text})", items=[len(c[1]) for c in chunks],
                             unit="classes", stream=stream if stream is not None else io.StringIO())
    scale, records = records_of(results)
    totals = totals_of(records, option_keys(rules), rules.stud)
    sheet = totals_sheet(deck, rules, scale, totals, {"classes_total": len(weights)}, Fraction(1))
    return ExactRun(sheet, scale, records, totals.weight, side_mean(rules, totals), totals)


def sharded_run(deck: Any, rules: Any, folder: str, workers: int = 0, store_path: Any = None,
                stream: TextIO | None = None, scheduler: str | None = None) -> ExactRun:
    """Every class of ``deck`` priced exactly under ``rules`` in the shards of ``folder`` (those
    there kept, the missing ones priced and written as each finishes; hours on 52 cards, resumable):
    the sheet and the totals, no class records (what :func:`pay_slope` and the pay's steps read)."""
    from combin.stud.game.shards import run_shards
    run_shards(deck, rules, folder, None if deck.full else 4, workers=workers, scheduler=scheduler,
               store_path=store_path, stream=stream)
    return committed_run(deck, rules, folder)


def committed_folder(game: Any, deck: Any, paytable: str | None, interpret: dict[str, str] | None) -> str | None:
    """The folder of the committed exact run of the registered ``game`` (its solver's shards, in
    the working folder) when ``deck`` is the full deck and the rules are the game's own at their
    defaults; else ``None``."""
    solver = game.game.solver
    if not deck.full or game.variant is not None or solver is None or not solver.shards:
        return None
    own, asked = game.resolve(), game.resolve(paytable, interpret or {})
    if asked.readings != own.readings or asked.instant != own.instant:
        return None
    return str(solver.shards) if os.path.isdir(solver.shards) else None


def committed_run(deck: Any, rules: Any, folder: str) -> ExactRun:
    """The committed exact run of ``rules`` in the shards of ``folder``, read, never written (a run
    of another game or rules, or one missing a shard, is refused)."""
    from combin.stud.game.assembled import read_run
    found = read_run(deck, rules, folder)
    if found is None:
        raise CombinError(f"{folder[:100]}: not every shard of the committed run is there")
    sheet = totals_sheet(deck, rules, found.scale, found.totals, {"classes_total": found.totals.classes})
    return ExactRun(sheet, found.scale, (), found.totals.weight, side_mean(rules, found.totals, deck),
                    found.totals)


def run_name(setting: str, x: Fraction) -> str:
    """The folder of the run at ``setting = x`` in a remedy's shards folder.

    >>> run_name("bet_pays.pays.one_pair", Fraction(0)), run_name("bet_pays.pays.one_pair", Fraction(3, 2))
    ('bet_pays.pays.one_pair=0', 'bet_pays.pays.one_pair=3-2')
    """
    return f"{setting}={x.numerator}" + (f"-{x.denominator}" if x.denominator != 1 else "")


def expected(run: ExactRun) -> Fraction:
    """The game's exact value per Ante in a run's sheet."""
    return Fraction(dict((row[0], row[1]) for row in run.sheet.sections["summary"])["expected result per Ante"])


def fee_values(run: ExactRun, keys: Sequence[Any], x0: Fraction, every_option: bool) -> Callable[[Fraction], tuple[Fraction, Fraction]]:
    """``x -> (V(x), V'(x))`` re-priced exactly from the classes of a run at the draw fee ``x0``
    (``keys``: the options, :func:`~combin.stud.draw.options.option_keys`).  ``V'`` is
    ``-P(drawing)``: its right derivative where ``V(x)`` is above what the caller aims at is
    not known here, so ties count as not drawing (the right derivative; the left one where
    ``x`` is below ``x0`` is never asked: there, ``every_option`` must hold)."""
    draws = [key[0] not in ("fold", "play") for key in keys]
    scale, total = run.scale, run.weight

    def at(x: Fraction) -> tuple[Fraction, Fraction]:
        if x < x0 and not every_option:
            raise CombinError(f"the run at {x0} prices only the best options: it re-prices a fee of at least {x0}")
        shift = (x - x0) * scale
        value = Fraction(0)
        drawing = 0
        for record in run.records:
            if record.best < 0:                      # an instant payout ends the round: no fee
                value += record.weight * record.values[0]
                continue
            best: Fraction | None = None
            drew = False
            for o, v in enumerate(record.values):
                if v is None:
                    continue
                here = v - shift if draws[o] else Fraction(v)
                if best is None or here > best or (here == best and drew and not draws[o]):
                    best, drew = here, draws[o]
            assert best is not None
            value += record.weight * best
            drawing += record.weight * drew
        return value / (scale * total), -Fraction(drawing, total)
    return at


@dataclass(frozen=True)
class FeeMargins:
    """What re-pricing a draw fee needs of every class of a run at the fee ``x0``: the classes whose
    best option draws, each by how much it beats the best option that does not draw (``margin``,
    over ``scale``), sorted; ``prefix[i]`` is ``sum weight x margin`` of the first ``i`` and
    ``rest[i]`` the weight of the others (the classes still drawing past the first ``i``)."""

    x0: Fraction
    scale: int
    weight: int
    best: int                       # sum of weight x best value: the run's value over scale
    margins: tuple[int, ...]
    prefix: tuple[int, ...]
    rest: tuple[int, ...]

    def at(self, x: Fraction) -> tuple[Fraction, Fraction]:
        """``(V(x), V'(x))`` per Ante for ``x >= x0``: each drawing class loses ``min(s, margin)``
        (``s = (x - x0) x scale``: past its margin it stops drawing), and the right derivative is
        minus the probability of drawing (a tie counts as not drawing)."""
        if x < self.x0:
            raise CombinError(f"the run at {self.x0} prices only the best options: it re-prices a fee of "
                              f"at least {self.x0}")
        s = (x - self.x0) * self.scale
        # the classes with margin <= s stop drawing (lose their margin), the others lose s
        i = bisect.bisect_right(self.margins, s)
        value = self.best - self.prefix[i] - s * self.rest[i]
        return value / (self.scale * self.weight), -Fraction(self.rest[i], self.weight)


def fee_margins(folder: str, x0: Fraction, store_path: Any, workers: int = 0,
                stream: TextIO | None = None) -> FeeMargins:
    """The :class:`FeeMargins` of the exact run in the shards of ``folder`` (at the draw fee
    ``x0``): each shard's classes through the store (:func:`~combin.stud.game.shards.kept_records`:
    read where a run left them, priced again where not, their totals checked against the shard's),
    and each shard's margins kept in the store by the shard's pinned digest, so a second solve on
    the same run reads them alone (:func:`shard_margins`)."""
    from combin.running.store import DEFAULT_STORE, Store
    from combin.stud.game.shards import plan_run, require_plan
    deck, rules = plan_run(folder)
    shards = require_plan(folder, RunSpec.of(deck, rules))
    found: list[tuple[int, int]] = []
    best = weight = 0
    scale = 0
    with Store(store_path or DEFAULT_STORE) as store, kept_cluster(workers):
        for shard in shards:
            if stream is not None:
                stream.write(f"solve: the classes of shard {shard.index} of {len(shards)} ({folder}), through the store\n")
                stream.flush()
            scale, part_best, part_weight, part = shard_margins(folder, shard, rules, store, workers, stream)
            best += part_best
            weight += part_weight
            found += part
    found.sort()
    prefix, rest = [0], [sum(w for _, w in found)]
    for margin, w in found:
        prefix.append(prefix[-1] + w * margin)
        rest.append(rest[-1] - w)
    return FeeMargins(x0, scale, weight, best, tuple(m for m, _ in found), tuple(prefix), tuple(rest))


#: The format of a shard's margins kept in a store (:func:`shard_margins`).
MARGINS_FORMAT = 1


def shard_margins(folder: str, shard: Any, rules: Any, store: Any, workers: int = 0,
                  stream: TextIO | None = None) -> tuple[int, int, int, list[tuple[int, int]]]:
    """``(L, sum of weight x best value, weight, [(margin, weight)])`` of one shard of the run in
    ``folder``: of each class whose best option draws, how much it beats the best option that does
    not draw (over ``L``).  Kept in ``store`` as a run of one chunk keyed by the shard's digest as
    the plan pins it (the digest names the shard's every figure; a shard the plan does not pin is
    summed every time)."""
    from combin.stud.game.shards import kept_records
    key = None
    if shard.digest is not None:
        key = store.begin({"fee_margins_of": shard.digest, "format": MARGINS_FORMAT}, 1)
        held = store.finished(key).get(0)
        if held is not None:
            return (int(held["denominator"]), int(held["best"]), int(held["weight"]),
                    [(int(m), int(w)) for m, w in held["margins"]])
    keys = option_keys(rules)
    draws = [option[0] not in ("fold", "play") for option in keys]
    scale, records = kept_records(folder, shard.index, store, workers, stream)
    best = weight = 0
    found: list[tuple[int, int]] = []
    for record in records:
        weight += record.weight
        best += record.weight * record.best_value
        if record.best < 0 or not draws[record.best]:
            continue                    # an instant payout, or no draw: no fee
        # fold and play are priced in every class (the options that never draw)
        stay = max(v for o, v in enumerate(record.values) if v is not None and not draws[o])
        found.append((record.best_value - stay, record.weight))
    if key is not None:
        store.save(key, 0, {"denominator": str(scale), "best": str(best), "weight": str(weight),
                            "margins": [[str(m), w] for m, w in found]})
    return scale, best, weight, found


def pay_slope(run: ExactRun, rules: Any, line: str, steps: dict[str, int]) -> Fraction:
    """``V'`` in the Bet's pay on ``line``: ``bet x sum_c P(a Bet won with a hand of class c) x
    steps[c]`` (``steps[c]``: how many times the line's pay a class's Bet pay moves by).  A run
    with forced wins (not split by class) has no such reading: refused."""
    # read off the run's totals: each result's probability summed over the classes, weight x
    # numerator (what every class record holds, summed once)
    numerator = 0
    for result, total in run.totals.results.items():
        if result.startswith("forced_won") and total:
            raise CombinError("the run has forced wins, which it does not split by the class of the "
                              "player's hand: the slope in a Bet pay is not read off it")
        if result.startswith("win_") and steps.get(result[4:]):
            numerator += total * steps[result[4:]]
    return Fraction(rules.bet) * Fraction(numerator, run.scale * run.weight)


def class_steps(rules_of: Callable[[int], Any], line: str) -> dict[str, int] | None:
    """``{class id: how many times the pay of line a winning Bet's pay holds}``, or ``None`` when
    that number is not one per class: the Bet pay of every five- and six-card hand (a sixth card
    bought: the second combination reads all six), at the line paying 0 and at 1, grouped by the
    class of the best five."""
    from combin.stud.core.rules import bet_pay
    from combin.stud.core.values import best_value, value_class
    low, high = rules_of(0), rules_of(1)
    found: dict[str, set[Fraction]] = {}
    for cards in _hands():
        name = value_class(best_value(cards)) if len(cards) == 6 else hand_class(cards)
        found.setdefault(name, set()).add(bet_pay(high, cards) - bet_pay(low, cards))
    steps = {}
    for name, moves in found.items():
        if len(moves) != 1:
            return None
        move = moves.pop()
        if move.denominator != 1:
            return None
        steps[name] = int(move)
    return steps


def _hands() -> list[list[int]]:
    """Five cards of every rank set (plain and suited) and of every shape with a repeated rank;
    six cards of every rank multiset (no flush), and five suited with a sixth card of any rank."""
    out = []
    for size in (5, 6):
        for ranks in combinations_with_replacement(range(13), size):
            if max(ranks.count(r) for r in ranks) > 4:
                continue
            for shift in range(4):          # the first suit pattern that makes no flush
                cards: list[int] = []
                seen: dict[int, int] = {}
                for j, r in enumerate(ranks):
                    seen[r] = seen.get(r, 0) + 1
                    cards.append(r * 4 + (seen[r] - 1 + j * shift) % 4)
                if len(set(cards)) == size and max(sum(1 for c in cards if c & 3 == s) for s in range(4)) < 5:
                    out.append(cards)
                    break
            else:
                raise AssertionError(f"no suits without a flush for ranks {ranks}")
    for ranks in combinations(range(13), 5):
        suited = [r * 4 for r in ranks]
        out.append(suited)
        out += [suited + [r * 4 + 1] for r in range(13)]
    return out


def newton_root(at: Callable[[Fraction], tuple[Fraction, Fraction | None]], x: Fraction, goal: Fraction,
                low: Fraction | None = None) -> tuple[Fraction, list[tuple[Fraction, Fraction, Fraction]]]:
    """The root of ``V(x) = goal`` for a convex piecewise-linear ``V`` evaluated exactly by ``at``
    (``x -> (V(x), V'(x))``), by Newton steps from ``x``: ``(root, [(x, V(x), V'(x)), ...])``.
    ``low`` bounds ``x`` from below (a fee or a pay is not negative)."""
    trace = []
    for _ in range(MAX_STEPS):
        value, slope = at(x)
        assert slope is not None
        trace.append((x, value, slope))
        if value == goal:
            return x, trace
        if slope == 0:
            raise CombinError(f"no value reaches the target: at {x} the game no longer moves with it")
        step = x + (goal - value) / slope
        if low is not None and step < low:
            if x == low:
                raise CombinError(f"no value at or above {low} reaches the target (at {low} the game is at {value} "
                                  f"per Ante, and the tangent there crosses the target at {step})")
            step = low                  # the bound itself next: the root is there or beyond it
        if step == x:
            raise CombinError(f"Newton stalls at {x}")
        x = step
    raise CombinError(f"no root after {MAX_STEPS} Newton steps")


def layout_values(x: Fraction) -> list[Fraction]:
    """The whole numbers and halves just below and above ``x`` (``x`` itself when it is one).

    >>> [str(v) for v in layout_values(Fraction(17, 7))]
    ['2', '5/2', '3']
    """
    halves = x * 2
    return sorted({Fraction(math.floor(x)), Fraction(math.ceil(x)), Fraction(math.floor(halves), 2),
                   Fraction(math.ceil(halves), 2)})


def _pay_text(x: Fraction) -> str:
    return PUSH.text if x == 0 else Pay.parse(f"{x.numerator} to {x.denominator}").text


def rules_at(game: Any, setting: str, x: Fraction, paytable: str | None = None,
             interpret: dict[str, str] | None = None) -> Any:
    """The resolved rules of ``game`` (a :class:`~combin.stud.core.rules.StudRules`, maybe of a
    game file) with ``setting`` at ``x``: the game file :func:`solve_remedy` runs at each step
    (its text keys the run in a store).

    >>> from combin.stud.core.rules import load_rules, stud_games
    >>> rules_at(load_rules(stud_games()[0]), "draws.fee", Fraction(2)).draw_fee
    Fraction(2, 1)
    """
    base = game.variant
    base_values = list(base.values) if base is not None else []
    root = base.derived_from if base is not None else game.game.id
    value: Any = int(x) if setting == "draws.fee" else _pay_text(x)
    text = game_file_text(root, [*base_values, (setting, value)], f"{game.title}, {setting} = {value}")
    return variant_rules(parse_variant(text, f"{setting}={x}")).resolve(paytable, interpret)


def solve_remedy(game: Any, deck: Any, setting: str, target: Fraction, *, paytable: str | None = None,
                 interpret: dict[str, str] | None = None, per: str = "ante", multiple: Fraction = Fraction(1),
                 workers: int = 0, store_path: Any = None, stream: TextIO | None = None,
                 shards: str | None = None) -> Remedy:
    """The exact value of ``setting`` (``draws.fee`` or ``bet_pays.pays.<class>``) at which the house
    edge of ``game`` (a :class:`~combin.stud.core.rules.StudRules`, maybe of a game file) on ``deck``
    is ``target``, per Ante of the game (``per="ante"``) or of the round with the side wager at
    ``multiple`` x Ante (``per="round"``).  With ``shards`` (a folder), each run is
    kept in shards of its own, ``shards/SETTING=VALUE`` (:func:`sharded_run`): the way of the full
    deck, hours a run, resumable, the runs' files committed as the variants' are; the draw fee's one
    run is re-priced from its classes read back through the store (:func:`fee_margins`).  On the
    full deck the run of the registered game as it is (the setting at its value now, the default
    readings and paytable) is its committed run, where the working folder holds it
    (:func:`committed_folder`): read there, never written, instead of a run of its own."""
    if setting != "draws.fee" and not (setting.startswith("bet_pays.pays.") and setting in SETTINGS):
        lines = sorted(key.rsplit(".", 1)[1] for key in SETTINGS if key.startswith("bet_pays.pays."))
        raise CombinError(f"--vary takes draws.fee or bet_pays.pays.LINE (LINE one of {', '.join(lines)}), "
                          f"not {setting[:60]!r}")
    if not game.can_draw:
        raise CombinError(f"{game.title} has no draws to price")
    runs: dict[Fraction, ExactRun] = {}
    log = stream
    committed = None if shards is None else committed_folder(game, deck, paytable, interpret)

    def rules_of(x: Fraction) -> Any:
        return rules_at(game, setting, x, paytable, interpret)

    def run_at(x: Fraction) -> ExactRun:
        if x not in runs and shards is not None and committed is not None and x == start:
            if log is not None:
                log.write(f"solve: the run at {setting} = {x} is the committed run in {committed}\n")
                log.flush()
            runs[x] = committed_run(deck, game.resolve(paytable, interpret or {}), committed)
        if x not in runs:
            if log is not None:
                log.write(f"solve: exact run of {deck.text} at {setting} = {x}\n")
                log.flush()
            runs[x] = (exact_run(deck, rules_of(x), workers, store_path, stream) if shards is None else
                       sharded_run(deck, rules_of(x), os.path.join(shards, run_name(setting, x)), workers,
                                   store_path, stream))
        return runs[x]

    start = Fraction(game.entry["draws"]["fee"]) if setting == "draws.fee" else \
        Fraction(_current_pay(game, setting))
    first = run_at(start)
    side = first.side_mean
    if per == "round" and side is None:
        raise CombinError(f"the round as dealt needs the side wager's mean on {deck.text}, which is not known")
    goal = -target - (multiple * side if per == "round" and side is not None else 0)
    remedy = Remedy(setting, per, target, goal, side, multiple if per == "round" else Fraction(0), None, None)
    if setting == "draws.fee":
        keys = option_keys(rules_of(start))
        every = bool(first.records) and all(v is not None for r in first.records for v in r.values)
        if shards is None:
            at = fee_values(first, keys, start, every)
        else:       # the run's classes, shard by shard through the store: what its files do not keep
            at = fee_margins(committed if committed is not None else os.path.join(shards, run_name(setting, start)),
                             start, store_path, workers, stream).at
        v0 = expected(first)
        if at(start)[0] != v0:
            raise AssertionError("the re-priced classes do not give the run's own value")
        solved, trace = newton_root(lambda x: at(x), start, goal, Fraction(0) if every else start)
        remedy.points = [Point(x, v, s, "run" if x == start else "re-priced") for x, v, s in trace]
        remedy.solved, remedy.steps = solved, len(trace)
        remedy.certificate = (f"every class of the run at {setting} = {start} re-priced at each step (the fee is "
                              "paid once, by an option that draws, and is sunk by the decisions after the draw)")
        remedy.layout = [Point(x, at(x)[0], at(x)[1], "run" if x in runs else "re-priced") for x in layout_values(solved)]
    else:
        _solve_pay(remedy, setting, rules_of, run_at, start)
    remedy.runs = len(runs)
    return remedy


def _solve_pay(remedy: Remedy, setting: str, rules_of: Callable[[Fraction], Any],
               run_at: Callable[[Fraction], ExactRun], start: Fraction) -> None:
    """The Bet pay on one line: exact runs at whole pays only.  A step is Newton's where the run
    gives its slope, else the secant of the two nearest runs; the root between two adjacent whole
    pays is exact when ``V`` is proven linear there (the tangent at one meets the run at the other,
    or three adjacent runs lie on a line: a convex function that meets its chord inside is that
    line), else the pair is the bracket."""
    line = setting.rsplit(".", 1)[1]
    steps = class_steps(lambda pay: rules_of(Fraction(pay)), line)
    goal = remedy.goal
    found: dict[Fraction, Point] = {}

    def point(x: Fraction) -> Point:
        if x not in found:
            run = run_at(x)
            slope = None if steps is None else pay_slope(run, rules_of(x), line, steps)
            found[x] = Point(x, expected(run), slope, "run")
            remedy.points.append(found[x])
        return found[x]

    def linear(a: Fraction, b: Fraction) -> bool:
        pa, pb = found[a], found[b]
        if pa.slope is not None and pb.slope is not None and (
                pa.value + pa.slope * (b - a) == pb.value or pb.value + pb.slope * (a - b) == pa.value):
            return True
        for c in (a - 1, b + 1):        # three adjacent runs on one line
            if c in found:
                lo, mid, hi = sorted((a, b, c))
                if (found[mid].value - found[lo].value) * (hi - mid) == (found[hi].value - found[mid].value) * (mid - lo):
                    return True
        return False
    x = start
    for _ in range(MAX_STEPS):
        here = point(x)
        if here.value == goal:
            remedy.solved = x
            remedy.certificate = "an exact run at the solved pay gives the target"
            break
        near = sorted((p for p in found.values() if p.x != x), key=lambda p: abs(p.x - x))
        if here.slope is not None:
            slope = here.slope
        elif near:
            slope = (here.value - near[0].value) / (here.x - near[0].x)
        else:
            slope = Fraction(1)         # a first step: the next whole pay towards the target
        if slope <= 0:
            raise CombinError(f"no pay on {line} reaches the target: at {_pay_text(x)} the game does not rise with it")
        step = x + (goal - here.value) / slope
        if step < 0:
            if x == 0:
                raise CombinError(f"no pay on {line} reaches the target: with {line} a push the game is at "
                                  f"{here.value} per Ante, above the target's {goal}")
            step = Fraction(0)          # a push next: the root is there or above it
        a, b = Fraction(math.floor(step)), Fraction(math.ceil(step))
        if a == b:
            x = a
            continue
        pa, pb = point(a), point(b)
        if (pa.value - goal) * (pb.value - goal) > 0:
            x = a if abs(pa.value - goal) < abs(pb.value - goal) else b     # not bracketed yet
            if here.slope is None and x == here.x:
                x = b if pb.value < goal else a
            continue
        if not linear(a, b):
            other = b + 1 if b + 1 not in found else a - 1      # one more run: three on a line?
            if other >= 0:
                point(other)
        if linear(a, b):
            remedy.solved = a + (goal - pa.value) / (pb.value - pa.value)
            remedy.certificate = (f"linear between the whole pays {a} and {b} (a convex function between its "
                                  "tangent and its chord, or meeting its chord inside, is that line)")
        else:
            remedy.bracket = (a, b)
            remedy.bounds = _bounds(found, a, b, goal)
            remedy.certificate = (f"a change of strategy between {a} and {b}: the whole-unit engines price no pay "
                                  "between them, so the solved pay is given as the bracket, narrowed by convexity "
                                  "(V lies below the chord of the bracket and above every other chord's line)")
        break
    else:
        raise CombinError(f"no root after {MAX_STEPS} steps")
    remedy.steps = len(remedy.points)
    centre = remedy.solved if remedy.solved is not None else (remedy.bracket or (x, x))[0]
    remedy.layout = [point(v) for v in sorted({Fraction(math.floor(centre)), Fraction(math.ceil(centre))})]
    if remedy.bracket is not None:
        remedy.layout = [point(v) for v in remedy.bracket]


def _bounds(found: dict[Fraction, Point], a: Fraction, b: Fraction, goal: Fraction) -> tuple[Fraction, Fraction]:
    """Where ``V = goal`` lies in ``[a, b]`` for a convex increasing ``V``: at or above the root of the
    chord of ``[a, b]`` (``V`` is below it), at or below the root of the line of each neighbouring
    chord (``V`` is above it) and of each tangent."""
    pa, pb = found[a], found[b]
    low = a + (goal - pa.value) * (b - a) / (pb.value - pa.value)
    high = b
    lines = [(p.x, p.value, p.slope) for p in (pa, pb) if p.slope is not None]
    for c, d in ((a - 1, a), (b, b + 1)):
        if c in found and d in found and found[d].value != found[c].value:
            lines.append((c, found[c].value, (found[d].value - found[c].value) / (d - c)))
    for x, value, slope in lines:
        if slope > 0:
            root = x + (goal - value) / slope
            if low <= root < high:
                high = root
    return low, high


def _current_pay(game: Any, setting: str) -> Fraction:
    """The Bet's pay on ``setting``'s line in ``game`` now (net, to 1)."""
    line = setting.rsplit(".", 1)[1]
    pay = game.bet_table.get(line)
    if pay is None:
        raise CombinError(f"{game.title}'s Bet pays nothing on {line}")
    if Fraction(pay).denominator != 1:
        raise CombinError(f"the Bet's pay on {line} is not whole")
    return Fraction(pay)
