"""Property tests: no input crashes the tool, every rejection says why, and every accepted
paytable gives counts that add up to the game cycle.

Inputs are generated: paytable files (structured documents, then written as TOML and
sometimes damaged) and command lines for every design command (argparse-valid shapes with
arbitrary values).  The command line is called in-process; a traceback would fail the test.
"""

import contextlib
import io
import json
import random
import tempfile
from pathlib import Path

import tomli_w
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from combin.cli import main
from combin.files.paytable_file import parse_paytable_file, paytable_toml
from combin.registry import games

DATA = Path(__file__).parent / "data"
WAGERS = {w.id: sorted(w.event_ids) for g in games() for w in g.wagers.values()
          if w.game == "baccarat"}
ALL_WAGERS = [w for g in games() for w in g.wagers]
SETTINGS = settings(max_examples=120, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def call(argv):
    """``(exit code, stdout, stderr)`` of the command line, run in this process."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main([str(a) for a in argv])
        except SystemExit as stop:  # argparse: must not happen for the shapes generated here
            code = ("argparse", stop.code)
    return code, out.getvalue(), err.getvalue()


def assert_clean(code, out, err, path=None):
    """Exit 0 with output, or exit 2 with one line that says what is wrong (and where)."""
    event(f"exit {code}")
    assert code in (0, 2), (code, err)
    if code == 2:
        # One error line, last; a loud warning about a generous paytable may come before it.
        *warnings, error = err.split("\n")[:-1] if err.endswith("\n") else (err, "")
        assert out == "" and error.startswith("combin: error: ") and err.endswith("\n"), err
        assert all(line.startswith("combin: WARNING: ") for line in warnings), err
        assert len(error) > len("combin: error: ") + 10, err
        if path is not None:
            assert str(path) in error, err
    else:
        assert out
        for line in err.splitlines():
            assert line.startswith("combin: WARNING: "), err
            if path is not None:
                assert str(path) in line


# --- Generated paytable files -----------------------------------------------------------------

positive = st.one_of(st.integers(1, 500).map(str), st.sampled_from(["0.5", "7.5", "1,500", "19"]),
                     st.integers(10**12, 10**14).map(str))
#: Pays that are always valid: "X to Y" with X, Y > 0; "N for 1" with N >= 1; push; loss.
valid_pays = st.one_of(
    st.builds(lambda x, kind, y: f"{x} {kind} {y}", positive, st.sampled_from(["to", "TO"]),
              st.sampled_from(["1", "2", "20"])),
    st.integers(1, 500).map(lambda n: f"{n} for 1"),
    st.sampled_from(["push", "loss", "Loss"]))
pays = st.one_of(valid_pays, st.one_of(  # half valid, half anything
    st.sampled_from(["", "x to 1", "-5 to 1", "1 for 2", "0 to 1", "3 to 0", "0.5 for 1"]),
    st.text(max_size=15), st.integers(-5, 50), st.booleans()))
#: Text fields refuse control, format and line-separator characters (a newline could forge a line).
visible = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc", "Cf", "Zl", "Zp")),
                  min_size=1, max_size=8)
names = st.one_of(st.sampled_from(["X", "M30", "A", "B", "D", "q-1", "8to1"]), st.text(max_size=8))


@st.composite
def valid_entries(draw):
    """Paytables that must be accepted (the Banker is left out: it needs a rule set)."""
    wager = draw(st.sampled_from(sorted(w for w in WAGERS if w != "baccarat.banker")))
    entry = {"wager": wager, "id": draw(st.sampled_from(["X", "M30", "q-1", "D2", "z.9+"])),
             "citation": draw(visible.filter(str.strip))}
    if draw(st.booleans()):
        entry["title"] = draw(visible.filter(str.strip))
    chosen = draw(st.lists(st.sampled_from(WAGERS[wager]), min_size=1, max_size=4, unique=True))
    entry["pays"] = {event: draw(valid_pays) for event in chosen}
    return entry


@st.composite
def entries(draw):
    # Hypothesis draws small integers most often: 0 picks the valid branch.
    wager = draw(st.sampled_from(sorted(WAGERS)) if draw(st.integers(0, 5)) < 5 else
                 st.text(max_size=10))
    events = WAGERS.get(wager, ["tie"])
    entry = {"wager": wager, "id": draw(st.sampled_from(["X", "M30", "q-1", "D2"])
                                        if draw(st.integers(0, 3)) < 3 else names)}
    if draw(st.integers(0, 9)) < 9:
        entry["citation"] = "a test" if draw(st.integers(0, 5)) < 5 else draw(st.text(max_size=5))
    if draw(st.booleans()):
        entry["title"] = "a title" if draw(st.integers(0, 3)) < 3 else draw(st.text(max_size=10))
    if draw(st.integers(0, 19)) == 19:
        entry[draw(st.sampled_from(["colour", "note", "pays2"]))] = "x"
    valid = draw(st.integers(0, 3)) < 3
    chosen = draw(st.lists(st.sampled_from(events) if valid else
                           st.one_of(st.sampled_from(events), st.text(max_size=6)),
                           min_size=0 if not valid else 1, max_size=4, unique=True))
    entry["pays"] = {event: draw(valid_pays if valid else pays) for event in chosen}
    return entry


@st.composite
def documents(draw):
    document = {"paytable": draw(st.lists(entries(), min_size=0 if draw(st.integers(0, 9)) == 9
                                          else 1, max_size=2))}
    if draw(st.integers(0, 4)) == 4:
        document["ruleset"] = [{"id": draw(names), "citation": "c",
                                "paytables": {"baccarat.banker": draw(names)}}]
    text = tomli_w.dumps(document)
    damage = draw(st.integers(0, 9))
    lines = text.splitlines(keepends=True)
    rng = random.Random(draw(st.integers(0, 10**6)))
    if damage == 1 and lines:  # repeat a line
        index = rng.randrange(len(lines))
        lines.insert(index, lines[index])
    elif damage == 2 and text:  # drop a character
        index = rng.randrange(len(text))
        return text[:index] + text[index + 1:], document
    elif damage == 3:  # insert a character
        index = rng.randrange(len(text) + 1)
        return text[:index] + draw(st.sampled_from(list("[]=\"'#\n{},."))) + text[index:], document
    return "".join(lines), document


@SETTINGS
@given(documents(), st.sampled_from(["par", "solve", "package"]))
def test_no_paytable_file_crashes_the_tool(generated, command):
    text, document = generated
    known = [e["wager"] for e in document["paytable"] if e.get("wager") in WAGERS]
    wager = known[0] if known else "eclipse.sun7"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "generated.toml"
        path.write_text(text, encoding="utf-8")
        argv = {"par": ["par", wager], "solve": ["solve", wager],
                "package": ["package", wager]}[command]
        code, out, err = call([*argv, "--paytable-file", path, "--format", "json"])
    assert_clean(code, out, err, path)
    if code == 0 and command == "par":
        sheet = json.loads(out)
        lines = sheet["tables"]["outcomes"]["rows"]
        assert sum(int(line["combinations"]) for line in lines) == int(sheet["subject"]["cycle"])
    if code == 0 and command == "package":
        result = json.loads(out)
        distribution = result["tables"]["distribution"]["rows"][:-1]
        assert sum(int(d["combinations"]) for d in distribution) == int(result["subject"]["cycle"])


@SETTINGS
@given(st.lists(valid_entries(), min_size=1, max_size=3,
                unique_by=lambda entry: (entry["wager"], entry["id"])))
def test_every_valid_paytable_is_accepted_reads_back_the_same_and_counts_add_up(generated):
    from combin.core.analysis import par_sheet
    loaded = parse_paytable_file(tomli_w.dumps({"paytable": generated}), "generated.toml")
    assert [(p.wager, p.id) for p in loaded.paytables] == [(e["wager"], e["id"]) for e in generated]
    again = parse_paytable_file(paytable_toml(loaded.paytables), "again.toml")
    assert [(p.wager, p.id, p.title, p.citation, p.lines) for p in again.paytables] == \
        [(p.wager, p.id, p.title, p.citation, p.lines) for p in loaded.paytables]
    for table in loaded.paytables:
        sheet = par_sheet(table.wager, paytable=table.id, extra_paytables=loaded.paytables)
        assert sum(line.combinations for line in sheet.lines) == sheet.cycle
        paid = {line.event_id: line.payout for line in sheet.lines if line.event_id != "other"}
        assert paid == {event: pay.net for event, pay in table.lines}


# --- Generated command lines --------------------------------------------------------------------

# Any text, line breaks included: every message quotes user text with repr(), so it stays one line.
line_free = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12)
token = st.one_of(line_free, st.sampled_from(["", "0", "-1", "8", "1.5", "5%", "A", "B"]))
wager_ids = st.one_of(st.sampled_from(ALL_WAGERS), line_free)
shoes = st.one_of(token, st.sampled_from(["8d", "8d-TT5", "1d", "6 decks minus T",
                                          "A=0,2=0,3=0,4=0,5=0,6=0,7=0,8=0,9=0,0=52"]))
edges = st.one_of(token, st.sampled_from(["5%", "1/20", "0.05", "-3%", "100%", "99%", "1e-2"]))
files = st.sampled_from([DATA / "moon8-30to1.toml", DATA / "eclipse-d.toml",
                         DATA / "banker-commission4.toml", DATA / "missing.toml"])


def options(**extra):
    common = {"--paytable": token, "--decks": st.one_of(st.integers(-2, 9).map(str), token),
              "--shoe": shoes, "--rules": st.one_of(st.sampled_from(["ez", "super6", "comm4"]), token),
              "--interpret": st.one_of(st.sampled_from(["E1=paid-rows", "E1=events", "L4=all-lines"]),
                                       token),
              "--paytable-file": files,
              "--format": st.sampled_from(["text", "md", "csv", "json", "html"]), **extra}
    return st.dictionaries(st.sampled_from(sorted(common)), st.just(None), max_size=4).flatmap(
        lambda chosen: st.fixed_dictionaries({name: common[name] for name in chosen}))


def as_argv(command, chosen, positionals):
    argv = [command]
    if "--decks" in chosen and "--shoe" in chosen:
        del chosen["--shoe"]  # argparse: mutually exclusive (tested in test_cli)
    for name, value in chosen.items():
        argv.append(f"{name}={value}")
    return [*argv, "--", *positionals]


bets = st.builds(lambda w, p, s: w + (f":{p}" if p is not None else "") + (f"={s}" if s is not None else ""),
                 wager_ids, st.one_of(st.none(), token), st.one_of(st.none(), token))


@SETTINGS
@given(st.one_of(
    st.tuples(st.just("par"), options(), wager_ids.map(lambda w: [w])),
    st.tuples(st.just("solve"), options(**{"--line": token, "--target-edge": edges}),
              wager_ids.map(lambda w: [w])),
    st.tuples(st.just("package"), options(**{"--eclipse": st.just("")}),
              st.lists(bets, max_size=3)),
    st.tuples(st.just("paytable"), st.fixed_dictionaries({}, optional={
        "--paytable": token, "--id": token, "--paytable-file": files}), wager_ids.map(lambda w: [w])),
))
def test_no_command_line_crashes_the_tool(generated):
    command, chosen, positionals = generated
    argv = as_argv(command, dict(chosen), positionals)
    if "--eclipse=" in argv:
        argv[argv.index("--eclipse=")] = "--eclipse"
    code, out, err = call(argv)
    assert_clean(code, out, err)
