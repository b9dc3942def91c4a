"""The exhaustive Bet count of combin.lunar.bet_exhaustive (interpretation L11).

Three methods meet here: the vectorized evaluator under test, the closed
form of :mod:`combin.lunar.bet`, and a plain-Python transcription of the rule
written below (every subset of the hand, every pair of combinations).  The
evaluator is checked against the transcription hand by hand (hypothesis, and
every hand of two small sub-decks rich in flushes, straights and quads),
against the closed form over every five-card hand (and, marked slow, every
six-card hand), and against the published five-card class counts.
"""

import io
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from combin.running.progress import StderrProgress
from combin.errors import CombinError
from combin.lunar.bet import bet_distribution, bet_pays
from combin.lunar.bet_exhaustive import (
    RULES, bet_distribution_exhaustive, bet_distributions_exhaustive, bet_hands,
)
from combin.core.cards import ACE, CLASSES, KING, TEN, parse_cards
from combin.lunar.classes import class_counts

from published import FIVE_CARD as PUBLISHED_FIVE
from published import FIVE_CARD_ACE_KING as PUBLISHED_ACE_KING
from published import FIVE_CARD_HIGH_CARD_WITH_ACE_KING as PUBLISHED_HIGH_CARD

PAYS = {name: pay.net for name, pay in bet_pays()[0].items()}


# -- the rule, transcribed literally -----------------------------------------

