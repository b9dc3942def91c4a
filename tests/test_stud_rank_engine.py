"""combin.stud.draw.rank: the rank engine against the card-by-card engine, option by option.

The rank engine sums draws by class and dealer hands by rank multiset; the
card engine (:class:`combin.stud.reference.cards.engine.Engine`, itself checked against
the numpy reference and the game-tree oracle) lists every draw and every
dealer hand.  Every option's exact value, and the best option's whole
distribution (counts, nets and squared nets of every result), must be the
same integers.  The bounds the pruning reads must hold (never below the exact
value), and the options left unpriced must lie below the runner-up.
"""

import random

import pytest
from hypothesis import given, settings, strategies as st

from combin.core.cards import parse_cards
from combin.stud.core.deck import Deck
from combin.stud.core.rules import bet_pay, load_rules
from combin.stud.core.situation import Situation
from combin.stud.core.values import best_value, hand_value, value_class
from combin.stud.reference.cards.advise import option_sums_of, distribution, price
from combin.stud.reference.cards.engine import Engine
from combin.stud.draw.rank.engine import RankEngine, six_card
from combin.stud.draw.rank.tables import build

RULES = load_rules("lunar").resolve()
LOWEST = load_rules("lunar").resolve(interpret={"L10": "replace-lowest-once"})


def _instant(cards):
    return value_class(hand_value(list(cards)[:5])) in ("royal_flush", "straight_flush")


@st.composite
def situations(draw, decks=("JQKA", "TJQKA", "9TJQKA", "789TJQKA")):
    deck = Deck.parse(draw(st.sampled_from(decks)))
    cards = draw(st.permutations(list(deck.cards)))[:6]
    return Situation(tuple(cards[:5]), cards[5], deck)


@st.composite
def terms(draw):
    return load_rules("lunar").resolve(
        draw(st.sampled_from(["A", "B", "C"])),
        {"L8": draw(st.sampled_from(["push", "even-money"])),
         "L10": draw(st.sampled_from(["replace-highest-once", "replace-lowest-once"])),
         "L11": draw(st.sampled_from(["best-pair", "first-only"]))})


def assert_every_option_equal(situation, rules):
    fast = RankEngine(situation, rules).values()
    engine = Engine(situation, rules)
    player = list(situation.player)
    for key, value in fast.items():
        assert price(engine, player, *key) == value, key


@settings(max_examples=25, deadline=None)
@given(situations(), terms())
def test_every_option_equals_the_card_engine_on_reduced_decks(situation, rules):
    if not _instant(situation.player):
        assert_every_option_equal(situation, rules)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_option_equals_the_card_engine_on_the_full_deck(seed):
    deck = Deck.parse(None)
    cards = random.Random(seed).sample(deck.cards, 6)
    situation = Situation(tuple(cards[:5]), cards[5], deck)
    assert_every_option_equal(situation, RULES)


# forcing in every case the kernel tells apart: a full house and quads (every out but a straight
# flush loses to them), trips with an ace and a king (pairs lose), flush draws kept, a wheel up card,
# and up cards high and low (the dealer's four left suited with the up card, or without it)
FORCING = [("AS AD 9H 9C 9D", "QS", "9TJQKA"), ("KS KD KH TC TD", "9S", "9TJQKA"),
           ("9S 9D 9H KC AD", "8S", "789TJQKA"), ("7S 8S 9S TS 2D", "AS", None),
           ("5H 5D 5C 5S KD", "AH", None), ("2S 3S 4S QD QH", "5S", None),
           ("JH JD 4C 4S 4H", "TC", None), ("AS 2S 3H 8D 9C", "KS", None)]


# with the lowest card replaced (L10=replace-lowest-once) an ace or a king kept requalifies on the
# other as ace-king: decks with ranks below the nine give such dealers (8 9 J Q A less the 8, and K
# high ones), the four kept suited with the up card (case (i)) or the up card the lowest (case (ii))
FORCING_LOWEST = FORCING + [("9S 9D 9H KC AD", "8S", "6789TJQKA"), ("AS AD AH 7C 8D", "QS", "789TJQKA"),
                            ("JS JD 7H 7C 8D", "AS", "789TJQKA"), ("8H AS TH JC 9C", "TD", "6789TJQKA"),
                            ("TS JH 7H 7D 9C", "6C", "56789TJQKA"), ("KS KD KH 2C 3D", "4S", None),
                            ("QC QD QH 2S 3S", "AS", None), ("7S 7D 7H 7C 2D", "3H", None)]


