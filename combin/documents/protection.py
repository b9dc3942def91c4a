"""The game-protection results as :class:`~combin.render.document.Document` objects.

One function each: :func:`decks_document` (house edge by number of decks),
:func:`eor_document` (effects of removal and the suggested count),
:func:`depleted_document` (a remaining shoe's par sheet against the full
shoe) and :func:`count_document` (a count simulation).  Cells keep the exact
values of the results; an estimate of a simulation is shown with its 95%
interval in separate columns, so a spreadsheet can read each bound.
"""


from typing import TYPE_CHECKING, Any

from combin.files import display
from combin.documents.parsheet import document, subject
from combin.protection.chunks import CHUNK
from combin.protection.count_options import trigger_text
from combin.protection.eor import balance_note, tag_text
from combin.registry import find_wager
from combin.version import __version__
from combin.render.document import Count, Document, Number, Percent, Ratio, Table, Text

if TYPE_CHECKING:
    from combin.protection.decks import DeckTable
    from combin.protection.depleted import Depleted
    from combin.protection.eor import Effects
    from combin.protection.results import CountResult

__all__ = ["decks_document", "eor_document", "depleted_document", "count_document"]


def _rules(sheets: Any) -> list[str]:
    found = []
    for sheet in sheets:
        if sheet.rules not in (None, "any") and sheet.rules not in found:
            found.append(sheet.rules)
    return found


def decks_document(table: "DeckTable") -> Document:
    """:class:`~combin.protection.decks.DeckTable` -> Document (table ``decks``)."""
    first_sheets = table.rows[0][3]
    first = first_sheets[0]
    info = [("Wager", f"{table.title} ({table.wager})")]
    if _rules(first_sheets):
        info.append(("Rule set", ", ".join(_rules(first_sheets))))
    info += [("Interpretations", first.interpretation_text), ("Regulation", first.regulation),
             ("Counted over", "every ordered six-card sequence of each full shoe (one exact "
                              "enumeration per deck count)"),
             ("Tool", f"combin {first.version}")]
    rows = [[Count(decks), Count(cards), *(Percent(s.summary.house_edge) for s in sheets)]
            for decks, cards, _, sheets in table.rows]
    headings = ["Decks", "Cards", *((f"house_edge_{h}", f"House edge {h}")
                                    for h in table.headings)]
    notes = ["House edge = minus the expected net result per unit staked, exact for each "
             "shoe; the percentages are rounded for display only."]
    machine = (("wager", table.wager), ("interpretations", dict(first.interpretations)),
               ("columns", [{"heading": h, "key": f"house_edge_{h}", "paytable": s.paytable,
                             "rules": s.rules} for h, s in zip(table.headings, first_sheets)]),
               ("cycles", {str(decks): str(cycle) for decks, _, cycle, _ in table.rows}))
    return Document("decks", f"{table.title}: house edge by number of decks", tuple(info),
                    (Table.of("decks", "House edge by number of decks", headings, rows),),
                    tuple(notes), subject=machine)


def _corr(tag: Any) -> Text | Number:
    return Text("n/a (constant tags)") if tag.correlation is None else Number(tag.correlation, 4)


