"""Game-protection evidence for the baccarat bundle: decks, effects of removal, counting.

For the wagers a casino worries about (Sun 7 and Moon 8, the Eclipse
package), the bundle carries the exact house edge by number of decks, the
exact effects of removal with the suggested count, a seeded count simulation
per wager, and -- when matplotlib (the ``plots`` extra) is installed -- the
two charts of :mod:`combin.protection.charts`.  Every figure comes from the
commands' own functions, so the bundle shows what ``combin decks``, ``combin
eor`` and ``combin count`` print.
"""

from combin.baccarat.shoe import Shoe

__all__ = ["WAGERS", "COUNTED", "protection_files"]

#: The wagers whose exposure to counting the bundle documents.
WAGERS = ("eclipse.sun7", "eclipse.moon8", "eclipse.supreme7", "eclipse.divine9", "eclipse.eclipse")
#: Count simulations: the wagers simulated and their triggers (true count).
COUNTED = {"eclipse.sun7": "always,2,4,6", "eclipse.moon8": "always,4,6,8"}


def _charts():
    try:
        from combin.protection import charts
        charts.require_matplotlib()
    except Exception:  # the plots extra is optional: the bundle says the charts are absent
        return None
    return charts


def protection_files(parameters, workers, progress):
    """``{path: text or bytes}`` under ``protection/``; ``parameters["shoes"]`` shoes per count."""
    seed, shoes = parameters["seed"], parameters["shoes"]
    from combin.protection import decks, eor, simulate
    files = {}
    charts = _charts()
    progress("baccarat: house edge by decks, effects of removal")
    for wager in WAGERS:
        files[f"protection/decks-{wager}.md"] = decks.render(decks.deck_table(wager), "md")
        effects = eor.effects_of_removal(wager, Shoe.full(8))
        files[f"protection/eor-{wager}.md"] = eor.render(effects, "md")
        if charts is not None:
            files[f"protection/eor-{wager}.png"] = charts.eor_chart(effects)
    for wager, triggers in COUNTED.items():
        progress(f"baccarat: count simulation for {wager}, {shoes:,} shoes")
        result = simulate.simulate(wager, triggers=simulate.parse_triggers(triggers),
                                   true_count=True, seed=seed, shoes=shoes, workers=workers)
        files[f"protection/count-{wager}.md"] = simulate.render(result, "md")
        if charts is not None:
            files[f"protection/count-{wager}.png"] = charts.trigger_chart(result)
    if charts is None:
        files["protection/CHARTS.md"] = ("Charts are not included: matplotlib (the `plots` "
                                         "extra) was not installed when this bundle was built.\n")
    return files
