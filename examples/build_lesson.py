"""Build a lesson notebook: script an opening, step back to where the lesson starts, export.

    python examples/build_lesson.py [--out river-lesson.ipynb]

Students open the notebook and run one cell per move; the first cell sets up the position.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import widgetpkg as wp
from widgetpkg.games.hunters_gatherers import Pass, PlaceMeeple, PlaceTile
from widgetpkg.lessons import write_lesson


def scripted_game():
    """Red puts a fisher on a river and Blue closes it: the river scores 3 tiles + 2 fish."""
    g = wp.new_game("hunters-gatherers", players=["Red", "Blue"], seed=1)
    g.set_next_tile(48)
    g.apply(PlaceTile(-1, 0, 0))
    g.apply(PlaceMeeple(-1, 0, "r1"))
    g.set_next_tile(4)
    g.apply(PlaceTile(-2, 0, 90))
    g.apply(Pass())
    return g


def main(argv: list[str] | None = None) -> Path:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=Path("river-lesson.ipynb"))
    args = parser.parse_args(argv)
    g = scripted_game()
    for _ in range(4):  # back to the start of Red's turn: the lesson plays the last four steps
        g.undo()
    path = write_lesson(g, args.out, title="Completing a river",
                        intro="Red places a fisher; Blue's lake closes the river. Who scores, and how much?")
    print(f"lesson written to {path}")
    return path


if __name__ == "__main__":
    main()
