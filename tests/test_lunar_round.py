"""The round as dealt: the Ante/Bet game and the mandatory Super (§ 671a.7(c)(2)) together.

The sheet's figures (:func:`combin.stud.game.sheet.round_section`: the rank engine's sums by
the Super key of the first five, and the card-by-card engine's distributions) against a brute
force that shares neither: every leaf of the chosen option listed by ``tests/stud_draw_oracle.py``
(its own evaluator), each leaf's net plus k times the Super settled on the dealt hand by a
settlement written here from the posted paytable.  Exact Fractions, compared as such.
"""

import io
from fractions import Fraction

import numpy as np
import pytest

from combin.cli import main
from combin.stud.core.classes import situations
from combin.stud.core.deck import Deck
from combin.stud.draw.options import option_keys
from combin.stud.game.chunks import records_of, solve_chunk
from combin.stud.game.features import basic_option, basic_rules
from combin.stud.game.run import round_nets
from combin.stud.game.sheet import totals_sheet
from combin.stud.game.spec import RunSpec, resolve_rules
from combin.stud.game.totals import GameTotals, totals_of

_JACK, _QUEEN, _KING, _ACE = 9, 10, 11, 12
#: 58 Pa. Code § 671a.12(b), the posted Super paytable, highest pay only (L4=highest).
_SUPER = {"four_of_a_kind": 200, "five_pictures": 150, "full_house": 100, "flush": 60,
          "straight": 30, "three_of_a_kind": 8, "ace_king_queen": 5, "same_colored_five": 2}


def super_pay(hand):
    """The Super's net on five dealt cards, from the rules (readings L1=jqk, L2=color, L3=any-suits,
    L5=flush: a straight or royal flush is paid as a flush)."""
    from stud_oracle import class_name, rank_key
    name = class_name(rank_key(list(hand)))
    ranks = {card >> 2 for card in hand}
    colours = {(card & 3) in (0, 3) for card in hand}
    lines = [_SUPER[name]] if name in _SUPER else []
    lines += [_SUPER["flush"]] if name in ("straight_flush", "royal_flush") else []
    lines += [_SUPER["five_pictures"]] if ranks <= {_JACK, _QUEEN, _KING} else []
    lines += [_SUPER["ace_king_queen"]] if {_ACE, _KING, _QUEEN} <= ranks else []
    lines += [_SUPER["same_colored_five"]] if len(colours) == 1 else []
    return Fraction(max(lines, default=-1))


def super_images(hand):
    """``{Super net: images}`` over the 24 relabellings of the suits of a class's five: the class
    holds every image, alike for the game; the Super reads colours, so it is paid on each image
    as dealt."""
    from collections import Counter
    from itertools import permutations
    return Counter(super_pay([(card & ~3) | sigma[card & 3] for card in hand]) for sigma in permutations(range(4)))


def brute_round(deck, rules, pick, multiple):
    """``{figure: Fraction}`` of the round over every class of ``deck``, leaf by leaf;
    ``pick(hand, up)`` is the option played (``None``: the oracle's own best)."""
    from stud_draw_oracle import DrawOracle, instant_bonus
    oracle = DrawOracle(rules, deck)
    _, hands, ups, weights = situations(deck)
    total = int(weights.sum())
    mean = second = hit = wagered = Fraction(0)
    k = Fraction(multiple)
    for hand, up, weight in zip(hands.tolist(), ups.tolist(), weights.tolist()):
        supers = super_images(hand)
        bonus, ends = instant_bonus(rules, hand)
        key = oracle.situation(tuple(hand), up)[0] if pick is None else pick(tuple(hand), up)
        if ends:
            nets, amounts = np.array([bonus]), np.array([1])
        elif key[0] == "fold":
            nets, amounts = np.array([-1]), np.array([1])
        else:
            nets, labels = oracle.leaves(tuple(hand), up, key)
            drew = key[0] != "play"
            # the Ante, the fee of a draw, the Bet unless folded (label 7), the force fee (3-6)
            fee, bet, force = (int(amount) for amount in (rules.draw_fee, rules.bet, rules.force_fee))
            amounts = 1 + fee * drew + np.where(labels == 7, 0,
                                                bet + force * ((labels >= 3) & (labels <= 6)))
        leaves = len(nets)
        # each leaf's (net, amount wagered) as one integer, net * span + amount (amounts lie in
        # 1 .. span - 1), counted by a plain sort: numpy's unique of pairs (axis=1) sorts
        # structured rows, a hundred times slower
        nets, amounts = nets.astype(np.int64), np.broadcast_to(amounts, nets.shape).astype(np.int64)
        span = int(amounts.max()) + 1
        codes, counts = np.unique(nets * span + amounts, return_counts=True)
        for code, count in zip(codes.tolist(), counts.tolist()):
            net, amount = divmod(code, span)        # floor division: a negative net comes back whole
            for s, images in supers.items():
                x = net + k * s
                p = Fraction(weight * count * images, total * leaves * 24)
                mean += p * x
                second += p * x * x
                hit += p * (x > 0)
                wagered += p * (amount + k)
    return {"mean": mean, "second": second, "hit": hit, "wagered": wagered}


