"""Packages of wagers on one round: published counts, identities between the joint
distribution and the par sheets, and a brute force over every card sequence of a small shoe."""

from collections import Counter
from decimal import Decimal
from fractions import Fraction
from itertools import permutations

import pytest

from combin.baccarat import Shoe
from combin.baccarat.naive import deal
from combin.design.package import Bet, named_bets, package, parse_bet, parse_stake
from combin.errors import CombinError

# spec/ANCHORS.md, 8 decks (exact, published).
from published import BANKER_WINS, CYCLE, MOON8, PLAYER_WINS, SUN7, TIES

# The Eclipse package, 58 Pa. Code § 631b.11(d), written out here, not read from the game.
ECLIPSE_PACKAGE = ("eclipse.sun7", "eclipse.moon8", "eclipse.supreme7", "eclipse.divine9",
                   "eclipse.eclipse")

# Both hands natural 9s.  Both hands two-card 7s has the same count: each is the two hands
# standing on two cards with one given total each, and the totals 7 and 9 are made by the
# same number of value pairs (eight) -- a symmetry of the shoe, not of the code.
BOTH_TWO_CARD = 44_838_810_157_056


def eclipse(paytable="A", **options):
    return package([Bet(w) for w in ECLIPSE_PACKAGE], paytable=paytable, **options)


@pytest.fixture(scope="module")
def eclipse_a():
    return eclipse("A")


def test_eclipse_package_distribution_holds_the_published_counts(eclipse_a):
    counts = dict(eclipse_a.distribution)
    assert sum(counts.values()) == eclipse_a.cycle == CYCLE
    # Sun 7 pays 40 and Eclipse 6; the other three wagers lose: 40 + 6 - 3.
    assert counts[43] == SUN7
    assert counts[28] == MOON8  # 25 + 6 - 3
    assert counts[53] == BOTH_TWO_CARD  # Supreme 7 two-card 7s at 50, + 6 - 3
    assert set(counts) == {203, 78, 53, 43, 28, 13, -5}
    assert [net for net, _ in eclipse_a.distribution] == [203, 78, 53, 43, 28, 13, -5]


def test_mean_and_variance_agree_with_the_par_sheets_and_the_covariance(eclipse_a):
    stakes = eclipse_a.stakes
    evs = [sheet.summary.expected_return for sheet in eclipse_a.sheets]
    assert eclipse_a.expected == sum(s * ev for s, ev in zip(stakes, evs))
    assert list(eclipse_a.means) == evs
    cov = eclipse_a.covariance
    assert [cov[i][i] for i in range(5)] == [sheet.summary.variance for sheet in eclipse_a.sheets]
    assert eclipse_a.variance == sum(stakes[i] * cov[i][j] * stakes[j]
                                     for i in range(5) for j in range(5))
    assert eclipse_a.return_per_staked == eclipse_a.expected / 5


@pytest.mark.parametrize("paytable, sd", [("A", "15.319295"), ("B", "22.129829"),
                                          ("C", "14.469818")])
def test_eclipse_package_standard_deviation(paytable, sd):
    from combin.files import display
    result = eclipse(paytable)
    assert display.decimal(result.sd, 6) == sd
    assert display.decimal(result.sd_per_staked * 5, 6) == sd


def test_banker_and_player_together_is_a_hand_computable_hedge():
    result = package([parse_bet("baccarat.banker"), parse_bet("baccarat.player")])
    # Banker win: +19/20 - 1; Player win: -1 + 1; tie: both push.
    assert result.distribution == ((0, PLAYER_WINS + TIES), (Fraction(-1, 20), BANKER_WINS))
    mean_b = Fraction(19 * BANKER_WINS - 20 * PLAYER_WINS, 20 * CYCLE)
    mean_p = Fraction(PLAYER_WINS - BANKER_WINS, CYCLE)
    # E[B P]: a Banker win gives (19/20)(-1), a Player win (-1)(1), a tie 0.
    product = Fraction(-19 * BANKER_WINS - 20 * PLAYER_WINS, 20 * CYCLE)
    assert result.covariance[0][1] == result.covariance[1][0] == product - mean_b * mean_p
    assert result.correlation(0, 1) < Decimal("-0.99")


