"""``combin list``: every wager, paytable, rule set and interpretation."""

from combin.registry import games

__all__ = ["listing"]


def listing(fmt="text"):
    from combin.render.markdown import table as md_table
    from tabulate import tabulate

    def show(rows, headers):
        if fmt == "md":
            return md_table(rows, headers)
        return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)

    parts = []
    for game in games():
        parts += [f"{game.title} [{game.id}]", f"  {game.regulation}", ""]
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
