"""The report of a count simulation, as text, Markdown, CSV or JSON."""

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from combin import __version__, display
from combin.protection import output
from combin.protection.chunks import CHUNK
from combin.protection.count_options import trigger_text
from combin.protection.eor import tag_text
from combin.protection.estimate import Estimate
from combin.protection.results import CountResult

__all__ = ["render"]


def _interval(estimate: Estimate | None, show: Callable[[Any], str]) -> str:
    if estimate is None:
        return "-"
    if estimate.low is None:
        return show(estimate.value)
    return f"{show(estimate.value)} [{show(estimate.low)}, {show(estimate.high)}]"


def _signed_percent(value: Any, places: int = 3) -> str:
    text = display.percent(value, places)
    return text if text.startswith("-") else "+" + text


def _signed(value: Any, places: int = 4) -> str:
    text = display.decimal(value, places)
    return text if text.startswith("-") else "+" + text


def _info(result: CountResult) -> list[tuple[str, str]]:
    plan = result.plan
    burn = ("first card shown and counted, then its value burned face down (ten-valued: 10)"
            if plan.burn == "face" else f"{plan.burn} card(s) face down, unseen")
    info = [("Wager", f"{result.title} ({plan.wager})"),
            ("Paytable", result.paytable),
            *([("Rule set", result.rules)] if result.rules not in (None, "any") else []),
            ("Interpretations", result.interpretations),
            ("Shoe", f"{plan.decks} decks ({plan.decks * 52} cards), cut card {plan.cut} cards "
                     "from the end"),
            ("Burn", burn),
            ("Tags", f"{tag_text(plan.tags)}; {result.tags_source}"),
            ("Count", ("true count: running count / (cards remaining / 52)" if plan.true_count
                       else "running count") + f", starting at {plan.initial_count}"),
            ("Bet", "one unit when the count >= the trigger, before the round"),
            ("Seed", f"{plan.seed} (chunks of {CHUNK} shoes)"),
            ("Shoes", f"{result.shoes:,}" + (f" of {result.requested:,} (interrupted: partial "
                                               "result)" if result.interrupted else "")),
            ("Rounds dealt", f"{result.rounds:,}" + (
                f" ({display.decimal(Fraction(result.rounds, result.shoes), 2)} per shoe)"
                if result.shoes else "")),
            ("Off the top", f"expected return {display.decimal(result.expected_return, 6)} "
                            f"(house edge {display.percent(result.house_edge, 4)}), exact "
                            f"{display.rational(result.expected_return)}"),
            ("Tool", f"combin {__version__}")]
    return info


def render(result: CountResult, fmt: str = "text") -> str:
    """The simulation report in ``fmt`` (text, md, csv or json)."""
    output.check_format(fmt)
    if fmt == "json":
        def est(e: Estimate | None, places: int = 8) -> dict[str, Any] | None:
            if e is None:
                return None
            return {"estimate": display.rational(e.value),
                    "estimate_decimal": display.decimal(e.value, places),
                    "se": None if e.se is None else display.decimal(e.se, places),
                    "ci95": None if e.low is None or e.high is None else [
                        display.decimal(e.low, places), display.decimal(e.high, places)]}
        plan = result.plan
        return output.json_text({
            "format": "combin.count/1",
            "wager": plan.wager, "title": result.title, "paytable": result.paytable,
            "rules": result.rules, "interpretations": result.interpretations,
            "decks": plan.decks, "cut_card": plan.cut, "burn": plan.burn,
            "tags": list(plan.tags), "tags_source": result.tags_source,
            "true_count": plan.true_count, "initial_count": plan.initial_count,
            "seed": plan.seed, "chunk": CHUNK, "shoes": result.shoes,
            "shoes_requested": result.requested, "interrupted": result.interrupted,
            "rounds": result.rounds,
            "off_the_top": {"expected_return": display.rational(result.expected_return),
                            "house_edge": display.rational(result.house_edge),
                            "house_edge_percent": display.percent(result.house_edge, 6)},
            "payout_scale": plan.scale,
            "triggers": [{"trigger": trigger_text(t.trigger), "bets": t.bets,
                          "bets_per_shoe": est(t.bets_per_shoe),
                          "bet_frequency": None if t.bet_frequency is None
                          else display.rational(t.bet_frequency),
                          "return_when_betting": est(t.return_when_betting),
                          "win_per_shoe": est(t.win_per_shoe),
                          "win_per_100_rounds": est(t.win_per_100_rounds),
                          "sums": {k: str(v) for k, v in s.items()}}
                         for t, s in zip(result.triggers, result.sums["triggers"])],
        })
    rows = []
    for t in result.triggers:
        rows.append([trigger_text(t.trigger),
                     "-" if t.bets_per_shoe is None else display.decimal(t.bets_per_shoe.value, 2),
                     "-" if t.bet_frequency is None else display.percent(t.bet_frequency, 2),
                     _interval(t.return_when_betting, _signed_percent),
                     _interval(t.win_per_shoe, _signed),
                     _interval(t.win_per_100_rounds, _signed)])
    headers = ["Trigger", "Bets/shoe", "Rounds bet", "Return when betting [95% CI]",
               "Win per shoe [95% CI]", "Win per 100 rounds [95% CI]"]
    notes = ["Return when betting: the bettor's net result per unit bet (negative: the house's "
             "edge); win per shoe and per 100 rounds dealt, in units, betting one unit per bet.",
             "Estimates are exact ratios of integer sums over shoes; 95% intervals are "
             "estimate ± 1.96 standard errors (delta method for ratios; shoes are independent).",
             "The trigger 'always' bets every round: its return estimates the off-the-top "
             "expected return."]
    if fmt == "csv":
        csv_rows = []
        for t in result.triggers:
            def cells(e: Estimate | None) -> list[str]:
                if e is None:
                    return ["", "", ""]
                return [display.decimal(e.value, 8),
                        "" if e.low is None else display.decimal(e.low, 8),
                        "" if e.high is None else display.decimal(e.high, 8)]
            csv_rows.append([trigger_text(t.trigger), t.bets,
                             *cells(t.bets_per_shoe)[:1],
                             *cells(t.return_when_betting), *cells(t.win_per_shoe),
                             *cells(t.win_per_100_rounds)])
        headers = ["trigger", "bets", "bets_per_shoe", "return_when_betting", "return_low",
                   "return_high", "win_per_shoe", "win_per_shoe_low", "win_per_shoe_high",
                   "win_per_100_rounds", "win_per_100_low", "win_per_100_high"]
        return output.document("csv", "", _info(result), headers, csv_rows, notes)
    title = f"{result.title}: count simulation"
    return output.document(fmt, title, _info(result), headers, rows, notes,
                           align=("left", "right", "right", "right", "right", "right"))
