"""How fast are the engines? Random full two-player games per second through the public API, for
every game (Hunters & Gatherers in both editions).

    python examples/engine_speed.py [--games 50]

(`benchmarks/` holds the full benchmarks, with JSON output and the per-step figures.)
"""

from __future__ import annotations

import argparse
import time

from widgetpkg.cli import simulate

#: each game once with its default options, and Hunters & Gatherers' classic rules too
GAMES = {
    "hunters-gatherers 2020": ("hunters-gatherers", {"edition": "2020"}),
    "hunters-gatherers classic": ("hunters-gatherers", {"edition": "classic"}),
    "sapiens": ("sapiens", {}),
    "stone-age": ("stone-age", {}),
}


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50)
    args = parser.parse_args(argv)
    speeds = {}
    for label, (game, options) in GAMES.items():
        started = time.perf_counter()
        report = simulate(game, 2, args.games, seed=1, options=options, progress=False)
        speeds[label] = args.games / (time.perf_counter() - started)
        print(f"{label:26s} {speeds[label]:7.1f} games/s, mean scores {report['summary']['mean_scores']}")
    return speeds


if __name__ == "__main__":
    main()