def eor_document(result: "Effects") -> Document:
    """:class:`~combin.protection.eor.Effects` -> Document (tables ``effects``, ``tag_sets``)."""
    sheet, shoe, tags = result.sheet, result.shoe, result.suggested.tags
    protection = find_wager(sheet.wager)[0].protection
    names = protection.values if protection is not None else ()
    verdict = "holds exactly" if result.identity_holds else "FAILS"
    info = [("Wager", f"{sheet.title} ({sheet.wager})"), ("Paytable", sheet.paytable),
            *([("Rule set", sheet.rules)] if sheet.rules not in (None, "any") else []),
            ("Interpretations", sheet.interpretation_text), ("Shoe", sheet.shoe),
            ("Expected return", Ratio(result.expected)),
            ("House edge", Percent(sheet.summary.house_edge)),
            ("Identity", f"sum n_r EV(shoe - r) = N EV(shoe): {verdict}"),
            ("sum n_r EV(shoe - r)", Text(display.rational(result.identity_left))),
            ("N EV(shoe)", Text(display.rational(result.identity_right))),
            ("Suggested tags", tag_text(tags)),
            ("Largest tag", f"at most {result.suggested.max_tag} (--max-tag)"),
            ("Correlation", _corr(result.suggested)),
            ("Tool", f"combin {sheet.version}")]
    effects = Table.of(
        "effects", "Effects of removal",
        ["Value", "Cards", ("effect", "Effect"), ("effect_percent", "Effect (%)"), "Tag"],
        [[name, Count(n), Text("-") if e is None else Ratio(e),
          Text("-") if e is None else Percent(e, 6), Count(t)]
         for name, n, e, t in zip(names, shoe.counts, result.effects, tags)])
    alternatives = Table.of(
        "tag_sets", "Other tag sets (largest tag at most 1 to 4)",
        [("largest_tag", "Largest tag"), ("best_balanced", "Best balanced tags"),
         ("balanced_correlation", "Correlation"), ("best", "Best tags"),
         ("best_correlation", "Correlation"), ("per_deck", "Per deck")],
        [[Count(m), "-" if bal is None else ",".join(map(str, bal.tags)),
          Text("-") if bal is None else _corr(bal), ",".join(map(str, best.tags)), _corr(best),
          Count(best.per_deck)] for m, bal, best in result.alternatives])
    notes = [
        "Effect = EV(shoe less one card of that value) - EV(shoe), per unit staked, for the "
        "bettor; positive: removing the card helps the bettor.",
        "A card's tag is added to the count when it is seen. Tags are scaled and rounded "
        "effects: of all scales, the balanced tag set with the highest correlation whose "
        "largest tag is at most the limit (--max-tag).",
        "Correlation: Pearson correlation of (tag, effect) over the cards of the shoe, each "
        "card one observation (weights n_r).",
        balance_note(result),
    ]
    suggested = result.suggested
    machine = (*subject(sheet), ("identity_holds", result.identity_holds),
               ("suggested_tags", dict(zip(names, suggested.tags))),
               ("max_tag", suggested.max_tag), ("balanced", suggested.balanced))
    return Document("eor", f"{sheet.title}: effects of removal", tuple(info),
                    (effects, alternatives), tuple(notes), subject=machine)


def depleted_document(result: "Depleted") -> Document:
    """:class:`~combin.protection.depleted.Depleted` -> the remaining shoe's par sheet
    Document with a ``full_shoe`` comparison table."""
    sheet = document(result.sheet)
    here, full = result.sheet.summary, result.reference.summary
    plural = "deck" if result.reference_decks == 1 else "decks"
    change = result.difference
    verdict = ("better for the bettor" if change > 0 else "worse for the bettor" if change < 0
               else "the same")
    compared = Table.of("full_shoe", "Compared with the full shoe", ["Figure", "Value", "Note"], [
        ("House edge, this shoe", Percent(here.house_edge), None),
        (f"House edge, full {result.reference_decks} {plural}", Percent(full.house_edge), None),
        ("Change in expected return", Percent(change), verdict)])
    return Document("shoe", sheet.title, sheet.identification, (*sheet.tables, compared),
                    sheet.notes, subject=(*sheet.subject,
                                          ("full_shoe_decks", result.reference_decks)))


def _estimate_cells(e: Any, places: int = 4, percent: bool = False) -> list[Any]:
    if e is None:
        return [None, None, None]
    kind = (lambda v: Percent(v, places)) if percent else (lambda v: Number(v, places))
    return [Ratio(e.value, places) if not percent else Percent(e.value, places),
            None if e.low is None else kind(e.low), None if e.high is None else kind(e.high)]