def test_stakes_scale_the_result():
    result = package([parse_bet("baccarat.banker=2"), parse_bet("baccarat.tie:9to1=1/2")])
    assert result.stakes == (2, Fraction(1, 2)) and result.total_stake == Fraction(5, 2)
    assert result.bets[1].paytable == "9to1"
    evs = [s.summary.expected_return for s in result.sheets]
    assert result.expected == 2 * evs[0] + evs[1] / 2
    # Tie at 9 to 1: a tie nets 9/2 on the half unit and the Banker pushes.
    assert dict(result.distribution)[Fraction(9, 2)] == TIES


def test_e1_paid_rows_moves_two_card_sevens_to_a_loss_under_b():
    events = dict(eclipse("B").distribution)
    paid = eclipse("B", interpret={"E1": "paid-rows"})
    rows = dict(paid.distribution)
    assert events[2] == BOTH_TWO_CARD and 2 not in rows
    assert rows[-5] == events[-5] + BOTH_TWO_CARD
    assert dict(paid.sheets[4].interpretations)["E1"] == "paid-rows"
    assert dict(paid.sheets[0].interpretations) == {"E4": "fixed"}


# --- Brute force: every ordered card sequence of a small shoe, settled from the dealt hands ---

SMALL = [0, 0, 7, 7, 8, 9, 9, 1, 2, 6]  # point values of ten physical cards


def _three(hand, total):
    return len(hand) == 3 and sum(hand) % 10 == total


def _payouts_by_hand(player, banker):
    """Each Eclipse wager under Paytable A, read straight from spec/RULES.md §1.5."""
    p, b = sum(player) % 10, sum(banker) % 10
    sun7 = b > p and _three(banker, 7)
    moon8 = p > b and _three(player, 8)
    both_three_7 = _three(player, 7) and _three(banker, 7)
    both_two_7 = len(player) == len(banker) == 2 and p == b == 7
    both_9 = _three(player, 9) and _three(banker, 9)
    one_9 = _three(player, 9) != _three(banker, 9)
    return (40 if sun7 else -1, 25 if moon8 else -1,
            200 if both_three_7 else 50 if both_two_7 else -1,
            75 if both_9 else 10 if one_9 else -1,
            6 if (sun7 or moon8 or both_three_7 or both_two_7 or both_9 or one_9) else -1)


def test_package_matches_a_brute_force_over_every_sequence_of_a_small_shoe():
    stakes = (1, 2, 1, 3, 1)
    brute = Counter()
    for sequence in permutations(SMALL, 6):
        player, banker = deal(sequence)
        brute[sum(s * x for s, x in zip(stakes, _payouts_by_hand(player, banker)))] += 1
    shoe = Shoe(tuple(SMALL.count(v) for v in range(10)))
    result = package([Bet(w, "A", Fraction(s)) for w, s in zip(ECLIPSE_PACKAGE, stakes)],
                     shoe=shoe)
    assert dict(result.distribution) == dict(brute)
    assert len(brute) >= 4 and result.cycle == sum(brute.values()) == 10 * 9 * 8 * 7 * 6 * 5


@pytest.mark.parametrize("text, bet", [
    ("eclipse.sun7", Bet("eclipse.sun7", None, Fraction(1))),
    ("eclipse.supreme7:B=2", Bet("eclipse.supreme7", "B", Fraction(2))),
    ("eclipse.supreme7 : B = 2.5", Bet("eclipse.supreme7", "B", Fraction(5, 2))),
    ("baccarat.tie=1/3", Bet("baccarat.tie", None, Fraction(1, 3))),
])
def test_parse_bet(text, bet):
    assert parse_bet(text) == bet


