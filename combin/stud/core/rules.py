"""Stud games as data (each game's ``data/stud.toml``) and the exact settlement of one round.

:func:`load_rules` reads the :class:`StudRules` of a registered game that has a
:class:`~combin.core.game.Solver` (``caribbean``, ``lunar``) from that game's own package;
:meth:`StudRules.resolve` fixes a paytable and the interpretations into
:class:`Rules`, whose numbers (the Ante and Bet results, the fees, the
instant payout) every summation, simulation and oracle reads.  :func:`settle`
settles one finished round -- the player's final cards, the dealer's five,
the decision, the forced replacement -- as an exact net result in units of
Ante; it is the one settlement the whole-game sums and the brute forces share.
"""

import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from functools import cache, cached_property
from importlib import import_module
from typing import TYPE_CHECKING, Any

from combin.errors import CombinError
from combin.core.game import read_data
from combin.core.cards import CLASSES, format_cards
from combin.core.pays import Pay
from combin.registry import games
from combin.stud.core.values import QUALIFY, STRAIGHT, best_value, category_of, hand_value, value_class

if TYPE_CHECKING:
    from combin.core.game import Game, Solver
    from combin.core.interpret import Interpretation
    from combin.core.paytable import Paytable

#: A second paytable combination on a winning Bet (L11): ``(cards as (rank, suit) pairs, reading,
#: the Bet's pays by class) -> (name, pays)``.
SecondPays = Callable[[list[tuple[int, int]], str, Mapping[str, Fraction]], tuple[str, Any]]

__all__ = ["StudRules", "Rules", "stud_games", "load_rules", "build_rules", "reading_notes", "settle", "bet_pay",
           "instant_pay", "DECISIONS", "highest_card", "replaced_card", "InstantReading", "AnteReading", "ForceCard",
           "WEAK_OUTS", "check_force"]


class InstantReading(StrEnum):
    """What an instant payout does to the round: the values of the interpretation the game's
    ``[instant]`` entry names (Lunar Poker's L7), checked against its data by :func:`load_rules`.

    >>> InstantReading("ends-round") is InstantReading.ENDS_ROUND
    True
    """
    ENDS_ROUND = "ends-round"    # the instant payout settles the round alone
    CONTINUE = "continue"        # the instant pay is added and the round goes on


class AnteReading(StrEnum):
    """Which hand the Ante pay on a non-qualifying dealer reads: the values of the interpretation the
    game's ``[ante_not_qualified]`` entry names (Lunar Poker's L9), checked against its data.

    >>> AnteReading("first-five") is AnteReading.FIRST_FIVE
    True
    """
    FINAL_HAND = "final-hand"    # the player's final hand (after any exchange or sixth card)
    FIRST_FIVE = "first-five"    # the five cards as dealt


class ForceCard(StrEnum):
    """Which card of a non-qualifying dealer forcing replaces (L10): the cards the game's
    ``[force]`` entry names, by reading in ``[force.values]`` or alone as ``replace``, checked
    against its data by :func:`load_rules`.  Ace high; a non-qualifying hand has five distinct
    ranks, so either card is unique.

    >>> ForceCard("lowest") is ForceCard.LOWEST
    True
    """
    HIGHEST = "highest"    # L10=replace-highest-once
    LOWEST = "lowest"      # L10=replace-lowest-once


#: The most replacement cards that requalify a non-qualifying dealer below a straight -- all a
#: player below a straight can beat when forcing -- by the card replaced.  The four cards kept have
#: four distinct ranks: 3 more cards of each make a pair (12).  With the highest card gone no
#: ace-king is left to make (an ace or a king held was the highest: the dealer has not both);
#: with the lowest gone, an ace kept and no king (or a king and no ace: never both, the dealer
#: does not qualify) requalifies on the 4 cards of the other as ace-king (16).
WEAK_OUTS = {ForceCard.HIGHEST: 12, ForceCard.LOWEST: 16}

DECISIONS = ("fold", "play", "force")
"""``play`` takes the Ante pay when the dealer does not qualify; ``force`` forces it (L10)."""


