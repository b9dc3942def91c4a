"""combin.stud.game.human and human_run: every cell's candidate actions priced by a pass over the classes.

Two methods: the pass along a run's shards (one compiled call per class, the options named) against
the sums read off a run that priced every option of every class; a strategy's figure summed from the
cells against the same strategy applied class by class, and a seeded few of those classes priced
again by the card-by-card engine.
"""

import gzip
import hashlib
import io
import itertools
import json
import random
from fractions import Fraction

import pytest

from combin.errors import CombinError
from combin.core.cards import parse_cards
from combin.stud.core.classes import situations
from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from combin.stud.core.situation import Situation
from combin.stud.draw.options import option_keys
from combin.stud.game.chunks import option_label, records_of, solve_chunk
from combin.stud.game.human import (Cells, candidates_digest, cell_key, cells_of_records, fine_feature, fine_words,
                                    parse_cell_key, price_rows)
from combin.stud.game.human_run import HUMAN_FORMAT, game_candidates, pass_cells, run_pass
from combin.stud.game.shards import assemble
from combin.stud.game.skill import Grid, search
from combin.stud.game.spec import RunSpec
from combin.stud.game.totals import totals_of

RULES = load_rules("lunar").resolve()


@pytest.fixture(scope="module")
def jqka(tmp_path_factory, jqka_shards):
    """JQKA: a run in 3 shards that priced the best option alone, and one that priced every option."""
    folder = tmp_path_factory.mktemp("human")
    deck = Deck.parse("JQKA")
    jqka_shards(folder / "shards")
    rows, hands, ups, weights = situations(deck)
    spec = RunSpec.of(deck, RULES, "exact", 256)
    scale, records = records_of([solve_chunk(*c) for c in spec.chunks(hands, ups, weights, range(len(rows)))])
    return deck, folder, scale, records


@pytest.mark.parametrize("hand, words", [
    ("8s 8d Kh 7c 2d", "pair of 8s, king kicker"), ("As Kd Jh 7c 2d", "ace-king-jack"), ("Qs 9d 7h 5c 2d", "queen-9 high"),
    ("Qs 9s 7s 5s 2d", "four to a flush"), ("7s 7d 7h 5c 2d", "three 7s"),
    # a pair's draw decides more than its kicker; a straight draw's ends; a high card's two suited
    ("8s 8d 9s 4s 2s", "pair of 8s with four to a flush"), ("2c 2d 3c 4h Ad", "pair of 2s with four to a straight"),
    ("8s 8d 9h 4s 2c", "pair of 8s, 9 kicker"), ("Ks 8d 7h 6c 5d", "four to a two-way straight, king high"),
    ("Ks 9d 7h 6c 5d", "four to an inside straight, king high"), ("Ah 4d 3h 2c Jd", "four to an inside straight, ace high"),
    # two ranks complete a double inside draw as they do an open-ended one
    ("Jd 9h 8s 7c 5d", "four to a two-way straight, jack high"),
    ("Qd 9d 7h 5c 2s", "queen-9 high, the two suited"), ("As Ks Jh 7c 2d", "ace-king-jack, ace-king suited"),
    # three cards of one suit, the two highest among them or not
    ("Qd 9d 7h 5c 2d", "queen-9 high, three to a flush"), ("Qd 9c 7d 5c 2d", "queen-9 high, three to a flush"),
    ("Ad Kd Jd 7c 2s", "ace-king-jack, three to a flush")])
def test_fine_hands_refine_the_plain_hands(hand, words):
    assert fine_words(fine_feature(parse_cards(hand))) == words


def test_a_cell_key_reads_back():
    assert parse_cell_key(cell_key(fine_feature(parse_cards("As Ks Qh 7c 2d")), 12)) == ((23, 23), 12)
    assert parse_cell_key(cell_key((9, 3), 12)) == ((9, 3), 12)
    with pytest.raises(ValueError):
        parse_cell_key("99:0|3")


