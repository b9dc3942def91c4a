"""combin.stud.game.variants and ``combin lunar variants``: the default and each single change, exact.

The committed JQKA table is checked against other engines: the card-by-card engine summed over every
class for two changes, and the naive game tree on seeded classes for a third; the whole table is
regenerated and compared byte for byte by the slow pass (make audit)."""

import io
import json
import random
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from combin.errors import CombinError
from combin.stud.core.classes import situations
from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from combin.stud.core.situation import Situation
from combin.stud.game.variants import change_rules, load_changes, parse_changes, price_change, variants_document

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "tables" / "lunar" / "game" / "variants-JQKA"
JQKA = Deck.parse("JQKA")


def _committed() -> dict:
    document = json.loads(TABLE.with_suffix(".json").read_text())
    return {row["change"]: row for row in document["tables"]["variants"]["rows"]}


def _change(name):
    return next(c for c in load_changes(load_rules("lunar"))[1] if c.id == name)


def test_the_data_lists_the_default_and_twelve_single_changes():
    head, changes = load_changes(load_rules("lunar"))
    assert head["citation"] and len(changes) == 14 and changes[0].id == "default"
    assert not changes[0].interpret and not changes[0].game
    assert all(bool(c.interpret) != bool(c.game) for c in changes[1:])      # one kind of change each
    assert {c.interpret[0][0] for c in changes if c.interpret} == {"L7", "L8", "L9", "L10", "L11", "L12"}


def test_each_change_plays_the_rule_it_names():
    game = load_rules("lunar")
    assert change_rules(game, _change("draw-fee-2")).draw_fee == 2
    assert change_rules(game, _change("no-sixth-card")).buy == 0
    assert change_rules(game, _change("no-exchange")).exchange_sizes == ()
    assert change_rules(game, _change("force-fee-2")).force_fee == 2
    assert change_rules(game, _change("ace-king-push")).bet_table["ace_king"] == 0
    assert change_rules(game, _change("two-pair-1-to-1")).bet_table["two_pair"] == 1
    assert change_rules(game, _change("L12-one-to-five")).exchange_sizes == (1, 2, 3, 4, 5)
    from combin.stud.core.values import CATEGORY_SHIFT, STRAIGHT
    assert change_rules(game, _change("ante-even-money-not-qualified")).ante_not_qualified(STRAIGHT * CATEGORY_SHIFT) == 1


def test_a_bad_change_is_refused_in_one_line():
    with pytest.raises(CombinError, match="needs citation"):
        parse_changes('[[change]]\nid = "a"\ntitle = "A"\n', "v.toml")
    with pytest.raises(CombinError, match="unknown keys"):
        parse_changes('[[change]]\nid = "a"\ntitle = "A"\ncitation = "c"\nfee = 2\n', "v.toml")
    with pytest.raises(CombinError, match=r"variants.toml \[a\].*draws.fee must be a number of Antes"):
        change_rules(load_rules("lunar"), parse_changes(
            '[[change]]\nid = "a"\ntitle = "A"\ncitation = "c"\ngame = { draws = { fee = "x" } }\n', "v.toml")[0])


@pytest.mark.parametrize("name", ["no-exchange", "ace-king-push"])
def test_a_committed_row_equals_the_card_by_card_engine_over_every_class(name):
    from combin.stud.reference.cards.advise import advise_cards
    rules = change_rules(load_rules("lunar"), _change(name))
    _, hands, ups, weights = situations(JQKA)
    total = sum((w * advise_cards(Situation(tuple(h), u, JQKA), rules, detail=False)[0].ev
                 for h, u, w in zip(hands.tolist(), ups.tolist(), weights.tolist())), Fraction(0))
    row = _committed()[name]
    assert Fraction(row["house_edge"]) == -total / int(weights.sum())
    assert Fraction(row["house_edge"]) != Fraction(_committed()["default"]["house_edge"])


def test_a_reading_row_matches_the_naive_tree_on_seeded_classes(tmp_path):
    """L12=one-to-five: a fresh run's classes against the naive tree (its own hand comparison and
    dealing); the run's figures are the committed row's."""
    from combin.stud.draw.options import option_keys
    from combin.stud.game.remedy import exact_run
    from combin.stud.reference.naive import option_values
    rules = change_rules(load_rules("lunar"), _change("L12-one-to-five"))
    run = exact_run(JQKA, rules, store_path=tmp_path / "s.sqlite")
    keys = option_keys(rules)
    _, hands, ups, _ = situations(JQKA)
    for record in random.Random(3).sample(list(run.records), 2):
        if record.best < 0:
            continue
        naive = option_values(Situation(tuple(int(c) for c in hands[record.index]), int(ups[record.index]), JQKA), rules)
        key = keys[record.best]
        assert naive[key if key[0] == "exchange" else (key[0],)] == Fraction(record.values[record.best], run.scale)
    row = price_change(load_rules("lunar"), JQKA, _change("L12-one-to-five"), store_path=tmp_path / "s.sqlite")
    committed = _committed()["L12-one-to-five"]
    assert (Fraction(committed["house_edge"]), Fraction(committed["variance"]),
            Fraction(committed["probability_of_drawing"])) == (row.edge, row.variance, row.drawing)


