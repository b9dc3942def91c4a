"""The committed tables: every par sheet of every game, and an index page.

:func:`generate` returns ``{relative path: text}`` for the whole ``tables/``
tree -- for each game and each shoe it tabulates, a Markdown and a CSV par
sheet per wager x paytable (x rule set, for main-game wagers), a sensitivity
page per switchable interpretation, and ``README.md`` linking them all.
:func:`write_tables` writes the tree, :func:`check_tables` reports how a
directory differs from it.  Nothing in the output depends on time or place,
so regenerating gives the same bytes.
"""

import importlib.util
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path, PurePosixPath

from combin.files import display
from combin.version import __version__
from combin.core.analysis import paytable_ids, select_wager, sensitivity_of
from combin.files.fileio import write_tree
from combin.core.game import Game
from combin.core.outcomes import OutcomeSpace
from combin.running.progress import messages
from combin.registry import games
from combin.documents.comparison import document as comparison_document
from combin.documents.parsheet import document as sheet_document
from combin.documents import tables_index as sections
from combin.documents.register import interpretation_register
from combin.render import render_text as render
from combin.render.document import Document
from combin.core.wager import Wager

__all__ = ["generate", "write_tables", "check_tables", "jobs", "stem", "sensitivity_pages",
           "game_sheet_folders", "game_table_paths"]


def game_sheet_folders() -> tuple[str, ...]:
    """The folders of ``tables/`` whose whole-game sheets take minutes to hours of work: they
    are written by the game's own command (``combin game``), not by ``combin tables``.  Each is
    the folder that holds a registered game's committed shards (its :class:`Solver`'s
    ``shards``), relative to ``tables/``.

    >>> [folder.endswith("/") and not folder.startswith("tables/") for folder in game_sheet_folders()]
    [True]
    """
    return tuple(sorted(f"{PurePosixPath(game.solver.shards).parent.relative_to('tables')}/"
                        for game in games() if game.solver is not None and game.solver.shards))


#: Progress lines on stderr (:func:`combin.running.progress.messages`).
_progress = messages("tables")


def jobs(game: Game) -> Iterator[tuple[Wager, str, str | None]]:
    """``(wager, paytable, rules)`` triples to tabulate for one game, in order.

    >>> from combin.registry import games
    >>> [(wager.id, paytable, rules) for wager, paytable, rules in jobs(games()[0])][:2]
    [('baccarat.banker', 'standard', 'standard'), ('baccarat.banker', 'ez', 'ez')]
    >>> stem(*next(jobs(games()[0])))
    'rules-standard/baccarat.banker-standard'
    """
    for wager in game.wagers.values():
        rule_ids = list(game.rulesets) if (wager.ruled and game.rulesets) else [None]
        for rules in rule_ids:
            imposed = game.rulesets[rules].paytables.get(wager.id) if rules else None
            for paytable in ([imposed] if imposed else paytable_ids(game, wager)):
                yield wager, paytable, rules


def stem(wager: Wager, paytable: str, rules: str | None) -> str:
    folder = f"rules-{rules}/" if rules else ""
    return f"{folder}{wager.id}-{paytable}"


