"""PNG charts: valid, of the stated size, byte-for-byte deterministic, written atomically."""

import struct

import pytest

pytest.importorskip("matplotlib")

from combin.baccarat.shoe import Shoe  # noqa: E402
from combin.protection.charts import DPI, SIZE, eor_chart, trigger_chart  # noqa: E402
from combin.protection.eor import effects_of_removal  # noqa: E402
from combin.protection.simulate import parse_triggers, simulate  # noqa: E402


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_eor_chart_is_a_deterministic_png(tmp_path):
    effects = effects_of_removal("eclipse.sun7", Shoe.full(8))
    target = tmp_path / "eor.png"
    data = eor_chart(effects, target)
    assert png_size(data) == (SIZE[0] * DPI, int(SIZE[1] * DPI))
    assert target.read_bytes() == data == eor_chart(effects)
    assert [p.name for p in tmp_path.iterdir()] == ["eor.png"]
    assert eor_chart(effects_of_removal("eclipse.moon8", Shoe.full(8))) != data


def test_trigger_chart_is_a_deterministic_png(tmp_path):
    result = simulate("eclipse.sun7", triggers=parse_triggers("always,0,2,4"), true_count=True,
                      shoes=250, seed=2)
    target = tmp_path / "sub" / "triggers.png"
    data = trigger_chart(result, target)
    assert png_size(data) == (SIZE[0] * DPI, int(SIZE[1] * DPI))
    assert target.read_bytes() == data == trigger_chart(result)
