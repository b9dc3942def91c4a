"""The strategy card and the skill curve of a stud game with draws, as Documents.

:func:`card_documents` lays out what :func:`combin.stud.game.skill.search` found over a strategy
pass's cells (:mod:`combin.stud.game.human`): the **skill curve** (the exact house edge of the
best strategy found with at most k rules, k = 1 .. the most asked for, beside optimal play and the
limit of the cells), the **strategy card** (the fewest rules found within the target of
optimal play, else the most: each rule in a player's words with its exact cost against optimal
play), and the **skill mix** (:func:`mix_document`: a few strategies players follow, with the
mandatory Super, and a casino's weighted hold; :mod:`combin.stud.game.mix`).  Every figure is
an exact fraction over the pass's sums: ``sum of weight x value`` over
``L x (total weight)``.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from combin.render.document import Document, Percent, Ratio, Table, Text, shown as _shown
from combin.stud.game.skill import BANDS

__all__ = ["card_documents", "card_plan", "limit_value", "mix_document", "printable", "CARD_RULES", "CARD_TARGET"]

#: The card's search by default (``combin lunar card``, and the card ``combin lunar strategy`` answers
#: with): at most 25 rules, the fewest within 1 point of an Ante of optimal play.
CARD_RULES = 25
CARD_TARGET = Fraction(1, 100)


def limit_value(grid: Any) -> int:
    """``weight x value`` summed over the cells, each taking its own best action: the most any
    strategy whose rules are unions of cells can reach (the limit of the hands and up cards)."""
    total = 0
    for i in range(len(grid.hands)):
        for j in range(len(grid.ups)):
            found = grid.choose((i, i, j, j))
            total += 0 if found is None else found[0]
    return total


def _rules(count: int) -> str:
    """``"1 rule"``, ``"2 rules"``.

    >>> _rules(1), _rules(25)
    ('1 rule', '25 rules')
    """
    return f"{count} rule{'' if count == 1 else 's'}"


def card_plan(grid: Any, plans: list[Any], scale: int, target: Fraction) -> Any:
    """The card among ``plans``: the fewest rules within ``target`` of optimal play, else the most rules."""
    whole = scale * grid.weight
    within = [plan for plan in plans if Fraction(grid.best_total - plan.value, whole) <= target]
    return within[0] if within else plans[-1]


def _identification(rules: Any, deck: Any, source: str, pins: str | None) -> tuple[tuple[str, Any], ...]:
    """The identification lines every sheet of the card states: the game, deck, paytable, readings,
    source and, when the sheets read a pass along shards, its pins."""
    return (("Game", rules.stud.game.title), ("Deck", f"{deck.text} ({len(deck)} cards)"),
            ("Paytable", rules.instant.id if rules.instant else "none"),
            ("Interpretations", ", ".join(f"{k}={v}" for k, v in rules.readings)),
            ("Source", source)) + ((("Pins", pins),) if pins else ())


def _subject(rules: Any, deck: Any, source: str, pins: str | None) -> tuple[tuple[str, Any], ...]:
    return (("game", rules.stud.game.id), ("deck", deck.text), ("paytable", rules.instant.id if rules.instant else None),
            ("interpretations", dict(rules.readings)), ("source", source)) + ((("pins", pins),) if pins else ())


def card_documents(rules: Any, deck: Any, grid: Any, plans: list[Any], scale: int, target: Fraction,
                   source: str, candidates: dict[str, tuple[str, ...]], most: int,
                   pins: str | None = None) -> tuple[Document, Document]:
    """``(strategy card, skill curve)`` of the plans searched up to ``most`` rules; ``target``: the card
    is the fewest rules found whose house edge
    is within ``target`` (a fraction of an Ante) of optimal play's, else the plan of the most rules;
    ``pins``: what the sheets say of the pin files of the run and pass they read, when they read one."""
    whole = scale * grid.weight
    optimal = Fraction(grid.best_total, whole)
    limit = Fraction(limit_value(grid), whole)
    identification = _identification(rules, deck, source, pins)
    curve_rows: list[tuple[Any, ...]] = []
    for k, plan in enumerate(plans, 1):
        value = Fraction(plan.value, whole)
        curve_rows.append((k, Ratio(-value), Percent(-value), Percent(optimal - value)))
    curve_rows.append(("every cell its best action", Ratio(-limit), Percent(-limit), Percent(optimal - limit)))
    curve_rows.append(("optimal play", Ratio(-optimal), Percent(-optimal), Percent(Fraction(0))))
    curve = Table.of("curve", "The best strategy found with at most k rules",
                     [("rules", "Rules"), ("house_edge", "House edge per Ante"),
                      ("house_edge_percent", "House edge (%)"), ("gap", "Gap from optimal play (% of an Ante)")],
                     curve_rows)
    within = [plan for plan in plans if optimal - Fraction(plan.value, whole) <= target]
    card = card_plan(grid, plans, scale, target)
    winning = next((plan for plan in plans if plan.value > 0), None)
    edge = Fraction(-card.value, whole)
    card_rows = [(n, Text(rule.hands), Text(rule.ups.removeprefix("against ")), Text(rule.action),
                  Ratio(Fraction(cost, whole)), Percent(Fraction(cost, whole)))
                 for n, (rule, cost) in enumerate(zip(card.rules, card.costs), 1)]
    rules_table = Table.of("card", f"The card: {_rules(len(card.rules))}",
                           [("rule", "Rule"), ("hands", "Hands"), ("up_cards", "Up cards"), ("action", "Action"),
                            ("cost", "Cost against optimal play per Ante"), ("cost_percent", "Cost (%)")], card_rows)
    edge_table = Table.of("edge", "The card's house edge",
                          [("figure", "Figure"), ("value", "Per Ante"), ("percent", "In percent")],
                          [("house edge with the card", Ratio(edge), Percent(edge)),
                           ("house edge under optimal play", Ratio(-optimal), Percent(-optimal)),
                           ("what the card costs against optimal play", Ratio(optimal + edge), Percent(optimal + edge))])
    stopped = (f"the search stopped at {len(plans)} rules: no split of a rule gains any more; "
               if len(plans) < most else "")
    verb = "is" if len(card.rules) == 1 else "are"
    found_words = stopped + (f"{_rules(len(card.rules))} {verb} the fewest found within "
                             f"{float(target) * 100:g} point(s) of an Ante of "
                   "optimal play" if within else
                   f"no strategy found with at most {most} rules is within {float(target) * 100:g} point(s) of an "
                   "Ante of optimal play; the card is the one of the most rules")
    edge_words = (f"the fewest rules found that give the player the edge: {len(winning.rules)} "
                  f"(house edge {float(Fraction(-winning.value, whole)) * 100:.4f}%)" if winning else
                  f"no strategy found with at most {most} rules gives the player the edge")
    how = ("How the search goes: over cells (a fine hand -- a plain hand; a pair with its highest kicker, or with "
           "its four to a flush or a straight; an ace-king with its third card and a high card with its second, each "
           "with whether three of its cards share a suit, else whether its two highest do; a four to a straight by "
           "its highest card and whether two ranks complete it; three of a kind by its rank -- by the up card's "
           "rank), two searches, and for each k the better strategy of the two. A "
           "greedy refinement: one rule first (the action best over every situation); each step splits one rule in "
           "two, its hands or its up cards at one place, each part taking its best action, choosing the split that "
           "gains the most, then joins two rules of one action that make a rectangle together. And the best of a "
           "family found exactly (a dynamic programme): the hands cut into ranges, each within one group (a plain "
           "hand, the pairs with a draw) or starting or ending where a group does, each range's up cards cut into "
           "at most "
           f"{BANDS} ranges, each piece a rule with its best action -- or, for hands with a rank of one kind (the "
           "pairs by the pair's rank, the high cards by their highest card), cut in two where the up card passes "
           "that rank plus an offset ('against an up card below the pair'), each part a rule with its best action. "
           "A rule's action "
           "is one of the candidate actions of its hands (optimal in at least 1% of a plain hand's situations in the "
           "run, and play, fold and buy), priced exactly in every situation by a pass over the run; neither search "
           "need find the best of all strategies of k rules, so each row is what was found, exact for that strategy.")
    notes = (f"Every figure is exact: the house edge is minus the expected result per Ante, over the "
             f"{grid.weight:,} situations of {deck.text}.", found_words + "; " + edge_words + ".", how,
             "'Every cell its best action' is the most any rules of these hands and up cards can reach; the rest of "
             "the gap to optimal play needs a finer description of the hand (its suits, the kickers, the cards the "
             "up card takes away).", *rules.reading_notes())
    subject = _subject(rules, deck, source, pins) + (("target", str(target)),
                                               ("candidates", {k: list(v) for k, v in candidates.items()}))
    card_doc = Document("strategy_card", f"{rules.stud.game.title}: a strategy card of {_rules(len(card.rules))}",
                        identification, (rules_table, edge_table), notes, (),
                        subject + (("rules", [rule.words() for rule in card.rules]),))
    curve_doc = Document("skill_curve", f"{rules.stud.game.title}: how much skill the game rewards",
                         identification, (curve,), notes, (), subject)
    return card_doc, curve_doc


_NAMES = {"never-draw": "never draw: play a pair or better, fold the rest",
          "pair-then-card": "play any pair or better; with less, as the card says",
          "card": "the strategy card", "optimal": "optimal play"}


def mix_document(rules: Any, deck: Any, values: dict[str, int], whole: int, card_rules: int,
                 super_edge: Fraction | None, multiple: Fraction, mix: dict[str, Fraction] | None,
                 source: str, pins: str | None = None) -> Document:
    """The skill mix: each named strategy's exact house edge (``values``: ``weight x value`` sums over
    ``whole``), with the mandatory Super at ``multiple`` x Ante when the game has it, and the weighted
    hold of ``mix``; ``pins`` as :func:`card_documents` reads it."""
    edges = {name: Fraction(-value, whole) for name, value in values.items()}

    def row(label: str, edge: Fraction) -> tuple[Any, ...]:
        cells: tuple[Any, ...] = (Text(label), Ratio(edge), Percent(edge))
        if super_edge is not None:
            round_edge = edge + multiple * super_edge
            cells += (Ratio(round_edge), Percent(round_edge), Percent(round_edge / (1 + multiple)))
        return cells
    columns = [("strategy", "Strategy"), ("house_edge", "House edge per Ante"), ("house_edge_percent", "House edge (%)")]
    if super_edge is not None:
        columns += [("round_house_edge", f"With the Super at {multiple} x Ante: house edge per Ante"),
                    ("round_house_edge_percent", "With the Super (% of an Ante)"),
                    ("round_per_initial", "With the Super, per unit of Ante + Super (%)")]
    body = [row(_NAMES[name] + (f" ({_rules(card_rules)})" if name == "card" else ""), edges[name]) for name in values]
    tables = [Table.of("strategies", "The house edge by how the game is played", columns, body)]
    if mix:
        hold = sum((share * edges[name] for name, share in mix.items()), Fraction(0))
        shares = ", ".join(f"{name} {float(share) * 100:g}%" for name, share in mix.items())
        tables.append(Table.of("mix", "The weighted theoretical hold of the mix", columns,
                               [row(f"mix: {shares}", hold)]))
    notes = ("Every figure is exact, from the strategy pass's sums: each strategy takes one candidate action per "
             "cell (fine hand and up card), the card its rules; 'never draw' equals the game without draws "
             "played by a pair or better.",
             "The Super on the player's own hand is mandatory (58 Pa. Code § 671a.7(c)(2)) and settled on the first "
             "five whatever the player does after: the round's house edge per Ante is the game's plus the multiple "
             "times the Super's house edge per unit; per unit of initial wagers it is divided by 1 + the multiple.",
             "The weighted hold is the shares' sum of the house edges (the mix is the caller's: --mix).",
             *rules.reading_notes())
    identification = _identification(rules, deck, source, pins)
    subject = _subject(rules, deck, source, pins) + (("super", None if super_edge is None else str(multiple)),
                                               ("mix", None if not mix else {k: str(v) for k, v in mix.items()}))
    return Document("skill_mix", f"{rules.stud.game.title}: the house edge by skill", identification,
                    tuple(tables), notes, (), subject)


def printable(card: Document) -> Document:
    """The card as a person carries it, one printed page: the rules in words (hands, up cards, action),
    the game they are for, and the card's house edge in one line; each rule's exact cost and the
    search stay in the full card (:func:`card_documents`)."""
    rules = card.table("card")
    rows = [(row[0], row[1], row[2], row[3]) for row in rules.rows]
    table = Table.of("card", rules.title, [("rule", "Rule"), ("hands", "Hands"), ("up_cards", "Up cards"),
                                           ("action", "Action")], rows)
    edge = {_shown(row[0]): row[2] for row in card.table("edge").rows}
    note = (f"House edge with the card {_shown(edge['house edge with the card'])} per Ante "
            f"(optimal play {_shown(edge['house edge under optimal play'])}); every hand and up card falls "
            "under exactly one rule. Each rule's exact cost: the full strategy card.")
    kept = tuple((label, value) for label, value in card.identification if label not in ("Source", "Pins"))
    readings = tuple(n for n in card.notes if re.match(r"L\d+=", n))       # the readings in words
    return Document(card.kind, card.title, kept, (table,), (note, *readings), (), card.subject)
