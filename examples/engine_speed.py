"""How fast is the engine? Random full games per second through the public API, both editions.

    python examples/engine_speed.py [--games 50]

(`benchmarks/engine.py` is the full benchmark with JSON output.)
"""

from __future__ import annotations

import argparse
import time

from widgetpkg.cli import simulate


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50)
    args = parser.parse_args(argv)
    speeds = {}
    for edition in ("2020", "classic"):
        started = time.perf_counter()
        report = simulate("hunters-gatherers", 2, args.games, seed=1, options={"edition": edition}, progress=False)
        speeds[edition] = args.games / (time.perf_counter() - started)
        print(f"{edition:8s} {speeds[edition]:7.1f} games/s, mean scores {report['summary']['mean_scores']}")
    return speeds


if __name__ == "__main__":
    main()