def test_the_pass_along_the_shards_equals_the_sums_over_every_option(jqka):
    deck, folder, scale, records = jqka
    found, totals, count = assemble(deck, RULES, folder / "shards")
    assert found == scale and totals.complete < totals.classes         # the shards priced the best alone
    chosen = game_candidates(RULES, totals)
    assert chosen["one_pair/pair of aces"] == ("buy a sixth card", "fold", "keep the 3rd best", "keep the pair", "play")
    store = str(folder / "pass.sqlite")
    assert run_pass(deck, RULES, folder / "shards", chosen, scale, store_path=store, stream=io.StringIO(),
                    most=1) == [0]
    assert pass_cells(folder / "shards", count, chosen) is None          # two shards to go
    assert run_pass(deck, RULES, folder / "shards", chosen, scale, store_path=store, stream=io.StringIO()) == [1, 2]
    assert run_pass(deck, RULES, folder / "shards", chosen, scale, store_path=store, stream=io.StringIO()) == []
    cells = pass_cells(folder / "shards", count, chosen)
    direct = cells_of_records(records, option_keys(RULES), RULES, chosen)
    assert cells.to_json() == direct.to_json()
    assert cells.classes == len(records) == 2424
    # the optimal sums are the run's, cell by cell and in all
    assert sum(cell["best"] for cell in cells.cells.values()) == totals.best
    assert Cells.from_json(json.loads(json.dumps(cells.to_json()))).to_json() == cells.to_json()
    # other candidates: the files are priced again, never read for them
    other = dict(chosen, **{"two_pair/two pair": ("fold", "play")})
    assert candidates_digest(other) != candidates_digest(chosen)
    assert pass_cells(folder / "shards", count, other) is None


def test_a_changed_pass_file_is_refused(jqka, tmp_path):
    deck, folder, scale, _ = jqka
    import shutil
    copy = tmp_path / "shards"
    shutil.copytree(folder / "shards", copy)
    _, totals, count = assemble(deck, RULES, copy)
    chosen = game_candidates(RULES, totals)
    run_pass(deck, RULES, copy, chosen, scale, store_path=str(tmp_path / "s.sqlite"), stream=io.StringIO())
    path = copy / "human-001.json.gz"
    obj = json.loads(gzip.decompress(path.read_bytes()))
    key = next(iter(obj["cells"]["cells"]))
    obj["cells"]["cells"][key]["best"] = str(int(obj["cells"]["cells"][key]["best"]) + 1)
    path.write_bytes(gzip.compress(json.dumps(obj).encode()))
    with pytest.raises(CombinError, match="human-001.json.gz: the strategy pass shard cannot be used"):
        pass_cells(copy, count, chosen)


def test_a_pass_file_of_an_earlier_format_is_priced_again_not_read(jqka, tmp_path):
    """A shard's file summed by an earlier version's cells (format /1) is priced again, and the
    store's chunks are keyed by the cells' format, so none summed by other cells is read back."""
    import shutil
    import sqlite3
    deck, folder, scale, _ = jqka
    copy = tmp_path / "shards"
    shutil.copytree(folder / "shards", copy)
    _, totals, count = assemble(deck, RULES, copy)
    chosen = game_candidates(RULES, totals)
    store = tmp_path / "s.sqlite"
    run_pass(deck, RULES, copy, chosen, scale, store_path=str(store), stream=io.StringIO())
    whole = pass_cells(copy, count, chosen).to_json()
    path = copy / "human-001.json.gz"
    obj = json.loads(gzip.decompress(path.read_bytes()))
    body = {k: v for k, v in obj.items() if k != "digest"}
    body["format"] = "combin.stud_human/1"
    body["digest"] = hashlib.sha256(json.dumps({k: v for k, v in body.items() if k != "digest"}, sort_keys=True,
                                               separators=(",", ":")).encode()).hexdigest()
    path.write_bytes(gzip.compress(json.dumps(body).encode()))
    assert pass_cells(copy, count, chosen) is None
    assert run_pass(deck, RULES, copy, chosen, scale, store_path=str(store), stream=io.StringIO()) == [1]
    assert pass_cells(copy, count, chosen).to_json() == whole
    with sqlite3.connect(store) as db:
        descriptions = [json.loads(d) for (d,) in db.execute("select description from runs")]
    assert descriptions and all(d.get("cells") == HUMAN_FORMAT for d in descriptions)
    assert HUMAN_FORMAT != "combin.stud_human/1"


