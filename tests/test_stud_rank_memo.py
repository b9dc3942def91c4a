"""combin.stud.draw.rank.memo: the forcing sums kept for a rank group change no figure.

The situations of one rank group (one rank multiset of the five, one up rank) are priced one after
another, as a run prices them, so the later ones read the forcing sums the earlier ones kept.  Every
option's exact value must be the card-by-card engine's (:class:`combin.stud.reference.cards.engine.Engine`,
which keeps nothing between situations), and every record -- values, best option, outcomes -- the one
the rank engine gives with nothing kept.
"""

from collections import defaultdict

import numpy as np
import pytest

from combin.stud.core.classes import situations
from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from combin.stud.core.situation import Situation
from combin.stud.draw.rank import engine as rank_engine
from combin.stud.draw.rank.engine import RankEngine, memo_bits
from combin.stud.draw.rank.memo import CASE_TWO, FORCING, find, keep, new_memo
from combin.stud.reference.cards.advise import price
from combin.stud.reference.cards.engine import Engine

RULES = load_rules("lunar").resolve()
LOWEST = load_rules("lunar").resolve(interpret={"L10": "replace-lowest-once"})


def _group(deck_text, ranks, up_rank):
    """The classes ``(five, up)`` of one rank group of the deck, in class order."""
    deck = Deck.parse(deck_text)
    _, hands, ups, _ = situations(deck)
    found = [(tuple(int(c) for c in hands[i]), int(ups[i])) for i in range(len(ups))
             if tuple(sorted(int(c) >> 2 for c in hands[i])) == ranks and int(ups[i]) >> 2 == up_rank]
    return deck, found


def _records(deck, classes, rules):
    rank_engine.shared_capacity(16)
    return [RankEngine(Situation(five, up, deck), rules).record(everything=True) for five, up in classes]


def test_a_key_is_found_only_as_kept():
    memo = new_memo(6)
    slots = {}
    for what in (FORCING, CASE_TWO):
        for level in range(20):
            slot = find(memo, what, level, 7, 0b1011, 9, 86, 38, 3)
            assert slot < 0
            keep(memo, slot, np.array([what, level, 0, 0, 0, 0], np.int64))
    for what in (FORCING, CASE_TWO):
        for level in range(20):
            slot = find(memo, what, level, 7, 0b1011, 9, 86, 38, 3)
            slots[(what, level)] = slot
            assert memo.values[slot].tolist() == [what, level, 0, 0, 0, 0]
    assert len(set(slots.values())) == 40 and int(memo.fill[0]) == 40
    assert find(memo, FORCING, 3, 7, 0b1010, 9, 86, 38, 3) < 0        # another free mask
    full = new_memo(2)                                                 # 4 slots: 3 kept at most
    for level in range(5):
        keep(full, find(full, FORCING, level, 0, 0, 0, 0, 0, 0), np.full(6, level, np.int64))
    assert int(full.fill[0]) == 3 and find(full, FORCING, 4, 0, 0, 0, 0, 0, 0) < 0


# rank groups whose players force: trips and full houses kept, ace-king and high cards exchanged
# (each fills its memo: 24,500 to 98,304 of 131,072 slots), each with the readings make slow runs
# it under: the 30-card group repeats the 24-card high cards' check on a larger deck (half a
# CPU-minute for both readings), and the 24-card high cards under L10=replace-lowest-once repeat
# the lowest card replaced that the other 24-card groups hold (7 s)
GROUPS = [("9TJQKA", (7, 7, 7, 10, 12), 9, ()), ("9TJQKA", (8, 9, 10, 11, 12), 7, ()),
          ("9TJQKA", (7, 8, 9, 11, 12), 10, ("lowest",)),
          ("789TJQKA", (5, 6, 9, 11, 12), 10, ("highest", "lowest"))]

CASES = [pytest.param(deck_text, ranks, up_rank, rules, id=f"{deck_text}-ranks{g}-{name}",
                      marks=[pytest.mark.slow] if name in slow else [])
         for name, rules in (("highest", RULES), ("lowest", LOWEST))
         for g, (deck_text, ranks, up_rank, slow) in enumerate(GROUPS)]


@pytest.mark.parametrize("deck_text, ranks, up_rank, rules", CASES)
def test_a_rank_group_priced_in_turn_keeps_every_record(deck_text, ranks, up_rank, rules):
    deck, classes = _group(deck_text, ranks, up_rank)
    assert len(classes) >= 4
    previous = memo_bits(0)
    try:
        alone = _records(deck, classes, rules)
    finally:
        memo_bits(previous)
    assert _records(deck, classes, rules) == alone


@pytest.mark.parametrize("rules", [RULES, LOWEST], ids=["highest", "lowest"])
def test_a_rank_group_priced_in_turn_equals_the_card_engine(rules):
    """Every class of the group priced in turn by the rank engine; the last three (which read the
    sums the others kept) option by option against the card engine."""
    deck, classes = _group("9TJQKA", (7, 7, 7, 10, 12), 9)
    rank_engine.shared_capacity(16)
    found = [RankEngine(Situation(five, up, deck), rules).values() for five, up in classes]
    for (five, up), fast in list(zip(classes, found))[-3:]:
        engine = Engine(Situation(five, up, deck), rules)
        for key, value in fast.items():
            assert price(engine, list(five), *key) == value, (five, up, key)


def test_the_full_deck_rank_group_of_a_committed_shard():
    """Every class of one full-deck rank group, in a run's order, with the sums kept: the same
    records as with nothing kept (the committed shards are compared whole by the audit)."""
    deck = Deck.parse(None)
    by_group = defaultdict(list)
    _, hands, ups, _ = situations(deck)
    for i in range(2_000_000, 2_004_000):
        five = tuple(int(c) for c in hands[i])
        by_group[(tuple(sorted(c >> 2 for c in five)), int(ups[i]) >> 2)].append((five, int(ups[i])))
    classes = max(by_group.values(), key=len)[:12]
    previous = memo_bits(0)
    try:
        alone = [RankEngine(Situation(five, up, deck), RULES).record() for five, up in classes]
    finally:
        memo_bits(previous)
    rank_engine.shared_capacity(16)
    assert [RankEngine(Situation(five, up, deck), RULES).record() for five, up in classes] == alone
