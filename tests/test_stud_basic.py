"""combin.stud.game.basic: the basic strategy derived from the optimal one, priced by a second pass.

The second pass prices, shard by shard, only the situations where the basic
option is not the optimal one; its house edge must equal the one summed
directly from a run that priced every option of every class (each record
holds the value of the basic strategy's option): two independent ways to the
same exact fraction.
"""

import io
from fractions import Fraction

import pytest

from combin.errors import CombinError
from combin.stud.core.classes import situations
from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from combin.stud.game.basic import (BasicStrategy, Rule, basic_option, basic_totals, cost_rows, derive,
                                    run_basic)
from combin.stud.game.chunks import records_of, solve_chunk
from combin.stud.draw.options import option_keys
from combin.stud.game.shards import assemble, run_shards
from combin.stud.game.spec import RunSpec

RULES = load_rules("lunar").resolve()


@pytest.fixture(scope="module")
def jqka(tmp_path_factory, jqka_shards):
    folder = tmp_path_factory.mktemp("basic")
    jqka_shards(folder / "shards")
    return Deck.parse("JQKA"), folder


def test_the_second_pass_equals_the_sum_over_every_option(jqka):
    deck, folder = jqka
    scale, totals, count = assemble(deck, RULES, folder / "shards")
    assert totals.complete < totals.classes          # the run priced the best option alone
    strategy = derive(totals)
    assert strategy.rules and all(rule.features for rule in strategy.rules)
    run_basic(deck, RULES, folder / "shards", strategy, store_path=str(folder / "store2.sqlite"),
              stream=io.StringIO())
    sums = basic_totals(folder / "shards", count, strategy)
    rows, expected = cost_rows(strategy, sums, totals, scale)
    # the second method: every option of every class priced, the basic option's value summed
    rows_, hands, ups, weights = situations(deck)
    spec = RunSpec.of(deck, RULES, "exact", 256)
    found, records = records_of([solve_chunk(*c) for c in spec.chunks(hands, ups, weights, range(len(rows_)))])
    assert found == scale
    keys = option_keys(RULES)
    direct = 0
    for record in records:
        direct += record.weight * (record.values[0] if record.best < 0 else
                                   record.values[basic_option(strategy, record.hand, keys)[1]])
    assert Fraction(direct, scale * sum(r.weight for r in records)) == expected
    # every rule's cost is what its situations lose, never a gain
    assert all(cost >= 0 for _, _, _, cost in rows)
    assert sum(cost for _, _, _, cost in rows) == Fraction(totals.best, scale * totals.weight) - expected
    # a second run keeps the files of the same rules
    assert run_basic(deck, RULES, folder / "shards", strategy, store_path=str(folder / "store3.sqlite"),
                     stream=io.StringIO()) == []


def test_other_rules_are_priced_again_and_a_damaged_file_is_refused(jqka):
    deck, folder = jqka
    scale, totals, count = assemble(deck, RULES, folder / "shards")
    other = BasicStrategy((Rule("every hand", "every hand", "play", tuple(
        key.rsplit("|", 1)[0] for key in totals.strategy)),))
    assert basic_totals(folder / "shards", count, other) is None
    path = folder / "shards" / "basic-000.json.gz"
    path.write_bytes(b"not gzip")
    with pytest.raises(CombinError, match="basic-000.json.gz"):
        basic_totals(folder / "shards", count, derive(totals))
    path.unlink()


def test_every_hand_has_its_rule_and_option():
    strategy = BasicStrategy((Rule("pair of aces", "pair of aces", "keep the pair", ("one_pair/pair of aces",)),))
    keys = option_keys(RULES)
    from combin.core.cards import parse_cards
    rule, option = basic_option(strategy, parse_cards("As Ad 7h 5c 2d"), keys)
    assert rule == 0 and keys[option] == ("exchange", (2, 3, 4))
    with pytest.raises(CombinError, match="no rule"):
        basic_option(strategy, parse_cards("Ks Kd 7h 5c 2d"), keys)


