"""combin.bench.profile: the engine's steps are found on the production kernel and charged their time."""

from combin.bench import SECTIONS
from combin.bench.profile import STEPS, profile, profile_rows
from combin.stud.draw import kernel


def test_the_timed_steps_are_the_kernels_own_entry_points():
    present = [name for name in STEPS if hasattr(kernel, name)]
    # the per-situation tables, the listing, the groups and the passes must be there to be timed
    for name in ("dealer_tables", "enumerate_draws", "draw_groups", "first_pass"):
        assert name in present
    assert "combin.bench.profile:profile_rows" in SECTIONS


def test_a_profile_charges_each_step_and_restores_the_kernel():
    before = {name: getattr(kernel, name) for name in STEPS if hasattr(kernel, name)}
    spent, total, situations = profile(2)
    assert situations == 2 and total > 0
    for name in ("dealer_tables", "enumerate_draws", "first_pass", "distribution"):
        assert 0 < spent[name] <= total
    assert {name: getattr(kernel, name) for name in before} == before
    rows = profile_rows(1)
    assert rows[0][0].startswith("lunar engine profile: 1 full-deck situations")
    assert all(label.startswith("  step: ") for label, _, _ in rows[1:])