@dataclass(frozen=True)
class StudRules:
    """A registered game's rules as the stud engine reads them: the :class:`~combin.core.game.Game`
    (its id, title, interpretations, paytables and :class:`~combin.core.game.Solver`), and what the
    game's ``data/stud.toml`` adds -- or a game file merged over it.

    ``game`` is the registered game; ``entry`` its ``data/stud.toml`` (a game file's settings
    merged over it); ``bet_table`` is ``{class id: net pay}`` of a winning Bet (first
    combination); ``variant`` the game file (a :class:`combin.stud.core.variant.Variant`) the
    rules are read from, or None for the registered game's own.  Everything else is read from
    these: nothing the :class:`~combin.core.game.Game` holds is held twice.

    >>> from combin.lunar import GAME as LUNAR
    >>> from combin.caribbean import GAME as CARIBBEAN
    >>> lunar, caribbean = load_rules(LUNAR.id), load_rules(CARIBBEAN.id)
    >>> lunar.game is LUNAR, lunar.bet, lunar.can_draw, lunar.can_force, lunar.has_instant, caribbean.can_draw
    (True, 2, True, True, True, False)
    """

    game: "Game" = field(repr=False)
    entry: dict[str, Any] = field(repr=False)
    bet_table: dict[str, Fraction] = field(default_factory=dict, repr=False)
    variant: Any = field(default=None, repr=False)

    def __repr__(self) -> str:
        return f"StudRules({self.key!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by the registered game's id (a worker finds the game in its own registry)."""
        return (_unpickled, (self.game.id, self.entry, self.bet_table, self.variant))

    @property
    def key(self) -> str:
        """The rules' identity in every memo and cache key: the game's id, and the hash of its game file.

        >>> from combin.lunar import GAME as LUNAR
        >>> load_rules(LUNAR.id).key
        'lunar'
        """
        return self.game.id if self.variant is None else f"{self.game.id}@{self.variant.sha256}"

    @property
    def title(self) -> str:
        """The title a sheet gives the game: the game file's, else the registered game's.

        >>> from combin.caribbean import GAME as CARIBBEAN
        >>> load_rules(CARIBBEAN.id).title
        'Caribbean Stud'
        """
        return self.game.title if self.variant is None else str(self.variant.title)

    @property
    def citation(self) -> str:
        """Where the rules are written: the ``citation`` of ``data/stud.toml``, or the game file's."""
        return str(self.entry["citation"])

    @property
    def bet(self) -> int:
        """The Bet, in Antes."""
        return int(self.entry["bet"])

    @property
    def package(self) -> str:
        """The game's package, which holds its data (its :class:`~combin.core.game.Solver`'s)."""
        assert self.game.solver is not None      # the stud engine plays games with a solver only
        return self.game.solver.package

    @cached_property
    def interpretations(self) -> "dict[str, Interpretation]":
        """``{id: Interpretation}`` of the game's interpretations these rules read, in order.

        >>> from combin.lunar import GAME as LUNAR
        >>> list(load_rules(LUNAR.id).interpretations)
        ['L7', 'L8', 'L9', 'L10', 'L11', 'L12']
        """
        named: list[str | None] = [part.get("interpretation") for part in self.entry.values()
                                   if isinstance(part, dict)]
        named += [self.entry["bet_pays"].get("second_combination")]
        keys = sorted({key for key in named if key}, key=lambda key: int(key[1:]))
        return {key: self.game.interpretations[key] for key in keys}

    @cached_property
    def instant_paytables(self) -> "dict[str, Paytable]":
        """The paytables of the game's instant-payout wager, by id (none without one)."""
        instant = self.entry.get("instant")
        return {} if instant is None else {p.id: p for p in self.game.paytables_of(instant["wager"])}

    @cached_property
    def second_pays(self) -> SecondPays | None:
        """How the game reads a second paytable combination on a winning Bet (L11),
        ``(cards as (rank, suit) pairs, reading, {class id: net pay}) -> (name, pays)``, when it has one."""
        reference = None if self.game.solver is None else self.game.solver.second_pays
        if reference is None:
            return None
        module, _, name = reference.partition(":")
        found: SecondPays = getattr(import_module(module), name)
        return found

    @property
    def can_force(self) -> bool:
        """Whether the player may force a non-qualifying dealer to replace a card (L10)."""
        return "force" in self.entry

    @property
    def can_draw(self) -> bool:
        """Whether the player may exchange cards."""
        return "draws" in self.entry

    @property
    def has_instant(self) -> bool:
        """Whether the first five cards may win an instant payout."""
        return "instant" in self.entry

    def resolve(self, paytable: str | None = None, interpret: dict[str, str] | None = None) -> "Rules":
        """The :class:`Rules` under ``paytable`` (instant payout) and ``{id: value}`` choices.

        >>> from combin.lunar import GAME as LUNAR
        >>> load_rules(LUNAR.id).resolve("B", {"L7": "continue"}).reading("L7")
        'continue'
        >>> from combin.caribbean import GAME as CARIBBEAN
        >>> load_rules(CARIBBEAN.id).resolve(interpret={"L7": "continue"})
        Traceback (most recent call last):
        ...
        combin.errors.CombinError: Caribbean Stud does not read interpretation L7 (it reads: none)
        """
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

    def _instant(self, paytable: str | None) -> "Paytable | None":
        entry = self.entry.get("instant")
        if entry is None:
            if paytable is not None:
                raise CombinError(f"{self.title} has no instant-payout paytable")
            return None
        ids = list(self.instant_paytables)
        chosen = paytable or entry["default_paytable"]
        if chosen not in ids:
            raise CombinError(f"unknown paytable '{chosen}' (known: {', '.join(ids)})")
        return self.instant_paytables[chosen]


