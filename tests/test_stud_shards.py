"""combin.stud.game.shards: a sharded exact run adds up to the run in one piece, byte for byte;
the compact strategy answers every situation; damaged or foreign shards are refused."""

import gzip
import io
import hashlib
import json
import random
import shutil
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from combin.cli import main
from combin.errors import CombinError
from combin.stud.core.classes import situations, situations_in_rows
from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules
from combin.stud.core.situation import Situation
from combin.stud.draw.advise import advise
from combin.stud.reference.cards.advise import Engine, price
from combin.stud.draw.options import option_keys
from combin.stud.game.shards import INSTANT_CODE, assemble, lookup, plan_shards

ROOT = Path(__file__).resolve().parent.parent
DECK = Deck.parse("JQKA")
RULES = load_rules("lunar").resolve(None, {})


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """The JQKA game in 3 shards: one shard first (--max-shards 1), then the rest (a resume)."""
    where = tmp_path_factory.mktemp("shards")
    common = ["game", "lunar", "--deck", "JQKA", "--shards", str(where / "full"), "--shard-count", "3",
              "--workers", "0", "--store", str(where / "store.sqlite")]
    assert main([*common, "--max-shards", "1", "--out", str(where / "early.md")]) == 0
    assert sorted(p.name for p in (where / "full").iterdir()) == ["plan.json", "shard-000.json.gz"]
    assert not (where / "early.md").exists()          # no sheet until every shard is in
    assert main([*common, "--format", "md", "--out", str(where / "sheet.md")]) == 0
    return where


def test_the_plan_cuts_between_hands_and_covers_every_class_once():
    rows, _, ups, weights = situations(DECK)
    shards = plan_shards(DECK, 5)
    assert shards[0].low == 0 and shards[-1].high == 4368
    assert sum(s.classes for s in shards) == len(rows)
    for shard in shards:
        # the classes of a shard counted on their own (orbits counted one by one) are the
        # slice of the whole list (orbits collected by canonical_hands)
        part = situations_in_rows(DECK, shard.low, shard.high)
        whole = slice(shard.start, shard.start + shard.classes)
        assert (part[0] == rows[whole]).all() and (part[2] == ups[whole]).all()
        assert (part[3] == weights[whole]).all()
    with pytest.raises(CombinError):
        plan_shards(DECK, len(rows) + 1)


def test_the_assembled_sheet_is_the_committed_one_plus_the_plain_tables(folder):
    text = (folder / "sheet.md").read_text()
    committed = (ROOT / "tables/lunar/game/JQKA.md").read_text()
    cut, end = text.index("\n## Strategy by the first five and the up card"), text.index("\n## Notes")
    head = text.index("\n## ")                     # the identification also names the shard plan
    assert text[head:cut] + text[end:] == committed[committed.index("\n## "):]
    digest = hashlib.sha256((folder / "full" / "plan.json").read_bytes()).hexdigest()
    assert f"| Shard plan       | plan.json sha256 {digest}: NOT the committed run of combin " in text
    plain = text[cut:end]
    assert "## Basic strategy derived from the optimal strategy" in plain
    assert "| pair of aces " in plain and "one_pair" not in plain


def test_the_sheet_command_reads_each_file_of_the_folder_once(folder, tmp_path, monkeypatch):
    import combin.stud.game.shards as shards_module
    read = []
    original = shards_module.read_shard_bytes

    def counted(path, what):
        read.append(Path(path).name)
        return original(path, what)
    monkeypatch.setattr(shards_module, "read_shard_bytes", counted)
    out = tmp_path / "again.md"
    assert main(["game", "lunar", "--deck", "JQKA", "--shards", str(folder / "full"), "--shard-count", "3",
                 "--workers", "0", "--store", str(tmp_path / "store.sqlite"), "--max-shards", "0",
                 "--format", "md", "--out", str(out)]) == 0
    assert out.read_text() == (folder / "sheet.md").read_text()
    files = sorted(p.name for p in (folder / "full").iterdir())
    assert sorted(read) == files                # the plan and every shard file, each once


