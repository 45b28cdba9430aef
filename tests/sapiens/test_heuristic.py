"""The Sapiens position estimate (heuristic.py) makes sense: balance, caves, hidden tiles, the end."""

from __future__ import annotations

import random

import widgetpkg as wp
from widgetpkg.games.sapiens.heuristic import estimate, soft_min


def midgame(seed: int = 4, turns: int = 8):
    g = wp.new_game("sapiens", players=["Red", "Blue"], seed=seed)
    rng = random.Random(seed)
    while not g.is_over and (g.turn < turns or g.phase != "main"):
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_soft_min_prefers_balance_and_never_exceeds_the_minimum():
    assert soft_min(20, 20, 3.0) > soft_min(25, 15, 3.0) > soft_min(30, 10, 3.0)
    for a, b in ((20, 20), (25, 15), (3, 40)):
        assert soft_min(a, b, 3.0) <= min(a, b)
        assert soft_min(a, b, 0) == min(a, b)


def red_estimate(g, food: int, shelter: int) -> float:
    with g.edit() as s:
        s.food["Red"], s.shelter["Red"] = food, shelter
    return estimate(g)["Red"]


def test_balanced_tracks_beat_lopsided_ones_with_the_same_total():
    g = midgame()
    values = [red_estimate(g, food, 40 - food) for food in range(0, 41, 5)]
    best = values.index(max(values))
    assert 0 < best < len(values) - 1, values
    assert max(values) > values[0] + 5 and max(values) > values[-1] + 5, values


def test_more_of_the_weaker_track_is_worth_more_than_more_of_the_stronger():
    g = midgame()
    assert red_estimate(g, 60, 13) - red_estimate(g, 60, 10) > red_estimate(g, 63, 10) - red_estimate(g, 60, 10) >= 0
    assert red_estimate(g, 3, 60) - red_estimate(g, 0, 60) > red_estimate(g, 0, 63) - red_estimate(g, 0, 60) >= 0


def test_the_estimate_reads_nothing_hidden_and_is_the_score_at_the_end():
    g = midgame()
    assert g.heuristic_scores() == estimate(g)
    for seed in range(3):  # the stack's order and the tiles removed unseen do not matter
        assert g.clone(resample_hidden=random.Random(seed)).heuristic_scores() == g.heuristic_scores()
    rng = random.Random(0)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    assert g.heuristic_scores() == {p: float(v) for p, v in g.scores.items()}