@dataclass(frozen=True)
class Rules:
    """A game under one paytable and one reading of each interpretation it reads: ``stud`` is the
    game's :class:`StudRules` (``stud.game`` the registered :class:`~combin.core.game.Game`).

    Every number is an exact :class:`~fractions.Fraction` of the Ante:

    >>> from combin.lunar import GAME as LUNAR
    >>> rules = load_rules(LUNAR.id).resolve()
    >>> rules.bet, rules.ante_win, rules.force_fee, rules.draw_fee, rules.exchange_sizes
    (2, Fraction(0, 1), Fraction(1, 1), Fraction(1, 1), (2, 3, 4, 5))
    >>> rules.identification()["paytable"], rules.second_combination, rules.instant_ends_round
    ('A', 'best-pair', True)
    >>> rules.stud.game is LUNAR
    True
    """

    stud: StudRules
    chosen: dict[str, str] = field(repr=False)
    readings: tuple[tuple[str, str], ...]  # ((id, value), ...) in the data's order
    instant: "Paytable | None" = None  # the instant-payout Paytable, or None

    @property
    def bet(self) -> int:
        """The Bet, in Antes."""
        return self.stud.bet

    def reading(self, key: str) -> str | None:
        """The value read for interpretation ``key``, or None when the game does not read it."""
        return self.chosen.get(key)

    def _pay(self, part: str, key: str = "pays") -> Fraction:
        entry = self.stud.entry[part]
        if "values" in entry:
            return Pay.parse(entry["values"][self.chosen[entry["interpretation"]]]).net
        return Pay.parse(entry[key]).net

    @property
    def ante_win(self) -> Fraction:
        """Net Ante result when the player beats a qualifying dealer."""
        return self._pay("ante_win")

    def ante_not_qualified(self, value: int) -> Fraction:
        """Net Ante result, the dealer not qualifying, for the player's final value.

        >>> from combin.stud.core.values import CATEGORY_SHIFT, STRAIGHT
        >>> from combin.lunar import GAME as LUNAR
        >>> rules = load_rules(LUNAR.id).resolve()
        >>> rules.ante_not_qualified(0), rules.ante_not_qualified(STRAIGHT * CATEGORY_SHIFT)
        (Fraction(1, 1), Fraction(4, 1))
        """
        entry = self.stud.entry["ante_not_qualified"]
        if "straight_or_better" in entry and category_of(value) >= STRAIGHT:
            return Pay.parse(entry["straight_or_better"]).net
        return Pay.parse(entry["pays"]).net

    @property
    def force_fee(self) -> Fraction | None:
        """The fee of forcing the dealer (L10), or None when the game has no forcing."""
        entry = self.stud.entry.get("force")
        return None if entry is None else Fraction(entry["fee"])

    @property
    def force_replaces(self) -> ForceCard | None:
        """The dealer's card that forcing replaces (L10), or None when the game has no forcing:
        the value the reading names in ``[force.values]`` (as ``[ante_win]`` names a pay), or
        the entry's ``replace``.

        >>> from combin.lunar import GAME as LUNAR
        >>> game = load_rules(LUNAR.id)
        >>> game.resolve().force_replaces, game.resolve(interpret={"L10": "replace-lowest-once"}).force_replaces
        (<ForceCard.HIGHEST: 'highest'>, <ForceCard.LOWEST: 'lowest'>)
        """
        entry = self.stud.entry.get("force")
        if entry is None:
            return None
        if "values" in entry:
            return ForceCard(entry["values"][self.chosen[entry["interpretation"]]])
        return ForceCard(entry["replace"])

    @property
    def draw_fee(self) -> Fraction | None:
        """The fee of an exchange, or None when the game has no draws."""
        entry = self.stud.entry.get("draws")
        return None if entry is None else Fraction(entry["fee"])

    @property
    def buy(self) -> int:
        """How many cards buying a sixth card draws (0: the game has no such option).

        >>> from combin.lunar import GAME as LUNAR
        >>> load_rules(LUNAR.id).resolve().buy
        1
        """
        entry = self.stud.entry.get("draws")
        return 0 if entry is None else int(entry["buy"])

    @property
    def exchange_sizes(self) -> tuple[int, ...]:
        """How many cards an exchange may replace (empty without draws, or with ``[0, 0]``): a game
        file's ``exchange = [lo, hi]``, else the span the reading of L12 names.

        >>> from combin.lunar import GAME as LUNAR
        >>> load_rules(LUNAR.id).resolve(interpret={"L12": "one-to-five"}).exchange_sizes
        (1, 2, 3, 4, 5)
        """
        entry = self.stud.entry.get("draws")
        if entry is None:
            return ()
        low, high = entry["exchange"] if "exchange" in entry else entry["values"][self.chosen[entry["interpretation"]]]
        return () if high == 0 else tuple(range(low, high + 1))

    @property
    def ante_reads_first_five(self) -> bool:
        """Whether the Ante pay on a non-qualifying dealer reads the first five as dealt (L9=first-five)."""
        key = self.stud.entry["ante_not_qualified"].get("interpretation")
        return key is not None and AnteReading(self.chosen[key]) is AnteReading.FIRST_FIVE

    @property
    def instant_ends_round(self) -> bool:
        """Whether an instant payout settles the round (L7 = ends-round)."""
        if self.instant is None:
            return False
        key = self.stud.entry["instant"]["interpretation"]
        return InstantReading(self.chosen[key]) is InstantReading.ENDS_ROUND

    @property
    def second_combination(self) -> str | None:
        """The reading of the second paytable combination on a winning Bet (L11), if the game has one."""
        key = self.stud.entry["bet_pays"].get("second_combination")
        return None if key is None else self.chosen[key]

    @property
    def bet_table(self) -> dict[str, Fraction]:
        """``{class id: net pay}`` of a winning Bet (first combination)."""
        return self.stud.bet_table

    def reading_notes(self) -> list[str]:
        """Each reading in force in words, as a sheet's notes give it:
        ``L8=push (Ante when the player beats a qualifying dealer): The Ante pushes.``"""
        return reading_notes(self.stud.game.id, self.readings)

    def identification(self) -> dict[str, Any]:
        """The readings and paytable, for every sheet."""
        return {"game": self.stud.game.id, "interpretations": dict(self.readings),
                "paytable": None if self.instant is None else self.instant.id}


