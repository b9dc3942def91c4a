"""A game's own data: its game.toml sections, its shoe options, its known ids."""

import pytest

from combin.errors import CombinError
from combin.core.game import Game, check_known, load_sections


def test_baccarat_sections_come_from_its_data():
    found = load_sections("combin.baccarat")
    assert found["audit"].unit == "rounds" and "combin.baccarat.naive" in found["audit"].modules
    assert found["protection"].decks == 8
    assert found["protection"].counted == {"eclipse.sun7": "always,2,4,6",
                                           "eclipse.moon8": "always,4,6,8"}
    assert found["packages"]["eclipse"].citation == "58 Pa. Code § 631b.11(d)"


def test_lunar_has_no_protection_and_no_package():
    found = load_sections("combin.lunar")
    assert "protection" not in found and found["packages"] == {}
    assert found["audit"].unit == "hands"


def test_a_fixed_deck_game_refuses_shoe_options():
    game = Game("toy", "Toy", "none", {}, {}, {}, outcomes=lambda: "the space")
    assert game.space() == "the space"
    with pytest.raises(CombinError, match="toy is dealt from a fixed deck; --shoe"):
        game.space(shoe="8d")


def test_check_known_names_the_choices():
    assert check_known("rule set", "ez", ["standard", "ez"]) == "ez"
    with pytest.raises(CombinError, match="unknown rule set 'x' \\(known: standard, ez\\)"):
        check_known("rule set", "x", ["standard", "ez"])


def test_lazy_parts_load_on_first_call_and_pickle():
    import pickle
    import subprocess
    import sys
    from combin.core.game import Lazy
    dealer = pickle.loads(pickle.dumps(Lazy("combin.lunar.hand:deal_hands")))
    import random
    assert sum(dealer(random.Random(1), 50).values()) == 50
    # registering the games imports none of their cross-checks or simulation dealers
    code = ("import sys; from combin.registry import games; games(); "
            "print(sorted(m for m in sys.modules if m.endswith(('.checks', '.naive', '.hands'))))")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "[]"


def test_the_stud_games_name_their_solver():
    from combin.registry import find_game
    lunar, caribbean = find_game("lunar"), find_game("caribbean")
    assert lunar.solver.package == "combin.lunar" and "lunar advise" in lunar.solver.commands
    assert caribbean.solver.commands == ("game caribbean",) and caribbean.wagers == {}
    assert find_game("baccarat").solver is None
    assert [title for title, _ in caribbean.game_tables.files][0].endswith("strategy optimal")
