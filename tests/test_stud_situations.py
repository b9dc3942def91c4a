"""combin.stud.core.classes: suit-symmetry classes and their exact weights."""

from math import comb

import numpy as np
import pytest

from combin.errors import CombinError
from combin.stud.core.deck import Deck
from combin.stud.core.classes import SUIT_PERMUTATIONS, canonical_hands, list_situations, situations
from combin.stud.core.values import hand_table, lex_index


@pytest.mark.parametrize("ranks", ["9TJQKA", "89TJQKA"])
def test_reduced_deck_weights_add_up_to_every_situation(ranks):
    deck = Deck.parse(ranks)
    n = len(deck)
    assert int(canonical_hands(deck)[1].sum()) == comb(n, 5)
    assert int(situations(deck)[3].sum()) == comb(n, 5) * (n - 5)


@pytest.mark.slow
def test_full_deck_weights_add_up_to_every_situation():
    deck = Deck.parse(None)
    rows, weights = canonical_hands(deck)
    assert len(rows) == 134459 and int(weights.sum()) == comb(52, 5)
    _, hands, up, weights = situations(deck)
    assert len(weights) == 5649150
    assert int(weights.sum()) == comb(52, 5) * 47 == 2598960 * 47


def test_small_deck_classes_equal_a_direct_canonicalisation():
    """Every situation of 9TJQKA mapped to min over the 24 relabellings of (hand index, up card)."""
    deck = Deck.parse("9TJQKA")
    table = hand_table(deck)
    hands = table.hands.astype(np.int64)
    cards = np.array(deck.cards, dtype=np.int64)
    best = None
    for perm in SUIT_PERMUTATIONS:
        images = np.sort(hands - hands % 4 + perm[hands % 4], axis=1)
        index = lex_index(table.positions_of(images), len(deck))
        key = index[:, None] * 64 + (cards - cards % 4 + perm[cards % 4])[None, :]
        best = key if best is None else np.minimum(best, key)
    free = ~np.any(cards[None, :, None] == hands[:, None, :], axis=2)
    keys, counts = np.unique(best[free], return_counts=True)
    count = {divmod(k, 64): c for k, c in zip(keys.tolist(), counts.tolist())}
    rows, _, ups, weights = situations(deck)
    assert dict(zip(zip(rows.tolist(), ups.tolist()), weights.tolist())) == count


def test_a_situation_is_relabelled_onto_its_class_as_the_class_list_numbers_it():
    """relabelling_of ranks the 24 relabellings in plain integers (a simulated round asks it
    once); the second method is the class list itself: every hand of JQKA with every up card
    lands on a (row, up) the list holds, a relabelling that maps the hand onto that row's hand,
    and each class is reached by exactly as many situations as its weight says."""
    from collections import Counter
    from itertools import combinations
    from combin.stud.core.classes import relabelling_of, situations
    from combin.stud.core.values import hand_table
    deck = Deck.parse("JQKA")
    rows, _, ups, weights = situations(deck)
    listed = {(int(r), int(u)): int(w) for r, u, w in zip(rows, ups, weights)}
    table = hand_table(deck)
    reached = Counter()
    cards = list(deck.cards)
    for hand in combinations(cards, 5):
        for up in cards:
            if up in hand:
                continue
            row, canonical_up, perm = relabelling_of(deck, list(hand), up)
            assert sorted((c & ~3) | perm[c & 3] for c in hand) == sorted(int(c) for c in table.hands[row])
            assert (up & ~3) | perm[up & 3] == canonical_up
            reached[row, canonical_up] += 1
    assert reached == Counter(listed)
    with pytest.raises(CombinError, match="five cards"):
        relabelling_of(deck, cards[:4], cards[5])


def test_a_deck_is_listed_once_and_each_call_gets_its_own_arrays():
    """situations keeps a deck's listing (the 52-card one takes about 10 s): a caller that
    changes its arrays changes nothing another call gets, and the kept listing is the fresh one."""
    deck = Deck.parse("TJQKA")
    first = situations(deck)
    for array in first:
        array[:] = 0
    again, fresh = situations(deck), list_situations(deck)
    assert all((a == b).all() for a, b in zip(again, fresh)) and int(again[3].sum()) == 15504 * 15


def test_a_large_deck_is_kept_in_the_cache_folder_for_the_next_process(tmp_path, monkeypatch):
    """A deck of CACHED_CARDS cards or more is listed once per cache folder: the file written is
    read back by the next process (here: the process's own keeping cleared), equal to a fresh
    listing, in the same int64 arrays; a damaged file is listed again and replaced."""
    from combin.stud.core import classes
    monkeypatch.setenv("COMBIN_CACHE_DIR", str(tmp_path))
    deck = Deck.parse("89TJQKA")
    assert len(deck) == classes.CACHED_CARDS
    classes._kept.cache_clear()
    try:
        written = situations(deck)
        files = list(tmp_path.glob("situations-*.npz"))
        assert len(files) == 1
        classes._kept.cache_clear()
        read = situations(deck)
        fresh = list_situations(deck)
        assert all(a.dtype == np.int64 and (a == b).all() and (b == c).all()
                   for a, b, c in zip(read, written, fresh))
        files[0].write_bytes(files[0].read_bytes()[:-40] + b"\0" * 40)      # damaged
        classes._kept.cache_clear()
        assert all((a == c).all() for a, c in zip(situations(deck), fresh))
        assert list(tmp_path.glob("situations-*.npz")) == files
        classes._kept.cache_clear()
        assert all((a == c).all() for a, c in zip(situations(deck), fresh))
    finally:
        classes._kept.cache_clear()
