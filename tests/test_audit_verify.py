"""combin.audit.verify: a bundle re-hashed and rebuilt, every changed figure named once
(the file, the line or cell, both values); an edited manifest named as the bundle's fault."""

import json
import shutil

import pytest

from combin.audit.verify import verify
from combin.cli import main
from test_audit_bundle import ECLIPSE_B, _quiet, _write


def _state(root):
    """Every path of the bundle with its modification time and bytes (a verify only reads)."""
    return {p.relative_to(root).as_posix(): (p.stat().st_mtime_ns, p.read_bytes() if p.is_file() else None)
            for p in sorted(root.rglob("*"))}


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    return _write(tmp_path_factory.mktemp("verify") / "bundle", ECLIPSE_B)


def test_verify_passes_on_the_bundle_and_recomputes_it_identically(bundle):
    # Recomputing from the manifest's parameters is a second build: identical bytes.
    before = _state(bundle)
    assert verify(bundle, workers=2, progress=lambda message: None) == []
    assert _state(bundle) == before  # verification only reads


@pytest.mark.parametrize("field, value, words", [
    (("tool", "version"), "0.0.1", "tool version differs"),
    (("git_commit",), "f" * 40, "git commit differs"),
    (("command",), "combin audit --seed 6 --rounds 2000 --hands 2000 --shoes 300",
     "recorded command"),
    (("lab", "client"), "Casino Y", "the manifest's client 'Casino Y' is not the one"),
    (("verdicts", "baccarat", "all_checks_passed"), False, "recorded verdict differs"),
    (("parameters", "rounds"), 3000, "recorded parameters differ from baccarat/simulation.json"),
])
def test_verify_compares_the_manifests_metadata(bundle, tmp_path, field, value, words):
    copy = tmp_path / "edited"
    shutil.copytree(bundle, copy)
    recorded = json.loads((copy / "manifest.json").read_text())
    target = recorded
    for key in field[:-1]:
        target = target[key]
    target[field[-1]] = value
    (copy / "manifest.json").write_text(json.dumps(recorded))
    differences = verify(copy, recompute=False)
    assert any(words in line for line in differences), differences


def test_verify_recomputes_the_verdicts(bundle, tmp_path, monkeypatch):
    import combin.audit.verify as module        # verify rebuilds through its own name of build
    copy = tmp_path / "verdicts"
    shutil.copytree(bundle, copy)
    recorded = json.loads((copy / "manifest.json").read_text())
    files = {path: (copy / path).read_bytes() for path in recorded["files"]}  # as a rebuild gives
    verdicts, parameters = recorded["verdicts"], recorded["parameters"]
    assert verify(copy, recompute=False) == []
    monkeypatch.setattr(module, "build", lambda *a, **k: (files, verdicts, parameters))
    assert verify(copy, progress=lambda m: None) == []
    changed = {**verdicts, "baccarat": {**verdicts["baccarat"], "checks": "0/0"}}
    monkeypatch.setattr(module, "build", lambda *a, **k: (files, changed, parameters))
    assert verify(copy, progress=lambda m: None) == [
        "recorded verdict differs from the recomputation: baccarat"]


def test_verify_names_the_file_the_cell_and_both_values(bundle, tmp_path, capsys):
    copy = tmp_path / "tampered"
    shutil.copytree(bundle, copy)
    csv_file = copy / "baccarat/parsheets/8-decks/eclipse.eclipse-B.csv"
    data = bytearray(csv_file.read_bytes())
    data[data.index(b"112633011329024") + 14] = ord("5")   # one digit of a count
    csv_file.write_bytes(bytes(data))
    page = copy / "baccarat/parsheets/8-decks/eclipse.eclipse-B.md"
    text = page.read_text()
    row = next(line for line in text.splitlines() if line.startswith("| House edge  "))
    page.write_text(text.replace(row, row.replace("2.9664%", "2.9674%")))  # one digit of the edge
    assert verify(copy, recompute=False) == [
        "hash differs: baccarat/parsheets/8-decks/eclipse.eclipse-B.csv",
        "hash differs: baccarat/parsheets/8-decks/eclipse.eclipse-B.md"]
    found = verify(copy, workers=1, progress=_quiet)
    assert len(found) == len(set(found))                      # each difference said once
    assert "recomputed figures differ: baccarat/parsheets/8-decks/eclipse.eclipse-B.csv, row 2, " \
           "column 'combinations': bundle '112633011329025', recomputed '112633011329024'" in found
    assert any(line.startswith("recomputed figures differ: baccarat/parsheets/8-decks/"
                               "eclipse.eclipse-B.md, line ") and
               "table cell (row 'House edge', column 'Value'): bundle '2.9674%', "
               "recomputed '2.9664%'" in line for line in found), found
    with pytest.raises(SystemExit) as stop:
        main(["audit", "--verify", str(copy), "--hashes-only"])
    assert stop.value.code == 1
    assert "hash differs" in capsys.readouterr().err


