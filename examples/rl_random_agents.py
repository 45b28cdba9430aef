"""Random agents play whole games through the PettingZoo environment, and what the environment costs.

Each agent picks uniformly among the indices its action mask allows. The same seeded games are
then played straight on the engine (``g.apply(rng.choice(g.legal_actions()))``), one game of each
kind after the other so that both see the same load, and the two speeds are printed side by side:
their ratio is the environment's overhead (the observation and the mask it builds at every step).
Both are timed in this process's CPU time (``time.process_time``): on a shared machine, wall time
would also count the time other programs took the processor.

    python examples/rl_random_agents.py [--game hunters-gatherers] [--players 2] [--games 4]

Needs the ``rl`` extra (``pip install "widgetpkg[rl]"``).
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import widgetpkg as wp
import widgetpkg.rl


def env_game(env: widgetpkg.rl.GameEnv, seed: int) -> tuple[int, dict[str, float]]:
    """One game of random agents through ``env``: the moves played and each agent's total reward."""
    env.reset(seed=seed)
    rng = random.Random(seed)  # as the engine's agent below: numpy's integers() costs more than a move
    moves, total = 0, dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _info = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        # the mask holds 0 and 1 (int8): read as booleans, numpy finds its ones ten times faster
        allowed = observation["action_mask"].view(np.bool_).nonzero()[0]
        env.step(int(allowed[rng.randrange(len(allowed))]))
        moves += 1
    return moves, total


def engine_game(name: str, players: int, seed: int, options: dict) -> int:
    """The same kind of game straight on the engine: the moves played."""
    g = wp.new_game(name, players=players, seed=seed, **options)
    rng = random.Random(seed)
    moves = 0
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        moves += 1
    return moves


def compare(name: str, players: int, games: int, seed: int = 0, **options) -> dict[str, float]:
    """Moves per second through the env and on the engine, over ``games`` seeded games of each,
    interleaved; and their ratio (env time per move over engine time per move)."""
    env = widgetpkg.rl.env(name, players=players, **options)
    env_game(env, seed)  # untimed: caches and first imports are start-up
    spent = {"env": 0.0, "engine": 0.0}
    moves = {"env": 0, "engine": 0}
    for s in range(seed, seed + games):
        start = time.process_time()
        moves["env"] += env_game(env, s)[0]
        spent["env"] += time.process_time() - start
        start = time.process_time()
        moves["engine"] += engine_game(name, players, s, options)
        spent["engine"] += time.process_time() - start
    env_speed, engine_speed = moves["env"] / spent["env"], moves["engine"] / spent["engine"]
    return {"env": env_speed, "engine": engine_speed, "ratio": engine_speed / env_speed}


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="hunters-gatherers")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=2, help="seeded games of each kind (default 2)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    env = widgetpkg.rl.env(args.game, players=args.players)
    moves, rewards = env_game(env, args.seed)
    print(f"{args.game}, {args.players} players: one game of random agents, {moves} moves; "
          f"rewards {rewards}; final scores {env.game.scores}")
    speeds = compare(args.game, args.players, args.games, args.seed)
    print(f"env {speeds['env']:.0f} moves per CPU second, engine {speeds['engine']:.0f}: "
          f"the env takes {speeds['ratio']:.2f}x the engine's time per move ({args.games} games of each)")
    return speeds


if __name__ == "__main__":
    main()
