"""The protection rows of ``make bench``: shape and self-checks (no time is asserted)."""

from combin.bench.protection import bench_rows


def test_bench_rows_time_the_eor_table_and_the_simulation():
    rows = bench_rows(shoes=250)
    labels = [label for label, _, _ in rows]
    assert labels[0].startswith("protection: full eor table")
    assert all("count simulation, 250 8-deck shoes" in label for label in labels[1:])
    assert all("shoes/s" in note for _, _, note in rows[1:])
    assert "shoes/s in this process" in rows[1][2]
    assert all("shoes/s on a started cluster (start " in note for _, _, note in rows[2:])
