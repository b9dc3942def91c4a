"""The evidence bundle: scope, deduplication, own streams, manifest hashes, reproducibility,
and --verify naming every changed figure."""

import hashlib
import json
import shutil

import pytest

from combin.core.analysis import par_sheet
from combin.audit.bundle import audit_command, build, write
from combin.audit.scope import Scope
from combin.audit.verify import verify
from combin.cli import main

SMALL = {"seed": 5, "rounds": 2000, "hands": 2000, "shoes": 300}
LAB = {"client": "Casino X", "submission": "RS-22", "prepared_by": "Test Lab",
       "date": "2026-12-01"}
#: One Rules Submission: Eclipse Paytable B on EZ Baccarat (and its Moon 8 component).
ECLIPSE_B = Scope(game="baccarat", wagers=("eclipse.eclipse",), paytable="B", rules="ez")


def _quiet(message):
    pass


def _write(out, scope, lab=LAB, **parameters):
    files, verdicts, record = build(**{**SMALL, **parameters}, workers=1, progress=_quiet,
                                    scope=scope, lab=lab)
    write(out, files, verdicts, record, audit_command(record))
    return out


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    return _write(tmp_path_factory.mktemp("audit") / "bundle", ECLIPSE_B)


@pytest.fixture(scope="module")
def ruled(tmp_path_factory):
    """Player, Banker and Tie on 8 decks under every rule set, and the Sun 7 A/B/C."""
    out = tmp_path_factory.mktemp("audit") / "ruled"
    files, verdicts, record = build(**SMALL, workers=1, progress=_quiet, scope=Scope(
        game="baccarat", wagers=("baccarat.player", "baccarat.banker", "baccarat.tie",
                                 "eclipse.sun7"), decks="8"))
    write(out, files, verdicts, record, audit_command(record))
    return out


def test_manifest_hashes_every_file_and_records_the_scope(bundle):
    manifest = json.loads((bundle / "manifest.json").read_text())
    on_disk = {p.relative_to(bundle).as_posix() for p in bundle.rglob("*") if p.is_file()}
    assert set(manifest["files"]) == on_disk - {"manifest.json"}
    for path, digest in manifest["files"].items():
        assert hashlib.sha256((bundle / path).read_bytes()).hexdigest() == digest
    assert manifest["parameters"] == SMALL and manifest["lab"] == LAB
    assert manifest["command"] == (
        "combin audit --seed 5 --rounds 2000 --hands 2000 --shoes 300 --game baccarat "
        "--paytable B --rules ez --wager eclipse.eclipse --client 'Casino X' --submission RS-22 "
        "--prepared-by 'Test Lab' --date 2026-12-01")
    assert manifest["scope"]["wagers"] == ["eclipse.eclipse"] and manifest["scope"]["paytable"] == "B"
    assert set(manifest["verdicts"]) == {"baccarat"}
    assert manifest["dependencies"]["sympy"] != "not installed"


def test_a_scoped_bundle_holds_that_configuration_only(bundle):
    sheets = sorted(p.relative_to(bundle).as_posix() for p in (bundle / "baccarat/parsheets").rglob("*.md"))
    assert sheets == ["baccarat/parsheets/6-decks/eclipse.eclipse-B.md",
                      "baccarat/parsheets/8-decks/eclipse.eclipse-B.md"]
    protection = bundle / "baccarat/protection"
    assert (protection / "eor-eclipse.eclipse.md").is_file()
    assert not (protection / "eor-eclipse.sun7.md").exists()
    assert not (bundle / "lunar").exists() and not (bundle / "caribbean").exists()
    for name in ("REPORT.md", "method.md", "interpretations.md", "checks.md", "checks.json",
                 "simulation.md", "simulation.json"):
        assert (bundle / "baccarat" / name).is_file()
    checks = json.loads((bundle / "baccarat/checks.json").read_text())
    assert checks and all(check["passed"] for check in checks)
    register = (bundle / "baccarat/interpretations.md").read_text()
    assert "E1" in register and "paid-rows" in register and "§ 631b.11(d)(5)" in register


