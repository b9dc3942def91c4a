"""combin.stud.reference.cards.kernel: the compiled engine equals the numpy reference engine, draw by draw.

Every option's per-draw numerators, and with ``detail`` every count the
result breakdown reads (below, tied, above, not qualified, the player's
values, the forcing gains and forced outcomes), must be the same integers as
:class:`combin.stud.reference.cards.engine.Engine` computes with ``reference=True``.  The
reference itself is checked against the game-tree oracle in
``tests/test_stud_advise.py`` (which now runs the compiled path too).
"""

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from combin.stud.reference.cards import kernel
from combin.stud.reference.cards.kernel import forcing as kernel_forcing
from combin.stud.draw.advise import advise
from combin.stud.reference.cards.advise import request_of
from combin.stud.reference.cards.engine import Engine
from combin.stud.draw.options import option_keys
from combin.bench.advise import situations as full_deck_situations
from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from combin.stud.core.situation import Situation
from combin.stud.core.values import QUALIFY, hand_value

RULES = load_rules("lunar").resolve()


def assert_same(situation, rules, keys=None, prune=True, tie_loop_most=None, reference=None):
    """The compiled kernel's numerators and counts equal the numpy reference's, option by option;
    ``reference`` (a dict) keeps the reference's answers for another call on the same situation,
    rules and pruning (the reference does not read ``tie_loop_most``)."""
    fast = Engine(situation, rules, prune=prune, tie_loop_most=tie_loop_most)
    slow = Engine(situation, rules, prune=prune, reference=True)
    reference = {} if reference is None else reference
    player = list(situation.player)
    keys = [key for key in (keys or option_keys(rules)) if key[0] != "fold"]
    fast.prepare([request_of(fast, player, kind, positions) for kind, positions in keys])
    for kind, positions in keys:
        kept, size = request_of(fast, player, kind, positions)
        batch = fast.play_numerators(kept, size)            # from the prepared batch
        a = fast.play_numerators(kept, size, detail=True)   # one option alone, with counts
        if (tuple(kept), size) not in reference:
            reference[(tuple(kept), size)] = slow.play_numerators(kept, size, detail=True)
        b = reference[(tuple(kept), size)]
        assert a[1] == b[1]
        assert a[0].tolist() == b[0].tolist() == batch[0].tolist(), (kind, positions)
        for name in ("below", "tied", "above", "nq", "values"):
            assert np.asarray(a[2][name]).tolist() == np.asarray(b[2][name]).tolist(), (kind, name)
        if b[2]["forced"] is None:
            assert a[2]["forced"] is None
        else:
            assert a[2]["forced"][0].tolist() == b[2]["forced"][0].tolist()
            assert a[2]["forced"][1].tolist() == b[2]["forced"][1].tolist()


@st.composite
def small_situations(draw):
    ranks = draw(st.sampled_from(["TJQKA", "9TJQKA"]))
    deck = Deck.parse(ranks)
    cards = draw(st.permutations(list(deck.cards)))[:6]
    return Situation(tuple(cards[:5]), cards[5], deck)


@st.composite
def terms(draw):
    return load_rules("lunar").resolve(
        draw(st.sampled_from(["A", "B", "C"])),
        {"L8": draw(st.sampled_from(["push", "even-money"])),
         "L11": draw(st.sampled_from(["best-pair", "first-only"]))})


@settings(max_examples=12, deadline=None)
@given(small_situations(), terms(), st.sampled_from([None, 0, 3]))
def test_every_option_equals_the_reference_on_small_decks(situation, rules, tie_loop_most):
    # tie_loop_most 0 and 3: the ties of (nearly) every level counted as a difference of subset sums
    assert_same(situation, rules, tie_loop_most=tie_loop_most)


# the 32-card situation repeats the 24-card situations' check of forcing on a larger deck (10 s):
# make slow's
@pytest.mark.parametrize("hand, up, deck", [("AS AD 9H 9C 9D", "QS", "9TJQKA"),
                                            ("9S TD JH QC KD", "AS", "9TJQKA"),
                                            pytest.param("KS KD 7H 7C 8D", "9S", "789TJQKA",
                                                         marks=pytest.mark.slow),
                                            ("AS KS QS JS 9S", "TD", "9TJQKA")])
