"""Several Super Wagers at one table, as a package: each Super reads one hand of one deal.

A player may hold Super Wagers on their own hand, the dealer's and other
players' hands (§ 671a.7(c)(3)).  :func:`supers_package` settles one unit on
the Super of each of two or three hands on the joint outcome space of
:func:`combin.lunar.joint.joint_space` -- outcomes are tuples of Super keys,
one per hand -- with the package machinery of :mod:`combin.design.package`:
each Super is settled by :func:`combin.core.analysis.payouts`, the settlement of
the single-hand par sheet, on its own hand's key.  So the distribution of the
bettor's total, the means, the exact covariance matrix and the probability
that two or three Supers win come out of one exact table, and the difference
from independence is the covariance: with independent hands the variance of
the total would be the sum of the single-hand variances.  Before settling,
the deals whose hands are paid alike are merged (:func:`paid_alike`): a
package reads an outcome only through what each Super pays on it, so the
merged space gives the same sums, exactly, from at most a few hundred
outcomes instead of the 96,380 key triples of three hands.

:func:`reading_rows` gives, for every reading of L1-L5, the figures an
operator compares (covariance, correlation, SD of the total with and without
independence, probability that two -- or three -- Supers win); :func:`line_table`
the joint count of the paid lines of two or three hands under one reading.

>>> HANDS, READINGS, hand_label(0), hand_label(1)
((2, 3), ('L1', 'L2', 'L3', 'L4', 'L5'), 'lunar.super[0]', 'lunar.super[1]')
>>> len(readings()), readings()[0]
(32, {'L1': 'jqk', 'L2': 'color', 'L3': 'any-suits', 'L4': 'highest', 'L5': 'flush'})
"""

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import permutations, product
from math import comb
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from combin.core.analysis import par_sheet, payouts
from combin.design.package import Bet, settle
from combin.documents.design import package_document
from combin.errors import CombinError
from combin.core.interpret import value_of
from combin.lunar.classes import SUPER_KEY
from combin.lunar.readings import INTERPRETATIONS, L4
from combin.lunar.space import outcome_space
from combin.core.outcomes import OutcomeSpace
from combin.running.progress import Messages
from combin.render import render_text as render

if TYPE_CHECKING:
    from combin.design.package import Package
    from combin.core.outcomes import OutcomeSpace

__all__ = ["HANDS", "READINGS", "supers_package", "paid_alike", "reading_rows", "line_table",
           "readings", "hand_label", "joint_tables", "joint_checks"]

HANDS = (2, 3)
"""How many Super hands a joint table counts."""

READINGS = ("L1", "L2", "L3", "L4", "L5")
"""The interpretations that change what a Super hand pays."""


def hand_label(hand: int) -> str:
    """The bet label of the Super on hand ``hand`` (1-based) of a deal."""
    return f"lunar.super[{hand}]"


def supers_package(hands: int, *, paytable: str | None = None,
                   interpret: Mapping[str, str] | None = None, extra_paytables: Sequence[Any] = (),
                   space: "OutcomeSpace | None" = None,
                   progress: Messages | None = None) -> "Package":
    """The :class:`~combin.design.package.Package` of one unit on the Super of each of ``hands``
    hands dealt from one deck (``space``: a joint space, by default the 52-card one)."""
    from combin.lunar.joint import joint_space
    if hands not in HANDS:
        raise CombinError(f"--lunar-supers counts 2 or 3 hands, not {hands!r}")
    sheet, table = payouts("lunar.super", space=outcome_space(), paytable=paytable,
                           interpret=interpret or {}, extra_paytables=extra_paytables)
    if space is None:
        space = joint_space(hands, progress=progress)
    bets = [Bet(hand_label(hand), sheet.paytable) for hand in range(1, hands + 1)]
    return settle("lunar", paid_alike(space, table), bets, [sheet] * hands, [table] * hands,
                  [itemgetter(hand) for hand in range(hands)])


