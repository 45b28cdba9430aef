"""Size and drawing time of a game's static SVG picture at a mid-game position.

    python benchmarks/svg_pictures.py --game sapiens [--steps 120] [--repeat 20]

The position: a seeded game played by uniformly random legal actions for ``--steps`` actions.
Prints JSON: the SVG's size in bytes, how many paths and texts it holds, and the median time of
``ui.svg(game)`` (the adapter's drawing and the SVG writer). Compare two trees side by side in one
run, e.g. ``for tree in before after; do PYTHONPATH=$tree python benchmarks/svg_pictures.py; done``
repeated a few times, and read the ratio of the medians.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

import widgetpkg as wp
from widgetpkg.ui.contract import Style, ui_for


def mid_game(name: str, steps: int, seed: int) -> wp.Game:
    game = wp.new_game(name, players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="sapiens")
    parser.add_argument("--steps", type=int, default=120)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=4)
    args = parser.parse_args()
    game = mid_game(args.game, args.steps, args.seed)
    ui = ui_for(game)
    svg = ui.svg(game, Style())
    times = []
    for _ in range(args.repeat):
        started = time.perf_counter()
        ui.svg(game, Style())
        times.append(time.perf_counter() - started)
    print(json.dumps({"game": args.game, "bytes": len(svg.encode()), "paths": svg.count("<path"),
                      "uses": svg.count("<use"), "texts": svg.count("<text"),
                      "median_ms": round(statistics.median(times) * 1000, 2)}))


if __name__ == "__main__":
    main()
