"""An outcome space refuses counts that do not add up to its cycle."""

import pytest

from combin.core.outcomes import OutcomeSpace


def test_counts_must_add_up_to_the_cycle():
    assert OutcomeSpace({"a": 1, "b": 2}, 3, "s", "m").cycle == 3
    with pytest.raises(ValueError, match="add up to 3, not the cycle 4"):
        OutcomeSpace({"a": 1, "b": 2}, 4, "s", "m")
    with pytest.raises(ValueError, match="negative"):
        OutcomeSpace({"a": 4, "b": -1}, 3, "s", "m")
