"""``combin list``: every game with what it offers -- wagers, paytables, rule sets,
interpretations, named packages and capabilities -- each asked of the game."""

from tabulate import tabulate

from combin.game import Game
from combin.registry import games
from combin.render.markdown import table as md_table

__all__ = ["listing", "capabilities"]


def capabilities(game: Game) -> str:
    """What the game offers beyond par sheets, in words (``combin list``)."""
    offered = []
    if game.protection is not None:
        offered.append("game protection (decks, eor, shoe, count)")
    if game.packages:
        offered.append("packages: " + ", ".join(f"{p.id} ({len(p.wagers)} wagers; "
                                                 f"package --set {p.id})"
                                                 for p in game.packages.values()))
    if game.solver is not None:
        offered.append("a whole-game solver")
    if game.checks is not None and game.dealer is not None:
        offered.append("evidence bundle (audit)")
    return "; ".join(offered) or "par sheets only"


def listing(fmt: str = "text") -> str:
    def show(rows: list[list[str]], headers: list[str]) -> str:
        if fmt == "md":
            return md_table(rows, headers)
        return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)

    parts = []
    for game in games():
        parts += [f"{game.title} [{game.id}]", f"  {game.regulation}",
                  f"  Offers: {capabilities(game)}", ""]
        rows = []
        imposed = {w for r in game.rulesets.values() for w in r.paytables}
        for wager in game.wagers.values():
            pays = [p.id + ("*" if p.id == wager.default_paytable else "")
                    for p in game.paytables_of(wager.id)]
            if wager.id in imposed:  # --paytable is refused: the rule set chooses
                pays = ["by --rules:"] + [r.id + ("*" if i == 0 else "")
                                          for i, r in enumerate(game.rulesets.values())
                                          if wager.id in r.paytables]
            rows.append([wager.id, wager.title, " ".join(pays), " ".join(wager.interpretations) or "-"])
        parts += [show(rows, ["Wager", "Title", "Paytables (* default)", "Interpretations"]), ""]
        if game.rulesets:
            rows = [[r.id + ("*" if i == 0 else ""), r.title, r.citation]
                    for i, r in enumerate(game.rulesets.values())]
            parts += [show(rows, ["Rule set (* default)", "Title", "Source"]), ""]
        rows = [[i.id, i.title, i.default, " ".join(i.alternatives) or "(fixed)",
                 " ".join(i.wagers) or "the whole game (not evaluated yet)"]
                for i in game.interpretations.values()]
        parts += [show(rows, ["Interpretation", "Title", "Default", "Alternatives", "Read by"]), ""]
    return "\n".join(parts).rstrip("\n") + "\n"
