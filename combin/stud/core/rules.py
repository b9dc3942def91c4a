"""Stud games as data (``data/games.toml``) and the exact settlement of one round.

:func:`load_game` reads a :class:`StudGame` (``caribbean`` or ``lunar``);
:meth:`StudGame.resolve` fixes a paytable and the interpretations into
:class:`Rules`, whose numbers (the Ante and Bet results, the fees, the
instant payout) every summation, simulation and oracle reads.  :func:`settle`
settles one finished round -- the player's final cards, the dealer's five,
the decision, the forced replacement -- as an exact net result in units of
Ante; it is the one settlement the whole-game sums and the brute forces share.
"""

import tomllib
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

from combin.errors import CombinError
from combin.game import read_data
from combin.cards import CLASSES, format_cards
from combin.pays import Pay
from combin.stud.core.values import QUALIFY, STRAIGHT, best_value, category_of, hand_value, value_class

__all__ = ["StudGame", "Rules", "GAMES", "load_game", "settle", "bet_pay", "instant_pay",
           "DECISIONS", "highest_card"]

DECISIONS = ("fold", "play", "force")
"""``play`` takes the Ante pay when the dealer does not qualify; ``force`` forces it (L10)."""


@dataclass(frozen=True)
class StudGame:
    """One game definition read from ``data/games.toml``."""

    id: str
    title: str
    citation: str
    bet: int
    entry: dict = field(repr=False)
    interpretations: dict = field(repr=False)  # id -> Interpretation the game reads

    @property
    def can_force(self):
        return "force" in self.entry

    @property
    def can_draw(self):
        return "draws" in self.entry

    @property
    def has_instant(self):
        return "instant" in self.entry

    def resolve(self, paytable=None, interpret=None):
        """The :class:`Rules` under ``paytable`` (instant payout) and ``{id: value}`` choices."""
        chosen = dict(interpret or {})
        for key, value in chosen.items():
            if key not in self.interpretations:
                known = ", ".join(self.interpretations) or "none"
                raise CombinError(f"{self.title} does not read interpretation {key} (it reads: {known})")
            values = self.interpretations[key].values
            if value not in values:
                raise CombinError(f"interpretation {key} has no value '{value}' (values: {', '.join(values)})")
        readings = tuple((key, chosen.get(key, interp.default))
                         for key, interp in self.interpretations.items())
        return Rules(self, dict(readings), readings, self._instant(paytable))

    def _instant(self, paytable):
        entry = self.entry.get("instant")
        if entry is None:
            if paytable is not None:
                raise CombinError(f"{self.title} has no instant-payout paytable")
            return None
        from combin.lunar import GAME
        wager = entry["wager"]
        ids = [p.id for p in GAME.paytables_of(wager)]
        chosen = paytable or entry["default_paytable"]
        if chosen not in ids:
            raise CombinError(f"unknown paytable '{chosen}' (known: {', '.join(ids)})")
        return GAME.paytables[(wager, chosen)]


@dataclass(frozen=True)
class Rules:
    """A game under one paytable and one reading of each interpretation it reads."""

    game: StudGame
    chosen: dict = field(repr=False)
    readings: tuple  # ((id, value), ...) in the data's order
    instant: object = None  # the instant-payout Paytable, or None

    @property
    def bet(self):
        return self.game.bet

    def reading(self, key):
        return self.chosen.get(key)

    def _pay(self, part, key="pays"):
        entry = self.game.entry[part]
        if "values" in entry:
            return Pay.parse(entry["values"][self.chosen[entry["interpretation"]]]).net
        return Pay.parse(entry[key]).net

    @property
    def ante_win(self):
        """Net Ante result when the player beats a qualifying dealer."""
        return self._pay("ante_win")

    def ante_not_qualified(self, value):
        """Net Ante result, the dealer not qualifying, for the player's final value."""
        entry = self.game.entry["ante_not_qualified"]
        if "straight_or_better" in entry and category_of(value) >= STRAIGHT:
            return Pay.parse(entry["straight_or_better"]).net
        return Pay.parse(entry["pays"]).net

    @property
    def force_fee(self):
        entry = self.game.entry.get("force")
        return None if entry is None else Fraction(entry["fee"])

    @property
    def draw_fee(self):
        entry = self.game.entry.get("draws")
        return None if entry is None else Fraction(entry["fee"])

    @property
    def exchange_sizes(self):
        entry = self.game.entry.get("draws")
        return () if entry is None else tuple(range(entry["exchange"][0], entry["exchange"][1] + 1))

    @property
    def instant_ends_round(self):
        return self.instant is not None and self.chosen.get("L7") == "ends-round"

    @property
    def second_combination(self):
        key = self.game.entry["bet_pays"].get("second_combination")
        return None if key is None else self.chosen[key]

    @property
    def bet_table(self):
        """``{class id: net pay}`` of a winning Bet (first combination)."""
        return _bet_table(self.game.id)

    def identification(self):
        """The readings and paytable, for every sheet."""
        return {"game": self.game.id, "interpretations": dict(self.readings),
                "paytable": None if self.instant is None else self.instant.id}


