"""combin.api: the public Python API is a promise (its names and signatures are listed here, so a
change is a decision), its figures are exact and equal to what the command line writes, its
errors are the command line's sentences, and nothing in it prints."""

import inspect
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import combin
from combin.errors import CombinError

ROOT = Path(__file__).resolve().parent.parent
#: The notebook's paytable of its own (Sun 7 at 38 to 1).
SUN7_38 = ROOT / "docs" / "notebooks" / "sun7-38-to-1.toml"

#: The public surface: every name of ``combin.__all__`` and each callable's signature.
SIGNATURES = {
    "par": "(wager: 'str', *, paytable: 'str | None' = None, rules: 'str | None' = None, "
           "decks: 'int | str | None' = None, shoe: 'str | None' = None, "
           "interpret: 'Interpret' = None, paytable_file: 'Paths' = None) -> 'ParResult'",
    "compare": "(wager: 'str', *, paytable: 'str | Sequence[str] | None' = None, "
               "rules: 'str | Sequence[str] | None' = None, decks: 'str | Sequence[int] | None' = None, "
               "interpret: 'Interpret' = None, paytable_file: 'Paths' = None) -> 'CompareResult'",
    "solve": "(wager: 'str', *, line: 'str | None' = None, target_edge: 'Fraction | str | None' = None, "
             "paytable: 'str | None' = None, rules: 'str | None' = None, decks: 'int | str | None' = None, "
             "shoe: 'str | None' = None, interpret: 'Interpret' = None, paytable_file: 'Paths' = None) "
             "-> 'SolveResult'",
    "package": "(*bets: 'str', sets: 'Sequence[str]' = (), paytable: 'str | None' = None, "
               "rules: 'str | None' = None, decks: 'int | str | None' = None, shoe: 'str | None' = None, "
               "interpret: 'Interpret' = None, paytable_file: 'Paths' = None) -> 'PackageResult'",
    "eor": "(wager: 'str', *, max_tag: 'int | None' = None, paytable: 'str | None' = None, "
           "rules: 'str | None' = None, decks: 'int | str | None' = None, shoe: 'str | None' = None, "
           "interpret: 'Interpret' = None, paytable_file: 'Paths' = None) -> 'EorResult'",
    "decks": "(wager: 'str', decks: 'Sequence[int] | str | None' = None, *, paytable: 'str | None' = None, "
             "rules: 'str | None' = None, interpret: 'Interpret' = None, paytable_file: 'Paths' = None) "
             "-> 'DecksResult'",
    "game": "(name: 'str', *, deck: 'str | None' = None, strategy: 'str' = 'optimal', draws: 'bool' = True, "
            "paytable: 'str | None' = None, interpret: 'Interpret' = None, "
            "game_file: 'str | PathLike[str] | None' = None) -> 'GameResult'",
    "lunar_game": "(shards: 'str | PathLike[str]' = 'tables/lunar/game/full', *, paytable: 'str | None' = None, "
                  "interpret: 'Interpret' = None, readings: 'str | PathLike[str] | bool' = True) -> 'GameResult'",
    "advise": "(hand: 'str', up: 'str', *, deck: 'str | None' = None, paytable: 'str | None' = None, "
              "interpret: 'Interpret' = None, everything: 'bool' = False, progress: 'bool' = False, "
              "game_file: 'str | PathLike[str] | None' = None) -> 'Advice'",
    "strategy": "(hand: 'str', up: 'str', *, deck: 'str | None' = None, paytable: 'str | None' = None, "
                "interpret: 'Interpret' = None, shards: 'str | PathLike[str] | None' = None, "
                "game_file: 'str | PathLike[str] | None' = None) -> 'StrategyAnswer'",
}

#: The result types and the fields each one promises (beside ``kind``, ``title``, ``source``).
FIELDS = {
    "Result": (),
    "ParResult": ("wager", "paytable", "rules", "shoe", "interpretations", "cycle", "expected_return",
                  "house_edge", "return_to_player", "hit_frequency", "push_frequency", "variance", "sd",
                  "lines", "warnings"),
    "Outcome": ("event_id", "event", "pays", "payout", "combinations", "probability"),
    "Table": ("name", "title", "columns", "headings", "rows", "totals"),
    "CompareResult": ("columns",),
    "SolveResult": ("wager", "house_edge", "line", "target", "payout", "warnings"),
    "PackageResult": ("wagers", "house_edge", "variance", "hit_frequency", "distribution", "cycle",
                      "warnings"),
    "EorResult": ("wager", "expected", "effects", "tags", "identity_holds", "warnings"),
    "DecksResult": ("wager", "headings", "house_edge", "warnings"),
    "GameResult": ("game", "deck", "expected", "house_edge", "element_of_risk", "figures"),
    "Advice": ("best", "options", "margin"),
    "StrategyAnswer": ("option", "value", "shard", "source_text", "card_rule", "card_option", "card_value", "cost"),
}


