"""Whole rounds of Lunar Poker dealt card by card and played by the committed optimal strategy.

The second check of the exact whole game that shares nothing with its sums:
:func:`simulate` deals seeded rounds from a shuffled deck in the order of the
table -- the player's five, the dealer's five (the first face up), the cards
drawn, the replacement when forcing -- plays the first decision from the
strategy of the exact run (the optimal option of the situation's class, read
from the run's shards by :class:`StoredStrategy` and mapped back to the
hand's own cards), takes the later decisions as a player would, priced for
the cards in front of the player (after a draw: play when playing is worth
at least folding, by :func:`~combin.stud.draw.rank.engine.play_after_draw`;
facing a dealer who does not qualify: force when the average over the
cards still unseen beats the Ante pay), and settles each round with
:func:`combin.stud.core.rules.settle`, card by card.  The sums of the nets
and of their powers are exact; the 99% interval of the mean is the only
decimal, and the exact figure of the run must lie inside it.

With ``side`` (:func:`combin.stud.game.round.side_wager`: Lunar Poker's
mandatory Super on the player's own hand) each round also carries
``multiple`` units of the side wager per Ante, settled on the player's five
as dealt (an instant payout included: it ends the game, not the Super's
settlement): the rounds as dealt, the second method of the round's exact
mean and SD (:func:`combin.stud.game.sheet.round_section`).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, Callable

from combin.errors import CombinError
from combin.stud.draw.options import option_keys
from combin.stud.game.spec import RunSpec
from combin.stud.reference.playout import RoundsResult

__all__ = ["StoredStrategy", "simulate", "force_beats_take"]


class StoredStrategy:
    """The optimal option of every situation class, from the shards of an exact run.

    Every shard must be in (the class list of the deck is read once, its
    canonical hands and up cards numbered as the shards number them);
    :meth:`option` answers a situation with the option key in the hand's own
    positions, ``("instant", ())`` for an instant payout.
    """

    def __init__(self, deck: Any, rules: Any, folder: Any):
        import numpy as np
        from pathlib import Path
        from combin.stud.core.classes import situations
        from combin.stud.core.values import hand_table
        from combin.stud.game.shards import load_shard, require_plan
        spec = RunSpec.of(deck, rules)
        where = Path(folder)
        shards = require_plan(where, spec)
        codes = bytearray()
        for shard in shards:
            found = load_shard(where, spec, shard)
            if found is None:
                raise CombinError(f"{str(folder)[:100]}: shard {shard.index} is not in; the simulation plays the "
                                  "whole strategy")
            codes += found["codes"]
        rows, _, ups, _ = situations(deck)
        if len(rows) != len(codes):
            raise CombinError(f"{str(folder)[:100]}: the shards hold {len(codes):,} classes, the deck {len(rows):,}")
        self.deck, self.rules, self.keys = deck, rules, option_keys(rules)
        self.codes = bytes(codes)
        self.table = hand_table(deck)
        self._key = rows.astype(np.int64) * 64 + ups.astype(np.int64)        # sorted: rows, then up cards
        if (np.diff(self._key) <= 0).any():
            raise AssertionError("the classes are not in the order of their rows and up cards")

    def option(self, hand: list[Any], up: int) -> tuple[Any, ...]:
        """The optimal option of the situation, in the hand's own positions."""
        import numpy as np
        from combin.stud.core.classes import relabelling_of
        row, canonical_up, perm = relabelling_of(self.deck, hand, up)
        at = int(np.searchsorted(self._key, row * 64 + canonical_up))
        code = self.codes[at]
        if code == 255:
            return ("instant", ())
        kind, positions = self.keys[code]
        canonical = [int(c) for c in self.table.hands[row]]
        chosen = {canonical[p] for p in positions}
        return (kind, tuple(i for i, card in enumerate(hand) if (card & ~3) | perm[card & 3] in chosen))


def force_beats_take(rules: Any, final: list[Any], dealer: list[Any], drew: bool, first: list[Any],
                     left: list[Any]) -> bool:
    """Whether forcing a dealer who does not qualify is worth more than taking the Ante pay: the
    average of the forced round's net over the ``left`` cards the replacement can be, against the
    net of taking the pay (a tie takes the pay), each settled card by card."""
    from combin.stud.core.rules import settle
    take = settle(rules, final, dealer, "play", drew=drew, first_five=first)
    force = sum((settle(rules, final, dealer, "force", card, drew, first) for card in left), Fraction(0))
    return force > take * len(left)


def simulate(deck: Any, rules: Any, strategy: StoredStrategy, rounds: int, seed: int,
             progress: Callable[[int, int], None] | None = None, side: Any = None,
             multiple: Fraction = Fraction(1)) -> tuple[Any, dict[str, int]]:
    """``(RoundsResult, counts)``: ``rounds`` seeded rounds played by ``strategy``; ``counts`` tells
    how often each first decision was taken and how often the player folded after a draw and
    forced the dealer (and, with ``side``, how many rounds as dealt won: ``"round won"``)."""
    from combin.stud.core.rules import instant_pay, settle
    from combin.stud.core.values import QUALIFY, hand_value
    from combin.stud.draw.rank.engine import play_after_draw
    rng = random.Random(f"combin.simulate/{seed}")
    total = squares = cubes = fourths = Fraction(0)
    counts: dict[str, int] = {}
    buy = rules.buy
    pays = side.pays() if side is not None else {}
    for done in range(1, rounds + 1):
        cards = list(deck.cards)
        rng.shuffle(cards)
        hand, dealer, stub = cards[:5], cards[5:10], cards[10:]     # the table's order of dealing
        up = dealer[0]
        kind, positions = strategy.option(hand, up)
        counts[kind] = counts.get(kind, 0) + 1
        if kind == "instant":
            net = settle(rules, hand, dealer, "fold")               # the instant payout settles it
        elif kind == "fold":
            net = settle(rules, hand, dealer, "fold")
        else:
            size = 0 if kind == "play" else (buy if kind == "buy" else len(positions))
            kept = [c for i, c in enumerate(hand) if i not in positions]
            drawn, left = stub[:size], stub[size:]
            final = kept + drawn
            drew = size > 0
            plays = True
            if drew:
                # the dealer's hidden cards and the stub are what the player has not seen
                plays, _ = play_after_draw(rules, deck, kept, drawn, up, dealer[1:] + left, dealt=hand)
            if not plays:
                counts["fold after the draw"] = counts.get("fold after the draw", 0) + 1
                net = settle(rules, final, dealer, "fold", drew=drew, first_five=hand)
            else:
                decision, replacement = "play", None
                if rules.force_fee is not None and hand_value(dealer) < QUALIFY and \
                        force_beats_take(rules, final, dealer, drew, hand, left):
                    decision, replacement = "force", left[0]
                    counts["forced"] = counts.get("forced", 0) + 1
                net = settle(rules, final, dealer, decision, replacement, drew, hand)
        if not rules.instant_ends_round:
            net += instant_pay(rules, hand) or 0                    # L7=continue: paid beside the game
        if side is not None:        # the side wager reads the five as dealt, whatever the game did
            net += multiple * pays[side.key(hand)]
            counts["round won"] = counts.get("round won", 0) + (net > 0)
        total += net
        squares += net * net
        cubes += net ** 3
        fourths += net ** 4
        if progress is not None and (done % 1000 == 0 or done == rounds):
            progress(done, rounds)
    return RoundsResult(rounds, total, squares, cubes, fourths), dict(sorted(counts.items()))