def test_every_situation_is_answered_by_the_stored_strategy(folder):
    rng = random.Random(7)
    cards = list(DECK.cards)
    for _ in range(12):
        dealt = rng.sample(cards, 6)
        hand, up = dealt[:5], dealt[5]
        situation = Situation(tuple(hand), up, DECK)
        found = lookup(DECK, RULES, folder / "full", hand, up)
        assert found is not None
        key, shard = found
        best = advise(situation, RULES, detail=False)[0]
        if key[0] == "instant":
            assert best.kind == "instant"
            continue
        # the stored option, in the hand's own positions, is worth the best value
        assert price(Engine(situation, RULES), hand, *key) == best.ev


def test_the_kept_values_re_price_without_pruning(folder):
    """Each shard keeps the exact value of a seeded 1% of its classes: re-priced here with
    the forcing bounds off (Engine prune=False), every option, they are the same."""
    from combin.stud.game.shards import load_shard, load_plan, RunSpec
    spec = RunSpec.of(DECK, RULES)
    keys = option_keys(RULES)
    rows, hands, ups, _ = situations(DECK)
    checked = 0
    for shard in load_plan(folder / "full", spec):
        found = load_shard(folder / "full", spec, shard)
        scale = found["denominator"]
        for index, code, value in found["checks"]:
            if code == INSTANT_CODE:          # settled by the instant payout: no option to price
                assert advise(Situation(tuple(int(c) for c in hands[index]), int(ups[index]), DECK),
                              RULES, detail=False)[0].kind == "instant"
                continue
            situation = Situation(tuple(int(c) for c in hands[index]), int(ups[index]), DECK)
            engine = Engine(situation, RULES, prune=False)
            hand = list(situation.player)
            values = [price(engine, hand, *key) for key in keys]
            assert max(values) * scale == int(value) and values[code] == max(values)
            checked += 1
    assert checked >= 3


