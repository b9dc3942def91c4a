"""The baccarat cross-checks all pass, and a wrong published figure is reported."""

from combin.baccarat import GAME
from combin.baccarat.checks import anchor_checks, baccarat_checks
from combin.core.crosscheck import anchors


def test_every_baccarat_check_passes():
    found = baccarat_checks(GAME, shoes=1)
    assert found and all(check.passed for check in found), [c.name for c in found if not c.passed]
    groups = {check.group for check in found}
    assert groups == {"anchor", "method", "invariant"}


def test_a_wrong_anchor_fails():
    data = anchors("combin.baccarat")
    data["baccarat_counts"] = [{**data["baccarat_counts"][0], "ties": "1"}]
    data["line_counts"], data["house_edges"] = [], []
    failed = [c.name for c in anchor_checks(data) if not c.passed]
    assert failed == ["8 decks: ties"]
