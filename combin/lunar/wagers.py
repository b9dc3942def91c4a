"""The Lunar Poker wagers settled on the first five cards: the Super and the Ante instant payout.

Both read the five-card feature key of :mod:`combin.lunar.classes`
(:class:`~combin.lunar.classes.SuperKey`: class, pictures, court, same colour,
ace-king-queen, suited ace-king-queen).  The Super's events take the
interpretations L1-L5 in force; L4 (``all-lines``) turns the paytable into one
line per combination of lines a hand fits, with the pays added.

>>> sorted(WAGERS), [event.id for event in SUPER_EVENTS][:3]
(['lunar.instant', 'lunar.super'], ['four_of_a_kind', 'five_pictures', 'full_house'])
>>> len(INSTANT_EVENTS)
2
"""

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import partial

from combin.core.interpret import reading
from combin.lunar.classes import SuperKey
from combin.lunar.readings import L1, L2, L3, L4, L5
from combin.core.outcomes import OutcomeSpace
from combin.core.pays import Pay
from combin.core.paytable import Paytable
from combin.core.wager import Event, Lookup, Wager

__all__ = ["WAGERS", "SUPER_EVENTS", "INSTANT_EVENTS"]

_FLUSHES = ("royal_flush", "straight_flush", "flush")




def _flush(key: SuperKey, i: Mapping[str, str]) -> bool:
    if key.hand_class == "flush":
        return True
    return reading(i, L5) is L5.FLUSH and key.hand_class in ("royal_flush", "straight_flush")


def _same_color(key: SuperKey, i: Mapping[str, str]) -> bool:
    if not key.same_color:
        return False
    return not (reading(i, L2) is L2.NOT_SUITED and key.hand_class in _FLUSHES)


SUPER_EVENTS = (
    Event("four_of_a_kind", "Four-of-a-kind", lambda k, i: k.hand_class == "four_of_a_kind"),
    Event("five_pictures", "Five picture cards",
          lambda k, i: k.court if reading(i, L1) is L1.JQKA else k.pictures),
    Event("full_house", "Full house", lambda k, i: k.hand_class == "full_house"),
    Event("flush", "Flush", _flush),
    Event("straight", "Straight", lambda k, i: k.hand_class == "straight"),
    Event("three_of_a_kind", "Three-of-a-kind", lambda k, i: k.hand_class == "three_of_a_kind"),
    Event("ace_king_queen", "Ace-king-queen",
          lambda k, i: k.akq_suited if reading(i, L3) is L3.SUITED else k.akq),
    Event("same_colored_five", "Same colored five", _same_color),
)

INSTANT_EVENTS = (
    Event("royal_flush", "Royal flush", lambda k, i: k.hand_class == "royal_flush"),
    Event("straight_flush", "Straight flush (not royal)", lambda k, i: k.hand_class == "straight_flush"),
)


def _fits_exactly(ids: frozenset[str], rows: Sequence[tuple[Event, Pay]], key: SuperKey,
                  chosen: Mapping[str, str]) -> bool:
    """Whether ``key`` fits exactly the Super lines ``ids`` (no more, no fewer)."""
    return ids == {event.id for event, _ in rows if event.holds(key, chosen)}


def _super_lines(paytable: Paytable, chosen: Mapping[str, str], _lookup: Lookup | None,
                 outcomes: OutcomeSpace) -> Sequence[tuple[str | Event, Pay]]:
    """Under L4=highest, the paytable as it is; under all-lines, one line per set of lines
    a hand fits (those that occur), paying the sum of their pays."""
    if reading(chosen, L4) is L4.HIGHEST:
        return paytable.lines
    events = {event.id: event for event in (*SUPER_EVENTS, *paytable.events)}
    rows = [(events[event_id], pay) for event_id, pay in paytable.lines if not pay.is_loss]
    fits = {tuple(index for index, (event, _) in enumerate(rows) if event.holds(key, chosen))
            for key, _ in outcomes.items()}
    combined = []
    for fit in sorted(fit for fit in fits if fit):
        parts = [rows[index] for index in fit]
        ids = frozenset(event.id for event, _ in parts)
        net = sum((pay.net for _, pay in parts), Fraction(0))
        text = parts[0][1].text if len(parts) == 1 else \
            f"{net} to 1 ({' + '.join(pay.text for _, pay in parts)})"
        event = Event("+".join(event.id for event, _ in parts),
                      " + ".join(event.description for event, _ in parts),
                      partial(_fits_exactly, ids, rows))
        combined.append((event, Pay(text, net)))
    return tuple(combined)


_SUPER_NOTE = ("The same par sheet serves the Super Wager on the player's own hand and the "
               "additional Super Wager on the dealer's hand or on another player's hand "
               "(§ 671a.7(c)(3)): each is judged on that hand's original five cards, whose "
               "distribution is the same.")
_INSTANT_NOTE = ("Return per unit of Ante from the instant payout alone: a hand without a royal "
                 "or straight flush in its first five cards pays nothing here and plays on in "
                 "the main game (net 0 on this sheet).")

WAGERS = {w.id: w for w in (
    Wager("lunar.super", "Super Wager", "lunar", "58 Pa. Code § 671a.7(c)(2)-(3)", SUPER_EVENTS,
          "posted", interpretations=("L1", "L2", "L3", "L4", "L5", "L6"), note=_SUPER_NOTE,
          lines=_super_lines),
    Wager("lunar.instant", "Ante instant payout", "lunar",
          "58 Pa. Code § 671a.12(a) (Ante instant payout)", INSTANT_EVENTS, "A",
          interpretations=("L7",), stake="per unit of Ante", note=_INSTANT_NOTE,
          otherwise=("No royal or straight flush: the Ante plays on", Pay("plays on", Fraction(0))),
          reported_in="combin game lunar (tables/lunar/game/): the instant payout is part of the "
                      "Ante, reported inside the whole game under A, B and C"),
)}
