"""Sapiens difficulty levels: a bounded, seeded strength sample, and the estimate's geometry cache
(which makes the levels fast) never changes an estimate and stays bounded.

The full ladder (easy vs random, normal vs easy, hard vs normal on fresh seeds) is a benchmark:
``benchmarks/agents.py --game sapiens --ladder`` (figures in docs/benchmarks.md)."""

from __future__ import annotations

import random

import widgetpkg as wp
from widgetpkg.agents import RandomAgent
from widgetpkg.games.sapiens import heuristic


def _normal_wins_against_random(seed: int) -> float:
    """One seeded game, normal in the first seat for even seeds and in the second for odd ones."""
    g = wp.new_game("sapiens", players=["Red", "Blue"], seed=seed)
    normal = g.players[seed % 2]
    agents = {p: wp.agents.for_game("sapiens", "normal", seed=seed) if p == normal else RandomAgent(seed=seed)
              for p in g.players}
    while not g.is_over:
        g.apply(agents[g.current_player].choose(g))
    winners = g.winners()
    return (1.0 if len(winners) == 1 else 0.5) if normal in winners else 0.0


def test_normal_beats_random_in_at_least_17_of_20_seeded_games():
    wins = sum(_normal_wins_against_random(seed) for seed in range(100, 120))
    assert wins >= 17, wins


def _positions(count: int):
    for seed in range(count):
        g, rng = wp.new_game("sapiens", players=2 + seed % 3, seed=seed), random.Random(seed)
        while not g.is_over:
            yield g
            g.apply(rng.choice(g.legal_actions()))


def test_the_geometry_cache_never_changes_an_estimate():
    seen = 0
    for g in _positions(6):
        cached = heuristic.estimate(g)
        heuristic._REACH.clear()
        assert heuristic.estimate(g) == cached
        assert heuristic.estimate(g) == cached  # answered from the cache this time
        seen += 1
    assert seen > 300


def test_the_geometry_cache_stays_bounded(monkeypatch):
    monkeypatch.setattr(heuristic, "_REACH_SIZE", 50)
    heuristic._REACH.clear()
    for g in _positions(4):
        heuristic.estimate(g)
        assert len(heuristic._REACH) <= 50
    assert len(heuristic._REACH) > 0