def test_the_sheet_gives_the_rules_while_the_second_pass_is_not_in_everywhere(tmp_path):
    """Every shard in, the second pass not: ``--max-shards 0`` computes nothing and writes the
    sheet with the derived rules and how far their pricing has come; ``--max-shards 1`` prices one
    shard of it; the run without a limit finishes it and adds the exact costs.  Nothing above the
    basic strategy moves."""
    from combin.cli import main
    deck, shards = Deck.parse("JQKA"), tmp_path / "shards"
    run_shards(deck, RULES, shards, 3, store_path=str(tmp_path / "store.sqlite"), price="best",
               stream=io.StringIO())
    common = ["-q", "game", "lunar", "--deck", "JQKA", "--shards", str(shards), "--shard-count", "3",
              "--workers", "0", "--store", str(tmp_path / "s.sqlite"), "--format", "md"]
    texts = []
    for limit, done in (("0", 0), ("1", 1), (None, 3)):
        out = tmp_path / f"sheet-{done}.md"
        assert main([*common, *(("--max-shards", limit) if limit else ()), "--out", str(out)]) == 0
        assert len(list(shards.glob("basic-*.json.gz"))) == done
        texts.append(out.read_text())
    cut = "## Basic strategy derived from the optimal strategy ("
    for text, done in zip(texts[:2], (0, 1)):
        assert cut in text and f"second pass over the shards, in for {done} of 3 of them so far" in text
        assert "House edge with the derived basic strategy" not in text
    assert "House edge with the derived basic strategy" in texts[2] and "so far" not in texts[2]
    # (the identification moves: its shard plan names the second pass's pins as they are written)
    assert len({text[text.index("\n## "):].split(cut)[0] for text in texts}) == 1
    # the rules are the same in every form of the sheet
    assert len({text.split(cut)[1].split(" rule")[0] for text in texts}) == 1


def test_the_second_pass_is_pinned_and_a_forged_file_is_refused(jqka, tmp_path):
    """Issue 37: each file of the second pass is pinned (basic.json) as it is written; a file
    whose sums were changed and re-packed is refused; with the pins rewritten too, the sheet's
    statement says the pass is not the committed one."""
    import gzip
    import hashlib
    import json
    import shutil
    from combin.stud.game.basic import pin_basic, read_pins
    from combin.stud.game.shards import provenance
    deck, folder = jqka
    scale, totals, count = assemble(deck, RULES, folder / "shards")
    strategy = derive(totals)
    run_basic(deck, RULES, folder / "shards", strategy, store_path=str(folder / "store4.sqlite"),
              stream=io.StringIO())
    where = tmp_path / "copy"
    shutil.copytree(folder / "shards", where)
    pins = read_pins(where)
    assert pins["rules"] == strategy.digest() and pins["digests"] == [
        hashlib.sha256((where / f"basic-{i:03d}.json.gz").read_bytes()).hexdigest() for i in range(count)]
    honest = basic_totals(where, count, strategy)
    path = where / "basic-001.json.gz"
    body = json.loads(gzip.decompress(path.read_bytes()))
    body["sums"][0][2] = str(int(body["sums"][0][2]) + 10**12)          # a richer optimal: a cheaper rule
    path.write_bytes(gzip.compress((json.dumps(body, separators=(",", ":")) + "\n").encode(), mtime=0))
    with pytest.raises(CombinError, match="basic-001.json.gz: its digest is not the one basic.json pins"):
        basic_totals(where, count, strategy)
    assert "basic.json sha256" in provenance(where)
    assert pin_basic(where, count, strategy) is True                     # the forger re-pins
    forged = basic_totals(where, count, strategy)
    assert forged != honest and forged[0][2] == honest[0][2] + 10**12
    statement = provenance(where)
    assert "basic.json sha256 " in statement and "NOT the committed second pass of the basic strategy" in statement
    (where / "basic.json").unlink()
    assert "basic.json: none, so the files of the basic strategy's second pass are not pinned" in provenance(where)
