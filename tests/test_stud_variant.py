"""combin.stud.core.variant: a game file derived from Lunar Poker, read strictly, played by every engine."""

import io
import random
from fractions import Fraction

import pytest

from combin.errors import CombinError
from combin.stud.core.classes import situations
from combin.stud.core.deck import Deck
from combin.stud.core.rules import load_rules, settle
from combin.stud.core.situation import Situation
from combin.stud.core.variant import (SETTINGS, differences, identification, parse_variant, stud_rules,
                                      variant_rules)
from combin.stud.draw.options import option_keys
from combin.stud.game.spec import RunSpec

HEAD = 'id = "v"\ntitle = "A variant"\ncitation = "A proposal"\nderived_from = "lunar"\n'

#: draw fee 2, no sixth card, two pair 1 to 1 (the brief's example of a variant)
FEE_2 = HEAD + '[draws]\nfee = 2\nbuy = 0\n[bet_pays.pays]\ntwo_pair = "1 to 1"\n'


def test_a_key_left_out_keeps_the_registered_value():
    rules = variant_rules(parse_variant(FEE_2, "f.toml")).resolve()
    base = load_rules("lunar").resolve()
    assert (rules.draw_fee, rules.buy, rules.force_fee, rules.exchange_sizes) == (2, 0, 1, (2, 3, 4, 5))
    assert rules.bet_table["two_pair"] == 1 and base.bet_table["two_pair"] == 2
    assert {k: v for k, v in rules.bet_table.items() if k != "two_pair"} == \
        {k: v for k, v in base.bet_table.items() if k != "two_pair"}
    assert [key for key in option_keys(rules) if key[0] == "buy"] == []
    assert len(option_keys(rules)) == 2 + 26


def test_the_second_combination_reads_the_files_pays():
    """L11=best-pair: K-K-Q-Q-J-J pays two pair twice; two pair at 1 to 1 halves it (2 + 2 -> 1 + 1)."""
    from combin.core.cards import parse_cards
    from combin.stud.core.rules import bet_pay
    cards = parse_cards("Ks Kd Qs Qd Jh Jc")
    assert bet_pay(load_rules("lunar").resolve(), cards) == 4
    assert bet_pay(variant_rules(parse_variant(FEE_2, "f.toml")).resolve(), cards) == 2


def test_fixing_the_exchange_drops_its_reading():
    game = variant_rules(parse_variant(HEAD + "[draws]\nexchange = [0, 0]\n", "f.toml"))
    assert "L12" not in game.interpretations and "L12" in load_rules("lunar").interpretations
    rules = game.resolve()
    assert rules.exchange_sizes == () and option_keys(rules) == [("fold", ()), ("play", ()), ("buy", ())]
    with pytest.raises(CombinError, match="does not read interpretation L12"):
        game.resolve(interpret={"L12": "one-to-five"})


def test_exact_amounts_and_the_even_money_ante():
    variant = parse_variant(HEAD + 'bet = 3\n[force]\nfee = "2/1"\n[ante_win]\npays = "1 to 1"\n', "f.toml")
    rules = variant_rules(variant).resolve()
    assert (rules.bet, rules.force_fee, rules.ante_win) == (3, 2, 1)
    assert "L8" not in rules.chosen
    assert differences(variant) == [
        "the Bet (x Ante): 3 x Ante (the registered game: 2 x Ante)",
        "the fee to force a non-qualifying dealer: 2 x Ante (the registered game: 1 x Ante)",
        "the Ante when the player beats a qualifying dealer: 1 to 1 (the registered game: by the reading of L8)"]


def test_a_decimal_is_read_exactly_and_a_fraction_refused_in_one_line():
    for written in ("1.5", '"3/2"'):
        with pytest.raises(CombinError) as error:
            parse_variant(HEAD + f"[draws]\nfee = {written}\n", "f.toml")
        assert str(error.value) == ("f.toml, line 6: draws.fee = 3/2: the exact engines price whole Ante "
                                    "units only; a fractional amount is not supported")
    assert parse_variant(HEAD + "[draws]\nfee = 2.0\n", "f.toml").settings == (("draws.fee", "2"),)