def _rule_option(grid, plan, hand, up, keys):
    """The option a plan's rule picks for a class, applied class by class (not through the cells)."""
    from combin.stud.game.human import action_options
    i, j = grid.hands.index(fine_feature(hand)), grid.ups.index(up >> 2)
    rule = next(rule for rule in plan.rules if rule.box[0] <= i <= rule.box[1] and rule.box[2] <= j <= rule.box[3])
    return action_options(hand, keys, [rule.action])[rule.action]


def test_a_plan_s_figure_is_its_rules_applied_class_by_class(jqka):
    deck, folder, scale, records = jqka
    keys = option_keys(RULES)
    totals = totals_of(records, keys, RULES.stud)
    chosen = game_candidates(RULES, totals)
    grid = Grid.of(cells_of_records(records, keys, RULES, chosen))
    plans = search(grid, 25)
    assert all(len(plan.rules) <= k for k, plan in enumerate(plans, 1)) and len(plans[-1].rules) > 3
    assert all(a.value <= b.value for a, b in zip(plans, plans[1:]))           # a split never loses
    # no two rules of one action that one rule could say: they are joined
    for plan in plans:
        for a, b in itertools.combinations(plan.rules, 2):
            rows, cols = a.box[:2] == b.box[:2], a.box[2:] == b.box[2:]
            touch = (rows and min(a.box[3], b.box[3]) + 1 == max(a.box[2], b.box[2])) or \
                (cols and min(a.box[1], b.box[1]) + 1 == max(a.box[0], b.box[0]))
            assert not (touch and a.action == b.action), (a, b)
    assert plans[-1].value > plans[0].value
    for plan in (plans[0], plans[-1]):
        direct = 0
        for record in records:
            option = _rule_option(grid, plan, record.hand, record.up, keys)
            direct += record.weight * (record.best_value if record.best < 0 else record.values[option])
        assert direct == plan.value
        # each rule's cost is what its situations lose against optimal play
        assert sum(plan.costs) == totals.best - plan.value and all(cost >= 0 for cost in plan.costs)
    # a seeded few classes: the rule's option priced again by the card-by-card engine
    from combin.stud.reference.cards.advise import advise_cards
    plan = plans[-1]
    for record in random.Random(5).sample([r for r in records if r.best >= 0], 12):
        option = _rule_option(grid, plan, record.hand, record.up, keys)
        found = {(o.kind, tuple(sorted(o.discard))): o.ev
                 for o in advise_cards(Situation(record.hand, record.up, deck), RULES, detail=False)}
        kind, positions = keys[option]
        assert found[(kind, tuple(sorted(record.hand[p] for p in positions)))] * scale == record.values[option]


def test_the_pass_prices_an_instant_payout_and_each_action(jqka):
    deck, _, scale, records = jqka
    keys = option_keys(RULES)
    chosen = game_candidates(RULES, totals_of(records, keys, RULES.stud))
    some = [r for r in records if r.index % 97 == 0]
    rows = [[*r.hand, r.up, r.weight, r.index, r.best] for r in some]
    assert price_rows(deck, RULES, chosen, rows, scale).to_json() == cells_of_records(some, keys, RULES,
                                                                                     chosen).to_json()
    with pytest.raises(CombinError, match="no actions"):
        price_rows(deck, RULES, {}, rows[:1], scale)