def reading_notes(game_id: str, readings: Any) -> list[str]:
    """Each reading of the stud game ``game_id`` in words, from ``readings`` (``{id: value}`` or
    ``((id, value), ...)``, as a sheet's identification records them), for a sheet's notes:

    >>> from combin.lunar import GAME as LUNAR
    >>> reading_notes(LUNAR.id, {"L8": "push"})
    ['L8=push (Ante when the player beats a qualifying dealer): The Ante pushes.']
    """
    register = load_rules(game_id).interpretations
    pairs = readings.items() if isinstance(readings, Mapping) else readings
    return [f"{key}={value} ({register[key].title}): {register[key].values[value]}"
            for key, value in pairs]


def stud_games() -> tuple[str, ...]:
    """The ids of the registered games the stud engine plays (those with a :class:`~combin.core.game.Solver`).

    >>> stud_games()
    ('lunar', 'caribbean')
    """
    return tuple(game.id for game in games() if game.solver is not None)


@cache
def load_rules(game_id: str) -> StudRules:
    """The :class:`StudRules` of the registered game ``game_id`` (``caribbean``, ``lunar``): the one
    loader of a game's rules (a game file's are :func:`build_rules` over the registered game's).

    The rules are the game's own ``data/stud.toml``; the instant-payout paytables and
    the interpretations are the game's (:class:`~combin.core.game.Game`); the stud engine
    names no game.

    >>> from combin.lunar import GAME as LUNAR
    >>> from combin.caribbean import GAME as CARIBBEAN
    >>> load_rules(CARIBBEAN.id).title, load_rules(LUNAR.id).can_draw
    ('Caribbean Stud', True)
    """
    for game in games():
        if game.id == game_id and game.solver is not None:
            return build_rules(game)
    raise CombinError(f"unknown stud game '{game_id}' (known: {', '.join(stud_games())})")


