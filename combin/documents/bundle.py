"""The evidence bundle's one-page report (``REPORT.html``) as a Document.

:func:`report_document` opens with the tables of each game's own figures it is given (a whole
game summed exactly), then a summary table -- every wager x paytable x
rule set x shoe with its house edge, hit frequency and standard deviation --
then each game's verdict (cross-checks, Monte Carlo), the rendered pages of
the bundle, and every chart the bundle holds as an embedded figure.  Links go
to the HTML pages of the bundle, not to its Markdown sources.
"""

from dataclasses import replace
from typing import Any

from combin.render.document import Count, Document, Figure, Number, Percent, Table, Text

__all__ = ["report_document", "html_name"]


def html_name(path: str) -> str:
    """The rendered page of a bundle file: ``x.md`` -> ``x.html``."""
    return path[:-3] + ".html" if path.endswith(".md") else path


def report_document(games: list[tuple[Any, ...]], parameters: dict[str, Any], version: str,
                    head: tuple[tuple[str, str], ...] = ()) -> Document:
    """``games``: ``[(game, [(sheet, page path), ...], verdict, pages, charts[, lead]), ...]``
    where ``pages`` are the bundle's page paths, ``charts`` ``{path: png bytes}`` and ``lead``
    the tables of a game's own figures that the summary opens with (titled with the game);
    ``head``: the ``(label, value)`` lines the page opens with (the verdict and what it is on)."""
    summary, verdicts, links, figures = [], [], [], []
    leading: list[Table] = []
    for game, sheets, verdict, pages, charts, *rest in games:
        leading += [replace(table, name=f"{game.id}_{table.name}", title=f"{game.title}: {table.title}")
                    for table in (rest[0] if rest else ())]
        for sheet, page in sheets:
            summary.append([game.id, sheet.shoe, sheet.wager, sheet.paytable,
                            "any" if sheet.rules in (None, "any") else sheet.rules,
                            sheet.readings_text, Percent(sheet.summary.house_edge),
                            Percent(sheet.summary.hit_frequency), Number(sheet.summary.sd, 4),
                            Text("par sheet", html_name(page))])
        verdicts.append([game.title, Text(verdict["checks"], f"{game.id}/checks.html"),
                         Text(verdict["simulation_inside_99"], f"{game.id}/simulation.html"),
                         "yes" if verdict["all_checks_passed"] else "NO"])
        links += [[game.id, Text(page, html_name(page))] for page in pages]
        figures += [Figure(path.rsplit("/", 1)[-1][:-4], f"{game.title}: {_caption(path)}", png,
                           path) for path, png in sorted(charts.items())]
    tables = (
        *leading,
        Table.of("summary", "Every wager, paytable and rule set",
                 ["Game", "Shoe", "Wager", "Paytable", "Rules",
                  ("interpretations", "Interpretations (other readings' house edge)"),
                  ("house_edge", "House edge"), ("hit_frequency", "Hit frequency"),
                  ("sd", "SD"), "Page"], summary),
        Table.of("verdicts", "Verdicts",
                 ["Game", ("checks", "Cross-checks passed"),
                  ("inside_99", "Monte Carlo inside the 99% interval"),
                  ("all_passed", "All checks passed")], verdicts),
        Table.of("pages", "Pages of the bundle", ["Game", "Page"], links),
    )
    info = (*head, *(() if head else (("Tool", f"combin {version}"),)), ("Seed", str(parameters["seed"])),
            ("Rounds per simulation", Count(parameters["rounds"])),
            ("Hands per simulation", Count(parameters["hands"])),
            ("Shoes per count simulation", Count(parameters["shoes"])))
    notes = ("House edge and hit frequency are exact fractions shown rounded; SD is the square "
             "root of the exact variance. Every figure is recomputed by `combin audit --verify`.",
             "manifest.json lists the SHA-256 of every file of the bundle.")
    return Document("report", "combin evidence bundle: certification report", info, tables,
                    notes, tuple(figures), subject=(("parameters", dict(parameters)),))


def _caption(path: str) -> str:
    name = path.rsplit("/", 1)[-1][:-4]
    kind, _, wager = name.partition("-")
    what = {"eor": "effects of removal", "count": "count triggers",
            "decks": "house edge by decks"}.get(kind, kind)
    return f"{what}, {wager}" if wager else what