def test_the_strategy_command_answers_from_the_shards(folder, capsys):
    assert main(["lunar", "strategy", "AS KD QH JC JD", "--up", "JS", "--deck", "JQKA",
                 "--shards", str(folder / "full"), "--format", "json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    best = advise(Situation.parse("AS KD QH JC JD", "JS", "JQKA"), RULES, detail=False)[0]
    assert obj["subject"]["source"]["stored"] is True
    assert Fraction(obj["subject"]["best"]["ev"]) == best.ev


@pytest.mark.parametrize("hand, up", [("AS KD QH JC JD", "JS"), ("AS AD KH KC QD", "JH"), ("AS AD AH KC QD", "JH")])
def test_the_strategy_command_gives_the_derived_card_s_option_and_its_cost(folder, capsys, hand, up):
    """Beside the optimal option, the option of the basic strategy derived from the run, its exact
    value and what following it costs, in JSON: the value is the card-by-card engine's for that
    option (a second method), the cost the difference."""
    from combin.stud.reference.cards.advise import advise_cards
    assert main(["lunar", "strategy", hand, "--up", up, "--deck", "JQKA", "--shards", str(folder / "full"),
                 "--format", "json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    card, best = obj["subject"]["card"], obj["subject"]["best"]
    situation = Situation.parse(hand, up, "JQKA")
    options = advise_cards(situation, RULES, detail=False)
    discard = {situation.player[i] for i, text in enumerate(hand.split()) if text in card["discard"]}
    chosen = next(o for o in options if o.kind == card["kind"] and set(o.discard) == discard)
    assert Fraction(card["ev"]) == chosen.ev and Fraction(card["cost"]) == options[0].ev - chosen.ev >= 0
    assert Fraction(best["ev"]) == options[0].ev and ": " in card["rule"]


def test_the_strategy_command_says_when_no_stored_strategy_is_here(tmp_path, monkeypatch, capsys):
    """Outside the repository the default folder is missing: the answer is priced now and says why."""
    monkeypatch.chdir(tmp_path)
    assert main(["lunar", "strategy", "AS KD QH JC JD", "--up", "JS", "--deck", "JQKA",
                 "--format", "json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    best = advise(Situation.parse("AS KD QH JC JD", "JS", "JQKA"), RULES, detail=False)[0]
    assert obj["subject"]["source"]["stored"] is False
    assert Fraction(obj["subject"]["best"]["ev"]) == best.ev
    assert main(["lunar", "strategy", "AS KD QH JC JD", "--up", "JS", "--deck", "JQKA"]) == 0
    assert "no folder tables/lunar/game/full of stored shards here; --shards DIR" in capsys.readouterr().out


def test_shards_are_the_same_bytes_each_time(folder, tmp_path):
    again = tmp_path / "again"
    assert main(["game", "lunar", "--deck", "JQKA", "--shards", str(again), "--shard-count", "3",
                 "--workers", "0", "--store", str(tmp_path / "s.sqlite"), "--max-shards", "1"]) == 0
    assert (again / "shard-000.json.gz").read_bytes() == (folder / "full" / "shard-000.json.gz").read_bytes()
    plan, whole = (json.loads((where / "plan.json").read_text()) for where in (again, folder / "full"))
    # the same plan, pinning the one shard written so far
    assert plan == {**whole, "digests": whole["digests"][:1] + [None, None]}


def _copy(folder, tmp_path):
    target = tmp_path / "copy"
    shutil.copytree(folder / "full", target)
    return target


def _cli_error(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("combin: error: ")
    return err[0]


def _assemble_argv(where, tmp_path):
    return ["game", "lunar", "--deck", "JQKA", "--shards", str(where), "--shard-count", "3", "--workers",
            "0", "--store", str(tmp_path / "s.sqlite"), "--out", str(tmp_path / "out.md")]


def test_a_tampered_shard_is_refused(folder, tmp_path, capsys):
    where = _copy(folder, tmp_path)
    path = where / "shard-001.json.gz"
    obj = json.loads(gzip.decompress(path.read_bytes()))
    obj["totals"]["best"] = str(int(obj["totals"]["best"]) + 1)      # one unit more
    path.write_bytes(gzip.compress(json.dumps(obj).encode()))
    line = _cli_error(capsys, _assemble_argv(where, tmp_path))
    assert "shard-001.json.gz" in line and "digest" in line
    assert not (tmp_path / "out.md").exists()
    path.write_bytes(b"not gzip")
    assert "not a gzip file" in _cli_error(capsys, _assemble_argv(where, tmp_path))
    # a small file that unpacks to far more than a shard may hold
    path.write_bytes(gzip.compress(b" " * (6 << 20)))
    assert "more than" in _cli_error(capsys, _assemble_argv(where, tmp_path))


def test_another_run_or_count_is_refused(folder, tmp_path, capsys):
    where = _copy(folder, tmp_path)
    argv = _assemble_argv(where, tmp_path)
    line = _cli_error(capsys, [*argv, "--paytable", "B"])
    assert "another run" in line
    line = _cli_error(capsys, [*argv[:argv.index("--shard-count") + 1], "4", *argv[argv.index("--shard-count") + 2:]])
    assert "3 shards, not 4" in line
    assert "--sample" in _cli_error(capsys, [*argv, "--sample", "16"])


def test_a_folder_keeps_its_plans_count_and_a_new_one_takes_the_default(folder, tmp_path, capsys):
    from combin.stud.game.shards import DEFAULT_SHARDS
    where = _copy(folder, tmp_path)
    argv = _assemble_argv(where, tmp_path)
    # no --shard-count: the folder's own 3 shards, read (every one is in), the sheet written
    assert main([*argv[:argv.index("--shard-count")], *argv[argv.index("--shard-count") + 2:], "--format", "md"]) == 0
    assert (tmp_path / "out.md").read_text() == (folder / "sheet.md").read_text()
    # a new folder without --shard-count: a plan of the default count (nothing priced with -K 0)
    fresh = tmp_path / "fresh"
    assert main(["-q", "game", "lunar", "--deck", "JQKA", "--shards", str(fresh), "--max-shards", "0",
                 "--workers", "0", "--store", str(tmp_path / "s.sqlite")]) == 0
    plan = json.loads((fresh / "plan.json").read_text())
    assert plan["count"] == len(plan["shards"]) == DEFAULT_SHARDS == 16
    assert [row[:2] for row in plan["shards"]] == [[s.low, s.high] for s in plan_shards(DECK, 16)]


def test_the_totals_of_the_shards_add_up_to_every_class(folder):
    scale, totals, count = assemble(DECK, RULES, folder / "full")
    rows, _, _, weights = situations(DECK)
    assert count == 3 and totals.classes == len(rows)
    assert totals.weight == int(np.sum(weights)) == 4368 * 11
    assert sum(totals.groups.values()) == totals.weight


def test_a_seeded_sample_of_the_committed_full_deck_classes_re_prices_without_pruning():
    """Eight of the classes the committed 52-card shards kept (seeded), priced again by the
    card-by-card engine with every option exact: the kept value is the best option's, and the
    option of the compact strategy has it.  Each shard kept one class in CHECK_EVERY."""
    from combin.lunar.audit import reprice_kept
    from combin.stud.game.shards import CHECK_EVERY, kept_values, require_plan
    from combin.stud.game.spec import RunSpec
    deck = Deck.parse(None)
    folder = ROOT / "tables/lunar/game/full"
    kept = kept_values(deck, RULES, folder)
    present = {shard for shard, _, _, _ in kept}
    plan = require_plan(folder, RunSpec.of(deck, RULES))
    assert len(plan) == 256 and present == set(range(256))
    assert len(kept) == sum(max(1, s.classes // CHECK_EVERY) for s in plan)
    assert reprice_kept(folder, 8, 2026, lambda message: None) == []


def test_the_committed_52_card_samples_hold_the_exact_house_edge_in_their_interval():
    """The exact house edge of the committed full run lies in the 99% interval of every committed
    52-card sample: the estimates and the exact run are two methods for one figure."""
    def summary(path):
        document = json.loads(path.read_text())
        return {row["figure"]: Fraction(row["value"]) for row in document["tables"]["summary"]["rows"]}
    game = ROOT / "tables/lunar/game"
    exact = summary(game / "full-deck.json")["house edge per Ante"]
    samples = sorted(game.glob("full-deck-sample-*-seed-*[0-9].json"))
    assert len(samples) >= 2
    for path in samples:
        found = summary(path)
        assert found["99% interval of the house edge, low"] <= exact <= found["99% interval of the house edge, high"], path.name


@pytest.mark.slow
def test_the_committed_full_deck_shards_re_price_and_answer():
    """Every committed shard of the 52-card run: its file is checked against the plan, two of
    its kept classes are re-priced with the forcing bounds off (every option), and one of them
    is looked up through the compact strategy from a relabelled situation."""
    from combin.stud.game.shards import load_plan, load_shard
    from combin.stud.game.spec import RunSpec
    deck = Deck.parse(None)
    spec = RunSpec.of(deck, RULES)
    folder = ROOT / "tables/lunar/game/full"
    shards = load_plan(folder, spec)
    done = [(s, f) for s in shards for f in [load_shard(folder, spec, s)] if f is not None]
    if not done:
        pytest.skip("no shard of the 52-card run is committed yet")
    _, hands, ups, _ = situations(deck)
    keys = option_keys(RULES)
    for shard, found in done:
        for index, code, value in [c for c in found["checks"] if c[1] != INSTANT_CODE][:2]:
            hand = [int(c) for c in hands[index]]
            situation = Situation(tuple(hand), int(ups[index]), deck)
            engine = Engine(situation, RULES, prune=False)
            values = [price(engine, hand, *key) for key in keys]
            assert max(values) * found["denominator"] == int(value) and values[code] == max(values)
        # the same situation with hearts and spades swapped, cards in another order
        swap = {0: 0, 1: 1, 2: 3, 3: 2}
        hand = [(c & ~3) | swap[c & 3] for c in reversed(hand)]
        up = (int(ups[index]) & ~3) | swap[int(ups[index]) & 3]
        key, at = lookup(deck, RULES, folder, hand, up)
        assert at == shard.index
        assert price(Engine(Situation(tuple(hand), up, deck), RULES), hand, *key) == max(values)


def test_a_long_sharded_run_is_projected_before_it_starts():
    import io
    from combin.stud.game.shards import announce
    shards = plan_shards(DECK, 4)
    stream = io.StringIO()
    announce(stream, DECK, RULES, shards[:2], shards, 2)
    line = stream.getvalue()
    assert line.startswith("game: 2 shards to compute now: about ") and "on 2 workers" in line
    assert "all 4 missing shards:" in line and line.endswith("core-hours\n")
    # the rate in milliseconds with two decimals (a class takes under a millisecond on 52 cards:
    # "0.001 CPU-s" said nothing)
    rate = line.split(" at ")[1].split(" CPU-ms per class")[0]
    assert float(rate) > 0 and len(rate.split(".")[1]) == 2


def test_an_unwritable_shards_folder_is_refused_before_any_work(tmp_path, capsys):
    """/proc takes no files: the plan's path is named, with the reason, before any class is
    listed or priced; nothing is written."""
    line = _cli_error(capsys, ["game", "lunar", "--deck", "JQKA", "--shards", "/proc/combin-shards",
                               "--workers", "0", "--store", str(tmp_path / "s.sqlite")])
    assert "/proc/combin-shards/plan.json: the shard plan cannot be written there" in line
    assert list(tmp_path.iterdir()) == []


# --- a forged run (issue: hardening round 4, item 2) ------------------------------------------

def _forge(where, amount):
    """Add ``amount`` to ``totals.best`` of every shard and recompute each shard's own digest."""
    for path in sorted(where.glob("shard-*.json.gz")):
        obj = json.loads(gzip.decompress(path.read_bytes()))
        obj["totals"]["best"] = str(int(obj["totals"]["best"]) + amount)
        body = {k: v for k, v in obj.items() if k != "digest"}
        obj["digest"] = hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
        path.write_bytes(gzip.compress(json.dumps(obj).encode()))


def _plan_edit(where, key, change):
    plan = json.loads((where / "plan.json").read_text())
    plan[key] = change(plan[key])
    (where / "plan.json").write_text(json.dumps(plan, indent=1) + "\n")


def test_a_forged_run_is_refused_by_the_digests_the_plan_pins(folder, tmp_path, capsys):
    where = _copy(folder, tmp_path)
    _forge(where, 10**15)
    refusal = (f"combin: error: {where}/shard-000.json.gz: the shard cannot be used (it is not the shard the "
               "plan pins (its digest is not the plan's)); remove it to compute it again")
    assert _cli_error(capsys, _assemble_argv(where, tmp_path) + ["--max-shards", "0"]) == refusal
    assert _cli_error(capsys, ["lunar", "simulate", "--deck", "JQKA", "--shards", str(where),
                               "--rounds", "10"]) == refusal
    assert not (tmp_path / "out.md").exists()


def test_a_forged_run_with_its_pins_rewritten_does_not_add_up(folder, tmp_path, capsys):
    where = _copy(folder, tmp_path)
    _forge(where, 10**15)
    _plan_edit(where, "digests", lambda pins: [
        json.loads(gzip.decompress((where / f"shard-{i:03d}.json.gz").read_bytes()))["digest"]
        for i in range(len(pins))])
    assert _cli_error(capsys, _assemble_argv(where, tmp_path) + ["--max-shards", "0"]) == (
        f"combin: error: {where}/shard-000.json.gz: the shard cannot be used (its total value is not the sum "
        "of its strategy cells' values); remove it to compute it again")


def test_a_shard_of_another_weight_than_the_class_list_gives_is_refused(folder, tmp_path, capsys):
    where = _copy(folder, tmp_path)
    _plan_edit(where, "weights", lambda weights: [weights[0], str(int(weights[1]) + 1), *weights[2:]])
    assert _cli_error(capsys, _assemble_argv(where, tmp_path) + ["--max-shards", "0"]) == (
        f"combin: error: {where}/shard-001.json.gz: the shard cannot be used (its weight is not the plan's, "
        "the sum of its classes' weights); remove it to compute it again")


def test_the_plan_pins_each_shards_digest_and_its_weight_from_the_class_list(folder):
    plan = json.loads((folder / "full" / "plan.json").read_text())
    _, _, _, weights = situations(DECK)
    starts = [row[2] for row in plan["shards"]] + [len(weights)]
    assert plan["weights"] == [str(int(weights[a:b].sum())) for a, b in zip(starts, starts[1:])]
    assert plan["digests"] == [json.loads(gzip.decompress((folder / "full" / f"shard-{i:03d}.json.gz")
                                                          .read_bytes()))["digest"] for i in range(3)]


def test_a_plan_without_pins_is_pinned_by_the_next_run(folder, tmp_path):
    where = _copy(folder, tmp_path)
    pinned = (where / "plan.json").read_bytes()
    plan = json.loads(pinned)
    del plan["weights"], plan["digests"]
    (where / "plan.json").write_text(json.dumps(plan, indent=1) + "\n")
    with pytest.raises(CombinError, match="pins no digest or weight of shard 0"):
        assemble(DECK, RULES, where)
    assert main(_assemble_argv(where, tmp_path) + ["--max-shards", "0"]) == 0
    assert (where / "plan.json").read_bytes() == pinned


def test_the_committed_run_is_named_by_its_plans_digest():
    """The committed run's pin files (plan.json for the shards, basic.json for the second pass,
    card.json for the strategy card's pass) are named by their SHA-256 in Lunar's data; every sheet
    built from the folder says so."""
    from combin.stud.game.shards import committed_runs, provenance
    full = ROOT / "tables/lunar/game/full"
    digest, basic, card = (hashlib.sha256((full / name).read_bytes()).hexdigest()
                           for name in ("plan.json", "basic.json", "card.json"))
    assert committed_runs() == {digest: "tables/lunar/game/full", basic: "tables/lunar/game/full",
                                card: "tables/lunar/game/full"}
    statement = provenance(full)
    assert statement == (f"plan.json sha256 {digest}: the exact run committed with this version "
                         f"(tables/lunar/game/full); basic.json sha256 {basic}: the exact second pass of "
                         "the basic strategy committed with this version (tables/lunar/game/full)")
    pins = json.loads((full / "basic.json").read_text())
    assert pins["digests"] == [hashlib.sha256((full / f"basic-{i:03d}.json.gz").read_bytes()).hexdigest()
                               for i in range(256)]
    for sheet in ("full-deck.md", "full-deck.json"):
        assert statement in (ROOT / "tables/lunar/game" / sheet).read_text()
    # the strategy card's sheets state the run and the card file that pins their pass
    said = provenance(full, (("plan.json", "run"), ("card.json", "strategy card with its pass")))
    assert said == (f"plan.json sha256 {digest}: the exact run committed with this version "
                    f"(tables/lunar/game/full); card.json sha256 {card}: the exact strategy card with its pass "
                    "committed with this version (tables/lunar/game/full)")
    for sheet in ("strategy-card", "skill-curve", "skill-mix"):
        assert json.loads((ROOT / "tables/lunar/game" / f"{sheet}.json").read_text())["subject"]["pins"] == said, sheet


def test_a_whole_shard_priced_again_is_its_file_and_a_forged_one_is_not(folder, tmp_path):
    from combin.stud.game.shards import reprice_shard
    index = random.Random(7).randrange(3)
    assert reprice_shard(folder / "full", index, str(tmp_path / "s.sqlite")) == []
    where = _copy(folder, tmp_path)
    _forge(where, 10**15)
    _plan_edit(where, "digests", lambda pins: [None] * len(pins))
    found = reprice_shard(where, index, str(tmp_path / "s2.sqlite"))
    assert found == [f"shard-{index:03d}.json.gz: its digest is not the one priced again",
                     f"shard-{index:03d}.json.gz: its totals is not the one priced again"]


def test_verify_prices_again_a_whole_shard_chosen_at_random(folder):
    from combin.lunar.audit import whole_shards as _whole_shards
    said = []
    assert _whole_shards(folder / "full", "lunar/game/full/", 1, 5, said.append, 0) == []
    assert len(said) == 1 and said[0].startswith("lunar: shard ") and said[0].endswith("every class priced again")


def test_the_strategy_command_says_the_folder_is_not_the_committed_run(folder, capsys):
    assert main(["lunar", "strategy", "AS KD QH JC JD", "--up", "AH", "--deck", "JQKA",
                 "--shards", str(folder / "full")]) == 0
    digest = hashlib.sha256((folder / "full" / "plan.json").read_bytes()).hexdigest()
    assert f"plan.json sha256 {digest}: NOT the committed run of combin " in capsys.readouterr().out


def test_a_shard_is_cut_into_chunks_of_whole_rank_groups():
    # each rank group (a five's ranks and the up rank) in one chunk, so no two workers set it up;
    # a chunk holds at least the chunk size but the last, the run's order kept
    from combin.stud.core.classes import situations
    from combin.stud.game.chunks import group_cuts, rank_group_order
    deck = Deck.parse("9TJQKA")
    _, hands, ups, _ = situations(deck)
    order = rank_group_order(hands, ups)

    def group(i):
        return tuple(sorted(card >> 2 for card in hands[i])), ups[i] >> 2
    for size in (1, 32, 500):
        cuts = group_cuts(hands, ups, order, size)
        pieces = [order[a:b] for a, b in zip(cuts, cuts[1:] + [len(order)])]
        assert cuts[0] == 0 and [i for piece in pieces for i in piece] == order
        assert all(len(piece) >= size for piece in pieces[:-1])
        owners = {}
        for n, piece in enumerate(pieces):
            for i in piece:
                assert owners.setdefault(group(i), n) == n
    assert group_cuts(hands, ups, [], 32) == []


def test_a_sharded_run_starts_one_local_cluster_for_all_its_shards(tmp_path, monkeypatch):
    """Three shards on two local workers: one cluster (its workers start and warm up once), and the
    shards are the bytes of a run in this process."""
    from combin.running import executor
    from combin.stud.game.shards import run_shards
    started = []
    real = executor.local_cluster

    def counted(workers):
        started.append(workers)
        return real(workers)
    monkeypatch.setattr(executor, "local_cluster", counted)
    deck = Deck.parse("JQKA")
    written = run_shards(deck, RULES, tmp_path / "two", count=3, workers=2, store_path=str(tmp_path / "a.sqlite"),
                         stream=io.StringIO())
    assert written == [0, 1, 2] and started == [2]
    run_shards(deck, RULES, tmp_path / "here", count=3, workers=0, store_path=str(tmp_path / "b.sqlite"),
               stream=io.StringIO())
    for index in written:
        name = f"shard-{index:03d}.json.gz"
        assert (tmp_path / "two" / name).read_bytes() == (tmp_path / "here" / name).read_bytes()


def test_the_strategy_command_gives_no_card_while_a_shard_is_missing(folder, tmp_path, capsys):
    """The card is derived from every shard of the run: with one missing, the stored optimal option
    is still given (its own shard is there), the card is not."""
    where = tmp_path / "part"
    shutil.copytree(folder / "full", where)
    hand, up = "AS KD QH JC JD", "JS"
    own = lookup(DECK, RULES, where, list(Situation.parse(hand, up, "JQKA").player),
                 Situation.parse(hand, up, "JQKA").up)[1]
    other = next(p for p in where.glob("shard-*.json.gz") if int(p.name[6:9]) != own)
    other.unlink()
    assert main(["lunar", "strategy", hand, "--up", up, "--deck", "JQKA", "--shards", str(where),
                 "--format", "json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["subject"]["source"]["stored"] is True and "card" not in obj["subject"]