def test_the_strategy_lookup_answers_with_the_card_once_the_pass_is_in(jqka):
    """combin lunar strategy: the card's rule and option of the situation, its exact value and cost."""
    from combin.api import strategy
    from combin.stud.draw.rank.engine import RankEngine
    deck, folder, scale, _ = jqka
    _, totals, count = assemble(deck, RULES, folder / "shards")
    run_pass(deck, RULES, folder / "shards", game_candidates(RULES, totals), scale,
             store_path=str(folder / "pass.sqlite"), stream=io.StringIO())
    answer = strategy("AS AD KH QC JD", "KS", deck="JQKA", shards=str(folder / "shards"))
    assert answer.card_rule.startswith("pair of aces") and "(the card's" in answer.card_rule
    document = answer.document()
    assert dict(document.subject)["card"]["strategy"] == "the strategy card of the stored run (combin lunar card)"
    situation = Situation(tuple(parse_cards("AS AD KH QC JD")), parse_cards("KS")[0], deck)
    keys = option_keys(RULES)
    option = next(k for k in keys if option_label(k, list(situation.player)) == answer.card_option)
    assert answer.card_value == RankEngine(situation, RULES).exact_value(option)
    assert answer.cost == answer.value - answer.card_value >= 0


def test_the_card_from_the_shards_is_the_card_from_the_run(jqka, tmp_path, capsys):
    """combin lunar card --shards DIR (the 52-card way, here on JQKA's shards) finds the card the
    reduced deck's own run gives: the same cells, so the same rules and figures."""
    from combin.cli import main
    deck, folder, _, _ = jqka
    assert main(["lunar", "card", "--deck", "JQKA", "--shards", str(folder / "shards"), "--format", "json",
                 "--store", str(folder / "pass.sqlite")]) == 0
    by_shards = json.loads(capsys.readouterr().out)
    assert main(["lunar", "card", "--deck", "JQKA", "--format", "json", "--store", str(tmp_path / "s.sqlite")]) == 0
    by_run = json.loads(capsys.readouterr().out)
    assert by_shards["subject"]["source"].startswith("the pass along the shards of ")
    assert by_shards["tables"] == by_run["tables"] and by_shards["subject"]["rules"] == by_run["subject"]["rules"]


