"""tests/stud_leaf_walker.py: the compiled leaf walker equals the numpy brute force, then the engine.

The walker (a test helper sharing no code with combin.stud's counting) is first
shown equal to :class:`stud_draw_oracle.DrawOracle` -- every class of JQKA,
seeded classes of TJQKA and 9TJQKA (where the dealer fails to qualify and the
player forces), under several readings and paytables -- and then used where the
oracle is too slow: the engine's class records on 9TJQKA and, marked walker (make walker), the
whole 9TJQKA game against ``combin game lunar --deck 9TJQKA``.
"""

import io
import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from stud_draw_oracle import DrawOracle, tally
from stud_leaf_walker import LeafWalker, option_group

ROOT = Path(__file__).resolve().parent.parent
OTHER = ("B", (("L8", "even-money"), ("L11", "first-only")))
CONTINUE = ("C", (("L7", "continue"), ("L11", "first-only")))
LOWEST = (None, (("L10", "replace-lowest-once"),))     # the dealer's lowest card replaced

_MADE = {}


class _Remembering(DrawOracle):
    """The oracle, each class answered once (the whole game reuses the classes' answers)."""

    def __init__(self, rules, deck):
        super().__init__(rules, deck)
        self.seen = {}

    def situation(self, hand, up):
        if (hand, up) not in self.seen:
            self.seen[(hand, up)] = super().situation(hand, up)
        return self.seen[(hand, up)]


def _rules(terms):
    paytable, readings = terms
    return load_rules("lunar").resolve(paytable, dict(readings))


def _made(kind, text, terms=(None, ())):
    if (kind, text, terms) not in _MADE:
        _MADE[(kind, text, terms)] = kind(_rules(terms), Deck.parse(text))
    return _MADE[(kind, text, terms)]


def _random_situations(text, count, seed):
    cards = list(Deck.parse(text).cards)
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        dealt = rng.sample(cards, 6)
        found.append((tuple(sorted(dealt[:5])), dealt[5]))
    return found


# make slow: the brute force on every one of the 2,424 JQKA classes (minutes of one core); make test
# keeps the walker against the brute force on seeded classes of each reading (TJQKA: the default)
# and the walker against the rank engine on every JQKA class (test_whole_game_equals_the_engine)
@pytest.mark.slow
def test_every_class_of_jqka_equals_the_brute_force():
    """2,424 classes: the best option and every result's leaves, sum and sum of squares."""
    oracle, walker = _made(_Remembering, "JQKA"), _made(LeafWalker, "JQKA")
    from stud_draw_oracle import canonical_classes
    for hand, up in canonical_classes(Deck.parse("JQKA")):
        assert walker.situation(hand, up) == oracle.situation(hand, up), (hand, up)


@pytest.mark.slow                                  # the same brute force, summed: see above
def test_whole_game_of_jqka_equals_the_brute_force():
    """E[X], E[X^2] and every result's probability and return, as Fractions."""
    oracle, walker = _made(_Remembering, "JQKA"), _made(LeafWalker, "JQKA")
    mean, second, by_result = walker.whole_game()
    assert (mean, second, by_result) == oracle.whole_game()
    assert sum(p for p, _ in by_result.values()) == 1
    assert sum(r for _, r in by_result.values()) == mean


# TJQKA under OTHER repeats JQKA's check of those readings on a larger deck (make slow); TJQKA
# under CONTINUE stays: a royal flush's instant pay added to every leaf needs five ranks.  The
# oracle takes about 0.05 s a JQKA class and 0.5 s a TJQKA class: 60 and 8 seeded classes (and
# the royal flush) here
@pytest.mark.parametrize("text, terms, count", [("JQKA", OTHER, 60), ("JQKA", CONTINUE, 60),
                                                ("TJQKA", (None, ()), 8),
                                                pytest.param("TJQKA", OTHER, 20, marks=pytest.mark.slow),
                                                ("TJQKA", CONTINUE, 8)])
def test_seeded_classes_equal_the_brute_force_under_other_readings(text, terms, count):
    """Other readings of L8 (the Ante's win) and L11 (the Bet's pays), paytables B and C, and
    L7=continue (the instant pay added to every leaf: a royal flush on TJQKA)."""
    oracle, walker = _made(DrawOracle, text, terms), _made(LeafWalker, text, terms)
    picked = _random_situations(text, count, 11)
    if text == "TJQKA":
        picked.append(((32, 36, 40, 44, 48), 33))        # TC JC QC KC AC, TD up
    instants = 0
    for hand, up in picked:
        key, found, leaves = walker.situation(hand, up)
        assert (key, found, leaves) == oracle.situation(hand, up), (hand, up)
        instants += key[0] == "instant" or found.get("win_royal_flush", (0, 0))[1] > 1000
    assert (instants > 0) == (text == "TJQKA")