def test_the_committed_markdown_is_the_json_rendered():
    """The .md and the .json are one document: every exact house edge of the json is in the md's row."""
    md = TABLE.with_suffix(".md").read_text()
    for name, row in _committed().items():
        line = next(l for l in md.splitlines() if l.startswith(f"| {name} "))
        assert row["house_edge_decimal"][:8] in line.replace(" ", ""), name
    assert "The 52-card rows need the full exact runs" in md


@pytest.mark.slow
def test_the_committed_table_equals_a_fresh_generation(tmp_path):
    from combin.cli import main
    assert main(["lunar", "variants", "--deck", "JQKA", "--store", str(tmp_path / "s.sqlite"),
                 "--folder", str(tmp_path)]) == 0
    for suffix in (".md", ".json"):
        assert (tmp_path / f"variants-JQKA{suffix}").read_text() == TABLE.with_suffix(suffix).read_text()


def test_the_committed_52_card_table_is_what_its_committed_shards_give(tmp_path):
    """The 52-card table written again from the committed shards of its rows (each row's totals read
    back, no class priced: seconds) in an empty store is the committed table, byte for byte."""
    from combin.cli import main
    root = ROOT / "tables/lunar/game"
    rows = [row["change"] for row in json.loads((root / "variants.json").read_text())["tables"]["variants"]["rows"]]
    assert rows[0] == "default" and len(rows) >= 6
    assert main(["lunar", "variants", "--shards", str(root / "variants"), "--only", *rows[1:], "--folder",
                 str(tmp_path), "--store", str(tmp_path / "s.sqlite"), "-q"]) == 0
    for name in ("variants.md", "variants.json"):
        assert (tmp_path / name).read_bytes() == (root / name).read_bytes(), name


def test_a_row_priced_through_shards_is_the_committed_row(tmp_path):
    """The full deck's way (each row's run in shards, resumable) gives the same exact figures."""
    row = price_change(load_rules("lunar"), JQKA, _change("no-sixth-card"), store_path=tmp_path / "s.sqlite",
                       shards=tmp_path / "shards")
    committed = _committed()["no-sixth-card"]
    assert row is not None and (tmp_path / "shards" / "no-sixth-card" / "plan.json").exists()
    assert (Fraction(committed["house_edge"]), Fraction(committed["element_of_risk"]),
            Fraction(committed["probability_of_drawing"])) == (row.edge, row.risk, row.drawing)


def test_the_default_row_reads_the_committed_run_and_writes_nothing_there(tmp_path):
    # on 52 cards the table's default row is the committed run (tables/lunar/game/full): read, not
    # made again, and never written into; here a JQKA run stands for it
    game, default = load_rules("lunar"), _change("default")
    first = price_change(game, JQKA, default, store_path=tmp_path / "s.sqlite", shards=tmp_path / "first")
    committed = tmp_path / "first" / "default"
    before = {path.name: path.read_bytes() for path in committed.iterdir()}
    row = price_change(game, JQKA, default, store_path=tmp_path / "other.sqlite", shards=tmp_path / "second",
                       committed=committed)
    assert row == first and Fraction(_committed()["default"]["house_edge"]) == row.edge
    assert not (tmp_path / "second").exists()
    assert {path.name: path.read_bytes() for path in committed.iterdir()} == before
    # a change other than the default is priced in its own folder, never the committed one
    price_change(game, JQKA, _change("no-sixth-card"), store_path=tmp_path / "s.sqlite", shards=tmp_path / "second",
                 committed=committed)
    assert (tmp_path / "second" / "no-sixth-card" / "plan.json").exists()
    # a committed run missing a shard is refused, not completed
    next(committed.glob("shard-*.json*")).unlink()
    with pytest.raises(CombinError, match="not every shard of the committed run"):
        price_change(game, JQKA, default, store_path=tmp_path / "s.sqlite", shards=tmp_path / "third",
                     committed=committed)
    assert not (tmp_path / "third").exists()


