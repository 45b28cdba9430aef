"""How long ``Game.clone()`` takes, on Hunters & Gatherers positions from a seeded random game.

Run from a checkout:  PYTHONPATH=$PWD python benchmarks/clone.py [--repeat N]

It prints the median time per plain ``clone()`` and per ``clone(resample_hidden=rng)`` over a few
positions (early, middle and late game), so the numbers of two commits can be compared directly.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import widgetpkg as wp


def positions(seed: int = 7) -> list:
    """Three games of one seeded playout: after 5, 30 and 60 actions."""
    games = []
    rng = random.Random(seed)
    g = wp.new_game("hunters-gatherers", players=3, seed=seed)
    for steps in range(1, 61):
        g.apply(rng.choice(g.legal_actions()))
        if steps in (5, 30, 60):
            games.append(g.clone())
    return games


def per_call(fn, repeat: int) -> float:
    """Median over 5 rounds of the mean time of one call, in microseconds."""
    rounds = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()
        rounds.append((time.perf_counter() - start) / repeat * 1e6)
    return statistics.median(rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2000, help="calls per round (default 2000)")
    args = parser.parse_args()
    games = positions()
    plain = statistics.median(per_call(g.clone, args.repeat) for g in games)
    shuffle_rng = random.Random(1)
    resampled = statistics.median(per_call(lambda g=g: g.clone(resample_hidden=shuffle_rng), args.repeat)
                                  for g in games)
    print(f"clone():                       {plain:8.1f} us")
    print(f"clone(resample_hidden=rng):    {resampled:8.1f} us")


if __name__ == "__main__":
    main()
