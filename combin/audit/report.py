"""The texts of the evidence bundle: method statement, register, checks, simulation, report.

Everything here is generated from the code's own data -- the games'
paytables, rule sets and interpretations, the enumerators' method strings,
the modules' docstrings -- and from the results computed for the bundle, so
the words cannot drift from what the code does.
"""

import html
import json
from collections.abc import Mapping, Sequence
from importlib import import_module
from typing import Any

import markdown

from combin import __version__, display
from combin.audit.simulate import Confirmation
from combin.crosscheck import Check
from combin.game import Game
from combin.outcomes import OutcomeSpace
from combin.parsheet import ParSheet
from combin.render.markdown import table

__all__ = ["method_statement", "register", "checks_text", "checks_json", "simulation_text",
           "simulation_json", "report", "html_page"]

EXACTNESS = (
    "Counts are Python integers, exact at any size. Each probability is one exact division, "
    "count / game cycle, into a rational number (`fractions.Fraction`); return, variance and "
    "frequencies are exact sums of products of such rationals with exact net payouts (the "
    "Banker's 19 to 20 is exactly 19/20). No rounding happens before that final division: "
    "decimals are produced only for display, rounded half-to-even from the exact value. The "
    "standard deviation, volatility index and range of hold are the only irrational figures; "
    "they are computed from the exact variance in 40-digit decimal arithmetic.")


def _summary_line(module: str) -> str:
    doc = import_module(module).__doc__ or ""
    return doc.strip().splitlines()[0] if doc.strip() else module


def method_statement(game: Game, spaces: Sequence[tuple[str, OutcomeSpace]],
                     modules: Sequence[str]) -> str:
    """What is enumerated, how it is counted, and why it is exact."""
    parts = [f"# Method statement: {game.title}", "",
             f"Regulation: {game.regulation}. Tool: combin {__version__}.", "",
             "## What is enumerated", ""]
    for label, space in spaces:
        parts.append(f"- **{space.shoe}** ({label}): {space.method}. Game cycle "
                     f"{display.grouped(space.cycle)}; {len(space.counts)} distinct final "
                     "states, each with its exact count.")
    parts += ["", "## Exactness", "", EXACTNESS, "", "## The code that does it", ""]
    parts += [f"- `{module}`: {_summary_line(module)}" for module in modules]
    parts += ["", "## Paytables", ""]
    rows = [[p.wager, p.id, "; ".join(f"{e} {pay.text}" for e, pay in p.lines), p.citation]
            for p in game.paytables.values()]
    parts += [table(rows, ["Wager", "Paytable", "Lines (settlement order)", "Source"]), ""]
    if game.rulesets:
        rows = [[r.id, r.title, r.citation] for r in game.rulesets.values()]
        parts += ["## Rule sets", "", table(rows, ["Rule set", "Meaning", "Source"]), ""]
    return "\n".join(parts).rstrip("\n") + "\n"


def register(game: Game, sensitivity_pages: Mapping[str, list[str]]) -> str:
    """The interpretation register: each reading, its values, what it reads, its figures."""
    parts = [f"# Interpretation register: {game.title}", "",
             "Each point the regulation leaves open is a named interpretation with a default and "
             "alternatives; every par sheet lists the ones it was computed under. Fixed readings "
             "have one value.", ""]
    for interp in game.interpretations.values():
        parts += [f"## {interp.id}: {interp.title}", "", f"Reads: {interp.reads}", "",
                  f"Default: `{interp.default}`" + (" (fixed)" if interp.fixed else ""), ""]
        parts += [f"- `{value}`: {meaning}" for value, meaning in interp.values.items()]
        wagers = ", ".join(f"`{w}`" for w in interp.wagers) or "none yet (the whole game)"
        parts += ["", f"Affects: {wagers}.", ""]
        for page in sensitivity_pages.get(interp.id, []):
            parts += [page.replace("\n# ", "\n### ").replace("# ", "### ", 1), ""]
    return "\n".join(parts).rstrip("\n") + "\n"


def checks_text(title: str, checks: Sequence[Check]) -> str:
    passed = sum(c.passed for c in checks)
    parts = [f"# Cross-checks: {title}", "",
             f"{passed} of {len(checks)} checks passed." +
             ("" if passed == len(checks) else " **Some checks FAILED.**"), ""]
    for group, heading in (("anchor", "Published anchors reproduced"),
                           ("method", "Two independent methods agree"),
                           ("invariant", "Exact invariants")):
        rows = [["pass" if c.passed else "**FAIL**", c.name, c.detail]
                for c in checks if c.group == group]
        if rows:
            parts += [f"## {heading}", "", table(rows, ["Result", "Check", "Detail"]), ""]
    return "\n".join(parts).rstrip("\n") + "\n"


def checks_json(checks: Sequence[Check]) -> str:
    return json.dumps([{"group": c.group, "name": c.name, "detail": c.detail, "passed": c.passed}
                       for c in checks], indent=2, ensure_ascii=False) + "\n"


def _confirmation_row(c: Confirmation) -> list[str]:
    return [c.wager, c.paytable, c.reading or "defaults", f"{c.rounds:,}",
            display.decimal(c.simulated, 6), display.decimal(c.exact, 6),
            f"{display.decimal(c.low, 6)} to {display.decimal(c.high, 6)}",
            "yes" if c.inside else "**NO**"]


