"""``combin list``: every wager, paytable, rule set and interpretation, as a Document.

:func:`listing_document` gives, per game, a table of wagers (with their
paytables, the default starred), of rule sets and of interpretations
(``GAME_wagers``, ``GAME_rulesets``, ``GAME_interpretations``), so every
format of :mod:`combin.render` can show it (``combin list --format json``).
"""

from combin.registry import games

__all__ = ["listing_document", "listing"]


def listing_document():
    """The Document of everything ``combin`` can compute."""
    from combin import __version__
    from combin.render.document import Document, Table
    tables, info = [], []
    for game in games():
        info.append((game.title, f"[{game.id}] {game.regulation}"))
        rows = []
        for wager in game.wagers.values():
            pays = [p.id + ("*" if p.id == wager.default_paytable else "")
                    for p in game.paytables_of(wager.id)]
            rows.append([wager.id, wager.title, " ".join(pays),
                         " ".join(wager.interpretations) or "-"])
        tables.append(Table.of(f"{game.id}_wagers", f"{game.title} [{game.id}]: wagers",
                               [("wager", "Wager"), "Title",
                                ("paytables", "Paytables (* default)"), "Interpretations"], rows))
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
    info.append(("Tool", f"combin {__version__}"))
    return Document("list", "What combin computes", tuple(info), tuple(tables))


def listing(fmt="text"):
    """The listing in ``fmt`` (any format of :mod:`combin.render`)."""
    from combin.render import render
    return render(listing_document(), fmt)