@pytest.fixture(scope="module")
def jqka():
    deck, rules = Deck.parse("JQKA"), resolve_rules("lunar", None, ())
    _, hands, ups, weights = situations(deck)
    chunk = RunSpec.of(deck, rules, chunk=10_000).chunks(hands, ups, weights, list(range(len(weights))))
    scale, records = records_of([solve_chunk(*c) for c in chunk])
    totals = totals_of(records, option_keys(rules), rules.stud)
    return deck, rules, scale, records, totals, round_nets(deck, rules, records)


def _round(sheet):
    title, rows = sheet.sections["round"]
    return title, {label: (optimal, basic) for label, optimal, basic in rows}


def test_super_settlement_here_agrees_with_the_super_sheet_on_every_hand_of_the_deck(jqka):
    from itertools import combinations
    from combin.lunar.round import super_side
    side = super_side()
    deck = jqka[0]
    assert all(side.pays()[side.key(hand)] == super_pay(hand) for hand in combinations(deck.cards, 5))


@pytest.mark.parametrize("multiple", [Fraction(1), pytest.param(Fraction(3, 2), marks=pytest.mark.slow)])
def test_round_equals_every_leaf_of_the_brute_force_on_jqka(jqka, multiple):
    deck, rules, scale, records, totals, nets = jqka
    sheet = totals_sheet(deck, rules, scale, totals, None, multiple, nets)
    title, rows = _round(sheet)
    assert title.startswith("The round as dealt (with the mandatory Super at ")
    keys = option_keys(rules)
    best = {(r.hand, r.up): (keys[r.best] if r.best >= 0 else ("instant", ())) for r in records}
    plain, _ = basic_rules(rules.stud)
    for column, pick in ((0, lambda hand, up: best[(hand, up)]),
                         (1, lambda hand, up: basic_option(hand, plain, keys))):
        brute = brute_round(deck, rules, pick, multiple)
        assert rows["expected result of the round per Ante"][column] == brute["mean"]
        assert rows["house edge per unit of initial wagers (Ante + Super)"][column] == \
            -brute["mean"] / (1 + multiple)
        assert rows["second moment E[X^2] of the round per Ante^2"][column] == brute["second"]
        assert rows["variance of the round per Ante^2"][column] == brute["second"] - brute["mean"] ** 2
        assert rows["hit frequency P(round's net > 0)"][column] == brute["hit"]
        assert rows["average wagered per round, Super included (Ante units)"][column] == brute["wagered"]
        assert rows["element of risk on everything wagered"][column] == -brute["mean"] / brute["wagered"]


def test_round_sums_alone_give_the_mean_and_sd_and_the_rank_engine_agrees(jqka):
    """Without the card-by-card distributions the rank engine's sums by Super key still give the
    mean, the covariance and E[X^2] -- the same Fractions (the section checks the two agree)."""
    deck, rules, scale, records, totals, nets = jqka
    with_nets = _round(totals_sheet(deck, rules, scale, totals, None, Fraction(2), nets))[1]
    alone = _round(totals_sheet(deck, rules, scale, totals, None, Fraction(2)))[1]
    for label in ("expected result of the round per Ante", "covariance Cov(game, Super) per Ante^2",
                  "second moment E[X^2] of the round per Ante^2"):
        assert alone[label][0] == with_nets[label][0]
    assert "hit frequency P(round's net > 0)" not in alone
    # Var X = Var G + k^2 Var S + 2 k Cov: the game's variance from its summary, the Super's
    # from the dealt hands settled here
    summary = dict(totals_sheet(deck, rules, scale, totals).sections["summary"])
    _, hands, _, weights = situations(deck)
    total = int(weights.sum())
    s1 = sum(Fraction(w * images * pay, total * 24) for h, w in zip(hands.tolist(), weights.tolist())
             for pay, images in super_images(h).items())
    s2 = sum(Fraction(w * images * pay ** 2, total * 24) for h, w in zip(hands.tolist(), weights.tolist())
             for pay, images in super_images(h).items())
    cov = alone["covariance Cov(game, Super) per Ante^2"][0]
    assert alone["variance of the round per Ante^2"][0] == \
        summary["variance per Ante^2"] + 4 * (s2 - s1 * s1) + 4 * cov
    assert alone["expected result of the round per Ante"][0] == summary["expected result per Ante"] + 2 * s1


@pytest.mark.slow
def test_round_under_the_oracles_own_optimal_play_on_jqka(jqka):
    """The oracle picks its own best option class by class (every option walked, a minute)."""
    deck, rules, scale, records, totals, nets = jqka
    rows = _round(totals_sheet(deck, rules, scale, totals, None, Fraction(1), nets))[1]
    brute = brute_round(deck, rules, None, 1)
    assert rows["expected result of the round per Ante"][0] == brute["mean"]
    assert rows["hit frequency P(round's net > 0)"][0] == brute["hit"]
    assert rows["second moment E[X^2] of the round per Ante^2"][0] == brute["second"]


