"""The stud games in the evidence bundle: Caribbean Stud and the Lunar whole game."""

import json
import shutil
from math import comb

import pytest

from combin.audit.bundle import audit_command, build, write
from combin.audit.verify import verify
from combin.audit.scope import Scope
from combin.caribbean.audit import PUBLISHED as PUBLISHED_CARIBBEAN, whole_game_pages as caribbean

SMALL = {"seed": 3, "rounds": 2000, "hands": 2000, "shoes": 300}


def _quiet(message):
    pass


@pytest.fixture(scope="module")
def nine_to_ace(tmp_path_factory):
    """Caribbean Stud on the 24 cards 9 to A, every strategy."""
    out = tmp_path_factory.mktemp("stud") / "caribbean"
    files, verdicts, record = build(**SMALL, workers=1, progress=_quiet,
                                    scope=Scope(game="caribbean", deck="9TJQKA"))
    write(out, files, verdicts, record, audit_command(record))
    return out


def test_caribbean_is_in_the_manifest_under_every_strategy(nine_to_ace):
    manifest = json.loads((nine_to_ace / "manifest.json").read_text())
    for strategy in ("optimal", "always", "pair", "ace-king", "thumb"):
        assert f"caribbean/game/{strategy}.md" in manifest["files"]
        sheet = json.loads((nine_to_ace / f"caribbean/game/{strategy}.json").read_text())
        # The cycle by a second route: the player's five, the up card, the dealer's other four.
        assert int(sheet["subject"]["cycle"]) == comb(24, 5) * 19 * comb(18, 4) == 2_471_182_560
    assert manifest["verdicts"]["caribbean"]["all_checks_passed"] is True
    assert "caribbean/REPORT.md" in manifest["files"]
    report = (nine_to_ace / "REPORT.md").read_text()
    assert "Caribbean Stud" in report and "checks passed" in report.splitlines()[4]


def test_verify_recomputes_caribbean_and_names_an_edited_figure(nine_to_ace, tmp_path):
    assert verify(nine_to_ace, workers=1, progress=_quiet) == []
    copy = tmp_path / "edited"
    shutil.copytree(nine_to_ace, copy)
    page = copy / "caribbean/game/optimal.md"
    text = page.read_text()
    page.write_text(text.replace("2,471,182,560", "2,471,182,561", 1))
    found = verify(copy, workers=1, progress=_quiet)
    assert "hash differs: caribbean/game/optimal.md" in found
    assert any(line.startswith("recomputed figures differ: caribbean/game/optimal.md, line ")
               and "bundle '2,471,182,561', recomputed '2,471,182,560'" in line
               for line in found), found


@pytest.mark.slow
def test_caribbean_on_52_cards_checks_the_published_totals_to_the_integer():
    found = caribbean(None, _quiet)
    anchors = [check for check in found.checks if check.group == "anchor"]
    assert len(anchors) == len(PUBLISHED_CARIBBEAN["loss"]) + len(PUBLISHED_CARIBBEAN["edge"]) == 8
    assert all(check.passed for check in anchors)


@pytest.mark.slow
def test_lunar_bundle_holds_the_whole_game_and_verify_passes(tmp_path):
    out = tmp_path / "lunar"
    files, verdicts, record = build(**SMALL, workers=1, progress=_quiet,
                                    scope=Scope(game="lunar", paytable="A", deck="9TJQKA"))
    write(out, files, verdicts, record, audit_command(record))
    assert "lunar/game/no-draw.md" in json.loads((out / "manifest.json").read_text())["files"]
    assert not (out / "lunar/parsheets/1-deck/lunar.instant-A.md").exists()
    assert verify(out, workers=1, progress=_quiet) == []


