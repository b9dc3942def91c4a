"""A new game is one object: a toy 3-card draw, defined here, is picked up by every layer.

The toy deals three cards from a 12-card deck (ranks 1-4, three suits) and
pays a wager on the hand's best group.  Nothing outside this file names it:
it is registered with :func:`combin.registry.register`, and ``combin list``,
``combin par``, ``combin tables`` and ``combin audit`` find it by asking the
registry and the game.  Expected figures are worked by hand in the comments.
"""

from collections import Counter
from itertools import combinations
from math import comb

import pytest
from jsondoc import figure, rows

from combin import registry
from combin.cli import main
from combin.core.crosscheck import Check
from combin.core.game import AuditSection, Game
from combin.core.outcomes import OutcomeSpace
from combin.core.paytable import parse_paytables
from combin.core.wager import Event, Wager

DECK = [rank for rank in (1, 2, 3, 4) for _ in range(3)]   # 12 cards: ranks 1-4, three suits

PAYTABLES = """
[[paytable]]
wager = "toy.trips"
id = "standard"
title = "Toy paytable"
citation = "defined in tests/test_toy_game.py"
[paytable.pays]
three_of_a_kind = "10 to 1"
pair = "1 to 2"
"""


def _group(hand):
    """The largest number of cards of one rank: 3, 2 or 1."""
    return max(Counter(hand).values())


def _outcomes():
    counts = Counter(_group([DECK[i] for i in cards]) for cards in combinations(range(12), 3))
    return OutcomeSpace(dict(counts), comb(12, 3), "one 12-card deck, three-card hands",
                        "every three-card hand (combinations), by its largest group",
                        {"cards": 12, "hand": 3}, game="toy")


def _deal(rng, rounds):
    return Counter(_group(rng.sample(DECK, 3)) for _ in range(rounds))


def _checks(game, progress):
    progress("toy: closed form against the enumeration")
    space = game.outcomes()
    # Closed form: trips 4 ranks x C(3,3); pairs 4 ranks x C(3,2) x 9 other cards.
    closed = {3: 4 * 1, 2: 4 * 3 * 9, 1: comb(12, 3) - 4 - 108}
    return [Check("method", "toy: closed form = enumeration", "three groups",
                  dict(space.counts) == closed)]


EVENTS = (Event("three_of_a_kind", "Three of a kind", lambda group, i: group == 3),
          Event("pair", "A pair", lambda group, i: group == 2))
WAGERS = {"toy.trips": Wager("toy.trips", "Trips or a pair", "toy", "a toy game", EVENTS,
                             "standard")}


def toy_game():
    paytables = parse_paytables(PAYTABLES, "toy", lambda w: WAGERS[w].event_ids)
    return Game(id="toy", title="Toy three-card draw", regulation="none (a test)",
                wagers=WAGERS, paytables={(p.wager, p.id): p for p in paytables},
                interpretations={}, outcomes=_outcomes, table_shoes=(("12-cards", {}),),
                checks=_checks, dealer=_deal,
                audit=AuditSection((__name__,), "Three cards drawn from the toy deck."))


@pytest.fixture
def toy():
    game = registry.register(toy_game())
    yield game
    registry.unregister(game.id)


def test_list_shows_the_toy(toy, capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "Toy three-card draw [toy]" in out and "toy.trips" in out


def test_par_prices_the_toy_exactly(toy, capsys):
    import json
    assert main(["par", "toy.trips", "--format", "json"]) == 0
    sheet = json.loads(capsys.readouterr().out)
    assert sheet["subject"]["cycle"] == "220"
    assert [line["combinations"] for line in rows(sheet, "outcomes")] == ["4", "108", "108"]
    # (4 x 10 + 108 x 1/2 - 108) / 220 = -14/220 = -7/110
    assert figure(sheet, "Expected return") == "-7/110"


def test_tables_include_the_toy(toy):
    from combin.documents.tables import generate
    # the toy's tree alone (test_tables generates every game's)
    files = generate(progress=lambda message: None, whole_games=False, only=("toy",))
    assert "toy/12-cards/toy.trips-standard.md" in files
    assert not any(path.startswith(("baccarat/", "lunar/")) for path in files)
    assert "Toy three-card draw" in files["README.md"]


def test_audit_bundles_the_toy(toy):
    from combin.audit.bundle import build
    from combin.audit.scope import Scope
    files, verdicts, _ = build(seed=1, rounds=2000, hands=1000, shoes=100, workers=1,
                               progress=lambda message: None, scope=Scope(game="toy"))
    assert verdicts["toy"]["all_checks_passed"] and verdicts["toy"]["checks"] == "2/2"
    assert "Monte Carlo (2,000 rounds per simulation) 1/1 inside" in files["README.md"]
    assert {"toy/REPORT.md", "toy/method.md", "toy/simulation.md"} <= set(files)
    assert not any(path.startswith(("baccarat/", "lunar/")) for path in files)


def test_registration_refuses_a_clash(toy):
    with pytest.raises(ValueError, match="already registered"):
        registry.register(toy_game())


def test_capabilities_are_asked_of_the_game(toy):
    from combin.documents.listing import capabilities
    from combin.registry import find_game
    assert capabilities(toy) == "evidence bundle (audit)"
    assert "game protection" in capabilities(find_game("baccarat"))
    assert "packages: eclipse" in capabilities(find_game("baccarat"))
    assert "game protection" not in capabilities(find_game("lunar"))
