"""The cross-checks of the evidence bundle, each run and reported with its result.

Three kinds, as a laboratory reads them:

* **anchors** -- published figures (``data/anchors.toml``) reproduced from
  the engine, digit for digit;
* **methods** -- two independent computations of the same counts agreeing
  exactly (fast enumerator against a plain nested loop and a card-by-card
  dealer; closed form against exhaustive evaluation of every hand);
* **invariants** -- exact identities every result must satisfy (counts sum to
  the cycle, the effect-of-removal identity, Eclipse as the sum of its parts).

Every check returns a :class:`Check`; a failed check is reported, never
hidden, and makes the bundle's verdict a failure.
"""

import random
import tomllib
from dataclasses import dataclass
from math import comb

from combin import display
from combin.game import read_data

__all__ = ["Check", "anchors", "baccarat_checks", "lunar_checks", "cycle_check", "summary_line",
           "readings"]


@dataclass(frozen=True)
class Check:
    group: str      # "anchor", "method" or "invariant"
    name: str
    detail: str
    passed: bool


def anchors():
    """The published figures, as data."""
    return tomllib.loads(read_data("combin.audit", "anchors.toml"))


def _tally(space, predicate):
    return sum(count for state, count in space.items() if predicate(state))


def _baccarat_anchor_checks(data):
    from combin.analysis import par_sheet
    from combin.baccarat import outcomes
    checks = []
    for row in data["baccarat_counts"]:
        space = outcomes(decks=row["decks"])
        got = {"cycle": space.cycle,
               "banker_wins": _tally(space, lambda r: r.banker_total > r.player_total),
               "player_wins": _tally(space, lambda r: r.player_total > r.banker_total),
               "ties": _tally(space, lambda r: r.player_total == r.banker_total)}
        for key, value in got.items():
            checks.append(Check("anchor", f"{row['decks']} decks: {key}",
                                f"published {display.grouped(int(row[key]))}, computed "
                                f"{display.grouped(value)}", value == int(row[key])))
    for row in data["line_counts"]:
        options = {k: row[k] for k in ("shoe", "rules") if k in row}
        sheet = par_sheet(row["wager"], **options)
        got = {line.event_id: line.combinations for line in sheet.lines}[row["event"]]
        where = f" ({', '.join(f'{k} {v}' for k, v in options.items())})" if options else ""
        checks.append(Check("anchor", f"{row['wager']}{where}: {row['event']}",
                            f"published {display.grouped(int(row['combinations']))}, computed "
                            f"{display.grouped(got)}", got == int(row["combinations"])))
    for row in data["house_edges"]:
        options = {k: row[k] for k in ("paytable", "rules", "decks") if k in row}
        got = display.percent(par_sheet(row["wager"], **options).summary.house_edge, 4)
        where = f" ({', '.join(f'{k} {v}' for k, v in options.items())})" if options else ""
        checks.append(Check("anchor", f"{row['wager']}{where}: house edge",
                            f"published {row['edge']}, computed {got}", got == row["edge"]))
    return checks


def _small_shoes(seed, number):
    """Seeded random small shoes (point values of 8 to 10 physical cards)."""
    rng = random.Random(f"combin-audit-shoes:{seed}")
    return [[rng.randrange(10) for _ in range(rng.randint(8, 10))] for _ in range(number)]


def baccarat_checks(progress=lambda message: None, shoes=6):
    """Every baccarat check: anchors, methods, invariants."""
    from combin.analysis import par_sheet
    from combin.baccarat import Shoe, outcomes
    from combin.baccarat.enumeration import enumerate_rounds
    from combin.baccarat.naive import deal_every_sequence
    from combin.baccarat.wagers import ECLIPSE_COMPONENTS
    from combin.bench import nested_loop_rounds

    data = anchors()
    progress("baccarat: published anchors")
    checks = _baccarat_anchor_checks(data)

    progress("baccarat: fast enumerator against the plain nested loop")
    for decks in (8, 6, 1):
        shoe = Shoe.full(decks)
        same = enumerate_rounds(shoe) == nested_loop_rounds(shoe.counts)
        checks.append(Check("method", f"{decks} decks: fast enumeration = plain nested loop",
                            f"all {len(enumerate_rounds(shoe))} final states, exact integers", same))
    progress("baccarat: fast enumerator against the card-by-card dealer")
    for values in _small_shoes(0, shoes):
        counts = tuple(values.count(v) for v in range(10))
        same = enumerate_rounds(Shoe(counts)) == deal_every_sequence(values)
        checks.append(Check("method", f"shoe {''.join(map(str, sorted(values)))}: fast enumeration "
                            "= card-by-card dealer",
                            f"every ordered sequence of {len(values)} physical cards "
                            f"({comb(len(values), 6) * 720:,} sequences)", same))

    progress("baccarat: invariants")
    space = outcomes(decks=8)
    for paytable in ("A", "B", "C"):
        eclipse = par_sheet("eclipse.eclipse", paytable=paytable, space=space)
        hits = sum(l.combinations for l in eclipse.lines if l.payout > 0)
        parts = 0
        for wager in sorted(set(ECLIPSE_COMPONENTS.values())):
            parts += sum(l.combinations for l in par_sheet(wager, space=space).lines
                         if l.event_id != "other")
        checks.append(Check("invariant", f"Eclipse {paytable} = sum of its components (E1=events)",
                            f"Eclipse hits {display.grouped(hits)}, components "
                            f"{display.grouped(parts)}", hits == parts))
    shoe = Shoe.full(8)
    removed = {value: outcomes(shoe=shoe.without(value)) for value in range(10)}
    wagers = [("baccarat.banker", None), ("baccarat.player", None), ("baccarat.tie", None)]
    wagers += [(w, p) for w in ("eclipse.sun7", "eclipse.moon8", "eclipse.supreme7",
                                "eclipse.divine9", "eclipse.eclipse") for p in ("A", "B", "C")]
    for wager, paytable in wagers:
        full = par_sheet(wager, paytable=paytable, space=space).summary.expected_return
        total = sum(count * par_sheet(wager, paytable=paytable, space=removed[value])
                    .summary.expected_return for value, count in enumerate(shoe.counts))
        label = wager + (f" {paytable}" if paytable else "")
        checks.append(Check("invariant", f"{label}: effect-of-removal identity",
                            "sum over ranks of n_r EV(shoe - r) = N EV(shoe), exactly",
                            total == shoe.cards * full))
    return checks


