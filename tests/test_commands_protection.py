"""The decks, eor, shoe and count commands: outputs, and one clear error for bad input."""

import builtins
import json
from fractions import Fraction

import pytest
from jsondoc import rows

from combin.core.analysis import par_sheet
from combin.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_decks_json_has_a_row_per_deck_count_and_a_column_per_paytable(capsys):
    code, out, _ = run(capsys, "decks", "eclipse.supreme7", "--decks-list", "1,2,6,8",
                       "--format", "json")
    data = json.loads(out)
    table = rows(data, "decks")
    assert code == 0 and [row["decks"] for row in table] == ["1", "2", "6", "8"]
    assert [c["heading"] for c in data["subject"]["columns"]] == ["A", "B", "C"]
    assert data["subject"]["cycles"]["8"] == "4998398275503360"
    for row, decks in zip(table, (1, 2, 6, 8)):
        for paytable in ("A", "B", "C"):
            sheet = par_sheet("eclipse.supreme7", paytable=paytable, decks=decks)
            assert Fraction(row[f"house_edge_{paytable}"]) == sheet.summary.house_edge


def test_decks_reads_decks_as_a_list_and_honours_rules(capsys):
    code, out, _ = run(capsys, "decks", "baccarat.banker", "--decks", "1,8", "--rules", "ez")
    assert code == 0 and "House edge ez" in out and "1.0183%" in out and "standard" not in out


