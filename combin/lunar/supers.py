"""Several Super Wagers at one table, as a package: each Super reads one hand of one deal.

A player may hold Super Wagers on their own hand, the dealer's and other
players' hands (§ 671a.7(c)(3)).  :func:`supers_package` settles one unit on
the Super of each of two or three hands on the joint outcome space of
:func:`combin.lunar.joint.joint_space` -- outcomes are tuples of Super keys,
one per hand -- with the package machinery of :mod:`combin.design.package`:
each Super is settled by :func:`combin.analysis.payouts`, the settlement of
the single-hand par sheet, on its own hand's key.  So the distribution of the
bettor's total, the means, the exact covariance matrix and the probability
that two or three Supers win come out of one exact table, and the difference
from independence is the covariance: with independent hands the variance of
the total would be the sum of the single-hand variances.

:func:`reading_rows` gives, for every reading of L1-L5, the figures an
operator compares (covariance, correlation, SD of the total with and without
independence, probability that two Supers win); :func:`line_table` the joint
count of the paid lines of two hands under one reading.
"""

from itertools import product
from operator import itemgetter

from combin.errors import CombinError

__all__ = ["HANDS", "READINGS", "supers_package", "reading_rows", "line_table", "readings",
           "hand_label", "joint_tables", "joint_checks"]

HANDS = (2, 3)
"""How many Super hands a joint table counts."""

READINGS = ("L1", "L2", "L3", "L4", "L5")
"""The interpretations that change what a Super hand pays."""


def hand_label(hand):
    """The bet label of the Super on hand ``hand`` (1-based) of a deal."""
    return f"lunar.super[{hand}]"


def supers_package(hands, *, paytable=None, interpret=None, extra_paytables=(), space=None,
                   progress=None):
    """The :class:`~combin.design.package.Package` of one unit on the Super of each of ``hands``
    hands dealt from one deck (``space``: a joint space, by default the 52-card one)."""
    from combin.analysis import payouts
    from combin.design.package import Bet, settle
    from combin.lunar import outcome_space
    from combin.lunar.joint import joint_space
    if hands not in HANDS:
        raise CombinError(f"--lunar-supers counts 2 or 3 hands, not {hands!r}")
    sheet, table = payouts("lunar.super", space=outcome_space(), paytable=paytable,
                           interpret=interpret or {}, extra_paytables=extra_paytables)
    if space is None:
        space = joint_space(hands, progress=progress)
    bets = [Bet(hand_label(hand), sheet.paytable) for hand in range(1, hands + 1)]
    return settle("lunar", space, bets, [sheet] * hands, [table] * hands,
                  [itemgetter(hand) for hand in range(hands)])


def readings():
    """Every combination of the values of L1-L5, as ``{id: value}`` dicts, defaults first."""
    from combin.lunar import GAME
    values = [GAME.interpretations[key].values for key in READINGS]
    return [dict(zip(READINGS, choice)) for choice in product(*values)]


def reading_rows(space, paytable=None):
    """``[(reading, package), ...]``: the two-hand package under every reading of L1-L5."""
    return [(reading, supers_package(2, paytable=paytable, interpret=reading, space=space))
            for reading in readings()]


def _line_of(key, interpret, paytable, extra_paytables=()):
    """The par-sheet line (event id, ``"other"`` for a loss) a hand of ``key`` is paid on."""
    from combin.analysis import par_sheet
    from combin.outcomes import OutcomeSpace
    alone = OutcomeSpace({key: 1}, 1, "one hand", "one hand", game="lunar")
    sheet = par_sheet("lunar.super", paytable=paytable, interpret=interpret, space=alone,
                      extra_paytables=extra_paytables)
    return next(line.event_id for line in sheet.lines if line.combinations)


def line_table(space, interpret=None, paytable=None, extra_paytables=()):
    """``(lines, counts)``: the lines of the Super's par sheet under ``interpret`` (highest pay
    first, ``"other"`` -- a loss -- last) and ``{(line of hand 1, line of hand 2, ...): deals}``
    over a joint space.  Each hand is settled alone, on its own key, as its par sheet settles it."""
    from combin.analysis import par_sheet
    from combin.lunar import outcome_space
    single = outcome_space()
    interpret = interpret or {}
    names = [line.event_id for line in
             par_sheet("lunar.super", paytable=paytable, interpret=interpret, space=single,
                       extra_paytables=extra_paytables).lines]
    line_of = {key: _line_of(key, interpret, paytable, extra_paytables) for key, _ in single.items()}
    counts = {}
    for keys, deals in space.items():
        cell = tuple(line_of[key] for key in keys)
        counts[cell] = counts.get(cell, 0) + deals
    return names, counts


def _reading_text(reading):
    return ", ".join(f"{key}={value}" for key, value in reading.items())