def reference_class(cards):
    """The class a set of 2 to 5 cards forms as a core, or None."""
    ranks = sorted(c // 4 for c in cards)
    shape = sorted(Counter(ranks).values())
    if len(cards) == 2:
        if shape == [2]:
            return "one_pair"
        return "ace_king" if set(ranks) == {ACE, KING} else None
    if len(cards) == 3:
        return "three_of_a_kind" if shape == [3] else None
    if len(cards) == 4:
        return {(4,): "four_of_a_kind", (2, 2): "two_pair"}.get(tuple(shape))
    if shape == [2, 3]:
        return "full_house"
    if len(set(ranks)) < 5:
        return None
    suited = len({c % 4 for c in cards}) == 1
    sequence = ranks[4] - ranks[0] == 4 or set(ranks) == {ACE, 0, 1, 2, 3}
    if sequence and suited:
        return "royal_flush" if ranks[0] == TEN else "straight_flush"
    if suited:
        return "flush"
    return "straight" if sequence else None


def reference_bet(hand, rule="best-pair"):
    """``(best class or None, pay)`` of one hand, by listing every combination."""
    found = [(name, frozenset(core))
             for size in range(2, 6) for core in combinations(hand, size)
             if (name := reference_class(core)) is not None]
    if not found:
        return (None, Fraction(0))
    best = min((name for name, _ in found), key=CLASSES.index)
    if rule == "first-only":
        return (best, PAYS[best])
    paid = max(
        PAYS[best] + max([Fraction(0)] + [PAYS[y] for y, y_core in found if y_core - x_core])
        for x, x_core in found if x == best)
    return (best, paid)


def hands_of(text):
    return [parse_cards(text)]


# -- explicit hands ------------------------------------------------------------

@pytest.mark.parametrize("text, best, paid", [
    ("Kc Qd Jh Ts 9c 9d", "straight", 8),          # two straights, one per nine
    ("Ac Ad Kh 5s 2c", "one_pair", 2),             # the king lies outside the pair
    ("Kc Kd Kh Qs Qc Qd", "full_house", 14),       # KKK+QQ and QQQ+KK
    ("Ac Ad Ah Ks Kc", "full_house", 7),           # nothing outside a five-card core
    ("Ac Kd 7h 9s Jc", "ace_king", 1),
    ("2c 5d 7h 9s Jc", None, 0),
    ("Ah Kh Qh Jh Th", "royal_flush", 100),
    ("Kc Kd Kh Ks Ac", "four_of_a_kind", 21),      # quads and an ace-king
    ("Kc Kd Qh Qs Ac", "two_pair", 3),             # the ace is outside the two pair
    ("Kc Kd Qh Qs 5c", "two_pair", 2),             # every pair lies inside the two pair
    ("Kc Kd Kh Qs Qc 5d", "full_house", 7),        # only the five is outside KKKQQ
    ("Ac 2d 3h 4s 5c 6d", "straight", 8),          # the wheel and six-high
    ("Kc Kd Qh Qs 5c 5d", "two_pair", 4),          # three pairs: two pair twice
    ("Kc Kd Kh Ks Qc Qd", "four_of_a_kind", 27),   # quads, then KKK+QQ around the queens
    ("9h Th Jh Qh Kh Ah", "royal_flush", 150),     # royal, then 9-K straight flush
    ("Ah Kh Qh Jh Th 2h", "royal_flush", 105),     # royal, then a flush with the deuce
    ("Ah Kh Qh Jh Th Ac", "royal_flush", 104),     # royal, then a straight with Ac
    ("2h 5h 7h 9h Jh 9s", "flush", 6),             # flush, then the nines
])
def test_explicit_hands(text, best, paid):
    assert bet_hands(hands_of(text)) == [(best, Fraction(paid))]
    assert reference_bet(parse_cards(text)) == (best, Fraction(paid))
    first = (best, PAYS[best] if best else Fraction(0))
    assert bet_hands(hands_of(text), "first-only") == [first]


def test_row_order_and_several_rows():
    rows = [parse_cards("9d 9c Ts Jh Qd Kc"), parse_cards("Qd Qc Qs Kc Kd Kh")]
    assert bet_hands(rows) == [("straight", 8), ("full_house", 14)]


# -- against the literal rule, hand by hand ----------------------------------

# Small sub-decks where flushes, straights, quads and full houses are common.
SUB_DECKS = (
    parse_cards("9h Th Jh Qh Kh Ah 7h 9s Ks Kc Kd Ac Qc"),
    parse_cards("Ac 2c 3c 4c 5c 6c Ad 2d 5s 5h 5d Kc Kh"),
)


@pytest.mark.parametrize("deck", SUB_DECKS, ids=["high", "wheel"])
@pytest.mark.parametrize("size", [5, 6])
def test_every_hand_of_a_sub_deck_matches_the_literal_rule(deck, size):
    hands = [list(h) for h in combinations(deck, size)]
    for rule in RULES:
        assert bet_hands(hands, rule) == [reference_bet(h, rule) for h in hands]


@st.composite
def hands(draw):
    deck = draw(st.sampled_from((tuple(range(52)),) + tuple(map(tuple, SUB_DECKS))
                                + (tuple(range(32, 52)),)))    # tens to aces
    size = draw(st.sampled_from([5, 6]))
    return draw(st.lists(st.sampled_from(deck), min_size=size, max_size=size, unique=True))


@settings(max_examples=400, deadline=None)
@given(hands(), st.sampled_from(RULES))
def test_random_hands_match_the_literal_rule(hand, rule):
    assert bet_hands([hand], rule) == [reference_bet(hand, rule)]


# -- whole distributions -----------------------------------------------------

@pytest.fixture(scope="module")
def five_card():
    return {rule: bet_distribution_exhaustive(5, rule) for rule in RULES}


@pytest.mark.parametrize("rule", RULES)
def test_five_cards_agree_with_the_closed_form(five_card, rule):
    assert five_card[rule] == bet_distribution(5, rule)


def marginal(distribution):
    totals = Counter()
    for (best, _), count in distribution.items():
        totals[best] += count
    return totals


@pytest.mark.parametrize("rule", RULES)
def test_five_card_classes_are_the_published_counts(five_card, rule):
    totals = marginal(five_card[rule])
    assert sum(totals.values()) == comb(52, 5)
    for name, count in PUBLISHED_FIVE.items():
        assert totals[name] == count
    assert totals["ace_king"] == PUBLISHED_ACE_KING
    assert totals[None] == PUBLISHED_HIGH_CARD - PUBLISHED_ACE_KING
    assert "high_card" not in totals


@pytest.mark.parametrize("rule", RULES)
def test_counts_are_python_ints_and_pays_fractions(five_card, rule):
    for (best, paid), count in five_card[rule].items():
        assert type(count) is int and count > 0
        assert isinstance(paid, Fraction)
        assert best is None or best in CLASSES


def test_first_only_pays_the_class_pay(five_card):
    for best, paid in five_card["first-only"]:
        assert paid == (PAYS[best] if best else 0)


def test_best_pair_adds_a_second_pay_or_nothing(five_card):
    second_pays = {Fraction(0)} | set(PAYS.values())
    for best, paid in five_card["best-pair"]:
        if best is None:
            assert paid == 0
        else:
            assert paid - PAYS[best] in second_pays
    # The rule changes what a hand pays, never its best class.
    assert marginal(five_card["best-pair"]) == marginal(five_card["first-only"])


def test_one_sweep_gives_each_reading_its_own_sweep(five_card):
    """The audit's sweep (both readings from the best-pair keys) equals a sweep per reading."""
    swept = bet_distributions_exhaustive(5)
    assert sorted(swept) == sorted(RULES) and all(swept[rule] == five_card[rule] for rule in RULES)


@pytest.mark.slow
@pytest.mark.parametrize("rule", RULES)
def test_six_cards_agree_with_the_closed_form(rule):
    counts = bet_distribution_exhaustive(6, rule)
    assert counts == bet_distribution(6, rule)
    expected = class_counts(6)
    expected[None] = expected.pop("high_card")
    assert marginal(counts) == expected


# -- errors and progress -----------------------------------------------------

@pytest.mark.parametrize("cards", [4, 7, True, "5", 5.0])
def test_other_hand_sizes_are_refused(cards):
    with pytest.raises(CombinError):
        bet_distribution_exhaustive(cards)


def test_unknown_rule_is_refused():
    with pytest.raises(CombinError):
        bet_distribution_exhaustive(5, "both-pairs")
    with pytest.raises(CombinError):
        bet_hands(hands_of("Ac Kd 7h 9s Jc"), "both-pairs")


@pytest.mark.parametrize("rows", [
    [[0, 1, 2, 3]],                 # four cards
    [[0, 1, 2, 3, 4, 5, 6]],        # seven cards
    [[0, 1, 2, 3, 3]],              # a card twice
    [[0, 1, 2, 3, 52]],             # not a card
    [0, 1, 2, 3, 4],                # not rows
    [[0, 1, 2, 3, 4.5]],            # not card ids
])
def test_bad_hands_are_refused(rows):
    with pytest.raises(CombinError):
        bet_hands(rows)


def test_progress_reaches_the_total_and_closes():
    calls = []

    class Recorder:
        closed = 0

        def __call__(self, done, total):
            calls.append((done, total))

        def close(self):
            Recorder.closed += 1

    bet_distribution_exhaustive(5, "first-only", progress=Recorder())
    assert calls[-1] == (comb(52, 5), comb(52, 5))
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)
    assert Recorder.closed == 1


def test_interrupt_propagates_and_closes_the_progress_line():
    stream = io.StringIO()
    progress = StderrProgress("bet", stream)

    def interrupt(done, total):
        progress(done, total)
        raise KeyboardInterrupt
    interrupt.close = progress.close

    with pytest.raises(KeyboardInterrupt):
        bet_distribution_exhaustive(5, progress=interrupt)
    assert stream.getvalue().startswith("bet:") and stream.getvalue().endswith("\n")
    assert "\r" not in stream.getvalue()          # a log gets lines, never carriage returns
