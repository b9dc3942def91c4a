from decimal import Decimal
from fractions import Fraction
from statistics import NormalDist

from combin.core.risk import CONFIDENCES, ROUNDS, risk


def test_z_constants_match_the_normal_quantile():
    # An independent computation of the same constants (statistics, double precision).
    for label, z in CONFIDENCES:
        confidence = int(label.rstrip("%")) / 100
        assert abs(float(z) - NormalDist().inv_cdf((1 + confidence) / 2)) < 1e-14


def test_hold_range_is_edge_plus_minus_vi_over_root_n():
    r = risk(Fraction(1, 20), Fraction(4))   # sd = 2
    (label, z, vi) = r.volatility[1]
    assert label == "95%" and vi == 2 * z
    rounds, label, low, high = [h for h in r.holds if h[0] == 10_000 and h[1] == "95%"][0]
    assert abs((high - low) - 2 * vi / 100) < Decimal("1e-30")
    assert abs((high + low) / 2 - Decimal("0.05")) < Decimal("1e-30")
    assert [h[0] for h in r.holds][::3] == list(ROUNDS)