def test_forcing_everywhere_equals_the_reference(hand, up, deck):
    # prune=False sums forcing on every non-qualifying dealer hand: the bound skips nothing
    situation = Situation.parse(hand, up, deck)
    keys = [("play", ()), ("buy", ()), ("exchange", (3, 4)), ("exchange", (0, 2, 4))]
    assert_same(situation, RULES, keys, prune=False)
    assert_same(situation, RULES)


# make slow: the kernel against the numpy reference on 47 unseen cards (35 s in its three tie
# counters) repeats the sums the small decks above hold; make test keeps the kernel against the
# rank engine on the full deck (test_stud_rank_engine.test_every_option_equals_the_card_engine_on_the_full_deck)
@pytest.mark.slow
def test_one_full_deck_situation_every_option():
    # None: the default mix; 0: every level's ties by subset sums; 10**6: every tie one by one --
    # each against the numpy reference, computed once (it does not count ties in two ways)
    situation, reference = full_deck_situations(1)[0], {}
    for tie_loop_most in (None, 0, 10**6):
        assert_same(situation, RULES, tie_loop_most=tie_loop_most, reference=reference)


@pytest.mark.slow
def test_full_deck_situations_every_option():
    for situation in full_deck_situations(6)[1:]:
        assert_same(situation, RULES)


def test_reused_work_arrays_with_stale_contents():
    # the compiled path reuses its work arrays: whatever an earlier call left there (here junk,
    # longer than needed) must not reach a result; on 24 cards the dealer fails to qualify and the
    # player forces, so every work array is read
    from combin.stud.reference.cards import engine as engine_module
    situation = Situation.parse("KS KD 9H 9C TD", "QS", "9TJQKA")
    rng = np.random.default_rng(5)
    for name, dtype in (("packed", np.int64), ("level", np.int32), ("nq", np.int32), ("below", np.int32),
                        ("entry", np.int64), ("slot", np.int32), ("rep", np.int32)):
        junk = engine_module._workspace(name, 1 << 20, dtype=dtype)     # longer than this deck needs: reused
        junk[:] = rng.integers(np.iinfo(dtype).min, np.iinfo(dtype).max, len(junk), dtype=dtype)
    bt = engine_module._workspace("bt", 1 << 20, 2, np.int32)
    bt[:] = rng.integers(-2**31, 2**31, bt.shape)
    assert_same(situation, RULES)


@pytest.mark.parametrize("block", [1, 7, 64, 4096])
def test_blocked_gains_equal_one_bits_loop_per_draw(block):
    # the deferred class-decided forcing sums, cut into row blocks, equal bits_loop over each
    # draw's whole row prefix (counts 0, inside a block, on a block bound, every row)
    rng = np.random.default_rng(block)
    rows = 300

    def masks(size, bits):
        out = np.zeros(size, np.int64)
        for _ in range(bits):
            out |= np.int64(1) << rng.integers(0, 46, size)
        return out

    groups = [(masks(rows, 4), masks(rows, 9), masks(rows, 2)) for _ in range(2)]
    draws = 40
    lazy = np.zeros((draws, 6), np.int64)
    lazy[:, 0] = rng.permutation(draws)
    lazy[:, 1] = masks(draws, 5)
    lazy[:, 2] = rng.integers(0, 9, draws)
    lazy[:, 3] = rng.integers(0, 30, draws)
    lazy[:, 4] = rng.choice([0, 1, 63, 64, 65, 128, 299, rows], draws)
    lazy[:, 5] = rng.integers(0, 2, draws)
    start = rng.integers(-1000, 1000, draws)
    gains = start.copy()
    kernel_forcing.blocked_gains(gains, lazy, *groups[0], *groups[1], 3, block)
    for d, (i, m, w, c, count, group) in enumerate(lazy.tolist()):
        gain = kernel_forcing.bits_loop(*groups[group], count, m, w, 3, c)[0]
        assert gains[d] == start[d] + gain