def lunar_checks(progress=lambda message: None):
    """Every Lunar Poker check: anchors, methods, invariants."""
    from combin.analysis import par_sheet
    from combin.lunar import GAME, outcome_space
    from combin.lunar.classes import class_counts
    from combin.lunar.exhaustive import class_counts_exhaustive

    data = anchors()
    checks = []
    progress("lunar: class counts, closed form and exhaustive")
    computed = {}
    for cards in (5, 6, 7):
        closed = class_counts(cards)
        exhaustive = class_counts_exhaustive(cards)
        computed[cards] = closed
        checks.append(Check("method", f"{cards}-card classes: closed form = exhaustive",
                            f"{len(closed)} classes over {comb(52, cards):,} hands", closed == exhaustive))
    for cards, key in ((5, "poker_five"), (7, "poker_seven")):
        published = dict(data[key])
        got = dict(computed[cards])
        if cards == 7:
            got["high_card"] += got.pop("ace_king")
        if "ace_king_or_better" in published:
            got["ace_king_or_better"] = sum(v for k, v in computed[cards].items() if k != "high_card")
        for name, value in published.items():
            checks.append(Check("anchor", f"{cards} cards: {name}",
                                f"published {value:,}, computed {got[name]:,}", got[name] == value))
    progress("lunar: Super and instant payout, closed form and exhaustive")
    closed, exhaustive = outcome_space("closed-form"), outcome_space("exhaustive")
    for wager in GAME.wagers.values():
        for paytable in [p.id for p in GAME.paytables_of(wager.id)]:
            for value_set in readings(GAME, wager):
                a = par_sheet(wager.id, paytable=paytable, interpret=value_set, space=closed)
                b = par_sheet(wager.id, paytable=paytable, interpret=value_set, space=exhaustive)
                reading = ", ".join(f"{k}={v}" for k, v in value_set.items()) or "defaults"
                checks.append(Check("method", f"{wager.id} {paytable} ({reading}): closed form = "
                                    "exhaustive", "every line's combinations", a.lines == b.lines))
    progress("lunar: Bet with the second combination")
    checks += _bet_checks()
    from combin.lunar.supers import joint_checks      # several Supers at one table
    checks += [Check(*found) for found in joint_checks(progress)]
    return checks


def readings(game, wager):
    """The default reading, and each switchable interpretation's alternatives one at a time."""
    yield {}
    for key in wager.interpretations:
        interp = game.interpretations[key]
        for value in interp.alternatives:
            yield {key: value}


def _bet_checks():
    from combin.lunar.bet import bet_distribution
    try:
        from combin.lunar.bet_exhaustive import bet_distribution_exhaustive
    except ImportError:  # pragma: no cover - the exhaustive Bet pass is part of the package
        return [Check("method", "Bet on a win: closed form = exhaustive", "exhaustive pass missing",
                      False)]
    checks = []
    for cards in (5, 6):
        for rule in ("best-pair", "first-only"):
            closed = bet_distribution(cards, rule)
            exhaustive = bet_distribution_exhaustive(cards, rule)
            checks.append(Check("method", f"{cards}-card Bet pays (L11={rule}): closed form = exhaustive",
                                f"{len(closed)} (class, pays) cells over {comb(52, cards):,} hands",
                                closed == exhaustive))
    return checks


def summary_line(checks):
    passed = sum(check.passed for check in checks)
    return f"{passed} of {len(checks)} checks passed"


def cycle_check(sheets):
    """Every sheet's combinations add up to its game cycle."""
    bad = [s.wager for s in sheets if sum(l.combinations for l in s.lines) != s.cycle]
    return Check("invariant", f"combinations sum to the game cycle on all {len(sheets)} par sheets",
                 "exact integer sums" if not bad else f"fails on {', '.join(bad)}", not bad)

