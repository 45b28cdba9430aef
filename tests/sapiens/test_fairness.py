"""M1-M6 on the shipped reconstruction with fixed seeds (spec section 1.7).

The default run plays 20 greedy games per player count and asserts the metrics that sample size
measures (M1, M2, M3 with a margin, M6). The slow run plays the full 600 games per player count
for M4 and asserts every threshold, M5 included.
"""

from __future__ import annotations

import pytest

from widgetpkg.games.sapiens.fairness import fairness_checks


def test_m1_m2_m3_m6_on_a_sample():
    report = fairness_checks("reconstruction", seed=11, games=20, face_games=0, random_games=5)
    rows = {r.id: r for r in report.rows}
    assert rows["M1"].passed, str(report)
    assert rows["M2"].passed, str(report)
    assert rows["M6"].passed, str(report)
    # M3 on 20 games per count: every scene within 0.6-1.4 x fair (the slow run asks 0.75-1.25)
    values = [float(x) for x in rows["M3"].value.split()[1::2]]
    assert len(values) == 8 and all(0.6 / 8 <= v <= 1.4 / 8 for v in values), str(report)
    assert "M5" in str(report)


@pytest.mark.slow
def test_all_metrics_with_the_full_game_counts():
    report = fairness_checks("reconstruction", seed=12, games=200, face_games=400)
    print(report)
    assert report.passed, str(report)