def generate(progress: Callable[[str], None] = _progress,
             whole_games: bool = True, only: Sequence[str] | None = None) -> dict[str, str | bytes]:
    """``{relative path: text}`` of the whole tree; without ``whole_games`` the games'
    :class:`~combin.core.game.GameTables` (minutes of work) are listed in the index but not computed;
    ``only``: the games of these ids alone (the tree of one game, its index included)."""
    files: dict[str, str | bytes] = {}
    index = sections.head(__version__)
    for game in games():
        if only is not None and game.id not in only:
            continue
        index += sections.game_heading(game.title, game.regulation)
        for label, options in game.table_shoes:
            space = game.outcomes(**options)
            progress(f"{game.id}, {label}: {space.shoe}")
            rows = []
            for wager in {w.id: w for w, _, _ in jobs(game) if w.reported_in}.values():
                rows.append([wager.id, "all", "any", "", "", "", "",
                             f"reported in {wager.reported_in}"])
            for wager, paytable, rules in jobs(game):
                if wager.reported_in:
                    continue
                sheet = select_wager(game, wager, paytable=paytable, rules=rules).sheet(
                    space, other_readings=True)
                base = f"{game.id}/{label}/{stem(wager, paytable, rules)}"
                written = sheet_document(sheet)
                files[f"{base}.md"] = render(written, "md")
                files[f"{base}.csv"] = render(written, "csv")
                s = sheet.summary
                rows.append([wager.id, paytable, rules or "any", display.percent(s.house_edge),
                             display.percent(s.hit_frequency), display.decimal(s.sd, 4),
                             sheet.interpretation_text,
                             f"[md]({base}.md) · [csv]({base}.csv)"])
            rows += _sensitivity_pages(game, label, space, files)
            index += sections.shoe_section(space.shoe, rows)
        if game.extra_tables is not None:
            progress(f"{game.id}: other tables")
            rows = []
            for title, produced in game.extra_tables():
                links = []
                for relative, text in produced.items():
                    files[f"{game.id}/{relative}"] = text
                    links.append(f"[{relative.rsplit('.', 1)[-1]}]({game.id}/{relative})")
                rows.append([title, " · ".join(links)])
            index += sections.other_tables_section(rows)
        if game.game_tables is not None:
            index += _game_tables(game, files, progress if whole_games else None)
    index += _charts(files, progress, only)
    from combin.workbench import page
    files["workbench/index.html"] = page()
    index += sections.closing_sections([game.index_note for game in games() if game.index_note])
    files["README.md"] = sections.page(index)
    files["INTERPRETATIONS.md"] = interpretation_register(games())
    return files


def _game_tables(game: Game, files: dict[str, str | bytes],
                 progress: Callable[[str], None] | None) -> list[str]:
    """The index lines of a game's whole-game sheets, and the sheets when ``progress`` is given."""
    section = game.game_tables
    assert section is not None
    rows = [[title, " · ".join(f"[{path.rsplit('.', 1)[-1]}]({game.id}/{path})" for path in paths)]
            for title, paths in section.files]
    if progress is not None:
        progress(f"{game.id}: whole-game sheets")
        produced = section.build()
        listed = {path for _, paths in section.files for path in paths}
        if set(produced) != listed:
            raise AssertionError(f"{game.id}: the whole-game sheets built are not those listed")
        files.update({f"{game.id}/{path}": text for path, text in produced.items()})
    return sections.whole_game_section(game.title, rows)


def game_table_paths() -> set[str]:
    """The paths of every game's whole-game sheets under ``tables/`` (listed, not computed)."""
    return {f"{game.id}/{path}" for game in games() if game.game_tables is not None
            for _, paths in game.game_tables.files for path in paths}


#: The count simulations drawn in tables/: shoes per wager and seed (a chart, not a figure
#: of record: the audit bundle runs 100,000 shoes).
CHART_SHOES = 2000
CHART_SEED = 1


def _charts(files: dict[str, str | bytes], progress: Callable[[str], None],
            only: Sequence[str] | None = None) -> list[str]:
    """The game-protection charts as PNGs under ``GAME/charts/`` and the index lines that
    show them; nothing when matplotlib (the ``plots`` extra) is missing."""
    draw = importlib.util.find_spec("matplotlib") is not None
    from combin.protection import charts, decks, eor, simulate
    lines: list[str] = []
    for game in games():
        section = game.protection
        if section is None or (only is not None and game.id not in only):
            continue
        progress(f"{game.id}: charts")
        lines += sections.charts_heading(game.title, section.decks, CHART_SHOES, CHART_SEED)
        for wager in section.wagers:
            kinds = ["decks", "eor", *(["count"] if wager in section.counted else [])]
            if not draw:
                lines += sections.chart_lines(game.id, wager, kinds)
                continue
            drawn: dict[str, bytes] = {"decks": charts.decks_chart(decks.deck_table(wager)),
                     "eor": charts.eor_chart(eor.effects_of_removal(wager, decks=section.decks))}
            if wager in section.counted:
                result = simulate.simulate(
                    wager, triggers=simulate.parse_triggers(section.counted[wager]),
                    decks=section.decks, true_count=True, seed=CHART_SEED, shoes=CHART_SHOES,
                    workers=1)
                drawn["count"] = charts.trigger_chart(result)
            for kind, png in drawn.items():
                files[f"{game.id}/charts/{kind}-{wager}.png"] = png
            lines += sections.chart_lines(game.id, wager, kinds)
    return lines