@pytest.mark.parametrize("body, message", [
    ('id = "v"\ntitle = "t"\nderived_from = "lunar"\n', "f.toml: a game file needs a text field 'citation'"),
    (HEAD + "[draws]\nfees = 2\n", "f.toml, line 6: unknown key 'draws.fees'"),
    (HEAD + 'bet = "two"\n', "f.toml, line 5: bet must be a number of Antes"),
    (HEAD.replace('"lunar"', '"caribbean"'), "f.toml, line 4: derived_from = 'caribbean': a game file changes one of lunar"),
    (HEAD + "[draws]\nexchange = [1, 6]\n", "f.toml, line 6: draws.exchange = [1, 6] is out of range"),
    (HEAD + "[draws]\nexchange = [3, 2]\n", "f.toml, line 6: draws.exchange = [3, 2] is out of range"),
    (HEAD + "[draws]\nbuy = 2\n", "f.toml, line 6: draws.buy must be 0 (no sixth card) or 1"),
    (HEAD + '[force]\nreplace = "middle"\n', "f.toml, line 6: force.replace must be 'highest' or 'lowest'"),
    (HEAD + '[bet_pays.pays]\nfive_aces = "9 to 1"\n', "f.toml, line 6: unknown key 'bet_pays.pays.five_aces'"),
    (HEAD + '[bet_pays.pays]\none_pair = "3 to 2"\n', "f.toml, line 6: bet_pays.pays.one_pair = '3 to 2': the exact engines"),
    (HEAD + "[draws\nfee = 2\n", "f.toml, line 5: not a valid TOML file"),
    (HEAD + "[draws]\nfee = 2\nfee = 3\n", "f.toml, line 7: duplicate line"),
    (HEAD.replace('"v"', '"a b"'), "f.toml, line 1: the id 'a b' is not a plain name"),
])
def test_a_bad_file_is_one_line_naming_file_and_line(body, message):
    with pytest.raises(CombinError) as error:
        parse_variant(body, "f.toml")
    assert str(error.value).startswith(message), str(error.value)
    assert "\n" not in str(error.value)


def test_every_setting_has_a_kind_the_reader_checks():
    assert {kind for kind, _ in SETTINGS.values()} == {"bet", "antes", "count", "span", "replace", "pay"}


def test_a_file_of_another_game_is_refused_for_this_one(tmp_path):
    path = tmp_path / "v.toml"
    path.write_text(FEE_2)
    assert stud_rules("lunar", path).variant.sha256 == __import__("hashlib").sha256(FEE_2.encode()).hexdigest()
    with pytest.raises(CombinError, match=r"v.toml, line 4: the game file is derived from lunar, not caribbean"):
        stud_rules("caribbean", path)


def test_a_variants_run_key_holds_its_content_and_the_default_key_is_unchanged():
    deck = Deck.parse("JQKA")
    default = RunSpec.of(deck, load_rules("lunar").resolve())
    variant = RunSpec.of(deck, variant_rules(parse_variant(FEE_2, "f.toml")).resolve())
    assert "game_file" not in default.game_json() and "game_file" not in default.to_json()
    assert variant.game_json()["game_file"] == FEE_2 and not variant.same_game(default)
    again = RunSpec.from_json(variant.to_json())
    assert again == variant
    _, rules = again.resolve()                   # a worker rebuilds the variant from the key alone
    assert rules.draw_fee == 2 and rules.stud.key == f"lunar@{identification(rules.stud)['sha256']}"
    assert load_rules("lunar").key == "lunar"


def test_settle_charges_the_files_fee():
    from combin.core.cards import parse_cards
    rules = variant_rules(parse_variant(FEE_2, "f.toml")).resolve()
    player, dealer = parse_cards("As Ad Ks Kd Qh"), parse_cards("Jc Jd 9h 7s 2c")
    assert settle(rules, player, dealer, "play", drew=True) == 2 * 1 - 2     # two pair 1 to 1 on 2, fee 2
    assert settle(load_rules("lunar").resolve(), player, dealer, "play", drew=True) == 2 * 2 - 1


