"""The texts of the evidence bundle: method statement, register, checks, simulation, report.

Everything here is generated from the code's own data -- the games'
paytables, rule sets and interpretations, the enumerators' method strings,
the modules' docstrings -- and from the results computed for the bundle, so
the words cannot drift from what the code does.
"""

import html
import json
import re
from fractions import Fraction
from collections.abc import Mapping, Sequence
from importlib import import_module
from typing import Any

import markdown

from combin.files import display
from combin.documents.parsheet import moving_readings
from combin.version import __version__
from combin.audit.simulate import Confirmation
from combin.core.crosscheck import Check
from combin.core.game import Game
from combin.core.outcomes import OutcomeSpace
from combin.core.parsheet import ParSheet
from combin.render import render_text as render
from combin.render.document import Count, Document, Percent, Ratio, Table, Text
from combin.render.html import page
from combin.render.markdown import table

__all__ = ["method_statement", "register", "checks_json", "simulation_json", "report", "ruling_rows",
           "html_page", "page_title"]

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


def register(game: Game, sensitivity_pages: Mapping[str, list[Document]]) -> str:
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
            text = render(page, "md")
            parts += [text.replace("\n## ", "\n#### ").replace("# ", "### ", 1), ""]
    return "\n".join(parts).rstrip("\n") + "\n"


def checks_json(checks: Sequence[Check]) -> str:
    return json.dumps([{"group": c.group, "name": c.name, "detail": c.detail, "passed": c.passed}
                       for c in checks], indent=2, ensure_ascii=False) + "\n"


def simulation_json(confirmations: Sequence[Confirmation], parameters: Mapping[str, Any]) -> str:
    return json.dumps({"parameters": parameters, "confirmations": [
        {"wager": c.wager, "paytable": c.paytable, "rules": c.rules, "reading": c.reading,
         "seed": c.seed, "rounds": c.rounds,
         "simulated_return": display.rational(c.simulated),
         "standard_error": display.decimal(c.standard_error, 12),
         "interval_99": [display.decimal(c.low, 12), display.decimal(c.high, 12)],
         "exact_return": display.rational(c.exact), "exact_inside": c.inside}
        for c in confirmations]}, indent=2, ensure_ascii=False) + "\n"