def test_the_card_kept_beside_the_pass_answers_as_the_search_does(jqka, capsys):
    """combin lunar card --shards keeps its card beside the pass (card.json, pinning the run's plan and
    each file of the pass); the lookup reads it instead of searching again, with the same answers;
    a changed pass is searched again, a damaged card file refused in one line."""
    import shutil
    from combin.api import strategy
    from combin.cli import main
    from combin.stud.core.situation import card_text as _text
    from combin.stud.game.human_run import CARD_PINS, pinned_card
    deck, folder, _, records = jqka
    shards = folder / "shards"
    assert main(["lunar", "card", "--deck", "JQKA", "--shards", str(shards), "--format", "json",
                 "--store", str(folder / "pass.sqlite"), "-q"]) == 0
    said = json.loads(capsys.readouterr().out)["subject"]["pins"]
    kept = shards / CARD_PINS
    text = kept.read_bytes()
    # the sheet states the digests of the run's plan and of the card file it kept: not the committed ones
    for name, what in (("plan.json", "run"), (CARD_PINS, "strategy card with its pass")):
        digest = hashlib.sha256((shards / name).read_bytes()).hexdigest()
        assert f"{name} sha256 {digest}: NOT the committed {what}" in said
    # another number of rules keeps no card: the sheet then states the plan alone
    assert main(["lunar", "card", "--deck", "JQKA", "--shards", str(shards), "--format", "json", "--rules", "3",
                 "--store", str(folder / "pass.sqlite"), "-q"]) == 0
    said = json.loads(capsys.readouterr().out)["subject"]["pins"]
    assert said.startswith("plan.json sha256 ") and CARD_PINS not in said and kept.read_bytes() == text
    _, _, count = assemble(deck, RULES, shards)
    card = pinned_card(shards, count)
    assert card is not None and len(card.rules) >= 1
    sample = random.Random(11).sample([r for r in records if r.best >= 0], 8)
    by_card = [strategy(" ".join(_text(c) for c in r.hand), _text(r.up), deck="JQKA", shards=str(shards))
               for r in sample]
    shutil.move(kept, folder / "aside.json")
    try:
        searched = [strategy(" ".join(_text(c) for c in r.hand), _text(r.up), deck="JQKA", shards=str(shards))
                    for r in sample]
    finally:
        shutil.move(folder / "aside.json", kept)
    assert [(a.card_rule, a.card_option, a.card_value) for a in by_card] == \
        [(a.card_rule, a.card_option, a.card_value) for a in searched]
    # a file of the pass that is not the pinned one: the card is searched again, not read
    first = shards / "human-000.json.gz"
    original = first.read_bytes()
    try:
        first.write_bytes(gzip.compress(gzip.decompress(original), mtime=1))    # same content, other bytes
        assert pinned_card(shards, count) is None
        edited = text.replace(b'"words": "', b'"words": "not ', 1)
        assert edited != text
        kept.write_bytes(edited)                                                # edited by hand
        assert main(["lunar", "strategy", "AS AD KH QC JD", "--up", "KS", "--deck", "JQKA",
                     "--shards", str(shards)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("combin: error: ") and "card pin file cannot be used" in err and err.count("\n") == 1
    finally:
        first.write_bytes(original)
        kept.write_bytes(text)
    assert pinned_card(shards, count) == card
    # where the card cannot be kept, the command says so before any work
    aside = folder / "kept.json"
    shutil.move(kept, aside)
    kept.mkdir()
    try:
        assert main(["lunar", "card", "--deck", "JQKA", "--shards", str(shards), "--workers", "0",
                     "--store", str(folder / "pass.sqlite"), "-q"]) == 2
        err = capsys.readouterr().err
        assert err.startswith("combin: error: ") and "must be a regular file" in err and err.count("\n") == 1
    finally:
        kept.rmdir()
        shutil.move(aside, kept)


def test_the_committed_52_card_card_file_gives_each_cell_the_rule_its_sheet_prices(tmp_path):
    """The committed card.json read back (PinnedCard, relational rules among them: the up card against
    the pair's or the highest card's own rank): every cell of the committed pass takes one rule of it,
    and those rules' actions summed cell by cell give the sheet's house edge with the card, exactly."""
    from pathlib import Path
    from combin.stud.game.human import parse_cell_key
    from combin.stud.game.human_run import pinned_card
    full = Path(__file__).resolve().parent.parent / "tables" / "lunar" / "game" / "full"
    if len(list(full.glob("human-*.json.gz"))) < 256:
        pytest.skip("the 52-card strategy pass is not committed in full")
    deck = Deck.parse(None, need=16)
    scale, totals, count = assemble(deck, RULES, full)
    card = pinned_card(full, count)
    assert card is not None and any(relation is not None for _, _, _, relation in card.rules)
    cells = pass_cells(full, count, game_candidates(RULES, totals))
    total = weight = 0
    for key, cell in cells.cells.items():
        fine, up = parse_cell_key(key)
        found = card.rule(fine, up)
        assert found is not None, key
        words, action = found
        if cell["weight"] > cell["settled_weight"]:
            assert action in cell["values"] and not cell["missing"].get(action), (key, words)
        total += cell["values"].get(action, 0) + cell["settled"]
        weight += cell["weight"]
    sheet = json.loads((full.parent / "strategy-card.json").read_text())
    edge = next(row for row in sheet["tables"]["edge"]["rows"] if row["figure"] == "house edge with the card")
    assert -Fraction(total, scale * weight) == Fraction(edge["value"])
    # a relation that is neither side, in a file whose digest was made again to match: refused in one line
    obj = json.loads((full / "card.json").read_text())
    obj["rules"][0]["relation"] = ["sideways", 0]
    body = {k: v for k, v in obj.items() if k != "digest"}
    obj["digest"] = hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    (tmp_path / "card.json").write_text(json.dumps(obj))
    with pytest.raises(CombinError, match="card pin file cannot be used .*relation"):
        pinned_card(tmp_path, count)
    # a card kept by the version before (format /1, its rules without relations) is searched again
    obj["format"] = "combin.stud_card_pins/1"
    (tmp_path / "card.json").write_text(json.dumps(obj))
    assert pinned_card(tmp_path, count) is None