def paid_alike(space: "OutcomeSpace", table: Mapping[Any, Fraction]) -> "OutcomeSpace":
    """``space`` with the outcomes whose hands are paid alike merged: each key is replaced by
    the first key (in ``table``'s order) with its payout in ``table``, and the counts of the
    outcomes that become equal are added.  Cycle, shoe and method are kept."""
    first: dict[Fraction, Any] = {}
    same = {key: first.setdefault(pay, key) for key, pay in table.items()}
    counts: dict[tuple[Any, ...], int] = {}
    for keys, deals in space.items():
        cell = tuple(same[key] for key in keys)
        counts[cell] = counts.get(cell, 0) + deals
    return OutcomeSpace(counts, space.cycle, space.shoe, space.method, space.shoe_detail,
                        game=space.game)


def readings() -> list[dict[str, str]]:
    """Every combination of the values of L1-L5, as ``{id: value}`` dicts, defaults first."""
    values = [INTERPRETATIONS[key].values for key in READINGS]
    return [dict(zip(READINGS, choice)) for choice in product(*values)]


def reading_rows(space: "OutcomeSpace", paytable: str | None = None) -> list[tuple[dict[str, str], "Package"]]:
    """``[(reading, package), ...]``: the package of the hands of ``space`` (two or three) under
    every reading of L1-L5."""
    hands = space.shoe_detail.get("hands") or len(next(iter(space.counts)))
    return [(reading, supers_package(hands, paytable=paytable, interpret=reading, space=space))
            for reading in readings()]


def _line_of(key: Any, interpret: Mapping[str, str], paytable: str | None, extra_paytables: Sequence[Any] = ()) -> str:
    """The par-sheet line (event id, ``"other"`` for a loss) a hand of ``key`` is paid on."""
    alone = OutcomeSpace({key: 1}, 1, "one hand", "one hand", game="lunar")
    sheet = par_sheet("lunar.super", paytable=paytable, interpret=interpret, space=alone,
                      extra_paytables=extra_paytables)
    return next(line.event_id for line in sheet.lines if line.combinations)


def line_table(space: "OutcomeSpace", interpret: Mapping[str, str] | None = None, paytable: str | None = None, extra_paytables: Sequence[Any] = ()) -> tuple[list[str], dict[tuple[str, ...], int]]:
    """``(lines, counts)``: the lines of the Super's par sheet under ``interpret`` (highest pay
    first, ``"other"`` -- a loss -- last) and ``{(line of hand 1, line of hand 2, ...): deals}``
    over a joint space.  Each hand is settled alone, on its own key, as its par sheet settles it."""
    single = outcome_space()
    interpret = interpret or {}
    names = [line.event_id for line in
             par_sheet("lunar.super", paytable=paytable, interpret=interpret, space=single,
                       extra_paytables=extra_paytables).lines]
    line_of = {key: _line_of(key, interpret, paytable, extra_paytables) for key, _ in single.items()}
    counts: dict[tuple[Any, ...], int] = {}
    for keys, deals in space.items():
        cell = tuple(line_of[key] for key in keys)
        counts[cell] = counts.get(cell, 0) + deals
    return names, counts


def joint_tables() -> list[tuple[str, dict[str, str]]]:
    """The committed tables of several Supers: ``[(title, {path: text}), ...]`` (see
    :mod:`combin.documents.tables`): for two and for three hands, the key table, the line tables under
    every reading and the package sheet (Markdown and JSON)."""
    from combin.documents import supers as pages
    from combin.lunar.joint import joint_space
    produced: list[tuple[str, dict[str, str]]] = []
    for hands, word in ((2, "Two"), (3, "Three")):
        space = joint_space(hands)
        result = supers_package(hands, space=space)
        document = package_document(result, line_table(space))
        rows = [pages.ReadingLines(reading, *line_table(space, reading), package,
                                   value_of(L4, reading["L4"]) is L4.HIGHEST)
                for reading, package in reading_rows(space)]
        keys_csv = pages.keys_csv if hands == 2 else pages.triples_csv
        lines_page = pages.two_hands_page if hands == 2 else pages.three_hands_page
        produced += [
            (f"{word} Super hands from one deck: ordered deals by the Super key of each hand" +
             (", one row per set of keys" if hands == 3 else ""),
             {f"supers-{hands}-hands-keys.csv": keys_csv(SUPER_KEY, space.items())}),
            (f"{word} Super hands: the lines paid under every reading of L1-L5, covariance and SD",
             {f"supers-{hands}-hands-lines.md": lines_page(space.cycle, rows)}),
            (f"Package: one unit on each of {word.lower()} Supers "
             f"(`combin package --lunar-supers {hands}`)",
             {f"package-supers-{hands}.md": render(document, "md"),
              f"package-supers-{hands}.json": render(document, "json")}),
        ]
    return produced