def test_verify_an_extra_file_and_a_missing_manifest(bundle, tmp_path, capsys):
    copy = tmp_path / "extra"
    shutil.copytree(bundle, copy)
    (copy / "baccarat" / "note.txt").write_text("added later")
    assert verify(copy, recompute=False) == ["not in the manifest: baccarat/note.txt"]
    assert main(["audit", "--verify", str(tmp_path / "nowhere")]) == 2
    assert "no readable manifest.json" in capsys.readouterr().err


@pytest.mark.parametrize("name, value", [("rounds", 5), ("hands", 999), ("shoes", 0),
                                         ("seed", -1), ("rounds", 10**30)])
def test_verify_names_an_edited_parameter_of_the_manifest(tmp_path, name, value):
    """A recorded parameter no audit writes (``rounds: 5``) is the bundle's fault, not the
    user's: --verify (a real process, recomputing) names the manifest and the parameter, says
    "edited", exits 1, never tells the user to give more rounds, and writes nothing."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    from hostile_cases import _set, make_bundle, snapshot
    make_bundle(edit=_set(["parameters", name], value))(tmp_path)
    before = snapshot(tmp_path)
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    done = subprocess.run([sys.executable, "-m", "combin", "audit", "--verify",
                           str(tmp_path / "bundle")], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, done.stderr
    assert f"{tmp_path / 'bundle' / 'manifest.json'}: the recorded parameter {name} is " \
           f"{str(value)[:40]}" in done.stderr
    assert "the manifest was edited" in done.stderr
    assert "need at least" not in done.stderr and "verified" not in done.stderr + done.stdout
    assert "Traceback" not in done.stderr
    assert snapshot(tmp_path) == before


@pytest.fixture(scope="module")
def sharded(tmp_path_factory):
    """A bundle's folder holding an exact run in shards (the game on J to A, 3 shards) and the
    sheet assembled from them, as the bundle carries the 52-card run (lunar/game/full/)."""
    root = tmp_path_factory.mktemp("sharded")
    game = root / "lunar" / "game"
    argv = ["game", "lunar", "--deck", "JQKA", "--shards", str(game / "full"), "--shard-count", "3",
            "--workers", "0", "--store", str(root.parent / f"{root.name}.sqlite")]
    for form in ("md", "json"):
        assert main([*argv, "--format", form, "--out", str(game / f"full-deck.{form}")]) == 0
    return root


def _hashes(root):
    return {p.relative_to(root).as_posix(): "" for p in root.rglob("*") if p.is_file()}


def _rewrite_shard(path, edit):
    """A shard edited by someone who also recomputes its digest and pins it in the plan (the
    digests alone prove nothing)."""
    import gzip
    import hashlib
    obj = json.loads(gzip.decompress(path.read_bytes()))
    body = {k: v for k, v in obj.items() if k != "digest"}
    edit(body)
    body["digest"] = hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    path.write_bytes(gzip.compress(json.dumps(body, separators=(",", ":")).encode(), mtime=0))
    # and pins it in the plan too (the plan pins every shard's digest): only pricing again finds it
    plan_path = path.parent / "plan.json"
    plan = json.loads(plan_path.read_text())
    plan["digests"][body["shard"]] = body["digest"]
    plan_path.write_text(json.dumps(plan, indent=1) + "\n")


def test_the_shards_of_an_exact_run_are_assembled_and_priced_again(sharded, tmp_path):
    from combin.lunar.audit import shard_differences as _shard_differences
    assert _shard_differences(sharded, _hashes(sharded), 8, 1, lambda message: None) == []
    root = tmp_path / "b"
    shutil.copytree(sharded, root)
    # a figure of the sheet edited: named by its line and cell, both values
    sheet = root / "lunar/game/full-deck.md"
    text = sheet.read_text()
    # C(16,5) x 11 situations on the 16 cards J to A
    line = next(line for line in text.splitlines() if line.startswith("| situations: C(n,5) x (n-5)"))
    assert line.endswith(" 48,048 |")
    sheet.write_text(text.replace(line, line.replace(" 48,048 |", " 48,049 |"), 1))
    found = _shard_differences(root, _hashes(root), 0, 1, lambda message: None)
    assert len(found) == 1 and "lunar/game/full-deck.md" in found[0]
    assert "bundle '48,049', recomputed '48,048'" in found[0]
    sheet.write_text(text)
    # a kept value one unit off, with its digest made good: the card-by-card engine disagrees
    path = root / "lunar/game/full/shard-001.json.gz"
    kept = {}

    def one_more(body):
        entry = body["checks"][0]
        kept.update(index=entry[0], value=entry[2])
        entry[2] = str(int(entry[2]) + 1)
    _rewrite_shard(path, one_more)
    found = _shard_differences(root, _hashes(root), 10 ** 6, 1, lambda message: None)
    # the sheets built from the forged plan name another plan digest, and the card-by-card
    # engine prices the kept class again
    kept_line = [line for line in found if f"shard 1, class {kept['index']}: kept " in line]
    assert len(kept_line) == 1
    assert all("plan.json sha256" in line or line in kept_line for line in found), found
    # its strategy code changed in the kept list only: the shard no longer agrees with itself
    _rewrite_shard(path, lambda body: body["checks"][0].__setitem__(1, (body["checks"][0][1] + 1) % 29))
    found = _shard_differences(root, _hashes(root), 10 ** 6, 1, lambda message: None)
    assert sum("a kept class's option is not the one of its strategy code" in line
               for line in found) == 1, found
    # a shard missing
    path.unlink()
    found = _shard_differences(root, _hashes(root), 5, 1, lambda message: None)
    assert found == ["recomputed figures differ: lunar/game/full/: a shard of the plan is missing"]


def test_a_full_verify_prices_one_whole_shard_by_default(monkeypatch, capsys, tmp_path):
    """Issue 37: beside the sampled classes, a full ``--verify`` prices at least one whole shard
    of each exact whole-game run again; ``--verify-shards 0`` turns it off, and the verdict
    says what was done."""
    import combin.audit.verify as module
    asked = []
    monkeypatch.setattr(module, "verify", lambda directory, workers, **options: asked.append(options) or [])
    assert main(["audit", "--verify", str(tmp_path)]) == 0
    assert main(["audit", "--verify", str(tmp_path), "--verify-shards", "0"]) == 0
    assert [options["shards"] for options in asked] == [1, 0]
    first, second = capsys.readouterr().out.splitlines()
    assert "1 whole shard chosen at random (seeded) of each such run was priced again" in first
    assert "whole shard" not in second


def test_a_shard_written_before_the_side_sums_is_compared_on_what_it_holds(sharded, tmp_path):
    """Issue 35: the committed 52-card shards predate the side wager's sums ('side' in their
    totals), so pricing one again found 'its digest' and 'its totals' different though every
    sum it holds was the same; a shard without them is compared on what it holds, and a sum it
    holds still may not differ."""
    from combin.stud.game.shards import reprice_shard
    root = tmp_path / "b"
    shutil.copytree(sharded, root)
    folder = root / "lunar/game/full"
    path = folder / "shard-000.json.gz"
    import gzip
    assert "side" in json.loads(gzip.decompress(path.read_bytes()))["totals"]
    store = str(tmp_path / "store.sqlite")
    # sums by each class's canonical five alone (the version before the split): not compared
    _rewrite_shard(path, lambda body: body["totals"].pop("side_split"))
    _rewrite_shard(path, lambda body: body["totals"]["side"].update(
        {key: dict(cell, weight=str(int(cell["weight"]) + 24)) for key, cell in body["totals"]["side"].items()}))
    assert reprice_shard(folder, 0, store) == []
    _rewrite_shard(path, lambda body: body["totals"].pop("side"))
    assert reprice_shard(folder, 0, store) == []

    _rewrite_shard(path, lambda body: body["totals"].__setitem__("best", str(int(body["totals"]["best"]) + 1)))
    assert reprice_shard(folder, 0, store) == ["shard-000.json.gz: its digest is not the one priced again",
                                               "shard-000.json.gz: its totals is not the one priced again"]


def test_a_shard_whose_engine_priced_more_options_is_compared_on_its_sums(sharded, tmp_path):
    """The committed 52-card shards count the options their engine priced exactly, the runner-up
    included; a run now prices the best alone, so it counts fewer: that count is work, not a
    figure, and is not a difference -- a sum still is."""
    from combin.stud.game.shards import reprice_shard
    root = tmp_path / "b"
    shutil.copytree(sharded, root)
    folder = root / "lunar/game/full"
    path = folder / "shard-000.json.gz"
    _rewrite_shard(path, lambda body: body["totals"].__setitem__("priced", str(int(body["totals"]["priced"]) + 99)))
    store = str(tmp_path / "store.sqlite")
    assert reprice_shard(folder, 0, store) == []
    _rewrite_shard(path, lambda body: body["totals"].__setitem__("second", str(int(body["totals"]["second"]) - 1)))
    assert reprice_shard(folder, 0, store) == ["shard-000.json.gz: its digest is not the one priced again",
                                               "shard-000.json.gz: its totals is not the one priced again"]