def report(game: Game, sheets: Sequence[ParSheet], checks: Sequence[Check],
           confirmations: Sequence[Confirmation], sensitivity_pages: Mapping[str, list[Document]],
           files: Sequence[str], head: Sequence[tuple[str, Any]] = (),
           whole_games: Sequence[tuple[str, Fraction]] = (), lead: Sequence[Table] = ()) -> Document:
    """The game's report (``REPORT.md`` and ``.html``) as a Document: the verdict and what it
    is on (``head``), the game's own leading tables (``lead``: its whole game, before any
    wager), one outcomes table per sheet with its risk figures, the whole games summed
    exactly, the sensitivity comparisons, the checks and the pages of the bundle."""
    passed = sum(c.passed for c in checks)
    inside = sum(c.inside for c in confirmations)
    info = (*head, ("Game", game.title), ("Regulation", game.regulation),
            ("Cross-checks", f"{passed} of {len(checks)} passed"),
            ("Monte Carlo", f"{inside} of {len(confirmations)} exact returns inside their 99% "
                            "interval, each simulation on its own stream"))
    tables: list[Table] = list(lead)
    if whole_games:
        tables.append(Table.of("whole_game", "The whole game (exact)",
                               ["Game", ("house_edge", "House edge per Ante")],
                               [[label, Percent(edge)] for label, edge in whole_games],
                               "The sheets are under game/."))
    rulings = ruling_rows(sheets)
    if rulings:
        tables.append(Table.of(
            "rulings", "Ruling required: open readings that move a figure",
            ["Sheet", "Interpretation", ("in_force", "House edge as filed"),
             ("other", "Other reading"), ("other_edge", "House edge under it")], rulings,
            "Each figure above rests on a reading the regulation leaves open; the Board's ruling "
            "on which reading applies is needed before the figure is filed. The sheet gives "
            "both figures in its identification ('Ruling required') and its notes."))
    for number, sheet in enumerate(sheets, start=1):
        s = sheet.summary
        rows = [[l.event, l.pays, Count(l.combinations), Ratio(sheet.probability(l), 10),
                 Ratio(sheet.contribution(l), 10)] for l in sheet.lines]
        rows.append(["Total", None, Count(sheet.cycle), Ratio(1, 10), Ratio(s.expected_return, 10)])
        vi = ", ".join(f"{label} {display.decimal(v, 3)}" for label, _, v in sheet.risk.volatility)
        note = (f"{sheet.regulation}. Paytable source: {sheet.paytable_citation}. "
                f"Interpretations: {sheet.readings_text}. House edge "
                f"{display.percent(s.house_edge)}; hit frequency "
                f"{display.percent(s.hit_frequency)}; standard deviation "
                f"{display.decimal(s.sd, 4)}; volatility index {vi}.")
        rules = f", rules {sheet.rules}" if sheet.rules not in (None, "any") else ""
        tables.append(Table.of(f"sheet_{number}", f"{sheet.title}, paytable {sheet.paytable}"
                               f"{rules} ({sheet.shoe})",
                               ["Event", "Pays", "Combinations", "Probability", "Return"], rows,
                               note))
    for pages in sensitivity_pages.values():
        for page in pages:
            tables += [table for table in page.tables if not table.name.endswith("_events")]
    groups = (("anchor", "Published anchors reproduced"),
              ("method", "Two independent methods agree"), ("invariant", "Exact invariants"))
    rows = [[heading, Count(sum(c.passed for c in checks if c.group == group)),
             Count(sum(c.group == group for c in checks))] for group, heading in groups]
    failed = [f"FAILED: {c.name}: {c.detail}" for c in checks if not c.passed]
    tables.append(Table.of("checks", "Checks", ["Kind", "Passed", "Run"], rows,
                           f"{passed} of {len(checks)} cross-checks passed (checks.html); "
                           f"{inside} of {len(confirmations)} Monte Carlo confirmations inside "
                           "their 99% interval (simulation.html)."))
    tables.append(Table.of("pages", "Pages", ["Page"],
                           [[Text(name, name[:-3] + ".html" if name.endswith(".md") else name)]
                            for name in files],
                           "Every par sheet in Markdown, CSV, JSON and HTML is under parsheets/."))
    return Document("report", f"{game.title}: certification report", info, tuple(tables),
                    tuple(failed))


def ruling_rows(sheets: Sequence[ParSheet]) -> list[list[Any]]:
    """One row per sheet and other reading of an open interpretation that moves its house edge:
    the sheet, the interpretation, the figure as filed, the other reading and its figure."""
    rows: list[list[Any]] = []
    for sheet in sheets:
        chosen = dict(sheet.interpretations)
        for key, value, edge in moving_readings(sheet):
            rows.append([f"{sheet.title}, paytable {sheet.paytable} ({sheet.shoe})",
                         f"{key}: {sheet.interpretation_titles.get(key, key)}",
                         Text(f"{display.percent(sheet.summary.house_edge)} ({key}={chosen[key]})"),
                         f"{key}={value}", Percent(edge)])
    return rows


def page_title(markdown_text: str) -> str:
    """The first heading of a Markdown page (its title), or ``"combin"``."""
    for line in markdown_text.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return "combin"


def html_page(markdown_text: str, title: str) -> str:
    """A Markdown page of the bundle as an HTML page (Python-Markdown, tables), in the style
    of :mod:`combin.render.html`, its links to ``.md`` pages pointing at their ``.html``
    renderings and numeric cells right-aligned."""
    body = markdown.markdown(markdown_text, extensions=["tables"], output_format="html")
    body = re.sub(r'href="([^":]+)\.md"', r'href="\1.html"', body)
    body = re.sub(r'<td( style="text-align: right;")?>(-?[0-9][0-9,.]*%?)</td>',
                  r'<td class="num">\2</td>', body)
    return page(html.unescape(html.escape(title)), body)