def test_the_public_names_are_the_listed_ones():
    assert sorted(combin.__all__) == sorted(["__version__", "CombinError", *SIGNATURES, *FIELDS])
    assert combin.CombinError is CombinError
    for name in combin.__all__:
        assert getattr(combin, name) is not None
        assert name in dir(combin)
    with pytest.raises(AttributeError):
        combin.no_such_name


def test_every_public_function_keeps_its_signature():
    for name, expected in SIGNATURES.items():
        assert str(inspect.signature(getattr(combin, name))) == expected, name


def test_every_result_type_keeps_its_fields_and_is_frozen():
    import dataclasses
    base = ("kind", "title", "source")
    for name, fields in FIELDS.items():
        kind = getattr(combin, name)
        names = tuple(f.name for f in dataclasses.fields(kind))
        inherited = base if issubclass(kind, combin.Result) else ()
        assert names == inherited + fields, name
        assert kind.__dataclass_params__.frozen, name


def test_every_public_name_has_an_example():
    for name in combin.__all__[2:]:
        assert ">>> " in (getattr(combin, name).__doc__ or ""), name


def test_the_version_of_the_package_and_of_the_docs_agree():
    assert "version = attr: combin.version.__version__" in (ROOT / "setup.cfg").read_text()
    namespace: dict = {}
    conf = ROOT / "docs" / "conf.py"
    path = list(sys.path)
    try:                                   # conf.py puts docs/ and the repository on sys.path
        exec(compile(conf.read_text(), str(conf), "exec"), namespace)
    finally:
        sys.path[:] = path
    assert namespace["release"] == namespace["version"] == combin.__version__


