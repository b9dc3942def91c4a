"""``combin list``: every game with what it offers -- wagers, paytables, rule sets,
interpretations, named packages and capabilities -- each asked of the game, as a Document.

:func:`listing_document` gives, per game, an identification line (regulation
and what the game offers) and the tables ``GAME_wagers``, ``GAME_rulesets``
and ``GAME_interpretations``, so every format of :mod:`combin.render` can show
it (``combin list --format json``).
"""

from combin.version import __version__
from combin.core.game import Game
from combin.registry import games
from combin.render import render_text
from combin.render.document import Document, Table
from combin.core.wager import Wager

__all__ = ["listing_document", "listing", "capabilities"]


def capabilities(game: Game) -> str:
    """What the game offers beyond par sheets, in words (``combin list``).

    >>> from combin.registry import games
    >>> [capabilities(game).startswith(("game protection", "the whole game")) for game in games()]
    [True, True, True]
    """
    offered = []
    if game.protection is not None:
        offered.append("game protection (decks, eor, shoe, count)")
    if game.packages:
        offered.append("packages: " + ", ".join(f"{p.id} ({len(p.wagers)} wagers; "
                                                 f"package --set {p.id})"
                                                 for p in game.packages.values()))
    if game.solver is not None:
        offered.append("the whole game, exact: " + ", ".join(f"combin {command}"
                                                            for command in game.solver.commands))
    if game.checks is not None and game.dealer is not None:
        offered.append("evidence bundle (audit)")
    return "; ".join(offered) or "par sheets only"


def _paytables(game: Game, wager: Wager, imposed: set[str]) -> list[str]:
    if wager.id in imposed:  # --paytable is refused: the rule set chooses
        return ["by --rules:"] + [r.id + ("*" if i == 0 else "")
                                  for i, r in enumerate(game.rulesets.values())
                                  if wager.id in r.paytables]
    return [p.id + ("*" if p.id == wager.default_paytable else "")
            for p in game.paytables_of(wager.id)]


def listing_document() -> Document:
    """The Document of everything ``combin`` can compute."""
    tables: list[Table] = []
    info: list[tuple[str, str]] = []
    for game in games():
        info.append((f"{game.title} [{game.id}]", f"{game.regulation}. Offers: "
                                                  f"{capabilities(game)}"))
        imposed = {w for r in game.rulesets.values() for w in r.paytables}
        rows = [[wager.id, wager.title, " ".join(_paytables(game, wager, imposed)),
                 " ".join(wager.interpretations) or "-"] for wager in game.wagers.values()
                if not wager.reported_in]     # a part of another game (the Ante's instant pay)
        parts = "; ".join(f"{wager.title} ({wager.id}) is not a wager: {wager.reported_in}"
                          for wager in game.wagers.values() if wager.reported_in)
        tables.append(Table.of(f"{game.id}_wagers", f"{game.title} [{game.id}]: wagers",
                               [("wager", "Wager"), "Title",
                                ("paytables", "Paytables (* default)"), "Interpretations"], rows,
                               parts or None))
        if game.rulesets:
            rows = [[r.id + ("*" if i == 0 else ""), r.title, r.citation]
                    for i, r in enumerate(game.rulesets.values())]
            tables.append(Table.of(f"{game.id}_rulesets", f"{game.title}: rule sets",
                                   [("ruleset", "Rule set (* default)"), "Title", "Source"], rows))
        rows = [[i.id, i.title, i.default, " ".join(i.alternatives) or "(fixed)",
                 " ".join(i.wagers) or "the whole game (not evaluated yet)"]
                for i in game.interpretations.values()]
        tables.append(Table.of(f"{game.id}_interpretations", f"{game.title}: interpretations",
                               [("interpretation", "Interpretation"), "Title", "Default",
                                "Alternatives", ("read_by", "Read by")], rows))
        # the regulation's words each reading interprets, apart: a long text per row
        tables.append(Table.of(f"{game.id}_regulation", f"{game.title}: what each "
                               "interpretation reads in the regulation",
                               [("interpretation", "Interpretation"), ("reads", "Reads")],
                               [[i.id, i.reads] for i in game.interpretations.values()]))
    info.append(("Tool", f"combin {__version__}"))
    subject = (("games", [game.id for game in games()]),)
    return Document("list", "What combin computes", tuple(info), tuple(tables), subject=subject)


def listing(fmt: str = "text") -> str:
    """The listing in ``fmt`` (any text format of :mod:`combin.render`)."""
    return render_text(listing_document(), fmt)