def joint_checks(progress: Messages = lambda message: None) -> list[tuple[Any, str, str, bool]]:
    """The audit's checks of the joint table: ``[(group, name, detail, passed), ...]``.

    Two and three hands: totals, margins equal to the single-hand Super table (and, for three
    hands, to the two-hand table), symmetry; the fast counts against a plain enumeration of
    every ordered pair (20-card deck) and triple (16-card deck), the rank scan against the
    inclusion-exclusion count (52 cards) and the conditioning count (20 cards).
    """
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
    return checks + _three_hand_checks(counts, progress)


def _three_hand_checks(pairs: dict[tuple[Any, ...], int], progress: Messages) -> list[tuple[Any, str, str, bool]]:
    """The three-hand table: totals, margins (single hands and pairs), symmetry, and the rank scan
    against the conditioning count and a plain enumeration on small decks."""
    from combin.lunar.joint import joint_counts, margin, plain_triple_counts, three_hand_counts
    from combin.lunar.rankscan import scan_counts
    progress("lunar: joint table of three Super hands (rank scan)")
    counts = joint_counts(3)
    single = {key: deals * comb(47, 5) * comb(42, 5) for key, deals in outcome_space().items()}
    two = {keys: deals * comb(42, 5) for keys, deals in pairs.items()}
    kept = []
    for drop in range(3):
        tally: Counter[tuple[Any, ...]] = Counter()
        for keys, deals in counts.items():
            tally[keys[:drop] + keys[drop + 1:]] += deals
        kept.append(dict(tally) == two)
    checks = [
        ("invariant", "three Super hands: ordered deals add up to C(52,5) C(47,5) C(42,5)",
         f"{sum(counts.values()):,}",
         sum(counts.values()) == comb(52, 5) * comb(47, 5) * comb(42, 5)),
        ("invariant", "three Super hands: each hand's margin = single-hand count x C(47,5) C(42,5)",
         f"{len(single)} keys", all(margin(counts, hand) == single for hand in range(3))),
        ("invariant", "three Super hands: each pair of hands' margin = two-hand table x C(42,5)",
         f"{len(pairs)} cells", all(kept)),
        ("invariant", "three Super hands: the table is the same under every order of the hands",
         f"{len(counts)} cells",
         all(counts.get(tuple(keys[i] for i in order)) == deals for keys, deals in counts.items()
             for order in permutations(range(3)))),
    ]
    progress("lunar: rank scan against inclusion-exclusion, conditioning, plain enumeration")
    checks.append(("method", "two Super hands, 52 cards: rank scan = inclusion-exclusion",
                   f"{len(pairs)} cells", scan_counts(2) == pairs))
    scanned, conditioned = joint_counts(3, "TJQKA"), three_hand_counts("TJQKA")
    checks.append(("method", "three Super hands, 20-card deck TJQKA: rank scan = conditioning on "
                   "the first hand", f"{len(scanned)} cells", scanned == conditioned))
    scanned, plain = joint_counts(3, "JQKA"), plain_triple_counts("JQKA")
    checks.append(("method", "three Super hands, 16-card deck JQKA: rank scan = conditioning = "
                   "plain enumeration of every ordered triple", f"{len(scanned)} cells",
                   scanned == plain == three_hand_counts("JQKA")))
    return checks
