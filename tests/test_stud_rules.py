"""combin.stud.core.rules: the games as data and the settlement of one round."""

from fractions import Fraction

import pytest

from combin.errors import CombinError
from combin.core.cards import parse_card, parse_cards
from combin.stud.core.rules import load_rules, settle


def c(text):
    return parse_cards(text)


@pytest.fixture
def lunar():
    return load_rules("lunar").resolve()


@pytest.fixture
def caribbean():
    return load_rules("caribbean").resolve()


def test_caribbean_pays(caribbean):
    assert caribbean.readings == () and caribbean.instant is None
    assert caribbean.bet_table["royal_flush"] == 100 and caribbean.bet_table["ace_king"] == 1
    assert settle(caribbean, c("2c 2d 5h 8s 9c"), c("Ac Kd 4h 3s 7c"), "play") == 1 + 2 * 1
    assert settle(caribbean, c("2c 2d 5h 8s 9c"), c("Ac Qd 4h 3s 7c"), "play") == 1
    assert settle(caribbean, c("2c 2d 5h 8s 9c"), c("3c 3d 4h 5s 7c"), "play") == -3
    assert settle(caribbean, c("Ac Kd 5h 8s 9c"), c("Ad Kc 5d 8h 9s"), "play") == 0
    assert settle(caribbean, c("Ac Kd 5h 8s 9c"), c("Ad Kc 5d 8h 9s"), "fold") == -1
    with pytest.raises(CombinError):
        settle(caribbean, c("Ac Kd 5h 8s 9c"), c("Qd Jc 5d 8h 2s"), "force", parse_card("2d"))


def test_lunar_defaults_and_interpretations(lunar):
    assert dict(lunar.readings) == {"L7": "ends-round", "L8": "push", "L9": "final-hand",
                                    "L10": "replace-highest-once", "L11": "best-pair",
                                    "L12": "two-to-five"}
    assert lunar.instant.id == "A" and lunar.exchange_sizes == (2, 3, 4, 5)
    # L8 push: a pair beating a qualifying dealer wins the Bet only; L11 adds the ace-king
    assert settle(lunar, c("7c 7d 5h 8s 9c"), c("Ac Kd 4h 3s 2c"), "play") == 2
    assert settle(lunar, c("7c 7d As Ks 9c"), c("Ac Kd 4h 3s 2c"), "play") == 4
    even = load_rules("lunar").resolve(interpret={"L8": "even-money", "L11": "first-only"})
    assert settle(even, c("7c 7d As Ks 9c"), c("Ac Kd 4h 3s 2c"), "play") == 3
    # dealer does not qualify: 1 to 1, or 4 to 1 on a straight or better
    assert settle(lunar, c("7c 7d 5h 8s 9c"), c("Qc Jd 4h 3s 2c"), "play") == 1
    assert settle(lunar, c("5c 6d 7h 8s 9c"), c("Qc Jd 4h 3s 2c"), "play") == 4


def test_lunar_force(lunar):
    player, dealer = c("7c 7d 5h 8s 9c"), c("Qc Jd 4h 3s 2c")
    # the queen goes; a jack pairs the dealer above sevens: fee, Ante and Bet lost
    assert settle(lunar, player, dealer, "force", parse_card("Jc")) == -1 - 3
    # a four pairs the dealer below sevens: fee, Ante pushes (L8), Bet 1 to 1
    assert settle(lunar, player, dealer, "force", parse_card("4c")) == -1 + 2
    # still no pair: everything pushes, the fee is lost
    assert settle(lunar, player, dealer, "force", parse_card("Kc")) == -1
    with pytest.raises(CombinError):
        settle(lunar, player, c("Ac Kd 4c 3s 2c"), "force", parse_card("Kc"))
    with pytest.raises(CombinError):
        settle(lunar, player, dealer, "force", parse_card("7c"))


def test_lunar_instant_payout_per_paytable():
    for paytable, royal, straight_flush in (("A", 1500, 250), ("B", 1000, 300), ("C", 1000, 250)):
        rules = load_rules("lunar").resolve(paytable)
        assert settle(rules, c("Ts Js Qs Ks As"), c("Qc Jd 4h 3s 2c"), "play") == royal
        assert settle(rules, c("5s 6s 7s 8s 9s"), c("Qc Jd 4h 3s 2c"), "fold") == straight_flush
    cont = load_rules("lunar").resolve(interpret={"L7": "continue"})
    assert settle(cont, c("5s 6s 7s 8s 9s"), c("Qc Jd 4h 3s 2c"), "play") == 4