@cache
def _documents():
    return tomllib.loads(read_data("combin.stud", "games.toml"))["game"]


@cache
def _bet_table(game_id):
    entry = next(e for e in _documents() if e["id"] == game_id)["bet_pays"]
    if "from" in entry:
        package, _, name = entry["from"].partition("/")
        document = tomllib.loads(read_data(package, name))
        pays = document["pays"]
    else:
        pays = {key: value for key, value in entry.items() if key in CLASSES}
    return {name: Pay.parse(text).net for name, text in pays.items()}


def load_game(game_id):
    """The :class:`StudGame` ``caribbean`` or ``lunar``."""
    for entry in _documents():
        if entry["id"] == game_id:
            return _build(entry)
    raise CombinError(f"unknown stud game '{game_id}' (known: {', '.join(GAMES)})")


def _build(entry):
    keys = [part.get("interpretation") for part in entry.values() if isinstance(part, dict)]
    keys += [entry["bet_pays"].get("second_combination")]
    keys = sorted({key for key in keys if key}, key=lambda key: int(key[1:]))
    registry = {}
    if keys:
        from combin.game import load_interpretations
        every = load_interpretations("combin.lunar")
        registry = {key: every[key] for key in keys}
    return StudGame(entry["id"], entry["title"], entry["citation"], entry["bet"], entry, registry)


GAMES = tuple(entry["id"] for entry in _documents())


def bet_pay(rules, cards):
    """Net pay to 1 of a winning Bet for the player's final cards (5 or 6)."""
    l11 = rules.second_combination
    if l11 is not None:
        from combin.lunar.bet import hand_bet_pays
        _, pays = hand_bet_pays([(card >> 2, card & 3) for card in cards], l11)
        return Fraction(pays)
    return rules.bet_table.get(value_class(best_value(cards)), Fraction(0))


def instant_pay(rules, first_five):
    """The instant payout (net, per Ante) of the first five cards, or ``None``."""
    if rules.instant is None:
        return None
    name = value_class(hand_value(first_five))
    for event, pay in rules.instant.lines:
        if event == name:
            return pay.net
    return None


def highest_card(dealer):
    """The dealer's highest card, ace high (a non-qualifying hand has no pair: it is unique)."""
    return max(dealer, key=lambda card: card >> 2)


def _showdown(rules, player, dealer_value):
    player_value = best_value(player)
    if player_value > dealer_value:
        return rules.ante_win + rules.bet * bet_pay(rules, player)
    if player_value == dealer_value:
        return Fraction(0)
    return Fraction(-1 - rules.bet)


def settle(rules, player, dealer, decision, replacement=None, drew=False, first_five=None):
    """Net result in Ante units of one finished round.

    ``player``: the final 5 or 6 cards; ``dealer``: five cards; ``decision``:
    ``fold``, ``play`` (the Ante pay if the dealer does not qualify) or
    ``force`` (L10: with ``replacement``, the card that replaces the dealer's
    highest).  ``drew`` charges the draw fee.  An instant payout on
    ``first_five`` (default: the player's five) settles the round under
    L7=ends-round; under L7=continue the instant payout is the separate
    ``lunar.instant`` figure and this settles the main game only.
    """
    player, dealer = list(player), list(dealer)
    if len(set(player) | set(dealer) | ({replacement} - {None})) != len(player) + len(dealer) + (replacement is not None):
        raise CombinError(f"a card is dealt twice: {format_cards(player)} / {format_cards(dealer)}")
    fee = rules.draw_fee if drew else Fraction(0)
    five = list(first_five) if first_five is not None else (player if len(player) == 5 else None)
    if five is not None and rules.instant_ends_round:
        instant = instant_pay(rules, five)
        if instant is not None:
            return instant
    if decision == "fold":
        return -1 - fee
    dealer_value = hand_value(dealer)
    qualifies = dealer_value >= QUALIFY
    if decision == "play":
        if qualifies:
            return _showdown(rules, player, dealer_value) - fee
        return rules.ante_not_qualified(best_value(player)) - fee
    if decision != "force":
        raise CombinError(f"unknown decision '{decision}' (decisions: {', '.join(DECISIONS)})")
    if rules.force_fee is None:
        raise CombinError(f"{rules.game.title} has no force option")
    if qualifies:
        raise CombinError("a qualifying dealer cannot be forced")
    if replacement is None:
        raise CombinError("forcing needs the replacement card")
    high = highest_card(dealer)
    forced = [card for card in dealer if card != high] + [replacement]
    forced_value = hand_value(forced)
    result = -rules.force_fee - fee
    if forced_value >= QUALIFY:
        result += _showdown(rules, player, forced_value)
    return result
