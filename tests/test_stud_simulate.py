"""combin.stud.game.simulate: whole rounds played by the stored strategy land on the exact figure.

The rounds share nothing with the exact sums but the strategy they play:
they are dealt card by card and settled by ``rules.settle``.  The decision
after a draw is checked draw by draw against the card engine's numerators;
the stored strategy's answers against the shards' own lookup; the mean of
the rounds must hold the exact expected result of the same shards in its 99%
interval.
"""

import io
import json
import random
from fractions import Fraction
from itertools import combinations

import pytest

from combin.cli import main
from combin.errors import CombinError
from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from combin.stud.core.situation import Situation
from combin.stud.reference.cards.engine import Engine
from combin.stud.draw.rank.engine import play_after_draw
from combin.stud.game.shards import assemble, lookup, run_shards
from combin.stud.game.simulate import StoredStrategy, simulate

RULES = load_rules("lunar").resolve()
#: 20 cards whose five ranks are no straight and hold no ace-king: the dealer fails to qualify and
#: the player forces, on 11,330 classes (9TJQKA: 38,622)
SHORT = "3579J"


@pytest.fixture(scope="module")
def short(tmp_path_factory):
    folder = tmp_path_factory.mktemp("simulate") / "shards"
    deck = Deck.parse(SHORT)
    run_shards(deck, RULES, folder, 3, store_path=str(folder.parent / "store.sqlite"), price="best",
               stream=io.StringIO())
    return deck, folder


@pytest.mark.parametrize("seed", [1, 2])
def test_the_decision_after_a_draw_equals_the_card_engine_draw_by_draw(seed):
    rng = random.Random(seed)
    deck = Deck.parse("789TJQKA")
    cards = rng.sample(deck.cards, 6)
    situation = Situation(tuple(cards[:5]), cards[5], deck)
    engine = Engine(situation, RULES)
    unseen = list(situation.unseen)
    for kept, size in ((list(cards[:3]), 2), (list(cards[:5]), 1), (list(cards[:1]), 4)):
        numerators, denominator, _ = engine.play_numerators(kept, size)
        draws = list(combinations(range(len(unseen)), size))
        for index in rng.sample(range(len(draws)), 25):
            drawn = [unseen[p] for p in draws[index]]
            left = [c for c in unseen if c not in drawn]
            plays, value = play_after_draw(RULES, deck, kept, drawn, situation.up, left)
            assert plays == (int(numerators[index]) >= -denominator)
            if plays:
                assert value == Fraction(int(numerators[index]), denominator)


def test_the_stored_strategy_answers_as_the_shards_do(short):
    deck, folder = short
    strategy = StoredStrategy(deck, RULES, folder)
    rng = random.Random(4)
    for _ in range(40):
        cards = rng.sample(deck.cards, 6)
        assert strategy.option(cards[:5], cards[5]) == lookup(deck, RULES, folder, cards[:5], cards[5])[0]


def test_the_rounds_hold_the_exact_figure_in_their_interval(short):
    deck, folder = short
    scale, totals, _ = assemble(deck, RULES, folder)
    exact = Fraction(totals.best, scale * totals.weight)
    result, counts = simulate(deck, RULES, StoredStrategy(deck, RULES, folder), 3000, 7)
    low, high = result.interval()
    assert low <= exact <= high
    assert sum(counts[k] for k in ("buy", "exchange", "fold", "instant", "play") if k in counts) == 3000
    assert counts.get("fold after the draw", 0) > 0 and counts.get("forced", 0) > 0


def test_the_command_writes_the_simulation_and_refuses_missing_shards(short, capsys, tmp_path):
    deck, folder = short
    code = main(["lunar", "simulate", "--deck", SHORT, "--shards", str(folder), "--rounds", "300",
                 "--seed", "3", "--format", "json"])
    assert code == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["format"] == "combin.lunar_simulation/2" and obj["subject"]["rounds"] == 300
    rows = {row["figure"]: row for row in obj["tables"]["summary"]["rows"]}
    assert rows["rounds dealt"]["value"] == "300"
    empty = tmp_path / "none"
    empty.mkdir()
    assert main(["lunar", "simulate", "--deck", SHORT, "--shards", str(empty), "--rounds", "10"]) == 2
    assert "no shard plan" in capsys.readouterr().err
    assert main(["lunar", "simulate", "--deck", SHORT, "--shards", str(folder), "--rounds", "1"]) == 2


def test_the_rounds_as_dealt_with_the_super_hold_the_rounds_exact_mean_and_variance(short, capsys):
    """``--super K``: each round carries the mandatory Super, settled on the five as dealt; the
    round's exact mean and variance (from the run's sums by the Super's key) lie in the rounds' own
    99% intervals, and the exact mean is the game's plus K x the Super's own mean on the deck (the
    Super counted over every five-card hand of the deck, which shares nothing with the game's sums)."""
    from combin.stud.game.round import side_wager
    deck, folder = short
    code = main(["lunar", "simulate", "--deck", SHORT, "--shards", str(folder), "--rounds", "3000",
                 "--seed", "3", "--super", "3/2", "--format", "json"])
    assert code == 0
    obj = json.loads(capsys.readouterr().out)
    rows = {row["figure"]: row["value"] for row in obj["tables"]["summary"]["rows"]}
    what = " of the round with the Super at 3/2 x Ante"
    scale, totals, _ = assemble(deck, RULES, folder)
    side = side_wager(RULES.stud)
    game = Fraction(totals.best, scale * totals.weight)
    # the Super's own mean on this deck: every five-card hand counted once, as dealt
    from itertools import combinations
    pays = side.pays()
    hands = list(combinations(deck.cards, 5))
    mean = Fraction(sum(pays[side.key(list(hand))] for hand in hands), len(hands))
    assert Fraction(rows[f"exact expected result per Ante{what} (the shards)"]) == game + Fraction(3, 2) * mean
    assert rows["the exact figure is inside the interval"] == "yes"
    assert rows["the exact variance is inside its interval"] == "yes"
    assert obj["subject"]["super"] == "3/2" and 0 < int(rows["rounds as dealt won (net > 0)"]) < 3000
    assert Fraction(rows[f"exact variance per Ante^2{what} (the shards)"]) > Fraction(
        rows["99% interval of the variance, low"])
    for bad in ("0", "abc", "1001"):
        assert main(["lunar", "simulate", "--deck", SHORT, "--shards", str(folder), "--super", bad]) == 2
        err = capsys.readouterr().err
        assert err.startswith("combin: error: --super takes an exact number of Antes") and err.count("\n") == 1