@pytest.mark.parametrize("argv, message", [
    (["--shards", "/dev/null"], "--shards /dev/null: not a folder"),
    (["--folder", "/dev/null"], "--folder /dev/null: not a folder"),
    (["--only", "nope"], "unknown change 'nope'"),
    (["--workers", "-1"], "--workers must be at least 0"),
])
def test_the_command_refuses_a_bad_option_before_any_work(argv, message, capsys):
    from combin.cli import main
    assert main(["lunar", "variants", "--deck", "JQKA", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("combin: error: ") and message in err, err



def test_a_table_of_some_rows_names_the_rows_it_does_not_hold():
    """A table written with --only holds the default and the changes asked for, and says which rows of
    the data it leaves out (the 52-card table comes in row by row as each run is in); the rows here
    are the committed JQKA table's, read back."""
    from combin.render import render_text
    from combin.stud.game.variants import Row, variants_document
    head, changes = load_changes(load_rules("lunar"))
    committed = _committed()
    rows = [Row(_change(name), -Fraction(committed[name]["house_edge"]), Fraction(committed[name]["house_edge"]),
                Fraction(committed[name]["element_of_risk"]), Fraction(committed[name]["variance"]),
                Fraction(committed[name]["probability_of_drawing"])) for name in ("default", "no-sixth-card")]
    pending = [change.id for change in changes if change.id not in ("default", "no-sixth-card")]
    md = render_text(variants_document(load_rules("lunar"), JQKA, head, rows, pending), "md")
    assert "| no-sixth-card " in md and "| default " in md and "| L8-even-money " not in md
    note = md.split(f"This table holds 2 of the {len(changes)} rows of the data")[1]
    assert all(name in note for name in pending) and "no-sixth-card" not in note
    # rows read without the round's variance: the table says which, and why its SD is blank
    assert "The round's SD is blank for default, no-sixth-card: its shards were written before" in md
    # the committed tables, every row with its round's SD, say nothing of a blank
    for name in ("variants.md", "variants-JQKA.md"):
        assert "SD is blank" not in (ROOT / "tables/lunar/game" / name).read_text()


def test_a_rows_round_with_the_super_is_its_whole_game_sheets():
    """The committed JQKA table's default row carries the round as dealt of the committed JQKA sheet
    (tables/lunar/game/JQKA.md, made by combin game lunar): its house edge per Ante and its SD."""
    default = _committed()["default"]
    sheet = (ROOT / "tables" / "lunar" / "game" / "JQKA.md").read_text().splitlines()

    def cell(label, column=1):
        line = next(l for l in sheet if l.startswith(f"| {label} "))
        return line.split("|")[1 + column].strip()
    edge = Fraction(default["round_house_edge"])
    assert format(Decimal(edge.numerator) / edge.denominator, ".10f") == cell("house edge of the round per Ante")
    variance = Fraction(cell("variance of the round per Ante^2"))
    assert abs(Fraction(default["round_sd"]) ** 2 - variance) < Fraction(1, 10 ** 4)
    # no instant event on JQKA (no five ranks): every paytable's edge is the run's
    assert default["house_edge_paytable_B"] == default["house_edge_paytable_C"] == default["house_edge"]


def test_each_52_card_row_s_seeded_sample_holds_its_exact_figure():
    """Second method of a 52-card row: a seeded 2,000-class sample of the same rules, priced class
    by class and extrapolated with its 99% interval (combin game lunar --sample 2000 --seed 1
    --interpret ... or --game-file ...), holds the row's exact house edge, summed over every class
    of its shards."""
    document = json.loads((ROOT / "tables/lunar/game/variants.json").read_text())
    rows = {row["change"]: row for row in document["tables"]["variants"]["rows"]}
    samples = sorted((ROOT / "tables/lunar/game/variants").glob("*-sample-2000-seed-1.json"))
    assert [path.name[:-len("-sample-2000-seed-1.json")] for path in samples] == \
        ["L10-replace-lowest-once", "L11-first-only", "L12-one-to-five", "L7-continue", "L8-even-money", "L9-first-five", "ace-king-push",
         "ante-even-money-not-qualified", "draw-fee-2", "force-fee-2", "no-exchange", "no-sixth-card", "two-pair-1-to-1"]
    for path in samples:
        sample = json.loads(path.read_text())
        change = path.name[:-len("-sample-2000-seed-1.json")]
        assert sample["subject"]["interpretations"] == {**sample["subject"]["interpretations"],
                                                        **dict(_change(change).interpret)}
        if _change(change).game:
            # a game-file change: sampled from its game file, committed beside the samples (combin
            # game lunar --game-file variants/ID.toml --sample 2000 --seed 1): the change's own settings
            from combin.stud.core.variant import read_variant
            named = sample["subject"]["game_file"]
            variant = read_variant(ROOT / named["file"])
            assert named["id"] == variant.id == change and named["sha256"] == variant.sha256
            assert dict(variant.values) == dict(_change(change).game)
        figures = {row["figure"]: Fraction(row["value"]) for row in sample["tables"]["summary"]["rows"]
                   if row.get("value") not in (None, "")}
        exact = Fraction(rows[change]["house_edge"])
        low, high = (figures[f"99% interval of the house edge, {end}"] for end in ("low", "high"))
        assert low <= exact <= high and high - low < Fraction(1, 25), (change, low, exact, high)


def test_a_one_card_exchange_never_beats_the_sixth_card_so_the_l12_row_is_the_default():
    """L12=one-to-five adds five one-card exchanges, each weakly dominated by buying a sixth card at
    the same fee: the six cards hold the five the exchange would leave, so whatever hand the
    exchange makes the sixth card makes or betters, and the dealer's cards are dealt alike.  So the
    52-card row, summed from its own 16 shards, has the default's exact edges (and, both being
    draws, its probability of drawing)."""
    rules = load_rules("lunar").resolve(None, {"L12": "one-to-five"})
    assert rules.exchange_sizes == (1, 2, 3, 4, 5) and rules.stud.entry["draws"]["buy"] == 1
    document = json.loads((ROOT / "tables/lunar/game/variants.json").read_text())
    rows = {row["change"]: row for row in document["tables"]["variants"]["rows"]}
    l12, default = rows["L12-one-to-five"], rows["default"]
    for key in ("house_edge", "house_edge_paytable_B", "house_edge_paytable_C", "element_of_risk",
                "probability_of_drawing", "round_house_edge"):
        assert Fraction(l12[key]) == Fraction(default[key]), key
    assert Fraction(l12["change_from_default"]) == 0


@pytest.mark.parametrize("where", ["full", "variants/L11-first-only", "variants/no-exchange"])
def test_the_52_card_super_sums_split_each_class_among_its_members_keys(where):
    """A complete 52-card run that keeps the Super's sums (the committed default run, written again
    with them, and the L11=first-only row): the weight it gives each Super key is the number of
    situations dealt with that key -- the Super's own exact outcome space (every five of the deck,
    counted by the Super's par sheet), times the 47 up cards.  A class's members do not share the
    colour flag, so summing each class under its canonical five's key alone gives other weights."""
    from combin.lunar.round import key_text
    from combin.lunar.classes import SuperKey
    from combin.lunar.space import outcome_space
    from combin.stud.game.shards import FolderReader, assemble, plan_run
    from combin.stud.game.spec import RunSpec
    folder = ROOT / "tables/lunar/game" / where
    full, rules = plan_run(folder)
    _, totals, _ = assemble(full, rules, folder, FolderReader(folder, RunSpec.of(full, rules)))
    assert totals.side_split == totals.classes == 5_649_150
    dealt = {key_text(SuperKey(*key)): count * 47 for key, count in outcome_space().items() if count}
    assert {key: cell["weight"] for key, cell in totals.side.items()} == dealt


def test_a_change_without_the_exchange_is_priced_where_the_basic_strategy_names_one(tmp_path):
    """23457 deals high cards, where the basic strategy keeps the two best and exchanges three: the
    change with no exchange has no such move, so the run sums no basic strategy (it stopped before,
    on the 52-card run's first shard with a high card) and its exact edge is the card-by-card
    engine's over every class."""
    from combin.core.cards import parse_cards
    from combin.stud.draw.options import option_keys
    from combin.stud.game.features import basic_option, basic_rules
    from combin.stud.reference.cards.advise import advise_cards
    deck = Deck.parse("23457")
    rules = change_rules(load_rules("lunar"), _change("no-exchange"))
    card, _ = basic_rules(rules.stud)
    assert basic_option(parse_cards("7s 5d 4s 3d 2c"), card, option_keys(rules)) is None
    row = price_change(load_rules("lunar"), deck, _change("no-exchange"), store_path=tmp_path / "s.sqlite")
    _, hands, ups, weights = situations(deck)
    total = sum((w * advise_cards(Situation(tuple(h), u, deck), rules, detail=False)[0].ev
                 for h, u, w in zip(hands.tolist(), ups.tolist(), weights.tolist())), Fraction(0))
    assert row is not None and row.edge == -total / int(weights.sum())


_ALL_CHANGES = [change.id for change in load_changes(load_rules("lunar"))[1]]
_DEALER_QUALIFIES_ALWAYS = {"L9-first-five", "L10-replace-lowest-once", "force-fee-2", "ante-even-money-not-qualified"}


@pytest.mark.parametrize("deck_text", ["TJQKA", "9TJQKA"])
@pytest.mark.parametrize("name", _ALL_CHANGES)
def test_each_change_s_options_agree_with_the_card_by_card_engine_and_the_naive_tree(name, deck_text):
    """Second methods of every row on the reduced decks beside JQKA: on seeded classes every
    option's exact value by the rank engine (what a run prices) equals the card-by-card engine's
    (as a multiset: it names options by cards); for playing, the sixth card and a two-card
    exchange the naive game tree gives the same; a royal flush dealt (the instant payout, which a
    run settles apart) agrees between the card-by-card engine and the naive tree; and the change
    moves some value against the default game's."""
    from combin.core.cards import parse_cards
    from combin.stud.draw.rank.engine import RankEngine
    from combin.stud.reference.cards.advise import advise_cards
    from combin.stud.reference.naive import option_values
    deck = Deck.parse(deck_text)
    game = load_rules("lunar")
    rules, default = change_rules(game, _change(name)), change_rules(game, _change("default"))
    _, hands, ups, _ = situations(deck)
    picked = [Situation(tuple(int(c) for c in hands[i]), int(ups[i]), deck)
              for i in random.Random(34).sample(range(len(hands)), 4)]
    royal = Situation(tuple(parse_cards("TS JS QS KS AS")), parse_cards("TH")[0], deck)
    moved = False
    for situation in picked + [royal]:
        cards = sorted(option.ev for option in advise_cards(situation, rules, detail=False))
        moved |= cards != sorted(option.ev for option in advise_cards(situation, default, detail=False))
        keys = [("play",)] + [("buy",)] * bool(rules.buy) + [("exchange", (3, 4))] * (2 in rules.exchange_sizes)
        naive = option_values(situation, rules, keys)
        if situation is royal:
            assert sorted(naive.values()) == [value for value in cards if value in naive.values()]
            assert set(naive.values()) <= set(cards) and naive, situation
            continue
        rank = RankEngine(situation, rules).values()
        assert cards == sorted(rank.values()), situation
        for key, value in naive.items():
            assert rank[key if key[0] == "exchange" else (key[0], ())] == value, (situation, key)
    # on TJQKA every dealer hand qualifies (a pair, or five ranks in a row): a change of what a
    # non-qualifying dealer does (L9, L10, the force fee, the 4 to 1) moves nothing there
    assert moved == (name != "default") or (deck_text == "TJQKA" and name in _DEALER_QUALIFIES_ALWAYS)


def test_each_52_card_row_s_kept_classes_re_price_in_the_card_by_card_engine():
    """Second method of every 52-card row's run (and of each remedy's run at another pay): in a
    seeded shard of each committed folder, a class the shard keeps (one in CHECK_EVERY, with its
    optimal option and exact value) priced again by the card-by-card engine, every option of the
    row's own rules (read from its plan): the kept option is the best and the kept value is its
    value."""
    from combin.stud.draw.options import option_keys
    from combin.stud.game.shards import INSTANT_CODE, load_plan, load_shard, plan_run
    from combin.stud.game.spec import RunSpec
    from combin.stud.reference.cards.advise import Engine, price
    # the variants' rows and the remedies' runs at other pays (make lunar-remedies)
    folders = sorted(p for kind in ("variants", "remedies") for p in (ROOT / "tables/lunar/game" / kind).iterdir()
                     if (p / "plan.json").exists())
    assert {"L8-even-money", "L11-first-only", "no-exchange", "draw-fee-2", "no-sixth-card",
            "bet_pays.pays.one_pair=0", "bet_pays.pays.one_pair=2"} <= {p.name for p in folders}
    deck = Deck.parse(None)
    _, hands, ups, _ = situations(deck)
    for folder in folders:
        deck, rules = plan_run(folder)
        spec = RunSpec.of(deck, rules)
        shards = [s for s in load_plan(folder, spec) if (folder / f"shard-{s.index:03d}.json.gz").exists()]
        if not shards:                      # a row's run just planned, none of its shards in yet
            continue
        shard = random.Random(folder.name).choice(shards)
        found = load_shard(folder, spec, shard)
        index, code, value = next(c for c in found["checks"] if c[1] != INSTANT_CODE)
        hand = [int(c) for c in hands[index]]
        engine = Engine(Situation(tuple(hand), int(ups[index]), deck), rules)
        values = [price(engine, hand, *key) for key in option_keys(rules)]
        assert max(values) * found["denominator"] == int(value) and values[code] == max(values), folder.name