# L8/L11 (OTHER) and L7/L11 (CONTINUE) change the pays, not how forcing is summed: their forcing
# options repeat the default's check under other pays (the seeded classes below hold those
# readings on JQKA and TJQKA), a CPU-minute on 24 cards: make slow runs them
# The default's forcing, too: its option values are held to the naive tree on four 9TJQKA
# situations (test_stud_advise) and to the card engine (test_stud_rank_engine), and the tallies
# of its forced results here under LOWEST, which sums them the same way with another card replaced
@pytest.mark.parametrize("terms", [pytest.param((None, ()), marks=pytest.mark.slow),
                                   pytest.param(OTHER, marks=pytest.mark.slow),
                                   pytest.param(CONTINUE, marks=pytest.mark.slow), LOWEST])
def test_forcing_options_of_9tjqka_equal_the_brute_force(terms):
    """On 24 cards the dealer's 9TJQA fails to qualify and the player forces: play, buy and
    exchanges of two (the first two, two apart, the last two) of seeded situations, leaf by leaf
    (the oracle's ``leaves``: about 0.4 s an option; the other seven exchanges of two sum the
    same way, on other positions)."""
    oracle, walker = _made(DrawOracle, "9TJQKA", terms), _made(LeafWalker, "9TJQKA", terms)
    forced = set()
    keys = [key for key in walker.keys() if key[0] in ("play", "buy") or key[1] in ((0, 1), (1, 3), (3, 4))]
    assert len(keys) == 5
    for hand, up in _random_situations("9TJQKA", 4, 8):
        for key in keys:
            found, leaves = walker.option(hand, up, key)
            nets, labels = oracle.leaves(hand, up, key)
            assert (found, leaves) == (tally(nets, labels), len(nets)), (hand, up, key)
            forced |= {name for name in found if name.startswith("forced")}
    every = {"forced_won", "forced_lost", "forced_push", "forced_not_qualified"}
    # the lowest replaced (9 T J Q A keeps T J Q A), these seeds force with no push
    assert forced == (every - {"forced_push"} if terms == LOWEST else every)


@pytest.mark.slow                                  # the numpy oracle: about 25 s and 5 GB a class
@pytest.mark.parametrize("situation, terms", [
    (((28, 29, 34, 44, 46), 35), (None, ())),      # 9C 9D TH KC KH, TS up: buys, then forces
    (((28, 32, 36, 40, 44), 41), CONTINUE),        # 9C TC JC QC KC (straight flush), QD up
])
def test_whole_classes_of_9tjqka_equal_the_brute_force(situation, terms):
    """Every option of a 24-card class (the oracle: about 25 s and 5 GB each)."""
    walker = _made(LeafWalker, "9TJQKA", terms)
    oracle = DrawOracle(_rules(terms), Deck.parse("9TJQKA"))
    key, found, leaves = walker.situation(*situation)
    assert (key, found, leaves) == oracle.situation(*situation)
    assert any(name.startswith("forced") for name in found) or terms == CONTINUE


def _engine_records(deck, rules, indices):
    from combin.stud.game.chunks import records_of, solve_chunk
    from combin.stud.game.spec import RunSpec, resolve_rules
    from combin.stud.core.classes import situations
    _, hands, ups, weights = situations(deck)
    chunk = RunSpec.of(deck, rules, chunk=10_000).chunks(hands, ups, weights, indices)[0]
    return records_of([solve_chunk(*chunk)])


# 25 seeded classes under L10 (its walker is the forcing check's), 15 under the defaults and 10 under
# OTHER and CONTINUE, whose pays the seeded JQKA classes above also hold (a walker new to a class
# prices it in about 0.4 s on 24 cards)
@pytest.mark.parametrize("terms, count", [((None, ()), 15), (OTHER, 10), (CONTINUE, 10), (LOWEST, 25)])
def test_engine_class_records_of_9tjqka_equal_the_walker(terms, count):
    """Seeded 9TJQKA classes (and a straight flush's): the engine's best option, value and
    per-result probability, net and squared net over its denominator L, exactly."""
    from combin.stud.draw.options import option_keys
    from combin.stud.core.classes import situations
    deck, rules = Deck.parse("9TJQKA"), _rules(terms)
    walker = _made(LeafWalker, "9TJQKA", terms)
    _, hands, ups, weights = situations(deck)
    picked = random.Random(3).sample(range(len(weights)), count)
    flush = [i for i, hand in enumerate(hands.tolist()) if hand == [28, 32, 36, 40, 44]]
    scale, records = _engine_records(deck, rules, picked + flush[:1])
    keys = option_keys(rules)
    assert keys == walker.keys()
    for record in records:
        key, found, leaves = walker.situation(record.hand, record.up)
        assert (keys[record.best] if record.best >= 0 else ("instant", ())) == key
        assert Fraction(record.best_value, scale) == Fraction(sum(s for _, s, _ in found.values()),
                                                              leaves)
        assert record.results == {name: [Fraction(x * scale, leaves) for x in entry]
                                  for name, entry in found.items()}


