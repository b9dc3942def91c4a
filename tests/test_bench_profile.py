"""combin.bench.profile: the engines' steps are found on the production kernels and charged their time."""

from combin.bench import SECTIONS
from combin.bench.profile import RANK_STEPS, STEPS, profile, profile_rows
from combin.stud.reference.cards import kernel
from combin.stud.draw.rank import kernel as rank_kernel


def test_the_timed_steps_are_the_kernels_own_entry_points():
    present = [name for name in STEPS if hasattr(kernel, name)]
    # the per-situation tables, the listing, the groups and the passes must be there to be timed
    for name in ("dealer_tables", "enumerate_draws", "draw_groups", "first_pass"):
        assert name in present
    assert all(hasattr(rank_kernel, name) for name in RANK_STEPS)
    assert "combin.bench.profile:profile_rows" in SECTIONS


def test_a_profile_charges_each_step_and_restores_the_kernels():
    before = {name: getattr(kernel, name) for name in STEPS if hasattr(kernel, name)}
    rank_before = {name: getattr(rank_kernel, name) for name in RANK_STEPS}
    spent, total, situations = profile(2)
    assert situations == 2 and total > 0
    for name in ("dealer_tables", "enumerate_draws", "first_pass", "distribution"):
        assert 0 < spent[name] <= total
    spent, total, situations = profile(2, "rank")
    for name in RANK_STEPS:
        assert 0 < spent[name] <= total
    assert {name: getattr(kernel, name) for name in before} == before
    assert {name: getattr(rank_kernel, name) for name in RANK_STEPS} == rank_before
    rows = profile_rows(1)
    assert rows[0][0].startswith("lunar engine profile: 1 full-deck situations, card-by-card")
    rank_row = next(i for i, row in enumerate(rows) if "rank engine" in row[0])
    assert all(label.startswith("  step: ") for label, _, _ in rows[1:rank_row] + rows[rank_row + 1:])
