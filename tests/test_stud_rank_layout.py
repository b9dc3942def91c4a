"""The option arrays of a five (combin.stud.draw.rank.layout, read by the engine's ``_layout``),
against the arrays written out from their definition option by option and card by card."""

import random

import numpy as np
import pytest

from combin.stud.core.rules import load_rules
from combin.stud.draw.options import option_keys
from combin.stud.draw.rank.engine import _LAYOUTS, _SIX_TABLES, _layout, six_card
from combin.stud.draw.rank.layout import fill_layout
from combin.stud.game.spec import resolve_rules

RULES = load_rules("lunar").resolve()


def _by_definition(rules, five, only=None, sixth=None):
    """``(mode, k, kept, suit, six_level, six_win)``: each option's held cards read one by one, each
    sixth card priced by :func:`six_card` of the six cards themselves."""
    keys = option_keys(rules)
    count = len(keys)
    mode, k = np.zeros(count, np.int64), np.zeros(count, np.int64)
    kept, suit = np.zeros((count, 13), np.int64), np.full(count, -1, np.int64)
    six_level, six_win = np.full((count, 52), -1, np.int64), np.zeros((count, 52), np.int64)
    for o, (kind, positions) in enumerate(keys):
        if kind == "fold" or (only is not None and (kind, positions) not in only):
            mode[o] = -1
            continue
        held = [card for i, card in enumerate(five) if i not in positions]
        for card in held:
            kept[o, card >> 2] += 1
        suits = {card & 3 for card in held}
        suit[o] = -2 if not held else (suits.pop() if len(suits) == 1 else -1)
        if kind == "buy":
            mode[o], k[o] = 1, 1
            for card in range(52):
                if card not in five and (sixth is None or card == sixth):
                    six_level[o, card], six_win[o, card] = six_card(rules, list(five) + [card])
        elif kind == "exchange":
            k[o] = len(positions)
    return mode, k, kept, suit, six_level, six_win


def _fives(count, seed):
    rng = random.Random(seed)
    found = [tuple(sorted(rng.sample(range(52), 5))) for _ in range(count)]
    # a flush five, a four-flush, quads, a full house: the sixth card's table by each shape
    found += [(48, 44, 40, 36, 28), (48, 44, 40, 36, 29), (0, 1, 2, 3, 51), (20, 21, 22, 48, 49)]
    return found


@pytest.mark.parametrize("readings", [(), (("L11", "first-only"),)], ids=["best-pair", "first-only"])
def test_every_five_s_arrays_are_its_options_read_one_by_one(readings):
    rules = resolve_rules("lunar", None, readings)
    _LAYOUTS.clear()
    _SIX_TABLES.clear()
    for five in _fives(120, 5):
        found = _layout(rules, five)
        for name, got, want in zip(found._fields, found, _by_definition(rules, five)):
            assert got.tolist() == want.tolist(), (five, name)


def test_only_some_options_and_one_sixth_card():
    keys = option_keys(RULES)
    rng = random.Random(8)
    _LAYOUTS.clear()
    for five in _fives(40, 9):
        only = frozenset(rng.sample([key for key in keys if key[0] != "fold"], 6)) | {("buy", ())}
        sixth = rng.choice([card for card in range(52) if card not in five])
        found = _layout(RULES, five, only, sixth)
        for name, got, want in zip(found._fields, found, _by_definition(RULES, five, only, sixth)):
            assert got.tolist() == want.tolist(), (five, name)


def test_fives_of_one_table_share_it_and_read_their_own_cards():
    # 7c 7d 7h Ks Kh and 7c 7d 7s Ks Kh: the same ranks, no suit of four -- one table; each five
    # leaves a different seven, and the one it holds is never priced
    _SIX_TABLES.clear()
    _LAYOUTS.clear()
    first, second = (20, 21, 22, 47, 46), (20, 21, 23, 47, 46)
    a, b = _layout(RULES, tuple(sorted(first))), _layout(RULES, tuple(sorted(second)))
    assert len(_SIX_TABLES) == 1
    o = int(np.nonzero(a.mode == 1)[0][0])
    assert a.six_level[o, 23] == b.six_level[o, 22] >= 0 and a.six_level[o, 22] == b.six_level[o, 23] == -1


def test_fill_layout_marks_the_options_not_priced_and_every_held_card():
    held = np.array([[1, 1, 1, 1, 1], [0, 1, 1, 0, 0], [0, 0, 0, 0, 0]])
    cards = np.array([0, 5, 9, 14, 51])            # 2c 3d 4d 5h As
    table = np.arange(26).reshape(2, 13)
    kept, suit, six_level, six_win = fill_layout(held, np.array([-1, 0, 0]), cards, table, -table, -1, -1)
    assert kept.sum(axis=1).tolist() == [0, 2, 0] and suit.tolist() == [-1, 1, -2]
    assert (six_level == -1).all() and (six_win == 0).all()          # no option buys
    kept, suit, six_level, six_win = fill_layout(held, np.array([0, 0, 0]), cards, table, -table, 0, 30)
    assert kept[0].tolist() == [1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1] and suit[0] == -1
    assert np.nonzero(six_level[0] >= 0)[0].tolist() == [30]        # the one sixth card asked for
    assert (int(six_level[0, 30]), int(six_win[0, 30])) == (7, -7)  # a 9h: rank 7, no suit of four