@pytest.mark.parametrize("rules", [RULES, LOWEST], ids=["highest", "lowest"])
@pytest.mark.parametrize("hand, up, deck", FORCING_LOWEST)
def test_forcing_situations_equal_the_card_engine(hand, up, deck, rules):
    situation = Situation.parse(hand, up, deck)
    engine = Engine(situation, rules)
    fast = RankEngine(situation, rules)
    player = list(situation.player)
    keys = [key for key in fast.keys if key[0] in ("play", "buy") or len(key[1]) <= (5 if deck else 3)]
    for key in keys:
        assert fast.exact_value(key) == price(engine, player, *key), key


@settings(max_examples=15, deadline=None)
@given(situations(("9TJQKA", "789TJQKA", "6789TJQKA")), st.data())
def test_distributions_equal_the_card_engine(situation, data):
    if _instant(situation.player):
        return
    rules = data.draw(st.sampled_from([RULES, LOWEST]))
    fast = RankEngine(situation, rules)
    engine = Engine(situation, rules)
    player = list(situation.player)
    key = data.draw(st.sampled_from(fast.keys))
    expected = distribution(engine, option_sums_of(engine, player, key[0], key[1], True)[1])
    assert fast.distribution(key) == expected


@settings(max_examples=20, deadline=None)
@given(situations(("9TJQKA", "789TJQKA", "56789TJQKA")), terms())
def test_bounds_hold_and_pruning_keeps_the_best_two(situation, rules):
    if _instant(situation.player):
        return
    full = RankEngine(situation, rules).values()
    engine = RankEngine(situation, rules)
    values, bounds = engine.priced()
    for key, bound in bounds.items():
        assert bound >= full[key], key
    assert all(values[key] == full[key] for key in values)
    ranked = sorted(full.values(), reverse=True)
    exact = sorted(values.values(), reverse=True)
    assert exact[:2] == ranked[:2]
    assert all(bound < exact[1] for bound in bounds.values())
    assert set(values) | set(bounds) == set(full)


def test_a_runs_record_prices_the_best_and_proves_the_rest_below_it():
    # what a 52-card run keeps (record without everything): the best option exactly, every option
    # not priced proven below the best by its bound; the same best and outcomes as pricing all
    deck, rng = Deck.parse(None), random.Random(41)
    unpriced = 0
    for _ in range(12):
        cards = rng.sample(list(deck.cards), 6)
        situation = Situation(tuple(cards[:5]), cards[5], deck)
        if _instant(situation.player):
            continue
        full = RankEngine(situation, RULES).record(everything=True)
        engine = RankEngine(situation, RULES)
        best, numerators, results = engine.record()
        assert (best, numerators[best], results) == (full[0], full[1][best], full[2])
        _, bounds = engine.priced_scaled(runner_up=False)
        for o, value in enumerate(numerators):
            if value is None:
                unpriced += 1
                assert full[1][o] <= bounds[o] < full[1][best]
            else:
                assert value == full[1][o]
        # advice's pricing keeps the runner-up as well
        assert sorted(v for v in RankEngine(situation, RULES).priced_scaled()[0].values())[-2] == \
            sorted(full[1])[-2]
    assert unpriced > 100


def test_six_card_levels_and_wins_equal_the_rules():
    rng = random.Random(9)
    levels = build().levels
    for _ in range(400):
        cards = rng.sample(range(52), 6)
        level, win = six_card(RULES, cards)
        assert int(levels[level]) == best_value(cards)
        assert win == RULES.ante_win + RULES.bet * bet_pay(RULES, cards)
    # a memoised shape answers another hand of the same ranks and flush
    assert six_card(RULES, parse_cards("Ks Qs Js Ts 9s 9d")) == six_card(RULES, parse_cards("Kh Qh Jh Th 9h 9c"))
    assert six_card(RULES, parse_cards("Ks Qs Js Ts 9s 9d"))[1] == 2 * (50 + 4)


