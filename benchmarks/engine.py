"""Engine speed: random full games per second, legal placements and apply+undo in microseconds.

    python benchmarks/engine.py [--games 100] [--edition 2020] [--out benchmarks/results/engine.json]

Random games go through the public API exactly as an agent does (``legal_actions`` then
``apply``). The micro-benchmarks are taken on mid-game positions (40 tiles placed).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import time
from pathlib import Path

import widgetpkg as wp
from widgetpkg.games.hunters_gatherers import PlaceTile


def full_games(players: int, games: int, edition: str) -> tuple[float, float]:
    """Games per second by the wall clock and by this process's CPU time (which other load on
    the machine disturbs less)."""
    rng = random.Random(7)
    names = [f"P{i}" for i in range(players)]
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        g = wp.new_game("hunters-gatherers", players=names, edition=edition, seed=seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
    return games / (time.perf_counter() - wall), games / (time.process_time() - cpu)


def mid_game(seed: int, edition: str, tiles: int = 40):
    rng = random.Random(seed)
    g = wp.new_game("hunters-gatherers", players=["A", "B"], edition=edition, seed=seed)
    while len(g.board) < tiles or g.phase != "place_tile":
        g.apply(rng.choice(g.legal_actions()))
    return g


def micro(edition: str, positions: int = 30, repeats: int = 200) -> dict[str, float]:
    legal_us, apply_undo_us, frontier = [], [], []
    for seed in range(positions):
        g = mid_game(seed, edition)
        frontier.append(len(g.frontier))
        started = time.perf_counter()
        for _ in range(repeats):
            actions = g.legal_actions()
        legal_us.append((time.perf_counter() - started) / repeats * 1e6)
        placements = [a for a in actions if isinstance(a, PlaceTile)]
        started = time.perf_counter()
        for i in range(repeats):
            g.apply(placements[i % len(placements)])
            g.undo()
        apply_undo_us.append((time.perf_counter() - started) / repeats * 1e6)
    return {
        "legal_placements_median_us": round(statistics.median(legal_us), 1),
        "apply_undo_tile_median_us": round(statistics.median(apply_undo_us), 1),
        "mid_game_frontier_cells": round(statistics.fmean(frontier), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--edition", default="2020")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results" / "engine.json")
    args = parser.parse_args()
    full_games(2, 5, args.edition)  # warm up: tile tables and caches
    two, four = full_games(2, args.games, args.edition), full_games(4, args.games, args.edition)
    report = {
        "machine": {"python": platform.python_version(), "processor": platform.machine(), "cores": os.cpu_count(),
                    "load_average_1min": round(os.getloadavg()[0], 2)},
        "edition": args.edition,
        "games": args.games,
        "games_per_second_2p": round(two[0], 1), "games_per_second_2p_cpu": round(two[1], 1),
        "games_per_second_4p": round(four[0], 1), "games_per_second_4p_cpu": round(four[1], 1),
        **micro(args.edition),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1) + "\n")
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