def test_the_report_opens_with_the_verdict(bundle):
    checks = len(json.loads((bundle / "baccarat/checks.json").read_text()))
    # eclipse.eclipse B read two ways (E1=events, E1=paid-rows): two settlements, two streams.
    first = (bundle / "REPORT.md").read_text().splitlines()[:12]
    text = "\n".join(first)
    assert f"{checks} of {checks} checks passed, 2 of 2 simulations inside their 99 % interval" in text
    assert "baccarat: eclipse.eclipse, paytable B, rules ez" in text
    for value in ("Casino X", "RS-22", "Test Lab", "2026-12-01", "Git commit", "combin 0.1.0"):
        assert value in text
    html = (bundle / "REPORT.html").read_text()
    assert html.index("checks passed") < html.index("<h2>Every wager, paytable and rule set</h2>")
    game = (bundle / "baccarat/REPORT.md").read_text().splitlines()[:8]
    assert any("Verdict" in line and f"{checks} of {checks} checks passed" in line for line in game)


def test_a_wager_independent_of_the_rule_set_appears_once(ruled):
    folder = ruled / "baccarat/parsheets/8-decks"
    names = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.md"))
    assert names == ["baccarat.player-standard.md", "baccarat.tie-8to1.md", "baccarat.tie-9to1.md",
                     "eclipse.sun7-A.md", "eclipse.sun7-B.md", "eclipse.sun7-C.md",
                     "rules-ez/baccarat.banker-ez.md", "rules-standard/baccarat.banker-standard.md",
                     "rules-super6/baccarat.banker-super6.md"]
    # The reason, by a second route: the Player's counts are the same under each rule set.
    counts = {rules: [l.combinations for l in par_sheet("baccarat.player", rules=rules).lines]
              for rules in ("standard", "ez", "super6")}
    assert counts["standard"] == counts["ez"] == counts["super6"]
    sheet = json.loads((folder / "baccarat.player-standard.json").read_text())
    assert "standard, ez, super6" in json.dumps(sheet)


def test_each_simulation_has_its_own_recorded_stream(ruled):
    simulation = json.loads((ruled / "baccarat/simulation.json").read_text())
    confirmations = simulation["confirmations"]
    # Player 1, Tie 2, Banker 3, and Sun 7 once: its paytables A, B and C pay the same
    # (40 to 1, read from the game's data below), so they are one settlement, simulated once.
    pays = {p: [(l.event, str(l.pays)) for l in par_sheet("eclipse.sun7", paytable=p).lines]
            for p in "ABC"}
    assert pays["A"] == pays["B"] == pays["C"]
    assert len(confirmations) == 7
    assert len({c["seed"] for c in confirmations}) == 7
    assert [c["paytable"] for c in confirmations if c["wager"] == "eclipse.sun7"] == ["A"]
    assert {c["rules"] for c in confirmations if c["wager"] == "baccarat.player"} == {"standard+ez+super6"}
    assert "7 of 7 simulations" in (ruled / "REPORT.md").read_text()


def test_a_scope_option_no_game_reads_is_refused(tmp_path, capsys):
    assert main(["audit", "--out", str(tmp_path / "x"), "--paytable", "B"]) == 2
    assert "add --game" in capsys.readouterr().err
    assert main(["audit", "--out", str(tmp_path / "x"), "--game", "baccarat", "--deck", "9TJQKA"]) == 2
    assert "--deck names the ranks of a stud game" in capsys.readouterr().err
    assert main(["audit", "--out", str(tmp_path / "x"), "--wager", "eclipse.sun7",
                 "--interpret", "L5=strict"]) == 2
    assert "no wager of this configuration reads L5" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()
    assert main(["audit", "--verify", str(tmp_path), "--game", "lunar"]) == 2
    assert "--verify reads them from the bundle's manifest" in capsys.readouterr().err


