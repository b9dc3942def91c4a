"""The whole-game par sheet of a stud game without draws, as a Document.

:func:`game_document` reads a :class:`~combin.stud.nodraw.game.WholeGame` and nothing
else.  Every count is an exact integer and every ratio an exact fraction
divided once; the writers show them (JSON: counts as decimal strings, rationals
as ``"p/q"``; CSV: tidy, one table per file).  Nothing varies between runs.
"""

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from combin.files import display
from combin.stud.core.variant import identification, sheet_lines
from combin.version import __version__
from combin.core.cards import CLASS_NAMES, CLASSES, RANKS
from combin.render.document import Count, Document, Number, Percent, Ratio, Table

if TYPE_CHECKING:
    from combin.stud.nodraw.game import WholeGame

__all__ = ["game_document", "sheet_rows", "FORMAT"]

FORMAT = "combin.stud_game/2"
PLACES = 12

_EVENT_NAMES = {
    "instant": "Instant payout: {cls}",
    "win": "Player wins with {cls}",
    "not_qualified": "Dealer does not qualify",
    "push": "Push (equal hands)",
    "lose": "Dealer wins",
    "fold": "Player folds",
    "forced_win": "Forced, dealer requalifies: player wins with {cls}",
    "forced_push": "Forced, dealer requalifies: push",
    "forced_not_qualified": "Forced, dealer still does not qualify",
    "forced_lose": "Forced, dealer requalifies and wins",
}
_ORDER = {event: i for i, event in enumerate(_EVENT_NAMES)}


_ARTICLE = {"royal_flush", "straight_flush", "full_house", "flush", "straight"}


def _label(event: str, cls: str | None) -> str:
    if not cls:
        return _EVENT_NAMES[event]
    if event == "instant":
        return _EVENT_NAMES[event].format(cls=CLASS_NAMES[cls])
    name = CLASS_NAMES[cls].lower()
    return _EVENT_NAMES[event].format(cls=("a " if cls in _ARTICLE else "") + name)


def sheet_rows(result: "WholeGame") -> list[tuple[str, str | None, str, Fraction, int]]:
    """Lines in display order: ``[(event id, class, label, net, combinations), ...]``.

    >>> from combin.stud.core.rules import load_rules
    >>> from combin.stud.core.deck import Deck
    >>> from combin.stud.nodraw.game import whole_game
    >>> from combin.caribbean import GAME as CARIBBEAN
    >>> result = whole_game(load_rules(CARIBBEAN.id).resolve(), Deck.parse("TJQKA"))
    >>> sheet_rows(result)[0][2]
    'Player wins with a royal flush'
    """
    keys = sorted(result.lines, key=lambda k: (_ORDER[k[0]], CLASSES.index(k[1]) if k[1] else 0, -k[2]))
    return [(event, cls, _label(event, cls), net, result.lines[(event, cls, net)])
            for event, cls, net in keys]


def _summary(result: "WholeGame") -> tuple[list[tuple[str, Fraction]], Any]:
    expected = result.expected
    pushes = sum(count for (_, _, net), count in result.lines.items() if net == 0)
    wins = sum(count for (_, _, net), count in result.lines.items() if net > 0)
    variance = result.variance
    return [("Expected return per Ante", expected),
            ("House edge per Ante", -expected),
            ("Average total wager (Ante units)", result.wagered),
            ("Element of risk (per unit wagered)", result.element_of_risk),
            ("Hit frequency", Fraction(wins, result.cycle)),
            ("Push frequency", Fraction(pushes, result.cycle)),
            ("Variance per Ante", variance)], display.sqrt(variance)


def _identification(result: "WholeGame") -> list[tuple[str, Any]]:
    rules, deck = result.rules, result.deck
    m = result.replacements
    counted = (f"every situation (the player's five, the up card) up to suit symmetry: "
               f"{result.classes:,} classes for {result.situations:,} situations; "
               f"against each, every dealer hand ({result.per_situation // m:,})"
               + (f" x every card that could replace its highest ({m})" if m > 1 else ""))
    rows: list[tuple[str, Any]] = [("Game", f"{rules.stud.title} ({rules.stud.game.id})"),
            ("Rules source", rules.stud.citation),
            ("Deck", f"{deck.text} ({len(deck)} cards)" if not deck.full else "one 52-card deck"),
            ("Strategy", result.strategy)]
    if rules.instant is not None:
        rows.append(("Instant paytable", f"{rules.instant.id}: {rules.instant.citation}"))
    rows += sheet_lines(identification(rules.stud))[0]
    rows += [("Interpretations", ", ".join(f"{k}={v}" for k, v in rules.readings) or "none"),
             ("Game cycle", Count(result.cycle)),
             ("Counted over", counted),
             ("Tool", f"combin {__version__}")]
    return rows