@pytest.mark.parametrize("text, words", [
    ("", "cannot read the bet"), ("a:b:c", "cannot read the bet"), ("a=1=2", "cannot read"),
    ("eclipse.sun7=0", "must be positive"), ("eclipse.sun7=-1", "must be positive"),
    ("eclipse.sun7=x", "positive number"), ("eclipse.sun7=1/0", "positive number"),
])
def test_parse_bet_rejects(text, words):
    with pytest.raises(CombinError, match=words):
        parse_bet(text)


def test_parse_stake_is_exact():
    assert parse_stake("0.1") == Fraction(1, 10)


@pytest.mark.parametrize("bets, options, words", [
    ([], {}, "at least one wager"),
    (["eclipse.sun7", "lunar.super"], {}, "different games"),
    (["eclipse.sun7", "eclipse.sun7:A=2"], {}, "listed twice"),
    (["eclipse.sun9"], {}, "unknown wager"),
    (["eclipse.sun7"], {"paytable": "Q"}, "unknown paytable"),
    (["eclipse.sun7"], {"interpret": {"E1": "paid-rows"}}, "applies to none"),
    (["eclipse.sun7"], {"interpret": {"E7": "x"}}, "unknown interpretation"),
    (["lunar.super"], {"decks": "6"}, "fixed deck"),
])
def test_bad_packages_say_why(bets, options, words):
    with pytest.raises(CombinError, match=words):
        package([parse_bet(b) for b in bets], **options)


def test_the_named_eclipse_package_is_the_five_wagers_of_the_regulation():
    assert [bet.wager for bet in named_bets("eclipse")] == list(ECLIPSE_PACKAGE)
    with pytest.raises(CombinError, match="unknown package"):
        named_bets("nonsense")


def test_winners_and_independence_of_the_eclipse_package(eclipse_a):
    """How many wagers win, summed over rounds, is the sum of the wagers' own hit counts; with
    the covariances dropped the variance is the sum of the par sheets' variances."""
    assert sum(c for _, c in eclipse_a.winners) == eclipse_a.cycle
    hits = sum(line.combinations for sheet in eclipse_a.sheets for line in sheet.lines
               if line.payout > 0)
    assert sum(k * c for k, c in eclipse_a.winners) == hits
    assert eclipse_a.independent_variance == sum(sheet.summary.variance
                                                 for sheet in eclipse_a.sheets)
    assert eclipse_a.winning(0) == 1
    assert eclipse_a.winning(1) == Fraction(eclipse_a.cycle - dict(eclipse_a.winners)[0],
                                            eclipse_a.cycle)


def test_a_paytable_files_own_event_settles_in_a_package():
    from combin.files.paytable_file import parse_paytable_file
    text = ('[[paytable]]\nwager = "eclipse.moon8"\nid = "M8N"\ncitation = "design study"\n'
            '[paytable.events.player_natural_8]\ntitle = "Player wins with a natural 8"\n'
            'winner = "player"\nplayer_cards = 2\nplayer_total = 8\n[paytable.pays]\n'
            'player_wins_three_card_8 = "25 to 1"\nplayer_natural_8 = "1 to 1"\n')
    tables = parse_paytable_file(text, "m8n.toml").paytables
    result = package([Bet("eclipse.moon8", "M8N"), Bet("baccarat.player")],
                     extra_paytables=tables)
    counts = dict(result.distribution)
    # a three-card 8 Player win pays 25 + 1; a natural 8 Player win 1 + 1; every other
    # Player win 0 - 1 + 1; a Banker win -2; a tie pushes the Player and loses the Moon 8
    assert counts[26] == MOON8
    assert counts[0] == PLAYER_WINS - MOON8 - counts[2] and counts[-1] == TIES
    assert counts[-2] == BANKER_WINS and sum(counts.values()) == CYCLE