def test_eor_prints_the_identity_and_the_suggested_count(capsys):
    code, out, _ = run(capsys, "eor", "eclipse.sun7", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["subject"]["identity_holds"]
    assert data["subject"]["suggested_tags"] == {"T/J/Q/K": 0, "A": 0, "2": 0, "3": 0, "4": -1,
                                              "5": -1, "6": -1, "7": -1, "8": 2, "9": 2}
    code, out, _ = run(capsys, "eor", "eclipse.moon8", "--shoe", "8d-99", "--max-tag", "3")
    assert code == 0 and "holds exactly" in out and "414 cards" in out and "%" in out


def test_shoe_with_a_full_shoe_prints_the_par_sheet(capsys):
    _, par, _ = run(capsys, "par", "eclipse.moon8", "--decks", "6", "--format", "csv")
    code, shoe, _ = run(capsys, "shoe", "eclipse.moon8", "--shoe", "6d", "--format", "csv")
    assert code == 0 and shoe == par  # the first table: the outcomes
    code, text, _ = run(capsys, "shoe", "eclipse.moon8", "--shoe", "6d")
    assert "House edge, full 6 decks" in text and "Change in expected return" in text
    _, par, _ = run(capsys, "par", "eclipse.moon8", "--shoe", "8d-T", "--format", "json")
    code, shoe, _ = run(capsys, "shoe", "eclipse.moon8", "--shoe", "8d-T", "--format", "json")
    shoe, par = json.loads(shoe), json.loads(par)
    assert shoe["subject"].pop("full_shoe_decks") == 8 and shoe["subject"] == par["subject"]
    assert shoe["tables"].pop("full_shoe") and shoe["tables"] == par["tables"]


def test_count_writes_the_same_report_for_a_seed(capsys, tmp_path):
    argv = ["count", "eclipse.sun7", "--triggers", "always,2", "--true-count", "--shoes", "300",
            "--seed", "9", "--format", "json"]
    code, out, err = run(capsys, *argv, "--workers", "1")
    assert code == 0 and "count: 300/300 shoes" in err
    data = json.loads(out)
    assert data["subject"]["shoes"] == 300
    assert [t["trigger"] for t in rows(data, "triggers")] == ["always", "2"]
    assert data["subject"]["tags"] == [0, 0, 0, 0, -1, -1, -1, -1, 2, 2]
    target = tmp_path / "count.json"
    assert run(capsys, *argv, "--workers", "2", "--out", str(target))[0] == 0
    assert target.read_text(encoding="utf-8") == out
    code, out, _ = run(capsys, "count", "eclipse.moon8", "--trigger", "3", "--shoes", "50",
                       "--tags", "T=1,A=1,2=1,3=-2,4=-2,5=-2,6=-1,7=-1,8=-1,9=3", "--burn", "1",
                       "--cut-card", "20", "--decks", "6")
    assert code == 0 and "6 decks (312 cards), cut card 20" in out and "3=-2" in out


def test_an_interrupted_count_prints_the_partial_result_and_exits_130(capsys, tmp_path,
                                                                     monkeypatch):
    from combin.protection import chunks
    real = chunks.play_chunk
    calls = []

    def stop_on_second(job):
        calls.append(job)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(job)

    monkeypatch.setattr(chunks, "play_chunk", stop_on_second)
    target = tmp_path / "count.txt"
    code, out, err = run(capsys, "count", "eclipse.sun7", "--trigger", "always", "--shoes", "1000",
                         "--workers", "1", "--out", str(target))
    assert code == 130 and "Interrupted" in out and "250 of 1,000" in out
    assert "combin: interrupted" in err and not target.exists()


@pytest.mark.parametrize("argv, words", [
    (["decks", "eclipse.sun7", "--decks-list", "0,8"], "at least 1"),
    (["decks", "eclipse.sun7", "--decks-list", "1,1"], "twice"),
    (["decks", "eclipse.sun7", "--shoe", "8d"], "combin shoe"),
    (["decks", "eclipse.sun7", "--decks", "8", "--decks-list", "6"], "once"),
    (["eor", "eclipse.sun7", "--shoe", "8d-Z"], "unknown rank"),
    (["eor", "eclipse.sun7", "--max-tag", "0"], "largest tag"),
    (["eor", "eclipse.sun7", "--paytable", "Z"], "unknown paytable"),
    (["shoe", "eclipse.sun7"], "--shoe SPEC"),
    (["shoe", "eclipse.sun7", "--decks", "8"], "--shoe SPEC"),
    (["shoe", "eclipse.sun7", "--shoe", "8d-" + "T" * 129], "cannot remove"),
    (["count", "eclipse.sun7", "--shoes", "10"], "--trigger"),
    (["count", "eclipse.sun7", "--trigger", "x"], "number or 'always'"),
    (["count", "eclipse.sun7", "--trigger", "1", "--tags", "1,2"], "ten integers"),
    (["count", "eclipse.sun7", "--trigger", "1", "--cut-card", "2"], "--cut-card"),
    (["count", "eclipse.sun7", "--trigger", "1", "--burn", "many"], "--burn"),
    (["count", "eclipse.sun7", "--trigger", "1", "--shoes", "0"], "--shoes"),
    (["count", "eclipse.sun7", "--trigger", "1", "--seed", "-2"], "--seed"),
    (["count", "eclipse.sun7", "--trigger", "1", "--shoe", "8d"], "--shoe does not apply"),
    (["count", "eclipse.sun7", "--trigger", "1", "--tags", "1,0,0,0,0,0,0,0,0,0", "--max-tag", "3"],
     "--max-tag"),
    (["count", "eclipse.sun7", "--trigger", "1", "--decks", "1", "--cut-card", "45"], "no room"),
])
def test_bad_input_is_one_clear_message_and_exit_2(capsys, tmp_path, argv, words):
    target = tmp_path / "out.txt"
    code, out, err = run(capsys, *argv, "--out", str(target))
    assert code == 2 and out == ""
    assert err.startswith("combin: error: ") and words in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", ["decks", "eor", "shoe", "count"])
def test_other_games_are_refused(capsys, command):
    from combin.registry import games
    others = [w for g in games() if g.id != "baccarat" for w in g.wagers]
    if not others:
        pytest.skip("no other game is registered")
    extra = {"shoe": ["--shoe", "8d"], "count": ["--trigger", "1"]}.get(command, [])
    code, out, err = run(capsys, command, others[0], *extra)
    assert code == 2 and out == "" and "game protection covers the wagers of baccarat" in err


@pytest.mark.parametrize("argv", [
    ["eor", "eclipse.sun7"],
    ["count", "eclipse.sun7", "--trigger", "2", "--shoes", "10"],
])
def test_plot_without_matplotlib_is_one_clear_error(capsys, tmp_path, monkeypatch, argv):
    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name == "matplotlib" or name.startswith("matplotlib."):
            raise ImportError("No module named 'matplotlib'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    chart = tmp_path / "chart.png"
    code, out, err = run(capsys, *argv, "--plot", str(chart), "--out", str(tmp_path / "t.txt"))
    assert code == 2 and out == "" and "matplotlib" in err and "combin[plots]" in err
    assert list(tmp_path.iterdir()) == []


def test_plot_files(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    chart = tmp_path / "eor.png"
    assert run(capsys, "eor", "eclipse.moon8", "--plot", str(chart))[0] == 0
    assert chart.read_bytes()[:4] == b"\x89PNG"
    chart = tmp_path / "count.png"
    code, out, _ = run(capsys, "count", "eclipse.moon8", "--triggers", "0,2", "--shoes", "250",
                       "--plot", str(chart))
    assert code == 0 and chart.read_bytes()[:4] == b"\x89PNG"


def test_decks_shows_a_paytable_file_beside_the_built_in_paytables(capsys, tmp_path):
    table = tmp_path / "m30.toml"
    table.write_text('[[paytable]]\nwager = "eclipse.moon8"\nid = "M30"\ncitation = "test"\n'
                     '[paytable.pays]\nplayer_wins_three_card_8 = "30 to 1"\n', encoding="utf-8")
    code, out, _ = run(capsys, "decks", "eclipse.moon8", "--decks-list", "8", "--format", "json",
                       "--paytable-file", str(table))
    data = json.loads(out)
    assert code == 0 and [c["heading"] for c in data["subject"]["columns"]] == ["A", "B", "C", "M30"]
    wins, cycle = 172_660_763_262_976, 4_998_398_275_503_360  # spec/ANCHORS.md, 8 decks
    edge = Fraction(rows(data, "decks")[0]["house_edge_M30"])
    assert edge == Fraction(cycle - 31 * wins, cycle)
