"""Stone Age engine speed: random full games per second; legal_actions, apply+undo and the agents'
heuristic_scores (an MCTS leaf evaluation) in microseconds.

    python benchmarks/stone_age_engine.py [--games 50] [--out benchmarks/results/stone_age_engine.json]
    python benchmarks/stone_age_engine.py --phases     # where a random game's time goes

Random games go through the public API exactly as an agent does (``legal_actions`` then
``apply``), with a uniform choice among the legal actions. The micro-benchmarks are taken on
the positions of random games, every step counted. One untimed game comes first (the modules
loading is start-up, measured by startup.py).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from pathlib import Path

import widgetpkg as wp


def _play(g: wp.Game, rng: random.Random) -> int:
    """A uniform random choice among the legal actions until the end; the number of steps."""
    steps = 0
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        steps += 1
    return steps


def full_games(players: int, games: int, variants: dict[str, bool]) -> dict[str, float]:
    """Games per second by the wall clock and by CPU time (less disturbed by other load), and steps per game."""
    rng = random.Random(7)
    # one untimed game first: importing the game's modules is start-up (benchmarks/startup.py)
    _play(wp.new_game("stone-age", players=players, seed=0, variants=variants), random.Random(0))
    steps = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        steps += _play(wp.new_game("stone-age", players=players, seed=seed, variants=variants), rng)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"games_per_s_wall": games / wall, "games_per_s_cpu": games / cpu, "steps_per_game": steps / games,
            "us_per_step_cpu": cpu / steps * 1e6}


def micro(players: int, games: int = 5) -> dict[str, float]:
    """Median microseconds of legal_actions(), apply()+undo() and heuristic_scores() over every
    step of a few games."""
    legal_us, apply_undo_us, heuristic_us = [], [], []
    rng = random.Random(3)
    for seed in range(games):
        g = wp.new_game("stone-age", players=players, seed=100 + seed)
        while not g.is_over:
            started = time.perf_counter()
            actions = g.legal_actions()
            legal_us.append((time.perf_counter() - started) * 1e6)
            action = rng.choice(actions)
            started = time.perf_counter()
            g.apply(action)
            g.undo()
            apply_undo_us.append((time.perf_counter() - started) * 1e6)
            g.apply(action)
            started = time.perf_counter()
            g.heuristic_scores()
            heuristic_us.append((time.perf_counter() - started) * 1e6)
    return {"legal_actions_us": statistics.median(legal_us), "apply_undo_us": statistics.median(apply_undo_us),
            "heuristic_scores_us": statistics.median(heuristic_us)}


def by_phase(players: int, games: int) -> dict[str, dict[str, float]]:
    """Where a random game's time goes: for each phase, decisions per game and the median
    microseconds of ``legal_actions()`` and of ``apply()`` there (timer overhead included)."""
    legal: dict[str, list[float]] = {}
    applied: dict[str, list[float]] = {}
    rng = random.Random(5)
    for seed in range(games):
        g = wp.new_game("stone-age", players=players, seed=200 + seed)
        while not g.is_over:
            phase = g.phase
            started = time.perf_counter()
            actions = g.legal_actions()
            listed = time.perf_counter()
            g.apply(rng.choice(actions))
            done = time.perf_counter()
            legal.setdefault(phase, []).append((listed - started) * 1e6)
            applied.setdefault(phase, []).append((done - listed) * 1e6)
    return {phase: {"per_game": len(legal[phase]) / games, "legal_us": statistics.median(legal[phase]),
                    "apply_us": statistics.median(applied[phase])}
            for phase in sorted(legal, key=lambda p: -len(legal[p]))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--phases", action="store_true", help="only where the time goes, phase by phase (2 players)")
    args = parser.parse_args()
    results: dict[str, object] = {"python": platform.python_version(), "games": args.games}
    if args.phases:
        results["2p_by_phase"] = by_phase(2, args.games)
        print(json.dumps(results, indent=1, default=lambda x: round(x, 2)))
        return
    for players in (2, 4):
        results[f"{players}p"] = full_games(players, args.games, {})
        results[f"{players}p_all_variants"] = full_games(
            players, args.games, {"hard_winter": True, "wild_animals": True, "igloos": True})
        results[f"{players}p_micro"] = micro(players)
    text = json.dumps(results, indent=1, default=lambda x: round(x, 2))
    print(text)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
