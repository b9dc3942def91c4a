"""Several Supers at one table as a package: identities with the single-hand sheet, a
hand-countable cell, the covariance by a second route, and the command line."""

import json
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from combin.core.analysis import par_sheet
from combin.cli import main
from combin.lunar.joint import joint_space
from combin.lunar.supers import line_table, reading_rows, readings, supers_package


@pytest.fixture(scope="module")
def space():
    return joint_space(2)


@pytest.fixture(scope="module")
def default(space):
    return supers_package(2, space=space)


def test_each_super_is_the_single_hand_sheet(default):
    single = par_sheet("lunar.super").summary
    assert default.cycle == comb(52, 5) * comb(47, 5)
    assert list(default.means) == [single.expected_return] * 2
    assert [default.covariance[i][i] for i in range(2)] == [single.variance] * 2
    assert default.independent_variance == 2 * single.variance
    assert default.variance == 2 * single.variance + 2 * default.covariance[0][1]
    assert default.expected == 2 * single.expected_return


def test_winners_add_up_to_the_single_hand_hit_frequency(default):
    single = par_sheet("lunar.super").summary
    assert sum(c for _, c in default.winners) == default.cycle
    # E[number of Supers that win] = 2 P(one Super wins), whatever the dependence.
    expected = sum(Fraction(k * c, default.cycle) for k, c in default.winners)
    assert expected == 2 * single.hit_frequency


def test_covariance_by_the_line_table(space, default):
    """E[X1 X2] from the 9 x 9 line table and the posted pays, against the package's."""
    names, counts = line_table(space)
    pays = {line.event_id: line.payout for line in par_sheet("lunar.super").lines}
    assert names[-1] == "other" and len(names) == 9
    product = sum(pays[a] * pays[b] * deals for (a, b), deals in counts.items())
    mean = par_sheet("lunar.super").summary.expected_return
    assert default.covariance[0][1] == Fraction(product, default.cycle) - mean * mean
    both = sum(deals for (a, b), deals in counts.items() if a != "other" and b != "other")
    assert default.winning(2) == Fraction(both, default.cycle)