def test_a_user_paytable_file_is_copied_into_the_bundle_and_hashed(tmp_path):
    from pathlib import Path
    source = Path(__file__).parent / "data" / "moon8-30to1.toml"
    scope = Scope(game="baccarat", wagers=("eclipse.moon8",), paytable="M30", decks="8",
                  paytable_files=(("moon8-30to1.toml", source.read_text()),))
    out = _write(tmp_path / "b", scope)
    manifest = json.loads((out / "manifest.json").read_text())
    assert "inputs/moon8-30to1.toml" in manifest["files"]
    assert (out / "inputs/moon8-30to1.toml").read_bytes() == source.read_bytes()
    sheet = (out / "baccarat/parsheets/8-decks/eclipse.moon8-M30.md").read_text()
    assert "user file moon8-30to1.toml" in sheet.lower()
    assert "--paytable-file inputs/moon8-30to1.toml" in manifest["command"]
    assert verify(out, workers=1, progress=_quiet) == []


@pytest.mark.slow
def test_bundle_holds_the_joint_super_tables_and_their_checks(tmp_path):
    bundle = _write(tmp_path / "lunar", Scope(game="lunar", wagers=("lunar.super",)))
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


@pytest.mark.skipif(shutil.which("chromium") is None, reason="chromium is not installed")
def test_the_eclipse_submission_on_the_command_line_with_its_pdf(tmp_path, capsys):
    """The issue's own command: `combin audit --out b --game baccarat --wager eclipse.eclipse
    --paytable B --rules ez --pdf` (small simulations), verified, then one digit edited."""
    out = tmp_path / "b"
    small = [word for name, value in SMALL.items() for word in (f"--{name}", str(value))]
    assert main(["audit", "--out", str(out), "--game", "baccarat", "--wager", "eclipse.eclipse",
                 "--paytable", "B", "--rules", "ez", "--pdf", "--workers", "1", "--date",
                 "2026-12-01", *small]) == 0
    capsys.readouterr()
    manifest = json.loads((out / "manifest.json").read_text())
    assert (out / "REPORT.pdf").read_bytes()[:5] == b"%PDF-" and "REPORT.pdf" in manifest["files"]
    _the_pdf_is_the_filing(out)
    assert main(["audit", "--verify", str(out), "--workers", "1"]) == 0
    verdict = capsys.readouterr().out   # the verdict is the command's result: on stdout
    assert "verified" in verdict and "recomputed in full and is identical" in verdict
    sheet = out / "baccarat/parsheets/8-decks/eclipse.eclipse-B.md"
    text = sheet.read_text()
    # the other reading's house edge, beside the figure (§ 631b.11's open point E1)
    assert "| House edge if E1=paid-rows |" in text
    row = next(line for line in text.splitlines() if line.startswith("| House edge  "))
    sheet.write_text(text.replace(row, row.replace("2.9664%", "2.9665%")))   # one digit of it
    with pytest.raises(SystemExit) as stop:
        main(["audit", "--verify", str(out), "--workers", "1"])
    assert stop.value.code == 1
    err = capsys.readouterr().err
    assert "hash differs: baccarat/parsheets/8-decks/eclipse.eclipse-B.md" in err
    assert "recomputed figures differ: baccarat/parsheets/8-decks/eclipse.eclipse-B.md, line " in err
    assert "table cell (row 'House edge', column 'Value'): bundle '2.9665%', recomputed " \
           "'2.9664%'" in err


def test_the_report_flags_each_figure_that_needs_a_ruling(bundle, ruled):
    """Eclipse B moves with E1 (open): the game's report has a 'Ruling required' table with
    both figures, each equal to the figure of the sheet filed under that reading (the sheet's
    own 'House edge if' row); Sun 7 reads only a fixed interpretation: no such table."""
    report = (bundle / "baccarat/REPORT.md").read_text()
    assert "Ruling required: open readings that move a figure" in report
    sheet = (bundle / "baccarat/parsheets/8-decks/eclipse.eclipse-B.md").read_text()
    own = next(line for line in sheet.splitlines() if line.startswith("| House edge  "))
    other = next(line for line in sheet.splitlines() if line.startswith("| House edge if E1="))
    own_edge, other_edge = own.split("|")[2].strip(), other.split("|")[2].strip()
    row = next(line for line in report.splitlines() if "E1: Eclipse" in line and "8 decks" in line)
    assert f"{own_edge} (E1=events)" in row and "E1=paid-rows" in row and other_edge in row
    assert "Ruling required" in sheet and "The Board's ruling" in sheet
    assert "Ruling required" not in (ruled / "baccarat/REPORT.md").read_text()