def build_rules(game: "Game", entry: dict[str, Any] | None = None, variant: Any = None) -> StudRules:
    """The :class:`StudRules` of the registered ``game`` (one with a solver): its own ``data/stud.toml``,
    or ``entry`` (the same shape, a game file merged over it) with the ``variant`` it comes from;
    the readings the data names are checked against the values the engine knows."""
    assert game.solver is not None     # load_rules builds the games with a solver only
    package = game.solver.package
    if entry is None:
        entry = tomllib.loads(read_data(package, "stud.toml"))
    pays = entry["bet_pays"]
    if "pays" in pays:               # a game file's pays, inline
        pays = pays["pays"]
    elif "from" in pays:
        pays = tomllib.loads(read_data(package, pays["from"]))["pays"]
    else:
        pays = {key: value for key, value in pays.items() if key in CLASSES}
    table = {name: Pay.parse(text).net for name, text in pays.items()}
    rules = StudRules(game, entry, table, variant)
    registry = rules.interpretations
    instant = entry.get("instant")
    if instant is not None:
        check_values(registry[instant["interpretation"]], InstantReading)
    ante = entry["ante_not_qualified"].get("interpretation")
    if ante is not None:
        check_values(registry[ante], AnteReading)
    force = entry.get("force")
    if force is not None:
        check_force(force, registry)
    return rules


def _unpickled(game_id: str, entry: dict[str, Any], bet_table: dict[str, Fraction],
               variant: Any) -> StudRules:
    """The :class:`StudRules` a pickle names (:meth:`StudRules.__reduce__`)."""
    game = next(game for game in games() if game.id == game_id)
    return StudRules(game, entry, bet_table, variant)


def check_values(interp: "Interpretation", enum: type[StrEnum]) -> None:
    """A ValueError unless the data's values of ``interp`` are exactly those the engine knows."""
    code, data = sorted(member.value for member in enum), sorted(interp.values)
    if code != data:
        raise ValueError(f"interpretation {interp.id}: the stud engine knows values "
                         f"{', '.join(code)}, the data {', '.join(data)}")


def check_force(force: dict[str, Any], registry: "dict[str, Interpretation]") -> None:
    """A ValueError unless the ``[force]`` entry names a :class:`ForceCard` for each reading of
    its interpretation (``[force.values]``), or one alone (``replace``).

    >>> check_force({"interpretation": "L10", "replace": "middle"}, {})
    Traceback (most recent call last):
    ...
    ValueError: [force] replaces middle: the stud engine knows highest, lowest
    """
    known = {member.value for member in ForceCard}
    if "values" in force:
        readings = sorted(registry[force["interpretation"]].values)
        if sorted(force["values"]) != readings:
            raise ValueError(f"[force.values] names the readings {', '.join(sorted(force['values']))}, "
                             f"interpretation {force['interpretation']} has {', '.join(readings)}")
        cards = set(force["values"].values())
    else:
        cards = {force.get("replace")}
    if not cards <= known:
        raise ValueError(f"[force] replaces {', '.join(map(str, sorted(cards - known, key=str)))}: "
                         f"the stud engine knows {', '.join(sorted(known))}")


def bet_pay(rules: Rules, cards: Sequence[int]) -> Fraction:
    """Net pay to 1 of a winning Bet for the player's final cards (5 or 6).

    >>> from combin.core.cards import parse_cards
    >>> from combin.caribbean import GAME as CARIBBEAN
    >>> bet_pay(load_rules(CARIBBEAN.id).resolve(), parse_cards("As Ks Qs Js Ts"))
    Fraction(100, 1)
    """
    l11 = rules.second_combination
    if l11 is not None:
        assert rules.stud.second_pays is not None      # a second combination is read by the game
        _, pays = rules.stud.second_pays([(card >> 2, card & 3) for card in cards], l11, rules.bet_table)
        return Fraction(pays)
    return rules.bet_table.get(value_class(best_value(cards)), Fraction(0))


def instant_pay(rules: Rules, first_five: Iterable[int]) -> Fraction | None:
    """The instant payout (net, per Ante) of the first five cards, or ``None``.

    >>> from combin.core.cards import parse_cards
    >>> from combin.lunar import GAME as LUNAR
    >>> instant_pay(load_rules(LUNAR.id).resolve("B"), parse_cards("As Ks Qs Js Ts"))
    Fraction(1000, 1)
    """
    if rules.instant is None:
        return None
    name = value_class(hand_value(first_five))
    for event, pay in rules.instant.lines:
        if event == name:
            return pay.net
    return None


