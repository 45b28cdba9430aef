"""Size and drawing time of each game's SVG board, two source trees side by side in one run.

    git archive main widgetpkg | tar -x -C /tmp/before
    nice python benchmarks/svg_draw.py --before /tmp/before [--after .] [--rounds 5]

For every game and round, a fresh process per tree (in alternating order, so both see the same
load) plays a seeded 3-player game with random legal actions for half its length (or ``--steps``) and then
times ``ui.svg(game)``:

- *first*: the first picture in the process (imports done, nothing drawn yet);
- *per move*: a picture after each of the next ``--moves`` random actions (what a notebook does
  after every move: most of the board is unchanged, some of it is new);
- *same*: the same position drawn again ``--repeat`` times.

Prints whether the two trees drew the very same SVG text (first picture and every one after a
move), then one line per game and measure: the median over rounds of each tree's median, and the ratio
after / before. Both trees must play the same games (same rules), which the SVG size checks.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

GAMES = ("hunters-gatherers", "stone-age", "sapiens")


def child(name: str, steps: int, moves: int, repeat: int, seed: int) -> dict[str, float | str]:
    """The measurements in this process (widgetpkg imported from PYTHONPATH)."""
    import widgetpkg as wp
    from widgetpkg.ui.contract import Style, ui_for

    if steps < 0:       # mid-game: half the length of this seed's game
        game, rng = wp.new_game(name, players=3, seed=seed), random.Random(seed)
        length = 0
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            length += 1
        steps = length // 2
    game = wp.new_game(name, players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        game.apply(rng.choice(game.legal_actions()))
    ui = ui_for(game)

    def draw() -> tuple[float, str]:
        started = time.perf_counter()
        svg = ui.svg(game, Style())
        return time.perf_counter() - started, svg

    first, svg = draw()
    same = [draw()[0] for _ in range(repeat)]
    size = len(svg.encode())
    digest = hashlib.sha1(svg.encode())
    per_move = []
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
        took, svg = draw()
        per_move.append(took)
        digest.update(svg.encode())
    return {"bytes": size, "first_ms": first * 1e3, "per_move_ms": statistics.median(per_move) * 1e3,
            "same_ms": statistics.median(same) * 1e3, "digest": digest.hexdigest()}


def run(tree: Path, args: argparse.Namespace, name: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(tree.resolve())}
    command = [sys.executable, __file__, "--child", name, "--steps", str(args.steps), "--moves", str(args.moves),
               "--repeat", str(args.repeat), "--seed", str(args.seed)]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", type=Path, help="a source tree holding the old widgetpkg/")
    parser.add_argument("--after", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--steps", type=int, default=-1, help="random actions first (default: half a game)")
    parser.add_argument("--moves", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--child", metavar="GAME", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.steps, args.moves, args.repeat, args.seed)))
        return
    if args.before is None:
        parser.error("--before TREE is needed (e.g. git archive main widgetpkg | tar -x -C /tmp/before)")
    trees = {"before": args.before, "after": args.after}
    print(f"load: {os.getloadavg()[0]:.2f}; {args.rounds} rounds, trees alternating")
    print(f"{'game':18} {'measure':12} {'before':>10} {'after':>10} {'after/before':>13}")
    for name in args.games:
        results: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
        for k in range(args.rounds):
            for label in (("before", "after") if k % 2 == 0 else ("after", "before")):
                results[label].append(run(trees[label], args, name))
        digests = {r["digest"] for r in results["before"] + results["after"]}
        print(f"{name:18} {'pictures':12} {'the same bytes in both trees' if len(digests) == 1 else 'DIFFER'}")
        for measure in ("bytes", "first_ms", "per_move_ms", "same_ms"):
            old = statistics.median(r[measure] for r in results["before"])
            new = statistics.median(r[measure] for r in results["after"])
            unit = "B" if measure == "bytes" else "ms"
            print(f"{name:18} {measure[:-3] if unit == 'ms' else measure:12} {old:>9.1f}{unit[0]} {new:>9.1f}{unit[0]} "
                  f"{new / old:>13.2f}")
    print(f"load: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
