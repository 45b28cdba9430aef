"""SVG size and drawing time of a game's board, this tree against a baseline checkout, side by side
in one run (alternating, so both see the same machine load).

    python benchmarks/board_pictures.py --game stone-age --baseline /path/to/other/checkout

Each side draws the same seeded mid-game position (``ui.svg``: every op recorded and written as
SVG) ``--repeat`` times in its own process; the report gives both sizes and medians and their ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

_CHILD = r"""
import json, random, sys, time
import widgetpkg as wp
from widgetpkg.ui.contract import Style, ui_for
name, steps, repeat = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
g = wp.new_game(name, players=4 if name == "stone-age" else 3, seed=4)
rng = random.Random(4)
for _ in range(steps):
    if g.is_over:
        break
    g.apply(rng.choice(g.legal_actions()))
ui = ui_for(g)
ui.svg(g, Style())                      # warm caches (icon subsets, imports)
times = []
for _ in range(repeat):
    t = time.perf_counter()
    svg = ui.svg(g, Style())
    times.append(time.perf_counter() - t)
print(json.dumps({"bytes": len(svg.encode()), "times": times}))
"""


def _run(tree: Path, game: str, steps: int, repeat: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", _CHILD, game, str(steps), str(repeat)], env=env, check=True, cwd=tree,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="stone-age")
    parser.add_argument("--baseline", type=Path, required=True, help="a checkout of the version to compare with")
    parser.add_argument("--steps", type=int, default=90, help="random moves before the position is drawn")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3, help="alternating runs of each side")
    args = parser.parse_args(argv)
    here = Path(__file__).resolve().parent.parent
    sides: dict[str, dict] = {"baseline": {"times": []}, "this": {"times": []}}
    for _ in range(args.rounds):
        for side, tree in (("baseline", args.baseline), ("this", here)):
            result = _run(tree, args.game, args.steps, args.repeat)
            sides[side]["bytes"] = result["bytes"]
            sides[side]["times"] += result["times"]
    report = {side: {"svg_bytes": v["bytes"], "median_ms": round(statistics.median(v["times"]) * 1000, 2)}
              for side, v in sides.items()}
    report["ratio"] = {"svg_bytes": round(report["this"]["svg_bytes"] / report["baseline"]["svg_bytes"], 2),
                       "median_ms": round(report["this"]["median_ms"] / report["baseline"]["median_ms"], 2)}
    print(json.dumps(report, indent=1))
    return report


if __name__ == "__main__":
    main()
