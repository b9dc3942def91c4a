"""The plan of a count simulation: every option checked before a shoe is dealt."""


import pytest

from combin.errors import CombinError
from combin.protection.plan import make_plan
from combin.protection.settlement import settlement

DRAGON7 = (0, 0, 0, 0, -1, -1, -1, -1, 2, 2)


@pytest.mark.parametrize("options, words", [
    ({"cut": 4}, "--cut-card"), ({"burn": "x"}, "--burn"), ({"seed": -1}, "--seed"),
    ({"decks": 1, "cut": 40}, "no room"), ({"decks": 0}, "at least 1"),
    ({"triggers": ()}, "trigger"), ({"decks": 65}, "at most 64 decks"),
])
def test_bad_plans(options, words):
    settled = settlement("eclipse.sun7", 1)
    arguments = {"tags": DRAGON7, "triggers": (None,), **options}
    with pytest.raises(CombinError, match=words):
        make_plan("eclipse.sun7", settled=settled, **arguments)