def test_the_advice_prices_every_option_with_all():
    situation = Situation.parse("AS KD 7H 7C 2D", "9S")
    from combin.stud.draw.advise import advise
    pruned = advise(situation, RULES, detail=False)
    full = advise(situation, RULES, detail=False, everything=True)
    assert not any(option.bound for option in full) and len(full) == len(pruned) == 29
    assert [o.ev for o in full] == sorted((o.ev for o in full), reverse=True)
    exact = [o for o in pruned if not o.bound]
    assert (exact[0].kind, exact[0].ev) == (full[0].kind, full[0].ev)
    assert exact[1].ev == full[1].ev
    by_key = {(o.kind, o.discard): o.ev for o in full}
    assert all(o.ev >= by_key[(o.kind, o.discard)] and o.ev < exact[1].ev for o in pruned if o.bound)


@pytest.mark.parametrize("text, seed", [("9TJQKA", 3), ("JQKA", 5)])
def test_every_option_priced_in_one_call_is_each_priced_alone(text, seed):
    """``priced(everything=True)`` prices every option in one compiled call (``exact_all``):
    each value and each kept distribution is what the option priced alone gives."""
    deck = Deck.parse(text)
    cards = random.Random(seed).sample(list(deck.cards), 6)
    together = RankEngine(Situation(tuple(cards[:5]), cards[5], deck), RULES)
    values, bounds = together.priced(everything=True)
    assert bounds == {} and len(values) == len(together.keys)
    for key in together.keys:
        alone = RankEngine(Situation(tuple(cards[:5]), cards[5], deck), RULES)
        assert alone.exact_value(key) == values[key], key
        assert alone.distribution(key) == together.distribution(key), key


def test_the_unseen_counts_are_the_deck_less_the_six_cards_seen_and_a_card_off_the_deck_is_refused():
    from combin.errors import CombinError
    rules = load_rules("lunar").resolve()
    deck = Deck.parse("9TJQKA")
    situation = Situation(tuple(parse_cards("As Ad Kc Qh 9s")), parse_cards("Jd")[0], deck)
    engine = RankEngine(situation, rules)
    # counted card by card from the situation's own list of unseen cards
    ranks, suits = [0] * 13, [0] * 4
    for card in situation.unseen:
        ranks[card >> 2] += 1
        suits[card & 3] |= 1 << (card >> 2)
    assert engine.a.tolist() == ranks and engine.avail.tolist() == suits and engine.n == len(situation.unseen) == 18
    assert engine.unseen.tolist() == list(situation.unseen)
    # the unseen cards given (after a draw: the discards out of play), once, as an iterator
    given = RankEngine(situation, rules, unseen=iter(reversed(situation.unseen)))
    assert (given.a.tolist(), given.avail.tolist(), given.n) == (ranks, suits, 18)
    assert given.unseen.tolist() == list(situation.unseen)
    for five, up in (("As Ad Kc Qh 2s", "Jd"), ("As Ad Kc Qh 9s", "As")):     # a 2 off the deck; a card twice
        with pytest.raises(CombinError, match="not in the deck"):
            RankEngine(Situation(tuple(parse_cards(five)), parse_cards(up)[0], deck), rules)


@pytest.mark.parametrize("text", ["AS KS QS JS 9S", "AS KS QS 2S 9D", "2C 3D 4H 5S 7C", "7H 7D 7S 2C 2H"])
def test_a_five_s_sixth_card_table_is_six_card_of_each_card_it_leaves(text):
    """The option arrays price the sixth card by its shape (its rank, and whether its suit is one the
    five hold four or five of); each card's level and win are those of its six cards read afresh
    (a flush five, a four-flush, a rainbow, a full house; L11 and the Bet read all six)."""
    import numpy as np
    from combin.core.cards import DECK
    from combin.stud.draw.rank.engine import _LAYOUTS, _layout
    rules = load_rules("lunar").resolve()
    five = tuple(parse_cards(text))
    _LAYOUTS.clear()
    options = _layout(rules, five)
    o = int(np.nonzero(options.mode == 1)[0][0])            # the sixth card's option
    for card in DECK:
        if card in five:
            assert options.six_level[o, card] == -1
            continue
        level = int(np.searchsorted(build().levels, best_value(list(five) + [card])))
        win = rules.ante_win + rules.bet * bet_pay(rules, list(five) + [card])     # whole Antes
        assert (int(options.six_level[o, card]), int(options.six_win[o, card])) == (level, win), card