def test_the_variant_game_on_jqka_equals_the_card_by_card_engine_and_the_naive_tree(tmp_path):
    """Every class of JQKA under the file (draw fee 2, no sixth card, two pair 1 to 1): the rank
    engine's exact game (the run's expected result) equals the sum over classes of the card-by-card
    engine's best option, exact; and on seeded classes every option equals the naive tree's."""
    from combin.stud.game.remedy import exact_run
    from combin.stud.reference.cards.advise import advise_cards
    from combin.stud.reference.naive import option_values
    deck = Deck.parse("JQKA")
    rules = variant_rules(parse_variant(FEE_2, "f.toml")).resolve()
    # the run a solve makes: every class priced, no round counted card by card (the sheet's test's)
    run = exact_run(deck, rules, store_path=tmp_path / "s.sqlite", chunk=256, stream=io.StringIO())
    expected = dict((row[0], row[1]) for row in run.sheet.sections["summary"])["expected result per Ante"]
    _, hands, ups, weights = situations(deck)
    total = Fraction(0)
    for hand, up, weight in zip(hands.tolist(), ups.tolist(), weights.tolist()):
        total += weight * advise_cards(Situation(tuple(hand), up, deck), rules, detail=False)[0].ev
    assert expected == total / int(weights.sum())
    assert expected != Fraction(0)
    from combin.stud.draw.rank.engine import RankEngine
    for i in random.Random(7).sample(range(len(weights)), 3):
        situation = Situation(tuple(int(c) for c in hands[i]), int(ups[i]), deck)
        naive = option_values(situation, rules)
        assert ("buy",) not in naive
        for key, value in RankEngine(situation, rules).values().items():
            assert naive[key if key[0] == "exchange" else (key[0],)] == value, key


def test_a_variants_sample_reads_the_shipped_control_only_where_its_game_without_draws_is_the_registered_one(
        monkeypatch):
    """The full deck's control under the default readings is shipped for the registered game; a game
    file that changes nothing but the draws (or nothing but its name) reads it too -- the game
    without draws reads no draw setting (test_stud_control sums both on JQKA) -- and one that
    changes anything else (here the force fee) is summed instead."""
    from types import SimpleNamespace
    import combin.stud.nodraw.game as nodraw
    from combin.stud.game.control import no_draw_expected
    deck = Deck.parse(None)
    shipped = no_draw_expected(deck, load_rules("lunar").resolve())
    monkeypatch.setattr(nodraw, "whole_game", lambda *args, **kwargs: SimpleNamespace(expected="summed"))
    assert no_draw_expected(deck, variant_rules(parse_variant(HEAD + "[force]\nfee = 3\n", "f.toml")).resolve()) \
        == "summed"
    for body in ("", "[draws]\nfee = 2\n"):
        assert no_draw_expected(deck, variant_rules(parse_variant(HEAD + body, "f.toml")).resolve()) == shipped
    assert no_draw_expected(deck, load_rules("lunar").resolve()) == shipped != "summed"


def test_a_number_of_thousands_of_digits_is_one_line():
    with pytest.raises(CombinError) as error:
        parse_variant(HEAD + "[draws]\nfee = " + "1" * 5000 + "\n", "f.toml")
    assert str(error.value).startswith("f.toml: not a valid game file (Exceeds the limit (4300 digits)")
    with pytest.raises(CombinError, match=r"^f.toml, line 6: bet_pays.pays.one_pair: "):
        parse_variant(HEAD + '[bet_pays.pays]\none_pair = "' + "1" * 5000 + ' to 1"\n', "f.toml")


def test_forcing_the_card_the_data_names_fixes_l10():
    game = variant_rules(parse_variant(HEAD + '[force]\nreplace = "highest"\n', "f.toml"))
    assert "L10" not in game.interpretations and game.entry["force"]["replace"] == "highest"
    assert game.resolve().force_fee == 1


def test_forcing_the_lowest_card_is_the_reading_l10_replace_lowest_once():
    """A game file's ``force.replace = "lowest"`` is the rule L10=replace-lowest-once reads (the
    engines price both cards): the same card replaced, the same settlement and the same option
    values on a 9TJQKA situation, and L10 no longer read."""
    from combin.core.cards import parse_card, parse_cards
    from combin.stud.draw.rank.engine import RankEngine
    game = variant_rules(parse_variant(HEAD + '[force]\nreplace = "lowest"\n', "f.toml"))
    rules = game.resolve()
    reading = load_rules("lunar").resolve(interpret={"L10": "replace-lowest-once"})
    assert "L10" not in game.interpretations and rules.force_replaces == reading.force_replaces
    player, dealer = parse_cards("Ks Kd 9h Tc Jd"), parse_cards("Qs Jh 7d 5c 3c")      # Q high: no qualifier
    # a queen replacing the 3 pairs the dealer's queen; replacing the queen itself would not
    forced = settle(rules, player, dealer, "force", parse_card("Qh"))
    assert forced == settle(reading, player, dealer, "force", parse_card("Qh"))
    assert forced != settle(load_rules("lunar").resolve(), player, dealer, "force", parse_card("Qh"))
    situation = Situation.parse("AS KD QH 9C 9D", "TS", "9TJQKA")
    keys = option_keys(rules)
    assert [RankEngine(situation, rules).value(key) for key in keys] == \
        [RankEngine(situation, reading).value(key) for key in keys]