def test_the_committed_lunar_sheets_are_carried_into_the_bundle():
    from pathlib import Path
    from combin.lunar.audit import pages as _lunar_game
    committed = Path(__file__).parents[1] / "tables" / "lunar" / "game"
    # with the optional page groups (--include reduced-decks --include samples): every committed sheet
    found = _lunar_game(Scope(game="lunar", paytable="A", include=("reduced-decks", "samples")), SMALL, 1, _quiet)
    sheets = [p for p in committed.iterdir() if p.is_file()]
    # the shards of the exact 52-card run (full/) travel with the sheet assembled from them,
    # once it is committed (every shard in)
    run = sorted((committed / "full").iterdir()) if (committed / "full-deck.json").is_file() else []
    assert set(found.pages) == {f"game/{p.name}" for p in sheets} | {f"game/full/{p.name}" for p in run} \
        | {"game/method.md"} | {f"game/{name}.{form}" for name in ("super-dealer", "super-other-player")
                                for form in ("md", "json")}
    for path in sheets:
        assert found.pages[f"game/{path.name}"] == (path.read_bytes() if path.suffix == ".png" else path.read_text())
    for path in run:
        assert found.pages[f"game/full/{path.name}"] == path.read_bytes()
    assert "game/full-deck-sample-2000-seed-1.md" in found.pages   # the 52-card game, a sample
    assert [check.passed for check in found.checks] == [True] * (2 if run else 1)


@pytest.mark.slow
def test_verify_sums_a_committed_reduced_deck_again_and_names_an_edited_figure(tmp_path):
    from pathlib import Path
    from combin.lunar.audit import draw_differences as _draw_differences
    committed = Path(__file__).parents[1] / "tables" / "lunar" / "game"
    game = tmp_path / "lunar" / "game"
    game.mkdir(parents=True)
    text = (committed / "JQKA.md").read_text()
    shutil.copy(committed / "JQKA-strategy.json", game / "JQKA-strategy.json")
    hashes = {"lunar/game/JQKA.md": "", "lunar/game/JQKA-strategy.json": ""}
    (game / "JQKA.md").write_text(text)
    assert _draw_differences(tmp_path, hashes, 0, _quiet) == []
    # C(16,5) x 11 situations on the 16 cards J to A: one digit changed.
    assert "| situations: C(n,5) x (n-5)" in text and f"{comb(16, 5) * 11:,}" == "48,048"
    (game / "JQKA.md").write_text(text.replace("48,048 |", "48,049 |", 1))
    found = _draw_differences(tmp_path, hashes, 0, _quiet)
    assert len(found) == 1 and "lunar/game/JQKA.md, line 16, table cell" in found[0]
    assert "bundle '48,049', recomputed '48,048'" in found[0]


@pytest.mark.slow
def test_the_lunar_submission_on_the_command_line(tmp_path, capsys):
    """The issue's own command: `combin audit --out l --game lunar --paytable A` (small
    simulations), verified -- the reduced decks summed again, 20 of the 52-card sample's
    classes priced again -- then one digit of a class's value edited."""
    from combin.cli import main
    out = tmp_path / "l"
    small = [word for name, value in SMALL.items() for word in (f"--{name}", str(value))]
    assert main(["audit", "--out", str(out), "--game", "lunar", "--paytable", "A",
                 "--include", "reduced-decks", "--include", "samples", "--workers", "1", *small]) == 0
    capsys.readouterr()
    files = json.loads((out / "manifest.json").read_text())["files"]
    classes = "lunar/game/full-deck-sample-2000-seed-1-classes.csv"
    assert classes in files and "lunar/game/9TJQKA.md" in files
    assert main(["audit", "--verify", str(out), "--workers", "1", "--verify-classes", "20"]) == 0
    capsys.readouterr()
    import random
    from combin.audit.simulate import stream_seed
    page = out / classes
    lines = page.read_text().splitlines(keepends=True)
    # a row the seeded choice of 20 classes prices again (the bundle's seed, the file's path)
    row = 1 + min(random.Random(stream_seed(SMALL["seed"], "verify-classes", classes)).sample(
        range(len(lines) - 1), 20))
    cells = lines[row].rstrip("\n").split(",")
    value = cells[6]
    numerator = value.split("/")[0]
    edited = str(int(numerator) + 1) + value[len(numerator):]
    lines[row] = ",".join(cells[:6] + [edited] + cells[7:]) + "\n"
    page.write_text("".join(lines))
    with pytest.raises(SystemExit) as stop:
        main(["audit", "--verify", str(out), "--workers", "1", "--verify-classes", "20"])
    assert stop.value.code == 1
    err = capsys.readouterr().err
    assert f"hash differs: {classes}" in err
    assert (f"recomputed figures differ: {classes}, row {row + 1} (class {cells[0]}), column "
            f"'value': bundle {edited!r}, recomputed {value!r}") in err


