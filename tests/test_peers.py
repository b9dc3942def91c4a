"""Class counts checked against third-party poker evaluators ("peers").

Each peer -- treys, pokerkit, phevaluator, eval7 -- evaluates the five-card
hands (dealt by :func:`itertools.combinations`, not by the project's code),
and the hands are tallied by the peer's own hand category.  Peers know nine
categories; the two Lunar Poker adds are read off the cards: a straight flush
whose lowest card is a ten is the royal flush (unless the peer names royals
itself, as treys does), and a high-card hand holding an ace and a king is
``ace_king``.  The tally must equal :func:`combin.lunar.classes.class_counts`
exactly.

treys, phevaluator and eval7 evaluate all 2,598,960 hands.  pokerkit, pure
Python and several times slower, evaluates one hand of each of the 134,459
suit-isomorphism classes, weighted by the class size.  phevaluator, the
fastest, also evaluates every seven-card hand (marked slow as well); there the
royal and the ace-king are read from its value instead, see
:func:`test_phevaluator_seven_cards`.

Peers are optional (``pip install -e '.[peers]'``, or ``make peers``): each
test is skipped when its peer is not installed, and the suite runs only with
``-m peers``.  On one core of a two-core machine each five-card test took 3 to
7 s and the seven-card pass about 40 s.
"""

from itertools import combinations, permutations, starmap
from math import comb

import numpy as np
import pytest

from combin.core.cards import ACE, CLASSES, KING, TEN, format_card
from combin.lunar.classes import class_counts

pytestmark = pytest.mark.peers

# The peers' nine categories, best first, as our class ids.
CATEGORIES = ("straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
              "three_of_a_kind", "two_pair", "one_pair", "high_card")

# The weakest five cards of each category, to find a peer's category bounds.
WEAKEST = {
    "straight_flush": "5c 4c 3c 2c Ac",
    "four_of_a_kind": "2c 2d 2h 2s 3c",
    "full_house": "2c 2d 2h 3c 3d",
    "flush": "7c 5c 4c 3c 2c",
    "straight": "5c 4d 3c 2c Ac",
    "three_of_a_kind": "2c 2d 2h 4c 3c",
    "two_pair": "3c 3d 2c 2d 4c",
    "one_pair": "2c 2d 5c 4c 3c",
    "high_card": "7c 5d 4c 3c 2c",
}
ROYAL = "Ac Kc Qc Jc Tc"
WEAKEST_ACE_KING = "Ac Kd 5c 4c 2c"

ROYAL_BIT, ACE_KING_BIT = 1, 2


@pytest.fixture(scope="module")
def five_card_hands():
    """Every five-card hand as a row of card ids, in ``combinations(range(52), 5)`` order."""
    return np.fromiter((c for hand in combinations(range(52), 5) for c in hand),
                       dtype=np.uint8, count=5 * comb(52, 5)).reshape(-1, 5)


@pytest.fixture(scope="module")
def five_card_features(five_card_hands):
    """Per five-card hand: ROYAL_BIT if its lowest card is a ten, ACE_KING_BIT if it holds both."""
    ranks = five_card_hands >> 2
    royal = ranks.min(axis=1) == TEN
    ace_king = (ranks == ACE).any(axis=1) & (ranks == KING).any(axis=1)
    return (royal * ROYAL_BIT + ace_king * ACE_KING_BIT).astype(np.int64)


@pytest.fixture(scope="module")
def suit_classes(five_card_hands):
    """``(rows, sizes)``: one hand per suit-isomorphism class and the class sizes.

    Two hands are isomorphic when renaming the suits turns one into the
    other.  A hand is a 52-bit set (bit ``rank * 4 + suit``); renaming suits
    moves bits within each rank's nibble, and the smallest of the 24 renamed
    sets names the class.  The classes partition every hand, so the sizes
    add up to ``comb(52, 5)``; there are 134,459 of them.
    """
    held = np.zeros(len(five_card_hands), dtype=np.uint64)
    for column in five_card_hands.T:
        held |= np.uint64(1) << column.astype(np.uint64)
    lane = np.uint64(sum(1 << (4 * rank) for rank in range(13)))
    by_suit = [(held >> np.uint64(suit)) & lane for suit in range(4)]
    smallest = None
    for renaming in permutations(range(4)):
        renamed = by_suit[0] << np.uint64(renaming[0])
        for suit in range(1, 4):
            renamed |= by_suit[suit] << np.uint64(renaming[suit])
        smallest = renamed if smallest is None else np.minimum(smallest, renamed)
    _, rows, sizes = np.unique(smallest, return_index=True, return_counts=True)
    assert len(rows) == 134_459 and int(sizes.sum()) == comb(52, 5)
    return rows, sizes.astype(np.int64)


def every_hand(evaluate, hands=None):
    """The peer's value of every five-card hand, or of each row of *hands*."""
    if hands is None:
        source, count = combinations(range(52), 5), comb(52, 5)
    else:
        source, count = hands.tolist(), len(hands)
    return np.fromiter(map(evaluate, source), dtype=np.int64, count=count)


def tally(values, features, category_of, sizes=None):
    """Count hands by class from per-hand peer *values* and our card *features*.

    ``category_of(value)`` names the peer's category of a value as one of
    :data:`CATEGORIES` (or ``"royal_flush"`` for a peer that names royals).
    With *sizes*, each hand stands for that many (integer weights).
    """
    keys = values * 4 + features
    if sizes is None:
        counts = np.bincount(keys)
    else:
        counts = np.zeros(int(keys.max()) + 1, dtype=np.int64)
        np.add.at(counts, keys, sizes)
    result = dict.fromkeys(CLASSES, 0)
    for key in np.flatnonzero(counts).tolist():
        value, feature = divmod(key, 4)
        name = category_of(value)
        if name == "straight_flush" and feature & ROYAL_BIT:
            name = "royal_flush"
        elif name == "high_card" and feature & ACE_KING_BIT:
            name = "ace_king"
        result[name] += int(counts[key])
    return result