def test_import_combin_stays_light_until_a_name_is_used():
    code = ("import sys, combin; before = [m for m in ('combin.api', 'sympy', 'numpy', 'typing')"
            " if m in sys.modules];"
            "combin.par; print(before, 'combin.api' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.split("\n")[0] == "[] True"


def _cli(*words):
    done = subprocess.run([sys.executable, "-m", "combin", "-q", *words], capture_output=True,
                          cwd=ROOT)
    return done.returncode, done.stdout, done.stderr.decode()


def test_par_is_exact_and_is_the_committed_sheet():
    sun7 = combin.par("eclipse.sun7", paytable="A")
    assert sun7.render("md") == (ROOT / "tables/baccarat/8-decks/eclipse.sun7-A.md").read_text()
    # the figures from the lines, summed here: a second route to the same exact numbers
    assert sum(line.combinations for line in sun7.lines) == sun7.cycle == 4_998_398_275_503_360
    mean = sum(Fraction(line.combinations, sun7.cycle) * line.payout for line in sun7.lines)
    second = sum(Fraction(line.combinations, sun7.cycle) * line.payout ** 2 for line in sun7.lines)
    assert sun7.house_edge == -mean == Fraction(64613588827, 848912750595)
    assert sun7.variance == second - mean ** 2
    assert sun7.hit_frequency == sum(line.probability for line in sun7.lines if line.payout > 0)
    assert isinstance(sun7.cycle, int) and isinstance(sun7.house_edge, Fraction)
    assert sun7.sd_exact() ** 2 == sun7.variance          # sympy's exact root
    assert abs(sun7.sd ** 2 - sun7.variance.numerator / __import__("decimal").Decimal(sun7.variance.denominator)) < 1e-35
    done = subprocess.run([sys.executable, "-c",
                           "import combin; print(combin.par('eclipse.sun7', paytable='A').house_edge)"],
                          capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout == "64613588827/848912750595\n"


@pytest.mark.parametrize("call, words", [
    (lambda: combin.par("eclipse.eclipse", paytable="C", interpret={"E1": "paid-rows"}),
     ["par", "eclipse.eclipse", "--paytable", "C", "--interpret", "E1=paid-rows", "--format", "json"]),
    (lambda: combin.compare("eclipse.moon8", paytable=["A", "B"]),
     ["compare", "eclipse.moon8", "--paytable", "A,B", "--format", "json"]),
    (lambda: combin.solve("eclipse.moon8", target_edge="5%"),
     ["solve", "eclipse.moon8", "--target-edge", "5%", "--format", "json"]),
    (lambda: combin.package(sets=["eclipse"], paytable="B"),
     ["package", "--eclipse", "--paytable", "B", "--format", "json"]),
    (lambda: combin.package(sets=["eclipse"], paytable_file=SUN7_38),
     ["package", "--eclipse", "--paytable-file", str(SUN7_38), "--format", "json"]),
    (lambda: combin.eor("eclipse.moon8", max_tag=3),
     ["eor", "eclipse.moon8", "--max-tag", "3", "--format", "json"]),
    (lambda: combin.decks("eclipse.sun7", [1, 2], paytable="B"),
     ["decks", "eclipse.sun7", "--decks-list", "1,2", "--paytable", "B", "--format", "json"]),
    (lambda: combin.game("caribbean", deck="9TJQKA", strategy="pair"),
     ["game", "caribbean", "--deck", "9TJQKA", "--strategy", "pair", "--format", "json"]),
    (lambda: combin.advise("AS KD TH TC 9D", "QS", deck="9TJQKA"),
     ["lunar", "advise", "AS KD TH TC 9D", "--up", "QS", "--deck", "9TJQKA", "--format", "json"]),
    (lambda: combin.strategy("AS KD 7H 7C 2D", "9S"),
     ["lunar", "strategy", "AS KD 7H 7C 2D", "--up", "9S", "--format", "json"]),
], ids=["par", "compare", "solve", "package", "package-file", "eor", "decks", "game", "advise", "strategy"])
def test_each_function_writes_what_its_command_writes(call, words):
    code, out, err = _cli(*words)
    assert code == 0, err
    assert call().render("json").encode() == out


def test_the_figures_are_those_the_command_prints():
    _, out, _ = _cli("solve", "eclipse.moon8", "--target-edge", "1/20", "--format", "json")
    printed = json.dumps(json.loads(out))
    solved = combin.solve("eclipse.moon8", target_edge="1/20")
    assert f"{solved.payout.numerator}/{solved.payout.denominator}" in printed
    _, out, _ = _cli("game", "caribbean", "--deck", "9TJQKA", "--format", "json")
    caribbean = combin.game("caribbean", deck="9TJQKA")
    rows = json.loads(out)["tables"]["summary"]["rows"]
    assert {"figure": "Expected return per Ante", "value": "39610279/25741485"} .items() <= rows[0].items()
    assert caribbean.expected == Fraction(39610279, 25741485) == -caribbean.house_edge


def test_the_52_card_game_reads_the_readings_beside_its_shards_unless_told_not_to(tmp_path):
    label = "house edge per Ante if L8=even-money"
    assert label in combin.lunar_game().figures
    assert label not in combin.lunar_game(readings=False).figures
    with pytest.raises(CombinError, match="missing.json"):
        combin.lunar_game(readings=tmp_path / "missing.json")
    # named outright, a table of another deck is refused
    with pytest.raises(CombinError, match="a variants table of lunar on JQKA, not of this sheet"):
        combin.lunar_game(readings=ROOT / "tables/lunar/game/variants-JQKA.json")


def test_the_52_card_game_is_the_committed_sheet():
    full = combin.lunar_game()
    assert full.render("json") == (ROOT / "tables/lunar/game/full-deck.json").read_text()
    assert full.figures["situations: C(n,5) x (n-5)"] == 122_151_120
    assert full.expected == Fraction(10674790437769030387, 522827307909502596000) == -full.house_edge


@pytest.mark.parametrize("call, words", [
    (lambda: combin.par("eclipse.sun7", paytable="Z"), ["par", "eclipse.sun7", "--paytable", "Z"]),
    (lambda: combin.par("eclipse.nope"), ["par", "eclipse.nope"]),
    (lambda: combin.par("eclipse.sun7", decks=0), ["par", "eclipse.sun7", "--decks", "0"]),
    (lambda: combin.par("eclipse.sun7", interpret=["E1"]), ["par", "eclipse.sun7", "--interpret", "E1"]),
    (lambda: combin.par("eclipse.sun7", interpret={"E9": "x"}), ["par", "eclipse.sun7", "--interpret", "E9=x"]),
    (lambda: combin.par("eclipse.sun7", paytable_file="no/such.toml"),
     ["par", "eclipse.sun7", "--paytable-file", "no/such.toml"]),
    (lambda: combin.compare("eclipse.sun7", paytable="A,,B"), ["compare", "eclipse.sun7", "--paytable", "A,,B"]),
    (lambda: combin.solve("eclipse.moon8", target_edge="lots"), ["solve", "eclipse.moon8", "--target-edge", "lots"]),
    (lambda: combin.package("eclipse.sun7", "baccarat.nope"), ["package", "eclipse.sun7", "baccarat.nope"]),
    (lambda: combin.decks("eclipse.sun7", "1,x"), ["decks", "eclipse.sun7", "--decks-list", "1,x"]),
    (lambda: combin.game("caribbean", strategy="never"), ["game", "caribbean", "--strategy", "never"]),
    (lambda: combin.game("poker"), ["game", "poker"]),
    (lambda: combin.advise("AS AS 7H 7C 2D", "9S"), ["lunar", "advise", "AS AS 7H 7C 2D", "--up", "9S"]),
    (lambda: combin.strategy("AS KD 7H 7C 2D", "9S", shards="no/such"),
     ["lunar", "strategy", "AS KD 7H 7C 2D", "--up", "9S", "--shards", "no/such"]),
    (lambda: combin.game("lunar", game_file="no/such.toml"), ["game", "lunar", "--game-file", "no/such.toml"]),
    (lambda: combin.advise("AS KD 7H 7C 2D", "9S", game_file="no/such.toml"),
     ["lunar", "advise", "AS KD 7H 7C 2D", "--up", "9S", "--game-file", "no/such.toml"]),
], ids=lambda value: " ".join(value) if isinstance(value, list) else "")
def test_bad_arguments_raise_the_command_lines_sentence(call, words):
    code, out, err = _cli(*words)
    assert code == 2 and out == b""
    with pytest.raises(CombinError) as raised:
        call()
    assert err == f"combin: error: {raised.value}\n"


def test_the_full_game_with_draws_is_refused_in_words():
    with pytest.raises(CombinError, match="lunar_game"):
        combin.game("lunar")


def test_a_game_file_prices_the_game_it_describes(tmp_path):
    """The no-draw game on 9TJQKA: a game file that changes nothing but its name gives the registered
    game's figures; the documentation's example (two pair 1 to 1 among its changes) moves them, as the
    command line's sheet does; advise reads the file too."""
    same = tmp_path / "same.toml"
    same.write_text('id = "same"\ntitle = "Lunar"\ncitation = "none changed"\nderived_from = "lunar"\n')
    plain = combin.game("lunar", deck="9TJQKA", draws=False)
    assert combin.game("lunar", deck="9TJQKA", draws=False, game_file=same).figures == plain.figures
    example = Path(combin.__file__).parents[1] / "docs" / "examples" / "lunar-fee-2.toml"
    changed = combin.game("lunar", deck="9TJQKA", draws=False, game_file=example)
    _, out, _ = _cli("game", "lunar", "--deck", "9TJQKA", "--no-draw", "--game-file", str(example),
                     "--format", "json")
    assert changed.house_edge != plain.house_edge
    assert json.loads(out)["subject"]["game_file"]["id"] == "lunar-fee-2"
    advice = combin.advise("JS JD QH KC AD", "QS", deck="JQKA", game_file=example)
    assert all(not option.startswith("buy") for option, _, _ in advice.options)


def test_nothing_prints_and_a_generous_paytable_is_a_warning_of_the_result(tmp_path, capsys):
    mine = tmp_path / "mine.toml"
    mine.write_text('[[paytable]]\nwager = "eclipse.sun7"\nid = "R"\ntitle = "Rich"\ncitation = "a test"\n'
                    '\n[paytable.pays]\nbanker_wins_three_card_7 = "400 to 1"\n')
    rich = combin.par("eclipse.sun7", paytable_file=mine)
    assert capsys.readouterr() == ("", "")
    assert rich.paytable == "R" and rich.house_edge < 0
    code, _, err = _cli("par", "eclipse.sun7", "--paytable-file", str(mine))
    assert code == 0 and err == f"combin: WARNING: {rich.warnings[0]}\n"
    for result, words in ((combin.decks("eclipse.sun7", [1], paytable_file=mine), ["decks", "--decks-list", "1"]),
                          (combin.solve("eclipse.sun7", paytable_file=mine), ["solve"]),
                          (combin.eor("eclipse.sun7", paytable_file=mine), ["eor"]),
                          (combin.package("eclipse.sun7", paytable_file=mine), ["package"])):
        assert result.warnings == rich.warnings, words
        code, _, err = _cli(words[0], "eclipse.sun7", *words[1:], "--paytable-file", str(mine))
        assert code == 0 and err == f"combin: WARNING: {rich.warnings[0]}\n", words
    assert capsys.readouterr() == ("", "")
    combin.lunar_game()
    combin.advise("AS KD TH TC 9D", "QS", deck="9TJQKA")
    assert capsys.readouterr() == ("", "")


def test_write_picks_the_writer_by_suffix_and_refuses_the_rest(tmp_path):
    sun7 = combin.par("eclipse.sun7")
    for suffix in (".md", ".json", ".html", ".txt"):
        sun7.write(tmp_path / f"sun7{suffix}")
        assert (tmp_path / f"sun7{suffix}").read_text() == sun7.render(suffix[1:].replace("txt", "text"))
    sun7.write(tmp_path / "sun7.xlsx")
    from openpyxl import load_workbook
    assert "outcomes" in load_workbook(tmp_path / "sun7.xlsx").sheetnames
    sun7.write(tmp_path / "lines.csv", table="outcomes")
    assert (tmp_path / "lines.csv").read_text().startswith("event,pays,payout")
    with pytest.raises(CombinError, match="give table=NAME"):
        sun7.write(tmp_path / "all.csv")
    with pytest.raises(CombinError, match="the suffix picks the format"):
        sun7.write(tmp_path / "sun7.pdf")
    with pytest.raises(CombinError, match="no table 'nope'"):
        sun7.table("nope")
    (tmp_path / "folder.json").mkdir()
    with pytest.raises(CombinError, match="must be a regular file; this is a directory"):
        sun7.write(tmp_path / "folder.json")
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_file()) == sorted(
        ["lines.csv", "sun7.html", "sun7.json", "sun7.md", "sun7.txt", "sun7.xlsx"])


def test_to_pandas_keeps_the_fractions_exact():
    pandas = pytest.importorskip("pandas")
    frame = combin.par("eclipse.sun7", paytable="A").table("outcomes").to_pandas()
    assert isinstance(frame, pandas.DataFrame)
    assert frame["probability"].sum() == 1 and isinstance(frame["probability"].sum(), Fraction)
    assert list(frame["combinations"]) == [line.combinations for line in combin.par("eclipse.sun7").lines]


@pytest.mark.slow
def test_the_game_with_draws_on_a_reduced_deck_is_the_commands(tmp_path, capsys):
    """About a minute: the 16-card game priced class by class under optimal play."""
    jqka = combin.game("lunar", deck="JQKA")
    assert capsys.readouterr() == ("", "")
    code, out, err = _cli("game", "lunar", "--deck", "JQKA", "--workers", "0", "--store",
                          str(tmp_path / "store.sqlite"), "--format", "json")
    assert code == 0, err
    assert jqka.render("json").encode() == out
    assert jqka.expected == Fraction(3795653, 450450) == -jqka.house_edge


def test_the_strategy_of_an_instant_payout_leaves_the_card_no_choice():
    """A royal flush dealt is settled at once under the default L7: the derived card's option is the
    optimal one, at no cost; the card-by-card engine gives the same instant value."""
    from combin.stud.core.situation import Situation
    from combin.stud.core.rules import load_rules
    from combin.stud.reference.cards.advise import advise_cards
    answer = combin.strategy("AS KS QS JS TS", "9H")
    best = advise_cards(Situation.parse("AS KS QS JS TS", "9H"), load_rules("lunar").resolve(), detail=False)[0]
    assert answer.option == "instant payout" and answer.value == best.ev
    assert answer.card_option == "instant payout" and answer.cost == 0
    assert answer.card_rule == "an instant payout: no decision"
