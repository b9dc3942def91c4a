"""Whole rounds dealt and played by the stored strategy, as a :class:`~combin.render.document.Document`.

:func:`simulation_document` reads the exact sums of the simulated rounds
(:func:`combin.stud.game.simulate.simulate`) and the exact figures of the same
run's shards: the mean net per Ante of the rounds and its 99% interval beside
the exact expected result, and whether the interval holds it; the sample
variance beside the exact variance; how often each first
decision was taken, and how often a player folded after a draw or forced the
dealer.  Only the intervals' ends (square roots) are decimals.
"""

from fractions import Fraction
from typing import Any

from combin.stud.core.variant import identification, sheet_lines
from combin.version import __version__
from combin.render.document import Document, Number, Percent, Ratio, Table, Text
from combin.stud.game.round import from_sums

__all__ = ["simulation_document"]

_PLACES = 10


def _exact_round(rules: Any, deck: Any, totals: Any, scale: int, side: Any,
                 multiple: Fraction) -> tuple[Fraction | None, Fraction | None]:
    """``(mean, variance)`` per Ante of the round with the side wager at ``multiple`` x Ante, exact
    from the shards' sums by the side wager's key (the variance ``None`` where the run did not
    keep them; the mean then from the side wager's own mean, where known)."""
    whole = scale * totals.weight
    if totals.side:
        figures = from_sums(multiple, side.pays(), totals.side, scale, totals.weight, "best",
                            totals.second, None)
        return figures.expected, figures.variance
    mean = side.mean(deck)
    return (None if mean is None else Fraction(totals.best, whole) + multiple * mean), None


def simulation_document(deck: Any, rules: Any, result: Any, counts: dict[Any, Any], found: tuple[Any, ...], seed: int,
                        folder: str, side: Any = None, multiple: Fraction = Fraction(1)) -> Document:
    """The simulation as a Document of kind ``lunar_simulation``: tables ``summary`` and ``decisions``.

    ``found`` is ``(L, GameTotals, shards)`` of the run's shards (:func:`combin.stud.game.shards.assemble`).
    With ``side`` (the mandatory Super, :func:`combin.stud.game.round.side_wager`) the rounds are
    the rounds as dealt, the game and the side wager at ``multiple`` x Ante, beside the round's
    exact mean and variance; the variance is tested too, against its own 99% interval, where the
    run kept the sums it needs.
    """
    from combin.stud.game.shards import provenance
    scale, totals, shards = found
    whole = scale * totals.weight
    exact: Fraction | None = Fraction(totals.best, whole)
    variance: Fraction | None = Fraction(totals.second, whole) - Fraction(totals.best, whole) ** 2
    what = ""
    if side is not None:
        exact, variance = _exact_round(rules, deck, totals, scale, side, multiple)
        what = f" of the round with the Super at {multiple} x Ante"
    low, high = result.interval()
    inside = exact is not None and low <= exact <= high
    rows = [
        ["rounds dealt", result.rounds],
        [f"mean net per Ante{what} (the rounds, exact)", Ratio(result.mean, _PLACES)],
        ["99% interval of the mean, low", Number(low, _PLACES)],
        ["99% interval of the mean, high", Number(high, _PLACES)],
        [f"exact expected result per Ante{what} (the shards)", Text(None) if exact is None else Ratio(exact, _PLACES)],
        [f"exact house edge per Ante{what}, in percent", Text(None) if exact is None else Percent(-exact, 4)],
        ["the exact figure is inside the interval", "yes" if inside else "no"],
        [f"sample variance of a round's net per Ante^2{what}", Ratio(result.variance, _PLACES)],
        [f"exact variance per Ante^2{what} (the shards)", Text(None) if variance is None else Ratio(variance, _PLACES)],
    ]
    if side is not None and variance is not None:
        v_low, v_high = result.variance_interval()
        rows += [["99% interval of the variance, low", Number(v_low, _PLACES)],
                 ["99% interval of the variance, high", Number(v_high, _PLACES)],
                 ["the exact variance is inside its interval", "yes" if v_low <= variance <= v_high else "no"],
                 ["rounds as dealt won (net > 0)", counts.get("round won", 0)]]
    summary = Table.of("summary", "Simulated rounds against the exact figures", ["Figure", "Value"], rows)
    decisions = Table.of("decisions", "Decisions taken", ["Decision", "Rounds", "Share"],
                         [[name, count, Percent(Fraction(count, result.rounds), 2)]
                          for name, count in counts.items()],
                         note="The first decision is the stored optimal option of the situation's class "
                              "(instant: the instant payout settled the round); 'fold after the draw' and "
                              "'forced' count the later decisions, priced for the cards in front of the player.")
    readings = ", ".join(f"{k}={v}" for k, v in rules.readings)
    paytable = None if rules.instant is None else rules.instant.id
    info: tuple[tuple[str, Any], ...] = (("Deck", f"{deck.text} ({len(deck)} cards)"), ("Paytable", Text(paytable)),
            ("Interpretations", readings), ("Rounds", Text(f"{result.rounds:,}")), ("Seed", Text(str(seed))),
            ("Strategy", Text(f"the optimal option of every class, from the {shards} shards of the exact run")),
            ("Shard plan", Text(provenance(folder))),
            *((("Super", Text(f"{multiple} x Ante on the player's own hand, mandatory (58 Pa. Code "
                                f"\u00a7 671a.7(c)(2)), settled on the five as dealt")),) if side is not None else ()),
            ("Tool", f"combin {__version__}"))
    notes = ["Every round is dealt from a shuffled deck in the order of the table: the player's five, the "
             "dealer's five (the first face up), the cards drawn, the replacement when forcing; it is settled "
             "card by card (combin.stud.core.rules.settle).",
             "After a draw the player plays when playing is worth at least folding, priced exactly for the "
             "cards held and seen; facing a dealer who does not qualify, the player forces when the average "
             "forced round over the cards still unseen beats the Ante pay.",
             "The interval is z = 2.5758 standard errors of the mean (the rounds' own variance).  The "
             "variance of a round is dominated by rare large nets (an instant royal flush pays 1,500 to 1), "
             "so the sample variance of a few thousand rounds is usually well below the exact one and is "
             "shown beside it, not tested."]
    from combin.stud.core.rules import reading_notes
    game_file = identification(rules.stud)
    file_rows, file_notes = sheet_lines(game_file)
    info += tuple((name, Text(value)) for name, value in file_rows)
    notes += file_notes + reading_notes(rules.stud.game.id, dict(rules.readings))
    subject: tuple[tuple[str, Any], ...] = (
        ("game", rules.stud.game.id), ("deck", {"ranks": deck.text, "cards": len(deck)}),
        ("paytable", paytable), ("interpretations", dict(rules.readings)), ("rounds", result.rounds),
        ("seed", seed), ("inside", inside),
        *((("super", str(multiple)),) if side is not None else ()))
    if game_file is not None:
        subject += (("game_file", game_file),)
    return Document("lunar_simulation", f"{rules.stud.title}: whole rounds played by the optimal strategy",
                    info, (summary, decisions), tuple(notes), subject=subject)
