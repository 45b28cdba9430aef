"""Sapiens engine speed: random full games per second, legal placements and apply+undo per step.

    python benchmarks/sapiens_engine.py [--games 100] [--out benchmarks/results/sapiens_engine.json]

Times are CPU time of this process (time.process_time), so a busy machine slows them less; the
games per second are also given in wall-clock time. Random games go through the public API as an
agent does (``legal_actions`` then ``apply`` of a uniform random choice). One untimed game is
played first: the first game of a process also imports the game and parses its components file
(reported apart as ``first_game_ms``), which is no part of a game's cost.
The micro-benchmarks are taken on mid-game positions (after 12 turns): the legal placements of
one pool tile, one ``apply`` + ``undo`` of a random legal action, and one ``heuristic_scores()``
(the agents' position estimate). Targets from issue 13:
>= 100 random 2-player games/s, < 100 us per tile's legal placements.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from pathlib import Path
from typing import Any

import widgetpkg as wp


def random_game(players: int, seed: int) -> int:
    g = wp.new_game("sapiens", players=players, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        steps += 1
    return steps


def first_game_ms() -> float:
    """CPU time of the process's first game: importing the game and reading its components included."""
    start = time.process_time()
    random_game(2, 10**6)
    return (time.process_time() - start) * 1e3


def games_per_second(players: int, games: int) -> dict[str, float]:
    start, wall = time.process_time(), time.perf_counter()
    steps = sum(random_game(players, seed) for seed in range(games))
    elapsed, wall = time.process_time() - start, time.perf_counter() - wall
    return {"games_per_s": games / elapsed, "games_per_s_wall": games / wall, "actions_per_game": steps / games}


def midgame(players: int, seed: int) -> Any:
    g = wp.new_game("sapiens", players=players, seed=seed)
    rng = random.Random(seed)
    while not g.is_over and (g.turn < 12 or g.phase != "main"):
        g.apply(rng.choice(g.legal_actions()))
    return g


def micro(players: int, positions: int, repeat: int) -> dict[str, float]:
    placement_us, step_us, heuristic_us = [], [], []
    for seed in range(positions):
        g = midgame(players, 10_000 + seed)
        if g.is_over:
            continue
        tile = g.pools[g.current_player][0]
        start = time.process_time()
        for _ in range(repeat):
            g._cache = None  # measure the computation, not the per-state cache
            g.legal_placements(tile)
        placement_us.append((time.process_time() - start) / repeat * 1e6)
        rng = random.Random(seed)
        actions = g.legal_actions()
        start = time.process_time()
        for _ in range(repeat):
            g.apply(rng.choice(actions))
            g.undo()
        step_us.append((time.process_time() - start) / repeat * 1e6)
        start = time.process_time()
        for _ in range(repeat):
            g.heuristic_scores()
        heuristic_us.append((time.process_time() - start) / repeat * 1e6)
    return {"legal_placements_one_tile_us": statistics.median(placement_us),
            "apply_undo_us": statistics.median(step_us), "heuristic_us": statistics.median(heuristic_us),
            "positions": len(placement_us)}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="random games per player count")
    parser.add_argument("--positions", type=int, default=20, help="mid-game positions for the micro-benchmarks")
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    result: dict[str, Any] = {"python": platform.python_version(), "machine": platform.machine()}
    result["first_game_ms"] = first_game_ms()
    print(f"first game of the process (import and components file included): {result['first_game_ms']:.0f} ms CPU")
    for players in (2, 3, 4):
        row = games_per_second(players, args.games)
        row.update(micro(players, args.positions, args.repeat))
        result[f"{players}p"] = row
        print(f"{players} players: {row['games_per_s']:.1f} random games/s CPU, {row['games_per_s_wall']:.1f} wall "
              f"({row['actions_per_game']:.0f} actions/game), "
              f"legal placements of a tile {row['legal_placements_one_tile_us']:.0f} us, "
              f"apply+undo {row['apply_undo_us']:.0f} us, heuristic {row['heuristic_us']:.0f} us")
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(result, indent=1))
    return result


if __name__ == "__main__":
    main()