def _keys_csv(space):
    """Every cell of the two-hand key table: the six key fields of each hand, then the deals."""
    from combin.lunar.classes import SUPER_KEY
    lines = [",".join([*(f"hand1_{f}" for f in SUPER_KEY), *(f"hand2_{f}" for f in SUPER_KEY),
                       "deals"])]
    for keys, deals in sorted(space.items()):
        fields = [str(v).lower() if isinstance(v, bool) else v for key in keys for v in key]
        lines.append(",".join([*fields, str(deals)]))
    return "\n".join(lines) + "\n"


def _lines_page(space):
    """Markdown: per reading of L1-L5, the two hands' paid lines and the dependence figures."""
    from combin import display
    from combin.render.markdown import table
    parts = ["# Two Super Wagers on two hands of one deal, under every reading of L1-L5", "",
             f"Every ordered deal of two five-card hands from one 52-card deck "
             f"({space.cycle:,} deals): the Super Wager on each hand (own hand and dealer's hand, "
             "or two players' hands: the same table), one unit each, paytable `posted`. "
             "Counts are exact integers; a row is the line hand 1 is paid on, a column the line "
             "hand 2 is paid on (`other`: the Super loses). *SD* is the standard deviation of "
             "the bettor's total per round; *SD if independent* is what it would be if the two "
             "hands were dealt from separate decks.", ""]
    summary = []
    pages = []
    for reading, result in reading_rows(space):
        names, counts = line_table(space, reading)
        covariance = result.covariance[0][1]
        summary.append([_reading_text(reading), display.rational(covariance),
                        display.decimal(covariance, 8), display.decimal(result.correlation(0, 1), 8),
                        display.decimal(result.sd, 6), display.decimal(result.independent_sd, 6),
                        display.decimal(result.winning(2), 10)])
        rows = [[first, *(f"{counts.get((first, second), 0):,}" for second in names)]
                for first in names]
        pages += [f"## {_reading_text(reading)}", "",
                  table(rows, ["hand 1 \\\\ hand 2", *names], ("left", *("right",) * len(names))),
                  "", f"Covariance {display.rational(covariance)}; both Supers win in "
                  f"{result.winners[-1][1] if result.winners[-1][0] == 2 else 0:,} deals.", ""]
    parts += ["## Summary", "",
              table(summary, ["Reading", "Covariance (exact)", "Covariance", "Correlation",
                              "SD of the total", "SD if independent", "P(both win)"],
                    ("left", "right", "right", "right", "right", "right", "right")), ""]
    return "\n".join(parts + pages).rstrip("\n") + "\n"


def joint_tables():
    """The committed tables of several Supers: ``[(title, {path: text}), ...]`` (see
    :mod:`combin.tables`): the two-hand key table, the line tables under every reading and the
    package sheet of two Supers (Markdown and JSON)."""
    from combin.documents.design import package_document
    from combin.render import render
    from combin.lunar.joint import joint_space
    space = joint_space(2)
    result = supers_package(2, space=space)
    joint = line_table(space)
    return [
        ("Two Super hands from one deck: ordered deals by the Super key of each hand",
         {"supers-2-hands-keys.csv": _keys_csv(space)}),
        ("Two Super hands: the lines paid under every reading of L1-L5, covariance and SD",
         {"supers-2-hands-lines.md": _lines_page(space)}),
        ("Package: one unit on each of two Supers (`combin package --lunar-supers 2`)",
         {"package-supers-2.md": render(package_document(result, joint), "md"),
          "package-supers-2.json": render(package_document(result, joint), "json")}),
    ]


def joint_checks(progress=lambda message: None):
    """The audit's checks of the joint table: ``[(group, name, detail, passed), ...]``.

    Totals, margins equal to the single-hand Super table, symmetry, and the
    fast count against a plain enumeration of every ordered pair on a 20-card deck.
    """
    from math import comb
    from combin.lunar import outcome_space
    from combin.lunar.joint import joint_counts, margin, plain_pair_counts
    progress("lunar: joint table of two Super hands")
    counts = joint_counts(2)
    single = {key: deals * comb(47, 5) for key, deals in outcome_space().items()}
    checks = [
        ("invariant", "two Super hands: ordered deals add up to C(52,5) C(47,5)",
         f"{sum(counts.values()):,}", sum(counts.values()) == comb(52, 5) * comb(47, 5)),
        ("invariant", "two Super hands: each hand's margin = single-hand count x C(47,5)",
         f"{len(single)} keys", margin(counts, 0) == single and margin(counts, 1) == single),
        ("invariant", "two Super hands: the table is symmetric",
         f"{len(counts)} cells", all(counts[(a, b)] == counts.get((b, a)) for a, b in counts)),
    ]
    progress("lunar: joint table against a plain enumeration (ranks TJQKA)")
    fast, plain = joint_counts(2, "TJQKA"), plain_pair_counts("TJQKA")
    checks.append(("method", "two Super hands, 20-card deck TJQKA: inclusion-exclusion = plain "
                   "enumeration of every ordered pair", f"{len(fast)} cells", fast == plain))
    return checks