_RANKS, _SUITS = "23456789TJQKA", "CDHS"


def _card(card):
    return _RANKS[card >> 2] + _SUITS[card & 3]


def _label(key, hand):
    kind, discard = key
    if kind == "exchange":
        return "exchange " + " ".join(_card(hand[i]) for i in discard)
    return {"buy": "buy a sixth card"}.get(kind, kind)


@pytest.mark.parametrize("text, classes", [("JQKA", 2_424),
                                           pytest.param("9TJQKA", 38_622, marks=pytest.mark.walker)])
def test_whole_game_equals_the_engine(tmp_path, text, classes):
    """Every class walked leaf by leaf (9TJQKA: 38,622 classes, about 45 minutes of one core)
    against ``combin game lunar --deck TEXT`` run in-process (9TJQKA: 7-8 minutes): E[X],
    E[X^2], the variance, every result's probability and return, how often each option is
    best and its return, and every class's best option, value and results; then every class's
    best option and value against the committed ``tables/lunar/game/TEXT-strategy.json``."""
    import time
    from combin.stud.draw.options import option_keys
    from combin.stud.game.spec import RunSpec, resolve_rules
    from combin.stud.game.run import run_game
    deck, rules = Deck.parse(text), resolve_rules("lunar", None, ())
    start = time.process_time()
    sheet, strategy = run_game(deck, rules, workers=0, store_path=tmp_path / "s.sqlite", chunk=256,
                               want_strategy=True, stream=io.StringIO())
    engine_cpu, start = time.process_time() - start, time.process_time()
    walker = LeafWalker(rules, deck)
    per_class = {}
    mean, second, by_result = walker.whole_game(per_class=per_class)
    walker_cpu = time.process_time() - start
    print(f"\nCPU: engine {engine_cpu:.1f} s; walker {walker_cpu:.1f} s, "
          f"{walker_cpu / len(per_class):.4f} s per class")
    # class by class first: a difference names its class and both sides
    keys, scale = option_keys(rules), strategy.scale
    assert len(strategy.records) == len(per_class)
    for record in strategy.records:
        weight, key, value, found, leaves = per_class[(record.hand, record.up)]
        engine = (record.weight, keys[record.best] if record.best >= 0 else ("instant", ()),
                  Fraction(record.best_value, scale), record.results)
        mine = (weight, key, value, {name: [Fraction(x * scale, leaves) for x in entry]
                                     for name, entry in found.items()})
        assert engine == mine, (record.index, record.hand, record.up, engine, mine)
    total = sum(weight for weight, *_ in per_class.values())
    groups = {}
    for weight, key, value, _, _ in per_class.values():
        p, r = groups.get(option_group(key), (0, 0))
        groups[option_group(key)] = (p + Fraction(weight, total), r + weight * value / total)
    summary = dict(sheet.sections["summary"])
    assert summary["situation classes (suit symmetry)"] == len(per_class) == classes
    assert summary["situations: C(n,5) x (n-5)"] == total
    assert summary["expected result per Ante"] == mean
    assert summary["second moment E[X^2] per Ante^2"] == second
    assert summary["variance per Ante^2"] == second - mean ** 2
    assert {key: (p, r) for key, _, p, r in sheet.sections["results"]} == by_result
    assert {group: (p, r) for group, p, r in sheet.sections["options"]} == groups
    print(f"E[X] = {mean}\nE[X^2] = {second}")

    committed = json.loads((ROOT / f"tables/lunar/game/{text}-strategy.json").read_text())
    assert committed["exact"] and committed["deck"] == text and committed["paytable"] == "A"
    assert committed["interpretations"] == dict(rules.readings)
    ids = {_card(card): card for card in deck.cards}
    seen = 0
    for row in committed["classes"]:
        hand = tuple(sorted(ids[c] for c in row["hand"]))
        weight, key, value, _, _ = per_class[(hand, ids[row["up"]])]
        assert (row["weight"], row["best"], Fraction(row["ev"])) == (weight, _label(key, hand), value)
        seen += 1
    assert seen == len(per_class)
