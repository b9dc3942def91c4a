"""Baccarat events: named predicates on a round's final state.

Each event reads a :class:`~combin.baccarat.enumeration.Round` (each hand's
number of cards and total) and is named after what the regulation or the
rule book says, so that a paytable can name it.  The fixed readings of
spec/RULES.md §1.5 are built into the definitions: a Supreme 7 needs both hands of
the same length (E2), Divine 9's lower line is *exactly one* three-card 9
(E3), and Sun 7 and Moon 8 need the hand to win (E4).
"""

from collections.abc import Callable, Mapping

from combin.baccarat.enumeration import Round
from combin.core.wager import Event

__all__ = ["EVENTS", "natural_round", "margin"]


def natural_round(r: Round) -> bool:
    """Both hands stood on two cards because one of them is a natural (8 or 9)."""
    return r.player_cards == 2 and r.banker_cards == 2 and max(r.player_total, r.banker_total) >= 8


def margin(r: Round, side: str) -> int:
    """How many points ``side`` ("player" or "banker") wins by (negative when it loses)."""
    difference = r.player_total - r.banker_total
    return difference if side == "player" else -difference


def _three(r: Round, side: str, total: int) -> bool:
    return bool(getattr(r, f"{side}_cards") == 3 and getattr(r, f"{side}_total") == total)


_PREDICATES: list[tuple[str, str, Callable[[Round], bool]]] = [
    ("banker_wins", "Banker wins", lambda r: margin(r, "banker") > 0),
    ("player_wins", "Player wins", lambda r: margin(r, "player") > 0),
    ("tie", "Tie", lambda r: margin(r, "player") == 0),
    ("banker_wins_three_card_7", "Banker wins with a three-card 7",
     lambda r: _three(r, "banker", 7) and margin(r, "banker") > 0),
    ("banker_wins_six", "Banker wins with a total of 6",
     lambda r: r.banker_total == 6 and margin(r, "banker") > 0),
    ("player_wins_three_card_8", "Player wins with a three-card 8",
     lambda r: _three(r, "player", 8) and margin(r, "player") > 0),
    ("both_three_card_7", "Player and Banker both three-card 7s",
     lambda r: _three(r, "player", 7) and _three(r, "banker", 7)),
    ("both_two_card_7", "Player and Banker both two-card 7s",
     lambda r: r.player_cards == r.banker_cards == 2 and r.player_total == r.banker_total == 7),
    ("both_three_card_9", "Player and Banker both three-card 9s",
     lambda r: _three(r, "player", 9) and _three(r, "banker", 9)),
    ("one_three_card_9", "Exactly one hand is a three-card 9",
     lambda r: _three(r, "player", 9) != _three(r, "banker", 9)),
    ("natural_tie", "Natural tie", lambda r: natural_round(r) and margin(r, "player") == 0),
]



def _natural_win(side: str) -> Callable[[Round], bool]:
    return lambda r: natural_round(r) and margin(r, side) > 0


def _wins_by(side: str, points: int) -> Callable[[Round], bool]:
    return lambda r: not natural_round(r) and margin(r, side) == points


for _side in ("player", "banker"):
    _PREDICATES.append((f"{_side}_natural_win", f"{_side.capitalize()} wins with a natural",
                        _natural_win(_side)))
    for _by in range(9, 3, -1):
        _PREDICATES.append((f"{_side}_wins_by_{_by}",
                            f"{_side.capitalize()} wins by {_by}, not a natural",
                            _wins_by(_side, _by)))

#: Every baccarat event by id.  Events read no interpretation (``_interp`` is ignored).
def _reads_the_round(predicate: Callable[[Round], bool]) -> Callable[[Round, Mapping[str, str]], bool]:
    """An event's ``holds``: the predicate on the round; no interpretation is read."""
    return lambda r, _interp: predicate(r)


EVENTS = {id: Event(id, text, _reads_the_round(predicate)) for id, text, predicate in _PREDICATES}