def test_outs_equal_a_direct_count():
    # the kernel looks up only pairing, straight and flush replacements: every replacement
    # that requalifies the dealer is among them (a direct count with the core's hand_value)
    situation = Situation.parse("KS KD 7H 7C 8D", "9S", "789TJQKA")
    tables = Engine(situation, RULES)._tables()
    cards = tables["cards"]
    n = len(cards)
    rows = [h for h, hidden in enumerate(_colex(n)) if tables["dlev"][h] < tables["qlev"]]
    assert len(rows) == len(tables["nouts"])
    for j, h in list(enumerate(rows))[::37]:
        hidden = _colex(n)[h]
        dealer = [situation.up] + [int(cards[i]) for i in hidden]
        assert hand_value(dealer) < QUALIFY
        high = max(dealer, key=lambda card: card >> 2)
        rest = [card for card in dealer if card != high]
        outs = {i for i in range(n) if i not in hidden and hand_value(rest + [int(cards[i])]) >= QUALIFY}
        found = set(tables["outs"][j, :tables["nouts"][j]].tolist())
        assert found == outs
        assert tables["bits"][j, 1] == sum(1 << i for i in outs)
        assert tables["bits"][j, 0] == sum(1 << i for i in hidden)


def _colex(n):
    """4-subsets of range(n) in colexicographic order (the kernel's hand index)."""
    return sorted(combinations(range(n), 4), key=lambda s: s[::-1])


def test_packing_and_straight_masks():
    rows = np.array([[0, 5, 17, 40, 45], [1, 2, 3, 4, 6]])
    packed = kernel.pack_positions(rows)
    assert ((packed >> 30) == 5).all()
    assert [[(int(p) >> (6 * i)) & 63 for i in range(5)] for p in packed] == rows.tolist()
    assert int(kernel.STRAIGHT_MASKS.sum()) == 10        # nine runs and the wheel
    assert kernel.COMPILED


# make slow: two minutes of the numpy reference's forcing sums for one check that the suite holds
# in two steps -- the rank engine's distributions equal the card engine's
# (test_stud_rank_engine.test_distributions_equal_the_card_engine) and the card engine's counts,
# forced hands included, equal the numpy reference's (assert_same, above)
@pytest.mark.slow
def test_advise_best_results_equal_the_reference_engine():
    # advise prices from the batch, then recomputes the best option's counts alone
    from combin.stud.reference.cards.advise import results_of, option_sums_of
    situation = Situation.parse("AS AD 9H 9C 9D", "QS", "9TJQKA")
    best = advise(situation, RULES)[0]
    slow = Engine(situation, RULES, reference=True)
    positions = tuple(situation.player.index(card) for card in best.discard)
    value, sums = option_sums_of(slow, list(situation.player), best.kind, positions, True)
    assert value == best.ev and results_of(slow, sums) == best.results


def test_draw_groups_share_the_reference_counts():
    # draw_groups claims that the draws of a group have the same dealer counts: check it on the
    # numpy reference's own counts (which know nothing of groups) for the five-card exchange and
    # one four-card exchange of a full-deck situation, and that the groups are few
    from combin.stud.reference.cards.engine import GROUP_TABLE
    from combin.stud.reference.numpy_engine import subsets
    situation = full_deck_situations(1)[0]
    reference = Engine(situation, RULES, reference=True)
    player = list(situation.player)
    cards = np.asarray(situation.unseen, dtype=np.int64)
    for positions in ((0, 1, 2, 3, 4), (1, 2, 3, 4)):
        kept, size = request_of(reference, player, "exchange", positions)
        draws = subsets(len(cards), size)
        packed = kernel.pack_positions(draws)
        rep = np.empty(len(draws), np.int64)
        kept_cards = np.zeros((1, 6), np.int64)
        kept_cards[0, :len(kept)] = kept
        kernel.draw_groups(np.array([0, len(draws)]), np.array([size]), kept_cards, np.array([len(kept)]),
                           packed, cards, situation.up & 3, kernel.COMB, rep,
                           np.empty(GROUP_TABLE, np.int32))
        index = np.arange(len(draws))
        assert (rep <= index).all() and (rep[rep] == rep).all()
        assert (rep == index).sum() * 5 < len(draws)          # at most one draw in five starts a group
        _, _, counts = reference.play_numerators(kept, size, detail=True)
        for name in ("below", "tied", "above", "nq", "values"):
            column = np.asarray(counts[name])
            assert (column == column[rep]).all(), name


@pytest.mark.parametrize("hand, up, deck", [("KS KD 7H 7C 8D", "9S", "789TJQKA"),
                                            ("AS AD 9H 9C 9D", "QS", "9TJQKA"),
                                            ("AS KD 7H 7C 2D", "9S", None),
                                            ("5C 5D 5H QS 3S", "2H", None)])