def named(text):
    return [format_card(c) for c in range(52)].index(text)


def ids(text):
    return [named(word) for word in text.split()]


def bounded_categories(evaluate):
    """``category_of`` for a peer whose values are ranks, 1 strongest: bounded by WEAKEST."""
    bounds = [(evaluate(ids(WEAKEST[name])), name) for name in CATEGORIES]
    assert [value for value, _ in bounds] == sorted(value for value, _ in bounds)

    def category_of(value):
        return next(name for bound, name in bounds if value <= bound)
    return category_of


def test_phevaluator_five_cards(five_card_features):
    evaluator = pytest.importorskip("phevaluator.evaluator")
    values = every_hand(lambda hand: evaluator.evaluate_5cards(*hand))
    category_of = bounded_categories(lambda cards: evaluator.evaluate_5cards(*cards))
    assert tally(values, five_card_features, category_of) == class_counts(5)


def test_treys_five_cards(five_card_features):
    treys = pytest.importorskip("treys")
    deck = [treys.Card.new(format_card(c)) for c in range(52)]
    evaluator = treys.Evaluator()
    names = {"Royal Flush": "royal_flush", "Straight Flush": "straight_flush",
             "Four of a Kind": "four_of_a_kind", "Full House": "full_house",
             "Flush": "flush", "Straight": "straight", "Three of a Kind": "three_of_a_kind",
             "Two Pair": "two_pair", "Pair": "one_pair", "High Card": "high_card"}
    values = every_hand(lambda hand: evaluator.evaluate([deck[c] for c in hand], []))

    def category_of(value):
        return names[evaluator.class_to_string(evaluator.get_rank_class(value))]
    counts = tally(values, five_card_features, category_of)
    assert counts == class_counts(5)


def test_eval7_five_cards(five_card_features):
    eval7 = pytest.importorskip("eval7")
    deck = [eval7.Card(format_card(c)) for c in range(52)]
    names = {"Straight Flush": "straight_flush", "Quads": "four_of_a_kind",
             "Full House": "full_house", "Flush": "flush", "Straight": "straight",
             "Trips": "three_of_a_kind", "Two Pair": "two_pair", "Pair": "one_pair",
             "High Card": "high_card"}
    values = every_hand(lambda hand: eval7.evaluate([deck[c] for c in hand]))
    counts = tally(values, five_card_features, lambda value: names[eval7.handtype(value)])
    assert counts == class_counts(5)


def test_pokerkit_five_cards(five_card_hands, five_card_features, suit_classes):
    # pokerkit is pure Python (about 15 us a hand), so it sees one hand per
    # suit-isomorphism class, weighted by the class size: renaming suits
    # changes neither a hand's category nor its ranks (so neither feature).
    pokerkit = pytest.importorskip("pokerkit")
    deck = [next(iter(pokerkit.Card.parse(format_card(c)))) for c in range(52)]
    labels = list(pokerkit.Label)
    names = {pokerkit.Label.STRAIGHT_FLUSH: "straight_flush",
             pokerkit.Label.FOUR_OF_A_KIND: "four_of_a_kind",
             pokerkit.Label.FULL_HOUSE: "full_house", pokerkit.Label.FLUSH: "flush",
             pokerkit.Label.STRAIGHT: "straight",
             pokerkit.Label.THREE_OF_A_KIND: "three_of_a_kind",
             pokerkit.Label.TWO_PAIR: "two_pair", pokerkit.Label.ONE_PAIR: "one_pair",
             pokerkit.Label.HIGH_CARD: "high_card"}
    hand_class = pokerkit.StandardHighHand
    code = {label: index for index, label in enumerate(labels)}
    rows, sizes = suit_classes
    values = every_hand(lambda hand: code[hand_class(tuple(deck[c] for c in hand)).entry.label],
                        five_card_hands[rows])
    counts = tally(values, five_card_features[rows], lambda value: names[labels[value]], sizes)
    assert counts == class_counts(5)


@pytest.mark.slow
def test_phevaluator_seven_cards():
    """Every seven-card hand, classified by phevaluator's value of its best five.

    The royal is the value of a royal flush.  Within high card the peer
    orders hands by their ranks from the top, so the hands whose best five
    hold an ace and a king are those at least as strong as the weakest such
    five, A-K-5-4-2; and a seven-card high-card hand holds an ace and a king
    exactly when its best five (its five highest ranks) do.
    """
    evaluator = pytest.importorskip("phevaluator.evaluator")
    try:       # the native function the public wrapper calls, four times faster
        from phevaluator._pheval import evaluate_7cards
    except ImportError:     # pragma: no cover - a differently built phevaluator
        evaluate_7cards = evaluator.evaluate_7cards
    total = comb(52, 7)
    values = np.fromiter(starmap(evaluate_7cards, combinations(range(52), 7)),
                         dtype=np.int16, count=total)
    per_value = np.bincount(values).tolist()

    def five(text):
        return evaluator.evaluate_5cards(*ids(text))
    category_of = bounded_categories(lambda cards: evaluator.evaluate_5cards(*cards))
    royal, weakest_ace_king = five(ROYAL), five(WEAKEST_ACE_KING)
    counts = dict.fromkeys(CLASSES, 0)
    for value, count in enumerate(per_value):
        if not count:
            continue
        name = category_of(value)
        if name == "straight_flush" and value == royal:
            name = "royal_flush"
        elif name == "high_card" and value <= weakest_ace_king:
            name = "ace_king"
        counts[name] += count
    assert counts == class_counts(7)
