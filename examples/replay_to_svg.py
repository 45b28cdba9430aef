"""Replay a saved game of any of the games and draw its board as SVG, one picture every few steps.

    python examples/replay_to_svg.py [saved-game.json] [--every 20] [--out boards/]
    python examples/replay_to_svg.py --game stone-age     # a seeded random game of Stone Age

With no file, a seeded random game is played and saved first, so the example runs anywhere.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import widgetpkg as wp
from widgetpkg.ui import Style, ui_for


def random_game_json(game: str, seed: int) -> str:
    g = wp.new_game(game, players=["Red", "Blue"], seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g.to_json()


def main(argv: list[str] | None = None) -> list[Path]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("saved", nargs="?", type=Path, help="a game saved with g.to_json()")
    parser.add_argument("--every", type=int, default=40, help="steps between pictures")
    parser.add_argument("--out", type=Path, default=Path("boards"))
    parser.add_argument("--game", default="hunters-gatherers", choices=wp.game_names(),
                        help="the game to play at random when no file is given")
    args = parser.parse_args(argv)

    text = args.saved.read_text() if args.saved else random_game_json(args.game, seed=3)
    game = wp.load_game(text)            # a bad file raises wp.SaveFileError with the reason
    ui, style = ui_for(game), Style()    # the widget's own drawing code, without a widget
    steps = len(game.history)
    while game.history:                  # back to the start, then forward again step by step
        game.undo()
    args.out.mkdir(parents=True, exist_ok=True)
    written = []
    for step in range(steps + 1):
        if step % args.every == 0 or step == steps:
            path = args.out / f"board-{step:03d}.svg"
            path.write_text(ui.svg(game, style))
            written.append(path)
        if step < steps:
            game.redo()
    print(f"{len(written)} boards written to {args.out}/; final scores {game.scores}")
    return written


if __name__ == "__main__":
    main()