def test_the_games_rules_come_from_their_own_packages():
    # the stud engine names no game: each game's package holds its stud rules and citation
    lunar, caribbean = load_rules("lunar"), load_rules("caribbean")
    assert (lunar.package, caribbean.package) == ("combin.lunar", "combin.caribbean")
    assert sorted(lunar.instant_paytables) == ["A", "B", "C"] and not caribbean.instant_paytables
    assert "671a" in lunar.citation and caribbean.bet_table["royal_flush"] == 100
    assert lunar.second_pays is not None and caribbean.second_pays is None


def test_bad_choices():
    game = load_rules("lunar")
    with pytest.raises(CombinError, match="no value"):
        game.resolve(interpret={"L8": "double"})
    with pytest.raises(CombinError, match="does not read"):
        game.resolve(interpret={"E1": "events"})
    with pytest.raises(CombinError, match="unknown paytable"):
        game.resolve("Z")
    with pytest.raises(CombinError, match=r"unknown stud game 'holdem' \(known: lunar, caribbean\)"):
        load_rules("holdem")
    with pytest.raises(CombinError, match="unknown stud game 'baccarat'"):
        load_rules("baccarat")        # a registered game, but not one the stud engine plays
    with pytest.raises(CombinError, match="does not read"):
        load_rules("caribbean").resolve(interpret={"L8": "push"})
    assert isinstance(settle(game.resolve(), c("Ts Js Qs Ks As"), c("Qc Jd 4h 3s 2c"), "play"), Fraction)


def test_the_instant_payout_reading_is_an_enum_checked_against_the_data():
    from combin.core.interpret import Interpretation
    from combin.stud.core.rules import InstantReading, check_values
    lunar = load_rules("lunar")
    assert lunar.resolve(interpret={"L7": "continue"}).instant_ends_round is False
    assert lunar.resolve(interpret={"L7": InstantReading.ENDS_ROUND}).instant_ends_round is True
    renamed = Interpretation("L7", "t", "r", "ends-round",
                             {"ends-round": "", "carries-on": ""}, ())
    with pytest.raises(ValueError, match="the stud engine knows values continue, ends-round"):
        check_values(renamed, InstantReading)


def test_lunar_force_replaces_the_card_the_reading_names(lunar):
    lowest = load_rules("lunar").resolve(interpret={"L10": "replace-lowest-once"})
    assert (str(lunar.force_replaces), str(lowest.force_replaces)) == ("highest", "lowest")
    assert load_rules("caribbean").resolve().force_replaces is None
    player, dealer = c("7c 7d 5h 8s 9c"), c("Qc Jd 4h 3s 2c")
    # the deuce goes and the queen stays: a queen pairs the dealer above sevens, a deuce no more
    assert settle(lowest, player, dealer, "force", parse_card("Qd")) == -1 - 3
    assert settle(lowest, player, dealer, "force", parse_card("2d")) == -1
    # the highest reading: the queen goes, so a queen requalifies nothing, a deuce pairs below sevens
    assert settle(lunar, player, dealer, "force", parse_card("Qd")) == -1
    assert settle(lunar, player, dealer, "force", parse_card("2d")) == -1 + 2


def test_forcing_the_lowest_card_gains_where_forcing_the_highest_does_not(lunar):
    """Trips of fives against A Q 9 7 4 (no king: the dealer does not qualify), 42 cards left.
    Highest replaced: the ace goes, Q 9 7 4 requalify on 12 pair outs, each won (Bet 2 x 3):
    12 x 6 - 42 fees = 30 < 42 x 1 (the Ante pay): take the pay.  Lowest replaced: the four
    goes, A Q 9 7 requalify on the same 12 and on the 4 kings as ace-king (A K Q 9 7), all
    won: 16 x 6 - 42 = 54 > 42: force."""
    lowest = load_rules("lunar").resolve(interpret={"L10": "replace-lowest-once"})
    player, dealer = c("5s 5d 5h 2c 3d"), c("Ac Qd 9h 7s 4c")
    left = [card for card in range(52) if card not in player + dealer]
    take = [settle(rules, player, dealer, "play") * len(left) for rules in (lunar, lowest)]
    force = [sum(settle(rules, player, dealer, "force", card) for card in left) for rules in (lunar, lowest)]
    assert len(left) == 42 and take == [42, 42] and force == [30, 54]
    assert force[0] < take[0] and force[1] > take[1]


def test_the_force_entry_is_checked_against_the_readings():
    from combin.stud.core.rules import check_force
    register = load_rules("lunar").interpretations
    with pytest.raises(ValueError, match="names the readings replace-highest-once, interpretation L10 has"):
        check_force({"interpretation": "L10", "values": {"replace-highest-once": "highest"}}, register)
    with pytest.raises(ValueError, match="replaces middle"):
        check_force({"interpretation": "L10", "values": {"replace-highest-once": "highest",
                                                           "replace-lowest-once": "middle"}}, register)
    check_force({"interpretation": "L10", "replace": "lowest"}, register)
