"""The tournament's speed-up from 1 to 2 local processes, measured side by side in one run.

    python benchmarks/tournament_jobs.py [--game stone-age] [--games 40]

Random agents in every seat (the games are the work; the agents cost little); prints the load
average before each run, since the ratio means nothing on a busy machine.
"""

from __future__ import annotations

import argparse
import os
import time

from widgetpkg.tournament import Spec, run


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="stone-age")
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args(argv)
    spec = Spec(game=args.game, agents=("random",), games=args.games, players=2, seed=1)
    seconds = {}
    for jobs in (1, 2):
        load = os.getloadavg()[0]
        started = time.perf_counter()
        run(spec, jobs=jobs)
        seconds[jobs] = time.perf_counter() - started
        print(f"{jobs} job(s): {seconds[jobs]:.2f} s for {args.games} games (1-minute load {load:.2f}, "
              f"{os.cpu_count()} cores)")
    print(f"speed-up from 1 to 2 jobs: {seconds[1] / seconds[2]:.2f}x")


if __name__ == "__main__":
    main()