def test_the_protection_pages_are_priced_under_the_scope(bundle):
    """A bundle scoped to Paytable B: its effects of removal are those `combin eor --paytable B`
    prints (not Paytable A's), and its decks table has the B column alone."""
    from combin.cli import main as cli
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli(["-q", "eor", "eclipse.eclipse", "--paytable", "B", "--format", "md"]) == 0
    page = (bundle / "baccarat/protection/eor-eclipse.eclipse.md").read_text()
    assert page == out.getvalue()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli(["-q", "eor", "eclipse.eclipse", "--paytable", "A", "--format", "md"]) == 0
    assert page != out.getvalue()
    decks = (bundle / "baccarat/protection/decks-eclipse.eclipse.md").read_text()
    headings = next(line for line in decks.splitlines() if line.startswith("|   Decks"))
    assert [cell.strip() for cell in headings.strip("|").split("|")] == [
        "Decks", "Cards", "House edge B"]


def _the_pdf_is_the_filing(out):
    """REPORT.pdf, read back by poppler (pdftotext, pdfinfo): a cover with the attestation and
    signature block, the contents, every page of the bundle (each par sheet, the method, the
    checks) on numbered pages, internal links only, short cells on one line."""
    import re
    import shutil
    import subprocess
    if shutil.which("pdftotext") is None:
        pytest.skip("poppler-utils is not installed (make test installs it)")
    pdf = out / "REPORT.pdf"
    pages = int(re.search(r"Pages:\s+(\d+)", subprocess.run(
        ["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout).group(1))
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    first = text.split("\f")[0]
    for words in ("Evidence for a Rules Submission", "Attestation", "Signature", "Contents",
                  "Client", "page 1 of"):
        assert words in first, words
    assert f"page {pages} of {pages}" in text and pages > 10
    html_pages = [p.relative_to(out).as_posix() for p in out.rglob("*.html")]
    # a Markdown page with no HTML rendering (the method, the register) is rendered for the PDF
    html_pages += [p.relative_to(out).as_posix()[:-3] + ".html" for p in out.rglob("*.md")
                   if not p.with_suffix(".html").exists() and p.name != "README.md"
                   and p.parent != out]
    assert len(html_pages) >= 10
    for path in html_pages:
        assert path in text, path               # each page of the bundle, named by its path
    for title in ("Method statement", "Cross-checks", "Eclipse (B) -- par sheet"):
        assert title in text
    assert "8 decks (416 cards)" in text       # a short cell on one line
    raw = pdf.read_bytes()
    assert b"/URI" not in raw and raw.count(b"/Dest") > 10     # every link inside the PDF


def test_a_bundle_files_each_wager_under_its_own_paytable(tmp_path):
    """Issue 35 item 2: the Tie filed at 8 to 1 alone beside the Eclipse wager under B; the
    manifest records the pin and the recorded command gives the same scope again."""
    scope = Scope.with_wagers(["baccarat.tie:8to1", "eclipse.sun7"], game="baccarat", paytable="B",
                              rules="ez", decks="8")
    out = _write(tmp_path / "b", scope)
    sheets = sorted(p.relative_to(out).as_posix() for p in (out / "baccarat" / "parsheets").rglob("*.md"))
    assert sheets == ["baccarat/parsheets/8-decks/eclipse.sun7-B.md",
                      "baccarat/parsheets/8-decks/rules-ez/baccarat.tie-8to1.md"], sheets
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["scope"]["wagers"] == ["baccarat.tie:8to1", "eclipse.sun7"]
    assert "--wager baccarat.tie:8to1 --wager eclipse.sun7" in manifest["command"]
    assert "baccarat.tie (paytable 8to1)" in (out / "REPORT.md").read_text()