def _count_identification(result: "CountResult") -> list[tuple[str, Any]]:
    plan = result.plan
    burn = ("first card shown and counted, then its value burned face down (ten-valued: 10)"
            if plan.burn == "face" else f"{plan.burn} card(s) face down, unseen")
    info = [("Wager", f"{result.title} ({plan.wager})"), ("Paytable", result.paytable),
            *([("Rule set", result.rules)] if result.rules not in (None, "any") else []),
            ("Interpretations", result.interpretations),
            ("Shoe", f"{plan.decks} decks ({plan.decks * 52} cards), cut card {plan.cut} cards "
                     "from the end"),
            ("Burn", burn), ("Tags", f"{tag_text(plan.tags)}; {result.tags_source}"),
            ("Count", ("true count: running count / (cards remaining / 52)" if plan.true_count
                       else "running count") + f", starting at {plan.initial_count}"),
            ("Bet", "one unit when the count >= the trigger, before the round"),
            ("Seed", f"{plan.seed} (chunks of {CHUNK} shoes)"),
            ("Shoes", Count(result.shoes)),
            ("Shoes requested", Count(result.requested)),
            ("Rounds dealt", Count(result.rounds)),
            ("Off the top: expected return", Ratio(result.expected_return)),
            ("Off the top: house edge", Percent(result.house_edge)),
            ("Tool", f"combin {__version__}")]
    return info


def _count_subject(result: "CountResult") -> tuple[tuple[str, Any], ...]:
    plan = result.plan
    return (("wager", plan.wager), ("paytable", result.paytable), ("rules", result.rules),
            ("interpretations", result.interpretations), ("decks", plan.decks),
            ("cut_card", plan.cut), ("burn", str(plan.burn)), ("tags", list(plan.tags)),
            ("true_count", plan.true_count), ("initial_count", plan.initial_count),
            ("seed", plan.seed), ("chunk", CHUNK), ("shoes", result.shoes),
            ("shoes_requested", result.requested), ("interrupted", result.interrupted),
            ("rounds", result.rounds))


def count_document(result: "CountResult") -> Document:
    """:class:`~combin.protection.results.CountResult` -> Document (table ``triggers``)."""
    rows = []
    for t in result.triggers:
        rows.append([trigger_text(t.trigger), Count(t.bets),
                     None if t.bets_per_shoe is None else Number(t.bets_per_shoe.value, 2),
                     None if t.bet_frequency is None else Percent(t.bet_frequency, 2),
                     *_estimate_cells(t.return_when_betting, 3, percent=True),
                     *_estimate_cells(t.win_per_shoe),
                     *_estimate_cells(t.win_per_100_rounds)])
    headings = ["Trigger", "Bets", ("bets_per_shoe", "Bets/shoe"), ("bet_frequency", "Rounds bet"),
                ("return_when_betting", "Return when betting"), ("return_low", "95% low"),
                ("return_high", "95% high"), ("win_per_shoe", "Win per shoe"),
                ("win_per_shoe_low", "95% low"), ("win_per_shoe_high", "95% high"),
                ("win_per_100_rounds", "Win per 100 rounds"), ("win_per_100_low", "95% low"),
                ("win_per_100_high", "95% high")]
    notes = ["Return when betting: the bettor's net result per unit bet (negative: the house's "
             "edge); win per shoe and per 100 rounds dealt, in units, betting one unit per bet.",
             "Estimates are exact ratios of integer sums over shoes; 95% intervals are "
             "estimate ± 1.96 standard errors (delta method for ratios; shoes are independent).",
             "The trigger 'always' bets every round: its return estimates the off-the-top "
             "expected return."]
    if result.interrupted:
        notes.insert(0, f"Interrupted: {result.shoes:,} of {result.requested:,} shoes "
                        "(a partial result).")
    return Document("count", f"{result.title}: count simulation",
                    tuple(_count_identification(result)),
                    (Table.of("triggers", "Results by trigger", headings, rows),), tuple(notes),
                    subject=_count_subject(result))