def test_the_published_caribbean_totals_are_compared_as_exact_fractions(monkeypatch):
    """On 52 cards the whole game's total is an exact Fraction; the anchor check compares it
    to the published integer and prints it grouped (Python 3.11 cannot format a Fraction with
    ","): a total one unit off fails and shows its own digits."""
    from fractions import Fraction
    cycle = 19_933_230_517_200
    # optimal as published, always one unit off, the other strategies a whole loss
    totals = {"optimal": -1_041_372_912_372, "always": -3_310_360_338_061}

    class Result:
        def __init__(self, strategy):
            self.cycle = cycle
            self.total = Fraction(totals.get(strategy, -cycle))
            self.expected = self.total / cycle
            self.lines = {("lose", None, Fraction(-1)): cycle}

    import combin.caribbean.audit
    # the names as the game's audit module holds them (imported at its top)
    monkeypatch.setattr(combin.caribbean.audit, "whole_game",
                        lambda rules, deck, strategy: Result(strategy))
    monkeypatch.setattr(combin.caribbean.audit, "game_document", lambda result: None)
    monkeypatch.setattr(combin.caribbean.audit, "render", lambda document, fmt: "")
    anchors = {check.name: check for check in caribbean(None, _quiet).checks
               if check.group == "anchor"}
    optimal = anchors["Caribbean Stud, optimal: total loss 1,041,372,912,372 over the cycle "
                      "19,933,230,517,200"]
    assert optimal.passed and optimal.detail == "computed 1,041,372,912,372 over 19,933,230,517,200"
    always = next(check for name, check in anchors.items() if "always" in name and "total loss" in name)
    assert not always.passed and always.detail.startswith("computed 3,310,360,338,061 over")
    # beside the three published totals, the five published house edges at three places: the
    # optimal total rounds to 5.224 %, one unit off always still to 16.607 %, a whole loss to none
    edges = {name.split(":")[0]: check.passed for name, check in anchors.items() if "house edge" in name}
    assert edges == {"Caribbean Stud, optimal": True, "Caribbean Stud, always": True,
                     "Caribbean Stud, thumb": False, "Caribbean Stud, akj83": False,
                     "Caribbean Stud, pair": False}
    assert len(anchors) == 3 + 5


def test_the_kept_classes_of_a_late_shard_re_price_and_a_changed_value_is_named(tmp_path):
    """reprice_kept lists only the picked shards' classes: a kept class of shard 200 (far from the
    first class) is priced again as it is kept, and once its kept value is changed (the digest
    made again and pinned in the plan, as a forger would) the change is named with the shard
    and class."""
    import gzip
    from pathlib import Path
    from combin.lunar.audit import reprice_kept
    from combin.stud.game.shards import shard_digest
    full = Path(__file__).resolve().parent.parent / "tables/lunar/game/full"
    folder = tmp_path / "full"
    folder.mkdir()
    shutil.copy(full / "plan.json", folder / "plan.json")
    shutil.copy(full / "shard-200.json.gz", folder / "shard-200.json.gz")
    assert reprice_kept(folder, 2, 7, _quiet) == []
    shard = json.loads(gzip.decompress((folder / "shard-200.json.gz").read_bytes()))
    body = {k: v for k, v in shard.items() if k != "digest"}
    body["checks"] = [[index, code, str(int(value) + 1)] for index, code, value in body["checks"]]
    text = json.dumps(dict(body, digest=shard_digest(body)), separators=(",", ":")) + "\n"
    (folder / "shard-200.json.gz").write_bytes(gzip.compress(text.encode(), mtime=0))
    plan = json.loads((folder / "plan.json").read_text())      # the forger re-pins it too
    plan["digests"][200] = shard_digest(body)
    (folder / "plan.json").write_text(json.dumps(plan, indent=1) + "\n")
    found = reprice_kept(folder, 1, 7, _quiet)
    assert len(found) == 1 and found[0].startswith("recomputed figures differ: shard 200, class ")
