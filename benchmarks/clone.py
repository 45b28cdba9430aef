"""How long ``Game.clone()`` takes, on Hunters & Gatherers positions from a seeded random game.

Run from a checkout:  PYTHONPATH=$PWD python benchmarks/clone.py [--repeat N]

It prints the time per plain ``clone()``, per clone that then draws once from its RNG (a clone
shares its original's RNG until one of them draws: that draw pays for the copy), and per
``clone(resample_hidden=rng)``: the median over a few positions (early, middle and late game) of
the best of 7 rounds, in CPU time of this process (other processes on a busy machine only ever
add wall time), so the numbers of two commits can be compared directly.
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
    """The best of 7 rounds of the mean time of one call, in microseconds."""
    rounds = []
    for _ in range(7):
        start = time.process_time()
        for _ in range(repeat):
            fn()
        rounds.append((time.process_time() - start) / repeat * 1e6)
    return min(rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2000, help="calls per round (default 2000)")
    args = parser.parse_args()
    games = positions()
    plain = statistics.median(per_call(g.clone, args.repeat) for g in games)
    def clone_and_draw(g) -> None:
        twin = g.clone()
        twin._journal = []  # what ``apply`` sets up around a game's own draws
        twin._random().random()

    drawn = statistics.median(per_call(lambda g=g: clone_and_draw(g), args.repeat) for g in games)
    shuffle_rng = random.Random(1)
    resampled = statistics.median(per_call(lambda g=g: g.clone(resample_hidden=shuffle_rng), args.repeat)
                                  for g in games)
    print(f"clone():                       {plain:8.1f} us")
    print(f"clone() and one RNG draw:      {drawn:8.1f} us")
    print(f"clone(resample_hidden=rng):    {resampled:8.1f} us")


if __name__ == "__main__":
    main()