def highest_card(dealer: Iterable[int]) -> int:
    """The dealer's highest card, ace high (a non-qualifying hand has no pair: it is unique).

    >>> from combin.core.cards import format_card, parse_cards
    >>> format_card(highest_card(parse_cards("Qc Jd 4h 3s 2c")))
    'Qc'
    """
    return max(dealer, key=lambda card: card >> 2)


def replaced_card(dealer: Iterable[int], which: ForceCard) -> int:
    """The card of a non-qualifying ``dealer`` that forcing replaces (L10, ``which``): its highest
    or its lowest, ace high (five distinct ranks: either is unique).

    >>> from combin.core.cards import format_card, parse_cards
    >>> dealer = parse_cards("Ac Jd 4h 3s 2c")
    >>> format_card(replaced_card(dealer, ForceCard.HIGHEST)), format_card(replaced_card(dealer, ForceCard.LOWEST))
    ('Ac', '2c')
    """
    return _PICK[which](dealer, key=lambda card: card >> 2)


#: How each :class:`ForceCard` is picked among the dealer's cards by rank.
_PICK = {ForceCard.HIGHEST: max, ForceCard.LOWEST: min}


def _showdown(rules: Rules, player: list[int], dealer_value: int) -> Fraction:
    player_value = best_value(player)
    if player_value > dealer_value:
        return rules.ante_win + rules.bet * bet_pay(rules, player)
    if player_value == dealer_value:
        return Fraction(0)
    return Fraction(-1 - rules.bet)


def settle(rules: Rules, player: Iterable[int], dealer: Iterable[int], decision: str,
           replacement: int | None = None, drew: bool = False,
           first_five: Iterable[int] | None = None) -> Fraction:
    """Net result in Ante units of one finished round.

    ``player``: the final 5 or 6 cards; ``dealer``: five cards; ``decision``:
    ``fold``, ``play`` (the Ante pay if the dealer does not qualify) or
    ``force`` (L10: with ``replacement``, the card that replaces the dealer's
    highest, or lowest: :attr:`Rules.force_replaces`).  ``drew`` charges the draw fee.  Under
    L9=first-five the Ante pay of a non-qualifying dealer reads ``first_five``.  An instant payout on
    ``first_five`` (default: the player's five) settles the round under
    L7=ends-round; under L7=continue the instant payout is the separate
    ``lunar.instant`` figure and this settles the main game only.

    >>> from combin.core.cards import parse_cards
    >>> from combin.caribbean import GAME as CARIBBEAN
    >>> rules = load_rules(CARIBBEAN.id).resolve()
    >>> settle(rules, parse_cards("As Ks Qs Js Ts"), parse_cards("Ac Kd 7h 5s 2d"), "play")  # 1 + 2 x 100
    Fraction(201, 1)
    """
    player, dealer = list(player), list(dealer)
    if len(set(player) | set(dealer) | ({replacement} - {None})) != len(player) + len(dealer) + (replacement is not None):
        raise CombinError(f"a card is dealt twice: {format_cards(player)} / {format_cards(dealer)}")
    fee = Fraction(0)
    if drew:
        if rules.draw_fee is None:
            raise CombinError(f"{rules.stud.title} has no draws")
        fee = rules.draw_fee
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
        if rules.ante_reads_first_five:
            if five is None:
                raise CombinError("the Ante pay reads the first five cards (L9=first-five): give them")
            return rules.ante_not_qualified(hand_value(five)) - fee
        return rules.ante_not_qualified(best_value(player)) - fee
    if decision != "force":
        raise CombinError(f"unknown decision '{decision}' (decisions: {', '.join(DECISIONS)})")
    force_fee, which = rules.force_fee, rules.force_replaces
    if force_fee is None or which is None:
        raise CombinError(f"{rules.stud.title} has no force option")
    if qualifies:
        raise CombinError("a qualifying dealer cannot be forced")
    if replacement is None:
        raise CombinError("forcing needs the replacement card")
    gone = replaced_card(dealer, which)
    forced = [card for card in dealer if card != gone] + [replacement]
    forced_value = hand_value(forced)
    result = -force_fee - fee
    if forced_value >= QUALIFY:
        result += _showdown(rules, player, forced_value)
    return result