def test_simulated_rounds_hold_the_exact_mean_and_sd(jqka, tmp_path):
    """Seeded whole rounds dealt card by card, the Super settled on the dealt five: the 99%
    intervals of the mean and of the variance hold the exact figures."""
    from decimal import Decimal
    from combin.lunar.round import super_side
    from combin.stud.game.shards import run_shards
    from combin.stud.game.simulate import StoredStrategy, simulate
    deck, rules, scale, records, totals, nets = jqka
    folder = tmp_path / "shards"
    run_shards(deck, rules, folder, 2, workers=0, store_path=tmp_path / "s.sqlite", chunk=512,
               stream=io.StringIO())
    rows = _round(totals_sheet(deck, rules, scale, totals, None, Fraction(1), nets))[1]
    mean = rows["expected result of the round per Ante"][0]
    variance = rows["variance of the round per Ante^2"][0]
    result, counts = simulate(deck, rules, StoredStrategy(deck, rules, folder), 3000, 7,
                              side=super_side(), multiple=Fraction(1))
    low, high = result.interval()
    assert low <= Decimal(mean.numerator) / mean.denominator <= high
    low, high = result.variance_interval()
    assert low <= Decimal(variance.numerator) / variance.denominator <= high
    hit = rows["hit frequency P(round's net > 0)"][0]
    assert abs(counts["round won"] / 3000 - hit) < 3 * (hit * (1 - hit) / 3000) ** 0.5


def test_old_totals_without_the_side_sums_still_read_and_say_what_is_missing(jqka):
    deck, rules, scale, records, totals, nets = jqka
    data = totals.to_json()
    assert "side" in data
    del data["side"], data["side_split"]
    old = GameTotals.from_json(data)
    assert old.side == {}
    # sums kept by each class's canonical five alone (an earlier version: no split entry) are
    # not read -- a class's members do not all share its Super key
    earlier = totals.to_json()
    del earlier["side_split"]
    assert GameTotals.from_json(earlier) == old
    sheet = totals_sheet(deck, rules, scale, old)
    assert "round" not in sheet.sections
    assert any("do not keep the game's value by the key" in note for note in sheet.sections["notes"])


@pytest.mark.parametrize("value", ["0.5", "0", "x", "1/0", "9" * 30])
def test_bad_super_is_one_line_and_exit_2(tmp_path, capsys, value):
    out = tmp_path / "sheet.md"
    code = main(["game", "lunar", "--deck", "JQKA", "--super", value, "--workers", "0",
                 "--store", str(tmp_path / "s.sqlite"), "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("combin: error: --super") and err.count("\n") == 1
    assert not out.exists()


def test_a_class_s_members_take_their_own_super_keys(jqka):
    """The side sums split each class by the Super keys of its members (the colour flag differs
    among the images of a two-suited five): the weight of each key is the number of situations
    dealt with it, counted here hand by hand over every five and up card of the deck."""
    from collections import Counter
    from itertools import combinations
    from combin.stud.game.round import side_wager
    deck, rules, scale, records, totals, nets = jqka
    side = side_wager(rules.stud)
    dealt = Counter()
    for hand in combinations(deck.cards, 5):
        dealt[side.key(list(hand))] += len(deck) - 5
    assert {key: cell["weight"] for key, cell in totals.side.items()} == dict(dealt)
    assert totals.side_split == totals.classes


def test_a_run_with_side_sums_and_a_basic_second_pass_gives_the_basic_round_s_mean(jqka):
    """A run that keeps the Super's sums but not every option (the 52-card shards: best option
    alone) gives its basic strategy's round from the second pass's mean: the game's mean plus
    k E[S], E[S] the run's own sums' -- on JQKA, what the complete run's basic sums give."""
    from dataclasses import replace
    deck, rules, scale, records, totals, nets = jqka
    whole = totals_sheet(deck, rules, scale, totals, multiple=Fraction(3, 2))
    labels = [row[0] for row in whole.sections["round"][1]]
    edge_row = labels.index("house edge of the round per Ante")
    game_row = labels.index("expected result of the game per Ante")
    basic_mean = whole.sections["round"][1][game_row][2]
    partial = replace(totals, complete=0)       # as if some options were not priced
    sheet = totals_sheet(deck, rules, scale, partial, multiple=Fraction(3, 2), basic_expected=basic_mean)
    rows = sheet.sections["round"][1]
    assert rows[edge_row][2] == whole.sections["round"][1][edge_row][2] is not None
    assert rows[edge_row][1] == whole.sections["round"][1][edge_row][1]
    sd_row = [row for row in rows if row[0] == "SD of the round per Ante"][0]
    assert sd_row[1] is not None and sd_row[2] is None
    without = totals_sheet(deck, rules, scale, partial, multiple=Fraction(3, 2))
    assert all(row[2] is None for row in without.sections["round"][1])
