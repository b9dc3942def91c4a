"""combin.stud.draw.rank.bounds: every option's bound from its rank group's plan.

The plan sums a rank group's entries below a flush once, with every draw counted; a situation
removes the flush draws of its distinct entries and adds the entries at a flush or better.  The
second method is the sum the engine made before the plan: every entry of the situation, its
draws counted from its suits (:func:`~combin.stud.draw.rank.common.flushes`) times one draw's
bound (:func:`~combin.stud.draw.rank.bounds.entry_values`), summed per option.  The two must be
the same integers on situations whose kept cards are suited or not, with the up card's suit
among them or not, under the readings that change the entries, and on reduced decks.
"""

import random

import numpy as np
import pytest

from combin.core.cards import parse_cards
from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from combin.stud.core.situation import Situation
from combin.stud.draw.rank.bounds import entry_values
from combin.stud.draw.rank.common import flushes
from combin.stud.draw.rank.engine import RankEngine, _kernel_tables

#: Fives and up cards: suited kept cards in and out of the up card's suit, a four-flush, a pair,
#: the same ranks in other suits (one rank group: the plan is shared).
CRAFTED = [("AS KD 7H 7C 2D", "9H"), ("AH KD 7S 7C 2D", "9S"), ("AS KS 7S 7C 2D", "9H"), ("2S 5S 7S 9S JD", "KH"),
           ("2S 5S 7S 9S JD", "KS"), ("AS KS QS JS 9S", "2S"), ("TD JD QD KD AD", "3C"), ("4C 4D 4H 8S 8C", "8D")]


def _every_entry_summed(engine):
    """Per option, the sum over every entry of its draws times one draw's bound (no plan)."""
    both, suits = engine._prepared()
    options, unseen, tables = engine._arrays(), engine.unseen_record, _kernel_tables(engine.replace)
    bound = [0] * len(options.k)
    for ranks in both:                  # the options of five final cards' entries, then the sixth card's
        entries = np.arange(len(ranks.be_opt), dtype=np.int64)
        values = np.empty(len(entries), np.int64)
        entry_values(unseen, options, engine.pays, ranks, tables, int(suits.nq_sigma[tables.set_index[0]]),
                     _flush_extra(unseen), entries, values, True)
        for e in entries.tolist():
            o, kind = int(ranks.be_opt[e]), int(ranks.be_kind[e])
            if kind == 2:
                card = int(ranks.be_card[e])
                draws = (int(unseen.avail[card & 3]) >> (card >> 2)) & 1
            elif ranks.be_distinct[e]:
                found = flushes(int(tables.mmask[ranks.be_n[e]]), int(options.k[o]), int(options.suit[o]),
                                unseen.sigma, unseen.avail)
                draws = found if kind == 1 else int(ranks.be_total[e]) - found
            else:
                draws = int(ranks.be_total[e])
            if draws > 0:
                bound[o] += draws * int(values[e])
    return bound


def _flush_extra(unseen):
    """The most free cards of one suit beyond a flush's (the up card's suit holds one fewer)."""
    return max(bin(int(unseen.avail[s])).count("1") - (3 if s == unseen.sigma else 4) for s in range(4))


def _engines(deck_text, rules, count, seed):
    deck, rng = Deck.parse(deck_text), random.Random(seed)
    for _ in range(count):
        cards = rng.sample(list(deck.cards), 6)
        yield RankEngine(Situation(tuple(cards[:5]), cards[5], deck), rules)


def test_the_planned_bounds_are_every_entry_summed_on_crafted_fives():
    rules = load_rules("lunar").resolve()
    for hand, up in CRAFTED:
        engine = RankEngine(Situation(tuple(parse_cards(hand)), parse_cards(up)[0], Deck.parse(None)), rules)
        assert engine._prepared()[1].bound.tolist() == _every_entry_summed(engine), (hand, up)


@pytest.mark.parametrize("deck, interpret", [(None, {}), (None, {"L8": "even-money"}),
                                             (None, {"L10": "replace-lowest-once", "L12": "one-to-five"}),
                                             ("9TJQKA", {"L9": "first-five"}), ("JQKA", {})])
def test_the_planned_bounds_are_every_entry_summed(deck, interpret):
    rules = load_rules("lunar").resolve(interpret=interpret)
    for engine in _engines(deck, rules, 6, 21):
        assert engine._prepared()[1].bound.tolist() == _every_entry_summed(engine)


def test_one_rank_group_shares_one_plan_whatever_the_suits():
    rules, deck = load_rules("lunar").resolve(), Deck.parse(None)
    first = RankEngine(Situation(tuple(parse_cards("AS KD 7H 7C 2D")), parse_cards("9H")[0], deck), rules)
    second = RankEngine(Situation(tuple(parse_cards("AH KH 7S 7D 2H")), parse_cards("9C")[0], deck), rules)
    plans = [engine._plan(engine._arrays(), engine._prepared()[0]) for engine in (first, second)]
    assert plans[0] is plans[1]
    # the second's kept cards are suited where the first's are not: its bound is its own
    assert second._prepared()[1].bound.tolist() == _every_entry_summed(second)
    assert first._prepared()[1].bound.tolist() != second._prepared()[1].bound.tolist()