def test_rank_class_sums_equal_the_row_by_row_sums(hand, up, deck):
    # the rank-blind class-decided forcing sum taken by rank class equals bits_loop over every
    # row, for random draws (1 to 5 cards), wins, costs and both bit groups
    situation = Situation.parse(hand, up, deck)
    tables = Engine(situation, RULES)._tables()
    rows, bits, cards = tables["forcing"], tables["bits"], tables["cards"]
    assert rows.by_class
    straight_rank = bits[:, 3] | bits[:, 5]
    groups = [(bits[:, 0], bits[:, 2], straight_rank),
              (bits[:, 0], bits[:, 2] | straight_rank, np.zeros(len(bits), np.int64))]
    rng = np.random.default_rng(len(cards))
    n = len(cards)
    draws = 60
    lazy = np.zeros((draws, 6), np.int64)
    packed = np.zeros(draws, np.int64)
    for d in range(draws):
        k = int(rng.integers(1, 6))
        picked = np.sort(rng.choice(n, k, replace=False))
        packed[d] = kernel.pack_positions(picked[None, :])[0]
        lazy[d] = [d, int(sum(1 << int(x) for x in picked)), int(rng.integers(1, 60)), int(rng.integers(0, 300)),
                   len(bits), d % 2]
    gains = np.zeros(draws, np.int64)
    kernel_forcing.class_gains(gains, lazy, packed, cards >> 2, rows.pairs_classes, rows.all_classes, 3)
    for d, (_, m, w, c, count, group) in enumerate(lazy.tolist()):
        assert gains[d] == kernel_forcing.bits_loop(*groups[group], count, m, w, 3, c)[0], d


def test_rank_classes_refuse_rows_outside_the_argument():
    # outs that are not whole ranks less the row's cards: no classes (the sums go row by row)
    situation = Situation.parse("KS KD 7H 7C 8D", "9S", "789TJQKA")
    tables = Engine(situation, RULES)._tables()
    bits, cards, suit = tables["bits"], tables["cards"], situation.up & 3
    hb, won, lost = bits[:, 0].copy(), bits[:, 2].copy(), bits[:, 3] | bits[:, 5]
    assert kernel_forcing.rank_classes(hb, won, lost, cards, suit)[1]
    assert not kernel_forcing.rank_classes(hb, won, lost, cards, (suit + 1) & 3)[1]   # another suit's flushes
    for where in (0, len(bits) // 2, len(bits) - 1):
        bad = won.copy()
        bad[where] ^= bad[where] & -bad[where]          # one out fewer on one row
        assert not kernel_forcing.rank_classes(hb, bad, lost, cards, suit)[1]
    assert not kernel_forcing.rank_classes(hb[1:], won[1:], lost[1:], cards, suit)[1]   # a row missing


@pytest.mark.parametrize("readings", [(), (("L11", "first-only"),)], ids=["best-pair", "first-only"])
def test_six_card_pays_kept_by_renamed_suits_are_each_hands_own(readings):
    # the engine keeps a six-card hand's Bet pay under its suits renamed: every hand, and a copy of
    # it under another naming of the suits, pays what combin.stud.core.rules.bet_pay reads alone
    import random
    from combin.stud.core.pays import whole
    from combin.stud.core.rules import bet_pay
    from combin.stud.game.spec import resolve_rules
    rules = resolve_rules("lunar", None, readings)
    engine = Engine(Situation.parse("AS KD 7H 7C 2D", "9S"), rules)
    rng = random.Random(11)
    hands = [rng.sample(range(52), 6) for _ in range(400)]
    hands += [sorted((card & ~3) | 3 - (card & 3) for card in hand) for hand in hands]   # suits renamed
    # a royal flush, then its ranks unsuited (a key by ranks alone would pay the straight as royal)
    hands += [list(hand) for hand in ((0, 1, 4, 5, 8, 9), (48, 44, 40, 36, 32, 0), (48, 45, 40, 36, 32, 1),
                                      (49, 45, 41, 37, 33, 29))]
    direct = [whole(bet_pay(rules, hand), "a Bet pay") for hand in hands]
    assert engine.pays(np.array(hands), None).tolist() == direct
    assert engine.pays(np.array(hands), None).tolist() == direct       # read back from what is kept
    assert len(set(direct)) >= 5