def sensitivity_pages(game: Game, space: OutcomeSpace) -> dict[tuple[str, str], Document]:
    """``{(wager id, interpretation id): Document}``: each wager under every value of
    each switchable interpretation it reads, one comparison per paytable."""
    pages = {}
    for wager in game.wagers.values():
        for interp in wager.interpretations:
            if game.interpretations[interp].fixed:
                continue
            comparisons = []
            for paytable in paytable_ids(game, wager):
                columns = [(f"{interp}={value}", sheet) for value, sheet in
                           sensitivity_of(select_wager(game, wager, paytable=paytable), interp,
                                          space)]
                comparisons.append((f"paytable_{paytable}".lower(), f"{wager.title}, paytable "
                                    f"{paytable}: sensitivity to {interp}", columns))
            pages[(wager.id, interp)] = comparison_document(
                "sensitivity", f"{wager.title}: sensitivity to {interp}", comparisons)
    return pages


def _sensitivity_pages(game: Game, label: str, space: OutcomeSpace,
                       files: dict[str, str | bytes]) -> list[list[str]]:
    rows = []
    for (wager_id, interp), page in sensitivity_pages(game, space).items():
        if game.wagers[wager_id].reported_in:
            continue
        base = f"{game.id}/{label}/sensitivity/{wager_id}-{interp}"
        files[f"{base}.md"] = render(page, "md")
        rows.append([wager_id, "all", "any", "", "", "", f"{interp}: every value",
                     f"[sensitivity]({base}.md)"])
    return rows


#: The first bytes of the tables' index page: a directory holding it is a previous output.
MARKER = ("README.md", b"# combin tables\n")


def write_tables(out: str) -> None:
    """Write the tree; the whole-game sheets under :func:`game_sheet_folders` are carried over
    as they are."""
    files: dict[str, str | bytes] = dict(generate())
    root = Path(out)
    for folder in game_sheet_folders():
        if (root / folder).is_dir():
            for path in sorted(p for p in (root / folder).rglob("*") if p.is_file()):
                files[path.relative_to(root).as_posix()] = path.read_bytes()
    write_tree(out, files, marker=MARKER)
    _progress(f"wrote {len(files)} files under {out}")


def check_tables(out: str, whole_games: bool = True,
                 files: dict[str, str | bytes] | None = None) -> list[str]:
    """Differences between ``out`` and a fresh generation: ``[message, ...]`` (empty if none).

    Without ``whole_games`` the whole-game sheets of :func:`game_table_paths` are not
    computed and not compared (the fast check of the test suite; a slow test compares them).
    ``files``: that fresh generation, when the caller has made it (:func:`generate` with the
    same ``whole_games``).
    """
    root = Path(out)
    if files is None:
        files = generate(progress=lambda message: None, whole_games=whole_games)
    skipped = set() if whole_games else game_table_paths()
    folders = game_sheet_folders()
    drift = []
    for relative, text in sorted(files.items()):
        path = root / relative
        if not path.exists():
            drift.append(f"missing: {path}")
        elif path.is_symlink() or not path.is_file():
            drift.append(f"not a regular file: {path}")
        elif relative.endswith(".png"):
            # A chart: its pixels depend on the plotting library's version, so only its
            # presence is checked (the figures it draws are checked as tables).
            if path.read_bytes()[:8] != b"\x89PNG\r\n\x1a\n":
                drift.append(f"not a PNG: {path}")
        elif path.read_bytes() != (text if isinstance(text, bytes) else text.encode("utf-8")):
            drift.append(f"differs: {path}")
    if root.exists():
        drawn = any(relative.endswith(".png") for relative in files)
        for path in sorted(p for p in root.rglob("*") if p.is_file()):
            relative = path.relative_to(root).as_posix()
            if relative.startswith(folders) or relative in skipped:
                continue    # the whole-game sheets: checked by a slow test
            if path.suffix == ".png" and not drawn:
                continue  # charts need matplotlib, not installed here
            if relative not in files:
                drift.append(f"not generated: {path}")
    return drift