def _options(result: "WholeGame") -> list[list[Any]]:
    total = result.situations
    rows = [[option, Count(count), Percent(Fraction(count, total))]
            for option, count in result.chosen.items() if count]
    if result.replacements > 1:
        hands = result.situations * (result.per_situation // result.replacements)
        rows.append(["force (dealer hands)", Count(result.forced),
                     Percent(Fraction(result.forced, hands))])
    return rows


def _strategy(result: "WholeGame") -> list[list[str]]:
    rows = []
    for cls in CLASSES:
        if cls not in result.boundary["class"]:
            continue
        played, total = result.boundary["class"][cls]
        if total == 0:
            continue
        word = "always" if played == total else "never" if played == 0 else \
            f"depends ({display.percent(Fraction(played, total), 2)} of situations)"
        rows.append([CLASS_NAMES[cls], word])
    return rows


def _ace_king(result: "WholeGame") -> tuple[list[Any], list[list[str]]]:
    table = result.boundary["ace_king"]
    if not table:
        return [], []
    thirds = sorted({third for third, _ in table}, reverse=True)
    ups = sorted({up for _, up in table}, reverse=True)
    header = [("hand", "A K + third card \\ up card"), *((f"up_{RANKS[u]}", RANKS[u]) for u in ups)]
    rows: list[list[str]] = []
    for third in thirds:
        row = [f"A K {RANKS[third]}"]
        for up in ups:
            played, total = table.get((third, up), (0, 0))
            row.append("" if total == 0 else "raise" if played == total else "fold" if played == 0
                       else display.percent(Fraction(played, total), 0))
        rows.append(row)
    return header, rows


def game_document(result: "WholeGame") -> Document:
    """The whole-game par sheet as a :class:`~combin.render.document.Document` (tables
    ``outcomes``, ``summary``, ``options``, ``strategy`` and, when it applies, ``ace_king``).

    >>> from combin.stud.core.rules import load_rules
    >>> from combin.stud.core.deck import Deck
    >>> from combin.stud.nodraw.game import whole_game
    >>> from combin.caribbean import GAME as CARIBBEAN
    >>> doc = game_document(whole_game(load_rules(CARIBBEAN.id).resolve(), Deck.parse("TJQKA")))
    >>> [table.name for table in doc.tables]
    ['outcomes', 'summary', 'options', 'strategy']
    """
    rules = result.rules
    rows: list[list[Any]] = [[label, Ratio(net, 4), Count(count),
                              Ratio(Fraction(count, result.cycle), PLACES),
             Ratio(Fraction(count, result.cycle) * net, PLACES)]
            for _, _, label, net, count in sheet_rows(result)]
    rows.append(["Total", None, Count(result.cycle), Ratio(Fraction(1), PLACES),
                 Ratio(result.expected, PLACES)])
    summary, sd = _summary(result)
    figures: list[list[Any]] = [
        [name, Percent(value) if "edge" in name or "risk" in name or "frequency" in name
         else Ratio(value, 6)] for name, value in summary]
    figures.append(["Standard deviation per Ante", Number(sd, 6)])
    tables = [Table.of("outcomes", "Outcomes", ["Result", ("net", "Net (Ante units)"),
                                                "Combinations", "Probability", "Return"], rows),
              Table.of("summary", "Summary", ["Figure", "Value"], figures),
              Table.of("options", "Options chosen (situations)", ["Option", "Situations",
                                                                  "Share"], _options(result)),
              Table.of("strategy", "Strategy by the player's hand class",
                       [("hand", "Player's hand"), "Play"], _strategy(result))]
    header, ace_king = _ace_king(result)
    if ace_king:
        tables.append(Table.of("ace_king", "Ace-king hands: raise, fold, or the share of "
                               "situations raised, by the third card and the dealer's up card",
                               header, ace_king))
    subject: tuple[tuple[str, Any], ...] = (("game", rules.stud.game.id), ("title", rules.stud.title),
               ("citation", rules.stud.citation),
               ("deck", {"ranks": result.deck.text, "cards": len(result.deck)}),
               ("strategy", result.strategy),
               ("paytable", None if rules.instant is None else rules.instant.id),
               ("interpretations", dict(rules.readings)), ("cycle", str(result.cycle)),
               ("situations", str(result.situations)), ("situation_classes", result.classes),
               ("outcomes_per_situation", str(result.per_situation)),
               ("forced_dealer_hands", str(result.forced)))
    game_file = identification(rules.stud)
    if game_file is not None:
        subject += (("game_file", game_file),)
    notes = sheet_lines(game_file)[1] + rules.reading_notes()
    return Document("stud_game", f"{rules.stud.title} -- whole game, strategy {result.strategy}",
                    tuple(_identification(result)), tuple(tables), tuple(notes),
                    subject=subject)
