"""The evidence bundle: manifest hashes, reproducibility, and --verify catching tampering."""

import hashlib
import importlib.util
import json
import shutil

import pytest

from combin.audit.bundle import audit_command, build, verify, write
from combin.cli import main

SMALL = {"seed": 5, "rounds": 2000, "hands": 2000, "shoes": 300}


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    out = tmp_path_factory.mktemp("audit") / "bundle"
    files, verdicts, parameters = build(**SMALL, workers=2, progress=lambda message: None)
    write(out, files, verdicts, parameters, audit_command(parameters))
    return out


def test_manifest_hashes_every_file(bundle):
    manifest = json.loads((bundle / "manifest.json").read_text())
    on_disk = {p.relative_to(bundle).as_posix() for p in bundle.rglob("*") if p.is_file()}
    assert set(manifest["files"]) == on_disk - {"manifest.json"}
    for path, digest in manifest["files"].items():
        assert hashlib.sha256((bundle / path).read_bytes()).hexdigest() == digest
    assert manifest["parameters"] == SMALL and manifest["command"] == "combin audit --seed 5 --rounds 2000 --hands 2000 --shoes 300"
    assert manifest["dependencies"]["sympy"] != "not installed"


def test_bundle_holds_what_a_lab_files(bundle):
    for game in ("baccarat", "lunar"):
        for name in ("REPORT.md", "method.md", "interpretations.md", "checks.md", "checks.json",
                     "simulation.md", "simulation.json"):
            assert (bundle / game / name).is_file()
        html = (bundle / game / "REPORT.html").read_text()
        assert html.startswith("<!DOCTYPE html>") and "<table>" in html and "certification report" in html
        assert '<td class="num">' in html
        checks = json.loads((bundle / game / "checks.json").read_text())
        assert checks and all(check["passed"] for check in checks)
    assert (bundle / "baccarat/parsheets/8-decks/eclipse.supreme7-B.json").is_file()
    assert (bundle / "baccarat/parsheets/8-decks/eclipse.supreme7-B.csv").is_file()
    assert (bundle / "lunar/parsheets/1-deck/lunar.super-posted.md").is_file()
    protection = bundle / "baccarat/protection"
    assert (protection / "eor-eclipse.sun7.md").is_file() and (protection / "decks-eclipse.moon8.md").is_file()
    if importlib.util.find_spec("matplotlib") is None:
        assert (protection / "CHARTS.md").is_file()
    else:
        assert (protection / "eor-eclipse.sun7.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert (protection / "count-eclipse.moon8.png").is_file()
    report = (bundle / "REPORT.html").read_text()
    assert report.count("<html") == 1 and "<h2>Every wager, paytable and rule set</h2>" in report
    assert '<a href="baccarat/parsheets/8-decks/eclipse.supreme7-B.html">' in report
    assert (bundle / "baccarat/parsheets/8-decks/eclipse.supreme7-B.html").is_file()
    assert (bundle / "baccarat/method.html").is_file() and 'href="method.html"' in html
    assert ".md\"" not in report and 'href="baccarat/REPORT.html"' in report
    if importlib.util.find_spec("matplotlib") is not None:
        assert report.count('<img src="data:image/png;base64,') == len(
            list(protection.glob("*.png")))
    register = (bundle / "baccarat/interpretations.md").read_text()
    assert "E1" in register and "paid-rows" in register and "§ 631b.11(d)(5)" in register
    method = (bundle / "baccarat/method.md").read_text()
    assert "4,998,398,275,503,360" in method and "No rounding happens before" in method


def _state(root):
    return {p.relative_to(root).as_posix(): (p.stat().st_mtime_ns, p.read_bytes() if p.is_file() else None)
            for p in sorted(root.rglob("*"))}


def test_bundle_holds_the_joint_super_tables_and_their_checks(bundle):
    for hands in (2, 3):
        for name in (f"supers-{hands}-hands-keys.csv", f"supers-{hands}-hands-lines.md",
                     f"package-supers-{hands}.md", f"package-supers-{hands}.json"):
            assert (bundle / "lunar/tables" / name).is_file()
    checks = {c["name"]: c["passed"] for c in
              json.loads((bundle / "lunar/checks.json").read_text())}
    two = [name for name in checks if name.startswith("two Super hands")]
    three = [name for name in checks if name.startswith("three Super hands")]
    assert len(two) == 5 and len(three) == 6 and all(checks[name] for name in two + three)
    method = (bundle / "lunar/method.md").read_text()
    assert "combin.lunar.joint" in method and "combin.lunar.rankscan" in method


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
    import combin.audit.bundle as module
    copy = tmp_path / "verdicts"
    shutil.copytree(bundle, copy)
    recorded = json.loads((copy / "manifest.json").read_text())
    files = {path: (copy / path).read_bytes() for path in recorded["files"]}  # as a rebuild gives
    verdicts, parameters = recorded["verdicts"], recorded["parameters"]
    assert verify(copy, recompute=False) == []
    monkeypatch.setattr(module, "build", lambda *a, **k: (files, verdicts, parameters))
    assert verify(copy, progress=lambda m: None) == []
    changed = {**verdicts, "lunar": {**verdicts["lunar"], "checks": "0/0"}}
    monkeypatch.setattr(module, "build", lambda *a, **k: (files, changed, parameters))
    assert verify(copy, progress=lambda m: None) == [
        "recorded verdict differs from the recomputation: lunar"]


def test_verify_catches_a_changed_byte(bundle, tmp_path, capsys):
    copy = tmp_path / "tampered"
    shutil.copytree(bundle, copy)
    target = copy / "baccarat/parsheets/8-decks/eclipse.sun7-A.csv"
    data = bytearray(target.read_bytes())
    data[data.index(b"112633011329024")] = ord("2")
    target.write_bytes(bytes(data))
    assert verify(copy, recompute=False) == ["hash differs: baccarat/parsheets/8-decks/eclipse.sun7-A.csv"]
    with pytest.raises(SystemExit) as stop:
        main(["audit", "--verify", str(copy), "--hashes-only"])
    assert stop.value.code == 1
    assert "hash differs" in capsys.readouterr().err


def test_verify_an_extra_file_and_a_missing_manifest(bundle, tmp_path, capsys):
    copy = tmp_path / "extra"
    shutil.copytree(bundle, copy)
    (copy / "lunar" / "note.txt").write_text("added later")
    assert verify(copy, recompute=False) == ["not in the manifest: lunar/note.txt"]
    assert main(["audit", "--verify", str(tmp_path / "nowhere")]) == 2
    assert "no readable manifest.json" in capsys.readouterr().err
