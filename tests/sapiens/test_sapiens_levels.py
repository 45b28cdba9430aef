"""The Sapiens estimate's geometry cache, which makes the levels fast, never changes an estimate and
stays bounded. The levels' bounded strength sample (normal beats random in 17 of 20) is in
tests/test_levels.py; the full ladder is a benchmark: ``benchmarks/agents.py --game sapiens --ladder``
(figures in docs/benchmarks.md)."""

from __future__ import annotations

import random

import widgetpkg as wp
from widgetpkg.games.sapiens import heuristic


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
