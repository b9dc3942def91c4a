"""The baccarat wagers: main game, the Eclipse package, and Dragon Bonus.

Each :class:`~combin.core.wager.Wager` names the events its paytables may use
(:mod:`combin.baccarat.events`); the pays themselves are data
(``data/paytables.toml``).  Eclipse is the one wager whose paid events
depend on another wager's paytable, under interpretation E1.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from combin.baccarat.events import EVENTS
from combin.baccarat.readings import E1
from combin.errors import CombinError
from combin.core.interpret import reading
from combin.core.pays import Pay
from combin.core.paytable import Paytable
from combin.core.wager import Event, Lookup, Wager

__all__ = ["WAGERS", "ECLIPSE_COMPONENTS"]

_MAIN = "58 Pa. Code Chapter 631a (Baccarat)"

#: The wager whose winning event each Eclipse line is (§ 631b.11(d)(5)).
ECLIPSE_COMPONENTS = {
    "banker_wins_three_card_7": "eclipse.sun7",
    "player_wins_three_card_8": "eclipse.moon8",
    "both_three_card_7": "eclipse.supreme7",
    "both_two_card_7": "eclipse.supreme7",
    "both_three_card_9": "eclipse.divine9",
    "one_three_card_9": "eclipse.divine9",
}


def _eclipse_lines(paytable: Paytable, chosen: Mapping[str, str], lookup: Lookup | None, _outcomes: Any) -> Sequence[tuple[str | Event, Pay]]:
    """Eclipse's paid lines: all of them under E1=events; under E1=paid-rows, only the
    events that the same-lettered paytable of their own wager pays."""
    if reading(chosen, E1) is E1.EVENTS:
        return paytable.lines
    kept: list[tuple[str | Event, Pay]] = []
    for event, pay in paytable.lines:
        component = ECLIPSE_COMPONENTS.get(event)
        if component is None:        # an event of a user's file: no component to consult
            kept.append((event, pay))
            continue
        own = lookup(component, paytable.id) if lookup is not None else None
        if own is None:
            raise CombinError(f"E1=paid-rows reads {component} paytable '{paytable.id}', "
                              "which does not exist")
        if not own.pay_for(event).is_loss:
            kept.append((event, pay))
    return tuple(kept)


def _wager(id: str, title: str, regulation: str, events: Sequence[str], default: str, **options: Any) -> Wager:
    return Wager(id, title, "baccarat", regulation, tuple(EVENTS[e] for e in events), default,
                 **options)


#: § 631b.11 is a temporary regulation (its own source note, seeds/pa-631b11-eclipse-side-wager.txt).
_TEMPORARY = ("; a temporary regulation, added March 7, 2025, effective March 8, 2025, "
              "55 Pa.B. 2071")

WAGERS = {w.id: w for w in (
    _wager("baccarat.banker", "Banker", _MAIN,
           ("banker_wins_three_card_7", "banker_wins_six", "banker_wins", "tie"), "standard",
           ruled=True, note="The Banker's paytable is the one its rule set names."),
    _wager("baccarat.player", "Player", _MAIN, ("player_wins", "tie"), "standard", ruled=True),
    _wager("baccarat.tie", "Tie", _MAIN, ("tie",), "8to1", ruled=True),
    _wager("eclipse.sun7", "Sun 7", "58 Pa. Code § 631b.11(d)(1), (g)" + _TEMPORARY,
           ("banker_wins_three_card_7",), "A", interpretations=("E4",)),
    _wager("eclipse.moon8", "Moon 8", "58 Pa. Code § 631b.11(d)(2), (g)" + _TEMPORARY,
           ("player_wins_three_card_8",), "A", interpretations=("E4",)),
    _wager("eclipse.supreme7", "Supreme 7", "58 Pa. Code § 631b.11(d)(3), (g)" + _TEMPORARY,
           ("both_three_card_7", "both_two_card_7"), "A", interpretations=("E2",)),
    _wager("eclipse.divine9", "Divine 9", "58 Pa. Code § 631b.11(d)(4), (g)" + _TEMPORARY,
           ("both_three_card_9", "one_three_card_9"), "A", interpretations=("E3",)),
    _wager("eclipse.eclipse", "Eclipse", "58 Pa. Code § 631b.11(d)(5), (g)" + _TEMPORARY,
           tuple(ECLIPSE_COMPONENTS), "A", interpretations=("E1", "E2", "E3", "E4"),
           lines=_eclipse_lines),
    _wager("dragon.player", "Dragon Bonus (Player)",
           "Dragon Bonus side wager (not a § 631b.11 wager); spec/ANCHORS.md",
           ("player_natural_win", "natural_tie",
            *(f"player_wins_by_{by}" for by in range(9, 3, -1))), "standard"),
    _wager("dragon.banker", "Dragon Bonus (Banker)",
           "Dragon Bonus side wager (not a § 631b.11 wager); spec/ANCHORS.md",
           ("banker_natural_win", "natural_tie",
            *(f"banker_wins_by_{by}" for by in range(9, 3, -1))), "standard"),
)}