def simulation_text(title: str, confirmations: Sequence[Confirmation],
                    parameters: Mapping[str, Any]) -> str:
    inside = sum(c.inside for c in confirmations)
    parts = [f"# Seeded Monte Carlo confirmation: {title}", "",
             f"RNG: {parameters['rng']}. Seed: {parameters['seed']}. Rounds: "
             f"{parameters['rounds']:,}. {parameters['dealing']}", "",
             "Each wager is settled on the same simulated rounds through its own paytable. The "
             "interval is the simulated return ± 2.5758 standard errors (99%). At 99% about one "
             "wager in a hundred is expected outside by chance alone.", "",
             f"{inside} of {len(confirmations)} exact returns lie inside their 99% interval.", "",
             table([_confirmation_row(c) for c in confirmations],
                   ["Wager", "Paytable", "Reading", "Rounds", "Simulated return", "Exact return",
                    "99% interval", "Exact inside"])]
    return "\n".join(parts) + "\n"


def simulation_json(confirmations: Sequence[Confirmation], parameters: Mapping[str, Any]) -> str:
    return json.dumps({"parameters": parameters, "confirmations": [
        {"wager": c.wager, "paytable": c.paytable, "reading": c.reading, "rounds": c.rounds,
         "simulated_return": display.rational(c.simulated),
         "standard_error": display.decimal(c.standard_error, 12),
         "interval_99": [display.decimal(c.low, 12), display.decimal(c.high, 12)],
         "exact_return": display.rational(c.exact), "exact_inside": c.inside}
        for c in confirmations]}, indent=2, ensure_ascii=False) + "\n"


def report(game: Game, sheets: Sequence[ParSheet], checks: Sequence[Check],
           confirmations: Sequence[Confirmation], sensitivity_pages: Mapping[str, list[str]],
           files: Sequence[str]) -> str:
    """``REPORT.md``: identification, one table per wager, risk, sensitivity, checks."""
    passed = sum(c.passed for c in checks)
    inside = sum(c.inside for c in confirmations)
    parts = [f"# {game.title}: certification report", "",
             table([["Game", game.title], ["Regulation", game.regulation],
                    ["Tool", f"combin {__version__}"],
                    ["Cross-checks", f"{passed} of {len(checks)} passed"],
                    ["Monte Carlo", f"{inside} of {len(confirmations)} exact returns inside "
                                    "their 99% interval"]], ["Identification", ""]), "",
             "Method: see [method.md](method.md). Interpretations: see "
             "[interpretations.md](interpretations.md). Every par sheet in Markdown, CSV and "
             "JSON is under [parsheets/](parsheets/).", ""]
    for sheet in sheets:
        s = sheet.summary
        parts += [f"## {sheet.title}, paytable {sheet.paytable}" +
                  (f", rules {sheet.rules}" if sheet.rules not in (None, "any") else "") +
                  f" ({sheet.shoe})", "",
                  f"{sheet.regulation}. Paytable source: {sheet.paytable_citation}. "
                  f"Interpretations: {sheet.interpretation_text}.", ""]
        rows = [[l.event, l.pays, display.grouped(l.combinations),
                 display.decimal(sheet.probability(l), 10), display.decimal(sheet.contribution(l), 10)]
                for l in sheet.lines]
        rows.append(["Total", "", display.grouped(sheet.cycle), display.decimal(1, 10),
                     display.decimal(s.expected_return, 10)])
        parts += [table(rows, ["Event", "Pays", "Combinations", "Probability", "Return"],
                        ("left", "left", "right", "right", "right")), ""]
        vi = ", ".join(f"{label} {display.decimal(v, 3)}" for label, _, v in sheet.risk.volatility)
        parts += [f"House edge {display.percent(s.house_edge)}; hit frequency "
                  f"{display.percent(s.hit_frequency)}; standard deviation "
                  f"{display.decimal(s.sd, 4)}; volatility index {vi}.", ""]
    parts += ["## Sensitivity", ""]
    for interp, pages in sensitivity_pages.items():
        for page in pages:
            parts += [page.replace("# ", "### ", 1), ""]
    parts += ["## Checks", "", f"{passed} of {len(checks)} cross-checks passed "
              "(details in [checks.md](checks.md)); "
              f"{inside} of {len(confirmations)} Monte Carlo confirmations inside their 99% "
              "interval (details in [simulation.md](simulation.md)).", ""]
    failed = [c for c in checks if not c.passed]
    if failed:
        parts += ["Failed checks:", ""] + [f"- {c.name}: {c.detail}" for c in failed] + [""]
    parts += ["## Files", ""] + [f"- [{name}]({name})" for name in files]
    return "\n".join(parts).rstrip("\n") + "\n"


_HTML = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: sans-serif; max-width: 72rem; margin: 2rem auto; padding: 0 1rem; }}
table {{ border-collapse: collapse; margin: 1rem 0; font-size: 0.9rem; }}
th, td {{ border: 1px solid #bbb; padding: 0.2rem 0.5rem; }}
th {{ background: #eee; }}
td {{ font-variant-numeric: tabular-nums; }}
</style>
</head>
<body>
{body}
</body>
</html>
"""


def html_page(markdown_text: str, title: str) -> str:
    """A Markdown page of the bundle as a self-contained HTML page (Python-Markdown, tables)."""
    body = markdown.markdown(markdown_text, extensions=["tables"], output_format="html")
    return _HTML.format(title=html.escape(title), body=body)