def test_two_picture_hands_by_hand():
    """Both hands five J/Q/K cards (not quads): the 12 picture cards enumerated directly."""
    pictures = [rank * 4 + suit for rank in (9, 10, 11) for suit in range(4)]

    def quads(hand):
        return any(sum(card // 4 == rank for card in hand) == 4 for rank in (9, 10, 11))

    count = sum(1 for first in combinations(pictures, 5) if not quads(first)
                for second in combinations(sorted(set(pictures) - set(first)), 5)
                if not quads(second))
    _, counts = line_table(joint_space(2))
    assert counts[("five_pictures", "five_pictures")] == count == 15_696


def test_three_supers_on_a_small_deck_follow_from_their_pairs():
    """Any two of three hands are an ordered pair of disjoint hands: the three-hand package's
    covariances are the two-hand one, so Var(total) = 3 Var + 6 Cov (16-card deck JQKA)."""
    three = supers_package(3, space=joint_space(3, "JQKA"))
    two = supers_package(2, space=joint_space(2, "JQKA"))
    var, cov = two.covariance[0][0], two.covariance[0][1]
    assert all(three.covariance[i][j] == (var if i == j else cov)
               for i in range(3) for j in range(3))
    assert three.variance == 3 * var + 6 * cov
    # At least two of three win: each pair's both-win count, less twice the all-three count.
    pairs = Fraction(dict(two.winners).get(2, 0), two.cycle)
    all_three = Fraction(dict(three.winners).get(3, 0), three.cycle)
    assert three.winning(2) == 3 * pairs - 2 * all_three


def test_merging_hands_paid_alike_changes_no_figure():
    """The package settled on the merged space equals the one settled on every key triple."""
    from operator import itemgetter
    from combin.core.analysis import payouts
    from combin.design.package import Bet, settle
    from combin.lunar import outcome_space
    from combin.lunar.supers import paid_alike
    space = joint_space(3, "TJQKA")
    for reading in ({}, {"L4": "all-lines", "L1": "jqka"}):
        sheet, table = payouts("lunar.super", space=outcome_space(), interpret=reading)
        bets = [Bet(f"lunar.super[{i}]", sheet.paytable) for i in (1, 2, 3)]
        plain = settle("lunar", space, bets, [sheet] * 3, [table] * 3,
                       [itemgetter(i) for i in range(3)])
        merged = paid_alike(space, table)
        assert len(merged.counts) < len(space.counts) and merged.cycle == space.cycle
        assert supers_package(3, interpret=reading, space=space) == plain


def test_three_supers_on_the_full_deck():
    three = supers_package(3, space=joint_space(3))
    two = supers_package(2, space=joint_space(2))
    single = par_sheet("lunar.super").summary
    var, cov = single.variance, two.covariance[0][1]
    assert three.cycle == comb(52, 5) * comb(47, 5) * comb(42, 5)
    assert list(three.means) == [single.expected_return] * 3
    assert all(three.covariance[i][j] == (var if i == j else cov)
               for i in range(3) for j in range(3))
    assert three.variance == 3 * var + 6 * cov
    assert three.variance == Fraction(788289344967840283, 5996026479743300)
    assert three.independent_variance == 3 * var
    pairs = Fraction(dict(two.winners)[2], two.cycle)
    all_three = Fraction(dict(three.winners)[3], three.cycle)
    assert three.winning(2) == 3 * pairs - 2 * all_three
    assert three.winning(3) == all_three > 0
    expected = sum(Fraction(k * c, three.cycle) for k, c in three.winners)
    assert expected == 3 * single.hit_frequency


def test_every_reading_is_tabulated(space, default):
    rows = reading_rows(space)
    assert len(rows) == len(readings()) == 32
    assert rows[0][0] == {"L1": "jqk", "L2": "color", "L3": "any-suits", "L4": "highest",
                          "L5": "flush"}
    assert rows[0][1].covariance == default.covariance
    for reading, result in rows:
        single = par_sheet("lunar.super", interpret=reading).summary
        assert result.means[0] == single.expected_return
        assert result.covariance[0][0] == single.variance


def run(capsys, *argv):
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_command_gives_the_exact_joint_table_and_covariance(capsys, default):
    code, out, _ = run(capsys, "package", "--lunar-supers", "2", "--format", "json")
    assert code == 0
    data = json.loads(out)
    covariance = data["tables"]["covariance"]["rows"]
    assert covariance[0]["b2"] == "342516330393851/17988079439229900"
    assert Fraction(covariance[0]["b2"]) == default.covariance[0][1]
    assert data["subject"]["cycle"] == str(comb(52, 5) * comb(47, 5))
    cells = {(c["hand_1"], c["hand_2"]): int(c["deals"])
             for c in data["tables"]["joint_lines"]["rows"]}
    assert len(cells) == 81 and sum(cells.values()) == default.cycle
    assert cells[("four_of_a_kind", "four_of_a_kind")] == 624 * 11 * 43
    both = {row["figure"]: row["value"] for row in data["tables"]["summary"]["rows"]}
    assert Fraction(both["P(at least 2 wagers win)"]) == Fraction(
        dict(default.winners)[2], default.cycle)


@pytest.mark.parametrize("form", ["json", "md", "csv"])
def test_command_gives_three_supers_on_the_full_deck(capsys, form):
    code, out, err = run(capsys, "package", "--lunar-supers", "3", "--format", form)
    assert code == 0 and out
    if form != "json":
        assert "3,391,312,267,521,097,920" in out or "3391312267521097920" in out
        return
    data = json.loads(out)
    assert data["subject"]["cycle"] == str(comb(52, 5) * comb(47, 5) * comb(42, 5))
    covariance = data["tables"]["covariance"]["rows"]
    assert covariance[0]["b2"] == covariance[1]["b3"] == "342516330393851/17988079439229900"
    cells = {(c["hand_1"], c["hand_2"], c["hand_3"]): int(c["deals"])
             for c in data["tables"]["joint_lines"]["rows"]}
    assert sum(cells.values()) == comb(52, 5) * comb(47, 5) * comb(42, 5)
    assert cells[("four_of_a_kind",) * 3] == 13 * 12 * 11 * 40 * 39 * 38
    assert ("five_pictures",) * 3 not in cells          # 15 cards from 12 pictures
    summary = {row["figure"]: row["value"] for row in data["tables"]["summary"]["rows"]}
    assert "P(at least 3 wagers win)" in summary


def test_command_takes_a_super_paytable_from_a_file(capsys, tmp_path):
    path = tmp_path / "super.toml"
    path.write_text('[[paytable]]\nwager = "lunar.super"\nid = "S2"\ncitation = "what-if"\n'
                    '[paytable.pays]\nfour_of_a_kind = "250 to 1"\nflush = "50 to 1"\n'
                    'same_colored_five = "2 to 1"\n', encoding="utf-8")
    code, out, _ = run(capsys, "package", "--lunar-supers", "2", "--paytable-file", str(path),
                       "--format", "json")
    data = json.loads(out)
    wagers = data["tables"]["wagers"]["rows"]
    assert code == 0 and [w["paytable"] for w in wagers] == ["S2", "S2"]
    single = par_sheet("lunar.super", paytable="S2", extra_paytables=_file_paytables(path))
    assert Fraction(wagers[0]["expected_return"]) == single.summary.expected_return
    lines = list(dict.fromkeys(c["hand_1"] for c in data["tables"]["joint_lines"]["rows"]))
    assert lines == ["four_of_a_kind", "flush", "same_colored_five", "other"]


def _file_paytables(path):
    from combin.files.paytable_file import read_paytable_files
    return read_paytable_files([str(path)]).paytables


@pytest.mark.parametrize("argv, words", [
    (["--lunar-supers", "2", "--eclipse"], "name no other wager"),
    (["--lunar-supers", "2", "lunar.super"], "name no other wager"),
    (["--lunar-supers", "2", "--decks", "2"], "--decks does not apply"),
    (["--lunar-supers", "2", "--interpret", "L1=aces"], "L1"),
    (["--lunar-supers", "4"], "at most 3"),
    (["--lunar-supers", "3", "--shoe", "1"], "does not apply"),
])
def test_command_errors_are_one_line(capsys, argv, words, tmp_path):
    out = tmp_path / "out.json"
    code, stdout, err = run(capsys, "package", *argv, "--out", str(out))
    assert code == 2 and stdout == "" and not out.exists()
    assert err.count("combin: error:") == 1 and words in err
